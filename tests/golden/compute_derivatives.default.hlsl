Texture2D<float4> Image;
SamplerState Smooth;
RWStructuredBuffer<float4> Results;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = (float2(float2(id.xy)) + (float2)0.5f) / (float2)8.0f;
    Results[id.x + id.y * 8u] = Image.Sample(Smooth, uv) + Image.SampleBias(Smooth, uv * (float2)2.0f, 1.0f);
}
