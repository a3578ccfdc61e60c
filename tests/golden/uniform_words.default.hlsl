struct Ray {
    float t;
    float3 dir;
    uint hit;
};

cbuffer Frame {
    float time;
    float3 sun;
    float weights[2];
    uint enabled;
};
ConstantBuffer<Ray> ray;
RWStructuredBuffer<float> results;

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float v = time * sun[id.x % 3u] + weights[id.x & 1u];
    if (enabled != 0u && ray.hit != 0u) {
        v += ray.dir.y * ray.t;
    }
    results[id.x] = WaveActiveSum(v);
}
