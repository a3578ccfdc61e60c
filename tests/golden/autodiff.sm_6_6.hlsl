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

DifferentialPair_float wavec_make_DifferentialPair_float(float p0, float p1) {
    DifferentialPair_float r = {p0, p1};
    return r;
}

DifferentialPair_Body wavec_make_DifferentialPair_Body(Body p0, Body_Differential p1) {
    DifferentialPair_Body r = {p0, p1};
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

DifferentialPair_float sin_of_fwd_diff(DifferentialPair_float x0_pair) {
    float x0 = x0_pair.p;
    float x0_d = x0_pair.d;
    DifferentialPair_float _result40 = {sin(x0), wavec_d_sin(x0, x0_d)};
    return _result40;
}

void sin_of_bwd_diff(inout DifferentialPair_float x0_pair, float dOut) {
    float _grad41 = 0.0f;
    float _direction42 = 0.0f;
    _direction42 = 1.0f;
    DifferentialPair_float _r43 = sin_of_fwd_diff(wavec_make_DifferentialPair_float(x0_pair.p, _direction42));
    _grad41 = _r43.d * dOut;
    x0_pair = wavec_make_DifferentialPair_float(x0_pair.p, _grad41);
}

void wave_bwd_diff(inout DifferentialPair_Body b_pair, inout DifferentialPair_float t_pair, float dOut) {
    Body b = {float2(0.0f, 0.0f), 0u};
    Body_Differential b_adjoint = {float2(0.0f, 0.0f)};
    float t = 0.0f;
    float t_adjoint = 0.0f;
    float sum = 0.0f;
    float sum_adjoint = 0.0f;
    int i = 0;
    float result = 0.0f;
    float result_adjoint = 0.0f;
    bool returned = false;
    b = b_pair.p;
    t = t_pair.p;
    result_adjoint = dOut;
    bool _saved3 = returned;
    float _saved4 = result;
    int _saved5 = i;
    float _saved6 = sum;
    returned = false;
    bool _saved7 = returned;
    float _saved8 = result;
    int _saved9 = i;
    float _saved10 = sum;
    bool _saved11 = returned;
    float _saved12 = result;
    int _saved13 = i;
    float _saved14 = sum;
    sum = 0.0f;
    bool _saved15 = returned;
    float _saved16 = result;
    int _saved17 = i;
    float _saved18 = sum;
    {
        i = 1;
        for (; i <= 2; i++) {
            sum += sin(b.position.x * t) / float(i);
        }
    }
    bool _saved19 = returned;
    float _saved20 = result;
    result = sum * b.position.y;
    returned = _saved19;
    result = _saved20;
    float _adj21 = result_adjoint;
    result_adjoint = 0.0f;
    float _adj22 = _adj21;
    float _adj23 = _adj22 * b.position.y;
    sum_adjoint = sum_adjoint + _adj23;
    float _adj24 = _adj22 * sum;
    b_adjoint.position.y = b_adjoint.position.y + _adj24;
    returned = _saved15;
    result = _saved16;
    i = _saved17;
    sum = _saved18;
    int _saved25 = i;
    float _saved26 = sum;
    int _count27 = 0;
    {
        i = 1;
        for (; i <= 2;) {
            sum += sin(b.position.x * t) / float(i);
            i++;
            _count27 += 1;
        }
    }
    for (int _iteration28 = _count27 - 1; _iteration28 >= 0; _iteration28 -= 1) {
        i = _saved25;
        sum = _saved26;
        i = 1;
        for (int _replayed29 = 0; _replayed29 < _iteration28; _replayed29 += 1) {
            sum += sin(b.position.x * t) / float(i);
            i++;
        }
        {
            int _saved30 = i;
            float _saved31 = sum;
            sum += sin(b.position.x * t) / float(i);
            i = _saved30;
            sum = _saved31;
            float _adj32 = sum_adjoint;
            float _adj33 = _adj32;
            float _adj34 = _adj33 / float(i);
            DifferentialPair_float _adj35 = {b.position.x * t, 0.0f};
            sin_of_bwd_diff(_adj35, _adj34);
            float _adj36 = _adj35.d;
            float _adj37 = _adj36 * t;
            b_adjoint.position.x = b_adjoint.position.x + _adj37;
            float _adj38 = _adj36 * b.position.x;
            t_adjoint = t_adjoint + _adj38;
        }
    }
    i = _saved25;
    sum = _saved26;
    returned = _saved11;
    result = _saved12;
    i = _saved13;
    sum = _saved14;
    float _adj39 = sum_adjoint;
    sum_adjoint = 0.0f;
    returned = _saved7;
    result = _saved8;
    i = _saved9;
    sum = _saved10;
    result_adjoint = 0.0f;
    returned = _saved3;
    result = _saved4;
    i = _saved5;
    sum = _saved6;
    b_pair = wavec_make_DifferentialPair_Body(b_pair.p, b_adjoint);
    t_pair = wavec_make_DifferentialPair_float(t_pair.p, t_adjoint);
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
