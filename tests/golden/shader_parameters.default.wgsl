enable subgroups;

struct Scale {
    factor: i32,
    offset: i32,
}

struct Globals_block {
    bias: i32,
}
@group(0) @binding(0) var<uniform> Globals: Globals_block;
@group(0) @binding(1) var<uniform> base: array<vec4<u32>, 1>;
struct EntryPointParams_block {
    step_1: i32,
    scale: Scale,
}
var<immediate> EntryPointParams: EntryPointParams_block;
@group(0) @binding(2) var<storage, read_write> results: array<i32>;

fn wavec_uniform_load0_int(address: u32) -> i32 {
    return i32(base[address >> 4u][(address >> 2u) & 3u]);
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: i32 = ((i32(id.x) * EntryPointParams.step_1) * EntryPointParams.scale.factor) + EntryPointParams.scale.offset;
    let wavec_t = x + Globals.bias;
    let wavec_t_1 = wavec_uniform_load0_int(0u);
    results[id.x] = wavec_t + wavec_t_1;
    results[4u + id.x] = subgroupAdd(x) + subgroupExclusiveAdd(EntryPointParams.step_1);
}
