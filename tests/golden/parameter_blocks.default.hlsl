struct Material {
    float4 tint;
    Texture2D<float4> albedo;
    SamplerState linear_1;
    float bias;
};

struct Targets {
    RWStructuredBuffer<float4> color;
    RWStructuredBuffer<uint> hits;
};

struct Fog {
    float density;
    Texture3D<float4> volume;
};

struct Material_data {
    float4 tint;
    float bias;
};

struct Fog_data {
    float density;
};

[[vk::binding(0, 1)]] ConstantBuffer<Material_data> gMaterial : register(b0, space1);
[[vk::binding(0, 2)]] RWStructuredBuffer<float4> gTargets_color : register(u0, space2);
Texture2D<float4> Noise;
ConstantBuffer<Fog_data> gFog;
[[vk::binding(1, 1)]] Texture2D<float4> gMaterial_albedo : register(t0, space1);
[[vk::binding(2, 1)]] SamplerState gMaterial_linear : register(s0, space1);
[[vk::binding(1, 2)]] RWStructuredBuffer<uint> gTargets_hits : register(u1, space2);
Texture3D<float4> gFog_volume;

[numthreads(8, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x) / 8.0f, 0.5f);
    gTargets_color[id.x] = gMaterial_albedo.SampleLevel(gMaterial_linear, uv, 0.0f) * gMaterial.tint + (float4)gMaterial.bias + Noise.Load(int3(int(id.x), 0, 0)) + gFog_volume.Load(int4(int(id.x), 0, 0, 0)) * (float4)gFog.density;
    InterlockedAdd(gTargets_hits[0], 1u);
}
