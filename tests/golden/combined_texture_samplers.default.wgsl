struct Sampler2D_float4 {
    wavec_empty: u32,
}

struct SamplerCube_float4 {
    wavec_empty: u32,
}

@group(0) @binding(0) var albedo: texture_2d<f32>;
@group(0) @binding(4) var albedo_sampler: sampler;
@group(0) @binding(3) var sky: texture_cube<f32>;
@group(0) @binding(5) var sky_sampler: sampler;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<f32>>;

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var uv: vec2<f32> = vec2<f32>(f32(id.x) / 8.0f, 0.5f);
    var w: u32;
    var h: u32;
    var levels: u32;
    let wavec_t = textureDimensions(albedo, 0u);
    w = wavec_t.x;
    h = wavec_t.y;
    levels = textureNumLevels(albedo);
    var uv_1: vec2<f32> = uv;
    var tapFour_result: vec4<f32>;
    {
        let wavec_t_1 = textureSampleLevel(albedo, albedo_sampler, uv_1, 0.0f);
        let wavec_t_2 = textureSampleGrad(albedo, albedo_sampler, uv_1, vec2<f32>(0.01f, 0.0f), vec2<f32>(0.0f, 0.01f));
        var sum: vec4<f32> = wavec_t_1 + wavec_t_2;
        let wavec_t_3 = sum + textureLoad(albedo, vec3<i32>(1i, 2i, 0i).xy, vec3<i32>(1i, 2i, 0i).z);
        let wavec_t_4 = textureGather(1, albedo, albedo_sampler, uv_1);
        tapFour_result = wavec_t_3 + wavec_t_4;
    }
    let wavec_t_5 = textureSampleLevel(sky, sky_sampler, vec3<f32>(uv, 1.0f), 1.0f);
    Out[id.x] = (tapFour_result + wavec_t_5) + vec4<f32>(f32((w + h) + levels));
}
