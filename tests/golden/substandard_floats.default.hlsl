StructuredBuffer<float4> inputs;
RWStructuredBuffer<uint16_t> halves;
RWStructuredBuffer<uint> results;

uint wavec_bit_cast_vector_BFloat16_2_uint(uint16_t2 value) {
    return uint(uint16_t(value.x)) | uint(uint16_t(value.y)) << 16u;
}

uint16_t wavec_bit_cast_BFloat16_uint16_t(uint16_t value) {
    return uint16_t(value);
}

uint16_t wavec_bfloat16FromFloat(float x) {
    uint bits = asuint(x);
    if ((bits & 2147483647u) > 2139095040u) {
        return uint16_t(bits >> 16u | 64u);
    }
    return uint16_t((bits + 32767u + (bits >> 16u & 1u)) >> 16u);
}

uint16_t2 wavec_bfloat16FromFloatV(float2 x) {
    uint16_t2 r;
    for (uint i = 0u; i < 2u; ++i) {
        r[i] = wavec_bfloat16FromFloat(x[i]);
    }
    return r;
}

float wavec_bfloat16ToFloat(uint16_t bits) {
    return asfloat(uint(bits) << 16u);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 x = inputs[id.x];
    halves[id.x] = wavec_bfloat16FromFloat(x.x);
    uint16_t2 pair = uint16_t2(wavec_bfloat16FromFloatV(x.zw));
    results[id.x] = wavec_bit_cast_vector_BFloat16_2_uint(pair) + uint(wavec_bit_cast_BFloat16_uint16_t(uint16_t(16288)));
    results[id.x + 4u] = asuint(wavec_bfloat16ToFloat(halves[id.x ^ 1u]) * 2.0f);
}
