RWStructuredBuffer<uint> Out;
RWStructuredBuffer<float> Values;
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

uint wavec_subgroupInclusiveAdd(uint value) {
    return WavePrefixSum(value) + value;
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

bool wavec_has_lane(uint4 mask, uint lane) {
    return (mask[lane >> 5u] >> (lane & 31u) & 1u) != 0u;
}

uint4 wavec_lane_bit(uint lane) {
    uint word = lane >> 5u;
    uint bit = 1u << (lane & 31u);
    return uint4(word == 0u ? bit : 0u, word == 1u ? bit : 0u, word == 2u ? bit : 0u, word == 3u ? bit : 0u);
}

uint wavec_wave_fold_op3_scan0(uint value, uint identity, uint4 mask) {
    uint lane = WaveGetLaneIndex();
    uint result = identity;
    uint4 remaining = WaveActiveBallot(true);
    while (any(remaining != (uint4)0u)) {
        uint source = wavec_first_lane(remaining);
        uint x = WaveReadLaneAt(value, source);
        bool wanted;
        wanted = source < lane;
        if (wanted && wavec_has_lane(mask, source)) {
            result = max(result, x);
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

uint wavec_WavePrefixMax(uint value) {
    return wavec_wave_fold_op3_scan0(value, 0u, uint4(~0u, ~0u, ~0u, ~0u));
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

uint wavec_wave_fold_op5_scan2(uint value, uint identity, uint4 mask) {
    uint lane = WaveGetLaneIndex();
    uint result = identity;
    uint4 remaining = WaveActiveBallot(true);
    while (any(remaining != (uint4)0u)) {
        uint source = wavec_first_lane(remaining);
        uint x = WaveReadLaneAt(value, source);
        bool wanted;
        wanted = true;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result | x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

uint wavec_subgroupClusteredOr_clusterSize4(uint value) {
    return wavec_wave_fold_op5_scan2(value, 0u, wavec_cluster_lanes(4u));
}

uint wavec_subgroupBallotInclusiveBitCount(uint4 value) {
    uint4 bits = value & wavec_lanes_below(WaveGetLaneIndex() + 1u);
    return countbits(bits.x) + countbits(bits.y) + countbits(bits.z) + countbits(bits.w);
}

uint wavec_subgroupShuffleXor(uint value, uint mask) {
    return WaveReadLaneAt(value, WaveGetLaneIndex() ^ mask);
}

uint wavec_subgroupShuffleUp(uint value, uint delta) {
    uint lane = WaveGetLaneIndex();
    return WaveReadLaneAt(value, delta <= lane ? lane - delta : lane);
}

uint wavec_subgroupBallotFindMSB(uint4 value) {
    value &= wavec_lanes_below(WaveGetLaneCount());
    if (value.w != 0u) {
        return 96u + firstbithigh(value.w);
    }
    if (value.z != 0u) {
        return 64u + firstbithigh(value.z);
    }
    if (value.y != 0u) {
        return 32u + firstbithigh(value.y);
    }
    return firstbithigh(value.x);
}

bool wavec_subgroupInverseBallot(uint4 value) {
    return wavec_has_lane(value, WaveGetLaneIndex());
}

bool wavec_subgroupAllEqual(uint2 value) {
    return all(WaveActiveAllEqual(value));
}

uint4 wavec_WaveGetLaneLtMask() {
    return wavec_lanes_below(WaveGetLaneIndex());
}

bool wavec_IsHelperLane() {
    return false;
}

float wavec_wave_fold_op0_scan2(float value, float identity, uint4 mask) {
    uint lane = WaveGetLaneIndex();
    float result = identity;
    uint4 remaining = WaveActiveBallot(true);
    while (any(remaining != (uint4)0u)) {
        uint source = wavec_first_lane(remaining);
        float x = WaveReadLaneAt(value, source);
        bool wanted;
        wanted = true;
        if (wanted && wavec_has_lane(mask, source)) {
            result = result + x;
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

float wavec_subgroupClusteredAdd_clusterSize8(float value) {
    return wavec_wave_fold_op0_scan2(value, 0.0f, wavec_cluster_lanes(8u));
}

float wavec_wave_fold_op2_scan0(float value, float identity, uint4 mask) {
    uint lane = WaveGetLaneIndex();
    float result = identity;
    uint4 remaining = WaveActiveBallot(true);
    while (any(remaining != (uint4)0u)) {
        uint source = wavec_first_lane(remaining);
        float x = WaveReadLaneAt(value, source);
        bool wanted;
        wanted = source < lane;
        if (wanted && wavec_has_lane(mask, source)) {
            result = min(result, x);
        }
        remaining &= ~wavec_lane_bit(source);
    }
    return result;
}

float wavec_WavePrefixMin(float value) {
    return wavec_wave_fold_op2_scan0(value, asfloat(0x7F800000u), uint4(~0u, ~0u, ~0u, ~0u));
}

float wavec_subgroupInclusiveMin(float value) {
    return min(wavec_WavePrefixMin(value), value);
}

[numthreads(32, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID, uint wavec_groupIndex : SV_GroupIndex) {
    if (wavec_groupIndex == 0u) {
        wavec_waveCounter = 0u;
    }
    GroupMemoryBarrierWithGroupSync();
    uint wavec_waveSlot = 0u;
    if (WaveIsFirstLane()) {
        InterlockedAdd(wavec_waveCounter, 1u, wavec_waveSlot);
    }
    wavec_groupWaveIndex = WaveReadLaneFirst(wavec_waveSlot);
    GroupMemoryBarrierWithGroupSync();
    wavec_groupWaveCount = wavec_waveCounter;
    uint x = Out[id.x];
    float f = Values[id.x];
    uint4 votes = WaveActiveBallot(x > 3u);
    uint r = WaveActiveSum(x) + wavec_subgroupInclusiveAdd(x) + wavec_WavePrefixMax(x);
    r += wavec_subgroupClusteredOr_clusterSize4(x) + wavec_subgroupBallotInclusiveBitCount(votes);
    r += wavec_subgroupShuffleXor(x, 1u) + wavec_subgroupShuffleUp(x, 2u) + wavec_subgroupBallotFindMSB(votes);
    r += wavec_subgroupInverseBallot(votes) ? 1u : 0u;
    r += wavec_subgroupAllEqual(uint2(x, 1u)) ? 2u : 0u;
    r += WaveGetLaneCount() + WaveGetLaneIndex() + countbits(wavec_WaveGetLaneLtMask().x) + wavec_groupWaveCount;
    r += wavec_IsHelperLane() ? 0u : 1u;
    Values[id.x] = wavec_subgroupClusteredAdd_clusterSize8(f) + wavec_subgroupInclusiveMin(f);
    GroupMemoryBarrier();
    if (WaveIsFirstLane()) {
        Out[id.x] = r;
    }
}
