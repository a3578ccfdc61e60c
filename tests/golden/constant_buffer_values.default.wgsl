enable subgroups;

struct Light {
    color: vec4<f32>,
    count: u32,
}

struct ConstantBuffer_uint4 {
    value: vec4<u32>,
}

@group(0) @binding(0) var<uniform> light: Light;
@group(0) @binding(1) var<uniform> offsets: ConstantBuffer_uint4;
@group(0) @binding(2) var<storage, read_write> results: array<u32>;

fn scaled(l: Light, i: u32) -> u32 {
    return u32(l.color[i]) * l.count;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var copy: Light = Light(light.color, light.count);
    copy.count = copy.count + id.x;
    let wavec_t = scaled(Light(light.color, light.count), id.x);
    results[id.x] = wavec_t + offsets.value[id.x];
    results[4u + id.x] = subgroupAdd(copy.count) + offsets.value.w;
}
