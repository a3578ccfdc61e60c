Texture2D<float4> Albedo;
SamplerState Bilinear;
RWStructuredBuffer<float4> Out;

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = float2(float(id.x), float(id.x * 2u)) / (float2)8.0f;
    float2 slope = float2(ddx_fine(uv.x), ddy_coarse(uv.y));
    float lod = Albedo.CalculateLevelOfDetail(Bilinear, uv) - Albedo.CalculateLevelOfDetailUnclamped(Bilinear, uv);
    Out[id.x] = Albedo.Sample(Bilinear, uv) * (float4)fwidth(uv.x) + float4(slope, ddx(uv.y), ddy_fine(uv.x)) * (float4)lod;
}
