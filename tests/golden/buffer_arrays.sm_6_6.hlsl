RWStructuredBuffer<float> Layers[2];
ByteAddressBuffer Tables[] : register(t0, space1);
RWStructuredBuffer<uint> Queues[];
RWStructuredBuffer<float> Output;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint count;
    uint stride;
    Layers[id.x % 2u].GetDimensions(count, stride);
    Layers[1][id.x] = 2.0f;
    float table = asfloat(Tables[NonUniformResourceIndex(id.x)].Load(4u));
    uint slot = Queues[NonUniformResourceIndex(id.x)].IncrementCounter();
    Queues[NonUniformResourceIndex(id.x)][slot] = id.x;
    Output[id.x] = Layers[id.x % 2u][id.x] + table + float(count) + float(Tables[0].Load(0u));
}
