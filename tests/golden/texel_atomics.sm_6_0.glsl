#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r32ui) uniform uimage2D Heat;
layout(set = 0, binding = 1, r32i) uniform iimage2D Signed[2];
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer Counters;
layout(std430, set = 0, binding = 3) buffer Out_block {
    uint Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    imageAtomicMax(Heat, ivec2(id.xy / uvec2(4)), id.x ^ id.y);
    uint before;
    before = imageAtomicAdd(Counters, int(id.x), 2u);
    int prior;
    prior = imageAtomicExchange(Signed[id.y & 1u], ivec2(id.xy), -int(id.x));
    uint seen;
    seen = imageAtomicCompSwap(Heat, ivec2(uvec2(0u, 0u)), 0u, id.x + 1u);
    imageAtomicCompSwap(Counters, 7, 0u, 9u);
    imageAtomicXor(Signed[1], ivec2(id.yx), int(before));
    Out[id.y * 8u + id.x] = before + seen + uint(prior);
}
