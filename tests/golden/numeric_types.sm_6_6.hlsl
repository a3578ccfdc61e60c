struct Halves {
    half low;
    half high;
};

RWStructuredBuffer<uint> outputBuffer;

uint wavec_bit_cast_Halves_uint(Halves value) {
    return uint(asuint16(value.low)) | uint(asuint16(value.high)) << 16u;
}

int16_t wavec_bitfield_extract(int16_t value, uint offset, uint bits) {
    int16_t ones = (int16_t(2) << (bits - 1u)) - int16_t(1);
    int16_t field = value >> offset & ones;
    int16_t top = field >> (bits - 1u) & int16_t(1);
    bool extend = and(true, top != int16_t(0));
    return select(bits == 0u, int16_t(0), select(extend, field | ~ones, field));
}

int16_t wavec_bitfieldExtract(int16_t value, uint offset, uint bits) {
    return wavec_bitfield_extract(value, offset, bits);
}

uint wavec_bitfield_extract(uint value, uint offset, uint bits) {
    uint ones = (2u << (bits - 1u)) - 1u;
    uint field = value >> offset & ones;
    uint top = field >> (bits - 1u) & 1u;
    bool extend = and(false, top != 0u);
    return select(bits == 0u, 0u, select(extend, field | ~ones, field));
}

uint wavec_bitfieldExtract(uint value, uint offset, uint bits) {
    return wavec_bitfield_extract(value, offset, bits);
}

int wavec_frexp_exponent(float x) {
    bool tiny = abs(x) < 1.1754944e-38f;
    float scaled = select(tiny, x * 1.8446744e19f, x);
    int biased = int(asuint(scaled) >> 23u & 255u);
    int bias = select(tiny, 190, 126);
    bool none = or(x == 0.0f, biased == 255);
    return select(none, 0, biased - bias);
}

float wavec_frexp_mantissa(float x) {
    bool tiny = abs(x) < 1.1754944e-38f;
    float scaled = select(tiny, x * 1.8446744e19f, x);
    float m = asfloat((asuint(scaled) & 2155872255u) | 1056964608u);
    bool none = or(x == 0.0f, (asuint(x) >> 23u & 255u) == 255u);
    return select(none, x, m);
}

float wavec_frexp(float x, out int e) {
    e = wavec_frexp_exponent(x);
    return wavec_frexp_mantissa(x);
}

float wavec_nextafter(float x, float y) {
    if (x != x || y != y) {
        return x + y;
    }
    if (x == y) {
        return y;
    }
    if (x == 0.0f) {
        return asfloat(y > 0.0f ? 1u : 2147483649u);
    }
    bool away = x < y == x > 0.0f;
    return asfloat(away ? asuint(x) + 1u : asuint(x) - 1u);
}

uint wavec_packUnorm4x8(float4 v) {
    return pack_u8(uint4(uint4(round(saturate(v) * (float4)255.0f))));
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    half x = half(id.x) * 0.5h + 61472.0h;
    Halves h = {x, mad(x, 2.0h, -1.0h)};
    outputBuffer[0] = wavec_bit_cast_Halves_uint(h);
    outputBuffer[1] = uint(asuint16(asfloat16(uint16_t(id.x)) + x));
    uint64_t wide = uint64_t(outputBuffer[2]) << 32 | uint64_t(id.x);
    outputBuffer[2] = countbits(wide) + firstbithigh(wide) + uint(reversebits(wide) >> 40);
    int16_t narrow = int16_t(outputBuffer[3]);
    outputBuffer[3] = uint(wavec_bitfieldExtract(narrow, 4u, 6u)) + wavec_bitfieldExtract(id.x, 1u, 2u);
    int e;
    float m = wavec_frexp(asfloat(outputBuffer[4]), e);
    outputBuffer[4] = asuint(wavec_nextafter(m, 1.0f)) ^ uint(e);
    outputBuffer[5] = wavec_packUnorm4x8(float4(m, 0.5f, 0.25f, 1.0f)) ^ pack_clamp_u8(int4(e, 300, -2, 7));
    outputBuffer[6] = uint(int64_t(wide * 3ull) >> 33);
}
