Texture2D<float4> Textures[] : register(t0, space1);
SamplerState Samplers[] : register(s1, space1);
StructuredBuffer<uint> MaterialOf;
RWStructuredBuffer<float4> Output;
cbuffer Frame {
    uint SkyTexture;
};

float4 Shade(Texture2D<float4> t, SamplerState s, float2 uv) {
    return t.SampleLevel(s, uv, 0.0f);
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint material = MaterialOf[gi];
    float2 uv = (float2(float2(id.xy)) + (float2)0.5f) / (float2)64.0f;
    float4 albedo = Textures[NonUniformResourceIndex(material)].SampleLevel(Samplers[NonUniformResourceIndex(material % 2u)], uv, 0.0f);
    float4 sky = Textures[SkyTexture].Load(int3(int2(id.xy), 0));
    float4 detail = Shade(Textures[NonUniformResourceIndex(material + 1u)], Samplers[0], uv);
    Output[gi] = albedo + sky + detail;
}
