enable subgroups;

@group(0) @binding(0) var<storage, read> Colors: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> Weights: array<f32>;
@group(0) @binding(2) var<storage, read_write> Result: array<vec4<f32>>;
var<workgroup> g_partial: array<vec3<f32>, 64>;
var<workgroup> g_keep: array<f32, 64>;

var<private> wavec_subgroup_size: u32;
var<private> wavec_subgroup_invocation_id: u32;
var<private> wavec_subgroup_id: u32;
var<private> wavec_num_subgroups: u32;

fn WaveActiveLerp(value: vec3<f32>, t: f32) -> vec3<f32> {
    var prefixProduct: f32 = subgroupExclusiveMul((1.0f - t));
    var laneValue: vec3<f32> = (value * vec3<f32>(t)) * vec3<f32>(prefixProduct);
    return subgroupAdd(laneValue);
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(subgroup_size) wavec_subgroup_size_in: u32, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32, @builtin(subgroup_id) wavec_subgroup_id_in: u32, @builtin(num_subgroups) wavec_num_subgroups_in: u32) {
    wavec_subgroup_size = wavec_subgroup_size_in;
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    wavec_subgroup_id = wavec_subgroup_id_in;
    wavec_num_subgroups = wavec_num_subgroups_in;
    var groupID: vec3<u32> = wavec_workgroup_id;
    var waveIndex: u32 = wavec_subgroup_id;
    var waveCount: u32 = wavec_num_subgroups;
    var lanes: u32 = wavec_subgroup_size;
    var slot: u32 = (waveIndex * lanes) + wavec_subgroup_invocation_id;
    var live: bool = slot < 64u;
    var element: u32 = select(0u, 63u - slot, live);
    var t: f32 = select(0.0f, select(Weights[(groupID.x * 64u) + element], 1.0f, element == 0u), live);
    var color: vec3<f32> = Colors[element].xyz;
    let wavec_t = WaveActiveLerp(color, t);
    var partial: vec3<f32> = wavec_t;
    var keep: f32 = subgroupMul((1.0f - t));
    if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
        g_partial[waveIndex] = partial;
        g_keep[waveIndex] = keep;
    }
    workgroupBarrier();
    if ((waveIndex == 0u) && (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id)) {
        var total: vec3<f32> = vec3<f32>(f32(0i));
        var scale: f32 = 1.0f;
        {
            var w: u32 = 0u;
            for (; w < waveCount; w = w + 1u) {
                total = total + (g_partial[w] * vec3<f32>(scale));
                scale = scale * g_keep[w];
            }
        }
        Result[groupID.x] = vec4<f32>(total, 1.0f);
    }
}
