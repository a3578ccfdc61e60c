enable subgroups;

@group(0) @binding(0) var<storage, read> Depth: array<f32>;
@group(0) @binding(1) var<storage, read_write> TileMinMaxDepth: array<u32>;
struct Params_block {
    DepthWidth: u32,
    TilesX: u32,
}
@group(0) @binding(2) var<uniform> Params: Params_block;
var<workgroup> ComputeMinMaxZ_g_minZ: array<f32, 15>;
var<workgroup> ComputeMinMaxZ_g_maxZ: array<f32, 15>;
var<workgroup> wavec_waveCounter: atomic<u32>;
var<private> wavec_groupWaveIndex: u32;
var<private> wavec_groupWaveCount: u32;

var<private> wavec_subgroup_size: u32;
var<private> wavec_subgroup_invocation_id: u32;

fn GetLaneCoord2DSquare(tileID: vec2<u32>, tileSize: u32, waveIndex: u32, waveCount: u32) -> vec2<u32> {
    var linear: u32 = (waveIndex * wavec_subgroup_size) + wavec_subgroup_invocation_id;
    return (tileID * vec2<u32>(tileSize)) + vec2<u32>(linear % tileSize, linear / tileSize);
}

@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32, @builtin(subgroup_size) wavec_subgroup_size_in: u32) {
    wavec_subgroup_size = wavec_subgroup_size_in;
    wavec_subgroup_invocation_id = subgroupExclusiveAdd(1u);
    var tileID: vec2<u32> = wavec_workgroup_id.xy;
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
    let wavec_t = GetLaneCoord2DSquare(tileID, 16u, waveIndex, 16u);
    var coord: vec2<u32> = wavec_t;
    var z: f32 = Depth[(coord.y * Params.DepthWidth) + coord.x];
    var minZ: f32 = subgroupMin(z);
    var maxZ: f32 = subgroupMax(z);
    if (waveIndex < 15u) {
        ComputeMinMaxZ_g_minZ[waveIndex] = minZ;
        ComputeMinMaxZ_g_maxZ[waveIndex] = maxZ;
    }
    workgroupBarrier();
    if (waveIndex < 15u) {
        return;
    }
    {
        var i: u32 = 0u;
        for (; i < 15u; i = i + 1u) {
            minZ = min(minZ, ComputeMinMaxZ_g_minZ[i]);
            maxZ = max(maxZ, ComputeMinMaxZ_g_maxZ[i]);
        }
    }
    TileMinMaxDepth[(tileID.y * Params.TilesX) + tileID.x] = (pack2x16float(vec2<f32>(maxZ, 0.0)) << u32(16i)) | pack2x16float(vec2<f32>(minZ, 0.0));
}
