enable subgroups;

@group(0) @binding(0) var<storage, read_write> Out: array<vec2<u32>>;
var<workgroup> wavec_waveCounter: atomic<u32>;
var<private> wavec_groupWaveIndex: u32;
var<private> wavec_groupWaveCount: u32;

var<private> wavec_subgroup_invocation_id: u32;

fn WavesBefore() -> u32 {
    return wavec_groupWaveIndex;
}

@compute @workgroup_size(16, 4, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    wavec_subgroup_invocation_id = subgroupExclusiveAdd(1u);
    var id: vec3<u32> = wavec_global_invocation_id;
    var wavec_groupIndex: u32 = wavec_local_invocation_index;
    if (wavec_groupIndex == 0u) {
        atomicStore(&wavec_waveCounter, 0u);
    }
    workgroupBarrier();
    var wavec_waveSlot: u32 = 0u;
    if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
        wavec_waveSlot = atomicAdd(&wavec_waveCounter, 1u);
    }
    wavec_groupWaveIndex = subgroupBroadcastFirst(wavec_waveSlot);
    workgroupBarrier();
    wavec_groupWaveCount = atomicLoad(&wavec_waveCounter);
    var waveIndex: u32 = wavec_groupWaveIndex;
    var count: u32 = wavec_groupWaveCount;
    if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
        let wavec_t = WavesBefore();
        Out[(id.y * 16u) + id.x] = vec2<u32>(waveIndex + wavec_t, count);
    }
}
