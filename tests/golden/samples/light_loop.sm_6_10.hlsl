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

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint3 gid : SV_GroupID) {
    const uint waveLanes = WaveGetLaneCount();
    uint lane = WaveGetLaneIndex();
    uint2 lightStartCount = LightStartCounts[gid.y * TilesX + gid.x];
    float4 lightAccumulator = (float4)0;
    for (uint i = 0u; i < DivRoundUp(lightStartCount.y, waveLanes); ++i) {
        uint item = i * waveLanes + lane;
        float4 lightDataPerLane = (float4)0;
        if (item < lightStartCount.y) {
            lightDataPerLane = LightDatas[lightStartCount.x + item];
        }
        uint loopIters = min(waveLanes, lightStartCount.y - waveLanes * i);
        for (uint i2 = 0u; i2 < loopIters; ++i2) {
            lightAccumulator += WaveReadLaneAt(lightDataPerLane, i2);
        }
    }
    Output[tid.y * Width + tid.x] = lightAccumulator;
}
