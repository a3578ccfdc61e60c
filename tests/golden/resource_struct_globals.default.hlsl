struct Lookup {
    StructuredBuffer<float> keys;
    RWStructuredBuffer<float> values;
};

[[vk::binding(4, 0)]] StructuredBuffer<float> table_keys;
[[vk::binding(5, 0)]] RWStructuredBuffer<float> table_values;
StructuredBuffer<float> pages_keys : register(t7);
RWStructuredBuffer<float> pages_values : register(u8);
RWStructuredBuffer<float> Out;

Lookup wavec_make_Lookup(StructuredBuffer<float> p0, RWStructuredBuffer<float> p1) {
    Lookup r = {p0, p1};
    return r;
}

float Lookup_at(Lookup this_1, uint i) {
    return this_1.keys[i] * this_1.values[i];
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    table_values[id.x] = 2.0f;
    Out[id.x] = Lookup_at(wavec_make_Lookup(table_keys, table_values), id.x) + Lookup_at(wavec_make_Lookup(pages_keys, pages_values), id.x);
}
