RWStructuredBuffer<float> o;
cbuffer P {
    float1x1 a;
    float1x3 b;
    float3x1 c;
};

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float1x1 m = a;
    float1x3 r = b;
    float3x1 q = c;
    float3x3 p = mul(q, r);
    r[0] = float3(1.0f, 2.0f, 3.0f);
    o[id.x] = m[0u] + r[0][1] + q[2] + p[1][2] + mul(r, q)[0u];
}
