struct Weights {
    wavec_empty: u32,
}

struct Table_int {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read_write> result: array<i32>;
const Weights__table: array<i32, 2> = array<i32, 2>(2i, 3i);
const Table_int__values: array<i32, 3> = array<i32, 3>(7i, 11i, 13i);

fn Weights_scale(x: i32) -> i32 {
    return x * Weights__table[x & 1i];
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var i: i32 = i32(id.x);
    let wavec_t = Weights_scale(i);
    result[id.x] = wavec_t + Table_int__values[i % 3i];
}
