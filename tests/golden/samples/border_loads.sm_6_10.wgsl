enable subgroups;

@group(0) @binding(0) var<storage, read> Input: array<f32>;
@group(0) @binding(1) var<storage, read_write> Output: array<f32>;
struct Params_block {
    Width: u32,
    Height: u32,
}
@group(0) @binding(2) var<uniform> Params: Params_block;
var<workgroup> tile: array<f32, 324>;
var<workgroup> wavec_waveCounter: atomic<u32>;
var<private> wavec_groupWaveIndex: u32;
var<private> wavec_groupWaveCount: u32;

var<private> wavec_subgroup_size: u32;
var<private> wavec_subgroup_invocation_id: u32;

fn ShouldWaveDoWork(groupWaveIndex: u32, modulo: u32) -> bool {
    return (groupWaveIndex & (wavec_groupWaveCount - 1u)) == (modulo & (wavec_groupWaveCount - 1u));
}

fn LoadClamped(p: vec2<i32>) -> f32 {
    var q: vec2<i32> = clamp(p, vec2<i32>(0i, 0i), vec2<i32>(i32(Params.Width) - 1i, i32(Params.Height) - 1i));
    return Input[(u32(q.y) * Params.Width) + u32(q.x)];
}

fn LoadBorder(border: u32, origin: vec2<i32>) {
    var count: u32 = u32(select(16i, 18i, border < 2u));
    {
        var i: u32 = wavec_subgroup_invocation_id;
        for (; i < count; i = i + wavec_subgroup_size) {
            var local: vec2<i32>;
            if (border == 0u) {
                local = vec2<i32>(i32(i) - 1i, -1i);
            } else {
                if (border == 1u) {
                    local = vec2<i32>(i32(i) - 1i, 16i);
                } else {
                    if (border == 2u) {
                        local = vec2<i32>(-1i, i32(i));
                    } else {
                        local = vec2<i32>(16i, i32(i));
                    }
                }
            }
            let wavec_t = LoadClamped(origin + local);
            tile[((local.y + 1i) * 18i) + (local.x + 1i)] = wavec_t;
        }
    }
}

@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(local_invocation_id) wavec_local_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32, @builtin(subgroup_size) wavec_subgroup_size_in: u32) {
    wavec_subgroup_size = wavec_subgroup_size_in;
    wavec_subgroup_invocation_id = subgroupExclusiveAdd(1u);
    var groupID: vec3<u32> = wavec_workgroup_id;
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
    var origin: vec2<i32> = vec2<i32>(vec2<i32>(groupID.xy)) * vec2<i32>(16i);
    var waveIndex: u32 = wavec_groupWaveIndex;
    {
        var border: u32 = 0u;
        for (; border < 4u; border = border + 1u) {
            let wavec_t = ShouldWaveDoWork(waveIndex, border);
            if (wavec_t) {
                LoadBorder(border, origin);
            }
        }
    }
    var local: vec2<i32> = vec2<i32>(vec2<i32>(threadInTile.xy));
    let wavec_t_1 = LoadClamped(origin + local);
    tile[((local.y + 1i) * 18i) + (local.x + 1i)] = wavec_t_1;
    workgroupBarrier();
    var sum: f32 = 0.0f;
    {
        var dy: i32 = -1i;
        for (; dy <= 1i; dy = dy + 1i) {
            {
                var dx: i32 = -1i;
                for (; dx <= 1i; dx = dx + 1i) {
                    sum = sum + tile[(((local.y + 1i) + dy) * 18i) + ((local.x + 1i) + dx)];
                }
            }
        }
    }
    var p: vec2<i32> = origin + local;
    if ((p.x < i32(Params.Width)) && (p.y < i32(Params.Height))) {
        Output[(u32(p.y) * Params.Width) + u32(p.x)] = sum / 9.0f;
    }
}
