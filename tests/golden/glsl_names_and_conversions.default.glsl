#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct D {
    float m;
    float n;
};

layout(std430, set = 0, binding = 0) buffer Bytes_block {
    uint Bytes[];
};
layout(std430, set = 0, binding = 1) buffer Output_block {
    float Output[];
};

ivec4[4] wavec_convert(uvec4 a[4]) {
    return ivec4[4](ivec4(a[0]), ivec4(a[1]), ivec4(a[2]), ivec4(a[3]));
}

mat4x4 wavec_convert_mat4x4(uvec4 a[4]) {
    return mat4x4(vec4(a[0]), vec4(a[1]), vec4(a[2]), vec4(a[3]));
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    D grid[1][2] = D[1][2](D[2](D(1.0, 2.0), D(3.0, float(id.x))));
    int old;
    old = int(atomicAdd(Bytes[0u >> 2], uint(-2)));
    uvec4 counts[4] = uvec4[4](uvec4(id.x, 1u, 2u, 3u), uvec4(4u, 5u, 6u, 7u), uvec4(8u, 9u, 10u, 11u), uvec4(12u, 13u, 14u, 15u));
    ivec4 signedCounts[4] = wavec_convert(counts);
    mat4x4 weights = wavec_convert_mat4x4(counts);
    float aVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVe = grid[0][1].n + float(old) + float(signedCounts[0][0]) + weights[3][3];
    Output[id.x] = aVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVeryLongNameaVe;
}
