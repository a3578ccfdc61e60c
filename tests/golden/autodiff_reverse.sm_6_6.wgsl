struct DifferentialPair_float {
    p: f32,
    d: f32,
}

@group(0) @binding(0) var<storage, read_write> output: array<f32>;

fn cube_bwd(x: ptr<function, DifferentialPair_float>, dOut: f32) {
    output[1i] = output[1i] + dOut;
    (*x) = DifferentialPair_float((*x).p, ((3.0f * (*x).p) * (*x).p) * dOut);
}

fn cube(x: f32) -> f32 {
    return (x * x) * x;
}

fn horner_bwd_diff(x_pair: ptr<function, DifferentialPair_float>, y_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var x: f32 = 0.0f;
    var x_adjoint: f32 = 0.0f;
    var y: f32 = 0.0f;
    var y_adjoint: f32 = 0.0f;
    var s: f32 = 0.0f;
    var s_adjoint: f32 = 0.0f;
    var i: i32 = 0i;
    var value: f32 = 0.0f;
    var value_adjoint: f32 = 0.0f;
    var result: f32 = 0.0f;
    var result_adjoint: f32 = 0.0f;
    var returned: bool = false;
    var broken: bool = false;
    var continued: bool = false;
    x = (*x_pair).p;
    y = (*y_pair).p;
    result_adjoint = dOut;
    var _saved6: bool = returned;
    var _saved7: f32 = result;
    var _saved8: i32 = i;
    var _saved9: bool = broken;
    var _saved10: bool = continued;
    var _saved11: f32 = value;
    var _saved12: f32 = s;
    returned = false;
    var _saved13: bool = returned;
    var _saved14: f32 = result;
    var _saved15: i32 = i;
    var _saved16: bool = broken;
    var _saved17: bool = continued;
    var _saved18: f32 = value;
    var _saved19: f32 = s;
    var _saved20: bool = returned;
    var _saved21: f32 = result;
    var _saved22: i32 = i;
    var _saved23: bool = broken;
    var _saved24: bool = continued;
    var _saved25: f32 = value;
    var _saved26: f32 = s;
    s = 0.0f;
    var _saved27: bool = returned;
    var _saved28: f32 = result;
    var _saved29: i32 = i;
    var _saved30: bool = broken;
    var _saved31: bool = continued;
    var _saved32: f32 = value;
    var _saved33: f32 = s;
    {
        i = 0i;
        broken = false;
        {
            {
                for (; ((!returned) && (!broken)) && (i < 2i); ) {
                    continued = false;
                    if (s > 4.0f) {
                        broken = true;
                    }
                    if (((!returned) && (!broken)) && (!continued)) {
                        let wavec_t = cube(y);
                        value = wavec_t;
                        s = (s * x) + (value * floor(x));
                    }
                    if ((!returned) && (!broken)) {
                        i = i + 1i;
                    }
                }
            }
        }
    }
    var _saved34: bool = returned;
    var _saved35: f32 = result;
    result = s;
    returned = _saved34;
    result = _saved35;
    var _adj36: f32 = result_adjoint;
    result_adjoint = 0.0f;
    var _adj37: f32 = _adj36;
    s_adjoint = s_adjoint + _adj37;
    returned = _saved27;
    result = _saved28;
    i = _saved29;
    broken = _saved30;
    continued = _saved31;
    value = _saved32;
    s = _saved33;
    {
        var _saved38: bool = continued;
        var _saved39: bool = broken;
        var _saved40: f32 = value;
        var _saved41: f32 = s;
        var _saved42: i32 = i;
        i = 0i;
        var _saved43: bool = continued;
        var _saved44: bool = broken;
        var _saved45: f32 = value;
        var _saved46: f32 = s;
        var _saved47: i32 = i;
        broken = false;
        var _saved48: bool = continued;
        var _saved49: bool = broken;
        var _saved50: f32 = value;
        var _saved51: f32 = s;
        var _saved52: i32 = i;
        var _saved53: bool = continued;
        var _saved54: bool = broken;
        var _saved55: f32 = value;
        var _saved56: f32 = s;
        var _saved57: i32 = i;
        var _count58: i32 = 0i;
        {
            {
                for (; ((!returned) && (!broken)) && (i < 2i); ) {
                    continued = false;
                    if (s > 4.0f) {
                        broken = true;
                    }
                    if (((!returned) && (!broken)) && (!continued)) {
                        let wavec_t_1 = cube(y);
                        value = wavec_t_1;
                        s = (s * x) + (value * floor(x));
                    }
                    if ((!returned) && (!broken)) {
                        i = i + 1i;
                    }
                    _count58 = _count58 + 1i;
                }
            }
        }
        {
            var _iteration59: i32 = _count58 - 1i;
            for (; _iteration59 >= 0i; _iteration59 = _iteration59 - 1i) {
                continued = _saved53;
                broken = _saved54;
                value = _saved55;
                s = _saved56;
                i = _saved57;
                {
                    var _replayed60: i32 = 0i;
                    for (; _replayed60 < _iteration59; _replayed60 = _replayed60 + 1i) {
                        continued = false;
                        if (s > 4.0f) {
                            broken = true;
                        }
                        if (((!returned) && (!broken)) && (!continued)) {
                            let wavec_t_2 = cube(y);
                            value = wavec_t_2;
                            s = (s * x) + (value * floor(x));
                        }
                        if ((!returned) && (!broken)) {
                            i = i + 1i;
                        }
                    }
                }
                {
                    var _saved61: i32 = i;
                    var _saved62: f32 = value;
                    var _saved63: f32 = s;
                    var _saved64: bool = broken;
                    var _saved65: bool = continued;
                    continued = false;
                    var _saved66: i32 = i;
                    var _saved67: f32 = value;
                    var _saved68: f32 = s;
                    var _saved69: bool = broken;
                    if (s > 4.0f) {
                        broken = true;
                    }
                    var _saved70: i32 = i;
                    var _saved71: f32 = value;
                    var _saved72: f32 = s;
                    if (((!returned) && (!broken)) && (!continued)) {
                        let wavec_t_3 = cube(y);
                        value = wavec_t_3;
                        s = (s * x) + (value * floor(x));
                    }
                    if ((!returned) && (!broken)) {
                    }
                    i = _saved70;
                    value = _saved71;
                    s = _saved72;
                    if (((!returned) && (!broken)) && (!continued)) {
                        var _saved73: f32 = s;
                        var _saved74: f32 = value;
                        let wavec_t_4 = cube(y);
                        value = wavec_t_4;
                        var _adj75: f32 = s_adjoint;
                        s_adjoint = 0.0f;
                        var _adj76: f32 = _adj75;
                        var _adj77: f32 = _adj76;
                        var _adj78: f32 = _adj77 * x;
                        s_adjoint = s_adjoint + _adj78;
                        var _adj79: f32 = _adj77 * s;
                        x_adjoint = x_adjoint + _adj79;
                        var _adj80: f32 = _adj76;
                        var _adj81: f32 = _adj80 * floor(x);
                        value_adjoint = value_adjoint + _adj81;
                        s = _saved73;
                        value = _saved74;
                        var _adj82: f32 = value_adjoint;
                        value_adjoint = 0.0f;
                        var _adj83: DifferentialPair_float = DifferentialPair_float(y, 0.0f);
                        var wavec_t_5: DifferentialPair_float = _adj83;
                        cube_bwd(&wavec_t_5, _adj82);
                        _adj83 = wavec_t_5;
                        var _adj84: f32 = _adj83.d;
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
    var _adj85: f32 = s_adjoint;
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
    (*x_pair) = DifferentialPair_float((*x_pair).p, x_adjoint);
    (*y_pair) = DifferentialPair_float((*y_pair).p, y_adjoint);
}

fn scaled_2_fwd_diff(x_pair: DifferentialPair_float) -> DifferentialPair_float {
    var x: f32 = x_pair.p;
    var x_d: f32 = x_pair.d;
    var _result4: DifferentialPair_float = DifferentialPair_float(x * 2.0f, x_d * 2.0f);
    return _result4;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var x: DifferentialPair_float = DifferentialPair_float(2.0f, 0.0f);
    var y: DifferentialPair_float = DifferentialPair_float(1.0f, 0.0f);
    var wavec_t: DifferentialPair_float = x;
    var wavec_t_1: DifferentialPair_float = y;
    horner_bwd_diff(&wavec_t, &wavec_t_1, 1.0f);
    x = wavec_t;
    y = wavec_t_1;
    let wavec_t_2 = scaled_2_fwd_diff(DifferentialPair_float(1.0f, 1.0f));
    output[0i] = (x.d + y.d) + wavec_t_2.d;
}
