RWStructuredBuffer<uint4> Out;
RWStructuredBuffer<float4> OutF;

uint wavec_WaveGetActiveMask() {
    return WaveActiveBallot(true).x;
}

bool wavec_in_wave_mask(uint mask) {
    uint lane = WaveGetLaneIndex();
    return lane < 32u && (mask >> lane & 1u) != 0u;
}

uint wavec_WaveMaskSum(uint mask, uint value) {
    return WaveActiveSum(wavec_in_wave_mask(mask) ? value : 0u);
}

uint wavec_WaveMaskBallot(uint mask, bool condition) {
    return WaveActiveBallot(wavec_in_wave_mask(mask) && condition).x;
}

uint wavec_WaveMaskMax(uint mask, uint value) {
    return WaveActiveMax(wavec_in_wave_mask(mask) ? value : 0u);
}

uint wavec_WaveMaskMin(uint mask, uint value) {
    return WaveActiveMin(wavec_in_wave_mask(mask) ? value : 4294967295u);
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint x = id.x;
    float f = float(x) * 0.5f;
    uint lane = WaveGetLaneIndex();
    uint4 info = uint4(WaveGetLaneCount(), lane, uint(WaveIsFirstLane()), uint(WaveActiveAnyTrue(x > 3u)));
    info.w += uint(int(WaveActiveAllTrue(x < 1000u)) + int(WaveActiveAllEqual(x / 64u)));
    uint4 ballot = WaveActiveBallot(x % 3u == 0u);
    uint counts = WaveActiveCountBits(bool(x & 1u)) + WavePrefixCountBits(bool(x & 2u));
    uint sum = WaveActiveSum(x) + WaveActiveProduct(x | 1u) + WaveActiveMin(x) + WaveActiveMax(x);
    uint bits = WaveActiveBitAnd(x) ^ WaveActiveBitOr(x) ^ WaveActiveBitXor(x);
    float4 scans = float4(WavePrefixSum(f), WavePrefixProduct(f), WaveActiveSum(f), WaveActiveMin(f));
    uint first = WaveReadLaneFirst(x) + WaveReadLaneAt(x, 1u) + WaveReadLaneAt(x, lane ^ 1u) + WaveReadLaneAt(x, 0u);
    uint masked = wavec_WaveMaskSum(wavec_WaveGetActiveMask(), x) + wavec_WaveMaskMax(wavec_WaveMaskBallot(wavec_WaveGetActiveMask(), x > 2u), x);
    uint calls = 0u;
    masked += wavec_WaveMaskMin(++calls, x);
    uint quad = QuadReadAcrossX(x) + QuadReadAcrossY(x) + QuadReadAcrossDiagonal(x) + QuadReadLaneAt(x, 2u);
    Out[x] = info + ballot + uint4(counts, sum, bits, first) + uint4(calls, masked, quad, 0u);
    OutF[x] = scans;
}
