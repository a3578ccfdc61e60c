Texture2D<float4> Layers[4];
Texture2D<float4> Sky;
SamplerState Linear;
StructuredBuffer<float> Near;
StructuredBuffer<float> Far;
RWStructuredBuffer<float4> Lit;
RWStructuredBuffer<float4> Unlit;

void Pick_choice(uint kind, out uint result_which, out uint result_1_index0) {
    switch (kind) {
        case 0: {
            result_which = 0u;
            return;
        }
        case 1: {
            result_which = 1u;
            result_1_index0 = kind + 1u;
            return;
        }
    }
    result_which = 1u;
    result_1_index0 = uint(0);
    return;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint Pick_result_which = 0u;
    uint Pick_result_1_index0 = 0u;
    uint depths_which = 0u;
    if (id.x < 4u) {
        depths_which = 0u;
    } else {
        depths_which = 1u;
    }
    int detail_index0 = 0;
    if ((id.x & 1u) != 0u) {
        detail_index0 = 1;
    } else {
        detail_index0 = 3;
    }
    float2 uv = float2(depths_which == 0u ? Near[id.x] : Far[id.x], 0.5f);
    Pick_choice(id.x % 3u, Pick_result_which, Pick_result_1_index0);
    float4 c = Layers[detail_index0].SampleLevel(Linear, uv, 0.0f) + (Pick_result_which == 0u ? Sky.SampleLevel(Linear, uv, 0.0f) : Layers[Pick_result_1_index0].SampleLevel(Linear, uv, 0.0f));
    uint target_which = 0u;
    if (c.w > 0.5f) {
        target_which = 0u;
    } else {
        target_which = 1u;
    }
    if (target_which == 0u) {
        Lit[id.x] = c;
    } else {
        Unlit[id.x] = c;
    }
}
