StructuredBuffer<float> Input;
RWStructuredBuffer<float> Output;
cbuffer Params {
    uint Width;
    uint Height;
};
groupshared float tile[324];
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

bool ShouldWaveDoWork(uint groupWaveIndex, uint modulo) {
    return (groupWaveIndex & wavec_groupWaveCount - 1u) == (modulo & wavec_groupWaveCount - 1u);
}

float LoadClamped(int2 p) {
    int2 q = clamp(p, int2(0, 0), int2(int(Width) - 1, int(Height) - 1));
    return Input[uint(q.y) * Width + uint(q.x)];
}

void LoadBorder(uint border, int2 origin) {
    uint count = uint(border < 2u ? 18 : 16);
    for (uint i = WaveGetLaneIndex(); i < count; i += WaveGetLaneCount()) {
        int2 local;
        if (border == 0u) {
            local = int2(int(i) - 1, -1);
        } else if (border == 1u) {
            local = int2(int(i) - 1, 16);
        } else if (border == 2u) {
            local = int2(-1, int(i));
        } else {
            local = int2(16, int(i));
        }
        tile[(local.y + 1) * 18 + (local.x + 1)] = LoadClamped(origin + local);
    }
}

[numthreads(16, 16, 1)]
void main(uint3 groupID : SV_GroupID, uint3 threadInTile : SV_GroupThreadID, uint wavec_groupIndex : SV_GroupIndex) {
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
    int2 origin = int2(int2(groupID.xy)) * (int2)16;
    uint waveIndex = wavec_groupWaveIndex;
    for (uint border = 0u; border < 4u; ++border) {
        if (ShouldWaveDoWork(waveIndex, border)) {
            LoadBorder(border, origin);
        }
    }
    int2 local = int2(int2(threadInTile.xy));
    tile[(local.y + 1) * 18 + (local.x + 1)] = LoadClamped(origin + local);
    GroupMemoryBarrierWithGroupSync();
    float sum = 0.0f;
    [unroll]
    for (int dy = -1; dy <= 1; ++dy) {
        [unroll]
        for (int dx = -1; dx <= 1; ++dx) {
            sum += tile[(local.y + 1 + dy) * 18 + (local.x + 1 + dx)];
        }
    }
    int2 p = origin + local;
    if (p.x < int(Width) && p.y < int(Height)) {
        Output[uint(p.y) * Width + uint(p.x)] = sum / 9.0f;
    }
}
