#version 450
#extension GL_EXT_scalar_block_layout : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Pair {
    vec3 a;
    float b;
    vec2 c;
};

struct ScalarDataLayout {
    uint wavec_empty;
};

struct Std430DataLayout {
    uint wavec_empty;
};

struct Std140DataLayout {
    uint wavec_empty;
};

struct Rows {
    vec2 first;
    vec2 second[2];
};

layout(scalar, set = 0, binding = 0) readonly buffer packed_block {
    vec3 packed[];
};
layout(std430, set = 0, binding = 1) readonly buffer aligned_block {
    vec3 aligned[];
};
layout(scalar, set = 0, binding = 2) buffer pairs_block {
    Pair pairs[];
};
layout(std140, set = 0, binding = 3) uniform uniformPair_block {
    Pair uniformPair;
};
layout(std140, set = 0, binding = 4) buffer rows_block {
    Rows rows[];
};
layout(std430, set = 0, binding = 5) buffer results_block {
    float results[];
};

float secondComponent_ScalarDataLayout_packed(uint i) {
    return packed[i].y;
}

float secondComponent_Std430DataLayout_aligned(uint i) {
    return aligned[i].y;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint i = id.x;
    if (i < 2u) {
        results[i] = secondComponent_ScalarDataLayout_packed(i + 1u) * 10.0 + secondComponent_Std430DataLayout_aligned(i + 1u);
    } else if (i == 2u) {
        results[i] = pairs[1].b * 10.0 + pairs[1].c.y;
    } else {
        results[i] = uniformPair.c.x * 10.0 + rows[0u].second[1].y;
    }
    results[4u + i] = float(pairs[0].a.z + float(i));
}
