@group(0) @binding(0) var<storage, read_write> Out: array<u32>;
@group(0) @binding(1) var<storage, read> Keys: array<u32>;
var<private> wavec_wideThread: u32;
var<workgroup> wavec_wideSlots0: array<u32, 128>;
var<workgroup> wavec_wideFlags: array<u32, 128>;

fn Bucket(key: u32) -> u32 {
    return key & 7u;
}

fn wavec_virtual_wide_base(width: u32) -> u32 {
    return (wavec_wideThread / width) * width;
}

fn wavec_virtual_wide_end(width: u32) -> u32 {
    let wavec_t = wavec_virtual_wide_base(width);
    let wavec_t_1 = min((wavec_t + width), 128u);
    return wavec_t_1;
}

fn wavec_virtual_wide_first_active(width: u32) -> u32 {
    let wavec_t = wavec_virtual_wide_end(width);
    var end: u32 = wavec_t;
    {
        let wavec_t_1 = wavec_virtual_wide_base(width);
        var t: u32 = wavec_t_1;
        for (; t < end; t = t + 1u) {
            if (wavec_wideFlags[t] != 0u) {
                return t;
            }
        }
    }
    return end;
}

fn wavec_virtual_wide_WaveReadLaneFirst_width64(value: u32, active_1: bool) -> u32 {
    wavec_wideSlots0[wavec_wideThread] = value;
    wavec_wideFlags[wavec_wideThread] = select(0u, 1u, active_1);
    workgroupBarrier();
    let wavec_t = wavec_virtual_wide_first_active(64u);
    let wavec_t_1 = wavec_virtual_wide_end(64u);
    let wavec_t_2 = min(wavec_t, (wavec_t_1 - 1u));
    var x: u32 = wavec_wideSlots0[wavec_t_2];
    workgroupBarrier();
    return x;
}

fn wavec_has_lane(mask: vec4<u32>, lane: u32) -> bool {
    return ((mask[lane >> 5u] >> (lane & 31u)) & 1u) != 0u;
}

fn wavec_virtual_wide_wave_fold_op0_scan2_width64(value: u32, identity: u32, mask: vec4<u32>, active_1: bool) -> u32 {
    wavec_wideSlots0[wavec_wideThread] = value;
    wavec_wideFlags[wavec_wideThread] = select(0u, 1u, active_1);
    workgroupBarrier();
    var self_1: u32 = wavec_wideThread;
    let wavec_t = wavec_virtual_wide_base(64u);
    var base: u32 = wavec_t;
    let wavec_t_1 = wavec_virtual_wide_end(64u);
    var end: u32 = wavec_t_1;
    var result: u32 = identity;
    {
        var t: u32 = base;
        for (; t < end; t = t + 1u) {
            var wavec_t_3: bool = (wavec_wideFlags[t] != 0u);
            if wavec_t_3 {
                let wavec_t_2 = wavec_has_lane(mask, t - base);
                wavec_t_3 = wavec_t_2;
            }
            if (wavec_t_3) {
                var x: u32 = wavec_wideSlots0[t];
                result = result + x;
            }
        }
    }
    workgroupBarrier();
    return result;
}

fn wavec_virtual_wide_WaveActiveSum_width64(value: u32, active_1: bool) -> u32 {
    let wavec_t = wavec_virtual_wide_wave_fold_op0_scan2_width64(value, 0u, vec4<u32>(~0u, ~0u, ~0u, ~0u), active_1);
    return wavec_t;
}

fn wavec_virtual_wide_GetGroupWaveIndex_width64(active_1: bool) -> u32 {
    return wavec_wideThread / 64u;
}

fn wavec_virtual_wide_WaveIsFirstLane_width64(active_1: bool) -> bool {
    wavec_wideFlags[wavec_wideThread] = select(0u, 1u, active_1);
    workgroupBarrier();
    let wavec_t = wavec_virtual_wide_first_active(64u);
    var first: bool = wavec_t == wavec_wideThread;
    workgroupBarrier();
    return first;
}

