#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

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

layout(std430, set = 0, binding = 0) readonly buffer input_block {
    float input_1[];
};
layout(std430, set = 0, binding = 1) buffer output_block {
    float output_1[];
};

Box Box_init(float s) {
    Box this_1 = Box(1.0, 0u);
    this_1.scale = s;
    return this_1;
}

Box Box_init_2(float s, uint u) {
    Box this_1 = Box(1.0, 0u);
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
    return this_1.scale * 2.0;
}

void Box_set_doubled(inout Box this_1, float newValue) {
    this_1.scale = newValue / 2.0;
}

float Box_get_halved(Box this_1) {
    return this_1.scale / 2.0;
}

void Box_set_halved(inout Box this_1, float h) {
    this_1.scale = h * 2.0;
}

float Ramp_weight(Ramp this_1, float x) {
    return x * this_1.slope + 1.0;
}

Ramp Ramp_steep() {
    Ramp r = Ramp(4.0);
    return r;
}

float Ramp_first(Ramp this_1) {
    return Ramp_weight(this_1, 0.0);
}

Box operator_add(Box a, Box b) {
    return Box_init_2(a.scale + b.scale, a.uses + b.uses);
}

float Window_Box_3_apply(Window_Box_3 this_1, float x) {
    float sum = 0.0;
    for (int i = 0; i < 9; i++) {
        sum += Box_weight(this_1.kernel, x + float(i));
    }
    return sum + Box_first(this_1.kernel);
}

float Window_Ramp_2_apply(Window_Ramp_2 this_1, float x) {
    float sum = 0.0;
    for (int i = 0; i < 4; i++) {
        sum += Ramp_weight(this_1.kernel, x + float(i));
    }
    return sum + Ramp_first(this_1.kernel);
}

float16_t Box__scaledAs_half(Box this_1, float16_t v) {
    return v * float16_t(this_1.scale);
}

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    float x = input_1[tid.x];
    Box plain = Box(1.0, 0u);
    Box a = Box_init(x);
    Box b = Box_init_2(3.0, 7u);
    Box_set_doubled(a, Box_get_doubled(a) + 1.0);
    Box_set_halved(b, Box_get_halved(b) + 0.25);
    Box c = operator_add(a, b);
    Window_Box_3 w;
    w.kernel = c;
    Window_Ramp_2 r;
    r.kernel = Ramp_steep();
    output_1[tid.x] = plain.scale + float(b.uses) + Box_weight(a, x) + Window_Box_3_apply(w, x) + Window_Ramp_2_apply(r, x) + 3.0 + float(Box__scaledAs_half(a, float16_t(x)));
}
