@id(3) override WIDTH: i32 = 8i;
@id(1) override SCALE: f32 = 1.5f;
@id(2) override FLIP: bool = false;
@id(0) override SHIFT: u32 = 2u;
@group(0) @binding(0) var<storage, read_write> output: array<f32>;

@compute @workgroup_size(WIDTH, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var twice: i32 = WIDTH * 2i;
    var v: f32 = (f32(tid.x << SHIFT) * SCALE) + f32(twice);
    output[tid.x] = select(v, -v, FLIP);
}
