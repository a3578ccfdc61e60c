#version 450

layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;

struct Atomic_uint {
    uint value;
};

struct Atomic_int {
    int value;
};

layout(std430, set = 0, binding = 0) buffer counters_block {
    Atomic_uint counters[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    int outputBuffer[];
};
shared Atomic_int shared_1;

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    uint atomic_original;
    int atomic_operand;
    int atomic_original_1;
    uint atomic_original_2;
    uint atomic_original_3;
    uint atomic_original_4;
    uint atomic_original_5;
    uint atomic_original_6;
    uint atomic_original_7;
    int atomic_original_8;
    int atomic_original_9;
    int atomic_original_10;
    if (tid.x == 0u) {
        shared_1.value = 0;
    }
    memoryBarrierShared(), barrier();
    uint ticket = (atomic_original = atomicAdd(counters[0].value, 1u), atomic_original);
    atomic_operand = int(ticket), (atomic_original_1 = atomicAdd(shared_1.value, atomic_operand), atomic_original_1) + atomic_operand;
    atomic_original_2 = atomicMax(counters[1].value, tid.x * 3u), atomic_original_2;
    atomicOr(counters[2].value, 1u << tid.x);
    atomicAdd(counters[3].value, 4294967294u);
    uint before = (atomic_original_3 = atomicAdd(counters[4].value, 1u), atomic_original_3);
    (atomic_original_4 = atomicAdd(counters[4].value, 1u), atomic_original_4) + 1u;
    memoryBarrierShared(), barrier();
    if (tid.x == 0u) {
        outputBuffer[0] = int(counters[0].value);
        outputBuffer[1] = shared_1.value;
        outputBuffer[2] = int((atomic_original_5 = atomicExchange(counters[5].value, 7u), atomic_original_5));
        outputBuffer[3] = int((atomic_original_6 = atomicCompSwap(counters[5].value, 7u, 9u), atomic_original_6));
        outputBuffer[4] = int((atomic_original_7 = atomicCompSwap(counters[5].value, 1u, 2u), atomic_original_7));
        outputBuffer[5] = int(counters[5].value);
        outputBuffer[6] = (atomic_original_8 = atomicAdd(shared_1.value, -20), atomic_original_8) - shared_1.value;
        outputBuffer[7] = int(counters[3].value);
        outputBuffer[8] = int(counters[4].value);
        outputBuffer[9] = int(40u + uint((atomic_original_9 = atomicAdd(shared_1.value, -1), atomic_original_9) - (atomic_original_10 = atomicAdd(shared_1.value, 1), atomic_original_10)));
        outputBuffer[10] = int(counters[1].value);
        outputBuffer[11] = int(counters[2].value);
    }
}
