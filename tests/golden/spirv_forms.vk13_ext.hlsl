RWStructuredBuffer<uint4> Out;
groupshared uint Shared[64];

uint wavec_WaveClusteredRotate(uint value, uint delta, uint clusterSize) {
    return WaveReadLaneAt(value, (WaveGetLaneIndex() & ~(clusterSize - 1u)) | ((WaveGetLaneIndex() + delta) & (clusterSize - 1u)));
}

bool wavec_QuadAny(bool condition) {
    return ((QuadReadAcrossX((uint)condition) | QuadReadAcrossY((uint)condition) | QuadReadAcrossDiagonal((uint)condition) | (uint)condition) != 0u);
}

bool wavec_QuadAll(bool condition) {
    return ((QuadReadAcrossX((uint)condition) & QuadReadAcrossY((uint)condition) & QuadReadAcrossDiagonal((uint)condition) & (uint)condition) != 0u);
}

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

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint lane = WaveGetLaneIndex();
    uint r = WaveReadLaneAt(lane, (WaveGetLaneIndex() + 1u) % WaveGetLaneCount());
    uint c = wavec_WaveClusteredRotate(lane, 3u, 4u);
    bool qa = wavec_QuadAny(lane == 2u);
    bool qb = wavec_QuadAll(lane < 100u);
    Shared[gi] = lane;
    GroupMemoryBarrier();
    AllMemoryBarrier();
    uint h = f32tof16(1.5f);
    float f = f16tof32(h);
    int d = dot(int3(1, 2, 3), int3(int(lane), 1, 1));
    uint m = (WaveMatch(lane & 3u).x);
    uint4 nm = WaveMatch(float2(float(lane & 1u), 2.0f));
    int64_t big = int64_t(lane) * 3ll;
    float2x2 mat = float2x2(f, 1.0f, 2.0f, 3.0f);
    float2x2 s = WaveActiveSum(mat) + sqrt(mat);
    if (lane == 63u) {
        return;
    }
    Out[id.x] = uint4(r + c + uint(qa ? 1 : 0) + uint(qb ? 2 : 0), uint(d) + m + nm.x, uint(big) + Pick(lane), uint(s[1][0] + f));
}
