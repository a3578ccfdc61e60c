#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Affine {
    float k;
    float c;
};

struct Holder_Affine_3 {
    Affine inner;
};

struct Holder_Affine_1 {
    Affine inner;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    float outputBuffer[];
};

float Affine_scale(Affine this_1, float x) {
    return this_1.k * x;
}

float Affine_offset(Affine this_1) {
    return this_1.c;
}

float apply_Affine(Affine t, float x) {
    return Affine_scale(t, x) + Affine_offset(t);
}

float Holder_Affine_3_sum(Holder_Affine_3 this_1) {
    float s = 0.0;
    for (int i = 0; i < 3; i++) {
        s += Affine_scale(this_1.inner, float(i)) + Affine_offset(this_1.inner);
    }
    return s;
}

int lastIndex_5_4() {
    return 4;
}

int lastIndex_5_2() {
    return 2;
}

float Holder_Affine_1_sum(Holder_Affine_1 this_1) {
    float s = 0.0;
    for (int i = 0; i < 1; i++) {
        s += Affine_scale(this_1.inner, float(i)) + Affine_offset(this_1.inner);
    }
    return s;
}

void main() {
    Affine a = Affine(2.0, 0.5);
    outputBuffer[0] = apply_Affine(a, 3.0);
    Holder_Affine_3 h = Holder_Affine_3(a);
    outputBuffer[1] = Holder_Affine_3_sum(h);
    outputBuffer[2] = float(lastIndex_5_4());
    outputBuffer[3] = float(lastIndex_5_2());
    Affine b = Affine(-1.0, 4.0);
    outputBuffer[4] = apply_Affine(b, apply_Affine(a, 1.0));
    outputBuffer[5] = Holder_Affine_1_sum(Holder_Affine_1(b));
}
