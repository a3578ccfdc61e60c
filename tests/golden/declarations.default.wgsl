struct Counter {
    total: i32,
    step_1: i32,
}

struct Knob {
    v: i32,
}

struct computeMain_Local {
    a: i32,
    b: i32,
}

struct Holder_int_2 {
    items: array<i32, 2>,
}

struct Holder_float_2 {
    items: array<f32, 2>,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

fn Counter_bump(this_1: Counter) -> i32 {
    return this_1.total + this_1.step_1;
}

fn mixed(a: i32, b: i32) -> i32 {
    return (a * 10i) + b;
}

fn total() -> i32 {
    return 1i;
}

fn Tools__total() -> i32 {
    return 2i;
}

fn Tools__fromFile() -> i32 {
    let wavec_t = total();
    let wavec_t_1 = Tools__total();
    return (wavec_t * 100i) + wavec_t_1;
}

fn sumOfMatrix(matrix: mat2x2<f32>) -> i32 {
    return i32(matrix[0i][0i] + matrix[1i][1i]);
}

fn Knob_scale(this_1: Knob) -> i32 {
    return this_1.v * 3i;
}

fn Knob_shift(this_1: Knob) -> i32 {
    return this_1.v + 1i;
}

fn Knob_get(this_1: Knob) -> i32 {
    return this_1.v;
}

fn twice_int(value: i32) -> i32 {
    return value + value;
}

fn combine_Knob(k: Knob) -> i32 {
    let wavec_t = Knob_scale(k);
    let wavec_t_1 = Knob_shift(k);
    let wavec_t_2 = (wavec_t * 100i) + (wavec_t_1 * 10i);
    let wavec_t_3 = Knob_get(k);
    return wavec_t_2 + wavec_t_3;
}

fn Holder_int_2_count(this_1: Holder_int_2) -> i32 {
    return 2i;
}

fn Holder_float_2_count(this_1: Holder_float_2) -> i32 {
    return 2i;
}

fn sized_int_3(values: array<i32, 3>, head: vec2<i32>) -> i32 {
    return 32i;
}

fn defaulted_float_4() -> i32 {
    return 8i;
}

fn defaulted_int16_t_1() -> i32 {
    return 3i;
}

fn joined_uint(a: u32, b: u32) -> u32 {
    return a + b;
}

fn laterDefined() -> i32 {
    return 5000i;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var c: Counter = Counter(0i, 2i);
    c.total = 6i;
    let wavec_t = Counter_bump(c);
    outputBuffer[0i] = wavec_t;
    let wavec_t_1 = twice_int(21i);
    let wavec_t_2 = mixed(1i, 2i);
    outputBuffer[1i] = wavec_t_1 + wavec_t_2;
    var l: computeMain_Local = computeMain_Local(4i, 5i);
    outputBuffer[2i] = (l.a * l.b) + 3i;
    var a: i32 = 1i;
    a = a | 4i;
    a = a ^ 3i;
    outputBuffer[3i] = a;
    let wavec_t_3 = Tools__fromFile();
    let wavec_t_4 = laterDefined();
    outputBuffer[4i] = wavec_t_3 + wavec_t_4;
    {
        let wavec_t_5 = Tools__fromFile();
        outputBuffer[5i] = wavec_t_5;
    }
    let wavec_t_6 = sumOfMatrix(mat2x2<f32>(1.0f, 2.0f, 3.0f, 4.0f));
    outputBuffer[6i] = wavec_t_6;
    var k: Knob;
    k.v = 2i;
    let wavec_t_7 = combine_Knob(k);
    outputBuffer[7i] = wavec_t_7;
    var h: Holder_int_2;
    var p: Holder_float_2;
    let wavec_t_8 = Holder_int_2_count(h);
    let wavec_t_9 = Holder_float_2_count(p);
    outputBuffer[8i] = i32(u32((wavec_t_8 * 10i) + wavec_t_9) + 4u);
    var values: array<i32, 3> = array<i32, 3>(1i, 2i, 3i);
    let wavec_t_10 = sized_int_3(values, vec2<i32>(5i, 6i));
    outputBuffer[9i] = wavec_t_10;
    let wavec_t_11 = defaulted_float_4();
    let wavec_t_12 = defaulted_int16_t_1();
    outputBuffer[10i] = (wavec_t_11 * 100i) + wavec_t_12;
    let wavec_t_13 = joined_uint(4294967295u, 5u);
    let wavec_t_14 = joined_uint(2u, 3u);
    outputBuffer[11i] = i32(wavec_t_13 + wavec_t_14);
    var arr: array<i32, 3> = array<i32, 3>(7i, 8i, 9i);
    var zero: vec3<f32> = vec3<f32>(0.0f, 0.0f, 0.0f);
    var one: f32 = 1.5f;
    outputBuffer[12i] = (300i + arr[2i]) + i32((zero.x + zero.y) + (one * 2.0f));
}
