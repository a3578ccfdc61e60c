#version 450
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Queues_block {
    uint elements[];
} Queues[2];
layout(std430, set = 0, binding = 1) readonly buffer Weights_block {
    float Weights[];
};
layout(std140, set = 0, binding = 2) uniform Frame_block {
    uint CounterIndex;
    uint Queue;
};
layout(std430, set = 1, binding = 2) coherent buffer wavec_heap0_block {
    uint words[];
} wavec_heap0[];

uint wavec_heap0_Load_uint(uint k, uint address) {
    uint i = address >> 2;
    return wavec_heap0[k].words[i + 0u];
}

float Weight(uint i) {
    return Weights[i % 4u];
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint slot;
    slot = atomicAdd(wavec_heap0[CounterIndex].words[0u >> 2], 1u);
    Queues[Queue].elements[slot] = floatBitsToUint(Weight(id.x));
    memoryBarrierBuffer(), memoryBarrierImage(), barrier();
    Queues[Queue].elements[64u + id.x] = wavec_heap0_Load_uint(CounterIndex, 0u);
}
