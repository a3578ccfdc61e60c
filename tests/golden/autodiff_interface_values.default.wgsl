struct Scaled {
    factor: f32,
}

struct AnyValue_IShape {
    field0: u32,
}

struct IShape {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_IShape,
}

struct DifferentialPair_float {
    p: f32,
    d: f32,
}

struct DifferentialPair_Scaled {
    p: Scaled,
    d: Scaled,
}

struct DifferentialPair_IShape {
    p: IShape,
    d: IShape,
}

@group(0) @binding(0) var<storage, read_write> result: array<f32>;

fn Scaled_area(this_1: Scaled, t: f32) -> f32 {
    return (t * t) * this_1.factor;
}

fn IShape_Scaled_wrap(id: u32, value: Scaled) -> IShape {
    return IShape(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_IShape(bitcast<u32>(value.factor)));
}

fn IShape_tag(value: IShape) -> u32 {
    return value.witness.x;
}

fn IShape_Scaled_unwrap(value: IShape) -> Scaled {
    return Scaled(bitcast<f32>(value.payload.field0));
}

fn IShape_area(this_1: IShape, arg1: f32) -> f32 {
    let wavec_t = IShape_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = IShape_Scaled_unwrap(this_1);
            var object: Scaled = wavec_t_1;
            let wavec_t_2 = Scaled_area(object, arg1);
            var result_1: f32 = wavec_t_2;
            return result_1;
        }
        default: {}
    }
    return 0.0f;
}

fn IShape_zero() -> IShape {
    return IShape(vec2<u32>(0u, 0u), vec2<u32>(0u, 0u), AnyValue_IShape(0u));
}

fn IShape_Scaled_wrap_bwd_diff(id: u32, value: ptr<function, DifferentialPair_Scaled>, dOut: IShape) {
    let wavec_t = (*value).p;
    let wavec_t_1 = IShape_Scaled_unwrap(dOut);
    (*value) = DifferentialPair_Scaled(wavec_t, wavec_t_1);
}

fn IShape_Scaled_unwrap_bwd_diff(value: ptr<function, DifferentialPair_IShape>, dOut: Scaled) {
    let wavec_t = (*value).p;
    let wavec_t_1 = IShape_tag((*value).p);
    let wavec_t_2 = IShape_Scaled_wrap(wavec_t_1, dOut);
    (*value) = DifferentialPair_IShape(wavec_t, wavec_t_2);
}

fn IShape_dadd(a: IShape, b: IShape) -> IShape {
    if (a.payload.field0 == 0u) {
        return b;
    }
    if (b.payload.field0 == 0u) {
        return a;
    }
    let wavec_t = IShape_tag(a);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = IShape_Scaled_unwrap(a);
            let wavec_t_2 = IShape_Scaled_unwrap(b);
            let wavec_t_3 = IShape_Scaled_wrap(0u, Scaled(wavec_t_1.factor + wavec_t_2.factor));
            return wavec_t_3;
        }
        default: {}
    }
    return a;
}

fn Scaled_area_bwd_diff(this_pair: ptr<function, DifferentialPair_Scaled>, t_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var this_1: Scaled = Scaled(0.0f);
    var this_adjoint: Scaled = Scaled(0.0f);
    var t: f32 = 0.0f;
    var t_adjoint: f32 = 0.0f;
    var result_1: f32 = 0.0f;
    var result_adjoint: f32 = 0.0f;
    var returned: bool = false;
    this_1 = (*this_pair).p;
    t = (*t_pair).p;
    result_adjoint = dOut;
    returned = false;
    result_1 = (t * t) * this_1.factor;
    var _adj74: f32 = result_adjoint;
    result_adjoint = 0.0f;
    var _adj75: f32 = _adj74;
    var _adj76: f32 = _adj75 * this_1.factor;
    var _adj77: f32 = _adj76 * t;
    t_adjoint = t_adjoint + _adj77;
    var _adj78: f32 = _adj76 * t;
    t_adjoint = t_adjoint + _adj78;
    var _adj79: f32 = _adj75 * (t * t);
    this_adjoint.factor = this_adjoint.factor + _adj79;
    result_adjoint = 0.0f;
    (*this_pair) = DifferentialPair_Scaled((*this_pair).p, this_adjoint);
    (*t_pair) = DifferentialPair_float((*t_pair).p, t_adjoint);
}

