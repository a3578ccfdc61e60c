StructuredBuffer<float> Depth;
RWStructuredBuffer<uint> TileMinMaxDepth;
cbuffer Params {
    uint DepthWidth;
    uint TilesX;
};
groupshared float ComputeMinMaxZ_g_minZ[15];
groupshared float ComputeMinMaxZ_g_maxZ[15];
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

uint2 GetLaneCoord2DSquare(uint2 tileID, uint tileSize, uint waveIndex, uint waveCount) {
    uint linear_1 = waveIndex * WaveGetLaneCount() + WaveGetLaneIndex();
    return tileID * (uint2)tileSize + uint2(linear_1 % tileSize, linear_1 / tileSize);
}

[numthreads(16, 16, 1)]
void ComputeMinMaxZ(uint2 tileID : SV_GroupID, uint wavec_groupIndex : SV_GroupIndex) {
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
    uint2 coord = GetLaneCoord2DSquare(tileID, 16u, waveIndex, 16u);
    float z = Depth[coord.y * DepthWidth + coord.x];
    float minZ = WaveActiveMin(z);
    float maxZ = WaveActiveMax(z);
    if (waveIndex < 15u) {
        ComputeMinMaxZ_g_minZ[waveIndex] = minZ;
        ComputeMinMaxZ_g_maxZ[waveIndex] = maxZ;
    }
    GroupMemoryBarrierWithGroupSync();
    if (waveIndex < 15u) {
        return;
    }
    for (uint i = 0u; i < 15u; ++i) {
        minZ = min(minZ, ComputeMinMaxZ_g_minZ[i]);
        maxZ = max(maxZ, ComputeMinMaxZ_g_maxZ[i]);
    }
    TileMinMaxDepth[tileID.y * TilesX + tileID.x] = f32tof16(maxZ) << 16 | f32tof16(minZ);
}
