#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer inputBuffer_block {
    int inputBuffer[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    int outputBuffer[];
};

void setTo(out float x, float v) {
    x = v;
}

void addTo(inout float x, float v) {
    x += v;
}

int fallthrough(int k) {
    int acc = 1;
    switch (k) {
        case 0: {
            acc += 10;
        }
        case 1: {
            acc *= 3;
        }
        case 2: {
            return acc + 100;
        }
        default: {
            return -k;
        }
    }
}

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    int i = int(tid.x);
    float x = float(inputBuffer[i]);
    mat3x3 m = mat3x3(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    vec2 elements = vec2(x, 2.0 * x);
    m[0u][1u] = elements.x;
    m[1u][0u] = elements.y;
    vec2 elements_1 = vec2(m[2u][2u], m[0u][0u]) + vec2(5.0, 7.0);
    m[2u][2u] = elements_1.x;
    m[0u][0u] = elements_1.y;
    vec2 elements_2 = vec2(100.0, 200.0);
    m[2u][2u] = elements_2.x;
    m[0u][0u] = elements_2.y;
    setTo(m[2u][0u], 9.0 + x);
    addTo(m[0u][2u], 40.0);
    outputBuffer[i] = int(m[0][1] + 10.0 * m[1][0]);
    outputBuffer[4 + i] = int(m[2][2] + m[0][0]);
    outputBuffer[8 + i] = int(m[2][0] * 100.0 + m[0][2]);
    outputBuffer[12 + i] = fallthrough(i);
    ivec2 zero = ivec2(0, 0);
    outputBuffer[16 + i] = zero.x + zero.y + i;
    outputBuffer[20 + i] = int(m[1][1]);
}
