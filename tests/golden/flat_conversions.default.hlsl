struct Frame {
    float2x2 basis;
    int id;
};

struct FrameCopy {
    float2x2 basis;
    int id;
};

struct Front {
    int first;
    float second;
};

RWStructuredBuffer<float4> results;

Front wavec_make_Front(int p0, float p1) {
    Front r = {p0, p1};
    return r;
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    float flattened;
    float2x2 flattened_1;
    Frame f = {float2x2(results[id.x].xy, results[id.x].zw), int(id.x)};
    FrameCopy g = {float2x2(f.basis[0].x, f.basis[0].y, f.basis[1].x, f.basis[1].y), f.id};
    Front front = {int(g.basis[0].x), g.basis[0].y};
    Front all_1 = (flattened = results[0].x, wavec_make_Front(int(flattened), flattened));
    float4 flat = (flattened_1 = g.basis, float4(flattened_1[0].x, flattened_1[0].y, flattened_1[1].x, flattened_1[1].y));
    results[id.x] = flat + float4(front.second, float(front.first), all_1.second, float(int(f.basis[0].x)));
}
