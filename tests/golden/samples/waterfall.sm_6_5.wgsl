enable subgroups;

@group(0) @binding(0) var<storage, read> MaterialOf: array<u32>;
@group(0) @binding(1) var<storage, read> MaterialColor: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> Shaded: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> Usage: array<atomic<u32>>;

var<private> wavec_subgroup_invocation_id: u32;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var id: vec3<u32> = wavec_global_invocation_id;
    var material: u32 = MaterialOf[id.x] % 16u;
    {
        for (; ; ) {
            var current: u32 = subgroupBroadcastFirst(material);
            if (current == material) {
                Shaded[id.x] = MaterialColor[current] * vec4<f32>(0.5f);
                var lanes: u32 = dot(countOneBits(subgroupBallot(true)), vec4<u32>(1u));
                if (subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id) {
                    atomicAdd(&Usage[current], lanes);
                }
                break;
            }
        }
    }
}
