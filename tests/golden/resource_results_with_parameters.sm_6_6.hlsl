struct TextureSlot {
    int descriptor;
    uint uvset;
};

Texture2D<float4> Textures[] : register(t0, space1);
SamplerState Linear;
StructuredBuffer<int> SlotOf;
RWStructuredBuffer<float4> Output;

float4 TextureSlot_SampleLevel(TextureSlot this_1, float4 uvsets, float lod) {
    uint tex_index0 = NonUniformResourceIndex(uint(max(0, this_1.descriptor)));
    float2 uv = this_1.uvset == 0u ? uvsets.xy : uvsets.zw;
    return Textures[NonUniformResourceIndex(tex_index0)].SampleLevel(Linear, uv, lod);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    TextureSlot slot = {SlotOf[id.x], id.x & 1u};
    float4 uvs = float4(float(id.x) / 8.0f, 0.5f, 0.25f, float(id.x) / 16.0f);
    Output[id.x] = TextureSlot_SampleLevel(slot, uvs, 0.0f) + Textures[NonUniformResourceIndex(uint(max(0, SlotOf[id.x + 8u])))].Load(int3(int(id.x), 0, 0));
}
