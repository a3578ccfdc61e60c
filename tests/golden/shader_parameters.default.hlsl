struct Scale {
    int factor;
    int offset;
};

int bias;
ConstantBuffer<Scale> base;
RWStructuredBuffer<int> results;

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID, uniform int step_1, uniform Scale scale) {
    int x = int(id.x) * step_1 * scale.factor + scale.offset;
    results[id.x] = x + bias + base.factor;
    results[4u + id.x] = WaveActiveSum(x) + WavePrefixSum(step_1);
}
