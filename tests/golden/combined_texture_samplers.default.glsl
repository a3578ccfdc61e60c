#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Sampler2D_float4 {
    uint wavec_empty;
};

struct SamplerCube_float4 {
    uint wavec_empty;
};

layout(set = 0, binding = 0) uniform texture2D albedo;
layout(set = 0, binding = 0) uniform sampler albedo_sampler;
layout(set = 0, binding = 3) uniform textureCube sky;
layout(set = 0, binding = 3) uniform sampler sky_sampler;
layout(std430, set = 0, binding = 1) buffer Out_block {
    vec4 Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x) / 8.0, 0.5);
    uint w;
    uint h;
    uint levels;
    uint mipLevel = 0u;
    {
        w = uint(textureSize(albedo, int(mipLevel)).x), h = uint(textureSize(albedo, int(mipLevel)).y), levels = uint(textureQueryLevels(albedo));
    }
    vec2 uv_1 = uv;
    vec4 tapFour_result;
    {
        vec2 location = uv_1;
        float level = 0.0;
        vec4 Sampler2D_float4_SampleLevel_result;
        {
            Sampler2D_float4_SampleLevel_result = textureLod(sampler2D(albedo, albedo_sampler), location, level);
        }
        vec2 location_1 = uv_1;
        vec2 gradX = vec2(0.01, 0.0);
        vec2 gradY = vec2(0.0, 0.01);
        vec4 Sampler2D_float4_SampleGrad_result;
        {
            Sampler2D_float4_SampleGrad_result = textureGrad(sampler2D(albedo, albedo_sampler), location_1, gradX, gradY);
        }
        vec4 sum = Sampler2D_float4_SampleLevel_result + Sampler2D_float4_SampleGrad_result;
        ivec3 location_2 = ivec3(1, 2, 0);
        vec4 Sampler2D_float4_Load_result;
        {
            Sampler2D_float4_Load_result = texelFetch(albedo, location_2.xy, location_2.z);
        }
        vec2 location_3 = uv_1;
        vec4 Sampler2D_float4_GatherGreen_result;
        {
            Sampler2D_float4_GatherGreen_result = textureGather(sampler2D(albedo, albedo_sampler), location_3, 1);
        }
        tapFour_result = sum + Sampler2D_float4_Load_result + Sampler2D_float4_GatherGreen_result;
    }
    vec3 location_4 = vec3(uv, 1.0);
    float level_1 = 1.0;
    vec4 SamplerCube_float4_SampleLevel_result;
    {
        SamplerCube_float4_SampleLevel_result = textureLod(samplerCube(sky, sky_sampler), location_4, level_1);
    }
    Out[id.x] = tapFour_result + SamplerCube_float4_SampleLevel_result + vec4(float(w + h + levels));
}
