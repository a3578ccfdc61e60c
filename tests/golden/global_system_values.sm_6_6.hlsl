RWStructuredBuffer<int> outputBuffer;
static uint3 groupId;
static uint lane;
static uint2 thread;

int code() {
    return int(groupId.x * 1000u + lane * 10u + thread.x);
}

[numthreads(4, 1, 1)]
void computeMain(uint3 wavec_GroupID : SV_GroupID, uint wavec_GroupIndex : SV_GroupIndex, uint2 wavec_DispatchThreadID : SV_DispatchThreadID) {
    groupId = wavec_GroupID;
    lane = wavec_GroupIndex;
    thread = wavec_DispatchThreadID;
    outputBuffer[thread.x] = code();
}
