Texture2D<float4> Materials[] : register(space3);
Texture2D<float4> Ground;
SamplerState Point : register(space3);
RWStructuredBuffer<float4> Out;
cbuffer Frame : register(space1) {
    uint Material;
};

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 c = Materials[NonUniformResourceIndex(Material + id.x)].SampleLevel(Point, float2(0.5f, 0.5f), 0.0f);
    Out[id.x] = c + Ground.Load(int3(int2(id.xy), 0));
}
