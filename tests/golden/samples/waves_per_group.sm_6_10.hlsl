StructuredBuffer<uint> Input;
RWStructuredBuffer<uint> GroupSums;
groupshared uint g_partial[64];

[numthreads(64, 1, 1)]
void main(uint3 group : SV_GroupID, uint gi : SV_GroupIndex) {
    uint waveSum = WaveActiveSum(Input[group.x * 64u + gi]);
    if (GetGroupWaveCount() == 1u) {
        if (WaveIsFirstLane()) {
            GroupSums[group.x] = waveSum;
        }
    } else {
        if (WaveIsFirstLane()) {
            g_partial[GetGroupWaveIndex()] = waveSum;
        }
        GroupMemoryBarrierWithGroupSync();
        if (GetGroupWaveIndex() == 0u && WaveIsFirstLane()) {
            uint total = 0u;
            for (uint w = 0u; w < GetGroupWaveCount(); ++w) {
                total += g_partial[w];
            }
            GroupSums[group.x] = total;
        }
    }
}
