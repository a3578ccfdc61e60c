#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_vote : require

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uint Out[];
};
layout(std430, set = 0, binding = 1) buffer Values_block {
    float Values[];
};

bool wavec_IsHelperLane() {
    return false;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint x = Out[id.x];
    float f = Values[id.x];
    uvec4 votes = subgroupBallot(x > 3u);
    uint r = subgroupAdd(x) + subgroupInclusiveAdd(x) + subgroupExclusiveMax(x);
    r += subgroupClusteredOr(x, 4u) + subgroupBallotInclusiveBitCount(votes);
    r += subgroupShuffleXor(x, 1u) + subgroupShuffleUp(x, 2u) + subgroupBallotFindMSB(votes);
    r += subgroupInverseBallot(votes) ? 1u : 0u;
    r += subgroupAllEqual(uvec2(x, 1u)) ? 2u : 0u;
    r += gl_SubgroupSize + gl_SubgroupInvocationID + uint(bitCount(gl_SubgroupLtMask.x)) + gl_NumSubgroups;
    r += wavec_IsHelperLane() ? 0u : 1u;
    Values[id.x] = subgroupClusteredAdd(f, 8u) + subgroupInclusiveMin(f);
    subgroupMemoryBarrierShared();
    if (subgroupElect()) {
        Out[id.x] = r;
    }
}
