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

void wavec_heap0_choice(uint index, out uint result_index0) {
    uint resource_index0 = index;
    result_index0 = resource_index0;
    return;
}

float weigh_Weights(uint w_index0, uint i) {
    return Weights[w_index0][i] * 2.0f;
}

float weigh_Weights_1(int w_index0, uint i) {
    return Weights[w_index0][i] * 2.0f;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint wavec_heap0_result_index0 = 0u;
    Light light = Lights[id.x % 3u];
    Bins[id.x & 1u].Append(light.count);
    uint job = Work[NonUniformResourceIndex(id.x)].Consume();
    Accum[NonUniformResourceIndex(id.x)].InterlockedAdd64(8u, uint64_t(job));
    uint64_t before;
    Accum[0].InterlockedMax64(0u, uint64_t(id.x), before);
    uint bytes;
    Accum[1].GetDimensions(bytes);
    wavec_heap0_choice(NonUniformResourceIndex(job), wavec_heap0_result_index0);
    uint heap_index0 = 0u;
    heap_index0 = wavec_heap0_result_index0;
    Output[id.x] = light.color.x + float(Lights[2].count) + weigh_Weights(id.x % 4u, 1u) + weigh_Weights_1(0, 0u) + float(before) + float(bytes) + ResourceDescriptorHeap[heap_index0][0];
}
