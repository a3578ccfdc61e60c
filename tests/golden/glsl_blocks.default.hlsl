struct Particle {
    float mass;
    float3 velocity;
    row_major float2x2 spin;
};

cbuffer Params {
    float4x4 transform;
    float dt;
    uint count;
};
RWStructuredBuffer<Particle> Particles;
RWStructuredBuffer<uint> Kept;
RWByteAddressBuffer Words;
groupshared uint Hits;
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

[numthreads(8, 2, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uniform float scale) {
    if (gi == 0u) {
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
    if (gi == 0u) {
        Hits = 0u;
    }
    GroupMemoryBarrierWithGroupSync();
    Particle p = Particles[id.x];
    float3 moved = mul(float4(p.velocity * (float3)dt, 1.0f), transform).xyz;
    float2x2 sq = p.spin * p.spin;
    bool2 big = abs(moved.xy) > float2(1.0f, 2.0f);
    bool any2 = big.x & big.y;
    p.mass = fmod(p.mass, 3.0f) + p.mass % 2.0f * scale + sq[0].y;
    p.velocity = big.x ? moved : -moved;
    Particles[id.x] = p;
    uint was;
    InterlockedAdd(Hits, 1u, was);
    uint group = WaveMatch(id.x & 3u).x + wavec_groupWaveIndex * 100u + wavec_groupWaveCount;
    if (any2 || id.x < count) {
        Kept[Kept.IncrementCounter()] = group + was;
    }
    Words.Store2(id.x * 8u, uint2(Words.Load(0u), asuint(p.mass)));
}
