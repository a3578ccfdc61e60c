RWTexture2D<uint64_t> visibility;
[[vk::image_format("r64i")]] RWTexture1D<int64_t> signedTexels;
RWStructuredBuffer<uint> resolved;

[numthreads(8, 8, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    uint depth = asuint(1.0f / float(id.x + id.y + 1u));
    InterlockedMax(visibility[id.xy / (uint2)2], uint64_t(depth) << 32 | uint64_t(id.y * 64u + id.x));
    uint64_t before;
    InterlockedAdd(visibility[uint2(0u, 0u)], 1ull, before);
    InterlockedMin(signedTexels[id.x], -int64_t(id.y));
    InterlockedAnd(visibility[uint2(1u, 0u)], ~(1ull << id.x), before);
    InterlockedOr(visibility[uint2(2u, 0u)], 1ull << (id.x + 32u));
    InterlockedXor(visibility[uint2(3u, 0u)], uint64_t(id.y) << 40);
    InterlockedExchange(visibility[uint2(4u, 0u)], uint64_t(id.x), before);
    InterlockedCompareExchange(visibility[uint2(5u, 0u)], 0ull, uint64_t(id.x + 1u), before);
    InterlockedCompareStore(visibility[uint2(6u, 0u)], before, 7ull);
    AllMemoryBarrierWithGroupSync();
    uint64_t packed = visibility[id.xy / (uint2)2];
    signedTexels[id.y] = signedTexels[id.x] + 1ll;
    uint w;
    uint h;
    visibility.GetDimensions(w, h);
    resolved[id.y * w + id.x] = uint(packed) + uint(before >> 32);
}
