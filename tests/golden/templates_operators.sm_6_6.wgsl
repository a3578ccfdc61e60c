struct Complex {
    re: f32,
    im: f32,
}

struct Range_float {
    lo: f32,
    hi: f32,
}

struct Range_int {
    lo: i32,
    hi: i32,
}

struct SmallVec_float_3 {
    items: array<f32, 3>,
}

struct Stats__MinMax_float {
    lo: f32,
    hi: f32,
}

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

fn Complex_make(re: f32, im: f32) -> Complex {
    var c: Complex;
    c.re = re;
    c.im = im;
    return c;
}

fn Complex_operator_add(this_1: Complex, o: Complex) -> Complex {
    let wavec_t = Complex_make(this_1.re + o.re, this_1.im + o.im);
    return wavec_t;
}

fn Complex_operator_mul(this_1: Complex, o: Complex) -> Complex {
    let wavec_t = Complex_make((this_1.re * o.re) - (this_1.im * o.im), (this_1.re * o.im) + (this_1.im * o.re));
    return wavec_t;
}

fn Complex_operator_sub(this_1: Complex) -> Complex {
    let wavec_t = Complex_make(-this_1.re, -this_1.im);
    return wavec_t;
}

fn Complex_operator_eq(this_1: Complex, o: Complex) -> bool {
    return (abs((this_1.re - o.re)) < 1e-6f) && (abs((this_1.im - o.im)) < 1e-6f);
}

fn Complex_operator_add_assign(this_1: ptr<function, Complex>, o: Complex) {
    (*this_1).re = (*this_1).re + o.re;
    (*this_1).im = (*this_1).im + o.im;
}

fn Complex_operator_call(this_1: Complex, t: f32) -> f32 {
    return this_1.re + (this_1.im * t);
}

fn operator_mul(s: f32, c: Complex) -> Complex {
    let wavec_t = Complex_make(s * c.re, s * c.im);
    return wavec_t;
}

fn Range_float_width(this_1: Range_float) -> f32 {
    return this_1.hi - this_1.lo;
}

fn Range_float_grow(this_1: Range_float, by: f32) -> Range_float {
    var r: Range_float;
    r.lo = this_1.lo - by;
    r.hi = this_1.hi + by;
    return r;
}

fn Range_int_width(this_1: Range_int) -> i32 {
    return this_1.hi - this_1.lo;
}

fn SmallVec_float_3_total(this_1: SmallVec_float_3) -> f32 {
    var sum: f32 = 0.0f;
    {
        var i: i32 = 0i;
        for (; i < 3i; i = i + 1i) {
            sum = sum + this_1.items[i];
        }
    }
    return sum;
}

fn SmallVec_float_3_operator_index(this_1: SmallVec_float_3, i: u32) -> f32 {
    return this_1.items[i % 3u];
}

fn Stats__MinMax_float_add(this_1: ptr<function, Stats__MinMax_float>, v: f32) {
    (*this_1).lo = min((*this_1).lo, (v - 0.25f));
    (*this_1).hi = max((*this_1).hi, (v + 0.25f));
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: u32 = wavec_global_invocation_id.x;
    var x: f32 = input[tid];
    var r: Range_float;
    r.lo = x;
    r.hi = x * 2.0f;
    var ri: Range_int;
    ri.lo = i32(tid);
    ri.hi = i32(tid) + 3i;
    var v: SmallVec_float_3;
    v.items[0i] = x;
    v.items[1i] = 1.0f;
    v.items[2i] = 2.0f;
    let wavec_t = Complex_make(x, 1.0f);
    var a: Complex = wavec_t;
    let wavec_t_1 = Complex_make(2.0f, -1.0f);
    var b: Complex = wavec_t_1;
    let wavec_t_2 = Complex_operator_mul(a, b);
    let wavec_t_3 = Complex_operator_sub(a);
    let wavec_t_4 = Complex_operator_add(wavec_t_2, wavec_t_3);
    var c: Complex = wavec_t_4;
    var wavec_t_5: Complex = c;
    Complex_operator_add_assign(&wavec_t_5, b);
    c = wavec_t_5;
    let wavec_t_6 = operator_mul(2.0f, c);
    var d: Complex = wavec_t_6;
    let wavec_t_7 = Complex_operator_mul(d, a);
    d = wavec_t_7;
    var mm: Stats__MinMax_float;
    mm.lo = x;
    mm.hi = x;
    var wavec_t_8: Stats__MinMax_float = mm;
    let wavec_t_9 = SmallVec_float_3_operator_index(v, 4u);
    Stats__MinMax_float_add(&wavec_t_8, wavec_t_9);
    mm = wavec_t_8;
    let wavec_t_10 = Range_float_grow(r, 0.5f);
    let wavec_t_11 = Range_float_width(wavec_t_10);
    let wavec_t_12 = Range_int_width(ri);
    let wavec_t_13 = SmallVec_float_3_total(v);
    let wavec_t_14 = (((wavec_t_11 + f32(wavec_t_12)) + wavec_t_13) + c.re) + d.im;
    let wavec_t_15 = Complex_operator_call(d, 0.5f);
    let wavec_t_16 = Complex_operator_eq(c, c);
    output[tid] = ((((wavec_t_14 + wavec_t_15) + f32(select(0i, 1i, wavec_t_16))) + mm.hi) - mm.lo) + 1e-6f;
}
