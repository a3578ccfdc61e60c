RWStructuredBuffer<float4> Output;
cbuffer Frame {
    uint TextureIndex;
    uint SamplerIndex;
};

Texture2D<float4> wavec_heap0(uint index) {
    Texture2D<float4> resource = ResourceDescriptorHeap[index];
    return resource;
}

SamplerState wavec_heap1(uint index) {
    SamplerState resource = SamplerDescriptorHeap[index];
    return resource;
}

Buffer<float4> wavec_heap2(uint index) {
    Buffer<float4> resource = ResourceDescriptorHeap[index];
    return resource;
}

RWTexture2D<float4> wavec_heap3(uint index) {
    RWTexture2D<float4> resource = ResourceDescriptorHeap[index];
    return resource;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Texture2D<float4> albedo = wavec_heap0(TextureIndex);
    SamplerState linear_1 = wavec_heap1(SamplerIndex);
    Buffer<float4> weights = wavec_heap2(NonUniformResourceIndex(id.x));
    RWTexture2D<float4> target = wavec_heap3(TextureIndex + 1u);
    uint2 next = uint2(TextureIndex + 2u, 0u);
    float4 c = albedo.SampleLevel(linear_1, float2(0.5f, 0.5f), 0.0f) + weights[id.x] + wavec_heap0(next.x).Load(int3(int2(id.xy), 0));
    c += wavec_heap0(TextureIndex + 3u).Load(int3(int2(id.xy), 0));
    target[id.xy] = c;
    Output[id.x] = c;
}
