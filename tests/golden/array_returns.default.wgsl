@group(0) @binding(0) var<storage, read_write> results: array<f32>;
var<private> kTaps: array<vec3<f32>, 3>;

fn kTaps_init() -> array<vec3<f32>, 3> {
    var result: array<vec3<f32>, 3> = array<vec3<f32>, 3>(vec3<f32>(sqrt(2.0f), 0.0f, 1.0f), vec3<f32>(-1.0f, 1.0f, 0.5f), vec3<f32>(0.0f, -1.0f, 0.25f));
    return result;
}

fn weights(x: f32) -> array<f32, 4> {
    var w: array<f32, 4> = array<f32, 4>(x, x * x, (x * x) * x, 1.0f);
    return w;
}

fn sum4(v: array<f32, 4>) -> f32 {
    return ((v[0i] + v[1i]) + v[2i]) + v[3i];
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = kTaps_init();
    kTaps = wavec_t;
    var x: f32 = results[id.x];
    let wavec_t_1 = weights(x);
    var w: array<f32, 4> = wavec_t_1;
    let wavec_t_2 = kTaps[id.x % 3u].x * w[1i];
    let wavec_t_3 = weights(2.0f);
    var t: f32 = wavec_t_2 + wavec_t_3[3i];
    let wavec_t_4 = sum4(array<f32, 4>(x, t, w[2i], kTaps[0i].z));
    results[id.x] = t + wavec_t_4;
}
