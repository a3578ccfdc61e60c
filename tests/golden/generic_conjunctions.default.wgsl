struct Affine {
    k: f32,
    c: f32,
}

struct Holder_Affine_3 {
    inner: Affine,
}

struct Holder_Affine_1 {
    inner: Affine,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<f32>;

fn Affine_scale(this_1: Affine, x: f32) -> f32 {
    return this_1.k * x;
}

fn Affine_offset(this_1: Affine) -> f32 {
    return this_1.c;
}

fn apply_Affine(t: Affine, x: f32) -> f32 {
    let wavec_t = Affine_scale(t, x);
    let wavec_t_1 = Affine_offset(t);
    return wavec_t + wavec_t_1;
}

fn Holder_Affine_3_sum(this_1: Holder_Affine_3) -> f32 {
    var s: f32 = 0.0f;
    {
        var i: i32 = 0i;
        for (; i < 3i; i = i + 1i) {
            let wavec_t = Affine_scale(this_1.inner, f32(i));
            let wavec_t_1 = Affine_offset(this_1.inner);
            s = s + (wavec_t + wavec_t_1);
        }
    }
    return s;
}

fn lastIndex_5_4() -> i32 {
    return 4i;
}

fn lastIndex_5_2() -> i32 {
    return 2i;
}

fn Holder_Affine_1_sum(this_1: Holder_Affine_1) -> f32 {
    var s: f32 = 0.0f;
    {
        var i: i32 = 0i;
        for (; i < 1i; i = i + 1i) {
            let wavec_t = Affine_scale(this_1.inner, f32(i));
            let wavec_t_1 = Affine_offset(this_1.inner);
            s = s + (wavec_t + wavec_t_1);
        }
    }
    return s;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var a: Affine = Affine(2.0f, 0.5f);
    let wavec_t = apply_Affine(a, 3.0f);
    outputBuffer[0i] = wavec_t;
    var h: Holder_Affine_3 = Holder_Affine_3(a);
    let wavec_t_1 = Holder_Affine_3_sum(h);
    outputBuffer[1i] = wavec_t_1;
    let wavec_t_2 = lastIndex_5_4();
    outputBuffer[2i] = f32(wavec_t_2);
    let wavec_t_3 = lastIndex_5_2();
    outputBuffer[3i] = f32(wavec_t_3);
    var b: Affine = Affine(-1.0f, 4.0f);
    let wavec_t_4 = apply_Affine(a, 1.0f);
    let wavec_t_5 = apply_Affine(b, wavec_t_4);
    outputBuffer[4i] = wavec_t_5;
    let wavec_t_6 = Holder_Affine_1_sum(Holder_Affine_1(b));
    outputBuffer[5i] = wavec_t_6;
}
