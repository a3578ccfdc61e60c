globallycoherent RWStructuredBuffer<float> partials;
globallycoherent RWTexture2D<float4> accum;
RWStructuredBuffer<float> results;

float scaled(precise float x, float k) {
    return x * k + 1.0f;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float a = partials[id.x];
    float b = partials[id.x + 64u];
    float t = a * b;
    precise float r = t + a * 0.5f;
    r += b * b;
    float loose = a * b + 2.0f;
    partials[id.x] = r;
    accum[id.xy] = float4(r, loose, 0.0f, 1.0f);
    results[id.x] = scaled(loose, 3.0f) + WaveActiveSum(r);
}
