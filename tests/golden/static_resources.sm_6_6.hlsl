RWStructuredBuffer<uint> Queues[2];
StructuredBuffer<float> Weights;
cbuffer Frame {
    uint CounterIndex;
    uint Queue;
};

float Weight(uint i) {
    StructuredBuffer<float> Table = Weights;
    return Table[i % 4u];
}

globallycoherent RWByteAddressBuffer wavec_heap0(uint index) {
    globallycoherent RWByteAddressBuffer resource = ResourceDescriptorHeap[index];
    return resource;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint slot;
    wavec_heap0(CounterIndex).InterlockedAdd(0u, 1u, slot);
    Queues[Queue][slot] = asuint(Weight(id.x));
    DeviceMemoryBarrierWithGroupSync();
    Queues[Queue][64u + id.x] = wavec_heap0(CounterIndex).Load(0u);
}
