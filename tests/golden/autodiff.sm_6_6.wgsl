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
    var _result30: DifferentialPair_float = DifferentialPair_float(wavec_t, wavec_t_1);
    return _result30;
}

fn sin_of_bwd_diff(x0_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var _grad31: f32 = 0.0f;
    var _direction32: f32 = 0.0f;
    _direction32 = 1.0f;
    let wavec_t = sin_of_fwd_diff(DifferentialPair_float((*x0_pair).p, _direction32));
    var _r33: DifferentialPair_float = wavec_t;
    _grad31 = _r33.d * dOut;
    (*x0_pair) = DifferentialPair_float((*x0_pair).p, _grad31);
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
    var _saved3: i32 = i;
    var _saved4: f32 = sum;
    returned = false;
    var _saved5: i32 = i;
    var _saved6: f32 = sum;
    var _saved7: i32 = i;
    var _saved8: f32 = sum;
    sum = 0.0f;
    var _saved9: i32 = i;
    var _saved10: f32 = sum;
    {
        i = 1i;
        {
            for (; i <= 2i; i = i + 1i) {
                sum = sum + (sin((b.position.x * t)) / f32(i));
            }
        }
    }
    result = sum * b.position.y;
    var _adj11: f32 = result_adjoint;
    result_adjoint = 0.0f;
    var _adj12: f32 = _adj11;
    var _adj13: f32 = _adj12 * b.position.y;
    sum_adjoint = sum_adjoint + _adj13;
    var _adj14: f32 = _adj12 * sum;
    b_adjoint.position.y = b_adjoint.position.y + _adj14;
    i = _saved9;
    sum = _saved10;
    var _saved15: i32 = i;
    var _saved16: f32 = sum;
    var _count17: i32 = 0i;
    {
        i = 1i;
        {
            for (; i <= 2i; ) {
                sum = sum + (sin((b.position.x * t)) / f32(i));
                i = i + 1i;
                _count17 = _count17 + 1i;
            }
        }
    }
    {
        var _iteration18: i32 = _count17 - 1i;
        for (; _iteration18 >= 0i; _iteration18 = _iteration18 - 1i) {
            i = _saved15;
            sum = _saved16;
            i = 1i;
            {
                var _replayed19: i32 = 0i;
                for (; _replayed19 < _iteration18; _replayed19 = _replayed19 + 1i) {
                    sum = sum + (sin((b.position.x * t)) / f32(i));
                    i = i + 1i;
                }
            }
            {
                var _saved20: i32 = i;
                var _saved21: f32 = sum;
                sum = sum + (sin((b.position.x * t)) / f32(i));
                i = _saved20;
                sum = _saved21;
                var _adj22: f32 = sum_adjoint;
                var _adj23: f32 = _adj22;
                var _adj24: f32 = _adj23 / f32(i);
                var _adj25: DifferentialPair_float = DifferentialPair_float(b.position.x * t, 0.0f);
                var wavec_t: DifferentialPair_float = _adj25;
                sin_of_bwd_diff(&wavec_t, _adj24);
                _adj25 = wavec_t;
                var _adj26: f32 = _adj25.d;
                var _adj27: f32 = _adj26 * t;
                b_adjoint.position.x = b_adjoint.position.x + _adj27;
                var _adj28: f32 = _adj26 * b.position.x;
                t_adjoint = t_adjoint + _adj28;
            }
        }
    }
    i = _saved15;
    sum = _saved16;
    i = _saved7;
    sum = _saved8;
    var _adj29: f32 = sum_adjoint;
    sum_adjoint = 0.0f;
    i = _saved5;
    sum = _saved6;
    result_adjoint = 0.0f;
    i = _saved3;
    sum = _saved4;
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