fn IShape_area_bwd_diff(this_pair: ptr<function, DifferentialPair_IShape>, arg1_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    let wavec_t = IShape_zero();
    var this_1: IShape = wavec_t;
    let wavec_t_1 = IShape_zero();
    var this_adjoint: IShape = wavec_t_1;
    var arg1: f32 = 0.0f;
    var arg1_adjoint: f32 = 0.0f;
    var object: Scaled = Scaled(0.0f);
    var object_adjoint: Scaled = Scaled(0.0f);
    var result_1: f32 = 0.0f;
    var result_adjoint: f32 = 0.0f;
    var selector: u32 = 0u;
    var result_2: f32 = 0.0f;
    var result_adjoint_1: f32 = 0.0f;
    var returned: bool = false;
    this_1 = (*this_pair).p;
    arg1 = (*arg1_pair).p;
    result_adjoint_1 = dOut;
    var _saved40: bool = returned;
    var _saved41: u32 = selector;
    var _saved42: Scaled = object;
    var _saved43: f32 = result_1;
    returned = false;
    var _saved44: bool = returned;
    var _saved45: u32 = selector;
    var _saved46: Scaled = object;
    var _saved47: f32 = result_1;
    var _saved48: bool = returned;
    var _saved49: u32 = selector;
    var _saved50: Scaled = object;
    var _saved51: f32 = result_1;
    {
        let wavec_t_2 = IShape_tag(this_1);
        selector = wavec_t_2;
        if (selector == 0u) {
            let wavec_t_3 = IShape_Scaled_unwrap(this_1);
            object = wavec_t_3;
            let wavec_t_4 = Scaled_area(object, arg1);
            result_1 = wavec_t_4;
            result_2 = result_1;
            returned = true;
        }
    }
    if (!returned) {
        var _saved52: bool = returned;
        result_2 = 0.0f;
        returned = _saved52;
        var _adj53: f32 = result_adjoint_1;
        result_adjoint_1 = 0.0f;
    }
    returned = _saved48;
    selector = _saved49;
    object = _saved50;
    result_1 = _saved51;
    {
        var _saved54: Scaled = object;
        var _saved55: f32 = result_1;
        var _saved56: bool = returned;
        var _saved57: u32 = selector;
        let wavec_t_5 = IShape_tag(this_1);
        selector = wavec_t_5;
        if (selector == 0u) {
            var _saved58: bool = returned;
            var _saved59: f32 = result_1;
            var _saved60: Scaled = object;
            let wavec_t_6 = IShape_Scaled_unwrap(this_1);
            object = wavec_t_6;
            var _saved61: bool = returned;
            var _saved62: f32 = result_1;
            let wavec_t_7 = Scaled_area(object, arg1);
            result_1 = wavec_t_7;
            var _saved63: bool = returned;
            result_2 = result_1;
            returned = _saved63;
            var _adj64: f32 = result_adjoint_1;
            result_adjoint_1 = 0.0f;
            var _adj65: f32 = _adj64;
            result_adjoint = result_adjoint + _adj65;
            returned = _saved61;
            result_1 = _saved62;
            var _adj66: f32 = result_adjoint;
            result_adjoint = 0.0f;
            var _adj67: DifferentialPair_Scaled = DifferentialPair_Scaled(object, Scaled(0.0f));
            var _adj68: DifferentialPair_float = DifferentialPair_float(arg1, 0.0f);
            var wavec_t_8: DifferentialPair_Scaled = _adj67;
            var wavec_t_9: DifferentialPair_float = _adj68;
            Scaled_area_bwd_diff(&wavec_t_8, &wavec_t_9, _adj66);
            _adj67 = wavec_t_8;
            _adj68 = wavec_t_9;
            var _adj69: Scaled = _adj67.d;
            object_adjoint = Scaled(object_adjoint.factor + _adj69.factor);
            var _adj70: f32 = _adj68.d;
            arg1_adjoint = arg1_adjoint + _adj70;
            returned = _saved58;
            result_1 = _saved59;
            object = _saved60;
            var _adj71: Scaled = object_adjoint;
            object_adjoint = Scaled(0.0f);
            let wavec_t_10 = IShape_zero();
            var _adj72: DifferentialPair_IShape = DifferentialPair_IShape(this_1, wavec_t_10);
            var wavec_t_11: DifferentialPair_IShape = _adj72;
            IShape_Scaled_unwrap_bwd_diff(&wavec_t_11, _adj71);
            _adj72 = wavec_t_11;
            var _adj73: IShape = _adj72.d;
            let wavec_t_12 = IShape_dadd(this_adjoint, _adj73);
            this_adjoint = wavec_t_12;
        }
        object = _saved54;
        result_1 = _saved55;
        returned = _saved56;
        selector = _saved57;
    }
    returned = _saved44;
    selector = _saved45;
    object = _saved46;
    result_1 = _saved47;
    result_adjoint_1 = 0.0f;
    returned = _saved40;
    selector = _saved41;
    object = _saved42;
    result_1 = _saved43;
    (*this_pair) = DifferentialPair_IShape((*this_pair).p, this_adjoint);
    (*arg1_pair) = DifferentialPair_float((*arg1_pair).p, arg1_adjoint);
}

