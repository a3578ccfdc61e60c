#version 450
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer buffer_block {
    uint buffer_1[];
};
layout(std430, set = 0, binding = 0) buffer buffer_uint64_t_block {
    uint64_t buffer_1_uint64_t[];
};
layout(std430, set = 0, binding = 0) buffer buffer_int64_t_block {
    int64_t buffer_1_int64_t[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    atomicAdd(buffer_1_uint64_t[0u >> 3], uint64_t(id.x) << 28);
    uint64_t original;
    uint64_t before = (original = atomicMax(buffer_1_uint64_t[8u >> 3], uint64_t(id.x) << 33 | uint64_t(id.x)), original);
    uint64_t seen;
    seen = atomicCompSwap(buffer_1_uint64_t[16u >> 3], before, before + 1ul);
    atomicAdd(buffer_1_int64_t[24u >> 3], -int64_t(seen));
}
