@group(0) @binding(0) var<storage, read_write> Out: array<vec4<f32>>;

fn wavec_sincos(x: f32, s: ptr<function, f32>, c: ptr<function, f32>) {
    (*s) = sin(x);
    (*c) = cos(x);
}

fn wavec_modf(x: f32, ip: ptr<function, f32>) -> f32 {
    (*ip) = trunc(x);
    return x - (*ip);
}

fn wavec_or(a: bool, b: bool) -> bool {
    return select(b, a, a);
}

fn wavec_frexp_exponent(x: f32) -> i32 {
    var tiny: bool = abs(x) < 1.1754944e-38f;
    var scaled: f32 = select(x, (x * 1.8446744e19f), tiny);
    var biased: i32 = i32((bitcast<u32>(scaled) >> 23u) & 255u);
    var bias: i32 = select(126i, 190i, tiny);
    let wavec_t = wavec_or(x == 0.0f, biased == 255i);
    var none: bool = wavec_t;
    return select((biased - bias), 0i, none);
}

fn wavec_frexp_mantissa(x: f32) -> f32 {
    var tiny: bool = abs(x) < 1.1754944e-38f;
    var scaled: f32 = select(x, (x * 1.8446744e19f), tiny);
    var m: f32 = bitcast<f32>(((bitcast<u32>(scaled) & 2155872255u) | 1056964608u));
    let wavec_t = wavec_or(x == 0.0f, ((bitcast<u32>(x) >> 23u) & 255u) == 255u);
    var none: bool = wavec_t;
    return select(m, x, none);
}

fn wavec_frexp(x: f32, e: ptr<function, f32>) -> f32 {
    let wavec_t = wavec_frexp_exponent(x);
    (*e) = f32(wavec_t);
    let wavec_t_1 = wavec_frexp_mantissa(x);
    return wavec_t_1;
}

fn wavec_log10(x: f32) -> f32 {
    return log2(x) * 0.30103f;
}

fn wavec_rcp(x: f32) -> f32 {
    return 1.0f / x;
}

fn wavec_ldexp(x: f32, e: f32) -> f32 {
    return x * exp2(e);
}

fn wavec_and(a: vec2<bool>, b: vec2<bool>) -> vec2<bool> {
    return select(a, b, a);
}

fn wavec_or_1(a: vec2<bool>, b: vec2<bool>) -> vec2<bool> {
    return select(b, a, a);
}

fn wavec_isnan(x: vec2<f32>) -> vec2<bool> {
    var magnitude: vec2<u32> = bitcast<vec2<u32>>(x) & vec2<u32>(2147483647u);
    return magnitude > vec2<u32>(2139095040u);
}

fn wavec_isinf(x: vec2<f32>) -> vec2<bool> {
    var magnitude: vec2<u32> = bitcast<vec2<u32>>(x) & vec2<u32>(2147483647u);
    return magnitude == vec2<u32>(2139095040u);
}

@compute @workgroup_size(32, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: f32 = (f32(id.x) / 32.0f) - 0.5f;
    var v: vec3<f32> = normalize(vec3<f32>(x, -1.0f, 0.25f));
    var n: vec3<f32> = vec3<f32>(0.0f, 1.0f, 0.0f);
    var s: f32;
    var c: f32;
    var wavec_t: f32;
    var wavec_t_1: f32;
    wavec_sincos(x, &wavec_t, &wavec_t_1);
    s = wavec_t;
    c = wavec_t_1;
    var whole: f32;
    var wavec_t_2: f32;
    let wavec_t_3 = wavec_modf(x * 7.0f, &wavec_t_2);
    whole = wavec_t_2;
    let wavec_t_4 = wavec_t_3;
    var part: f32 = wavec_t_4;
    var e: f32;
    var wavec_t_5: f32;
    let wavec_t_6 = wavec_frexp(x * 100.0f, &wavec_t_5);
    e = wavec_t_5;
    let wavec_t_7 = wavec_t_6;
    var mant: f32 = wavec_t_7;
    var h: vec2<f32> = (sinh(vec2<f32>(x, 1.0f)) + cosh(vec2<f32>(x, 2.0f))) + tanh(vec2<f32>(x, 3.0f));
    let wavec_t_8 = radians(x) + degrees(x);
    let wavec_t_9 = wavec_log10(x + 2.0f);
    let wavec_t_10 = wavec_rcp(x + 2.0f);
    let wavec_t_11 = (wavec_t_8 + wavec_t_9) + wavec_t_10;
    let wavec_t_12 = wavec_ldexp(x, 3.0f);
    var a: f32 = wavec_t_11 + wavec_t_12;
    var r: vec3<f32> = (reflect(v, n) + refract(v, n, 0.75f)) + faceForward(n, v, n);
    let wavec_t_13 = wavec_and(vec2<bool>(x > 0.0f, true), vec2<bool>(true, x < 0.25f));
    var both: vec2<bool> = wavec_t_13;
    let wavec_t_14 = wavec_or_1(both, vec2<bool>(x < (-0.25f), false));
    var either: vec2<bool> = wavec_t_14;
    var turned: mat3x2<f32> = transpose(mat2x3<f32>(x, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f));
    var cut: mat3x3<f32> = mat3x3<f32>(mat4x4<f32>(x, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f)[0].xyz, mat4x4<f32>(x, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f)[1].xyz, mat4x4<f32>(x, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f)[2].xyz);
    a = a + (((turned[2i][0i] + turned[0i][1i]) + cut[2i][2i]) + mat2x2<f32>(cut[0].xy, cut[1].xy)[1i][0i]);
    let wavec_t_15 = wavec_isnan(vec2<f32>(x / (x - x), x));
    let wavec_t_16 = wavec_isinf(vec2<f32>(1.0f / x, x));
    var odd: vec2<bool> = wavec_t_15 | wavec_t_16;
    Out[id.x] = vec4<f32>(h + vec2<f32>(s, c), ((part + whole) + mant) + e, a) + vec4<f32>(r, f32((either.x || (either.y)) || (odd.x)));
}
