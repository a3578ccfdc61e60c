#version 450

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    vec4 Out[];
};

void wavec_sincos(float x, out float s, out float c) {
    s = sin(x);
    c = cos(x);
}

float wavec_modf(float x, out float ip) {
    ip = trunc(x);
    return x - ip;
}

bool wavec_or(bool a, bool b) {
    return mix(b, a, a);
}

int wavec_frexp_exponent(float x) {
    bool tiny = abs(x) < 1.1754944e-38;
    float scaled = mix(x, x * 1.8446744e19, tiny);
    int biased = int(floatBitsToUint(scaled) >> 23u & 255u);
    int bias = mix(126, 190, tiny);
    bool none = wavec_or(x == 0.0, biased == 255);
    return mix(biased - bias, 0, none);
}

float wavec_frexp_mantissa(float x) {
    bool tiny = abs(x) < 1.1754944e-38;
    float scaled = mix(x, x * 1.8446744e19, tiny);
    float m = uintBitsToFloat((floatBitsToUint(scaled) & 2155872255u) | 1056964608u);
    bool none = wavec_or(x == 0.0, (floatBitsToUint(x) >> 23u & 255u) == 255u);
    return mix(m, x, none);
}

float wavec_frexp(float x, out float e) {
    e = float(wavec_frexp_exponent(x));
    return wavec_frexp_mantissa(x);
}

float wavec_log10(float x) {
    return log2(x) * 0.30103;
}

float wavec_rcp(float x) {
    return 1.0 / x;
}

float wavec_ldexp(float x, float e) {
    return x * exp2(e);
}

bvec2 wavec_and(bvec2 a, bvec2 b) {
    return mix(a, b, a);
}

bvec2 wavec_or(bvec2 a, bvec2 b) {
    return mix(b, a, a);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float x = float(id.x) / 32.0 - 0.5;
    vec3 v = normalize(vec3(x, -1.0, 0.25));
    vec3 n = vec3(0.0, 1.0, 0.0);
    float s;
    float c;
    wavec_sincos(x, s, c);
    float whole;
    float part = wavec_modf(x * 7.0, whole);
    float e;
    float mant = wavec_frexp(x * 100.0, e);
    vec2 h = sinh(vec2(x, 1.0)) + cosh(vec2(x, 2.0)) + tanh(vec2(x, 3.0));
    float a = radians(x) + degrees(x) + wavec_log10(x + 2.0) + wavec_rcp(x + 2.0) + wavec_ldexp(x, 3.0);
    vec3 r = reflect(v, n) + refract(v, n, 0.75) + faceforward(n, v, n);
    bvec2 both = wavec_and(bvec2(x > 0.0, true), bvec2(true, x < 0.25));
    bvec2 either = wavec_or(both, bvec2(x < -0.25, false));
    mat3x2 turned = transpose(mat2x3(x, 1.0, 2.0, 3.0, 4.0, 5.0));
    mat3x3 cut = mat3x3(mat4x4(x, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0));
    a += turned[2][0] + turned[0][1] + cut[2][2] + mat2x2(cut)[1][0];
    bvec2 odd = bvec2(uvec2(isnan(vec2(x / (x - x), x))) | uvec2(isinf(vec2(1.0 / x, x))));
    Out[id.x] = vec4(h + vec2(s, c), part + whole + mant + e, a) + vec4(r, float(either.x || either.y || odd.x));
}
