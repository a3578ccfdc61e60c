StructuredBuffer<float4> LightDatas;
StructuredBuffer<uint2> LightStartCounts;
RWStructuredBuffer<float4> Output;
cbuffer Params {
    uint Width;
    uint TilesX;
};

uint DivRoundUp(uint a, uint b) {
    return (a + b - 1u) / b;
}

uint FirstLane(uint4 mask) {
    if (mask.x != 0u) {
        return firstbitlow(mask.x);
    }
    if (mask.y != 0u) {
        return 32u + firstbitlow(mask.y);
    }
    if (mask.z != 0u) {
        return 64u + firstbitlow(mask.z);
    }
    return 96u + firstbitlow(mask.w);
}

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint3 gid : SV_GroupID) {
    uint4 active = WaveActiveBallot(true);
    uint waveLanes = countbits(active.x) + countbits(active.y) + countbits(active.z) + countbits(active.w);
    uint rank = WavePrefixCountBits(true);
    uint2 lightStartCount = LightStartCounts[gid.y * TilesX + gid.x];
    float4 lightAccumulator = (float4)0;
    for (uint i = 0u; i < DivRoundUp(lightStartCount.y, waveLanes); ++i) {
        uint item = i * waveLanes + rank;
        float4 lightDataPerLane = (float4)0;
        if (item < lightStartCount.y) {
            lightDataPerLane = LightDatas[lightStartCount.x + item];
        }
        uint loopIters = min(waveLanes, lightStartCount.y - waveLanes * i);
        uint4 remaining = active;
        for (uint i2 = 0u; i2 < loopIters; ++i2) {
            uint lane = FirstLane(remaining);
            uint bit = 1u << (lane & 31u);
            uint word = lane >> 5;
            remaining &= ~uint4(word == 0u ? bit : 0u, word == 1u ? bit : 0u, word == 2u ? bit : 0u, word == 3u ? bit : 0u);
            lightAccumulator += WaveReadLaneAt(lightDataPerLane, lane);
        }
    }
    Output[tid.y * Width + tid.x] = lightAccumulator;
}
