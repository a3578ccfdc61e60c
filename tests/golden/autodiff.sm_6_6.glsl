#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Body {
    vec2 position;
    uint tag;
};

struct Body_Differential {
    vec2 position;
};

struct DifferentialPair_float {
    float p;
    float d;
};

struct DifferentialPair_Body {
    Body p;
    Body_Differential d;
};

layout(std430, set = 0, binding = 0) buffer output_block {
    float output_1[];
};

float wavec_d_sin(float x, float dx) {
    return cos(x) * dx;
}

DifferentialPair_float wave_fwd_diff(DifferentialPair_Body b_pair, DifferentialPair_float t_pair) {
    Body b = b_pair.p;
    Body_Differential b_d = b_pair.d;
    float t = t_pair.p;
    float t_d = t_pair.d;
    float sum = 0.0;
    float sum_d = 0.0;
    {
        int i = 1;
        for (; i <= 2; i++) {
            float _d1 = sum_d + wavec_d_sin(b.position.x * t, b_d.position.x * t + b.position.x * t_d) / float(i);
            sum = sum + sin(b.position.x * t) / float(i);
            sum_d = _d1;
        }
    }
    DifferentialPair_float _result2 = DifferentialPair_float(sum * b.position.y, sum_d * b.position.y + sum * b_d.position.y);
    return _result2;
}

DifferentialPair_float sin_of_fwd_diff(DifferentialPair_float x0_pair) {
    float x0 = x0_pair.p;
    float x0_d = x0_pair.d;
    DifferentialPair_float _result40 = DifferentialPair_float(sin(x0), wavec_d_sin(x0, x0_d));
    return _result40;
}

void sin_of_bwd_diff(inout DifferentialPair_float x0_pair, float dOut) {
    float _grad41 = 0.0;
    float _direction42 = 0.0;
    _direction42 = 1.0;
    DifferentialPair_float _r43 = sin_of_fwd_diff(DifferentialPair_float(x0_pair.p, _direction42));
    _grad41 = _r43.d * dOut;
    x0_pair = DifferentialPair_float(x0_pair.p, _grad41);
}

void wave_bwd_diff(inout DifferentialPair_Body b_pair, inout DifferentialPair_float t_pair, float dOut) {
    Body b = Body(vec2(0.0, 0.0), 0u);
    Body_Differential b_adjoint = Body_Differential(vec2(0.0, 0.0));
    float t = 0.0;
    float t_adjoint = 0.0;
    float sum = 0.0;
    float sum_adjoint = 0.0;
    int i = 0;
    float result = 0.0;
    float result_adjoint = 0.0;
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
    sum = 0.0;
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
    result_adjoint = 0.0;
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
            DifferentialPair_float _adj35 = DifferentialPair_float(b.position.x * t, 0.0);
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
    sum_adjoint = 0.0;
    returned = _saved7;
    result = _saved8;
    i = _saved9;
    sum = _saved10;
    result_adjoint = 0.0;
    returned = _saved3;
    result = _saved4;
    i = _saved5;
    sum = _saved6;
    b_pair = DifferentialPair_Body(b_pair.p, b_adjoint);
    t_pair = DifferentialPair_float(t_pair.p, t_adjoint);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Body b = Body(vec2(1.0, 2.0), 3u);
    Body_Differential db = Body_Differential(vec2(1.0, 0.0));
    DifferentialPair_float r = wave_fwd_diff(DifferentialPair_Body(b, db), DifferentialPair_float(0.5, 0.0));
    output_1[0] = r.p;
    output_1[1] = r.d;
    DifferentialPair_Body pb = DifferentialPair_Body(b, db);
    DifferentialPair_float t = DifferentialPair_float(0.5, 0.0);
    wave_bwd_diff(pb, t, 1.0);
    output_1[2] = t.d;
}
