struct Totals {
    uint sum;
    uint largest;
};

[[vk::binding(0, 0)]] RWStructuredBuffer<uint> values;
RWStructuredBuffer<Totals> Totals_1;
RWStructuredBuffer<uint> results;
groupshared uint staged[8];
static uint3 gl_GlobalInvocationID;
static uint gl_LocalInvocationIndex;
static uint3 gl_LocalInvocationID;

uint mine() {
    return values[gl_GlobalInvocationID.x];
}

[numthreads(8, 1, 1)]
void computeMain(uint3 wavec_DispatchThreadID : SV_DispatchThreadID, uint wavec_GroupIndex : SV_GroupIndex, uint3 wavec_GroupThreadID : SV_GroupThreadID) {
    gl_GlobalInvocationID = wavec_DispatchThreadID;
    gl_LocalInvocationIndex = wavec_GroupIndex;
    gl_LocalInvocationID = wavec_GroupThreadID;
    uint x = mine();
    staged[gl_LocalInvocationIndex] = x;
    GroupMemoryBarrierWithGroupSync();
    uint2 pair = uint2(staged[(gl_LocalInvocationID.x + 1u) % 8u], WaveActiveSum(x));
    results[gl_GlobalInvocationID.x] = pair.x * 100u + pair.y;
    uint top = WaveActiveMax(x);
    if (WaveIsFirstLane()) {
        Totals_1[0u].sum = pair.y;
        Totals_1[0u].largest = top;
    }
}
