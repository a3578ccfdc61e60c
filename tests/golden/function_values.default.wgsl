struct multiply_fn {
    wavec_empty: u32,
}

struct combine_fn {
    wavec_empty: u32,
}

struct negate_fn {
    wavec_empty: u32,
}

struct lambda {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<f32>;

fn multiply(x: f32, y: f32) -> f32 {
    return x * y;
}

fn combine(a: i32, b: i32) -> i32 {
    return a - b;
}

fn negate(x: i32) -> i32 {
    return -x;
}

fn multiply_fn_operator_call(this_1: multiply_fn, p0: f32, p1: f32) -> f32 {
    let wavec_t = multiply(p0, p1);
    return wavec_t;
}

fn apply2_float_float_float_multiply_fn(f: multiply_fn, a: f32, b: f32) -> f32 {
    let wavec_t = multiply_fn_operator_call(f, a, b);
    return wavec_t;
}

fn combine_fn_operator_call(this_1: combine_fn, p0: i32, p1: i32) -> i32 {
    let wavec_t = combine(p0, p1);
    return wavec_t;
}

fn apply2_int_int_int_combine_fn(f: combine_fn, a: i32, b: i32) -> i32 {
    let wavec_t = combine_fn_operator_call(f, a, b);
    return wavec_t;
}

fn negate_fn_operator_call(this_1: negate_fn, p0: i32) -> i32 {
    let wavec_t = negate(p0);
    return wavec_t;
}

fn applyInt_negate_fn(f: negate_fn) -> i32 {
    let wavec_t = negate_fn_operator_call(f, 3i);
    return wavec_t;
}

fn lambda_operator_call(this_1: lambda, x: f32, y: f32) -> f32 {
    return x - y;
}

fn apply2_float_float_float_lambda(f: lambda, a: f32, b: f32) -> f32 {
    let wavec_t = lambda_operator_call(f, a, b);
    return wavec_t;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    let wavec_t = apply2_float_float_float_multiply_fn(multiply_fn(), 3.0f, 4.0f);
    outputBuffer[0i] = wavec_t;
    let wavec_t_1 = apply2_int_int_int_combine_fn(combine_fn(), 7i, 3i);
    outputBuffer[1i] = f32(wavec_t_1);
    let wavec_t_2 = applyInt_negate_fn(negate_fn());
    outputBuffer[2i] = f32(wavec_t_2);
    let wavec_t_3 = apply2_float_float_float_lambda(lambda(), 1.0f, 2.0f);
    outputBuffer[3i] = wavec_t_3;
}
