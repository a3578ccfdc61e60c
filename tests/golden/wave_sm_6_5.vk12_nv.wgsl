enable subgroups;

@group(0) @binding(0) var<storage, read_write> Out: array<vec4<u32>>;

var<private> wavec_subgroup_invocation_id: u32;

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

fn wavec_has_lane(mask: vec4<u32>, lane: u32) -> bool {
    return ((mask[lane >> 5u] >> (lane & 31u)) & 1u) != 0u;
}

fn wavec_same_bits(a: u32, b: u32) -> bool {
    return a == b;
}

fn wavec_WaveMatch(value: u32) -> vec4<u32> {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: vec4<u32> = vec4<u32>(0u, 0u, 0u, 0u);
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        let wavec_t_1 = subgroupShuffle(value, wavec_t);
        var leader: u32 = wavec_t_1;
        let wavec_t_2 = wavec_has_lane(remaining, lane);
        var wavec_t_4: bool = wavec_t_2;
        if wavec_t_4 {
            let wavec_t_3 = wavec_same_bits(leader, value);
            wavec_t_4 = wavec_t_3;
        }
        var same: bool = wavec_t_4;
        var group: vec4<u32> = subgroupBallot(same);
        if (same) {
            result = group;
        }
        remaining = remaining & (~group);
    }
    return result;
}

fn wavec_lane_bit(lane: u32) -> vec4<u32> {
    var word: u32 = lane >> 5u;
    var bit: u32 = 1u << (lane & 31u);
    return vec4<u32>(select(0u, bit, word == 0u), select(0u, bit, word == 1u), select(0u, bit, word == 2u), select(0u, bit, word == 3u));
}

fn wavec_wave_fold_op0_scan0(value: u32, identity: u32, mask: vec4<u32>) -> u32 {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: u32 = identity;
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        var source: u32 = wavec_t;
        var x: u32 = subgroupShuffle(value, source);
        var wanted: bool;
        wanted = source < lane;
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

fn wavec_WaveMultiPrefixSum(value: u32, mask: vec4<u32>) -> u32 {
    let wavec_t = wavec_wave_fold_op0_scan0(value, 0u, mask);
    return wavec_t;
}

fn wavec_wave_fold_op1_scan0(value: u32, identity: u32, mask: vec4<u32>) -> u32 {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: u32 = identity;
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        var source: u32 = wavec_t;
        var x: u32 = subgroupShuffle(value, source);
        var wanted: bool;
        wanted = source < lane;
        var wavec_t_2: bool = wanted;
        if wavec_t_2 {
            let wavec_t_1 = wavec_has_lane(mask, source);
            wavec_t_2 = wavec_t_1;
        }
        if (wavec_t_2) {
            result = result * x;
        }
        let wavec_t_3 = wavec_lane_bit(source);
        remaining = remaining & (~wavec_t_3);
    }
    return result;
}

fn wavec_WaveMultiPrefixProduct(value: u32, mask: vec4<u32>) -> u32 {
    let wavec_t = wavec_wave_fold_op1_scan0(value, 1u, mask);
    return wavec_t;
}

fn wavec_wave_fold_op4_scan0(value: u32, identity: u32, mask: vec4<u32>) -> u32 {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: u32 = identity;
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        var source: u32 = wavec_t;
        var x: u32 = subgroupShuffle(value, source);
        var wanted: bool;
        wanted = source < lane;
        var wavec_t_2: bool = wanted;
        if wavec_t_2 {
            let wavec_t_1 = wavec_has_lane(mask, source);
            wavec_t_2 = wavec_t_1;
        }
        if (wavec_t_2) {
            result = result & x;
        }
        let wavec_t_3 = wavec_lane_bit(source);
        remaining = remaining & (~wavec_t_3);
    }
    return result;
}

fn wavec_WaveMultiPrefixBitAnd(value: u32, mask: vec4<u32>) -> u32 {
    let wavec_t = wavec_wave_fold_op4_scan0(value, ~0u, mask);
    return wavec_t;
}

