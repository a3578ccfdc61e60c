struct Light {
    w: f32,
}

struct Heavy {
    w: f32,
}

struct Difference {
    wavec_empty: u32,
}

struct Tuple_int_float_uint {
    _0: i32,
    _1: f32,
    _2: u32,
}

struct Tuple_int_float {
    _0: i32,
    _1: f32,
}

struct Bag_pack_int_float {
    tag: i32,
    items: Tuple_int_float,
}

struct Tuple_int_float_uint_bool {
    _0: i32,
    _1: f32,
    _2: u32,
    _3: bool,
}

struct Tuple {
    wavec_empty: u32,
}

struct Bag_pack {
    tag: i32,
    items: Tuple,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<f32>;

fn Light_weight(this_1: Light) -> f32 {
    return this_1.w;
}

fn Heavy_weight(this_1: Heavy) -> f32 {
    return this_1.w * 10.0f;
}

fn accumulate(total: ptr<function, f32>, x: f32) {
    (*total) = (*total) + x;
}

fn Difference_reduce(this_1: Difference, a: f32, b: i32) -> f32 {
    return a - f32(b);
}

fn weights_pack_Light_Heavy_Light(items_0: Light, items_1: Heavy, items_2: Light) -> f32 {
    var total: f32 = 0.0f;
    var wavec_t: f32 = total;
    let wavec_t_1 = Light_weight(items_0);
    accumulate(&wavec_t, wavec_t_1);
    total = wavec_t;
    var wavec_t_2: f32 = total;
    let wavec_t_3 = Heavy_weight(items_1);
    accumulate(&wavec_t_2, wavec_t_3);
    total = wavec_t_2;
    var wavec_t_4: f32 = total;
    let wavec_t_5 = Light_weight(items_2);
    accumulate(&wavec_t_4, wavec_t_5);
    total = wavec_t_4;
    return total;
}

fn weights_pack() -> f32 {
    var total: f32 = 0.0f;
    return total;
}

fn scaledSum_float_pack_int_uint_float(scale: f32, values_0: i32, values_1: u32, values_2: f32) -> f32 {
    var total: f32 = 0.0f;
    total = total + f32(values_0);
    total = total + f32(values_1);
    total = total + values_2;
    return total * scale;
}

fn count_pack_int_float_uint(t: Tuple_int_float_uint) -> i32 {
    return 3i;
}

fn scaledSum_float_pack_int_float_uint(scale: f32, values_0: i32, values_1: f32, values_2: u32) -> f32 {
    var total: f32 = 0.0f;
    total = total + f32(values_0);
    total = total + values_1;
    total = total + f32(values_2);
    return total * scale;
}

fn reduceWith_Difference(r: Difference) -> f32 {
    let wavec_t = Difference_reduce(r, 10.0f, 3i);
    return wavec_t;
}

fn weights_pack_Heavy_Light(items_0: Heavy, items_1: Light) -> f32 {
    var total: f32 = 0.0f;
    var wavec_t: f32 = total;
    let wavec_t_1 = Heavy_weight(items_0);
    accumulate(&wavec_t, wavec_t_1);
    total = wavec_t;
    var wavec_t_2: f32 = total;
    let wavec_t_3 = Light_weight(items_1);
    accumulate(&wavec_t_2, wavec_t_3);
    total = wavec_t_2;
    return total;
}

fn dropFirst_pack_Light_Heavy_Light(items_0: Light, items_1: Heavy, items_2: Light) -> f32 {
    let wavec_t = weights_pack_Heavy_Light(items_1, items_2);
    return wavec_t;
}

fn weights_pack_Light_Heavy(items_0: Light, items_1: Heavy) -> f32 {
    var total: f32 = 0.0f;
    var wavec_t: f32 = total;
    let wavec_t_1 = Light_weight(items_0);
    accumulate(&wavec_t, wavec_t_1);
    total = wavec_t;
    var wavec_t_2: f32 = total;
    let wavec_t_3 = Heavy_weight(items_1);
    accumulate(&wavec_t_2, wavec_t_3);
    total = wavec_t_2;
    return total;
}

fn dropLast_pack_Light_Heavy_Light(items_0: Light, items_1: Heavy, items_2: Light) -> f32 {
    let wavec_t = weights_pack_Light_Heavy(items_0, items_1);
    return wavec_t;
}

fn sumInts_pack_int_int_int(values_0: i32, values_1: i32, values_2: i32) -> i32 {
    var total: i32 = 0i;
    total = total + values_0;
    total = total + values_1;
    total = total + values_2;
    return total;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var a: Light = Light(1.0f);
    var b: Heavy = Heavy(2.0f);
    var c: Light = Light(4.0f);
    let wavec_t = weights_pack_Light_Heavy_Light(a, b, c);
    outputBuffer[0i] = wavec_t;
    let wavec_t_1 = weights_pack();
    outputBuffer[1i] = wavec_t_1;
    let wavec_t_2 = scaledSum_float_pack_int_uint_float(2.0f, 1i, 2u, 3.0f);
    outputBuffer[2i] = wavec_t_2;
    var t: Tuple_int_float_uint = Tuple_int_float_uint(1i, 2.5f, 3u);
    let wavec_t_3 = count_pack_int_float_uint(t);
    outputBuffer[3i] = f32(wavec_t_3);
    let wavec_t_4 = scaledSum_float_pack_int_float_uint(1.0f, t._0, t._1, t._2);
    outputBuffer[4i] = wavec_t_4;
    var bag: Bag_pack_int_float;
    bag.items = Tuple_int_float(7i, 0.5f);
    outputBuffer[5i] = f32(bag.items._0) + bag.items._1;
    let wavec_t_5 = reduceWith_Difference(Difference());
    outputBuffer[6i] = wavec_t_5;
    let wavec_t_6 = dropFirst_pack_Light_Heavy_Light(a, b, c);
    outputBuffer[7i] = wavec_t_6;
    let wavec_t_7 = dropLast_pack_Light_Heavy_Light(a, b, c);
    outputBuffer[8i] = wavec_t_7;
    let wavec_t_8 = sumInts_pack_int_int_int(1i, 2i, 3i);
    outputBuffer[9i] = f32(wavec_t_8);
    outputBuffer[10i] = 3.0f;
    outputBuffer[11i] = 2.0f;
}
