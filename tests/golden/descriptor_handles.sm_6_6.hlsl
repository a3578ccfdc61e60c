struct Material {
    uint2 albedo;
    uint2 sampler_1;
    uint2 weights;
};

StructuredBuffer<Material> Materials;
uint2 Target;
RWStructuredBuffer<float4> Output;

float4 Shade(Texture2D<float4> t, SamplerState s, float2 uv) {
    return t.SampleLevel(s, uv, 0.0f);
}

uint2 wavec_bit_cast_uint64_t_uint2(uint64_t value) {
    return uint2(uint(value), uint(value >> 32ull));
}

Texture2D<float4> wavec_heap0(uint index) {
    Texture2D<float4> resource = ResourceDescriptorHeap[index];
    return resource;
}

SamplerState wavec_heap1(uint index) {
    SamplerState resource = SamplerDescriptorHeap[index];
    return resource;
}

Buffer<float> wavec_heap2(uint index) {
    Buffer<float> resource = ResourceDescriptorHeap[index];
    return resource;
}

RWTexture2D<float4> wavec_heap3(uint index) {
    RWTexture2D<float4> resource = ResourceDescriptorHeap[index];
    return resource;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Material m = Materials[id.x];
    float4 c = Shade(wavec_heap0(m.albedo.x), wavec_heap1(m.sampler_1.x), float2(0.5f, 0.5f)) * (float4)wavec_heap2(m.weights.x)[id.x];
    Texture2D<float4> albedo = wavec_heap0(m.albedo.x);
    c += albedo.Load(int3(0, 0, 0));
    uint2 bits = m.albedo.xy;
    c += wavec_heap0((bits + uint2(1u, 0u)).xy.x).Load(int3(1, 1, 0));
    uint2 same = wavec_bit_cast_uint64_t_uint2(uint64_t(m.weights.x) | uint64_t(m.weights.y) << 32ull);
    c.x += float(same.x + same.y);
    wavec_heap3(Target.x)[id.xy] = c;
    Output[id.x] = c;
}
