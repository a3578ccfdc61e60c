StructuredBuffer<float> Depth;
RWStructuredBuffer<uint> TileMinMax;
cbuffer Params {
    uint DepthWidth;
    uint TilesX;
};
groupshared float g_minZ[255];
groupshared float g_maxZ[255];

[numthreads(16, 16, 1)]
void main(uint3 tileID : SV_GroupID, uint3 threadInTile : SV_GroupThreadID) {
    uint waveIndex = GetGroupWaveIndex();
    uint waveCount = GetGroupWaveCount();
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
