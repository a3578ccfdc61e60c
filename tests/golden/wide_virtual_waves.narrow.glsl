#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require

layout(local_size_x = 128, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uint Out[];
};
layout(std430, set = 0, binding = 1) readonly buffer Keys_block {
    uint Keys[];
};
shared uint wavec_waveCounter;
uint wavec_groupWaveIndex;
uint wavec_groupWaveCount;

uint Bucket(uint key) {
    return key & 7u;
}

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

uint wavec_virtual_WaveReadLaneFirst_width8(uint value) {
    return subgroupShuffle(value, wavec_first_lane(subgroupBallot(true) & wavec_cluster_lanes(8u)));
}

bool wavec_has_lane(uvec4 mask, uint lane) {
    return (mask[lane >> 5u] >> (lane & 31u) & 1u) != 0u;
}

uvec4 wavec_lane_bit(uint lane) {
    uint word = lane >> 5u;
    uint bit = 1u << (lane & 31u);
    return uvec4(word == 0u ? bit : 0u, word == 1u ? bit : 0u, word == 2u ? bit : 0u, word == 3u ? bit : 0u);
}

uint wavec_wave_fold_op0_scan2(uint value, uint identity, uvec4 mask) {
    uint lane = gl_SubgroupInvocationID;
    uint result = identity;
    uvec4 remaining = subgroupBallot(true);
    while (any(notEqual(remaining, uvec4(0u)))) {
        uint source = wavec_first_lane(remaining);
        uint x = subgroupShuffle(value, source);
        bool wanted;
        wanted = true;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result + x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

uint wavec_subgroupClusteredAdd_clusterSize8(uint value) {
    return wavec_wave_fold_op0_scan2(value, 0u, wavec_cluster_lanes(8u));
}

uint wavec_virtual_WaveActiveSum_width8(uint value) {
    return wavec_subgroupClusteredAdd_clusterSize8(value);
}

bool wavec_virtual_WaveIsFirstLane_width8() {
    return gl_SubgroupInvocationID == wavec_first_lane(subgroupBallot(true) & wavec_cluster_lanes(8u));
}

uint wavec_count_lanes(uvec4 mask) {
    return uint(bitCount(mask.x)) + uint(bitCount(mask.y)) + uint(bitCount(mask.z)) + uint(bitCount(mask.w));
}

uint wavec_virtual_WavePrefixCountBits_width8(bool value) {
    return wavec_count_lanes(subgroupBallot(value) & wavec_cluster_lanes(8u) & wavec_lanes_below(gl_SubgroupInvocationID));
}

uint wavec_virtual_WaveGetLaneIndex_width8() {
    return gl_SubgroupInvocationID & 7u;
}

void main() {
    uint gi = gl_LocalInvocationIndex;
    if (gi == 0u) {
        wavec_waveCounter = 0u;
    }
    memoryBarrierShared(), barrier();
    uint wavec_waveSlot = 0u;
    if (wavec_virtual_WaveIsFirstLane_width8()) {
        wavec_waveSlot = atomicAdd(wavec_waveCounter, 1u);
    }
    wavec_groupWaveIndex = wavec_virtual_WaveReadLaneFirst_width8(wavec_waveSlot);
    memoryBarrierShared(), barrier();
    wavec_groupWaveCount = wavec_waveCounter;
    uint key = Keys[gi];
    if (key == 0u) {
        return;
    }
    uint rounds = 0u;
    for (;;) {
        rounds++;
        uint first = wavec_virtual_WaveReadLaneFirst_width8(Bucket(key));
        if (first == Bucket(key)) {
            break;
        }
    }
    uint total = wavec_virtual_WaveActiveSum_width8(rounds);
    if (wavec_groupWaveIndex != 1u && wavec_virtual_WaveIsFirstLane_width8()) {
        Out[wavec_groupWaveIndex] = total;
    }
    Out[4u + gi] = wavec_virtual_WavePrefixCountBits_width8(key > 3u) + wavec_virtual_WaveGetLaneIndex_width8() * 1000u;
}
