[[vk::binding(0, 0)]] Texture2DMS<float> DepthMS : register(t0);
[[vk::binding(1, 0)]] Texture2DMSArray<float4> ColorMS : register(t1);
[[vk::binding(2, 0)]] RWStructuredBuffer<float4> Resolved : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint width;
    uint height;
    uint samples;
    DepthMS.GetDimensions(width, height, samples);
    if (id.x >= width || id.y >= height) {
        return;
    }
    float nearest = 1.0f;
    float farthest = 0.0f;
    for (uint s = 0u; s < samples; s++) {
        float d = DepthMS.Load(int2(int2(id.xy)), int(s));
        nearest = min(nearest, d);
        farthest = max(farthest, d);
    }
    float moved = DepthMS.Load(int2(int2(id.xy)), 0, int2(-1, 1)) + DepthMS.Load(int2(id.xy), 0) + DepthMS.Load(int2(id.xy), 1);
    float4 color = (float4)0;
    float w;
    float h;
    float layers;
    float colorSamples;
    ColorMS.GetDimensions(w, h, layers, colorSamples);
    for (uint layer = 0u; layer < uint(layers); layer++) {
        for (int c = 0; c < int(colorSamples); c++) {
            color += ColorMS.Load(int3(int2(id.xy), int(layer)), c);
        }
    }
    color /= layers * colorSamples;
    color += ColorMS.Load(int3(uint3(id.xy, 0u)), 1) * (float4)0.5f + ColorMS.Load(int3(int2(id.xy), 1), 0, int2(1, 0));
    Resolved[id.y * width + id.x] = float4(nearest, farthest, moved, 0.0f) + color;
}
