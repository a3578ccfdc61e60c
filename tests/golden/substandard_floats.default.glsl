#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer inputs_block {
    vec4 inputs[];
};
layout(std430, set = 0, binding = 1) buffer halves_block {
    uint16_t halves[];
};
layout(std430, set = 0, binding = 2) buffer results_block {
    uint results[];
};

uint wavec_bit_cast_vector_BFloat16_2_uint(u16vec2 value) {
    return uint(uint16_t(value.x)) | uint(uint16_t(value.y)) << 16u;
}

uint16_t wavec_bit_cast_BFloat16_uint16_t(uint16_t value) {
    return uint16_t(value);
}

uint16_t wavec_bfloat16FromFloat(float x) {
    uint bits = floatBitsToUint(x);
    if ((bits & 2147483647u) > 2139095040u) {
        return uint16_t(bits >> 16u | 64u);
    }
    return uint16_t((bits + 32767u + (bits >> 16u & 1u)) >> 16u);
}

u16vec2 wavec_bfloat16FromFloatV(vec2 x) {
    u16vec2 r;
    for (uint i = 0u; i < 2u; ++i) {
        r[i] = wavec_bfloat16FromFloat(x[i]);
    }
    return r;
}

float wavec_bfloat16ToFloat(uint16_t bits) {
    return uintBitsToFloat(uint(bits) << 16u);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec4 x = inputs[id.x];
    halves[id.x] = wavec_bfloat16FromFloat(x.x);
    u16vec2 pair = u16vec2(wavec_bfloat16FromFloatV(x.zw));
    results[id.x] = wavec_bit_cast_vector_BFloat16_2_uint(pair) + uint(wavec_bit_cast_BFloat16_uint16_t(uint16_t(16288)));
    results[id.x + 4u] = floatBitsToUint(wavec_bfloat16ToFloat(halves[id.x ^ 1u]) * 2.0);
}
