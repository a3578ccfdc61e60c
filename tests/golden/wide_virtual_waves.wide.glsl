#version 450

layout(local_size_x = 128, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uint Out[];
};
layout(std430, set = 0, binding = 1) readonly buffer Keys_block {
    uint Keys[];
};
uint wavec_wideThread;
shared uint wavec_wideSlots0[128];
shared uint wavec_wideFlags[128];

uint Bucket(uint key) {
    return key & 7u;
}

uint wavec_virtual_wide_base(uint width) {
    return wavec_wideThread / width * width;
}

uint wavec_virtual_wide_end(uint width) {
    return min(wavec_virtual_wide_base(width) + width, 128u);
}

uint wavec_virtual_wide_first_active(uint width) {
    uint end = wavec_virtual_wide_end(width);
    for (uint t = wavec_virtual_wide_base(width); t < end; ++t) {
        if (wavec_wideFlags[t] != 0u) {
            return t;
        }
    }
    return end;
}

uint wavec_virtual_wide_WaveReadLaneFirst_width64(uint value, bool active_1) {
    wavec_wideSlots0[wavec_wideThread] = value;
    wavec_wideFlags[wavec_wideThread] = active_1 ? 1u : 0u;
    memoryBarrierShared(), barrier();
    uint x = wavec_wideSlots0[min(wavec_virtual_wide_first_active(64u), wavec_virtual_wide_end(64u) - 1u)];
    memoryBarrierShared(), barrier();
    return x;
}

bool wavec_has_lane(uvec4 mask, uint lane) {
    return (mask[lane >> 5u] >> (lane & 31u) & 1u) != 0u;
}

uint wavec_virtual_wide_wave_fold_op0_scan2_width64(uint value, uint identity, uvec4 mask, bool active_1) {
    wavec_wideSlots0[wavec_wideThread] = value;
    wavec_wideFlags[wavec_wideThread] = active_1 ? 1u : 0u;
    memoryBarrierShared(), barrier();
    uint self = wavec_wideThread;
    uint base = wavec_virtual_wide_base(64u);
    uint end = wavec_virtual_wide_end(64u);
    uint result = identity;
    for (uint t = base; t < end; ++t) {
        if (wavec_wideFlags[t] != 0u && wavec_has_lane(mask, t - base)) {
            uint x = wavec_wideSlots0[t];
            result = result + x;
        }
    }
    memoryBarrierShared(), barrier();
    return result;
}

uint wavec_virtual_wide_WaveActiveSum_width64(uint value, bool active_1) {
    return wavec_virtual_wide_wave_fold_op0_scan2_width64(value, 0u, uvec4(~0u, ~0u, ~0u, ~0u), active_1);
}

uint wavec_virtual_wide_GetGroupWaveIndex_width64(bool active_1) {
    return wavec_wideThread / 64u;
}

bool wavec_virtual_wide_WaveIsFirstLane_width64(bool active_1) {
    wavec_wideFlags[wavec_wideThread] = active_1 ? 1u : 0u;
    memoryBarrierShared(), barrier();
    bool first = wavec_virtual_wide_first_active(64u) == wavec_wideThread;
    memoryBarrierShared(), barrier();
    return first;
}

uvec4 wavec_virtual_wide_WaveActiveBallot_width64(bool condition, bool active_1) {
    wavec_wideFlags[wavec_wideThread] = active_1 && condition ? 1u : 0u;
    memoryBarrierShared(), barrier();
    uint base = wavec_virtual_wide_base(64u);
    uint end = wavec_virtual_wide_end(64u);
    uvec4 mask = uvec4(0u, 0u, 0u, 0u);
    for (uint t = base; t < end; ++t) {
        if (wavec_wideFlags[t] != 0u) {
            mask[(t - base) >> 5u] |= 1u << (t - base & 31u);
        }
    }
    memoryBarrierShared(), barrier();
    return mask;
}

uvec4 wavec_lanes_below(uint count) {
    uvec4 bits;
    for (uint word = 0u; word < 4u; ++word) {
        uint first = word * 32u;
        bits[word] = count >= first + 32u ? ~0u : count <= first ? 0u : (1u << (count - first)) - 1u;
    }
    return bits;
}

uint wavec_count_lanes(uvec4 mask) {
    return uint(bitCount(mask.x)) + uint(bitCount(mask.y)) + uint(bitCount(mask.z)) + uint(bitCount(mask.w));
}

