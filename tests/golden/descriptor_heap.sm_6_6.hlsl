RWStructuredBuffer<float4> Output;
cbuffer Frame {
    uint TextureIndex;
    uint SamplerIndex;
};

void wavec_heap0_choice(uint index, out uint result_index0) {
    uint resource_index0 = index;
    result_index0 = resource_index0;
    return;
}

void wavec_heap1_choice(uint index, out uint result_index0) {
    uint resource_index0 = index;
    result_index0 = resource_index0;
    return;
}

void wavec_heap2_choice(uint index, out uint result_index0) {
    uint resource_index0 = index;
    result_index0 = resource_index0;
    return;
}

void wavec_heap3_choice(uint index, out uint result_index0) {
    uint resource_index0 = index;
    result_index0 = resource_index0;
    return;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint wavec_heap0_result_index0 = 0u;
    uint wavec_heap1_result_index0 = 0u;
    uint wavec_heap2_result_index0 = 0u;
    uint wavec_heap3_result_index0 = 0u;
    uint wavec_heap0_result_index0_1 = 0u;
    uint wavec_heap0_result_index0_2 = 0u;
    wavec_heap0_choice(TextureIndex, wavec_heap0_result_index0);
    uint albedo_index0 = 0u;
    albedo_index0 = wavec_heap0_result_index0;
    wavec_heap1_choice(SamplerIndex, wavec_heap1_result_index0);
    uint linear_index0 = 0u;
    linear_index0 = wavec_heap1_result_index0;
    wavec_heap2_choice(NonUniformResourceIndex(id.x), wavec_heap2_result_index0);
    uint weights_index0 = 0u;
    weights_index0 = wavec_heap2_result_index0;
    wavec_heap3_choice(TextureIndex + 1u, wavec_heap3_result_index0);
    uint target_index0 = 0u;
    target_index0 = wavec_heap3_result_index0;
    uint2 next = uint2(TextureIndex + 2u, 0u);
    wavec_heap0_choice(next.x, wavec_heap0_result_index0_1);
    float4 c = ResourceDescriptorHeap[albedo_index0].SampleLevel(SamplerDescriptorHeap[linear_index0], float2(0.5f, 0.5f), 0.0f) + ResourceDescriptorHeap[weights_index0][id.x] + ResourceDescriptorHeap[wavec_heap0_result_index0_1].Load(int3(int2(id.xy), 0));
    wavec_heap0_choice(TextureIndex + 3u, wavec_heap0_result_index0_2);
    c += ResourceDescriptorHeap[wavec_heap0_result_index0_2].Load(int3(int2(id.xy), 0));
    ResourceDescriptorHeap[target_index0][id.xy] = c;
    Output[id.x] = c;
}
