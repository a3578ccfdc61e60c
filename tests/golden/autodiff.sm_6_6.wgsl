struct Body {
    position: vec2<f32>,
    tag: u32,
}

struct Body_Differential {
    position: vec2<f32>,
}

struct DifferentialPair_float {
    p: f32,
    d: f32,
}

struct DifferentialPair_Body {
    p: Body,
    d: Body_Differential,
}

@group(0) @binding(0) var<storage, read_write> output: array<f32>;

fn wavec_d_sin(x: f32, dx: f32) -> f32 {
    return cos(x) * dx;
}

fn wave_fwd_diff(b_pair: DifferentialPair_Body, t_pair: DifferentialPair_float) -> DifferentialPair_float {
    var b: Body = b_pair.p;
    var b_d: Body_Differential = b_pair.d;
    var t: f32 = t_pair.p;
    var t_d: f32 = t_pair.d;
    var sum: f32 = 0.0f;
    var sum_d: f32 = 0.0f;
    {
        var i: i32 = 1i;
        {
            for (; i <= 2i; i = i + 1i) {
                let wavec_t = wavec_d_sin(b.position.x * t, (b_d.position.x * t) + (b.position.x * t_d));
                var _d1: f32 = sum_d + (wavec_t / f32(i));
                sum = sum + (sin((b.position.x * t)) / f32(i));
                sum_d = _d1;
            }
        }
    }
    var _result2: DifferentialPair_float = DifferentialPair_float(sum * b.position.y, (sum_d * b.position.y) + (sum * b_d.position.y));
    return _result2;
}

fn sin_of_fwd_diff(x0_pair: DifferentialPair_float) -> DifferentialPair_float {
    var x0: f32 = x0_pair.p;
    var x0_d: f32 = x0_pair.d;
    let wavec_t = sin(x0);
    let wavec_t_1 = wavec_d_sin(x0, x0_d);
    var _result40: DifferentialPair_float = DifferentialPair_float(wavec_t, wavec_t_1);
    return _result40;
}

fn sin_of_bwd_diff(x0_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var _grad41: f32 = 0.0f;
    var _direction42: f32 = 0.0f;
    _direction42 = 1.0f;
    let wavec_t = sin_of_fwd_diff(DifferentialPair_float((*x0_pair).p, _direction42));
    var _r43: DifferentialPair_float = wavec_t;
    _grad41 = _r43.d * dOut;
    (*x0_pair) = DifferentialPair_float((*x0_pair).p, _grad41);
}

fn wave_bwd_diff(b_pair: ptr<function, DifferentialPair_Body>, t_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var b: Body = Body(vec2<f32>(0.0f, 0.0f), 0u);
    var b_adjoint: Body_Differential = Body_Differential(vec2<f32>(0.0f, 0.0f));
    var t: f32 = 0.0f;
    var t_adjoint: f32 = 0.0f;
    var sum: f32 = 0.0f;
    var sum_adjoint: f32 = 0.0f;
    var i: i32 = 0i;
    var result: f32 = 0.0f;
    var result_adjoint: f32 = 0.0f;
    var returned: bool = false;
    b = (*b_pair).p;
    t = (*t_pair).p;
    result_adjoint = dOut;
    var _saved3: bool = returned;
    var _saved4: f32 = result;
    var _saved5: i32 = i;
    var _saved6: f32 = sum;
    returned = false;
    var _saved7: bool = returned;
    var _saved8: f32 = result;
    var _saved9: i32 = i;
    var _saved10: f32 = sum;
    var _saved11: bool = returned;
    var _saved12: f32 = result;
    var _saved13: i32 = i;
    var _saved14: f32 = sum;
    sum = 0.0f;
    var _saved15: bool = returned;
    var _saved16: f32 = result;
    var _saved17: i32 = i;
    var _saved18: f32 = sum;
    {
        i = 1i;
        {
            for (; i <= 2i; i = i + 1i) {
                sum = sum + (sin((b.position.x * t)) / f32(i));
            }
        }
    }
    var _saved19: bool = returned;
    var _saved20: f32 = result;
    result = sum * b.position.y;
    returned = _saved19;
    result = _saved20;
    var _adj21: f32 = result_adjoint;
    result_adjoint = 0.0f;
    var _adj22: f32 = _adj21;
    var _adj23: f32 = _adj22 * b.position.y;
    sum_adjoint = sum_adjoint + _adj23;
    var _adj24: f32 = _adj22 * sum;
    b_adjoint.position.y = b_adjoint.position.y + _adj24;
    returned = _saved15;
    result = _saved16;
    i = _saved17;
    sum = _saved18;
    var _saved25: i32 = i;
    var _saved26: f32 = sum;
    var _count27: i32 = 0i;
    {
        i = 1i;
        {
            for (; i <= 2i; ) {
                sum = sum + (sin((b.position.x * t)) / f32(i));
                i = i + 1i;
                _count27 = _count27 + 1i;
            }
        }
    }
    {
        var _iteration28: i32 = _count27 - 1i;
        for (; _iteration28 >= 0i; _iteration28 = _iteration28 - 1i) {
            i = _saved25;
            sum = _saved26;
            i = 1i;
            {
                var _replayed29: i32 = 0i;
                for (; _replayed29 < _iteration28; _replayed29 = _replayed29 + 1i) {
                    sum = sum + (sin((b.position.x * t)) / f32(i));
                    i = i + 1i;
                }
            }
            {
                var _saved30: i32 = i;
                var _saved31: f32 = sum;
                sum = sum + (sin((b.position.x * t)) / f32(i));
                i = _saved30;
                sum = _saved31;
                var _adj32: f32 = sum_adjoint;
                var _adj33: f32 = _adj32;
                var _adj34: f32 = _adj33 / f32(i);
                var _adj35: DifferentialPair_float = DifferentialPair_float(b.position.x * t, 0.0f);
                var wavec_t: DifferentialPair_float = _adj35;
                sin_of_bwd_diff(&wavec_t, _adj34);
                _adj35 = wavec_t;
                var _adj36: f32 = _adj35.d;
                var _adj37: f32 = _adj36 * t;
                b_adjoint.position.x = b_adjoint.position.x + _adj37;
                var _adj38: f32 = _adj36 * b.position.x;
                t_adjoint = t_adjoint + _adj38;
            }
        }
    }
    i = _saved25;
    sum = _saved26;
    returned = _saved11;
    result = _saved12;
    i = _saved13;
    sum = _saved14;
    var _adj39: f32 = sum_adjoint;
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
    (*b_pair) = DifferentialPair_Body((*b_pair).p, b_adjoint);
    (*t_pair) = DifferentialPair_float((*t_pair).p, t_adjoint);
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var b: Body = Body(vec2<f32>(1.0f, 2.0f), 3u);
    var db: Body_Differential = Body_Differential(vec2<f32>(1.0f, 0.0f));
    let wavec_t = wave_fwd_diff(DifferentialPair_Body(b, db), DifferentialPair_float(0.5f, 0.0f));
    var r: DifferentialPair_float = wavec_t;
    output[0i] = r.p;
    output[1i] = r.d;
    var pb: DifferentialPair_Body = DifferentialPair_Body(b, db);
    var t: DifferentialPair_float = DifferentialPair_float(0.5f, 0.0f);
    var wavec_t_1: DifferentialPair_Body = pb;
    var wavec_t_2: DifferentialPair_float = t;
    wave_bwd_diff(&wavec_t_1, &wavec_t_2, 1.0f);
    pb = wavec_t_1;
    t = wavec_t_2;
    output[2i] = t.d;
}
