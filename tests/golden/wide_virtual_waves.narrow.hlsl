RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> Keys;
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

uint Bucket(uint key) {
    return key & 7u;
}

uint4 wavec_lanes_below(uint count) {
    uint4 bits;
    for (uint word = 0u; word < 4u; ++word) {
        uint first = word * 32u;
        bits[word] = count >= first + 32u ? ~0u : count <= first ? 0u : (1u << (count - first)) - 1u;
    }
    return bits;
}

uint4 wavec_cluster_lanes(uint size) {
    uint first = WaveGetLaneIndex() & ~(size - 1u);
    return wavec_lanes_below(first + size) & ~wavec_lanes_below(first);
}

uint wavec_first_lane(uint4 mask) {
    if (mask.x != 0u) {
        return firstbitlow(mask.x);
    }
    if (mask.y != 0u) {
        return 32u + firstbitlow(mask.y);
    }
    if (mask.z != 0u) {
        return 64u + firstbitlow(mask.z);
    }
    return 96u + firstbitlow(mask.w);
}

uint wavec_virtual_WaveReadLaneFirst_width8(uint value) {
    return WaveReadLaneAt(value, wavec_first_lane(WaveActiveBallot(true) & wavec_cluster_lanes(8u)));
}

bool wavec_has_lane(uint4 mask, uint lane) {
    return (mask[lane >> 5u] >> (lane & 31u) & 1u) != 0u;
}

uint4 wavec_lane_bit(uint lane) {
    uint word = lane >> 5u;
    uint bit = 1u << (lane & 31u);
    return uint4(word == 0u ? bit : 0u, word == 1u ? bit : 0u, word == 2u ? bit : 0u, word == 3u ? bit : 0u);
}

uint wavec_wave_fold_op0_scan2(uint value, uint identity, uint4 mask) {
    uint lane = WaveGetLaneIndex();
    uint result = identity;
    uint4 remaining = WaveActiveBallot(true);
    while (any(remaining != (uint4)0u)) {
        uint source = wavec_first_lane(remaining);
        uint x = WaveReadLaneAt(value, source);
        bool wanted;
        wanted = true;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result + x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

uint wavec_subgroupClusteredAdd_clusterSize8(uint value) {
    return wavec_wave_fold_op0_scan2(value, 0u, wavec_cluster_lanes(8u));
}

uint wavec_virtual_WaveActiveSum_width8(uint value) {
    return wavec_subgroupClusteredAdd_clusterSize8(value);
}

bool wavec_virtual_WaveIsFirstLane_width8() {
    return WaveGetLaneIndex() == wavec_first_lane(WaveActiveBallot(true) & wavec_cluster_lanes(8u));
}

uint wavec_count_lanes(uint4 mask) {
    return countbits(mask.x) + countbits(mask.y) + countbits(mask.z) + countbits(mask.w);
}

uint wavec_virtual_WavePrefixCountBits_width8(bool value) {
    return wavec_count_lanes(WaveActiveBallot(value) & wavec_cluster_lanes(8u) & wavec_lanes_below(WaveGetLaneIndex()));
}

uint wavec_virtual_WaveGetLaneIndex_width8() {
    return WaveGetLaneIndex() & 7u;
}

[numthreads(128, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi == 0u) {
        wavec_waveCounter = 0u;
    }
    GroupMemoryBarrierWithGroupSync();
    uint wavec_waveSlot = 0u;
    if (wavec_virtual_WaveIsFirstLane_width8()) {
        InterlockedAdd(wavec_waveCounter, 1u, wavec_waveSlot);
    }
    wavec_groupWaveIndex = wavec_virtual_WaveReadLaneFirst_width8(wavec_waveSlot);
    GroupMemoryBarrierWithGroupSync();
    wavec_groupWaveCount = wavec_waveCounter;
    uint key = Keys[gi];
    if (key == 0u) {
        return;
    }
    uint rounds = 0u;
    for (;;) {
        rounds++;
        uint first = wavec_virtual_WaveReadLaneFirst_width8(Bucket(key));
        if (first == Bucket(key)) {
            break;
        }
    }
    uint total = wavec_virtual_WaveActiveSum_width8(rounds);
    if (wavec_groupWaveIndex != 1u && wavec_virtual_WaveIsFirstLane_width8()) {
        Out[wavec_groupWaveIndex] = total;
    }
    Out[4u + gi] = wavec_virtual_WavePrefixCountBits_width8(key > 3u) + wavec_virtual_WaveGetLaneIndex_width8() * 1000u;
}
