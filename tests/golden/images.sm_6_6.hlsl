Buffer<uint> Indices;
RWBuffer<float> Scalars;
RWBuffer<int2> Pairs;
RWBuffer<float3> Colors;
Texture1D<float> Line;
Texture3D<uint4> Volume;
Texture2DArray<float2> Layers;
RWTexture1D<uint> LineOut;
RWTexture3D<int4> VolumeOut;
RWTexture2DArray<float4> LayersOut;
RWStructuredBuffer<uint> Slots;
AppendStructuredBuffer<float2> Produced;
ConsumeStructuredBuffer<float2> Consumed;

[numthreads(4, 4, 4)]
void main(uint3 id : SV_DispatchThreadID) {
    uint n;
    Indices.GetDimensions(n);
    uint i = Indices[id.x % n] + Indices.Load(int(id.y));
    Scalars[i] = Scalars[id.x] * 2.0f + Line.Load(int2(int(id.x), 0));
    Pairs[id.x] += int2(1, -1);
    Colors[id.y] = Colors.Load(int(id.x)).zyx;
    uint w;
    uint h;
    uint d;
    Volume.GetDimensions(w, h, d);
    uint4 v = Volume.Load(int4(int3(id), 1)) + Volume[id % uint3(w, h, d)];
    VolumeOut[id] = int4(int4(v)) - VolumeOut.Load(int3(int3(id)));
    LineOut[id.x] = v.x + LineOut[id.y];
    uint lw;
    uint lh;
    uint count;
    Layers.GetDimensions(lw, lh, count);
    LayersOut.GetDimensions(w, h, d);
    float2 l = Layers.Load(int4(int2(id.xy), int(id.z % count), 0)) + Layers[uint3(id.xy, 0u)];
    LayersOut[id] = float4(l, float(lw * lh), float(w + h + d));
    uint slot = Slots.IncrementCounter();
    Slots[slot] = Slots.DecrementCounter();
    Produced.Append(Consumed.Consume() + l);
}