fn measure_bwd_diff(x_pair: ptr<function, DifferentialPair_float>, dOut: f32) {
    var x: f32 = 0.0f;
    var x_adjoint: f32 = 0.0f;
    let wavec_t = IShape_zero();
    var shape: IShape = wavec_t;
    let wavec_t_1 = IShape_zero();
    var shape_adjoint: IShape = wavec_t_1;
    var value: f32 = 0.0f;
    var value_adjoint: f32 = 0.0f;
    var value_1: f32 = 0.0f;
    var value_adjoint_1: f32 = 0.0f;
    var result_1: f32 = 0.0f;
    var result_adjoint: f32 = 0.0f;
    var returned: bool = false;
    x = (*x_pair).p;
    result_adjoint = dOut;
    var _saved11: f32 = value_1;
    var _saved12: f32 = value;
    var _saved13: IShape = shape;
    returned = false;
    var _saved14: f32 = value_1;
    var _saved15: f32 = value;
    var _saved16: IShape = shape;
    var _saved17: f32 = value_1;
    var _saved18: f32 = value;
    var _saved19: IShape = shape;
    let wavec_t_2 = IShape_Scaled_wrap(0u, Scaled(x));
    shape = wavec_t_2;
    var _saved20: f32 = value_1;
    var _saved21: f32 = value;
    let wavec_t_3 = IShape_area(shape, x);
    value = wavec_t_3;
    var _saved22: f32 = value_1;
    let wavec_t_4 = IShape_area(shape, 1.0f);
    value_1 = wavec_t_4;
    result_1 = value + value_1;
    var _adj23: f32 = result_adjoint;
    result_adjoint = 0.0f;
    var _adj24: f32 = _adj23;
    var _adj25: f32 = _adj24;
    value_adjoint = value_adjoint + _adj25;
    var _adj26: f32 = _adj24;
    value_adjoint_1 = value_adjoint_1 + _adj26;
    value_1 = _saved22;
    var _adj27: f32 = value_adjoint_1;
    value_adjoint_1 = 0.0f;
    let wavec_t_5 = IShape_zero();
    var _adj28: DifferentialPair_IShape = DifferentialPair_IShape(shape, wavec_t_5);
    var _adj29: DifferentialPair_float = DifferentialPair_float(1.0f, 0.0f);
    var wavec_t_6: DifferentialPair_IShape = _adj28;
    var wavec_t_7: DifferentialPair_float = _adj29;
    IShape_area_bwd_diff(&wavec_t_6, &wavec_t_7, _adj27);
    _adj28 = wavec_t_6;
    _adj29 = wavec_t_7;
    var _adj30: IShape = _adj28.d;
    let wavec_t_8 = IShape_dadd(shape_adjoint, _adj30);
    shape_adjoint = wavec_t_8;
    value_1 = _saved20;
    value = _saved21;
    var _adj31: f32 = value_adjoint;
    value_adjoint = 0.0f;
    let wavec_t_9 = IShape_zero();
    var _adj32: DifferentialPair_IShape = DifferentialPair_IShape(shape, wavec_t_9);
    var _adj33: DifferentialPair_float = DifferentialPair_float(x, 0.0f);
    var wavec_t_10: DifferentialPair_IShape = _adj32;
    var wavec_t_11: DifferentialPair_float = _adj33;
    IShape_area_bwd_diff(&wavec_t_10, &wavec_t_11, _adj31);
    _adj32 = wavec_t_10;
    _adj33 = wavec_t_11;
    var _adj34: IShape = _adj32.d;
    let wavec_t_12 = IShape_dadd(shape_adjoint, _adj34);
    shape_adjoint = wavec_t_12;
    var _adj35: f32 = _adj33.d;
    x_adjoint = x_adjoint + _adj35;
    value_1 = _saved17;
    value = _saved18;
    shape = _saved19;
    var _adj36: IShape = shape_adjoint;
    let wavec_t_13 = IShape_zero();
    shape_adjoint = wavec_t_13;
    var _adj37: DifferentialPair_Scaled = DifferentialPair_Scaled(Scaled(x), Scaled(0.0f));
    var wavec_t_14: DifferentialPair_Scaled = _adj37;
    IShape_Scaled_wrap_bwd_diff(0u, &wavec_t_14, _adj36);
    _adj37 = wavec_t_14;
    var _adj38: Scaled = _adj37.d;
    var _adj39: f32 = _adj38.factor;
    x_adjoint = x_adjoint + _adj39;
    value_1 = _saved14;
    value = _saved15;
    shape = _saved16;
    result_adjoint = 0.0f;
    value_1 = _saved11;
    value = _saved12;
    shape = _saved13;
    (*x_pair) = DifferentialPair_float((*x_pair).p, x_adjoint);
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var dx: DifferentialPair_float = DifferentialPair_float(2.0f, 0.0f);
    var wavec_t: DifferentialPair_float = dx;
    measure_bwd_diff(&wavec_t, 1.0f);
    dx = wavec_t;
    result[0i] = dx.d;
}
