enable f16;

struct Box {
    scale: f32,
    uses: u32,
}

struct Ramp {
    slope: f32,
}

struct Window_Box_3 {
    kernel: Box,
}

struct Window_Ramp_2 {
    kernel: Ramp,
}

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

fn Box_init(s: f32) -> Box {
    var this_1: Box = Box(1.0f, 0u);
    this_1.scale = s;
    return this_1;
}

fn Box_init_2(s: f32, u: u32) -> Box {
    var this_1: Box = Box(1.0f, 0u);
    this_1.scale = s;
    this_1.uses = u;
    if (u > 100u) {
        return this_1;
    }
    this_1.uses = this_1.uses + 1u;
    return this_1;
}

fn Box_weight(this_1: Box, x: f32) -> f32 {
    return x * this_1.scale;
}

fn Box_first(this_1: Box) -> f32 {
    return this_1.scale;
}

fn Box_get_doubled(this_1: Box) -> f32 {
    return this_1.scale * 2.0f;
}

fn Box_set_doubled(this_1: ptr<function, Box>, newValue: f32) {
    (*this_1).scale = newValue / 2.0f;
}

fn Box_get_halved(this_1: Box) -> f32 {
    return this_1.scale / 2.0f;
}

fn Box_set_halved(this_1: ptr<function, Box>, h: f32) {
    (*this_1).scale = h * 2.0f;
}

fn Ramp_weight(this_1: Ramp, x: f32) -> f32 {
    return (x * this_1.slope) + 1.0f;
}

fn Ramp_steep() -> Ramp {
    var r: Ramp = Ramp(4.0f);
    return r;
}

fn Ramp_first(this_1: Ramp) -> f32 {
    let wavec_t = Ramp_weight(this_1, 0.0f);
    return wavec_t;
}

fn operator_add(a: Box, b: Box) -> Box {
    let wavec_t = Box_init_2(a.scale + b.scale, a.uses + b.uses);
    return wavec_t;
}

fn Window_Box_3_apply(this_1: Window_Box_3, x: f32) -> f32 {
    var sum: f32 = 0.0f;
    {
        var i: i32 = 0i;
        for (; i < 9i; i = i + 1i) {
            let wavec_t = Box_weight(this_1.kernel, x + f32(i));
            sum = sum + wavec_t;
        }
    }
    let wavec_t_1 = Box_first(this_1.kernel);
    return sum + wavec_t_1;
}

fn Window_Ramp_2_apply(this_1: Window_Ramp_2, x: f32) -> f32 {
    var sum: f32 = 0.0f;
    {
        var i: i32 = 0i;
        for (; i < 4i; i = i + 1i) {
            let wavec_t = Ramp_weight(this_1.kernel, x + f32(i));
            sum = sum + wavec_t;
        }
    }
    let wavec_t_1 = Ramp_first(this_1.kernel);
    return sum + wavec_t_1;
}

fn Box__scaledAs_half(this_1: Box, v: f16) -> f16 {
    return v * f16(this_1.scale);
}

@compute @workgroup_size(32, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var x: f32 = input[tid.x];
    var plain: Box = Box(1.0f, 0u);
    let wavec_t = Box_init(x);
    var a: Box = wavec_t;
    let wavec_t_1 = Box_init_2(3.0f, 7u);
    var b: Box = wavec_t_1;
    var wavec_t_2: Box = a;
    let wavec_t_3 = Box_get_doubled(a);
    Box_set_doubled(&wavec_t_2, wavec_t_3 + 1.0f);
    a = wavec_t_2;
    var wavec_t_4: Box = b;
    let wavec_t_5 = Box_get_halved(b);
    Box_set_halved(&wavec_t_4, wavec_t_5 + 0.25f);
    b = wavec_t_4;
    let wavec_t_6 = operator_add(a, b);
    var c: Box = wavec_t_6;
    var w: Window_Box_3;
    w.kernel = c;
    var r: Window_Ramp_2;
    let wavec_t_7 = Ramp_steep();
    r.kernel = wavec_t_7;
    let wavec_t_8 = Box_weight(a, x);
    let wavec_t_9 = (plain.scale + f32(b.uses)) + wavec_t_8;
    let wavec_t_10 = Window_Box_3_apply(w, x);
    let wavec_t_11 = Window_Ramp_2_apply(r, x);
    let wavec_t_12 = ((wavec_t_9 + wavec_t_10) + wavec_t_11) + 3.0f;
    let wavec_t_13 = Box__scaledAs_half(a, f16(x));
    output[tid.x] = wavec_t_12 + f32(wavec_t_13);
}
