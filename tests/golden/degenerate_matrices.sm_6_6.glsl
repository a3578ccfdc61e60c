#version 450
#extension GL_EXT_scalar_block_layout : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer o_block {
    float o[];
};
layout(scalar, set = 0, binding = 1) uniform P_block {
    float a;
    vec3 b;
    vec3 c;
};

mat3x3 wavec_mul(vec3 a_1, vec3 b_1) {
    mat3x3 p;
    p[0][0] = a_1[0] * b_1[0];
    p[0][1] = a_1[0] * b_1[1];
    p[0][2] = a_1[0] * b_1[2];
    p[1][0] = a_1[1] * b_1[0];
    p[1][1] = a_1[1] * b_1[1];
    p[1][2] = a_1[1] * b_1[2];
    p[2][0] = a_1[2] * b_1[0];
    p[2][1] = a_1[2] * b_1[1];
    p[2][2] = a_1[2] * b_1[2];
    return p;
}

float wavec_mul_1(vec3 a_1, vec3 b_1) {
    float p;
    p = a_1[0] * b_1[0] + a_1[1] * b_1[1] + a_1[2] * b_1[2];
    return p;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float m = a;
    vec3 r = b;
    vec3 q = c;
    mat3x3 p = wavec_mul(q, r);
    r = vec3(1.0, 2.0, 3.0);
    o[id.x] = m + r[1] + q[2] + p[1][2] + wavec_mul_1(r, q);
}
