#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Complex {
    float re;
    float im;
};

struct Range_float {
    float lo;
    float hi;
};

struct Range_int {
    int lo;
    int hi;
};

struct SmallVec_float_3 {
    float items[3];
};

struct Stats__MinMax_float {
    float lo;
    float hi;
};

layout(std430, set = 0, binding = 0) readonly buffer input_block {
    float input_1[];
};
layout(std430, set = 0, binding = 1) buffer output_block {
    float output_1[];
};

Complex Complex_make(float re, float im) {
    Complex c;
    c.re = re;
    c.im = im;
    return c;
}

Complex Complex_operator_add(Complex this_1, Complex o) {
    return Complex_make(this_1.re + o.re, this_1.im + o.im);
}

Complex Complex_operator_mul(Complex this_1, Complex o) {
    return Complex_make(this_1.re * o.re - this_1.im * o.im, this_1.re * o.im + this_1.im * o.re);
}

Complex Complex_operator_sub(Complex this_1) {
    return Complex_make(-this_1.re, -this_1.im);
}

bool Complex_operator_eq(Complex this_1, Complex o) {
    return abs(this_1.re - o.re) < 1.0e-6 && abs(this_1.im - o.im) < 1.0e-6;
}

void Complex_operator_add_assign(inout Complex this_1, Complex o) {
    this_1.re += o.re;
    this_1.im += o.im;
}

float Complex_operator_call(Complex this_1, float t) {
    return this_1.re + this_1.im * t;
}

Complex operator_mul(float s, Complex c) {
    return Complex_make(s * c.re, s * c.im);
}

float Range_float_width(Range_float this_1) {
    return this_1.hi - this_1.lo;
}

Range_float Range_float_grow(Range_float this_1, float by) {
    Range_float r;
    r.lo = this_1.lo - by;
    r.hi = this_1.hi + by;
    return r;
}

int Range_int_width(Range_int this_1) {
    return this_1.hi - this_1.lo;
}

float SmallVec_float_3_total(SmallVec_float_3 this_1) {
    float sum = 0.0;
    for (int i = 0; i < 3; i++) {
        sum += this_1.items[i];
    }
    return sum;
}

float SmallVec_float_3_operator_index(SmallVec_float_3 this_1, uint i) {
    return this_1.items[i % 3u];
}

void Stats__MinMax_float_add(inout Stats__MinMax_float this_1, float v) {
    this_1.lo = min(this_1.lo, v - 0.25);
    this_1.hi = max(this_1.hi, v + 0.25);
}

void main() {
    uint tid = gl_GlobalInvocationID.x;
    float x = input_1[tid];
    Range_float r;
    r.lo = x;
    r.hi = x * 2.0;
    Range_int ri;
    ri.lo = int(tid);
    ri.hi = int(tid) + 3;
    SmallVec_float_3 v;
    v.items[0] = x;
    v.items[1] = 1.0;
    v.items[2] = 2.0;
    Complex a = Complex_make(x, 1.0);
    Complex b = Complex_make(2.0, -1.0);
    Complex c = Complex_operator_add(Complex_operator_mul(a, b), Complex_operator_sub(a));
    Complex_operator_add_assign(c, b);
    Complex d = operator_mul(2.0, c);
    d = Complex_operator_mul(d, a);
    Stats__MinMax_float mm;
    mm.lo = x;
    mm.hi = x;
    Stats__MinMax_float_add(mm, SmallVec_float_3_operator_index(v, 4u));
    output_1[tid] = Range_float_width(Range_float_grow(r, 0.5)) + float(Range_int_width(ri)) + SmallVec_float_3_total(v) + c.re + d.im + Complex_operator_call(d, 0.5) + float(Complex_operator_eq(c, c) ? 1 : 0) + mm.hi - mm.lo + 1.0e-6;
}
