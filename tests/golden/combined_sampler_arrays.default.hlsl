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

Sampler2D_float4 wavec_make_Sampler2D_float4(Texture2D<float4> p0, SamplerState p1) {
    Sampler2D_float4 r = {p0, p1};
    return r;
}

Sampler2DShadow_float wavec_make_Sampler2DShadow_float(Texture2D<float> p0, SamplerComparisonState p1) {
    Sampler2DShadow_float r = {p0, p1};
    return r;
}

Sampler2D_float wavec_make_Sampler2D_float(Texture2D<float> p0, SamplerState p1) {
    Sampler2D_float r = {p0, p1};
    return r;
}

float Sampler2D_float_SampleLevel(Sampler2D_float this_1, float2 location, float level) {
    return this_1.texture_1.SampleLevel(this_1.sampler_1, location, level);
}

float4 Sampler2D_float4_SampleLevel(Sampler2D_float4 this_1, float2 location, float level) {
    return this_1.texture_1.SampleLevel(this_1.sampler_1, location, level);
}

float Sampler2DShadow_float_SampleCmpLevelZero(Sampler2DShadow_float this_1, float2 location, float compareValue) {
    return this_1.texture_1.SampleCmpLevelZero(this_1.sampler_1, location, compareValue);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x) / 8.0f, 0.25f);
    uint m = MaterialOf[id.x];
    float4 c = Sampler2D_float4_SampleLevel(wavec_make_Sampler2D_float4(materials[NonUniformResourceIndex(m)], materials_sampler[NonUniformResourceIndex(m)]), uv, 0.0f);
    float lit = Sampler2DShadow_float_SampleCmpLevelZero(wavec_make_Sampler2DShadow_float(shadowMap, shadowMap_sampler), uv, 0.5f);
    Out[id.x] = Sampler2D_float_SampleLevel(wavec_make_Sampler2D_float(layers[id.x & 3u], layers_sampler[id.x & 3u]), uv, 0.0f) * lit + c.w;
}
