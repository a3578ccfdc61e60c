@group(0) @binding(0) var<storage, read_write> o: array<f32>;
struct P_block {
    P_words: array<vec4<u32>, 2>,
}
@group(0) @binding(1) var<uniform> P: P_block;

fn wavec_uniform_load0_float(address: u32) -> f32 {
    return bitcast<f32>(P.P_words[address >> 4u][(address >> 2u) & 3u]);
}

fn wavec_uniform_load1_float3(address: u32) -> vec3<f32> {
    return vec3<f32>(bitcast<f32>(P.P_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(P.P_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(P.P_words[(address + 8u) >> 4u][((address + 8u) >> 2u) & 3u]));
}

fn wavec_mul(a_1: vec3<f32>, b_1: vec3<f32>) -> mat3x3<f32> {
    var p: mat3x3<f32>;
    p[0i][0i] = a_1[0i] * b_1[0i];
    p[0i][1i] = a_1[0i] * b_1[1i];
    p[0i][2i] = a_1[0i] * b_1[2i];
    p[1i][0i] = a_1[1i] * b_1[0i];
    p[1i][1i] = a_1[1i] * b_1[1i];
    p[1i][2i] = a_1[1i] * b_1[2i];
    p[2i][0i] = a_1[2i] * b_1[0i];
    p[2i][1i] = a_1[2i] * b_1[1i];
    p[2i][2i] = a_1[2i] * b_1[2i];
    return p;
}

fn wavec_mul_1(a_1: vec3<f32>, b_1: vec3<f32>) -> f32 {
    var p: f32;
    p = ((a_1[0i] * b_1[0i]) + (a_1[1i] * b_1[1i])) + (a_1[2i] * b_1[2i]);
    return p;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = wavec_uniform_load0_float(0u);
    var m: f32 = wavec_t;
    let wavec_t_1 = wavec_uniform_load1_float3(4u);
    var r: vec3<f32> = wavec_t_1;
    let wavec_t_2 = wavec_uniform_load1_float3(16u);
    var q: vec3<f32> = wavec_t_2;
    let wavec_t_3 = wavec_mul(q, r);
    var p: mat3x3<f32> = wavec_t_3;
    r = vec3<f32>(1.0f, 2.0f, 3.0f);
    let wavec_t_4 = wavec_mul_1(r, q);
    o[id.x] = (((m + r[1i]) + q[2i]) + p[1i][2i]) + wavec_t_4;
}
