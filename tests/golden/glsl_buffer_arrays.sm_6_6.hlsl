struct Light {
    float3 color;
    uint count;
};

ConstantBuffer<Light> Lights[3];
AppendStructuredBuffer<uint> Bins[2];
ConsumeStructuredBuffer<uint> Work[2];
RWByteAddressBuffer Accum[] : register(u0, space1);
StructuredBuffer<float> Weights[4];
RWStructuredBuffer<float> Output;

float weigh(StructuredBuffer<float> w, uint i) {
    return w[i] * 2.0f;
}

StructuredBuffer<float> wavec_heap0(uint index) {
    StructuredBuffer<float> resource = ResourceDescriptorHeap[index];
    return resource;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Light light = Lights[id.x % 3u];
    Bins[id.x & 1u].Append(light.count);
    uint job = Work[NonUniformResourceIndex(id.x)].Consume();
    Accum[NonUniformResourceIndex(id.x)].InterlockedAdd64(8u, uint64_t(job));
    uint64_t before;
    Accum[0].InterlockedMax64(0u, uint64_t(id.x), before);
    uint bytes;
    Accum[1].GetDimensions(bytes);
    StructuredBuffer<float> heap = wavec_heap0(NonUniformResourceIndex(job));
    Output[id.x] = light.color.x + float(Lights[2].count) + weigh(Weights[id.x % 4u], 1u) + weigh(Weights[0], 0u) + float(before) + float(bytes) + heap[0];
}
