Texture1D<float2> Line;
Texture2D<float4> Color : register(t0);
Texture2D<float> Depth;
Texture2D<uint2> Ids;
Texture2DArray<float4> Layers;
Texture3D<float4> Volume;
TextureCube<float4> Sky;
TextureCubeArray<float3> Skies;
Texture1DArray<float> Lines;
SamplerState Linear : register(s0);
RWTexture2D<float4> Out;
RWTexture1D<uint> LineOut;
RWTexture2DArray<int2> LayersOut;
RWTexture3D<float> VolumeOut;
RWTexture1DArray<int2> LinesOut;

float4 Blur(float2 uv) {
    return Color.SampleLevel(Linear, uv, 1.0f, int2(1, -1)) + Color.SampleLevel(Linear, uv, 0.0f);
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = (float2(id.xy) + (float2)0.5f) / (float2)64.0f;
    float4 c = Blur(uv) + Color.SampleGrad(Linear, uv, float2(0.01f, 0.0f), float2(0.0f, 0.01f));
    c += Layers.SampleLevel(Linear, float3(uv, float(id.z)), 0.0f) + Volume.SampleLevel(Linear, float3(uv, 0.5f), 2.0f);
    c.xy += Line.SampleLevel(Linear, uv.x, 0.0f) + Line.Load(int2(int(id.x), 0));
    float4 g = Depth.Gather(Linear, uv) + Color.GatherGreen(Linear, uv, int2(1, 1));
    uint4 ids = Ids.GatherRed(Linear, uv);
    c += Color.Load(int3(int2(id.xy), 1)) + Color[id.xy] + Color.mips[1u][id.xy / (uint2)2] + Layers.Load(int4(int2(id.xy), 1, 0));
    c += Sky.SampleLevel(Linear, float3(uv * (float2)2 - (float2)1, 1.0f), 0.0f) + Sky.Gather(Linear, float3(uv, 1.0f));
    c.xyz += Skies.SampleLevel(Linear, float4(uv * (float2)2 - (float2)1, -1.0f, 1.0f), 0.0f);
    c.x += Lines.SampleLevel(Linear, uv, 1.0f) + Lines.Load(int3(int(id.x), 2, 0)) + Lines.Load(int3(int(id.x), 1, 0), 1) + Lines[uint2(id.x, 1u)];
    c += Color.Load(int3(int2(id.xy), 1), int2(-1, 0)) + Layers.GatherAlpha(Linear, float3(uv, 2.0f), int2(1, 0));
    c.x += Depth[id.xy] + Volume[id].w + float(Ids[id.xy].y);
    uint w;
    uint h;
    uint levels;
    float fw;
    float fh;
    float layers;
    Color.GetDimensions(w, h);
    Color.GetDimensions(1u, w, h, levels);
    Layers.GetDimensions(fw, fh, layers);
    Out[id.xy] = c + g + float4(float4(ids)) + float4(float(w), float(h), float(levels), fw + fh + layers);
    LineOut[id.x] = Out[id.xy].x > 0.5f ? 1u : 0u;
    LayersOut[uint3(id.xy, 2u)] = int2(int2(id.xy));
    VolumeOut[id] = Out.Load(int2(id.xy)).y;
    LinesOut[uint2(id.x, 3u)] = int2(int2(id.xy));
}
