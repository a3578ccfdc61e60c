RWStructuredBuffer<uint2> Out;
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

uint WavesBefore() {
    return wavec_groupWaveIndex;
}

[numthreads(16, 4, 1)]
void main(uint3 id : SV_DispatchThreadID, uint wavec_groupIndex : SV_GroupIndex) {
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
    uint count = wavec_groupWaveCount;
    if (WaveIsFirstLane()) {
        Out[id.y * 16u + id.x] = uint2(waveIndex + WavesBefore(), count);
    }
}
