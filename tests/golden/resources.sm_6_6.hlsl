struct Settings {
    uint stride;
    float bias;
};

ConstantBuffer<Settings> settings : register(b0, space1);
ByteAddressBuffer Raw : register(t0);
RWByteAddressBuffer RawOut : register(u1);
Buffer<float4> Typed;
RWStructuredBuffer<uint> Counters;
Texture2D<float4> Image;
RWTexture2D<float4> Target;
groupshared uint g_total;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    if (gi == 0u) {
        g_total = 0u;
    }
    GroupMemoryBarrierWithGroupSync();
    uint word = Raw.Load(id.x * 4u);
    uint2 pair = Raw.Load2(id.x * settings.stride);
    float value = asfloat(Raw.Load(16u));
    RawOut.Store(id.x * 4u, word + pair.y);
    RawOut.Store2(64u, pair);
    uint previous;
    RawOut.InterlockedAdd(0u, 1u, previous);
    uint size;
    Raw.GetDimensions(size);
    uint width;
    uint height;
    Target.GetDimensions(width, height);
    float4 texel = Image.Load(int3(int2(id.xy), 0)) + Typed[id.x] + (float4)settings.bias;
    Target[id.xy] = texel * (float4)value;
    uint original;
    InterlockedAdd(g_total, word, original);
    InterlockedMax(Counters[1], previous);
    InterlockedCompareExchange(Counters[2], 0u, id.x, original);
    uint slot = Counters.IncrementCounter();
    AllMemoryBarrierWithGroupSync();
    if (gi == 0u) {
        Counters[0] = g_total + slot + size + width * height;
    }
}
