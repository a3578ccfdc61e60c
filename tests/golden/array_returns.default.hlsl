RWStructuredBuffer<float> results;
static float3 kTaps[3];

struct wavec_array_float3_3 {
    float3 a[3];
};

struct wavec_array_float_4 {
    float a[4];
};

wavec_array_float_4 wavec_make_float_4(float p0, float p1, float p2, float p3) {
    wavec_array_float_4 r;
    float v[4] = {p0, p1, p2, p3};
    r.a = v;
    return r;
}

wavec_array_float3_3 kTaps_init() {
    float3 result[3] = {float3(sqrt(2.0f), 0.0f, 1.0f), float3(-1.0f, 1.0f, 0.5f), float3(0.0f, -1.0f, 0.25f)};
    {
        wavec_array_float3_3 wavec_ret;
        wavec_ret.a = result;
        return wavec_ret;
    }
}

wavec_array_float_4 weights(float x) {
    float w[4] = {x, x * x, x * x * x, 1.0f};
    {
        wavec_array_float_4 wavec_ret;
        wavec_ret.a = w;
        return wavec_ret;
    }
}

float sum4(float v[4]) {
    return v[0] + v[1] + v[2] + v[3];
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    kTaps = kTaps_init().a;
    float x = results[id.x];
    float w[4] = weights(x).a;
    float t = kTaps[id.x % 3u].x * w[1] + weights(2.0f).a[3];
    results[id.x] = t + sum4(wavec_make_float_4(x, t, w[2], kTaps[0].z).a);
}
