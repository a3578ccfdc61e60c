enable subgroups;

@group(0) @binding(0) var<storage, read> Depth: array<f32>;
@group(0) @binding(1) var<storage, read_write> TileMinMax: array<u32>;
struct Params_block {
    DepthWidth: u32,
    TilesX: u32,
}
@group(0) @binding(2) var<uniform> Params: Params_block;
var<workgroup> g_minZ: array<f32, 255>;
var<workgroup> g_maxZ: array<f32, 255>;
var<workgroup> wavec_waveCounter: atomic<u32>;
var<private> wavec_groupWaveIndex: u32;
var<private> wavec_groupWaveCount: u32;

var<private> wavec_subgroup_invocation_id: u32;

@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(local_invocation_id) wavec_local_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    wavec_subgroup_invocation_id = subgroupExclusiveAdd(1u);
    var tileID: vec3<u32> = wavec_workgroup_id;
    var threadInTile: vec3<u32> = wavec_local_invocation_id;
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
    var waveCount: u32 = wavec_groupWaveCount;
    var coord: vec2<u32> = (tileID.xy * vec2<u32>(u32(16i))) + threadInTile.xy;
    var z: f32 = Depth[(coord.y * Params.DepthWidth) + coord.x];
    var minZ: f32 = subgroupMin(z);
    var maxZ: f32 = subgroupMax(z);
    if (waveCount > 1u) {
        var last: u32 = waveCount - 1u;
        if ((waveIndex < last) && (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id)) {
            g_minZ[waveIndex] = minZ;
            g_maxZ[waveIndex] = maxZ;
        }
        workgroupBarrier();
        if (waveIndex != last) {
            return;
        }
        {
            var i: u32 = 0u;
            for (; i < last; i = i + 1u) {
                minZ = min(minZ, g_minZ[i]);
                maxZ = max(maxZ, g_maxZ[i]);
            }
        }
    }
    if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
        TileMinMax[(tileID.y * Params.TilesX) + tileID.x] = (pack2x16float(vec2<f32>(maxZ, 0.0)) << u32(16i)) | pack2x16float(vec2<f32>(minZ, 0.0));
    }
}
