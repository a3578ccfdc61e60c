@group(0) @binding(0) var Depth: texture_depth_2d;
@group(0) @binding(1) var Shadow: sampler_comparison;
@group(0) @binding(2) var Counts: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(3) var<storage, read_write> Results: array<f32>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = textureSampleCompareLevel(Depth, Shadow, vec2<f32>(vec2<f32>(id.xy)) / vec2<f32>(8.0f), 0.5f);
    var lit: f32 = wavec_t;
    textureStore(Counts, id.xy, vec4<u32>(textureLoad(Counts, id.xy).x + u32(select(0i, 1i, lit > 0.5f)), 0u, 0u, 0u));
    Results[id.x + (id.y * 8u)] = lit + f32(textureLoad(Counts, vec2<u32>(u32(0i))).x);
}
