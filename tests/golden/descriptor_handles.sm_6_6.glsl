#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Material {
    uvec2 albedo;
    uvec2 sampler_1;
    uvec2 weights;
};

layout(std430, set = 0, binding = 1) readonly buffer Materials_block {
    Material Materials[];
};
layout(std140, set = 0, binding = 0) uniform Globals_block {
    uvec2 Target;
};
layout(std430, set = 0, binding = 2) buffer Output_block {
    vec4 Output[];
};
layout(set = 1, binding = 2) uniform texture2D wavec_heap0[];
layout(set = 1, binding = 0) uniform sampler wavec_heap1[];
layout(set = 1, binding = 2) uniform textureBuffer wavec_heap2[];
layout(set = 1, binding = 2, rgba32f) uniform image2D wavec_heap3[];

uvec2 wavec_bit_cast_uint64_t_uint2(uint64_t value) {
    return uvec2(uint(value), uint(value >> 32ul));
}

vec4 Shade_wavec_heap0_wavec_heap1(uint t_index0, uint s_index0, vec2 uv) {
    return textureLod(sampler2D(wavec_heap0[t_index0], wavec_heap1[s_index0]), uv, 0.0);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Material m = Materials[id.x];
    vec4 c = Shade_wavec_heap0_wavec_heap1(m.albedo.x, m.sampler_1.x, vec2(0.5, 0.5)) * vec4(texelFetch(wavec_heap2[m.weights.x], int(id.x)).x);
    uint albedo_index0 = m.albedo.x;
    c += texelFetch(wavec_heap0[albedo_index0], ivec2(0, 0), 0);
    uvec2 bits = m.albedo.xy;
    c += texelFetch(wavec_heap0[(bits + uvec2(1u, 0u)).xy.x], ivec2(1, 1), 0);
    uvec2 same = wavec_bit_cast_uint64_t_uint2(uint64_t(m.weights.x) | uint64_t(m.weights.y) << 32ul);
    c.x += float(same.x + same.y);
    imageStore(wavec_heap3[Target.x], ivec2(id.xy), c);
    Output[id.x] = c;
}
