struct Base {
    wide: vec3<f32>,
    tag: bool,
}

struct Derived {
    wide: vec3<f32>,
    Base_tag: bool,
    count: i32,
    tag: bool,
}

struct Item {
    a: i32,
    b: vec3<f32>,
}

struct Holder_bool {
    items: array<bool, 2>,
    pad: array<bool, 2>,
}

struct Holder_float3 {
    items: array<vec3<f32>, 2>,
    pad: array<bool, 5>,
}

struct DefaultDataLayout {
    wavec_empty: u32,
}

struct Std430DataLayout {
    wavec_empty: u32,
}

struct Std140DataLayout {
    wavec_empty: u32,
}

struct ScalarDataLayout {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

fn measured_DefaultDataLayout() -> u32 {
    return 3204u;
}

fn measured_Std430DataLayout() -> u32 {
    return 6016u;
}

fn measured_Std140DataLayout() -> u32 {
    return 6016u;
}

fn measured_ScalarDataLayout() -> u32 {
    return 3204u;
}

fn sizeOfGeneric_bool(value: bool) -> i32 {
    return 4i;
}

fn sizeOfGeneric_float(value: f32) -> i32 {
    return 16i;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var counter: i32 = 5i;
    var triple: array<i32, 3> = array<i32, 3>(1i, 2i, 3i);
    var g: array<f32, 12>;
    outputBuffer[0i] = 21i;
    outputBuffer[1i] = 4i;
    outputBuffer[2i] = 11i;
    outputBuffer[3i] = 24i;
    outputBuffer[4i] = 4i;
    outputBuffer[5i] = 29i;
    outputBuffer[6i] = 4i;
    outputBuffer[7i] = counter;
    outputBuffer[8i] = 48i;
    outputBuffer[9i] = 44i;
    outputBuffer[10i] = 83i;
    let wavec_t = measured_DefaultDataLayout();
    outputBuffer[11i] = i32(wavec_t);
    let wavec_t_1 = measured_Std430DataLayout();
    outputBuffer[12i] = i32(wavec_t_1);
    let wavec_t_2 = measured_Std140DataLayout();
    outputBuffer[13i] = i32(wavec_t_2);
    let wavec_t_3 = measured_ScalarDataLayout();
    outputBuffer[14i] = i32(wavec_t_3);
    let wavec_t_4 = sizeOfGeneric_bool(true);
    let wavec_t_5 = sizeOfGeneric_float(1.0f);
    outputBuffer[15i] = (wavec_t_4 * 100i) + wavec_t_5;
    outputBuffer[16i] = i32((u32(triple[2i]) + 0u) + 10u);
    var d: Derived;
    d.tag = true;
    d.count = 2i;
    outputBuffer[17i] = i32(d.tag) + (d.count * 10i);
}
