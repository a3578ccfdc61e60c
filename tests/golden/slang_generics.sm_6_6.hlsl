static const uint LowNibble = 15u;
RWStructuredBuffer<uint> outputBuffer;

float3 WaveSumAll_float_3(float3 value) {
    return WaveActiveSum(value);
}

uint2 WaveSumAll_uint_2(uint2 value) {
    return WaveActiveSum(value);
}

int Twice_int(int x) {
    return x + x;
}

uint Spread_uint_3(uint x) {
    const uint3 v = (uint3)x;
    uint total = 0u;
    for (int i = 0; i < 3; i++) {
        total += v[i];
    }
    return total;
}

uint Larger_uint(uint a, uint b) {
    return max(a, b);
}

uint Last_uint_4(uint4 v) {
    return v[3];
}

[numthreads(8, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    uint idx = tid.x;
    float3 sums = WaveSumAll_float_3(float3(float(idx), 1.0f, 2.0f));
    uint2 counts = WaveSumAll_uint_2(uint2(idx & 15u, 1u));
    int twice = Twice_int(int(idx)) + Twice_int(3);
    const uint spread = Spread_uint_3(idx);
    outputBuffer[idx] = uint(sums.x) + counts.y + uint(twice) + Larger_uint(idx, 4u) + Last_uint_4(uint4(1u, 2u, 3u, idx)) + spread;
}
