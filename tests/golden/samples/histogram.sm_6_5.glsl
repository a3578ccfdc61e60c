#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Input_block {
    uint Input[];
};
layout(std430, set = 0, binding = 1) buffer Histogram_block {
    uint Histogram[];
};

uint Bucket(uint value) {
    return value & 255u;
}

uvec4 WaveMatchBits(uint key) {
    uvec4 mask = subgroupBallot(true);
    for (uint b = 0u; b < 8u; ++b) {
        bool bit = (key >> b & 1u) != 0u;
        uvec4 ballot = subgroupBallot(bit);
        mask &= bit ? ballot : ~ballot;
    }
    return mask;
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

void AddMatched(uint bucket, uvec4 mask) {
    uvec4 bits = uvec4(bitCount(mask));
    uint matchCount = bits.x + bits.y + bits.z + bits.w;
    if (gl_SubgroupInvocationID == FirstLane(mask)) {
        atomicAdd(Histogram[bucket], matchCount);
    }
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint bucket = Bucket(Input[id.x]);
    AddMatched(bucket, WaveMatchBits(bucket));
}
