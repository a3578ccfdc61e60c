RWStructuredBuffer<uint4> Out;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint x = id.x;
    uint4 match = WaveMatch(x & 3u);
    uint multi = WaveMultiPrefixSum(x, match) + WaveMultiPrefixProduct(x | 1u, match) + WaveMultiPrefixBitAnd(x, match) + WaveMultiPrefixBitOr(x, match) + WaveMultiPrefixBitXor(x, match) + WaveMultiPrefixCountBits(x > 5u, match);
    uint prefix = WaveMultiPrefixBitAnd(x, WaveActiveBallot(true)) + WaveMultiPrefixBitOr(x, WaveActiveBallot(true)) + WaveMultiPrefixBitXor(x, WaveActiveBallot(true));
    Out[x] = match + uint4(multi, prefix, 0u, 0u);
}
