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

void wave_bwd_diff(inout DifferentialPair_Body b_pair, inout DifferentialPair_float t_pair, float dOut) {
    Body_Differential _grad3 = Body_Differential(vec2(0.0, 0.0));
    float _grad4 = 0.0;
    Body_Differential _direction5 = Body_Differential(vec2(0.0, 0.0));
    _direction5.position[0] = 1.0;
    float _direction6 = 0.0;
    DifferentialPair_float _r7 = wave_fwd_diff(DifferentialPair_Body(b_pair.p, _direction5), DifferentialPair_float(t_pair.p, _direction6));
    _grad3.position[0] = _r7.d * dOut;
    Body_Differential _direction8 = Body_Differential(vec2(0.0, 0.0));
    _direction8.position[1] = 1.0;
    float _direction9 = 0.0;
    DifferentialPair_float _r10 = wave_fwd_diff(DifferentialPair_Body(b_pair.p, _direction8), DifferentialPair_float(t_pair.p, _direction9));
    _grad3.position[1] = _r10.d * dOut;
    Body_Differential _direction11 = Body_Differential(vec2(0.0, 0.0));
    float _direction12 = 0.0;
    _direction12 = 1.0;
    DifferentialPair_float _r13 = wave_fwd_diff(DifferentialPair_Body(b_pair.p, _direction11), DifferentialPair_float(t_pair.p, _direction12));
    _grad4 = _r13.d * dOut;
    b_pair = DifferentialPair_Body(b_pair.p, _grad3);
    t_pair = DifferentialPair_float(t_pair.p, _grad4);
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
