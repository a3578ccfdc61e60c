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
    DifferentialPair_float _result30 = {sin(x0), wavec_d_sin(x0, x0_d)};
    return _result30;
}

void sin_of_bwd_diff(inout DifferentialPair_float x0_pair, float dOut) {
    float _grad31 = 0.0f;
    float _direction32 = 0.0f;
    _direction32 = 1.0f;
    DifferentialPair_float _r33 = sin_of_fwd_diff(wavec_make_DifferentialPair_float(x0_pair.p, _direction32));
    _grad31 = _r33.d * dOut;
    x0_pair = wavec_make_DifferentialPair_float(x0_pair.p, _grad31);
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
    int _saved3 = i;
    float _saved4 = sum;
    returned = false;
    int _saved5 = i;
    float _saved6 = sum;
    int _saved7 = i;
    float _saved8 = sum;
    sum = 0.0f;
    int _saved9 = i;
    float _saved10 = sum;
    {
        i = 1;
        for (; i <= 2; i++) {
            sum += sin(b.position.x * t) / float(i);
        }
    }
    result = sum * b.position.y;
    float _adj11 = result_adjoint;
    result_adjoint = 0.0f;
    float _adj12 = _adj11;
    float _adj13 = _adj12 * b.position.y;
    sum_adjoint = sum_adjoint + _adj13;
    float _adj14 = _adj12 * sum;
    b_adjoint.position.y = b_adjoint.position.y + _adj14;
    i = _saved9;
    sum = _saved10;
    int _saved15 = i;
    float _saved16 = sum;
    int _count17 = 0;
    {
        i = 1;
        for (; i <= 2;) {
            sum += sin(b.position.x * t) / float(i);
            i++;
            _count17 += 1;
        }
    }
    for (int _iteration18 = _count17 - 1; _iteration18 >= 0; _iteration18 -= 1) {
        i = _saved15;
        sum = _saved16;
        i = 1;
        for (int _replayed19 = 0; _replayed19 < _iteration18; _replayed19 += 1) {
            sum += sin(b.position.x * t) / float(i);
            i++;
        }
        {
            int _saved20 = i;
            float _saved21 = sum;
            sum += sin(b.position.x * t) / float(i);
            i = _saved20;
            sum = _saved21;
            float _adj22 = sum_adjoint;
            float _adj23 = _adj22;
            float _adj24 = _adj23 / float(i);
            DifferentialPair_float _adj25 = {b.position.x * t, 0.0f};
            sin_of_bwd_diff(_adj25, _adj24);
            float _adj26 = _adj25.d;
            float _adj27 = _adj26 * t;
            b_adjoint.position.x = b_adjoint.position.x + _adj27;
            float _adj28 = _adj26 * b.position.x;
            t_adjoint = t_adjoint + _adj28;
        }
    }
    i = _saved15;
    sum = _saved16;
    i = _saved7;
    sum = _saved8;
    float _adj29 = sum_adjoint;
    sum_adjoint = 0.0f;
    i = _saved5;
    sum = _saved6;
    result_adjoint = 0.0f;
    i = _saved3;
    sum = _saved4;
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