uint wavec_virtual_wide_WavePrefixCountBits_width64(bool value, bool active_1) {
    return wavec_count_lanes(wavec_virtual_wide_WaveActiveBallot_width64(value, active_1) & wavec_lanes_below(wavec_wideThread % 64u));
}

uint wavec_virtual_wide_WaveGetLaneIndex_width64(bool active_1) {
    return wavec_wideThread % 64u;
}

bool wavec_virtual_wide_group_any(bool active_1) {
    wavec_wideFlags[wavec_wideThread] = active_1 ? 1u : 0u;
    memoryBarrierShared(), barrier();
    bool any_1 = false;
    uint threads = 128u;
    for (uint t = 0u; t < threads; ++t) {
        if (wavec_wideFlags[t] != 0u) {
            any_1 = true;
            break;
        }
    }
    memoryBarrierShared(), barrier();
    return any_1;
}

void main() {
    uint gi = gl_LocalInvocationIndex;
    bool wavec_returned1 = false;
    if (!wavec_returned1) {
        wavec_wideThread = gi;
    }
    uint key;
    if (!wavec_returned1) {
        key = Keys[gi];
    }
    bool wavec_cond2 = false;
    if (!wavec_returned1) {
        wavec_cond2 = key == 0u;
    }
    {
        if (!wavec_returned1 && wavec_cond2) {
            wavec_returned1 = true;
        }
    }
    uint rounds;
    if (!wavec_returned1) {
        rounds = 0u;
    }
    {
        bool wavec_alive3 = !wavec_returned1;
        bool wavec_continue4 = false;
        while (true) {
            wavec_continue4 = false;
            if (!wavec_virtual_wide_group_any(wavec_alive3)) {
                break;
            }
            {
                if (!wavec_returned1 && wavec_alive3 && !wavec_continue4) {
                    rounds++;
                }
                uint first;
                uint wavec_arg5;
                if (!wavec_returned1 && wavec_alive3 && !wavec_continue4) {
                    wavec_arg5 = Bucket(key);
                }
                uint wavec_wave6 = wavec_virtual_wide_WaveReadLaneFirst_width64(wavec_arg5, !wavec_returned1 && wavec_alive3 && !wavec_continue4);
                if (!wavec_returned1 && wavec_alive3 && !wavec_continue4) {
                    first = wavec_wave6;
                }
                bool wavec_cond7 = false;
                if (!wavec_returned1 && wavec_alive3 && !wavec_continue4) {
                    wavec_cond7 = first == Bucket(key);
                }
                {
                    if (!wavec_returned1 && wavec_alive3 && !wavec_continue4 && wavec_cond7) {
                        wavec_alive3 = false;
                    }
                }
            }
            wavec_continue4 = false;
        }
    }
    uint total;
    uint wavec_wave8 = wavec_virtual_wide_WaveActiveSum_width64(rounds, !wavec_returned1);
    if (!wavec_returned1) {
        total = wavec_wave8;
    }
    bool wavec_cond9 = false;
    if (!wavec_returned1) {
        wavec_cond9 = wavec_virtual_wide_GetGroupWaveIndex_width64(true) != 1u;
    }
    bool wavec_wave10 = wavec_virtual_wide_WaveIsFirstLane_width64(!wavec_returned1 && wavec_cond9);
    bool wavec_cond11 = false;
    if (!wavec_returned1 && wavec_cond9) {
        wavec_cond11 = wavec_wave10;
    }
    bool wavec_cond12 = false;
    if (!wavec_returned1) {
        wavec_cond12 = wavec_cond9 && wavec_cond11;
    }
    {
        if (!wavec_returned1 && wavec_cond12) {
            Out[wavec_virtual_wide_GetGroupWaveIndex_width64(true)] = total;
        }
    }
    bool wavec_arg13;
    if (!wavec_returned1) {
        wavec_arg13 = key > 3u;
    }
    uint wavec_wave14 = wavec_virtual_wide_WavePrefixCountBits_width64(wavec_arg13, !wavec_returned1);
    if (!wavec_returned1) {
        Out[4u + gi] = wavec_wave14 + wavec_virtual_wide_WaveGetLaneIndex_width64(true) * 1000u;
    }
}
