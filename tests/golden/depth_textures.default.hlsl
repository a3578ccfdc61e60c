Texture2D<float> Depth;
SamplerComparisonState Shadow;
RWTexture2D<uint> Counts;
RWStructuredBuffer<float> Results;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float lit = Depth.SampleCmpLevelZero(Shadow, float2(float2(id.xy)) / (float2)8.0f, 0.5f);
    Counts[id.xy] = Counts[id.xy] + uint(lit > 0.5f ? 1 : 0);
    Results[id.x + id.y * 8u] = lit + float(Counts[(uint2)0]);
}
