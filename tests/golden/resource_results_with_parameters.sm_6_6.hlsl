struct TextureSlot {
    int descriptor;
    uint uvset;
};

Texture2D<float4> Textures[] : register(t0, space1);
SamplerState Linear;
StructuredBuffer<int> SlotOf;
RWStructuredBuffer<float4> Output;

Texture2D<float4> texture_at(int slot) {
    return Textures[NonUniformResourceIndex(uint(max(0, slot)))];
}

Texture2D<float4> TextureSlot_GetTexture(TextureSlot this_1) {
    return texture_at(this_1.descriptor);
}

float4 TextureSlot_SampleLevel(TextureSlot this_1, float4 uvsets, float lod) {
    Texture2D<float4> tex = TextureSlot_GetTexture(this_1);
    float2 uv = this_1.uvset == 0u ? uvsets.xy : uvsets.zw;
    return tex.SampleLevel(Linear, uv, lod);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    TextureSlot slot = {SlotOf[id.x], id.x & 1u};
    float4 uvs = float4(float(id.x) / 8.0f, 0.5f, 0.25f, float(id.x) / 16.0f);
    Output[id.x] = TextureSlot_SampleLevel(slot, uvs, 0.0f) + texture_at(SlotOf[id.x + 8u]).Load(int3(int(id.x), 0, 0));
}
