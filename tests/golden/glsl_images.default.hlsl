[[vk::binding(0, 0)]] [[vk::image_format("r32ui")]] RWTexture2D<uint> histogram;
[[vk::binding(1, 0)]] [[vk::image_format("rgba8")]] RWTexture2D<float4> picture;
[[vk::binding(2, 0)]] [[vk::image_format("rg16f")]] RWTexture2DArray<float2> motion;
static uint3 gl_GlobalInvocationID;

float4 __glslTexel(float4 v) {
    return v;
}

void imageStore(RWTexture2DArray<float2> image, int3 p, float4 data) {
    image[uint3(p)] = data.xy;
}

float4 imageLoad(RWTexture2D<float4> image, int2 p) {
    return __glslTexel(image[uint2(p)]);
}

int2 imageSize(RWTexture2D<float4> image) {
    uint w;
    uint h;
    image.GetDimensions(w, h);
    return int2(int2(uint2(w, h)));
}

uint imageAtomicAdd(RWTexture2D<uint> image, int2 p, uint data) {
    uint old;
    InterlockedAdd(image[uint2(p)], data, old);
    return old;
}

float4 brighter(RWTexture2D<float4> image, int2 p) {
    return min(imageLoad(image, p) * (float4)1.5f, (float4)1.0f);
}

[numthreads(8, 8, 1)]
void main(uint3 wavec_DispatchThreadID : SV_DispatchThreadID) {
    gl_GlobalInvocationID = wavec_DispatchThreadID;
    int2 p = int2(int2(gl_GlobalInvocationID.xy));
    int2 size = imageSize(picture);
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    float4 c = brighter(picture, p);
    uint level = uint(c.y * 15.0f);
    imageAtomicAdd(histogram, int2(int(level), 0), 1u);
    imageStore(motion, int3(p, 1), float4(c.xy - (float2)0.5f, 0.0f, 0.0f));
}
