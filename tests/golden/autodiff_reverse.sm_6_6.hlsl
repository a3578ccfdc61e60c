struct DifferentialPair_float {
    float p;
    float d;
};

RWStructuredBuffer<float> output;

DifferentialPair_float wavec_make_DifferentialPair_float(float p0, float p1) {
    DifferentialPair_float r = {p0, p1};
    return r;
}

void cube_bwd(inout DifferentialPair_float x, float dOut) {
    output[1] += dOut;
    x = wavec_make_DifferentialPair_float(x.p, 3.0f * x.p * x.p * dOut);
}

float cube(float x) {
    return x * x * x;
}

void horner_bwd_diff(inout DifferentialPair_float x_pair, inout DifferentialPair_float y_pair, float dOut) {
    float x = 0.0f;
    float x_adjoint = 0.0f;
    float y = 0.0f;
    float y_adjoint = 0.0f;
    float s = 0.0f;
    float s_adjoint = 0.0f;
    int i = 0;
    float value = 0.0f;
    float value_adjoint = 0.0f;
    float result = 0.0f;
    float result_adjoint = 0.0f;
    bool returned = false;
    bool broken = false;
    bool continued = false;
    x = x_pair.p;
    y = y_pair.p;
    result_adjoint = dOut;
    bool _saved6 = returned;
    int _saved7 = i;
    bool _saved8 = broken;
    bool _saved9 = continued;
    float _saved10 = value;
    float _saved11 = s;
    returned = false;
    bool _saved12 = returned;
    int _saved13 = i;
    bool _saved14 = broken;
    bool _saved15 = continued;
    float _saved16 = value;
    float _saved17 = s;
    bool _saved18 = returned;
    int _saved19 = i;
    bool _saved20 = broken;
    bool _saved21 = continued;
    float _saved22 = value;
    float _saved23 = s;
    s = 0.0f;
    bool _saved24 = returned;
    int _saved25 = i;
    bool _saved26 = broken;
    bool _saved27 = continued;
    float _saved28 = value;
    float _saved29 = s;
    {
        i = 0;
        broken = false;
        {
            for (; !returned && !broken && i < 2;) {
                continued = false;
                if (s > 4.0f) {
                    broken = true;
                }
                if (!returned && !broken && !continued) {
                    value = cube(y);
                    s = s * x + value * floor(x);
                }
                if (!returned && !broken) {
                    i++;
                }
            }
        }
    }
    bool _saved30 = returned;
    result = s;
    returned = _saved30;
    float _adj31 = result_adjoint;
    result_adjoint = 0.0f;
    float _adj32 = _adj31;
    s_adjoint = s_adjoint + _adj32;
    returned = _saved24;
    i = _saved25;
    broken = _saved26;
    continued = _saved27;
    value = _saved28;
    s = _saved29;
    {
        bool _saved33 = continued;
        bool _saved34 = broken;
        float _saved35 = value;
        float _saved36 = s;
        int _saved37 = i;
        i = 0;
        bool _saved38 = continued;
        bool _saved39 = broken;
        float _saved40 = value;
        float _saved41 = s;
        int _saved42 = i;
        broken = false;
        bool _saved43 = continued;
        bool _saved44 = broken;
        float _saved45 = value;
        float _saved46 = s;
        int _saved47 = i;
        bool _saved48 = continued;
        bool _saved49 = broken;
        float _saved50 = value;
        float _saved51 = s;
        int _saved52 = i;
        int _count53 = 0;
        {
            for (; !returned && !broken && i < 2;) {
                continued = false;
                if (s > 4.0f) {
                    broken = true;
                }
                if (!returned && !broken && !continued) {
                    value = cube(y);
                    s = s * x + value * floor(x);
                }
                if (!returned && !broken) {
                    i++;
                }
                _count53 += 1;
            }
        }
        for (int _iteration54 = _count53 - 1; _iteration54 >= 0; _iteration54 -= 1) {
            continued = _saved48;
            broken = _saved49;
            value = _saved50;
            s = _saved51;
            i = _saved52;
            for (int _replayed55 = 0; _replayed55 < _iteration54; _replayed55 += 1) {
                continued = false;
                if (s > 4.0f) {
                    broken = true;
                }
                if (!returned && !broken && !continued) {
                    value = cube(y);
                    s = s * x + value * floor(x);
                }
                if (!returned && !broken) {
                    i++;
                }
            }
            {
                int _saved56 = i;
                float _saved57 = value;
                float _saved58 = s;
                bool _saved59 = broken;
                bool _saved60 = continued;
                continued = false;
                int _saved61 = i;
                float _saved62 = value;
                float _saved63 = s;
                bool _saved64 = broken;
                if (s > 4.0f) {
                    broken = true;
                }
                int _saved65 = i;
                float _saved66 = value;
                float _saved67 = s;
                if (!returned && !broken && !continued) {
                    value = cube(y);
                    s = s * x + value * floor(x);
                }
                i = _saved65;
                value = _saved66;
                s = _saved67;
                if (!returned && !broken && !continued) {
                    float _saved68 = s;
                    float _saved69 = value;
                    value = cube(y);
                    float _adj70 = s_adjoint;
                    s_adjoint = 0.0f;
                    float _adj71 = _adj70;
                    float _adj72 = _adj71;
                    float _adj73 = _adj72 * x;
                    s_adjoint = s_adjoint + _adj73;
                    float _adj74 = _adj72 * s;
                    x_adjoint = x_adjoint + _adj74;
                    float _adj75 = _adj71;
                    float _adj76 = _adj75 * floor(x);
                    value_adjoint = value_adjoint + _adj76;
                    s = _saved68;
                    value = _saved69;
                    float _adj77 = value_adjoint;
                    value_adjoint = 0.0f;
                    DifferentialPair_float _adj78 = {y, 0.0f};
                    cube_bwd(_adj78, _adj77);
                    float _adj79 = _adj78.d;
                    y_adjoint = y_adjoint + _adj79;
                }
                i = _saved61;
                value = _saved62;
                s = _saved63;
                broken = _saved64;
                i = _saved56;
                value = _saved57;
                s = _saved58;
                broken = _saved59;
                continued = _saved60;
            }
        }
        continued = _saved48;
        broken = _saved49;
        value = _saved50;
        s = _saved51;
        i = _saved52;
        continued = _saved43;
        broken = _saved44;
        value = _saved45;
        s = _saved46;
        i = _saved47;
        continued = _saved38;
        broken = _saved39;
        value = _saved40;
        s = _saved41;
        i = _saved42;
        continued = _saved33;
        broken = _saved34;
        value = _saved35;
        s = _saved36;
        i = _saved37;
    }
    returned = _saved18;
    i = _saved19;
    broken = _saved20;
    continued = _saved21;
    value = _saved22;
    s = _saved23;
    float _adj80 = s_adjoint;
    s_adjoint = 0.0f;
    returned = _saved12;
    i = _saved13;
    broken = _saved14;
    continued = _saved15;
    value = _saved16;
    s = _saved17;
    result_adjoint = 0.0f;
    returned = _saved6;
    i = _saved7;
    broken = _saved8;
    continued = _saved9;
    value = _saved10;
    s = _saved11;
    x_pair = wavec_make_DifferentialPair_float(x_pair.p, x_adjoint);
    y_pair = wavec_make_DifferentialPair_float(y_pair.p, y_adjoint);
}

DifferentialPair_float scaled_2_fwd_diff(DifferentialPair_float x_pair) {
    float x = x_pair.p;
    float x_d = x_pair.d;
    DifferentialPair_float _result4 = {x * 2.0f, x_d * 2.0f};
    return _result4;
}

[numthreads(1, 1, 1)]
void main() {
    DifferentialPair_float x = {2.0f, 0.0f};
    DifferentialPair_float y = {1.0f, 0.0f};
    horner_bwd_diff(x, y, 1.0f);
    output[0] = x.d + y.d + scaled_2_fwd_diff(wavec_make_DifferentialPair_float(1.0f, 1.0f)).d;
}
