struct DefaultDataLayout {
    wavec_empty: u32,
}

struct CoopVec_float_5 {
    elements: array<f32, 5>,
}

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> outputBuffer: array<f32>;

fn CoopVec_float_5_init_2(value: f32) -> CoopVec_float_5 {
    var this_1: CoopVec_float_5 = CoopVec_float_5(array<f32, 5>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f));
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            this_1.elements[i] = value;
        }
    }
    return this_1;
}

fn CoopVec_float_5_get___subscript(this_1: CoopVec_float_5, index: i32) -> f32 {
    return this_1.elements[index];
}

fn CoopVec_float_5_set___subscript(this_1: ptr<function, CoopVec_float_5>, index: i32, newValue: f32) {
    (*this_1).elements[index] = newValue;
}

fn CoopVec_float_5_init() -> CoopVec_float_5 {
    var this_1: CoopVec_float_5 = CoopVec_float_5(array<f32, 5>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f));
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            this_1.elements[i] = 0.0f;
        }
    }
    return this_1;
}

fn CoopVec_float_5_operator_sub(this_1: CoopVec_float_5, other: CoopVec_float_5) -> CoopVec_float_5 {
    let wavec_t = CoopVec_float_5_init();
    var result: CoopVec_float_5 = wavec_t;
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            result.elements[i] = this_1.elements[i] - other.elements[i];
        }
    }
    return result;
}

fn CoopVec_float_5_operator_mul(this_1: CoopVec_float_5, other: CoopVec_float_5) -> CoopVec_float_5 {
    let wavec_t = CoopVec_float_5_init();
    var result: CoopVec_float_5 = wavec_t;
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            result.elements[i] = this_1.elements[i] * other.elements[i];
        }
    }
    return result;
}

fn CoopVec_float_5_operator_mul_2(this_1: CoopVec_float_5, scale: f32) -> CoopVec_float_5 {
    let wavec_t = CoopVec_float_5_init();
    var result: CoopVec_float_5 = wavec_t;
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            result.elements[i] = this_1.elements[i] * scale;
        }
    }
    return result;
}

fn CoopVec_float_5____init_pack_int_int_int(first: f32, second: f32, rest_0: i32, rest_1: i32, rest_2: i32) -> CoopVec_float_5 {
    var this_1: CoopVec_float_5 = CoopVec_float_5(array<f32, 5>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f));
    this_1.elements[0i] = first;
    this_1.elements[1i] = second;
    var i: i32 = 2i;
    let wavec_t = i;
    i = i + 1i;
    this_1.elements[wavec_t] = f32(rest_0);
    let wavec_t_1 = i;
    i = i + 1i;
    this_1.elements[wavec_t_1] = f32(rest_1);
    let wavec_t_2 = i;
    i = i + 1i;
    this_1.elements[wavec_t_2] = f32(rest_2);
    return this_1;
}

fn max_float_5(x: CoopVec_float_5, y: CoopVec_float_5) -> CoopVec_float_5 {
    let wavec_t = CoopVec_float_5_init();
    var result: CoopVec_float_5 = wavec_t;
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            var wavec_t_1: CoopVec_float_5 = result;
            let wavec_t_2 = CoopVec_float_5_get___subscript(x, i);
            let wavec_t_3 = CoopVec_float_5_get___subscript(y, i);
            let wavec_t_4 = max(wavec_t_2, wavec_t_3);
            CoopVec_float_5_set___subscript(&wavec_t_1, i, wavec_t_4);
            result = wavec_t_1;
        }
    }
    return result;
}

fn CoopVec_float_5_load_3_input(byteOffset16ByteAligned: i32) -> CoopVec_float_5 {
    let wavec_t = CoopVec_float_5_init();
    var result: CoopVec_float_5 = wavec_t;
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            result.elements[i] = input[(u32(byteOffset16ByteAligned) / 4u) + u32(i)];
        }
    }
    return result;
}

fn coopVecLoad_5_float_input(byteOffset16ByteAligned: i32) -> CoopVec_float_5 {
    let wavec_t = CoopVec_float_5_load_3_input(byteOffset16ByteAligned);
    return wavec_t;
}

fn CoopVec_float_5_store_2_outputBuffer(this_1: CoopVec_float_5, byteOffset16ByteAligned: i32) {
    {
        var i: i32 = 0i;
        for (; i < 5i; i = i + 1i) {
            outputBuffer[(u32(byteOffset16ByteAligned) / 4u) + u32(i)] = this_1.elements[i];
        }
    }
}

@compute @workgroup_size(2, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = coopVecLoad_5_float_input(i32(tid.x) * 20i);
    var v: CoopVec_float_5 = wavec_t;
    let wavec_t_1 = CoopVec_float_5____init_pack_int_int_int(1.0f, 2.0f, 3i, 4i, 5i);
    let wavec_t_2 = CoopVec_float_5_operator_mul_2(wavec_t_1, 0.5f);
    var w: CoopVec_float_5 = wavec_t_2;
    var wavec_t_3: CoopVec_float_5 = w;
    let wavec_t_4 = CoopVec_float_5_get___subscript(w, 0i);
    CoopVec_float_5_set___subscript(&wavec_t_3, 4i, -wavec_t_4);
    w = wavec_t_3;
    let wavec_t_5 = CoopVec_float_5_operator_mul(v, w);
    let wavec_t_6 = CoopVec_float_5_init_2(1.0f);
    let wavec_t_7 = CoopVec_float_5_operator_sub(wavec_t_5, wavec_t_6);
    let wavec_t_8 = CoopVec_float_5_init_2(0.0f);
    let wavec_t_9 = max_float_5(wavec_t_7, wavec_t_8);
    var result: CoopVec_float_5 = wavec_t_9;
    CoopVec_float_5_store_2_outputBuffer(result, i32(tid.x) * 20i);
}
