#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Atomic_uint {
    uint value;
};

layout(std430, set = 0, binding = 0) buffer flags_block {
    Atomic_uint flags[];
};
layout(std430, set = 0, binding = 1) buffer data_block {
    uint data[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint atomic_original;
    uint atomic_acquired;
    uint atomic_original_1;
    uint atomic_acquired_1;
    data[id.x] = id.x;
    memoryBarrier(), (atomic_original = atomicAdd(flags[0].value, 1u), atomic_original);
    uint seen = (atomic_acquired = flags[0].value, (memoryBarrier(), atomic_acquired));
    data[id.x + 4u] = (memoryBarrier(), (atomic_acquired_1 = (atomic_original_1 = atomicCompSwap(flags[1].value, 0u, seen), atomic_original_1), (memoryBarrier(), atomic_acquired_1)));
}
