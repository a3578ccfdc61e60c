enable subgroups;

@group(0) @binding(0) var<storage, read> Input: array<i32>;
@group(0) @binding(1) var<storage, read_write> Output: array<i32>;
@group(0) @binding(2) var<storage, read_write> Counter: array<atomic<u32>>;

var<private> wavec_subgroup_invocation_id: u32;

fn Select(value: i32) -> bool {
    return (value & 1i) == 0i;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var id: vec3<u32> = wavec_global_invocation_id;
    var value: i32 = Input[id.x];
    let wavec_t = Select(value);
    var keep: bool = wavec_t;
    var localIndex: u32 = subgroupExclusiveAdd(u32(keep));
    var waveKept: u32 = dot(countOneBits(subgroupBallot(keep)), vec4<u32>(1u));
    var base: u32 = 0u;
    if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
        base = atomicAdd(&Counter[0i], waveKept);
    }
    base = subgroupBroadcastFirst(base);
    if (keep) {
        Output[base + localIndex] = value;
    }
}
