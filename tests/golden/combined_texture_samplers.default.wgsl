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
    var mipLevel: u32 = 0u;
    {
        let wavec_t = textureDimensions(albedo, mipLevel);
        w = wavec_t.x;
        h = wavec_t.y;
        levels = textureNumLevels(albedo);
    }
    var uv_1: vec2<f32> = uv;
    var tapFour_result: vec4<f32>;
    {
        var location: vec2<f32> = uv_1;
        var level: f32 = 0.0f;
        var Sampler2D_float4_SampleLevel_result: vec4<f32>;
        {
            let wavec_t_1 = textureSampleLevel(albedo, albedo_sampler, location, level);
            Sampler2D_float4_SampleLevel_result = wavec_t_1;
        }
        var location_1: vec2<f32> = uv_1;
        var gradX: vec2<f32> = vec2<f32>(0.01f, 0.0f);
        var gradY: vec2<f32> = vec2<f32>(0.0f, 0.01f);
        var Sampler2D_float4_SampleGrad_result: vec4<f32>;
        {
            let wavec_t_2 = textureSampleGrad(albedo, albedo_sampler, location_1, gradX, gradY);
            Sampler2D_float4_SampleGrad_result = wavec_t_2;
        }
        var sum: vec4<f32> = Sampler2D_float4_SampleLevel_result + Sampler2D_float4_SampleGrad_result;
        var location_2: vec3<i32> = vec3<i32>(1i, 2i, 0i);
        var Sampler2D_float4_Load_result: vec4<f32>;
        {
            Sampler2D_float4_Load_result = textureLoad(albedo, location_2.xy, location_2.z);
        }
        var location_3: vec2<f32> = uv_1;
        var Sampler2D_float4_GatherGreen_result: vec4<f32>;
        {
            let wavec_t_3 = textureGather(1, albedo, albedo_sampler, location_3);
            Sampler2D_float4_GatherGreen_result = wavec_t_3;
        }
        tapFour_result = (sum + Sampler2D_float4_Load_result) + Sampler2D_float4_GatherGreen_result;
    }
    var location_4: vec3<f32> = vec3<f32>(uv, 1.0f);
    var level_1: f32 = 1.0f;
    var SamplerCube_float4_SampleLevel_result: vec4<f32>;
    {
        let wavec_t_4 = textureSampleLevel(sky, sky_sampler, location_4, level_1);
        SamplerCube_float4_SampleLevel_result = wavec_t_4;
    }
    Out[id.x] = (tapFour_result + SamplerCube_float4_SampleLevel_result) + vec4<f32>(f32((w + h) + levels));
}
