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

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Body b = {float2(1.0f, 2.0f), 3u};
    Body_Differential db = {float2(1.0f, 0.0f)};
    DifferentialPair_float r = wave_fwd_diff(wavec_make_DifferentialPair_Body(b, db), wavec_make_DifferentialPair_float(0.5f, 0.0f));
    output[0] = r.p;
    output[1] = r.d;
}
