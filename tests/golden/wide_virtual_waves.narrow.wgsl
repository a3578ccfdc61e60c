enable subgroups;

@group(0) @binding(0) var<storage, read_write> Out: array<u32>;
@group(0) @binding(1) var<storage, read> Keys: array<u32>;
var<workgroup> wavec_waveCounter: atomic<u32>;
var<private> wavec_groupWaveIndex: u32;
var<private> wavec_groupWaveCount: u32;

var<private> wavec_subgroup_invocation_id: u32;

fn Bucket(key: u32) -> u32 {
    return key & 7u;
}

fn wavec_lanes_below(count: u32) -> vec4<u32> {
    var bits: vec4<u32>;
    {
        var word: u32 = 0u;
        for (; word < 4u; word = word + 1u) {
            var first: u32 = word * 32u;
            bits[word] = select(select((1u << (count - first)) - 1u, 0u, count <= first), ~0u, count >= (first + 32u));
        }
    }
    return bits;
}

fn wavec_cluster_lanes(size: u32) -> vec4<u32> {
    var first: u32 = wavec_subgroup_invocation_id & (~(size - 1u));
    let wavec_t = wavec_lanes_below(first + size);
    let wavec_t_1 = wavec_lanes_below(first);
    return wavec_t & (~wavec_t_1);
}

fn wavec_first_lane(mask: vec4<u32>) -> u32 {
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

fn wavec_virtual_WaveReadLaneFirst_width8(value: u32) -> u32 {
    let wavec_t = subgroupBallot(true);
    let wavec_t_1 = wavec_cluster_lanes(8u);
    let wavec_t_2 = wavec_first_lane(wavec_t & wavec_t_1);
    let wavec_t_3 = subgroupShuffle(value, wavec_t_2);
    return wavec_t_3;
}

fn wavec_has_lane(mask: vec4<u32>, lane: u32) -> bool {
    return ((mask[lane >> 5u] >> (lane & 31u)) & 1u) != 0u;
}

fn wavec_lane_bit(lane: u32) -> vec4<u32> {
    var word: u32 = lane >> 5u;
    var bit: u32 = 1u << (lane & 31u);
    return vec4<u32>(select(0u, bit, word == 0u), select(0u, bit, word == 1u), select(0u, bit, word == 2u), select(0u, bit, word == 3u));
}

fn wavec_wave_fold_op0_scan2(value: u32, identity: u32, mask: vec4<u32>) -> u32 {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: u32 = identity;
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        var source: u32 = wavec_t;
        var x: u32 = subgroupShuffle(value, source);
        var wanted: bool;
        wanted = true;
        var wavec_t_2: bool = wanted;
        if wavec_t_2 {
            let wavec_t_1 = wavec_has_lane(mask, source);
            wavec_t_2 = wavec_t_1;
        }
        if (wavec_t_2) {
            result = result + x;
        }
        let wavec_t_3 = wavec_lane_bit(source);
        remaining = remaining & (~wavec_t_3);
    }
    return result;
}

fn wavec_subgroupClusteredAdd_clusterSize8(value: u32) -> u32 {
    let wavec_t = wavec_cluster_lanes(8u);
    let wavec_t_1 = wavec_wave_fold_op0_scan2(value, 0u, wavec_t);
    return wavec_t_1;
}

fn wavec_virtual_WaveActiveSum_width8(value: u32) -> u32 {
    let wavec_t = wavec_subgroupClusteredAdd_clusterSize8(value);
    return wavec_t;
}

fn wavec_virtual_WaveIsFirstLane_width8() -> bool {
    let wavec_t = wavec_subgroup_invocation_id;
    let wavec_t_1 = subgroupBallot(true);
    let wavec_t_2 = wavec_cluster_lanes(8u);
    let wavec_t_3 = wavec_first_lane(wavec_t_1 & wavec_t_2);
    return wavec_t == wavec_t_3;
}

fn wavec_count_lanes(mask: vec4<u32>) -> u32 {
    return ((u32(countOneBits(mask.x)) + u32(countOneBits(mask.y))) + u32(countOneBits(mask.z))) + u32(countOneBits(mask.w));
}

fn wavec_virtual_WavePrefixCountBits_width8(value: bool) -> u32 {
    let wavec_t = subgroupBallot(value);
    let wavec_t_1 = wavec_cluster_lanes(8u);
    let wavec_t_2 = wavec_lanes_below(wavec_subgroup_invocation_id);
    let wavec_t_3 = wavec_count_lanes((wavec_t & wavec_t_1) & wavec_t_2);
    return wavec_t_3;
}

fn wavec_virtual_WaveGetLaneIndex_width8() -> u32 {
    return wavec_subgroup_invocation_id & 7u;
}

@compute @workgroup_size(128, 1, 1)
fn main(@builtin(local_invocation_index) wavec_local_invocation_index: u32, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var gi: u32 = wavec_local_invocation_index;
    if (gi == 0u) {
        atomicStore(&wavec_waveCounter, 0u);
    }
    workgroupBarrier();
    var wavec_waveSlot: u32 = 0u;
    let wavec_t = wavec_virtual_WaveIsFirstLane_width8();
    if (wavec_t) {
        wavec_waveSlot = atomicAdd(&wavec_waveCounter, 1u);
    }
    let wavec_t_1 = wavec_virtual_WaveReadLaneFirst_width8(wavec_waveSlot);
    wavec_groupWaveIndex = wavec_t_1;
    workgroupBarrier();
    wavec_groupWaveCount = atomicLoad(&wavec_waveCounter);
    var key: u32 = Keys[gi];
    if (key == 0u) {
        return;
    }
    var rounds: u32 = 0u;
    {
        for (; ; ) {
            rounds = rounds + 1u;
            let wavec_t_2 = Bucket(key);
            let wavec_t_3 = wavec_virtual_WaveReadLaneFirst_width8(wavec_t_2);
            var first: u32 = wavec_t_3;
            let wavec_t_4 = Bucket(key);
            if (first == wavec_t_4) {
                break;
            }
        }
    }
    let wavec_t_5 = wavec_virtual_WaveActiveSum_width8(rounds);
    var total: u32 = wavec_t_5;
    var wavec_t_7: bool = (wavec_groupWaveIndex != 1u);
    if wavec_t_7 {
        let wavec_t_6 = wavec_virtual_WaveIsFirstLane_width8();
        wavec_t_7 = wavec_t_6;
    }
    if (wavec_t_7) {
        Out[wavec_groupWaveIndex] = total;
    }
    let wavec_t_8 = wavec_virtual_WavePrefixCountBits_width8(key > 3u);
    let wavec_t_9 = wavec_virtual_WaveGetLaneIndex_width8();
    Out[4u + gi] = wavec_t_8 + (wavec_t_9 * 1000u);
}
