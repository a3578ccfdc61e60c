struct Material {
    tint: vec4<f32>,
    bias: f32,
}

struct Targets {
    wavec_empty: u32,
}

struct Fog {
    density: f32,
}

struct Material_data {
    tint: vec4<f32>,
    bias: f32,
}

struct Fog_data {
    @size(16) density: f32,
}

@group(1) @binding(0) var<uniform> gMaterial: Material_data;
@group(2) @binding(0) var<storage, read_write> gTargets_color: array<vec4<f32>>;
@group(0) @binding(0) var Noise: texture_2d<f32>;
@group(0) @binding(1) var<uniform> gFog: Fog_data;
@group(1) @binding(1) var gMaterial_albedo: texture_2d<f32>;
@group(1) @binding(2) var gMaterial_linear: sampler;
@group(2) @binding(1) var<storage, read_write> gTargets_hits: array<atomic<u32>>;
@group(0) @binding(2) var gFog_volume: texture_3d<f32>;

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var uv: vec2<f32> = vec2<f32>(f32(id.x) / 8.0f, 0.5f);
    let wavec_t = textureSampleLevel(gMaterial_albedo, gMaterial_linear, uv, 0.0f);
    gTargets_color[id.x] = (((wavec_t * gMaterial.tint) + vec4<f32>(gMaterial.bias)) + textureLoad(Noise, vec3<i32>(i32(id.x), 0i, 0i).xy, vec3<i32>(i32(id.x), 0i, 0i).z)) + (textureLoad(gFog_volume, vec4<i32>(i32(id.x), 0i, 0i, 0i).xyz, vec4<i32>(i32(id.x), 0i, 0i, 0i).w) * vec4<f32>(gFog.density));
    atomicAdd(&gTargets_hits[0i], 1u);
}
