enable subgroups;

@group(0) @binding(0) var<storage, read_write> partials: array<f32>;
@group(0) @binding(1) var accum: texture_storage_2d<rgba32float, write>;
@group(0) @binding(2) var<storage, read_write> results: array<f32>;

fn scaled(x: f32, k: f32) -> f32 {
    return (x * k) + 1.0f;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var a: f32 = partials[id.x];
    var b: f32 = partials[id.x + 64u];
    var t: f32 = a * b;
    var r: f32 = t + (a * 0.5f);
    r = r + (b * b);
    var loose: f32 = (a * b) + 2.0f;
    partials[id.x] = r;
    textureStore(accum, id.xy, vec4<f32>(r, loose, 0.0f, 1.0f));
    let wavec_t = scaled(loose, 3.0f);
    results[id.x] = wavec_t + subgroupAdd(r);
}
