RWStructuredBuffer<float> results;
static const float3 float3__origin = float3(0.0f, 0.0f, 0.0f);

float float_halved(float this_1) {
    return this_1 * 0.5f;
}

float3 float3_halved(float3 this_1) {
    return this_1 / (float3)2.0f;
}

void float3_clampUnit(inout float3 this_1) {
    this_1 = saturate(this_1);
}

float3 midpoint_float3(float3 a, float3 b) {
    return float3_halved(a + b);
}

float midpoint_float(float a, float b) {
    return float_halved(a + b);
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    float x = results[id.x];
    float3 p = midpoint_float3(float3(x, 1.0f, 2.0f), float3__origin);
    float3_clampUnit(p);
    results[id.x] = midpoint_float(x, p.z) + p.x;
}
