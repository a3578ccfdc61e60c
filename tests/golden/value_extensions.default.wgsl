@group(0) @binding(0) var<storage, read_write> results: array<f32>;
const float3__origin: vec3<f32> = vec3<f32>(0.0f, 0.0f, 0.0f);

fn float_halved(this_1: f32) -> f32 {
    return this_1 * 0.5f;
}

fn float3_halved(this_1: vec3<f32>) -> vec3<f32> {
    return this_1 / vec3<f32>(2.0f);
}

fn wavec_saturate(x: vec3<f32>) -> vec3<f32> {
    return clamp(x, vec3<f32>(f32(0i)), vec3<f32>(f32(1i)));
}

fn float3_clampUnit(this_1: ptr<function, vec3<f32>>) {
    let wavec_t = wavec_saturate((*this_1));
    (*this_1) = wavec_t;
}

fn midpoint_float3(a: vec3<f32>, b: vec3<f32>) -> vec3<f32> {
    let wavec_t = float3_halved(a + b);
    return wavec_t;
}

fn midpoint_float(a: f32, b: f32) -> f32 {
    let wavec_t = float_halved(a + b);
    return wavec_t;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: f32 = results[id.x];
    let wavec_t = midpoint_float3(vec3<f32>(x, 1.0f, 2.0f), float3__origin);
    var p: vec3<f32> = wavec_t;
    var wavec_t_1: vec3<f32> = p;
    float3_clampUnit(&wavec_t_1);
    p = wavec_t_1;
    let wavec_t_2 = midpoint_float(x, p.z);
    results[id.x] = wavec_t_2 + p.x;
}
