#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct multiply_fn {
    uint wavec_empty;
};

struct combine_fn {
    uint wavec_empty;
};

struct negate_fn {
    uint wavec_empty;
};

struct lambda {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    float outputBuffer[];
};

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

void main() {
    outputBuffer[0] = apply2_float_float_float_multiply_fn(multiply_fn(0u), 3.0, 4.0);
    outputBuffer[1] = float(apply2_int_int_int_combine_fn(combine_fn(0u), 7, 3));
    outputBuffer[2] = float(applyInt_negate_fn(negate_fn(0u)));
    outputBuffer[3] = apply2_float_float_float_lambda(lambda(0u), 1.0, 2.0);
}
