struct Light {
    float radius;
    float3 position;
    float2 angles;
    float3 color;
    float3x4 transform;
    row_major float2x3 basis;
    float3x2 basisT;
    float2x2 pair[2];
};

cbuffer Frame {
    float exposure;
    float3 sunDirection;
    float4x4 viewProjection;
    float weights[3];
    float2 jitter;
};
cbuffer Tuning {
    float gain : packoffset(c1.x);
    float2 bias : packoffset(c0.z);
    float3 tint : packoffset(c2.x);
    float after;
};
[[vk::binding(4, 0)]] StructuredBuffer<Light> Lights;
[[vk::binding(5, 0)]] StructuredBuffer<float3x4> Transforms;
[[vk::binding(6, 0)]] RWStructuredBuffer<float4> Out;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Light l = Lights[id.x];
    float3 p = mul(l.transform, float4(l.position, 1.0f)) * (float3)exposure;
    float4 q = mul(sunDirection * (float3)weights[id.x % 3u], Transforms[id.x]);
    Out[id.x] = float4(p + l.color, l.basis[1][2] + l.basisT[2][1] + l.pair[1][0][1] + jitter.y) + q + mul(viewProjection, float4(l.angles, 0.0f, 1.0f)) + float4(tint * (float3)gain, bias.x + after);
}
