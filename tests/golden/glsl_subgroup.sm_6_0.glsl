#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
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

uvec4 wavec_lanes_below(uint count) {
    uvec4 bits;
    for (uint word = 0u; word < 4u; ++word) {
        uint first = word * 32u;
        bits[word] = count >= first + 32u ? ~0u : count <= first ? 0u : (1u << (count - first)) - 1u;
    }
    return bits;
}

uvec4 wavec_cluster_lanes(uint size) {
    uint first = gl_SubgroupInvocationID & ~(size - 1u);
    return wavec_lanes_below(first + size) & ~wavec_lanes_below(first);
}

uint wavec_first_lane(uvec4 mask) {
    if (mask.x != 0u) {
        return uint(findLSB(mask.x));
    }
    if (mask.y != 0u) {
        return 32u + uint(findLSB(mask.y));
    }
    if (mask.z != 0u) {
        return 64u + uint(findLSB(mask.z));
    }
    return 96u + uint(findLSB(mask.w));
}

bool wavec_has_lane(uvec4 mask, uint lane) {
    return (mask[lane >> 5u] >> (lane & 31u) & 1u) != 0u;
}

uvec4 wavec_lane_bit(uint lane) {
    uint word = lane >> 5u;
    uint bit = 1u << (lane & 31u);
    return uvec4(word == 0u ? bit : 0u, word == 1u ? bit : 0u, word == 2u ? bit : 0u, word == 3u ? bit : 0u);
}

uint wavec_wave_fold_op5_scan2(uint value, uint identity, uvec4 mask) {
    uint lane = gl_SubgroupInvocationID;
    uint result = identity;
    uvec4 remaining = subgroupBallot(true);
    while (any(notEqual(remaining, uvec4(0u)))) {
        uint source = wavec_first_lane(remaining);
        uint x = subgroupShuffle(value, source);
        bool wanted;
        wanted = true;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result | x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

uint wavec_subgroupClusteredOr_clusterSize4(uint value) {
    return wavec_wave_fold_op5_scan2(value, 0u, wavec_cluster_lanes(4u));
}

bool wavec_IsHelperLane() {
    return false;
}

float wavec_wave_fold_op0_scan2(float value, float identity, uvec4 mask) {
    uint lane = gl_SubgroupInvocationID;
    float result = identity;
    uvec4 remaining = subgroupBallot(true);
    while (any(notEqual(remaining, uvec4(0u)))) {
        uint source = wavec_first_lane(remaining);
        float x = subgroupShuffle(value, source);
        bool wanted;
        wanted = true;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result + x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

float wavec_subgroupClusteredAdd_clusterSize8(float value) {
    return wavec_wave_fold_op0_scan2(value, 0.0, wavec_cluster_lanes(8u));
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint x = Out[id.x];
    float f = Values[id.x];
    uvec4 votes = subgroupBallot(x > 3u);
    uint r = subgroupAdd(x) + subgroupInclusiveAdd(x) + subgroupExclusiveMax(x);
    r += wavec_subgroupClusteredOr_clusterSize4(x) + subgroupBallotInclusiveBitCount(votes);
    r += subgroupShuffleXor(x, 1u) + subgroupShuffleUp(x, 2u) + subgroupBallotFindMSB(votes);
    r += subgroupInverseBallot(votes) ? 1u : 0u;
    r += subgroupAllEqual(uvec2(x, 1u)) ? 2u : 0u;
    r += gl_SubgroupSize + gl_SubgroupInvocationID + uint(bitCount(gl_SubgroupLtMask.x)) + gl_NumSubgroups;
    r += wavec_IsHelperLane() ? 0u : 1u;
    Values[id.x] = wavec_subgroupClusteredAdd_clusterSize8(f) + subgroupInclusiveMin(f);
    subgroupMemoryBarrierShared();
    if (subgroupElect()) {
        Out[id.x] = r;
    }
}
