#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Halves {
    float16_t low;
    float16_t high;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    uint outputBuffer[];
};

uint wavec_bit_cast_Halves_uint(Halves value) {
    return uint(float16BitsToUint16(value.low)) | uint(float16BitsToUint16(value.high)) << 16u;
}

uint wavec_countbits(uint64_t x) {
    uint64_t u = x;
    return uint(bitCount(uint(u))) + uint(bitCount(uint(u >> 32)));
}

uint wavec_firstbithigh(uint64_t x) {
    uint64_t u = x;
    u = mix(u, ~u, x < 0ul);
    uint lo = uint(u);
    uint hi = uint(u >> 32);
    return mix(uint(findMSB(lo)), uint(findMSB(hi)) + 32u, hi != 0u);
}

uint64_t wavec_reversebits(uint64_t x) {
    uint64_t u = x;
    uint64_t lo = uint64_t(bitfieldReverse(uint(u)));
    uint64_t hi = uint64_t(bitfieldReverse(uint(u >> 32)));
    return lo << 32 | hi;
}

bool wavec_and(bool a, bool b) {
    return mix(a, b, a);
}

int16_t wavec_bitfield_extract(int16_t value, uint offset, uint bits) {
    int16_t ones = (int16_t(2) << (bits - 1u)) - int16_t(1);
    int16_t field = value >> offset & ones;
    int16_t top = field >> (bits - 1u) & int16_t(1);
    bool extend = wavec_and(true, top != int16_t(0));
    return mix(mix(field, field | ~ones, extend), int16_t(0), bits == 0u);
}

int16_t wavec_bitfieldExtract(int16_t value, uint offset, uint bits) {
    return wavec_bitfield_extract(value, offset, bits);
}

float wavec_nextafter(float x, float y) {
    if (x != x || y != y) {
        return x + y;
    }
    if (x == y) {
        return y;
    }
    if (x == 0.0) {
        return uintBitsToFloat(y > 0.0 ? 1u : 2147483649u);
    }
    bool away = x < y == x > 0.0;
    return uintBitsToFloat(away ? floatBitsToUint(x) + 1u : floatBitsToUint(x) - 1u);
}

uint wavec_packUint4x8(uvec4 v) {
    uvec4 bytes = v & uvec4(255u);
    return bytes.x | bytes.y << 8u | bytes.z << 16u | bytes.w << 24u;
}

uint wavec_packInt4x8(ivec4 v) {
    return wavec_packUint4x8(uvec4(uvec4(v)));
}

uint wavec_packUint4x8Clamp(ivec4 v) {
    return wavec_packInt4x8(clamp(v, ivec4(0), ivec4(255)));
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float16_t x = float16_t(id.x) * 0.5hf + 61472.0hf;
    Halves h = Halves(x, fma(x, 2.0hf, -1.0hf));
    outputBuffer[0] = wavec_bit_cast_Halves_uint(h);
    outputBuffer[1] = uint(float16BitsToUint16(uint16BitsToFloat16(uint16_t(id.x)) + x));
    uint64_t wide = uint64_t(outputBuffer[2]) << 32 | uint64_t(id.x);
    outputBuffer[2] = wavec_countbits(wide) + wavec_firstbithigh(wide) + uint(wavec_reversebits(wide) >> 40);
    int16_t narrow = int16_t(outputBuffer[3]);
    outputBuffer[3] = uint(wavec_bitfieldExtract(narrow, 4u, 6u)) + bitfieldExtract(id.x, int(1u), int(2u));
    int e;
    float m = frexp(uintBitsToFloat(outputBuffer[4]), e);
    outputBuffer[4] = floatBitsToUint(wavec_nextafter(m, 1.0)) ^ uint(e);
    outputBuffer[5] = packUnorm4x8(vec4(m, 0.5, 0.25, 1.0)) ^ wavec_packUint4x8Clamp(ivec4(e, 300, -2, 7));
    outputBuffer[6] = uint(int64_t(wide * 3ul) >> 33);
}
