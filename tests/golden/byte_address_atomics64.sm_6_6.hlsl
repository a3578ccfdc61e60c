RWByteAddressBuffer buffer;

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    buffer.InterlockedAdd64(0u, uint64_t(id.x) << 28);
    uint64_t original;
    uint64_t before = (buffer.InterlockedMax64(8u, uint64_t(id.x) << 33 | uint64_t(id.x), original), original);
    uint64_t seen;
    buffer.InterlockedCompareExchange64(16u, before, before + 1ull, seen);
    buffer.InterlockedAdd64(24u, -int64_t(seen));
}
