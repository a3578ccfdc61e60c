struct multiply_fn {
};

struct combine_fn {
};

struct negate_fn {
};

struct lambda {
};

RWStructuredBuffer<float> outputBuffer;

multiply_fn wavec_make_multiply_fn() {
    multiply_fn r = {};
    return r;
}

combine_fn wavec_make_combine_fn() {
    combine_fn r = {};
    return r;
}

negate_fn wavec_make_negate_fn() {
    negate_fn r = {};
    return r;
}

lambda wavec_make_lambda() {
    lambda r = {};
    return r;
}

float multiply(float x, float y) {
    return x * y;
}

int combine(int a, int b) {
    return a - b;
}

int negate(int x) {
    return -x;
}

float multiply_fn_operator_call(multiply_fn this_1, float p0, float p1) {
    return multiply(p0, p1);
}

float apply2_float_float_float_multiply_fn(multiply_fn f, float a, float b) {
    return multiply_fn_operator_call(f, a, b);
}

int combine_fn_operator_call(combine_fn this_1, int p0, int p1) {
    return combine(p0, p1);
}

int apply2_int_int_int_combine_fn(combine_fn f, int a, int b) {
    return combine_fn_operator_call(f, a, b);
}

int negate_fn_operator_call(negate_fn this_1, int p0) {
    return negate(p0);
}

int applyInt_negate_fn(negate_fn f) {
    return negate_fn_operator_call(f, 3);
}

float lambda_operator_call(lambda this_1, float x, float y) {
    return x - y;
}

float apply2_float_float_float_lambda(lambda f, float a, float b) {
    return lambda_operator_call(f, a, b);
}

[numthreads(1, 1, 1)]
void computeMain() {
    outputBuffer[0] = apply2_float_float_float_multiply_fn(wavec_make_multiply_fn(), 3.0f, 4.0f);
    outputBuffer[1] = float(apply2_int_int_int_combine_fn(wavec_make_combine_fn(), 7, 3));
    outputBuffer[2] = float(applyInt_negate_fn(wavec_make_negate_fn()));
    outputBuffer[3] = apply2_float_float_float_lambda(wavec_make_lambda(), 1.0f, 2.0f);
}
