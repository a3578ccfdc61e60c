struct AnyValue_IFunc_float_float {
    field0: u32,
}

struct IFunc_float_float {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_IFunc_float_float,
}

struct lambda {
    offset: f32,
}

struct Counter {
    total: i32,
}

struct Grid {
    cells: array<f32, 4>,
    tag: i32,
}

struct Scaler {
    factor: f32,
}

struct lambda_2 {
    factor: f32,
}

struct lambda_3 {
    base: i32,
}

struct lambda_4 {
    k: f32,
}

struct lambda_5 {
    base: i32,
}

struct lambda_6 {
    wavec_empty: u32,
}

struct lambda_7 {
    k: f32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<f32>;

fn IFunc_float_float_tag(value: IFunc_float_float) -> u32 {
    return value.witness.x;
}

fn lambda_operator_call(this_1: lambda, x: f32) -> f32 {
    return x + this_1.offset;
}

fn IFunc_float_float_lambda_unwrap(value: IFunc_float_float) -> lambda {
    return lambda(bitcast<f32>(value.payload.field0));
}

fn lambda_2_operator_call(this_1: lambda_2, v: f32) -> f32 {
    return v * this_1.factor;
}

fn lambda_4_operator_call(this_1: lambda_4, x: f32) -> f32 {
    return x * this_1.k;
}

fn IFunc_float_float_lambda_4_unwrap(value: IFunc_float_float) -> lambda_4 {
    return lambda_4(bitcast<f32>(value.payload.field0));
}

fn lambda_6_operator_call(this_1: lambda_6, x: f32) -> f32 {
    if (x > 1.0f) {
        return 1.0f;
    }
    return x;
}

fn lambda_7_operator_call(this_1: lambda_7, x: f32) -> f32 {
    return x * this_1.k;
}

fn IFunc_float_float_lambda_7_unwrap(value: IFunc_float_float) -> lambda_7 {
    return lambda_7(bitcast<f32>(value.payload.field0));
}

fn IFunc_float_float_lambda_2_unwrap(value: IFunc_float_float) -> lambda_2 {
    return lambda_2(bitcast<f32>(value.payload.field0));
}

fn IFunc_float_float_lambda_6_unwrap(value: IFunc_float_float) -> lambda_6 {
    return lambda_6();
}

fn IFunc_float_float_operator(this_1: IFunc_float_float, arg1: f32) -> f32 {
    let wavec_t = IFunc_float_float_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = IFunc_float_float_lambda_unwrap(this_1);
            var object: lambda = wavec_t_1;
            let wavec_t_2 = lambda_operator_call(object, arg1);
            var result: f32 = wavec_t_2;
            return result;
        }
        case 1: {
            let wavec_t_3 = IFunc_float_float_lambda_2_unwrap(this_1);
            var object_1: lambda_2 = wavec_t_3;
            let wavec_t_4 = lambda_2_operator_call(object_1, arg1);
            var result_1: f32 = wavec_t_4;
            return result_1;
        }
        case 2: {
            let wavec_t_5 = IFunc_float_float_lambda_4_unwrap(this_1);
            var object_2: lambda_4 = wavec_t_5;
            let wavec_t_6 = lambda_4_operator_call(object_2, arg1);
            var result_2: f32 = wavec_t_6;
            return result_2;
        }
        case 3: {
            let wavec_t_7 = IFunc_float_float_lambda_6_unwrap(this_1);
            var object_3: lambda_6 = wavec_t_7;
            let wavec_t_8 = lambda_6_operator_call(object_3, arg1);
            var result_3: f32 = wavec_t_8;
            return result_3;
        }
        case 4: {
            let wavec_t_9 = IFunc_float_float_lambda_7_unwrap(this_1);
            var object_4: lambda_7 = wavec_t_9;
            let wavec_t_10 = lambda_7_operator_call(object_4, arg1);
            var result_4: f32 = wavec_t_10;
            return result_4;
        }
        default: {}
    }
    return 0.0f;
}

fn twiceEach(f: IFunc_float_float, x: f32) -> f32 {
    let wavec_t = IFunc_float_float_operator(f, x);
    let wavec_t_1 = IFunc_float_float_operator(f, wavec_t);
    return wavec_t_1;
}

fn IFunc_float_float_lambda_wrap(id: u32, value: lambda) -> IFunc_float_float {
    return IFunc_float_float(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_IFunc_float_float(bitcast<u32>(value.offset)));
}

fn makeOffset(offset: f32) -> IFunc_float_float {
    let wavec_t = IFunc_float_float_lambda_wrap(0u, lambda(offset));
    return wavec_t;
}

