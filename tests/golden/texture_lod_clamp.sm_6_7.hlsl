Texture2D<float> Depth;
Texture2DArray<float4> Layers;
SamplerState Linear;
SamplerComparisonState Shadow;
RWStructuredBuffer<float4> Out;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x) / 64.0f, 0.5f);
    float lit = Depth.SampleCmpLevel(Shadow, uv, 0.5f, 1.0f) + Depth.SampleCmpLevel(Shadow, uv, 0.5f, 2.0f, int2(1, 0));
    float4 c = Layers.SampleGrad(Linear, float3(uv, 1.0f), float2(0.1f, 0.0f), float2(0.0f, 0.1f), int2(0, 0), 1.5f);
    Out[id.x] = c * (float4)lit;
}
