#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Input_block {
    int Input[];
};
layout(std430, set = 0, binding = 1) buffer Output_block {
    int Output[];
};
layout(std430, set = 0, binding = 2) buffer Counter_block {
    uint Counter[];
};

bool Select(int value) {
    return (value & 1) == 0;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    int value = Input[id.x];
    bool keep = Select(value);
    uint localIndex = subgroupBallotExclusiveBitCount(subgroupBallot(keep));
    uint waveKept = subgroupBallotBitCount(subgroupBallot(keep));
    uint base = 0u;
    if (subgroupElect()) {
        base = atomicAdd(Counter[0], waveKept);
    }
    base = subgroupBroadcastFirst(base);
    if (keep) {
        Output[base + localIndex] = value;
    }
}
