struct Frame {
    basis: mat2x2<f32>,
    id: i32,
}

struct FrameCopy {
    basis: mat2x2<f32>,
    id: i32,
}

struct Front {
    first: i32,
    second: f32,
}

@group(0) @binding(0) var<storage, read_write> results: array<vec4<f32>>;

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var flattened: f32;
    var flattened_1: mat2x2<f32>;
    var f: Frame = Frame(mat2x2<f32>(results[id.x].xy, results[id.x].zw), i32(id.x));
    var g: FrameCopy = FrameCopy(mat2x2<f32>(f.basis[0i].x, f.basis[0i].y, f.basis[1i].x, f.basis[1i].y), f.id);
    var front: Front = Front(i32(g.basis[0i].x), g.basis[0i].y);
    flattened = results[0i].x;
    var all_1: Front = Front(i32(flattened), flattened);
    flattened_1 = g.basis;
    var flat: vec4<f32> = vec4<f32>(flattened_1[0i].x, flattened_1[0i].y, flattened_1[1i].x, flattened_1[1i].y);
    results[id.x] = flat + vec4<f32>(front.second, f32(front.first), all_1.second, f32(i32(f.basis[0i].x)));
}
