#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer inputBuffer_block {
    int inputBuffer[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    int outputBuffer[];
};

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    int i = int(tid.x);
    float x = float(inputBuffer[i]);
    mat2x2 a = mat2x2(1.0, 2.0, 3.0, 4.0);
    mat2x2 b = mat2x2(x, 1.0, 0.0, 2.0);
    mat2x2 p = (a * b);
    outputBuffer[i] = int(p[0][0] + 10.0 * p[0][1] + 100.0 * p[1][0] + 1000.0 * p[1][1]);
    vec2 v = (a * vec2(1.0, x));
    outputBuffer[4 + i] = int(v.x * 100.0 + v.y);
    vec2 w = (vec2(1.0, x) * a);
    outputBuffer[8 + i] = int(w.x * 100.0 + w.y);
    mat2x2 d = mat2x2(5.0, 0.0, 0.0, 5.0);
    mat3x3 e = mat3x3(a[0u][0u], a[0u][1u], 0.0, a[1u][0u], a[1u][1u], 0.0, 0.0, 0.0, 1.0);
    mat2x2 f = mat2x2(mat3x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0));
    outputBuffer[12 + i] = int(d[0][0] * 10.0 + d[0][1] + e[2][2] * 100.0 + e[1][0] * 1000.0 + e[2][0] * 10000.0);
    outputBuffer[16 + i] = int(f[0][0] + f[0][1] * 10.0 + f[1][0] * 100.0 + f[1][1] * 1000.0);
    int eq = all(equal(vec2(x, 1.0), vec2(1.0, 1.0))) ? 1 : 0;
    int ne = any(notEqual(vec3(x), vec3(x, x, 0.0))) ? 10 : 0;
    outputBuffer[20 + i] = eq + ne;
    mat2x2 c = a;
    c = (c * b);
    outputBuffer[24 + i] = int(c[0][1]);
}
