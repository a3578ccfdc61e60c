enable subgroups;

@group(0) @binding(0) var<storage, read> Input: array<u32>;
@group(0) @binding(1) var<storage, read_write> GroupSums: array<u32>;
var<workgroup> g_partial: array<u32, 64>;

var<private> wavec_subgroup_invocation_id: u32;
var<private> wavec_subgroup_id: u32;
var<private> wavec_num_subgroups: u32;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32, @builtin(subgroup_id) wavec_subgroup_id_in: u32, @builtin(num_subgroups) wavec_num_subgroups_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    wavec_subgroup_id = wavec_subgroup_id_in;
    wavec_num_subgroups = wavec_num_subgroups_in;
    var group: vec3<u32> = wavec_workgroup_id;
    var gi: u32 = wavec_local_invocation_index;
    var waveSum: u32 = subgroupAdd(Input[(group.x * 64u) + gi]);
    if (wavec_num_subgroups == 1u) {
        if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
            GroupSums[group.x] = waveSum;
        }
    } else {
        if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
            g_partial[wavec_subgroup_id] = waveSum;
        }
        workgroupBarrier();
        if ((wavec_subgroup_id == 0u) && (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id)) {
            var total: u32 = 0u;
            {
                var w: u32 = 0u;
                for (; w < wavec_num_subgroups; w = w + 1u) {
                    total = total + g_partial[w];
                }
            }
            GroupSums[group.x] = total;
        }
    }
}
