struct Tuple {
    wavec_empty: u32,
}

struct Nothing {
    a: Tuple,
    b: array<Tuple, 2>,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    outputBuffer[0i] = 1i;
    outputBuffer[1i] = select(0i, 1i, !true);
    outputBuffer[2i] = 0i;
}
