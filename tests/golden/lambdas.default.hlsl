struct AnyValue_IFunc_float_float {
    uint field0;
};

struct IFunc_float_float {
    uint2 rtti;
    uint2 witness;
    AnyValue_IFunc_float_float payload_1;
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
};

struct lambda_7 {
    float k;
};

RWStructuredBuffer<float> outputBuffer;

lambda wavec_make_lambda(float p0) {
    lambda r = {p0};
    return r;
}

lambda_4 wavec_make_lambda_4(float p0) {
    lambda_4 r = {p0};
    return r;
}

lambda_7 wavec_make_lambda_7(float p0) {
    lambda_7 r = {p0};
    return r;
}

lambda_2 wavec_make_lambda_2(float p0) {
    lambda_2 r = {p0};
    return r;
}

lambda_6 wavec_make_lambda_6() {
    lambda_6 r = {};
    return r;
}

IFunc_float_float wavec_make_IFunc_float_float(uint2 p0, uint2 p1, AnyValue_IFunc_float_float p2) {
    IFunc_float_float r = {p0, p1, p2};
    return r;
}

AnyValue_IFunc_float_float wavec_make_AnyValue_IFunc_float_float(uint p0) {
    AnyValue_IFunc_float_float r = {p0};
    return r;
}

lambda_5 wavec_make_lambda_5(int p0) {
    lambda_5 r = {p0};
    return r;
}

uint IFunc_float_float_tag(IFunc_float_float value) {
    return value.witness.x;
}

float lambda_operator_call(lambda this_1, float x) {
    return x + this_1.offset;
}

lambda IFunc_float_float_lambda_unwrap(IFunc_float_float value) {
    return wavec_make_lambda(asfloat(value.payload_1.field0));
}

float lambda_2_operator_call(lambda_2 this_1, float v) {
    return v * this_1.factor;
}

float lambda_4_operator_call(lambda_4 this_1, float x) {
    return x * this_1.k;
}

lambda_4 IFunc_float_float_lambda_4_unwrap(IFunc_float_float value) {
    return wavec_make_lambda_4(asfloat(value.payload_1.field0));
}

float lambda_6_operator_call(lambda_6 this_1, float x) {
    if (x > 1.0f) {
        return 1.0f;
    }
    return x;
}

float lambda_7_operator_call(lambda_7 this_1, float x) {
    return x * this_1.k;
}

lambda_7 IFunc_float_float_lambda_7_unwrap(IFunc_float_float value) {
    return wavec_make_lambda_7(asfloat(value.payload_1.field0));
}

lambda_2 IFunc_float_float_lambda_2_unwrap(IFunc_float_float value) {
    return wavec_make_lambda_2(asfloat(value.payload_1.field0));
}

lambda_6 IFunc_float_float_lambda_6_unwrap(IFunc_float_float value) {
    return wavec_make_lambda_6();
}

float IFunc_float_float_operator(IFunc_float_float this_1, float arg1) {
    switch (IFunc_float_float_tag(this_1)) {
        case 0: {
            lambda object = IFunc_float_float_lambda_unwrap(this_1);
            float result = lambda_operator_call(object, arg1);
            return result;
        }
        case 1: {
            lambda_2 object = IFunc_float_float_lambda_2_unwrap(this_1);
            float result = lambda_2_operator_call(object, arg1);
            return result;
        }
        case 2: {
            lambda_4 object = IFunc_float_float_lambda_4_unwrap(this_1);
            float result = lambda_4_operator_call(object, arg1);
            return result;
        }
        case 3: {
            lambda_6 object = IFunc_float_float_lambda_6_unwrap(this_1);
            float result = lambda_6_operator_call(object, arg1);
            return result;
        }
        case 4: {
            lambda_7 object = IFunc_float_float_lambda_7_unwrap(this_1);
            float result = lambda_7_operator_call(object, arg1);
            return result;
        }
    }
    return 0.0f;
}

float twiceEach(IFunc_float_float f, float x) {
    return IFunc_float_float_operator(f, IFunc_float_float_operator(f, x));
}

IFunc_float_float IFunc_float_float_lambda_wrap(uint id, lambda value) {
    return wavec_make_IFunc_float_float(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_IFunc_float_float(asuint(value.offset)));
}

IFunc_float_float makeOffset(float offset) {
    return IFunc_float_float_lambda_wrap(0u, wavec_make_lambda(offset));
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
    const lambda_2 scale = {this_1.factor};
    return lambda_2_operator_call(scale, x);
}

int lambda_3_operator_call(lambda_3 this_1, int a, int b) {
    return a + b + this_1.base;
}

IFunc_float_float IFunc_float_float_lambda_4_wrap(uint id, lambda_4 value) {
    return wavec_make_IFunc_float_float(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_IFunc_float_float(asuint(value.k)));
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
    return wavec_make_IFunc_float_float(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_IFunc_float_float(asuint(value.k)));
}

[numthreads(1, 1, 1)]
void computeMain() {
    int base = 10;
    const lambda_3 add = {base};
    base = 100;
    outputBuffer[0] = float(lambda_3_operator_call(add, 3, 4));
    float k = 3.0f;
    outputBuffer[1] = twiceEach(IFunc_float_float_lambda_4_wrap(2u, wavec_make_lambda_4(k)), 2.0f);
    outputBuffer[2] = applyGeneric_lambda_5(wavec_make_lambda_5(base));
    const IFunc_float_float f = makeOffset(2.5f);
    outputBuffer[3] = IFunc_float_float_operator(f, 1.0f);
    const lambda_6 clamp_1 = {};
    outputBuffer[4] = lambda_6_operator_call(clamp_1, 7.0f);
    Counter c = {0};
    const int first = bump_Counter(c, 2);
    const int second = Counter_operator_call(c, 3);
    outputBuffer[5] = float(first * 100 + second * 10 + c.total);
    Scaler s = {4.0f};
    outputBuffer[6] = Scaler_run(s, 2.0f);
    outputBuffer[7] = lambda_6_operator_call(clamp_1, 0.5f);
    Grid g = {{1.0f, 2.0f, 3.0f, 4.0f}, 9};
    Grid_map(g, IFunc_float_float_lambda_7_wrap(4u, wavec_make_lambda_7(k)));
    outputBuffer[8] = g.cells[3] + float(g.tag);
}
