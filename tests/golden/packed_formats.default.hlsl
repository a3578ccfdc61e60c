[[vk::image_format("r11g11b10f")]] RWTexture2D<float3> Bloom;
[[vk::image_format("rgb10a2")]] RWTexture2D<float4> Color;
[[vk::image_format("rgb10a2ui")]] RWTexture2D<uint4> Ids;
[[vk::image_format("rgba16snorm")]] RWTexture2D<float4> Normals;
[[vk::image_format("rg16snorm")]] RWTexture2D<float2> Motion;
[[vk::image_format("r16snorm")]] RWTexture2D<float> Height;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 hdr = Bloom[id.xy] * (float3)0.5f;
    Bloom[id.xy] = hdr;
    Color[id.xy] = float4(hdr / ((float3)1.0f + hdr), 1.0f);
    Ids[id.xy] = uint4(id.x, id.y, Ids[id.xy].z + 1u, 3u);
    Normals[id.xy] = normalize(Normals[id.xy]);
    Motion[id.xy] = -Motion[id.xy];
    Height[id.xy] = Height[id.xy] * 0.5f;
}
