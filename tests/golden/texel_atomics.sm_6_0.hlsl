RWTexture2D<uint> Heat;
RWTexture2D<int> Signed[2];
RWBuffer<uint> Counters;
RWStructuredBuffer<uint> Out;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    InterlockedMax(Heat[id.xy / (uint2)4], id.x ^ id.y);
    uint before;
    InterlockedAdd(Counters[id.x], 2u, before);
    int prior;
    InterlockedExchange(Signed[id.y & 1u][id.xy], -int(id.x), prior);
    uint seen;
    InterlockedCompareExchange(Heat[uint2(0u, 0u)], 0u, id.x + 1u, seen);
    InterlockedCompareStore(Counters[7], 0u, 9u);
    InterlockedXor(Signed[1][id.yx], int(before));
    Out[id.y * 8u + id.x] = before + seen + uint(prior);
}
