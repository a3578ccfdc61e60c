#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct AnyValue_IFunc_float_float {
    uint field0;
};

struct IFunc_float_float {
    uvec2 rtti;
    uvec2 witness;
    AnyValue_IFunc_float_float payload;
};

struct lambda {
    float offset;
};

struct Counter {
    int total;
};

struct Grid {
    float cells[4];
    int tag;
};

struct Scaler {
    float factor;
};

struct lambda_2 {
    float factor;
};

struct lambda_3 {
    int base;
};

struct lambda_4 {
    float k;
};

struct lambda_5 {
    int base;
};

struct lambda_6 {
    uint wavec_empty;
};

struct lambda_7 {
    float k;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    float outputBuffer[];
};

uint IFunc_float_float_tag(IFunc_float_float value) {
    return value.witness.x;
}

float lambda_operator_call(lambda this_1, float x) {
    return x + this_1.offset;
}

lambda IFunc_float_float_lambda_unwrap(IFunc_float_float value) {
    return lambda(uintBitsToFloat(value.payload.field0));
}

float lambda_2_operator_call(lambda_2 this_1, float v) {
    return v * this_1.factor;
}

float lambda_4_operator_call(lambda_4 this_1, float x) {
    return x * this_1.k;
}

lambda_4 IFunc_float_float_lambda_4_unwrap(IFunc_float_float value) {
    return lambda_4(uintBitsToFloat(value.payload.field0));
}

float lambda_6_operator_call(lambda_6 this_1, float x) {
    if (x > 1.0) {
        return 1.0;
    }
    return x;
}

float lambda_7_operator_call(lambda_7 this_1, float x) {
    return x * this_1.k;
}

lambda_7 IFunc_float_float_lambda_7_unwrap(IFunc_float_float value) {
    return lambda_7(uintBitsToFloat(value.payload.field0));
}

lambda_2 IFunc_float_float_lambda_2_unwrap(IFunc_float_float value) {
    return lambda_2(uintBitsToFloat(value.payload.field0));
}

lambda_6 IFunc_float_float_lambda_6_unwrap(IFunc_float_float value) {
    return lambda_6(0u);
}

float IFunc_float_float_operator(IFunc_float_float this_1, float arg1) {
    switch (IFunc_float_float_tag(this_1)) {
        case 0: {
            lambda object = IFunc_float_float_lambda_unwrap(this_1);
            float result = lambda_operator_call(object, arg1);
            return result;
        }
        case 1: {
            lambda_2 object_1 = IFunc_float_float_lambda_2_unwrap(this_1);
            float result_1 = lambda_2_operator_call(object_1, arg1);
            return result_1;
        }
        case 2: {
            lambda_4 object_2 = IFunc_float_float_lambda_4_unwrap(this_1);
            float result_2 = lambda_4_operator_call(object_2, arg1);
            return result_2;
        }
        case 3: {
            lambda_6 object_3 = IFunc_float_float_lambda_6_unwrap(this_1);
            float result_3 = lambda_6_operator_call(object_3, arg1);
            return result_3;
        }
        case 4: {
            lambda_7 object_4 = IFunc_float_float_lambda_7_unwrap(this_1);
            float result_4 = lambda_7_operator_call(object_4, arg1);
            return result_4;
        }
    }
    return 0.0;
}

float twiceEach(IFunc_float_float f, float x) {
    return IFunc_float_float_operator(f, IFunc_float_float_operator(f, x));
}

IFunc_float_float IFunc_float_float_lambda_wrap(uint id, lambda value) {
    return IFunc_float_float(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_IFunc_float_float(floatBitsToUint(value.offset)));
}

IFunc_float_float makeOffset(float offset) {
    return IFunc_float_float_lambda_wrap(0u, lambda(offset));
}

int Counter_operator_call(inout Counter this_1, int step_1) {
    this_1.total += step_1;
    return this_1.total;
}

void Grid_map(inout Grid this_1, IFunc_float_float f) {
    for (int i = 0; i < 4; ++i) {
        this_1.cells[i] = IFunc_float_float_operator(f, this_1.cells[i]);
    }
}

float Scaler_run(Scaler this_1, float x) {
    const lambda_2 scale = lambda_2(this_1.factor);
    return lambda_2_operator_call(scale, x);
}

int lambda_3_operator_call(lambda_3 this_1, int a, int b) {
    return a + b + this_1.base;
}

IFunc_float_float IFunc_float_float_lambda_4_wrap(uint id, lambda_4 value) {
    return IFunc_float_float(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_IFunc_float_float(floatBitsToUint(value.k)));
}

int lambda_5_operator_call(lambda_5 this_1, int a, int b) {
    return a * b + 5 + this_1.base;
}

float applyGeneric_lambda_5(lambda_5 f) {
    return float(lambda_5_operator_call(f, 3, 4));
}

int bump_Counter(inout Counter f, int step_1) {
    return Counter_operator_call(f, step_1);
}

IFunc_float_float IFunc_float_float_lambda_7_wrap(uint id, lambda_7 value) {
    return IFunc_float_float(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_IFunc_float_float(floatBitsToUint(value.k)));
}

void main() {
    int base = 10;
    const lambda_3 add = lambda_3(base);
    base = 100;
    outputBuffer[0] = float(lambda_3_operator_call(add, 3, 4));
    float k = 3.0;
    outputBuffer[1] = twiceEach(IFunc_float_float_lambda_4_wrap(2u, lambda_4(k)), 2.0);
    outputBuffer[2] = applyGeneric_lambda_5(lambda_5(base));
    const IFunc_float_float f = makeOffset(2.5);
    outputBuffer[3] = IFunc_float_float_operator(f, 1.0);
    const lambda_6 clamp_1 = lambda_6(0u);
    outputBuffer[4] = lambda_6_operator_call(clamp_1, 7.0);
    Counter c = Counter(0);
    const int first = bump_Counter(c, 2);
    const int second = Counter_operator_call(c, 3);
    outputBuffer[5] = float(first * 100 + second * 10 + c.total);
    Scaler s = Scaler(4.0);
    outputBuffer[6] = Scaler_run(s, 2.0);
    outputBuffer[7] = lambda_6_operator_call(clamp_1, 0.5);
    Grid g = Grid(float[4](1.0, 2.0, 3.0, 4.0), 9);
    Grid_map(g, IFunc_float_float_lambda_7_wrap(4u, lambda_7(k)));
    outputBuffer[8] = g.cells[3] + float(g.tag);
}
