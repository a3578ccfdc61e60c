StructuredBuffer<int> Input;
RWStructuredBuffer<int> Output;
RWStructuredBuffer<uint> Counter;

bool Select(int value) {
    return (value & 1) == 0;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int value = Input[id.x];
    bool keep = Select(value);
    uint localIndex = WavePrefixCountBits(keep);
    uint waveKept = WaveActiveCountBits(keep);
    uint base = 0u;
    if (WaveIsFirstLane()) {
        InterlockedAdd(Counter[0], waveKept, base);
    }
    base = WaveReadLaneFirst(base);
    if (keep) {
        Output[base + localIndex] = value;
    }
}
