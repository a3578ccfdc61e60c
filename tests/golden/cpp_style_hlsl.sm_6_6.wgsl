struct Packed {
    bits: u32,
}

struct Counter {
    count: u32,
}

struct Sample {
    value: vec3<f32>,
    pdf: f32,
}

struct DirectionalSample {
    value: vec3<f32>,
    pdf: f32,
    wi: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> results: array<i32>;
const SCALE: vec2<f32> = vec2<f32>(0.984375f, 0.96875f);
const BIAS: vec2<f32> = vec2<f32>(0.015625f, 0.0078125f);
var<private> Reach: f32 = 10.0f;

fn Counter_pack(this_1: Counter) -> Packed {
    var p: Packed;
    p.bits = this_1.count << u32(4i);
    return p;
}

fn Counter_bump(this_1: ptr<function, Counter>, by: u32) {
    (*this_1).count = (*this_1).count + by;
}

fn Counter_make(start: u32) -> Counter {
    var c: Counter;
    c.count = start;
    return c;
}

fn Counter_value(this_1: Counter) -> u32 {
    return this_1.count;
}

fn Counter_doubled(this_1: Counter) -> u32 {
    let wavec_t = Counter_value(this_1);
    return wavec_t * 2u;
}

fn Packed_unpack(this_1: Packed) -> Counter {
    let wavec_t = Counter_make(this_1.bits >> u32(4i));
    return wavec_t;
}

fn Sample_invalid() -> Sample {
    var s: Sample;
    s.value = vec3<f32>(f32(0i));
    s.pdf = -1.0f;
    return s;
}

fn DirectionalSample_weight(this_1: DirectionalSample) -> f32 {
    return this_1.pdf * 2.0f;
}

fn DirectionalSample_invalid() -> DirectionalSample {
    var s: DirectionalSample = DirectionalSample(vec3<f32>(0.0f, 0.0f, 0.0f), 0.0f, vec3<f32>(0.0f, 0.0f, 0.0f));
    s.pdf = 0.5f;
    s.wi.z = -1.0f;
    return s;
}

fn halve(x: f32) -> f32 {
    return x * 0.5f;
}

fn pick(v: vec2<i32>) -> i32 {
    return 1i;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    if (id.x != 0u) {
        return;
    }
    let wavec_t = Counter_make(3u);
    var c: Counter = wavec_t;
    var wavec_t_1: Counter = c;
    Counter_bump(&wavec_t_1, 4u);
    c = wavec_t_1;
    let wavec_t_2 = Counter_pack(c);
    let wavec_t_3 = Packed_unpack(wavec_t_2);
    var back: Counter = wavec_t_3;
    results[0i] = i32(back.count);
    let wavec_t_4 = Counter_pack(c);
    results[1i] = i32(wavec_t_4.bits);
    let wavec_t_5 = DirectionalSample_invalid();
    var d: DirectionalSample = wavec_t_5;
    let wavec_t_6 = DirectionalSample_weight(d);
    results[2i] = i32(wavec_t_6 * 10.0f) + i32(d.wi.z);
    let wavec_t_7 = Sample_invalid();
    results[3i] = i32(wavec_t_7.pdf);
    var k: f32 = 2.5f;
    var var_1: vec3<f32> = vec3<f32>(k);
    var_1 = var_1 + 1.0f;
    results[4i] = i32(var_1.y * 2.0f);
    results[5i] = 36i;
    let wavec_t_8 = pick(vec2<i32>(id.xy));
    results[6i] = wavec_t_8;
    results[7i] = i32(SCALE.x * 1000.0f);
    results[8i] = i32(SCALE.y * 1000.0f);
    results[9i] = i32(BIAS.x * 1000.0f);
    results[10i] = i32(BIAS.y * 1000.0f);
    let wavec_t_9 = Counter_doubled(c);
    results[11i] = i32((d.value.x + d.value.y) + d.value.z) + i32(wavec_t_9);
    results[12i] = i32(Reach);
    let wavec_t_10 = halve(7.0f);
    let wavec_t_11 = i32(wavec_t_10 * 2.0f);
    let wavec_t_12 = halve(4.0f);
    results[13i] = wavec_t_11 + i32(wavec_t_12);
}
