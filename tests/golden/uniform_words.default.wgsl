enable subgroups;

struct Ray {
    t: f32,
    dir: vec3<f32>,
    hit: u32,
}

@group(0) @binding(1) var<uniform> ray: array<vec4<u32>, 2>;
@group(0) @binding(2) var<storage, read_write> results: array<f32>;
struct Frame_block {
    Frame_words: array<vec4<u32>, 4>,
}
@group(0) @binding(0) var<uniform> Frame: Frame_block;

fn wavec_uniform_load0_float(address: u32) -> f32 {
    return bitcast<f32>(Frame.Frame_words[address >> 4u][(address >> 2u) & 3u]);
}

fn wavec_uniform_load1_float3(address: u32) -> vec3<f32> {
    return vec3<f32>(bitcast<f32>(Frame.Frame_words[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(Frame.Frame_words[(address + 8u) >> 4u][((address + 8u) >> 2u) & 3u]));
}

fn wavec_uniform_load2_uint(address: u32) -> u32 {
    return Frame.Frame_words[address >> 4u][(address >> 2u) & 3u];
}

fn wavec_uniform_load3_uint(address: u32) -> u32 {
    return ray[address >> 4u][(address >> 2u) & 3u];
}

fn wavec_uniform_load4_float3(address: u32) -> vec3<f32> {
    return vec3<f32>(bitcast<f32>(ray[address >> 4u][(address >> 2u) & 3u]), bitcast<f32>(ray[(address + 4u) >> 4u][((address + 4u) >> 2u) & 3u]), bitcast<f32>(ray[(address + 8u) >> 4u][((address + 8u) >> 2u) & 3u]));
}

fn wavec_uniform_load5_float(address: u32) -> f32 {
    return bitcast<f32>(ray[address >> 4u][(address >> 2u) & 3u]);
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = wavec_uniform_load0_float(0u);
    let wavec_t_1 = wavec_uniform_load1_float3(4u);
    let wavec_t_2 = wavec_uniform_load0_float(16u + ((id.x & 1u) * 16u));
    var v: f32 = (wavec_t * wavec_t_1[id.x % 3u]) + wavec_t_2;
    let wavec_t_3 = wavec_uniform_load2_uint(48u);
    var wavec_t_5: bool = (wavec_t_3 != 0u);
    if wavec_t_5 {
        let wavec_t_4 = wavec_uniform_load3_uint(16u);
        wavec_t_5 = wavec_t_4 != 0u;
    }
    if (wavec_t_5) {
        let wavec_t_6 = wavec_uniform_load4_float3(4u);
        let wavec_t_7 = wavec_uniform_load5_float(0u);
        v = v + (wavec_t_6.y * wavec_t_7);
    }
    results[id.x] = subgroupAdd(v);
}