fn wavec_wave_fold_op5_scan0(value: u32, identity: u32, mask: vec4<u32>) -> u32 {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: u32 = identity;
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        var source: u32 = wavec_t;
        var x: u32 = subgroupShuffle(value, source);
        var wanted: bool;
        wanted = source < lane;
        var wavec_t_2: bool = wanted;
        if wavec_t_2 {
            let wavec_t_1 = wavec_has_lane(mask, source);
            wavec_t_2 = wavec_t_1;
        }
        if (wavec_t_2) {
            result = result | x;
        }
        let wavec_t_3 = wavec_lane_bit(source);
        remaining = remaining & (~wavec_t_3);
    }
    return result;
}

fn wavec_WaveMultiPrefixBitOr(value: u32, mask: vec4<u32>) -> u32 {
    let wavec_t = wavec_wave_fold_op5_scan0(value, 0u, mask);
    return wavec_t;
}

fn wavec_wave_fold_op6_scan0(value: u32, identity: u32, mask: vec4<u32>) -> u32 {
    var lane: u32 = wavec_subgroup_invocation_id;
    var result: u32 = identity;
    var remaining: vec4<u32> = subgroupBallot(true);
    while (any((remaining != vec4<u32>(0u)))) {
        let wavec_t = wavec_first_lane(remaining);
        var source: u32 = wavec_t;
        var x: u32 = subgroupShuffle(value, source);
        var wanted: bool;
        wanted = source < lane;
        var wavec_t_2: bool = wanted;
        if wavec_t_2 {
            let wavec_t_1 = wavec_has_lane(mask, source);
            wavec_t_2 = wavec_t_1;
        }
        if (wavec_t_2) {
            result = result ^ x;
        }
        let wavec_t_3 = wavec_lane_bit(source);
        remaining = remaining & (~wavec_t_3);
    }
    return result;
}

fn wavec_WaveMultiPrefixBitXor(value: u32, mask: vec4<u32>) -> u32 {
    let wavec_t = wavec_wave_fold_op6_scan0(value, 0u, mask);
    return wavec_t;
}

fn wavec_WaveMultiPrefixCountBits(value: bool, mask: vec4<u32>) -> u32 {
    let wavec_t = wavec_wave_fold_op0_scan0(select(0u, 1u, value), 0u, mask);
    return wavec_t;
}

fn wavec_WavePrefixBitAnd(value: u32) -> u32 {
    let wavec_t = wavec_wave_fold_op4_scan0(value, ~0u, vec4<u32>(~0u, ~0u, ~0u, ~0u));
    return wavec_t;
}

fn wavec_WavePrefixBitOr(value: u32) -> u32 {
    let wavec_t = wavec_wave_fold_op5_scan0(value, 0u, vec4<u32>(~0u, ~0u, ~0u, ~0u));
    return wavec_t;
}

fn wavec_WavePrefixBitXor(value: u32) -> u32 {
    let wavec_t = wavec_wave_fold_op6_scan0(value, 0u, vec4<u32>(~0u, ~0u, ~0u, ~0u));
    return wavec_t;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: u32 = id.x;
    let wavec_t = wavec_WaveMatch(x & 3u);
    var match_1: vec4<u32> = wavec_t;
    let wavec_t_1 = wavec_WaveMultiPrefixSum(x, match_1);
    let wavec_t_2 = wavec_WaveMultiPrefixProduct(x | 1u, match_1);
    let wavec_t_3 = wavec_WaveMultiPrefixBitAnd(x, match_1);
    let wavec_t_4 = (wavec_t_1 + wavec_t_2) + wavec_t_3;
    let wavec_t_5 = wavec_WaveMultiPrefixBitOr(x, match_1);
    let wavec_t_6 = wavec_WaveMultiPrefixBitXor(x, match_1);
    let wavec_t_7 = (wavec_t_4 + wavec_t_5) + wavec_t_6;
    let wavec_t_8 = wavec_WaveMultiPrefixCountBits(x > 5u, match_1);
    var multi: u32 = wavec_t_7 + wavec_t_8;
    let wavec_t_9 = wavec_WavePrefixBitAnd(x);
    let wavec_t_10 = wavec_WavePrefixBitOr(x);
    let wavec_t_11 = wavec_WavePrefixBitXor(x);
    var prefix: u32 = (wavec_t_9 + wavec_t_10) + wavec_t_11;
    Out[x] = match_1 + vec4<u32>(multi, prefix, 0u, 0u);
}
