struct Params {
    scale: u32,
    bias: u32,
}

struct Weights {
    w: vec4<f32>,
}

struct ConstantBuffer_row_major_float3x2 {
    value: mat3x2<f32>,
}

struct Params_data {
    scale: u32,
    @size(12) bias: u32,
}

@group(1) @binding(0) var<uniform> params: Params_data;
@group(0) @binding(0) var<uniform> weights: Weights;
@group(0) @binding(1) var<uniform> matrixBuffer: array<vec4<u32>, 3>;
@group(0) @binding(2) var<storage, read_write> appended: array<u32>;
@group(0) @binding(3) var<storage, read_write> appended_counter: atomic<i32>;
@group(0) @binding(4) var<storage, read_write> consumed: array<u32>;
@group(0) @binding(5) var<storage, read_write> consumed_counter: atomic<i32>;
@group(1) @binding(1) var<storage, read> params_source: array<u32>;
@group(1) @binding(2) var<storage, read_write> params_results: array<u32>;

fn Weights_dot4(this_1: Weights, v: vec4<f32>) -> f32 {
    return dot(this_1.w, v);
}

fn wavec_uniform_load0_float3x2(address: u32) -> mat3x2<f32> {
    return mat3x2<f32>(bitcast<f32>(matrixBuffer[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(matrixBuffer[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(matrixBuffer[(address + 16u) >> 4u][((address + 16u) >> 2u) & 3u]), bitcast<f32>(matrixBuffer[(address + 20u) >> 4u][((address + 20u) >> 2u) & 3u]), bitcast<f32>(matrixBuffer[(address + 32u) >> 4u][((address + 32u) >> 2u) & 3u]), bitcast<f32>(matrixBuffer[(address + 36u) >> 4u][((address + 36u) >> 2u) & 3u]));
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var i: u32 = id.x;
    var this_scale: u32 = params.scale;
    var this_bias: u32 = params.bias;
    var i_1: u32 = i;
    var Params_apply_result: u32;
    {
        params_results[i_1] = (params_source[i_1] * this_scale) + this_bias;
        Params_apply_result = params_results[i_1];
    }
    let wavec_t = wavec_uniform_load0_float3x2(0u);
    var m: mat3x2<f32> = wavec_t;
    let wavec_t_1 = Weights_dot4(Weights(weights.w), vec4<f32>(1.0f, 1.0f, 1.0f, 1.0f));
    params_results[4u + i] = u32(wavec_t_1) + u32(m[i % 3u][i % 2u]);
    let wavec_t_2 = u32(atomicAdd(&appended_counter, 1i));
    let wavec_t_3 = u32(atomicSub(&consumed_counter, 1i) - 1i);
    let wavec_t_4 = consumed[wavec_t_3];
    appended[wavec_t_2] = wavec_t_4;
}
