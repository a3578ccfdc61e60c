struct Surface {
    Texture2D<float4> tex;
    SamplerState smp;
    float lod;
};

Texture2D<float4> Albedo;
SamplerState Linear;
RWStructuredBuffer<float4> Out;

Surface Surface_make(Texture2D<float4> t, SamplerState s) {
    Surface r;
    r.tex = t;
    r.smp = s;
    r.lod = 0.0f;
    return r;
}

float4 Surface_shade(Surface this_1, float2 uv) {
    if (uv.x < 0.0f) {
        return (float4)0;
    }
    return this_1.tex.SampleLevel(this_1.smp, uv, this_1.lod);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Surface s = Surface_make(Albedo, Linear);
    Surface t = s;
    t.lod = 1.0f;
    Out[id.x] = Surface_shade(s, float2(float(id.x) / 8.0f, 0.5f)) + Surface_shade(t, float2(0.5f, float(id.x) / 8.0f));
}
