struct Box {
    float scale;
    uint uses;
};

struct Ramp {
    float slope;
};

struct Window_Box_3 {
    Box kernel;
};

struct Window_Ramp_2 {
    Ramp kernel;
};

static const int Box__TAPS = 3;
static const int Ramp__TAPS = 2;
StructuredBuffer<float> input;
RWStructuredBuffer<float> output;
static const int Window_Box_3__SIZE = 3;
static const int Window_Ramp_2__SIZE = 2;

Box Box_init(float s) {
    Box this_1 = {1.0f, 0u};
    this_1.scale = s;
    return this_1;
}

Box Box_init_2(float s, uint u) {
    Box this_1 = {1.0f, 0u};
    this_1.scale = s;
    this_1.uses = u;
    if (u > 100u) {
        return this_1;
    }
    this_1.uses += 1u;
    return this_1;
}

float Box_weight(Box this_1, float x) {
    return x * this_1.scale;
}

float Box_first(Box this_1) {
    return this_1.scale;
}

float Box_get_doubled(Box this_1) {
    return this_1.scale * 2.0f;
}

void Box_set_doubled(inout Box this_1, float newValue) {
    this_1.scale = newValue / 2.0f;
}

float Box_get_halved(Box this_1) {
    return this_1.scale / 2.0f;
}

void Box_set_halved(inout Box this_1, float h) {
    this_1.scale = h * 2.0f;
}

float Ramp_weight(Ramp this_1, float x) {
    return x * this_1.slope + 1.0f;
}

Ramp Ramp_steep() {
    Ramp r = {4.0f};
    return r;
}

float Ramp_first(Ramp this_1) {
    return Ramp_weight(this_1, 0.0f);
}

Box operator_add(Box a, Box b) {
    return Box_init_2(a.scale + b.scale, a.uses + b.uses);
}

float Window_Box_3_apply(Window_Box_3 this_1, float x) {
    float sum = 0.0f;
    for (int i = 0; i < 9; i++) {
        sum += Box_weight(this_1.kernel, x + float(i));
    }
    return sum + Box_first(this_1.kernel);
}

float Window_Ramp_2_apply(Window_Ramp_2 this_1, float x) {
    float sum = 0.0f;
    for (int i = 0; i < 4; i++) {
        sum += Ramp_weight(this_1.kernel, x + float(i));
    }
    return sum + Ramp_first(this_1.kernel);
}

half Box__scaledAs_half(Box this_1, half v) {
    return v * half(this_1.scale);
}

[numthreads(32, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    float x = input[tid.x];
    Box plain = {1.0f, 0u};
    Box a = Box_init(x);
    Box b = Box_init_2(3.0f, 7u);
    Box_set_doubled(a, Box_get_doubled(a) + 1.0f);
    Box_set_halved(b, Box_get_halved(b) + 0.25f);
    Box c = operator_add(a, b);
    Window_Box_3 w;
    w.kernel = c;
    Window_Ramp_2 r;
    r.kernel = Ramp_steep();
    output[tid.x] = plain.scale + float(b.uses) + Box_weight(a, x) + Window_Box_3_apply(w, x) + Window_Ramp_2_apply(r, x) + 3.0f + float(Box__scaledAs_half(a, half(x)));
}
