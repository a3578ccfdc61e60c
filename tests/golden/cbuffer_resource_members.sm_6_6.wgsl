struct Uniforms_block {
    scale: u32,
    offset: u32,
}
@group(0) @binding(0) var<uniform> Uniforms: Uniforms_block;
@group(0) @binding(1) var<storage, read> source: array<f32>;
@group(0) @binding(2) var target_1: texture_storage_2d<rgba32float, write>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var v: f32 = (source[(tid.y * 8u) + tid.x] * f32(Uniforms.scale)) + f32(Uniforms.offset);
    textureStore(target_1, tid.xy, vec4<f32>(v, v, v, 1.0f));
}
