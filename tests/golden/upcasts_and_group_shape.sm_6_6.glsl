#version 450

layout(local_size_x = 4, local_size_y = 2, local_size_z = 1) in;

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

layout(std430, set = 0, binding = 0) readonly buffer inputBuffer_block {
    int inputBuffer[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    int outputBuffer[];
};
layout(std430, set = 0, binding = 2) buffer scratch_block {
    uint scratch[];
};
layout(std430, push_constant) uniform EntryPointParams {
    vec4 tint;
};

void scratch_Store_ivec2(uint address, ivec2 value) {
    uint i = address >> 2;
    uvec2 bits = uvec2(value);
    scratch[i + 0u] = bits.x;
    scratch[i + 1u] = bits.y;
}

ivec2 scratch_Load_ivec2(uint address) {
    uint i = address >> 2;
    return ivec2(uvec2(scratch[i + 0u], scratch[i + 1u]));
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
    ivec3 size = ivec3(4, 2, 1);
    return size.x * size.y * size.z;
}

void main() {
    uvec3 tid = gl_LocalInvocationID;
    uint gi = gl_LocalInvocationIndex;
    int i = int(gi);
    int x = inputBuffer[i];
    Tile t;
    t.sides = 3 + x;
    t.scale = 2;
    t.color = 7;
    t.layer = 9;
    outputBuffer[i] = describe(Shape(t.sides, t.scale)) + paint(Polygon(t.sides, t.scale, t.color)) * 1000;
    int slots[4];
    for (int k = 0; k < (ivec3(4, 2, 1)).x; ++k) {
        slots[k] = k * x;
    }
    outputBuffer[8 + i] = groupThreads() * 100 + slots[3] + int((uvec3(4u, 2u, 1u)).y) * 1000;
    mat4x4 m = matrixCompMult(mat4x4(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0), mat4x4(vec4(float(x + 1)), vec4(float(x + 1)), vec4(float(x + 1)), vec4(float(x + 1))));
    mat3x3 top = mat3x3(m);
    outputBuffer[16 + i] = int(top[0][0] + top[1][1] + top[2][2] + top[2][0]);
    scratch_Store_ivec2(uint(i) * 8u, ivec2(x, -x));
    outputBuffer[24 + i] = scratch_Load_ivec2(uint(i) * 8u).y;
    outputBuffer[32 + i] = int(tint.x + tint.y + tint.z + tint.w) + 5;
}
