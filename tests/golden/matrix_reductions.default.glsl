#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer inputBuffer_block {
    int inputBuffer[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    int outputBuffer[];
};

bvec2[2] wavec_not(bvec2 a[2]) {
    return bvec2[2](not(a[0]), not(a[1]));
}

ivec3[2] wavec_sub(ivec3 a[2], ivec3 b[2]) {
    return ivec3[2](a[0] - b[0], a[1] - b[1]);
}

mat2x2 wavec_convert(ivec2 a[2]) {
    return mat2x2(vec2(a[0]), vec2(a[1]));
}

bool wavec_all(bvec2 m[2]) {
    bool r = true;
    for (uint i = 0u; i < 2u; ++i) {
        r = r && all(m[i]);
    }
    return r;
}

bool wavec_any(bvec2 m[2]) {
    bool r = false;
    for (uint i = 0u; i < 2u; ++i) {
        r = r || any(m[i]);
    }
    return r;
}

bool wavec_all(ivec3 x) {
    return all(notEqual(x, ivec3(0)));
}

bool wavec_all(ivec3 m[2]) {
    bool r = true;
    for (uint i = 0u; i < 2u; ++i) {
        r = r && wavec_all(m[i]);
    }
    return r;
}

bool wavec_any(ivec3 x) {
    return any(notEqual(x, ivec3(0)));
}

bool wavec_any(ivec3 m[2]) {
    bool r = false;
    for (uint i = 0u; i < 2u; ++i) {
        r = r || wavec_any(m[i]);
    }
    return r;
}

void main() {
    bool t = inputBuffer[0] != 0;
    bool f = inputBuffer[1] != 0;
    int k = inputBuffer[2];
    bvec2 mixed[2] = bvec2[2](bvec2(t, f), bvec2(f, t));
    bvec2 flipped[2] = wavec_not(mixed);
    outputBuffer[0] = int(wavec_all(mixed)) + int(wavec_any(mixed)) * 10 + int(wavec_any(flipped)) * 100 + int(wavec_all(flipped)) * 1000;
    ivec3 counts[2] = ivec3[2](ivec3(k, 1, 2), ivec3(3, 4, k));
    outputBuffer[1] = int(wavec_all(counts)) + int(wavec_any(wavec_sub(counts, counts))) * 10;
    mat2x2 m2 = mat2x2(float(k), 2.0, 1.0, 4.0);
    mat3x3 m3 = mat3x3(2.0, 0.0, 1.0, 1.0, float(k), 0.0, 0.0, 1.0, 1.0);
    mat4x4 m4 = mat4x4(1.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, float(k), 0.0, 1.0, 1.0, 1.0, 1.0);
    outputBuffer[2] = int(determinant(m2));
    outputBuffer[3] = int(determinant(m3));
    outputBuffer[4] = int(determinant(m4));
    outputBuffer[5] = int(determinant(wavec_convert(ivec2[2](ivec2(k, 1), ivec2(1, k)))));
}
