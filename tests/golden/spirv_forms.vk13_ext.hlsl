RWStructuredBuffer<uint4> Out;
groupshared uint Shared[64];

uint Pick(uint v) {
    switch (v) {
        case 0:
        case 1: {
            return 7u;
        }
        case 2: {
            v += 3u;
            break;
        }
        default: {
            break;
        }
    }
    return v;
}

uint wavec_WaveRotate(uint value, uint delta) {
    return WaveReadLaneAt(value, (WaveGetLaneIndex() + delta) % WaveGetLaneCount());
}

uint wavec_WaveClusteredRotate_clusterSize4(uint value, uint delta) {
    uint lane = WaveGetLaneIndex();
    return WaveReadLaneAt(value, (lane & ~3u) | (lane + delta & 3u));
}

bool wavec_QuadAny(bool condition) {
    uint c = condition ? 1u : 0u;
    return (QuadReadAcrossX(c) | QuadReadAcrossY(c) | QuadReadAcrossDiagonal(c) | c) != 0u;
}

bool wavec_QuadAll(bool condition) {
    uint c = condition ? 1u : 0u;
    return (QuadReadAcrossX(c) & QuadReadAcrossY(c) & QuadReadAcrossDiagonal(c) & c) != 0u;
}

uint wavec_WaveGetActiveMask() {
    return WaveActiveBallot(true).x;
}

uint wavec_WaveMaskMatch(uint mask, uint value) {
    return WaveMatch(value).x & mask;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint lane = WaveGetLaneIndex();
    uint r = wavec_WaveRotate(lane, 1u);
    uint c = wavec_WaveClusteredRotate_clusterSize4(lane, 3u);
    bool qa = wavec_QuadAny(lane == 2u);
    bool qb = wavec_QuadAll(lane < 100u);
    Shared[gi] = lane;
    GroupMemoryBarrier();
    AllMemoryBarrier();
    uint h = f32tof16(1.5f);
    float f = f16tof32(h);
    int d = dot(int3(1, 2, 3), int3(int(lane), 1, 1));
    uint m = wavec_WaveMaskMatch(wavec_WaveGetActiveMask(), lane & 3u);
    uint4 nm = WaveMatch(float2(float(lane & 1u), 2.0f));
    int64_t big = int64_t(lane) * 3ll;
    float2x2 mat = float2x2(f, 1.0f, 2.0f, 3.0f);
    float2x2 s = WaveActiveSum(mat) + sqrt(mat);
    if (lane == 63u) {
        return;
    }
    Out[id.x] = uint4(r + c + uint(qa ? 1 : 0) + uint(qb ? 2 : 0), uint(d) + m + nm.x, uint(big) + Pick(lane), uint(s[1][0] + f));
}
