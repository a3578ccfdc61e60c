StructuredBuffer<uint> Input;
RWStructuredBuffer<uint> GroupSums;
groupshared uint g_partial[1];
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

[numthreads(64, 1, 1)]
[WaveSize(64)]
void main(uint3 group : SV_GroupID, uint gi : SV_GroupIndex) {
    if (gi == 0u) {
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
    uint waveSum = WaveActiveSum(Input[group.x * 64u + gi]);
    {
        if (WaveIsFirstLane()) {
            GroupSums[group.x] = waveSum;
        }
    }
}
