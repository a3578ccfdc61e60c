struct Body {
    float2 position;
    uint tag;
};

struct Body_Differential {
    float2 position;
};

struct DifferentialPair_float {
    float p;
    float d;
};

struct DifferentialPair_Body {
    Body p;
    Body_Differential d;
};

RWStructuredBuffer<float> output;

DifferentialPair_Body wavec_make_DifferentialPair_Body(Body p0, Body_Differential p1) {
    DifferentialPair_Body r = {p0, p1};
    return r;
}

DifferentialPair_float wavec_make_DifferentialPair_float(float p0, float p1) {
    DifferentialPair_float r = {p0, p1};
    return r;
}

float wavec_d_sin(float x, float dx) {
    return cos(x) * dx;
}

DifferentialPair_float wave_fwd_diff(DifferentialPair_Body b_pair, DifferentialPair_float t_pair) {
    Body b = b_pair.p;
    Body_Differential b_d = b_pair.d;
    float t = t_pair.p;
    float t_d = t_pair.d;
    float sum = 0.0f;
    float sum_d = 0.0f;
    {
        int i = 1;
        for (; i <= 2; i++) {
            float _d1 = sum_d + wavec_d_sin(b.position.x * t, b_d.position.x * t + b.position.x * t_d) / float(i);
            sum = sum + sin(b.position.x * t) / float(i);
            sum_d = _d1;
        }
    }
    DifferentialPair_float _result2 = {sum * b.position.y, sum_d * b.position.y + sum * b_d.position.y};
    return _result2;
}

void wave_bwd_diff(inout DifferentialPair_Body b_pair, inout DifferentialPair_float t_pair, float dOut) {
    Body_Differential _grad3 = {float2(0.0f, 0.0f)};
    float _grad4 = 0.0f;
    Body_Differential _direction5 = {float2(0.0f, 0.0f)};
    _direction5.position[0] = 1.0f;
    float _direction6 = 0.0f;
    DifferentialPair_float _r7 = wave_fwd_diff(wavec_make_DifferentialPair_Body(b_pair.p, _direction5), wavec_make_DifferentialPair_float(t_pair.p, _direction6));
    _grad3.position[0] = _r7.d * dOut;
    Body_Differential _direction8 = {float2(0.0f, 0.0f)};
    _direction8.position[1] = 1.0f;
    float _direction9 = 0.0f;
    DifferentialPair_float _r10 = wave_fwd_diff(wavec_make_DifferentialPair_Body(b_pair.p, _direction8), wavec_make_DifferentialPair_float(t_pair.p, _direction9));
    _grad3.position[1] = _r10.d * dOut;
    Body_Differential _direction11 = {float2(0.0f, 0.0f)};
    float _direction12 = 0.0f;
    _direction12 = 1.0f;
    DifferentialPair_float _r13 = wave_fwd_diff(wavec_make_DifferentialPair_Body(b_pair.p, _direction11), wavec_make_DifferentialPair_float(t_pair.p, _direction12));
    _grad4 = _r13.d * dOut;
    b_pair = wavec_make_DifferentialPair_Body(b_pair.p, _grad3);
    t_pair = wavec_make_DifferentialPair_float(t_pair.p, _grad4);
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Body b = {float2(1.0f, 2.0f), 3u};
    Body_Differential db = {float2(1.0f, 0.0f)};
    DifferentialPair_float r = wave_fwd_diff(wavec_make_DifferentialPair_Body(b, db), wavec_make_DifferentialPair_float(0.5f, 0.0f));
    output[0] = r.p;
    output[1] = r.d;
    DifferentialPair_Body pb = {b, db};
    DifferentialPair_float t = {0.5f, 0.0f};
    wave_bwd_diff(pb, t, 1.0f);
    output[2] = t.d;
}
