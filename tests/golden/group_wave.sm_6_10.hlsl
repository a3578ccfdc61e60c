RWStructuredBuffer<uint2> Out;

uint WavesBefore() {
    return GetGroupWaveIndex();
}

[numthreads(16, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint waveIndex = GetGroupWaveIndex();
    uint count = GetGroupWaveCount();
    if (WaveIsFirstLane()) {
        Out[id.y * 16u + id.x] = uint2(waveIndex + WavesBefore(), count);
    }
}
