struct Material {
    uint2 albedo;
    uint2 sampler_1;
    uint2 weights;
};

StructuredBuffer<Material> Materials;
uint2 Target;
RWStructuredBuffer<float4> Output;

uint2 wavec_bit_cast_uint64_t_uint2(uint64_t value) {
    return uint2(uint(value), uint(value >> 32ull));
}

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

float4 Shade_ResourceDescriptorHeap_SamplerDescriptorHeap(uint t_index0, uint s_index0, float2 uv) {
    return ResourceDescriptorHeap[t_index0].SampleLevel(SamplerDescriptorHeap[s_index0], uv, 0.0f);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint wavec_heap0_result_index0 = 0u;
    uint wavec_heap1_result_index0 = 0u;
    uint wavec_heap2_result_index0 = 0u;
    uint wavec_heap0_result_index0_1 = 0u;
    uint wavec_heap0_result_index0_2 = 0u;
    uint wavec_heap3_result_index0 = 0u;
    Material m = Materials[id.x];
    wavec_heap0_choice(m.albedo.x, wavec_heap0_result_index0);
    wavec_heap1_choice(m.sampler_1.x, wavec_heap1_result_index0);
    wavec_heap2_choice(m.weights.x, wavec_heap2_result_index0);
    float4 c = Shade_ResourceDescriptorHeap_SamplerDescriptorHeap(wavec_heap0_result_index0, wavec_heap1_result_index0, float2(0.5f, 0.5f)) * (float4)ResourceDescriptorHeap[wavec_heap2_result_index0][id.x];
    wavec_heap0_choice(m.albedo.x, wavec_heap0_result_index0_1);
    uint albedo_index0 = 0u;
    albedo_index0 = wavec_heap0_result_index0_1;
    c += ResourceDescriptorHeap[albedo_index0].Load(int3(0, 0, 0));
    uint2 bits = m.albedo.xy;
    wavec_heap0_choice((bits + uint2(1u, 0u)).xy.x, wavec_heap0_result_index0_2);
    c += ResourceDescriptorHeap[wavec_heap0_result_index0_2].Load(int3(1, 1, 0));
    uint2 same = wavec_bit_cast_uint64_t_uint2(uint64_t(m.weights.x) | uint64_t(m.weights.y) << 32ull);
    c.x += float(same.x + same.y);
    wavec_heap3_choice(Target.x, wavec_heap3_result_index0);
    ResourceDescriptorHeap[wavec_heap3_result_index0][id.xy] = c;
    Output[id.x] = c;
}