fn wavec_virtual_wide_WaveActiveBallot_width64(condition: bool, active_1: bool) -> vec4<u32> {
    wavec_wideFlags[wavec_wideThread] = select(0u, 1u, active_1 && (condition));
    workgroupBarrier();
    let wavec_t = wavec_virtual_wide_base(64u);
    var base: u32 = wavec_t;
    let wavec_t_1 = wavec_virtual_wide_end(64u);
    var end: u32 = wavec_t_1;
    var mask: vec4<u32> = vec4<u32>(0u, 0u, 0u, 0u);
    {
        var t: u32 = base;
        for (; t < end; t = t + 1u) {
            if (wavec_wideFlags[t] != 0u) {
                mask[(t - base) >> 5u] = mask[(t - base) >> 5u] | (1u << ((t - base) & 31u));
            }
        }
    }
    workgroupBarrier();
    return mask;
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

fn wavec_count_lanes(mask: vec4<u32>) -> u32 {
    return ((u32(countOneBits(mask.x)) + u32(countOneBits(mask.y))) + u32(countOneBits(mask.z))) + u32(countOneBits(mask.w));
}

fn wavec_virtual_wide_WavePrefixCountBits_width64(value: bool, active_1: bool) -> u32 {
    let wavec_t = wavec_virtual_wide_WaveActiveBallot_width64(value, active_1);
    let wavec_t_1 = wavec_lanes_below(wavec_wideThread % 64u);
    let wavec_t_2 = wavec_count_lanes(wavec_t & wavec_t_1);
    return wavec_t_2;
}

fn wavec_virtual_wide_WaveGetLaneIndex_width64(active_1: bool) -> u32 {
    return wavec_wideThread % 64u;
}

fn wavec_virtual_wide_group_any(active_1: bool) -> bool {
    wavec_wideFlags[wavec_wideThread] = select(0u, 1u, active_1);
    workgroupBarrier();
    var any_1: bool = false;
    var threads: u32 = 128u;
    {
        var t: u32 = 0u;
        for (; t < threads; t = t + 1u) {
            if (wavec_wideFlags[t] != 0u) {
                any_1 = true;
                break;
            }
        }
    }
    workgroupBarrier();
    return any_1;
}

@compute @workgroup_size(128, 1, 1)
fn main(@builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    var gi: u32 = wavec_local_invocation_index;
    var wavec_returned1: bool = false;
    if (!wavec_returned1) {
        wavec_wideThread = gi;
    }
    var key: u32;
    if (!wavec_returned1) {
        key = Keys[gi];
    }
    var wavec_cond2: bool = false;
    if (!wavec_returned1) {
        wavec_cond2 = key == 0u;
    }
    {
        if ((!wavec_returned1) && (wavec_cond2)) {
            wavec_returned1 = true;
        }
    }
    var rounds: u32;
    if (!wavec_returned1) {
        rounds = 0u;
    }
    {
        var wavec_alive3: bool = !wavec_returned1;
        var wavec_continue4: bool = false;
        while (true) {
            wavec_continue4 = false;
            let wavec_t = wavec_virtual_wide_group_any(wavec_alive3);
            if (!wavec_t) {
                break;
            }
            {
                if (((!wavec_returned1) && (wavec_alive3)) && (!wavec_continue4)) {
                    rounds = rounds + 1u;
                }
                var first: u32;
                var wavec_arg5: u32;
                if (((!wavec_returned1) && (wavec_alive3)) && (!wavec_continue4)) {
                    let wavec_t_1 = Bucket(key);
                    wavec_arg5 = wavec_t_1;
                }
                let wavec_t_2 = wavec_virtual_wide_WaveReadLaneFirst_width64(wavec_arg5, ((!wavec_returned1) && (wavec_alive3)) && (!wavec_continue4));
                var wavec_wave6: u32 = wavec_t_2;
                if (((!wavec_returned1) && (wavec_alive3)) && (!wavec_continue4)) {
                    first = wavec_wave6;
                }
                var wavec_cond7: bool = false;
                if (((!wavec_returned1) && (wavec_alive3)) && (!wavec_continue4)) {
                    let wavec_t_3 = Bucket(key);
                    wavec_cond7 = first == wavec_t_3;
                }
                {
                    if ((((!wavec_returned1) && (wavec_alive3)) && (!wavec_continue4)) && (wavec_cond7)) {
                        wavec_alive3 = false;
                    }
                }
            }
            wavec_continue4 = false;
        }
    }
    var total: u32;
    let wavec_t_4 = wavec_virtual_wide_WaveActiveSum_width64(rounds, !wavec_returned1);
    var wavec_wave8: u32 = wavec_t_4;
    if (!wavec_returned1) {
        total = wavec_wave8;
    }
    var wavec_cond9: bool = false;
    if (!wavec_returned1) {
        let wavec_t_5 = wavec_virtual_wide_GetGroupWaveIndex_width64(true);
        wavec_cond9 = wavec_t_5 != 1u;
    }
    let wavec_t_6 = wavec_virtual_wide_WaveIsFirstLane_width64((!wavec_returned1) && (wavec_cond9));
    var wavec_wave10: bool = wavec_t_6;
    var wavec_cond11: bool = false;
    if ((!wavec_returned1) && (wavec_cond9)) {
        wavec_cond11 = wavec_wave10;
    }
    var wavec_cond12: bool = false;
    if (!wavec_returned1) {
        wavec_cond12 = wavec_cond9 && (wavec_cond11);
    }
    {
        if ((!wavec_returned1) && (wavec_cond12)) {
            let wavec_t_7 = wavec_virtual_wide_GetGroupWaveIndex_width64(true);
            Out[wavec_t_7] = total;
        }
    }
    var wavec_arg13: bool;
    if (!wavec_returned1) {
        wavec_arg13 = key > 3u;
    }
    let wavec_t_8 = wavec_virtual_wide_WavePrefixCountBits_width64(wavec_arg13, !wavec_returned1);
    var wavec_wave14: u32 = wavec_t_8;
    if (!wavec_returned1) {
        let wavec_t_9 = wavec_virtual_wide_WaveGetLaneIndex_width64(true);
        Out[4u + gi] = wavec_wave14 + (wavec_t_9 * 1000u);
    }
}
