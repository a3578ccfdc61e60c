#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_NV_shader_subgroup_partitioned : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uvec4 Out[];
};

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

uint wavec_wave_fold_op0_scan0(uint value, uint identity, uvec4 mask) {
    uint lane = gl_SubgroupInvocationID;
    uint result = identity;
    uvec4 remaining = subgroupBallot(true);
    while (any(notEqual(remaining, uvec4(0u)))) {
        uint source = wavec_first_lane(remaining);
        uint x = subgroupShuffle(value, source);
        bool wanted;
        wanted = source < lane;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result + x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

uint wavec_WaveMultiPrefixCountBits(bool value, uvec4 mask) {
    return wavec_wave_fold_op0_scan0(value ? 1u : 0u, 0u, mask);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint x = id.x;
    uvec4 match = subgroupPartitionNV(x & 3u);
    uint multi = subgroupPartitionedExclusiveAddNV(x, match) + subgroupPartitionedExclusiveMulNV(x | 1u, match) + subgroupPartitionedExclusiveAndNV(x, match) + subgroupPartitionedExclusiveOrNV(x, match) + subgroupPartitionedExclusiveXorNV(x, match) + wavec_WaveMultiPrefixCountBits(x > 5u, match);
    uint prefix = subgroupExclusiveAnd(x) + subgroupExclusiveOr(x) + subgroupExclusiveXor(x);
    Out[x] = match + uvec4(multi, prefix, 0u, 0u);
}
