[[vk::binding(0, 3)]] Buffer<float4> Colors[] : register(t0, space3);
[[vk::binding(0, 6)]] RWBuffer<uint> Counts[] : register(u0, space6);
StructuredBuffer<uint> Which;
RWStructuredBuffer<float4> Output;
cbuffer Frame {
    uint Current;
};

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint table = Which[id.x];
    float4 color = Colors[NonUniformResourceIndex(table)][id.x];
    Counts[Current][id.x] = table;
    Output[id.x] = color;
}
