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
    var _saved7: i32 = i;
    var _saved8: bool = broken;
    var _saved9: bool = continued;
    var _saved10: f32 = value;
    var _saved11: f32 = s;
    returned = false;
    var _saved12: bool = returned;
    var _saved13: i32 = i;
    var _saved14: bool = broken;
    var _saved15: bool = continued;
    var _saved16: f32 = value;
    var _saved17: f32 = s;
    var _saved18: bool = returned;
    var _saved19: i32 = i;
    var _saved20: bool = broken;
    var _saved21: bool = continued;
    var _saved22: f32 = value;
    var _saved23: f32 = s;
    s = 0.0f;
    var _saved24: bool = returned;
    var _saved25: i32 = i;
    var _saved26: bool = broken;
    var _saved27: bool = continued;
    var _saved28: f32 = value;
    var _saved29: f32 = s;
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
    var _saved30: bool = returned;
    result = s;
    returned = _saved30;
    var _adj31: f32 = result_adjoint;
    result_adjoint = 0.0f;
    var _adj32: f32 = _adj31;
    s_adjoint = s_adjoint + _adj32;
    returned = _saved24;
    i = _saved25;
    broken = _saved26;
    continued = _saved27;
    value = _saved28;
    s = _saved29;
    {
        var _saved33: bool = continued;
        var _saved34: bool = broken;
        var _saved35: f32 = value;
        var _saved36: f32 = s;
        var _saved37: i32 = i;
        i = 0i;
        var _saved38: bool = continued;
        var _saved39: bool = broken;
        var _saved40: f32 = value;
        var _saved41: f32 = s;
        var _saved42: i32 = i;
        broken = false;
        var _saved43: bool = continued;
        var _saved44: bool = broken;
        var _saved45: f32 = value;
        var _saved46: f32 = s;
        var _saved47: i32 = i;
        var _saved48: bool = continued;
        var _saved49: bool = broken;
        var _saved50: f32 = value;
        var _saved51: f32 = s;
        var _saved52: i32 = i;
        var _count53: i32 = 0i;
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
                    _count53 = _count53 + 1i;
                }
            }
        }
        {
            var _iteration54: i32 = _count53 - 1i;
            for (; _iteration54 >= 0i; _iteration54 = _iteration54 - 1i) {
                continued = _saved48;
                broken = _saved49;
                value = _saved50;
                s = _saved51;
                i = _saved52;
                {
                    var _replayed55: i32 = 0i;
                    for (; _replayed55 < _iteration54; _replayed55 = _replayed55 + 1i) {
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
                    var _saved56: i32 = i;
                    var _saved57: f32 = value;
                    var _saved58: f32 = s;
                    var _saved59: bool = broken;
                    var _saved60: bool = continued;
                    continued = false;
                    var _saved61: i32 = i;
                    var _saved62: f32 = value;
                    var _saved63: f32 = s;
                    var _saved64: bool = broken;
                    if (s > 4.0f) {
                        broken = true;
                    }
                    var _saved65: i32 = i;
                    var _saved66: f32 = value;
                    var _saved67: f32 = s;
                    if (((!returned) && (!broken)) && (!continued)) {
                        let wavec_t_3 = cube(y);
                        value = wavec_t_3;
                        s = (s * x) + (value * floor(x));
                    }
                    i = _saved65;
                    value = _saved66;
                    s = _saved67;
                    if (((!returned) && (!broken)) && (!continued)) {
                        var _saved68: f32 = s;
                        var _saved69: f32 = value;
                        let wavec_t_4 = cube(y);
                        value = wavec_t_4;
                        var _adj70: f32 = s_adjoint;
                        s_adjoint = 0.0f;
                        var _adj71: f32 = _adj70;
                        var _adj72: f32 = _adj71;
                        var _adj73: f32 = _adj72 * x;
                        s_adjoint = s_adjoint + _adj73;
                        var _adj74: f32 = _adj72 * s;
                        x_adjoint = x_adjoint + _adj74;
                        var _adj75: f32 = _adj71;
                        var _adj76: f32 = _adj75 * floor(x);
                        value_adjoint = value_adjoint + _adj76;
                        s = _saved68;
                        value = _saved69;
                        var _adj77: f32 = value_adjoint;
                        value_adjoint = 0.0f;
                        var _adj78: DifferentialPair_float = DifferentialPair_float(y, 0.0f);
                        var wavec_t_5: DifferentialPair_float = _adj78;
                        cube_bwd(&wavec_t_5, _adj77);
                        _adj78 = wavec_t_5;
                        var _adj79: f32 = _adj78.d;
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
    var _adj80: f32 = s_adjoint;
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
