#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer LightDatas_block {
    vec4 LightDatas[];
};
layout(std430, set = 0, binding = 1) readonly buffer LightStartCounts_block {
    uvec2 LightStartCounts[];
};
layout(std430, set = 0, binding = 2) buffer Output_block {
    vec4 Output[];
};
layout(std140, set = 0, binding = 3) uniform Params_block {
    uint Width;
    uint TilesX;
};

uint DivRoundUp(uint a, uint b) {
    return (a + b - 1u) / b;
}

uint FirstLane(uvec4 mask) {
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

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    uvec3 gid = gl_WorkGroupID;
    uvec4 active_1 = subgroupBallot(true);
    uint waveLanes = uint(bitCount(active_1.x)) + uint(bitCount(active_1.y)) + uint(bitCount(active_1.z)) + uint(bitCount(active_1.w));
    uint rank = subgroupBallotExclusiveBitCount(subgroupBallot(true));
    uvec2 lightStartCount = LightStartCounts[gid.y * TilesX + gid.x];
    vec4 lightAccumulator = vec4(0);
    for (uint i = 0u; i < DivRoundUp(lightStartCount.y, waveLanes); ++i) {
        uint item = i * waveLanes + rank;
        vec4 lightDataPerLane = vec4(0);
        if (item < lightStartCount.y) {
            lightDataPerLane = LightDatas[lightStartCount.x + item];
        }
        uint loopIters = min(waveLanes, lightStartCount.y - waveLanes * i);
        uvec4 remaining = active_1;
        for (uint i2 = 0u; i2 < loopIters; ++i2) {
            uint lane = FirstLane(remaining);
            uint bit = 1u << (lane & 31u);
            uint word = lane >> 5;
            remaining &= ~uvec4(word == 0u ? bit : 0u, word == 1u ? bit : 0u, word == 2u ? bit : 0u, word == 3u ? bit : 0u);
            lightAccumulator += subgroupShuffle(lightDataPerLane, lane);
        }
    }
    Output[tid.y * Width + tid.x] = lightAccumulator;
}
