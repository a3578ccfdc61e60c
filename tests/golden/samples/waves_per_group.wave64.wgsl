enable subgroups;

@group(0) @binding(0) var<storage, read> Input: array<u32>;
@group(0) @binding(1) var<storage, read_write> GroupSums: array<u32>;

var<private> wavec_subgroup_invocation_id: u32;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var group: vec3<u32> = wavec_workgroup_id;
    var gi: u32 = wavec_local_invocation_index;
    var waveSum: u32 = subgroupAdd(Input[(group.x * 64u) + gi]);
    {
        if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
            GroupSums[group.x] = waveSum;
        }
    }
}
