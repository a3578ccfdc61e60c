StructuredBuffer<float> Depth;
RWStructuredBuffer<uint> TileMinMax;
cbuffer Params {
    uint DepthWidth;
    uint TilesX;
};
groupshared float g_minZ[255];
groupshared float g_maxZ[255];
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

[numthreads(16, 16, 1)]
void main(uint3 tileID : SV_GroupID, uint3 threadInTile : SV_GroupThreadID, uint wavec_groupIndex : SV_GroupIndex) {
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
    uint2 coord = tileID.xy * (uint2)16 + threadInTile.xy;
    float z = Depth[coord.y * DepthWidth + coord.x];
    float minZ = WaveActiveMin(z);
    float maxZ = WaveActiveMax(z);
    if (waveCount > 1u) {
        uint last = waveCount - 1u;
        if (waveIndex < last && WaveIsFirstLane()) {
            g_minZ[waveIndex] = minZ;
            g_maxZ[waveIndex] = maxZ;
        }
        GroupMemoryBarrierWithGroupSync();
        if (waveIndex != last) {
            return;
        }
        for (uint i = 0u; i < last; ++i) {
            minZ = min(minZ, g_minZ[i]);
            maxZ = max(maxZ, g_maxZ[i]);
        }
    }
    if (WaveIsFirstLane()) {
        TileMinMax[tileID.y * TilesX + tileID.x] = f32tof16(maxZ) << 16 | f32tof16(minZ);
    }
}
