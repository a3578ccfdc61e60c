#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_image_int64 : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r64ui) uniform u64image2D visibility;
layout(set = 0, binding = 1, r64i) uniform i64image1D signedTexels;
layout(std430, set = 0, binding = 2) buffer resolved_block {
    uint resolved[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint depth = floatBitsToUint(1.0 / float(id.x + id.y + 1u));
    imageAtomicMax(visibility, ivec2(id.xy / uvec2(2)), uint64_t(depth) << 32 | uint64_t(id.y * 64u + id.x));
    uint64_t before;
    before = imageAtomicAdd(visibility, ivec2(uvec2(0u, 0u)), 1ul);
    imageAtomicMin(signedTexels, int(id.x), -int64_t(id.y));
    before = imageAtomicAnd(visibility, ivec2(uvec2(1u, 0u)), ~(1ul << id.x));
    imageAtomicOr(visibility, ivec2(uvec2(2u, 0u)), 1ul << (id.x + 32u));
    imageAtomicXor(visibility, ivec2(uvec2(3u, 0u)), uint64_t(id.y) << 40);
    before = imageAtomicExchange(visibility, ivec2(uvec2(4u, 0u)), uint64_t(id.x));
    before = imageAtomicCompSwap(visibility, ivec2(uvec2(5u, 0u)), 0ul, uint64_t(id.x + 1u));
    imageAtomicCompSwap(visibility, ivec2(uvec2(6u, 0u)), before, 7ul);
    memoryBarrier(), barrier();
    uint64_t packed = imageLoad(visibility, ivec2(id.xy / uvec2(2))).x;
    imageStore(signedTexels, int(id.y), i64vec4(imageLoad(signedTexels, int(id.x)).x + 1l, 0l, 0l, 0l));
    uint w;
    uint h;
    w = uint(imageSize(visibility).x), h = uint(imageSize(visibility).y);
    resolved[id.y * w + id.x] = uint(packed) + uint(before >> 32);
}
