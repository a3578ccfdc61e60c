#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Depth_block {
    float Depth[];
};
layout(std430, set = 0, binding = 1) buffer TileMinMax_block {
    uint TileMinMax[];
};
layout(std140, set = 0, binding = 2) uniform Params_block {
    uint DepthWidth;
    uint TilesX;
};
shared float g_minZ[255];
shared float g_maxZ[255];

void main() {
    uvec3 tileID = gl_WorkGroupID;
    uvec3 threadInTile = gl_LocalInvocationID;
    uint waveIndex = gl_SubgroupID;
    uint waveCount = gl_NumSubgroups;
    uvec2 coord = tileID.xy * uvec2(16) + threadInTile.xy;
    float z = Depth[coord.y * DepthWidth + coord.x];
    float minZ = subgroupMin(z);
    float maxZ = subgroupMax(z);
    if (waveCount > 1u) {
        uint last = waveCount - 1u;
        if (waveIndex < last && subgroupElect()) {
            g_minZ[waveIndex] = minZ;
            g_maxZ[waveIndex] = maxZ;
        }
        memoryBarrierShared(), barrier();
        if (waveIndex != last) {
            return;
        }
        for (uint i = 0u; i < last; ++i) {
            minZ = min(minZ, g_minZ[i]);
            maxZ = max(maxZ, g_maxZ[i]);
        }
    }
    if (subgroupElect()) {
        TileMinMax[tileID.y * TilesX + tileID.x] = packHalf2x16(vec2(maxZ, 0.0)) << 16 | packHalf2x16(vec2(minZ, 0.0));
    }
}