fn Counter_operator_call(this_1: ptr<function, Counter>, step_1: i32) -> i32 {
    (*this_1).total = (*this_1).total + step_1;
    return (*this_1).total;
}

fn Grid_map(this_1: ptr<function, Grid>, f: IFunc_float_float) {
    {
        var i: i32 = 0i;
        for (; i < 4i; i = i + 1i) {
            let wavec_t = IFunc_float_float_operator(f, (*this_1).cells[i]);
            (*this_1).cells[i] = wavec_t;
        }
    }
}

fn Scaler_run(this_1: Scaler, x: f32) -> f32 {
    var scale: lambda_2 = lambda_2(this_1.factor);
    let wavec_t = lambda_2_operator_call(scale, x);
    return wavec_t;
}

fn lambda_3_operator_call(this_1: lambda_3, a: i32, b: i32) -> i32 {
    return (a + b) + this_1.base;
}

fn IFunc_float_float_lambda_4_wrap(id: u32, value: lambda_4) -> IFunc_float_float {
    return IFunc_float_float(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_IFunc_float_float(bitcast<u32>(value.k)));
}

fn lambda_5_operator_call(this_1: lambda_5, a: i32, b: i32) -> i32 {
    return ((a * b) + 5i) + this_1.base;
}

fn applyGeneric_lambda_5(f: lambda_5) -> f32 {
    let wavec_t = lambda_5_operator_call(f, 3i, 4i);
    return f32(wavec_t);
}

fn bump_Counter(f: ptr<function, Counter>, step_1: i32) -> i32 {
    var wavec_t: Counter = (*f);
    let wavec_t_1 = Counter_operator_call(&wavec_t, step_1);
    (*f) = wavec_t;
    let wavec_t_2 = wavec_t_1;
    return wavec_t_2;
}

fn IFunc_float_float_lambda_7_wrap(id: u32, value: lambda_7) -> IFunc_float_float {
    return IFunc_float_float(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_IFunc_float_float(bitcast<u32>(value.k)));
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var base: i32 = 10i;
    var add: lambda_3 = lambda_3(base);
    base = 100i;
    let wavec_t = lambda_3_operator_call(add, 3i, 4i);
    outputBuffer[0i] = f32(wavec_t);
    var k: f32 = 3.0f;
    let wavec_t_1 = IFunc_float_float_lambda_4_wrap(2u, lambda_4(k));
    let wavec_t_2 = twiceEach(wavec_t_1, 2.0f);
    outputBuffer[1i] = wavec_t_2;
    let wavec_t_3 = applyGeneric_lambda_5(lambda_5(base));
    outputBuffer[2i] = wavec_t_3;
    let wavec_t_4 = makeOffset(2.5f);
    var f: IFunc_float_float = wavec_t_4;
    let wavec_t_5 = IFunc_float_float_operator(f, 1.0f);
    outputBuffer[3i] = wavec_t_5;
    var clamp_1: lambda_6 = lambda_6();
    let wavec_t_6 = lambda_6_operator_call(clamp_1, 7.0f);
    outputBuffer[4i] = wavec_t_6;
    var c: Counter = Counter(0i);
    var wavec_t_7: Counter = c;
    let wavec_t_8 = bump_Counter(&wavec_t_7, 2i);
    c = wavec_t_7;
    let wavec_t_9 = wavec_t_8;
    var first: i32 = wavec_t_9;
    var wavec_t_10: Counter = c;
    let wavec_t_11 = Counter_operator_call(&wavec_t_10, 3i);
    c = wavec_t_10;
    let wavec_t_12 = wavec_t_11;
    var second: i32 = wavec_t_12;
    outputBuffer[5i] = f32(((first * 100i) + (second * 10i)) + c.total);
    var s: Scaler = Scaler(4.0f);
    let wavec_t_13 = Scaler_run(s, 2.0f);
    outputBuffer[6i] = wavec_t_13;
    let wavec_t_14 = lambda_6_operator_call(clamp_1, 0.5f);
    outputBuffer[7i] = wavec_t_14;
    var g: Grid = Grid(array<f32, 4>(1.0f, 2.0f, 3.0f, 4.0f), 9i);
    var wavec_t_15: Grid = g;
    let wavec_t_16 = IFunc_float_float_lambda_7_wrap(4u, lambda_7(k));
    Grid_map(&wavec_t_15, wavec_t_16);
    g = wavec_t_15;
    outputBuffer[8i] = g.cells[3i] + f32(g.tag);
}
