RWStructuredBuffer<float4> Out;
RWStructuredBuffer<uint4> OutU;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float x = float(id.x) / 32.0f;
    float3 n = normalize(float3(x, 1.0f - x, 0.5f));
    float a = min(x, 0.25f) + max(x, 1.0f) + clamp(x, 0.1f, 0.9f) + abs(-x) + saturate(x * 2.0f);
    float b = lerp(0.0f, 10.0f, x) + dot(n, n) + length(n) + sqrt(x) + rsqrt(x + 1.0f);
    float c = floor(x * 10.0f) + ceil(x) + frac(x * 3.0f) + exp(x) + log(x + 1.0f) + pow(x, 2.0f) + sin(x) + cos(x);
    float3 d = cross(n, float3(0.0f, 0.0f, 1.0f));
    uint bits = asuint(x) ^ countbits(id.x) ^ firstbitlow(id.x | 1u) ^ firstbithigh(id.x + 1u) ^ reversebits(id.x);
    uint packed = f32tof16(x) | f32tof16(1.0f - x) << 16;
    float back = f16tof32(packed & 65535u) + asfloat(asuint(x)) + float(asint(x));
    Out[id.x] = float4(a, b, c, back) + float4(d, 0.0f);
    OutU[id.x] = uint4(bits, packed, id.x * 3u, uint(a));
}
