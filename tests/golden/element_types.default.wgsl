@group(0) @binding(0) var<storage, read_write> Out: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> Counts: array<vec4<i32>>;

fn widen_float2(v: vec2<f32>) -> vec4<f32> {
    return vec4<f32>(v.x, v.x, v.y, v.y);
}

fn widen_int2(v: vec2<i32>) -> vec4<i32> {
    return vec4<i32>(v.x, v.x, v.y, v.y);
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = widen_float2(vec2<f32>(f32(id.x), 0.5f));
    Out[id.x] = wavec_t;
    let wavec_t_1 = widen_int2(vec2<i32>(vec2<i32>(id.xy)));
    Counts[id.x] = wavec_t_1;
}
