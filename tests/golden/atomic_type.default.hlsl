struct Atomic_uint {
    uint value;
};

struct Atomic_int {
    int value;
};

RWStructuredBuffer<Atomic_uint> counters;
RWStructuredBuffer<int> outputBuffer;
groupshared Atomic_int shared_1;

[numthreads(16, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
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
    GroupMemoryBarrierWithGroupSync();
    uint ticket = (InterlockedAdd(counters[0].value, 1u, atomic_original), atomic_original);
    atomic_operand = int(ticket), (InterlockedAdd(shared_1.value, atomic_operand, atomic_original_1), atomic_original_1) + atomic_operand;
    InterlockedMax(counters[1].value, tid.x * 3u, atomic_original_2), atomic_original_2;
    InterlockedOr(counters[2].value, 1u << tid.x);
    InterlockedAdd(counters[3].value, 4294967294u);
    uint before = (InterlockedAdd(counters[4].value, 1u, atomic_original_3), atomic_original_3);
    (InterlockedAdd(counters[4].value, 1u, atomic_original_4), atomic_original_4) + 1u;
    GroupMemoryBarrierWithGroupSync();
    if (tid.x == 0u) {
        outputBuffer[0] = int(counters[0].value);
        outputBuffer[1] = shared_1.value;
        outputBuffer[2] = int((InterlockedExchange(counters[5].value, 7u, atomic_original_5), atomic_original_5));
        outputBuffer[3] = int((InterlockedCompareExchange(counters[5].value, 7u, 9u, atomic_original_6), atomic_original_6));
        outputBuffer[4] = int((InterlockedCompareExchange(counters[5].value, 1u, 2u, atomic_original_7), atomic_original_7));
        outputBuffer[5] = int(counters[5].value);
        outputBuffer[6] = (InterlockedAdd(shared_1.value, -20, atomic_original_8), atomic_original_8) - shared_1.value;
        outputBuffer[7] = int(counters[3].value);
        outputBuffer[8] = int(counters[4].value);
        outputBuffer[9] = int(40u + uint((InterlockedAdd(shared_1.value, -1, atomic_original_9), atomic_original_9) - (InterlockedAdd(shared_1.value, 1, atomic_original_10), atomic_original_10)));
        outputBuffer[10] = int(counters[1].value);
        outputBuffer[11] = int(counters[2].value);
    }
}
