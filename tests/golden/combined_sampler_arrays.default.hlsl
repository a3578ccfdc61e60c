struct Sampler2D_float {
    Texture2D<float> texture_1;
    SamplerState sampler_1;
};

struct Sampler2D_float4 {
    Texture2D<float4> texture_1;
    SamplerState sampler_1;
};

struct Sampler2DShadow_float {
    Texture2D<float> texture_1;
    SamplerComparisonState sampler_1;
};

Texture2D<float> layers[4] : register(t0, space1);
SamplerState layers_sampler[4] : register(s0, space1);
Texture2D<float4> materials[] : register(t0, space2);
SamplerState materials_sampler[] : register(s0, space2);
Texture2D<float> shadowMap;
SamplerComparisonState shadowMap_sampler;
StructuredBuffer<uint> MaterialOf;
RWStructuredBuffer<float> Out;

float4 material_k0(uint m, float2 uv) {
    return materials[NonUniformResourceIndex(m)].SampleLevel(materials_sampler[NonUniformResourceIndex(m)], uv, 0.0f);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x) / 8.0f, 0.25f);
    uint m = MaterialOf[id.x];
    float4 c = material_k0(m, uv);
    float lit = shadowMap.SampleCmpLevelZero(shadowMap_sampler, uv, 0.5f);
    Out[id.x] = layers[id.x & 3u].SampleLevel(layers_sampler[id.x & 3u], uv, 0.0f) * lit + c.w;
}
