struct Atomic_uint {
    uint value;
};

RWStructuredBuffer<Atomic_uint> flags;
RWStructuredBuffer<uint> data;

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    uint atomic_original;
    uint atomic_acquired;
    uint atomic_original_1;
    uint atomic_acquired_1;
    data[id.x] = id.x;
    AllMemoryBarrier(), (InterlockedAdd(flags[0].value, 1u, atomic_original), atomic_original);
    uint seen = (atomic_acquired = flags[0].value, (AllMemoryBarrier(), atomic_acquired));
    data[id.x + 4u] = (AllMemoryBarrier(), (atomic_acquired_1 = (InterlockedCompareExchange(flags[1].value, 0u, seen, atomic_original_1), atomic_original_1), (AllMemoryBarrier(), atomic_acquired_1)));
}
