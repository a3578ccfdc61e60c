#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Sampler2D_float4 {
    uint wavec_empty;
};

struct SamplerCube_float4 {
    uint wavec_empty;
};

layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(set = 0, binding = 3) uniform samplerCube sky;
layout(std430, set = 0, binding = 1) buffer Out_block {
    vec4 Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x) / 8.0, 0.5);
    uint w;
    uint h;
    uint levels;
    w = uint(textureSize(albedo, int(0u)).x), h = uint(textureSize(albedo, int(0u)).y), levels = uint(textureQueryLevels(albedo));
    vec2 uv_1 = uv;
    vec4 tapFour_result;
    {
        vec4 sum = textureLod(albedo, uv_1, 0.0) + textureGrad(albedo, uv_1, vec2(0.01, 0.0), vec2(0.0, 0.01));
        tapFour_result = sum + texelFetch(albedo, ivec2(1, 2), 0) + textureGather(albedo, uv_1, 1);
    }
    Out[id.x] = tapFour_result + textureLod(sky, vec3(uv, 1.0), 1.0) + vec4(float(w + h + levels));
}
