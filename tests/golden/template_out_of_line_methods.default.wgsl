struct Ring_int_3 {
    items: array<i32, 3>,
}

struct Ring_float_1 {
    items: array<f32, 1>,
}

struct Ring_uint_2 {
    items: array<u32, 2>,
}

@group(0) @binding(0) var<storage, read_write> result: array<i32>;

fn Ring_int_3_at(this_1: Ring_int_3, i: i32) -> i32 {
    return this_1.items[i % 3i];
}

fn Ring_int_3_put(this_1: ptr<function, Ring_int_3>, i: i32, x: i32) {
    (*this_1).items[i % 3i] = x;
}

fn Ring_int_3_size() -> i32 {
    return 3i;
}

fn Ring_float_1_at(this_1: Ring_float_1, i: i32) -> f32 {
    return this_1.items[0i] + f32(i);
}

fn Ring_uint_2_size() -> i32 {
    return 20i;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var i: i32 = i32(id.x);
    var r: Ring_int_3;
    var wavec_t: Ring_int_3 = r;
    Ring_int_3_put(&wavec_t, i, i * 2i);
    r = wavec_t;
    var f: Ring_float_1;
    f.items[0i] = 0.5f;
    let wavec_t_1 = Ring_int_3_at(r, i);
    let wavec_t_2 = Ring_int_3_size();
    let wavec_t_3 = Ring_uint_2_size();
    let wavec_t_4 = (wavec_t_1 + wavec_t_2) + wavec_t_3;
    let wavec_t_5 = Ring_float_1_at(f, i);
    result[id.x] = wavec_t_4 + i32(wavec_t_5);
}
