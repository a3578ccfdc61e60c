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
    float _saved7 = result;
    int _saved8 = i;
    bool _saved9 = broken;
    bool _saved10 = continued;
    float _saved11 = value;
    float _saved12 = s;
    returned = false;
    bool _saved13 = returned;
    float _saved14 = result;
    int _saved15 = i;
    bool _saved16 = broken;
    bool _saved17 = continued;
    float _saved18 = value;
    float _saved19 = s;
    bool _saved20 = returned;
    float _saved21 = result;
    int _saved22 = i;
    bool _saved23 = broken;
    bool _saved24 = continued;
    float _saved25 = value;
    float _saved26 = s;
    s = 0.0f;
    bool _saved27 = returned;
    float _saved28 = result;
    int _saved29 = i;
    bool _saved30 = broken;
    bool _saved31 = continued;
    float _saved32 = value;
    float _saved33 = s;
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
    bool _saved34 = returned;
    float _saved35 = result;
    result = s;
    returned = _saved34;
    result = _saved35;
    float _adj36 = result_adjoint;
    result_adjoint = 0.0f;
    float _adj37 = _adj36;
    s_adjoint = s_adjoint + _adj37;
    returned = _saved27;
    result = _saved28;
    i = _saved29;
    broken = _saved30;
    continued = _saved31;
    value = _saved32;
    s = _saved33;
    {
        bool _saved38 = continued;
        bool _saved39 = broken;
        float _saved40 = value;
        float _saved41 = s;
        int _saved42 = i;
        i = 0;
        bool _saved43 = continued;
        bool _saved44 = broken;
        float _saved45 = value;
        float _saved46 = s;
        int _saved47 = i;
        broken = false;
        bool _saved48 = continued;
        bool _saved49 = broken;
        float _saved50 = value;
        float _saved51 = s;
        int _saved52 = i;
        bool _saved53 = continued;
        bool _saved54 = broken;
        float _saved55 = value;
        float _saved56 = s;
        int _saved57 = i;
        int _count58 = 0;
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
                _count58 += 1;
            }
        }
        for (int _iteration59 = _count58 - 1; _iteration59 >= 0; _iteration59 -= 1) {
            continued = _saved53;
            broken = _saved54;
            value = _saved55;
            s = _saved56;
            i = _saved57;
            for (int _replayed60 = 0; _replayed60 < _iteration59; _replayed60 += 1) {
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
                int _saved61 = i;
                float _saved62 = value;
                float _saved63 = s;
                bool _saved64 = broken;
                bool _saved65 = continued;
                continued = false;
                int _saved66 = i;
                float _saved67 = value;
                float _saved68 = s;
                bool _saved69 = broken;
                if (s > 4.0f) {
                    broken = true;
                }
                int _saved70 = i;
                float _saved71 = value;
                float _saved72 = s;
                if (!returned && !broken && !continued) {
                    value = cube(y);
                    s = s * x + value * floor(x);
                }
                if (!returned && !broken) {
                }
                i = _saved70;
                value = _saved71;
                s = _saved72;
                if (!returned && !broken && !continued) {
                    float _saved73 = s;
                    float _saved74 = value;
                    value = cube(y);
                    float _adj75 = s_adjoint;
                    s_adjoint = 0.0f;
                    float _adj76 = _adj75;
                    float _adj77 = _adj76;
                    float _adj78 = _adj77 * x;
                    s_adjoint = s_adjoint + _adj78;
                    float _adj79 = _adj77 * s;
                    x_adjoint = x_adjoint + _adj79;
                    float _adj80 = _adj76;
                    float _adj81 = _adj80 * floor(x);
                    value_adjoint = value_adjoint + _adj81;
                    s = _saved73;
                    value = _saved74;
                    float _adj82 = value_adjoint;
                    value_adjoint = 0.0f;
                    DifferentialPair_float _adj83 = {y, 0.0f};
                    cube_bwd(_adj83, _adj82);
                    float _adj84 = _adj83.d;
                    y_adjoint = y_adjoint + _adj84;
                }
                i = _saved66;
                value = _saved67;
                s = _saved68;
                broken = _saved69;
                if (s > 4.0f) {
                }
                i = _saved61;
                value = _saved62;
                s = _saved63;
                broken = _saved64;
                continued = _saved65;
            }
        }
        continued = _saved53;
        broken = _saved54;
        value = _saved55;
        s = _saved56;
        i = _saved57;
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
    }
    returned = _saved20;
    result = _saved21;
    i = _saved22;
    broken = _saved23;
    continued = _saved24;
    value = _saved25;
    s = _saved26;
    float _adj85 = s_adjoint;
    s_adjoint = 0.0f;
    returned = _saved13;
    result = _saved14;
    i = _saved15;
    broken = _saved16;
    continued = _saved17;
    value = _saved18;
    s = _saved19;
    result_adjoint = 0.0f;
    returned = _saved6;
    result = _saved7;
    i = _saved8;
    broken = _saved9;
    continued = _saved10;
    value = _saved11;
    s = _saved12;
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
