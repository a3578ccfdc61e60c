struct Light {
    radius: f32,
    position: vec3<f32>,
    angles: vec2<f32>,
    color: vec3<f32>,
    transform: mat4x3<f32>,
    basis: mat2x3<f32>,
    basisT: mat2x3<f32>,
    pair: array<mat2x2<f32>, 2>,
}

@group(0) @binding(4) var<storage, read> Lights: array<Light>;
@group(0) @binding(5) var<storage, read> Transforms: array<mat4x3<f32>>;
@group(0) @binding(6) var<storage, read_write> Out: array<vec4<f32>>;
struct Frame_block {
    Frame_words: array<vec4<u32>, 10>,
}
@group(0) @binding(0) var<uniform> Frame: Frame_block;
struct Tuning_block {
    Tuning_words: array<vec4<u32>, 3>,
}
@group(0) @binding(1) var<uniform> Tuning: Tuning_block;

fn wavec_uniform_load0_float(address: u32) -> f32 {
    return bitcast<f32>(Frame.Frame_words[address >> 4u][(address >> 2u) & 3u]);
}

fn wavec_uniform_load1_float3(address: u32) -> vec3<f32> {
    return vec3<f32>(bitcast<f32>(Frame.Frame_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 8u) >> 4u][((address + 8u) >> 2u) & 3u]));
}

fn wavec_uniform_load2_float2(address: u32) -> vec2<f32> {
    return vec2<f32>(bitcast<f32>(Frame.Frame_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]));
}

fn wavec_uniform_load3_float3(address: u32) -> vec3<f32> {
    return vec3<f32>(bitcast<f32>(Tuning.Tuning_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(Tuning.Tuning_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(Tuning.Tuning_words[(address + 8u) >> 4u][((address + 8u) >> 2u) & 3u]));
}

fn wavec_uniform_load4_float(address: u32) -> f32 {
    return bitcast<f32>(Tuning.Tuning_words[address >> 4u][(address >> 2u) & 3u]);
}

fn wavec_uniform_load5_float2(address: u32) -> vec2<f32> {
    return vec2<f32>(bitcast<f32>(Tuning.Tuning_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(Tuning.Tuning_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]));
}

fn wavec_uniform_load6_float4x4(address: u32) -> mat4x4<f32> {
    return mat4x4<f32>(bitcast<f32>(Frame.Frame_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 8u) >> 4u][((address + 8u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 12u) >> 4u][((address + 12u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 16u) >> 4u][((address + 16u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 20u) >> 4u][((address + 20u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 24u) >> 4u][((address + 24u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 28u) >> 4u][((address + 28u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 32u) >> 4u][((address + 32u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 36u) >> 4u][((address + 36u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 40u) >> 4u][((address + 40u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 44u) >> 4u][((address + 44u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 48u) >> 4u][((address + 48u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 52u) >> 4u][((address + 52u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 56u) >> 4u][((address + 56u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 60u) >> 4u][((address + 60u) >> 2u) & 3u]));
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var l: Light = Lights[id.x];
    let wavec_t = vec4<f32>(l.position, 1.0f) * transpose(l.transform);
    let wavec_t_1 = wavec_uniform_load0_float(0u);
    var p: vec3<f32> = wavec_t * vec3<f32>(wavec_t_1);
    let wavec_t_2 = wavec_uniform_load1_float3(16u);
    let wavec_t_3 = wavec_uniform_load0_float(96u + ((id.x % 3u) * 16u));
    let wavec_t_4 = transpose(Transforms[id.x]) * (wavec_t_2 * vec3<f32>(wavec_t_3));
    var q: vec4<f32> = wavec_t_4;
    let wavec_t_5 = (l.basis[1i][2i] + transpose(l.basisT)[2i][1i]) + transpose(l.pair[1i])[0i][1i];
    let wavec_t_6 = wavec_uniform_load2_float2(144u);
    let wavec_t_7 = vec4<f32>(p + l.color, wavec_t_5 + wavec_t_6.y) + q;
    let wavec_t_8 = wavec_uniform_load6_float4x4(32u);
    let wavec_t_9 = transpose(wavec_t_8);
    let wavec_t_10 = vec4<f32>(l.angles, 0.0f, 1.0f) * wavec_t_9;
    let wavec_t_11 = wavec_uniform_load3_float3(32u);
    let wavec_t_12 = wavec_uniform_load4_float(16u);
    let wavec_t_13 = wavec_uniform_load5_float2(8u);
    let wavec_t_14 = wavec_uniform_load4_float(44u);
    Out[id.x] = (wavec_t_7 + wavec_t_10) + vec4<f32>(wavec_t_11 * vec3<f32>(wavec_t_12), wavec_t_13.x + wavec_t_14);
}
