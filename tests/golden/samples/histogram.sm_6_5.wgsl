enable subgroups;

@group(0) @binding(0) var<storage, read> Input: array<u32>;
@group(0) @binding(1) var<storage, read_write> Histogram: array<atomic<u32>>;

var<private> wavec_subgroup_invocation_id: u32;

fn Bucket(value: u32) -> u32 {
    return value & 255u;
}

fn WaveMatchBits(key: u32) -> vec4<u32> {
    var mask: vec4<u32> = subgroupBallot(true);
    {
        var b: u32 = 0u;
        for (; b < 8u; b = b + 1u) {
            var bit: bool = ((key >> b) & 1u) != 0u;
            var ballot: vec4<u32> = subgroupBallot(bit);
            mask = mask & select(~ballot, ballot, bit);
        }
    }
    return mask;
}

fn FirstLane(mask: vec4<u32>) -> u32 {
    if (mask.x != 0u) {
        return u32(firstTrailingBit(mask.x));
    }
    if (mask.y != 0u) {
        return 32u + u32(firstTrailingBit(mask.y));
    }
    if (mask.z != 0u) {
        return 64u + u32(firstTrailingBit(mask.z));
    }
    return 96u + u32(firstTrailingBit(mask.w));
}

fn AddMatched(bucket: u32, mask: vec4<u32>) {
    var bits: vec4<u32> = vec4<u32>(countOneBits(mask));
    var matchCount: u32 = ((bits.x + bits.y) + bits.z) + bits.w;
    let wavec_t = wavec_subgroup_invocation_id;
    let wavec_t_1 = FirstLane(mask);
    if (wavec_t == wavec_t_1) {
        atomicAdd(&Histogram[bucket], matchCount);
    }
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = Bucket(Input[id.x]);
    var bucket: u32 = wavec_t;
    let wavec_t_1 = WaveMatchBits(bucket);
    AddMatched(bucket, wavec_t_1);
}
