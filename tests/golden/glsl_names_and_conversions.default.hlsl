struct D {
    float m;
    float n;
};

RWByteAddressBuffer Bytes;
RWStructuredBuffer<float> Output;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    D grid[1][2] = {{{1.0f, 2.0f}, {3.0f, float(id.x)}}};
    int old;
    Bytes.InterlockedAdd(0u, -2, old);
    uint4x4 counts = uint4x4(id.x, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u);
    int4x4 signedCounts = int4x4(counts);
    float4x4 weights = float4x4(counts);
    float aVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVe = grid[0][1].n + float(old) + float(signedCounts[0][0]) + weights[3][3];
    Output[id.x] = aVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVe;
}
