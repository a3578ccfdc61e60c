struct Shape {
    int sides;
    int scale;
};

struct Polygon {
    int sides;
    int scale;
    int color;
};

struct Tile {
    int sides;
    int scale;
    int color;
    int layer;
};

StructuredBuffer<int> inputBuffer;
RWStructuredBuffer<int> outputBuffer;
RWByteAddressBuffer scratch;

Shape wavec_make_Shape(int p0, int p1) {
    Shape r = {p0, p1};
    return r;
}

Polygon wavec_make_Polygon(int p0, int p1, int p2) {
    Polygon r = {p0, p1, p2};
    return r;
}

int Shape_area(Shape this_1) {
    return this_1.sides * this_1.scale;
}

int describe(Shape s) {
    return Shape_area(s) * 10 + s.sides;
}

int paint(Polygon p) {
    return p.color * 100 + p.sides;
}

int groupThreads() {
    int3 size = int3(4, 2, 1);
    return size.x * size.y * size.z;
}

[numthreads(4, 2, 1)]
void computeMain(uint3 tid : SV_GroupThreadID, uint gi : SV_GroupIndex, uniform float4 tint) {
    int i = int(gi);
    int x = inputBuffer[i];
    Tile t;
    t.sides = 3 + x;
    t.scale = 2;
    t.color = 7;
    t.layer = 9;
    outputBuffer[i] = describe(wavec_make_Shape(t.sides, t.scale)) + paint(wavec_make_Polygon(t.sides, t.scale, t.color)) * 1000;
    int slots[4];
    for (int k = 0; k < (int3(4, 2, 1)).x; ++k) {
        slots[k] = k * x;
    }
    outputBuffer[8 + i] = groupThreads() * 100 + slots[3] + int((uint3(4u, 2u, 1u)).y) * 1000;
    float4x4 m = float4x4(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f) * (float4x4)float(x + 1);
    float3x3 top = (float3x3)m;
    outputBuffer[16 + i] = int(top[0][0] + top[1][1] + top[2][2] + top[2][0]);
    scratch.Store2(uint(i) * 8u, asuint(int2(x, -x)));
    outputBuffer[24 + i] = asint(scratch.Load2(uint(i) * 8u)).y;
    outputBuffer[32 + i] = int(tint.x + tint.y + tint.z + tint.w) + 5;
}
