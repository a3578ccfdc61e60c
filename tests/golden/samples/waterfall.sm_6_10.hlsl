StructuredBuffer<uint> MaterialOf;
StructuredBuffer<float4> MaterialColor;
RWStructuredBuffer<float4> Shaded;
RWStructuredBuffer<uint> Usage;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint material = MaterialOf[id.x] % 16u;
    for (;;) {
        uint current = WaveReadLaneFirst(material);
        [branch]
        if (current == material) {
            Shaded[id.x] = MaterialColor[current] * (float4)0.5f;
            uint lanes = WaveActiveCountBits(true);
            if (WaveIsFirstLane()) {
                InterlockedAdd(Usage[current], lanes);
            }
            break;
        }
    }
}
