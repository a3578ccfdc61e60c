#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Depth_block {
    float Depth[];
};
layout(std430, set = 0, binding = 1) buffer TileMinMaxDepth_block {
    uint TileMinMaxDepth[];
};
layout(std140, set = 0, binding = 2) uniform Params_block {
    uint DepthWidth;
    uint TilesX;
};
shared float ComputeMinMaxZ_g_minZ[7];
shared float ComputeMinMaxZ_g_maxZ[7];

uvec2 GetLaneCoord2DSquare(uvec2 tileID, uint tileSize, uint waveIndex, uint waveCount) {
    uint linear = waveIndex * gl_SubgroupSize + gl_SubgroupInvocationID;
    return tileID * uvec2(tileSize) + uvec2(linear % tileSize, linear / tileSize);
}

void main() {
    uvec2 tileID = gl_WorkGroupID.xy;
    uint waveIndex = gl_SubgroupID;
    uvec2 coord = GetLaneCoord2DSquare(tileID, 16u, waveIndex, 8u);
    float z = Depth[coord.y * DepthWidth + coord.x];
    float minZ = subgroupMin(z);
    float maxZ = subgroupMax(z);
    if (waveIndex < 7u) {
        ComputeMinMaxZ_g_minZ[waveIndex] = minZ;
        ComputeMinMaxZ_g_maxZ[waveIndex] = maxZ;
    }
    memoryBarrierShared(), barrier();
    if (waveIndex < 7u) {
        return;
    }
    for (uint i = 0u; i < 7u; ++i) {
        minZ = min(minZ, ComputeMinMaxZ_g_minZ[i]);
        maxZ = max(maxZ, ComputeMinMaxZ_g_maxZ[i]);
    }
    TileMinMaxDepth[tileID.y * TilesX + tileID.x] = packHalf2x16(vec2(maxZ, 0.0)) << 16 | packHalf2x16(vec2(minZ, 0.0));
}
