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

RWStructuredBuffer<float> outputBuffer;

Holder_Affine_1 wavec_make_Holder_Affine_1(Affine p0) {
    Holder_Affine_1 r = {p0};
    return r;
}

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
    float s = 0.0f;
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
    float s = 0.0f;
    for (int i = 0; i < 1; i++) {
        s += Affine_scale(this_1.inner, float(i)) + Affine_offset(this_1.inner);
    }
    return s;
}

[numthreads(1, 1, 1)]
void computeMain() {
    Affine a = {2.0f, 0.5f};
    outputBuffer[0] = apply_Affine(a, 3.0f);
    Holder_Affine_3 h = {a};
    outputBuffer[1] = Holder_Affine_3_sum(h);
    outputBuffer[2] = float(lastIndex_5_4());
    outputBuffer[3] = float(lastIndex_5_2());
    Affine b = {-1.0f, 4.0f};
    outputBuffer[4] = apply_Affine(b, apply_Affine(a, 1.0f));
    outputBuffer[5] = Holder_Affine_1_sum(wavec_make_Holder_Affine_1(b));
}
