StructuredBuffer<int> inputBuffer;
RWStructuredBuffer<int> outputBuffer;

[numthreads(4, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    int i = int(tid.x);
    float x = float(inputBuffer[i]);
    float2x2 a = float2x2(1.0f, 2.0f, 3.0f, 4.0f);
    float2x2 b = float2x2(x, 1.0f, 0.0f, 2.0f);
    float2x2 p = mul(b, a);
    outputBuffer[i] = int(p[0][0] + 10.0f * p[0][1] + 100.0f * p[1][0] + 1000.0f * p[1][1]);
    float2 v = mul(float2(1.0f, x), a);
    outputBuffer[4 + i] = int(v.x * 100.0f + v.y);
    float2 w = mul(a, float2(1.0f, x));
    outputBuffer[8 + i] = int(w.x * 100.0f + w.y);
    float2x2 d = float2x2(5.0f, 0.0f, 0.0f, 5.0f);
    float3x3 e = float3x3(a[0u][0u], a[0u][1u], 0.0f, a[1u][0u], a[1u][1u], 0.0f, 0.0f, 0.0f, 1.0f);
    float2x2 f = (float2x2)float3x3(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f);
    outputBuffer[12 + i] = int(d[0][0] * 10.0f + d[0][1] + e[2][2] * 100.0f + e[1][0] * 1000.0f + e[2][0] * 10000.0f);
    outputBuffer[16 + i] = int(f[0][0] + f[0][1] * 10.0f + f[1][0] * 100.0f + f[1][1] * 1000.0f);
    int eq = all(float2(x, 1.0f) == float2(1.0f, 1.0f)) ? 1 : 0;
    int ne = any((float3)x != float3(x, x, 0.0f)) ? 10 : 0;
    outputBuffer[20 + i] = eq + ne;
    float2x2 c = a;
    c = mul(b, c);
    outputBuffer[24 + i] = int(c[0][1]);
}
