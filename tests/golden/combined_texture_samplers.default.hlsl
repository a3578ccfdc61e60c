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

float4 tapFour(Sampler2D_float4 s, float2 uv) {
    float4 sum = s.texture_1.SampleLevel(s.sampler_1, uv, 0.0f) + s.texture_1.SampleGrad(s.sampler_1, uv, float2(0.01f, 0.0f), float2(0.0f, 0.01f));
    return sum + s.texture_1.Load(int3(1, 2, 0)) + s.texture_1.GatherGreen(s.sampler_1, uv);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x) / 8.0f, 0.5f);
    uint w;
    uint h;
    uint levels;
    albedo.GetDimensions(0u, w, h, levels);
    Out[id.x] = tapFour(wavec_make_Sampler2D_float4(albedo, albedo_sampler), uv) + sky.SampleLevel(sky_sampler, float3(uv, 1.0f), 1.0f) + (float4)float(w + h + levels);
}
