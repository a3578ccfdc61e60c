RWStructuredBuffer<float4> Out;
RWStructuredBuffer<int4> Counts;

float4 widen_float2(float2 v) {
    return float4(v.x, v.x, v.y, v.y);
}

int4 widen_int2(int2 v) {
    return int4(v.x, v.x, v.y, v.y);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = widen_float2(float2(float(id.x), 0.5f));
    Counts[id.x] = widen_int2(int2(int2(id.xy)));
}
