StructuredBuffer<float4> Colors;
StructuredBuffer<float> Weights;
RWStructuredBuffer<float4> Result;
groupshared float3 g_partial[64];
groupshared float g_keep[64];
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

float3 WaveActiveLerp(float3 value, float t) {
    float prefixProduct = WavePrefixProduct(1.0f - t);
    float3 laneValue = value * (float3)t * (float3)prefixProduct;
    return WaveActiveSum(laneValue);
}

[numthreads(64, 1, 1)]
void main(uint3 groupID : SV_GroupID, uint wavec_groupIndex : SV_GroupIndex) {
    if (wavec_groupIndex == 0u) {
        wavec_waveCounter = 0u;
    }
    GroupMemoryBarrierWithGroupSync();
    uint wavec_waveSlot = 0u;
    if (WaveIsFirstLane()) {
        InterlockedAdd(wavec_waveCounter, 1u, wavec_waveSlot);
    }
    wavec_groupWaveIndex = WaveReadLaneFirst(wavec_waveSlot);
    GroupMemoryBarrierWithGroupSync();
    wavec_groupWaveCount = wavec_waveCounter;
    uint waveIndex = wavec_groupWaveIndex;
    uint waveCount = wavec_groupWaveCount;
    uint lanes = WaveGetLaneCount();
    uint slot = waveIndex * lanes + WaveGetLaneIndex();
    bool live = slot < 64u;
    uint element = live ? 63u - slot : 0u;
    float t = live ? element == 0u ? 1.0f : Weights[groupID.x * 64u + element] : 0.0f;
    float3 color = Colors[element].xyz;
    float3 partial = WaveActiveLerp(color, t);
    float keep = WaveActiveProduct(1.0f - t);
    if (WaveIsFirstLane()) {
        g_partial[waveIndex] = partial;
        g_keep[waveIndex] = keep;
    }
    GroupMemoryBarrierWithGroupSync();
    if (waveIndex == 0u && WaveIsFirstLane()) {
        float3 total = (float3)0;
        float scale = 1.0f;
        for (uint w = 0u; w < waveCount; ++w) {
            total += g_partial[w] * (float3)scale;
            scale *= g_keep[w];
        }
        Result[groupID.x] = float4(total, 1.0f);
    }
}
