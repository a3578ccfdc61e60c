RWStructuredBuffer<float4> Out;

[RootSignature("RootFlags(0), DescriptorTable(UAV(u0))")]
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float x = float(id.x) / 32.0f - 0.5f;
    float3 v = normalize(float3(x, -1.0f, 0.25f));
    float3 n = float3(0.0f, 1.0f, 0.0f);
    float s;
    float c;
    sincos(x, s, c);
    float whole;
    float part = modf(x * 7.0f, whole);
    float e;
    float mant = frexp(x * 100.0f, e);
    float2 h = sinh(float2(x, 1.0f)) + cosh(float2(x, 2.0f)) + tanh(float2(x, 3.0f));
    float a = radians(x) + degrees(x) + log10(x + 2.0f) + rcp(x + 2.0f) + ldexp(x, 3.0f);
    float3 r = reflect(v, n) + refract(v, n, 0.75f) + faceforward(n, v, n);
    bool2 both = and(bool2(x > 0.0f, true), bool2(true, x < 0.25f));
    bool2 either = or(both, bool2(x < -0.25f, false));
    float3x2 turned = transpose(float2x3(x, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f));
    float3x3 cut = (float3x3)float4x4(x, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f);
    a += turned[2][0] + turned[0][1] + cut[2][2] + ((float2x2)cut)[1][0];
    bool2 odd = isnan(float2(x / (x - x), x)) || isinf(float2(1.0f / x, x));
    Out[id.x] = float4(h + float2(s, c), part + whole + mant + e, a) + float4(r, float(either.x || either.y || odd.x));
}
