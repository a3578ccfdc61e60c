[[vk::binding(0, 0)]] [[vk::image_format("r11g11b10f")]] RWTexture2D<float4> hdr;
[[vk::binding(1, 0)]] [[vk::image_format("rgb10a2")]] RWTexture2D<float4> ldr;
[[vk::binding(2, 0)]] [[vk::image_format("rgb10a2ui")]] RWTexture2D<uint4> ids;
[[vk::binding(3, 0)]] [[vk::image_format("rgba16snorm")]] RWTexture2D<float4> normals;
static uint3 gl_GlobalInvocationID;

float4 __glslTexel(float4 v) {
    return v;
}

uint4 __glslTexel(uint4 v) {
    return v;
}

float4 imageLoad(RWTexture2D<float4> image, int2 p) {
    return __glslTexel(image[uint2(p)]);
}

void imageStore(RWTexture2D<float4> image, int2 p, float4 data) {
    image[uint2(p)] = data.xyzw;
}

uint4 imageLoad(RWTexture2D<uint4> image, int2 p) {
    return __glslTexel(image[uint2(p)]);
}

void imageStore(RWTexture2D<uint4> image, int2 p, uint4 data) {
    image[uint2(p)] = data.xyzw;
}

[numthreads(8, 8, 1)]
void main(uint3 wavec_DispatchThreadID : SV_DispatchThreadID) {
    gl_GlobalInvocationID = wavec_DispatchThreadID;
    int2 p = int2(int2(gl_GlobalInvocationID.xy));
    float4 c = imageLoad(hdr, p) * (float4)0.5f;
    imageStore(hdr, p, c);
    imageStore(ldr, p, float4(c.xyz / ((float3)1.0f + c.xyz), 1.0f));
    imageStore(ids, p, imageLoad(ids, p) + uint4(1u, 0u, 0u, 1u));
    imageStore(normals, p, normalize(imageLoad(normals, p)));
}
