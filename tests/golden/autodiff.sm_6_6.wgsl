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

fn wave_bwd_diff(b_pair: ptr<function, DifferentialPair_Body>, t_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var _grad3: Body_Differential = Body_Differential(vec2<f32>(0.0f, 0.0f));
    var _grad4: f32 = 0.0f;
    var _direction5: Body_Differential = Body_Differential(vec2<f32>(0.0f, 0.0f));
    _direction5.position[0i] = 1.0f;
    var _direction6: f32 = 0.0f;
    let wavec_t = wave_fwd_diff(DifferentialPair_Body((*b_pair).p, _direction5), DifferentialPair_float((*t_pair).p, _direction6));
    var _r7: DifferentialPair_float = wavec_t;
    _grad3.position[0i] = _r7.d * dOut;
    var _direction8: Body_Differential = Body_Differential(vec2<f32>(0.0f, 0.0f));
    _direction8.position[1i] = 1.0f;
    var _direction9: f32 = 0.0f;
    let wavec_t_1 = wave_fwd_diff(DifferentialPair_Body((*b_pair).p, _direction8), DifferentialPair_float((*t_pair).p, _direction9));
    var _r10: DifferentialPair_float = wavec_t_1;
    _grad3.position[1i] = _r10.d * dOut;
    var _direction11: Body_Differential = Body_Differential(vec2<f32>(0.0f, 0.0f));
    var _direction12: f32 = 0.0f;
    _direction12 = 1.0f;
    let wavec_t_2 = wave_fwd_diff(DifferentialPair_Body((*b_pair).p, _direction11), DifferentialPair_float((*t_pair).p, _direction12));
    var _r13: DifferentialPair_float = wavec_t_2;
    _grad4 = _r13.d * dOut;
    (*b_pair) = DifferentialPair_Body((*b_pair).p, _grad3);
    (*t_pair) = DifferentialPair_float((*t_pair).p, _grad4);
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
