struct Light {
    float4 color;
    uint count;
};

struct ConstantBuffer_uint4 {
    uint4 value;
};

ConstantBuffer<Light> light;
ConstantBuffer<ConstantBuffer_uint4> offsets;
RWStructuredBuffer<uint> results;

uint scaled(Light l, uint i) {
    return uint(l.color[i]) * l.count;
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    Light copy = light;
    copy.count += id.x;
    results[id.x] = scaled(light, id.x) + offsets.value[id.x];
    results[4u + id.x] = WaveActiveSum(copy.count) + offsets.value.w;
}
