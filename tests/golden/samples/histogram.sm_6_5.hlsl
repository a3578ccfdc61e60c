StructuredBuffer<uint> Input;
RWStructuredBuffer<uint> Histogram;

uint Bucket(uint value) {
    return value & 255u;
}

uint4 WaveMatchBits(uint key) {
    uint4 mask = WaveActiveBallot(true);
    for (uint b = 0u; b < 8u; ++b) {
        bool bit = (key >> b & 1u) != 0u;
        uint4 ballot = WaveActiveBallot(bit);
        mask &= bit ? ballot : ~ballot;
    }
    return mask;
}

uint FirstLane(uint4 mask) {
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

void AddMatched(uint bucket, uint4 mask) {
    uint4 bits = countbits(mask);
    uint matchCount = bits.x + bits.y + bits.z + bits.w;
    [branch]
    if (WaveGetLaneIndex() == FirstLane(mask)) {
        InterlockedAdd(Histogram[bucket], matchCount);
    }
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint bucket = Bucket(Input[id.x]);
    AddMatched(bucket, WaveMatchBits(bucket));
}
