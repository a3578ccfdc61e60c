StructuredBuffer<uint> Input;
RWStructuredBuffer<uint> GroupSums;
groupshared uint g_partial[1];

[numthreads(64, 1, 1)]
[WaveSize(64)]
void main(uint3 group : SV_GroupID, uint gi : SV_GroupIndex) {
    uint waveSum = WaveActiveSum(Input[group.x * 64u + gi]);
    {
        if (WaveIsFirstLane()) {
            GroupSums[group.x] = waveSum;
        }
    }
}
