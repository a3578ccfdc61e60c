struct Sampler2D_float4 {
    Texture2D<float4> texture_1;
    SamplerState sampler_1;
};

struct SamplerCube_float4 {
    TextureCube<float4> texture_1;
    SamplerState sampler_1;
};

Texture2D<float4> albedo;
SamplerState albedo_sampler;
TextureCube<float4> sky : register(t3);
SamplerState sky_sampler : register(s5);
RWStructuredBuffer<float4> Out;

Sampler2D_float4 wavec_make_Sampler2D_float4(Texture2D<float4> p0, SamplerState p1) {
    Sampler2D_float4 r = {p0, p1};
    return r;
}

SamplerCube_float4 wavec_make_SamplerCube_float4(TextureCube<float4> p0, SamplerState p1) {
    SamplerCube_float4 r = {p0, p1};
    return r;
}

float4 Sampler2D_float4_SampleLevel(Sampler2D_float4 this_1, float2 location, float level) {
    return this_1.texture_1.SampleLevel(this_1.sampler_1, location, level);
}

float4 Sampler2D_float4_SampleGrad(Sampler2D_float4 this_1, float2 location, float2 gradX, float2 gradY) {
    return this_1.texture_1.SampleGrad(this_1.sampler_1, location, gradX, gradY);
}

float4 Sampler2D_float4_GatherGreen(Sampler2D_float4 this_1, float2 location) {
    return this_1.texture_1.GatherGreen(this_1.sampler_1, location);
}

float4 Sampler2D_float4_Load(Sampler2D_float4 this_1, int3 location) {
    return this_1.texture_1.Load(location);
}

void Sampler2D_float4_GetDimensions_2(Sampler2D_float4 this_1, uint mipLevel, out uint width, out uint height, out uint numberOfLevels) {
    this_1.texture_1.GetDimensions(mipLevel, width, height, numberOfLevels);
}

float4 SamplerCube_float4_SampleLevel(SamplerCube_float4 this_1, float3 location, float level) {
    return this_1.texture_1.SampleLevel(this_1.sampler_1, location, level);
}

float4 tapFour(Sampler2D_float4 s, float2 uv) {
    float4 sum = Sampler2D_float4_SampleLevel(s, uv, 0.0f) + Sampler2D_float4_SampleGrad(s, uv, float2(0.01f, 0.0f), float2(0.0f, 0.01f));
    return sum + Sampler2D_float4_Load(s, int3(1, 2, 0)) + Sampler2D_float4_GatherGreen(s, uv);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x) / 8.0f, 0.5f);
    uint w;
    uint h;
    uint levels;
    Sampler2D_float4_GetDimensions_2(wavec_make_Sampler2D_float4(albedo, albedo_sampler), 0u, w, h, levels);
    Out[id.x] = tapFour(wavec_make_Sampler2D_float4(albedo, albedo_sampler), uv) + SamplerCube_float4_SampleLevel(wavec_make_SamplerCube_float4(sky, sky_sampler), float3(uv, 1.0f), 1.0f) + (float4)float(w + h + levels);
}
