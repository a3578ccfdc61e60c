struct Pair {
    a: i32,
    b: i32,
}

struct Table_2 {
    wavec_empty: u32,
}

struct Table_4 {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;
@group(0) @binding(1) var<storage, read_write> pairs: array<Pair>;
var<workgroup> slot_cells: array<i32, 4>;
var<workgroup> slot_cells_2: array<i32, 8>;

fn output(index: i32, ref_write: bool, ref_value: i32) -> i32 {
    {
        if (ref_write) {
            outputBuffer[index] = ref_value;
        }
        return outputBuffer[index];
    }
}

fn second(index: i32, ref_write: bool, ref_value: i32) -> i32 {
    if (index < 0i) {
        {
            if (ref_write) {
                pairs[0i].b = ref_value;
            }
            return pairs[0i].b;
        }
    }
    {
        if (ref_write) {
            pairs[index].b = ref_value;
        }
        return pairs[index].b;
    }
}

fn slot_4(index: i32, ref_write: bool, ref_value: i32) -> i32 {
    {
        if (ref_write) {
            slot_cells[index % 4i] = ref_value;
        }
        return slot_cells[index % 4i];
    }
}

fn Table_2_fill(this_1: Table_2) -> i32 {
    _ = slot_4(1i, true, 4i);
    let wavec_t = slot_4(1i, false, 0i);
    _ = slot_4(1i, true, wavec_t + 10i);
    let wavec_t_1 = slot_4(1i, false, 0i);
    _ = slot_4(1i, true, wavec_t_1 + 1i);
    let wavec_t_2 = slot_4(1i, false, 0i);
    let wavec_t_3 = slot_4(5i, false, 0i);
    return wavec_t_2 + wavec_t_3;
}

fn slot_8(index: i32, ref_write: bool, ref_value: i32) -> i32 {
    {
        if (ref_write) {
            slot_cells_2[index % 8i] = ref_value;
        }
        return slot_cells_2[index % 8i];
    }
}

fn Table_4_fill(this_1: Table_4) -> i32 {
    _ = slot_8(1i, true, 8i);
    let wavec_t = slot_8(1i, false, 0i);
    _ = slot_8(1i, true, wavec_t + 10i);
    let wavec_t_1 = slot_8(1i, false, 0i);
    _ = slot_8(1i, true, wavec_t_1 + 1i);
    let wavec_t_2 = slot_8(1i, false, 0i);
    let wavec_t_3 = slot_8(9i, false, 0i);
    return wavec_t_2 + wavec_t_3;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var small: Table_2;
    var large: Table_4;
    _ = slot_4(0i, true, 100i);
    _ = slot_8(0i, true, 200i);
    let wavec_t = Table_2_fill(small);
    outputBuffer[0i] = wavec_t;
    let wavec_t_1 = Table_4_fill(large);
    outputBuffer[1i] = wavec_t_1;
    let wavec_t_2 = slot_4(0i, false, 0i);
    let wavec_t_3 = slot_8(0i, false, 0i);
    outputBuffer[2i] = wavec_t_2 + wavec_t_3;
    _ = output(3i, true, 7i);
    let wavec_t_4 = output(3i, false, 0i);
    _ = output(3i, true, wavec_t_4 * 6i);
    let wavec_t_5 = second(-1i, false, 0i);
    _ = second(1i, true, wavec_t_5 + 40i);
    outputBuffer[4i] = pairs[1i].b;
    outputBuffer[5i] = pairs[1i].a;
}
