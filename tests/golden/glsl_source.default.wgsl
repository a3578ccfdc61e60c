enable subgroups;

struct Totals {
    sum: u32,
    largest: u32,
}

@group(0) @binding(0) var<storage, read_write> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> Totals_1: array<Totals>;
@group(0) @binding(2) var<storage, read_write> results: array<u32>;
var<workgroup> staged: array<u32, 8>;
var<private> gl_GlobalInvocationID: vec3<u32>;
var<private> gl_LocalInvocationIndex: u32;
var<private> gl_LocalInvocationID: vec3<u32>;

var<private> wavec_subgroup_invocation_id: u32;

fn mine() -> u32 {
    return values[gl_GlobalInvocationID.x];
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(local_invocation_id) wavec_local_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var wavec_DispatchThreadID: vec3<u32> = wavec_global_invocation_id;
    var wavec_GroupIndex: u32 = wavec_local_invocation_index;
    var wavec_GroupThreadID: vec3<u32> = wavec_local_invocation_id;
    gl_GlobalInvocationID = wavec_DispatchThreadID;
    gl_LocalInvocationIndex = wavec_GroupIndex;
    gl_LocalInvocationID = wavec_GroupThreadID;
    let wavec_t = mine();
    var x: u32 = wavec_t;
    staged[gl_LocalInvocationIndex] = x;
    workgroupBarrier();
    var pair: vec2<u32> = vec2<u32>(staged[(gl_LocalInvocationID.x + 1u) % 8u], subgroupAdd(x));
    results[gl_GlobalInvocationID.x] = (pair.x * 100u) + pair.y;
    var top: u32 = subgroupMax(x);
    if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
        Totals_1[0u].sum = pair.y;
        Totals_1[0u].largest = top;
    }
}
