Texture2D<float4> Albedo;
Texture2D<float4> Normals[2];
SamplerState PointClamp;
StructuredBuffer<uint> Indices;
RWStructuredBuffer<float4> Output;
cbuffer Frame {
    float4x4 ViewProj;
    float4 Tint;
    uint NormalLayer;
};

uint Max4(uint This, uint Other) {
    return max(This, Other) * 4u;
}

float4 Fetch(Texture2D<float4> tex, SamplerState s, uint2 texel) {
    return tex.SampleLevel(s, (float2(float2(texel)) + (float2)0.5f) / (float2)64.0f, 0.0f);
}

float4 Shade(Texture2D<float4> albedo, Texture2D<float4> normals, SamplerState s, uint2 texel) {
    return Fetch(albedo, s, texel) * (float4)Fetch(normals, s, texel).z;
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Texture2D<float4> normals = Normals[NormalLayer];
    uint i = Indices[id.y * 8u + id.x];
    float4 c = Shade(Albedo, normals, PointClamp, id.xy) + Fetch(Normals[1], PointClamp, id.yx);
    Output[Max4(i, id.x)] = mul(ViewProj, c) * Tint;
}
