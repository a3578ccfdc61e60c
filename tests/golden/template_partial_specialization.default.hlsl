struct Norm_float3 {
};

struct Norm_float2x2 {
};

RWStructuredBuffer<float> result;
static const int Norm_float3__Size = 3;
static const int Norm_float2x2__Size = 4;

float Norm_float3_of(float3 v) {
    return sqrt(dot(v, v));
}

float Norm_float2x2_of(float2x2 m) {
    float sum = 0.0f;
    for (int r = 0; r < 2; r++) {
        sum += dot(m[r], m[r]);
    }
    return sqrt(sum);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float x = float(id.x);
    float3 v = float3(x, 2.0f, 2.0f);
    float2x2 m = float2x2(x, 0.0f, 0.0f, 1.0f);
    result[id.x] = Norm_float3_of(v) * 3.0f + Norm_float2x2_of(m) * 4.0f;
}
