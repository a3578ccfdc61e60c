struct Params {
    uint scale;
    StructuredBuffer<uint> source;
    uint bias;
    RWStructuredBuffer<uint> results;
};

struct Weights {
    float4 w;
};

struct ConstantBuffer_row_major_float3x2 {
    row_major float3x2 value;
};

struct Params_data {
    uint scale;
    uint bias;
};

[[vk::binding(0, 1)]] ConstantBuffer<Params_data> params : register(b0, space1);
ConstantBuffer<Weights> weights;
ConstantBuffer<ConstantBuffer_row_major_float3x2> matrixBuffer;
AppendStructuredBuffer<uint> appended;
ConsumeStructuredBuffer<uint> consumed;
[[vk::binding(1, 1)]] StructuredBuffer<uint> params_source : register(t0, space1);
[[vk::binding(2, 1)]] RWStructuredBuffer<uint> params_results : register(u0, space1);

Params wavec_make_Params(uint p0, StructuredBuffer<uint> p1, uint p2, RWStructuredBuffer<uint> p3) {
    Params r = {p0, p1, p2, p3};
    return r;
}

uint Params_apply(Params this_1, uint i) {
    this_1.results[i] = this_1.source[i] * this_1.scale + this_1.bias;
    return this_1.results[i];
}

float Weights_dot4(Weights this_1, float4 v) {
    return dot(this_1.w, v);
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    Params_apply(wavec_make_Params(params.scale, params_source, params.bias, params_results), i);
    float3x2 m = matrixBuffer.value;
    params_results[4u + i] = uint(Weights_dot4(weights, float4(1.0f, 1.0f, 1.0f, 1.0f))) + uint(m[i % 3u][i % 2u]);
    appended.Append(consumed.Consume());
}
