cbuffer Uniforms {
    uint scale;
    uint offset;
};
StructuredBuffer<float> source;
RWTexture2D<float4> target;

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    float v = source[tid.y * 8u + tid.x] * float(scale) + float(offset);
    target[tid.xy] = float4(v, v, v, 1.0f);
}
