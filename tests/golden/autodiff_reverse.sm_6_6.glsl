#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct DifferentialPair_float {
    float p;
    float d;
};

layout(std430, set = 0, binding = 0) buffer output_block {
    float output_1[];
};

void cube_bwd(inout DifferentialPair_float x, float dOut) {
    output_1[1] += dOut;
    x = DifferentialPair_float(x.p, 3.0 * x.p * x.p * dOut);
}

float cube(float x) {
    return x * x * x;
}

void horner_bwd_diff(inout DifferentialPair_float x_pair, inout DifferentialPair_float y_pair, float dOut) {
    float x = 0.0;
    float x_adjoint = 0.0;
    float y = 0.0;
    float y_adjoint = 0.0;
    float s = 0.0;
    float s_adjoint = 0.0;
    int i = 0;
    float value = 0.0;
    float value_adjoint = 0.0;
    float result = 0.0;
    float result_adjoint = 0.0;
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
    s = 0.0;
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
                if (s > 4.0) {
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
    result_adjoint = 0.0;
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
                if (s > 4.0) {
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
                if (s > 4.0) {
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
                if (s > 4.0) {
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
                    s_adjoint = 0.0;
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
                    value_adjoint = 0.0;
                    DifferentialPair_float _adj83 = DifferentialPair_float(y, 0.0);
                    cube_bwd(_adj83, _adj82);
                    float _adj84 = _adj83.d;
                    y_adjoint = y_adjoint + _adj84;
                }
                i = _saved66;
                value = _saved67;
                s = _saved68;
                broken = _saved69;
                if (s > 4.0) {
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
    s_adjoint = 0.0;
    returned = _saved13;
    result = _saved14;
    i = _saved15;
    broken = _saved16;
    continued = _saved17;
    value = _saved18;
    s = _saved19;
    result_adjoint = 0.0;
    returned = _saved6;
    result = _saved7;
    i = _saved8;
    broken = _saved9;
    continued = _saved10;
    value = _saved11;
    s = _saved12;
    x_pair = DifferentialPair_float(x_pair.p, x_adjoint);
    y_pair = DifferentialPair_float(y_pair.p, y_adjoint);
}

DifferentialPair_float scaled_2_fwd_diff(DifferentialPair_float x_pair) {
    float x = x_pair.p;
    float x_d = x_pair.d;
    DifferentialPair_float _result4 = DifferentialPair_float(x * 2.0, x_d * 2.0);
    return _result4;
}

void main() {
    DifferentialPair_float x = DifferentialPair_float(2.0, 0.0);
    DifferentialPair_float y = DifferentialPair_float(1.0, 0.0);
    horner_bwd_diff(x, y, 1.0);
    output_1[0] = x.d + y.d + scaled_2_fwd_diff(DifferentialPair_float(1.0, 1.0)).d;
}
