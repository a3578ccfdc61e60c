struct Particle {
    float3 position;
    float mass;
    uint flags[2];
};

static const uint Count = 4u;
static const float Weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};
cbuffer Params : register(b0) {
    float Scale;
    uint Mode;
};
[[vk::binding(1, 0)]] RWStructuredBuffer<Particle> Particles : register(u1);
RWStructuredBuffer<float4> Colors;

float4 wavec_select(bool4 c, float4 a, float4 b) {
    return float4(c.x ? a.x : b.x, c.y ? a.y : b.y, c.z ? a.z : b.z, c.w ? a.w : b.w);
}

float Weigh(float x) {
    return x * Scale;
}

float Weigh(float2 x) {
    return dot(x, x);
}

void Split(float v, out int whole, inout float rest) {
    whole = int(v);
    rest += v - float(whole);
}

uint Classify(uint v) {
    switch (v & 3u) {
        case 0: {
            return 10u;
        }
        case 1:
        case 2: {
            v += 1u;
            break;
        }
        default: {
            return 0u;
        }
    }
    return v;
}

[numthreads(8, 4, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    Particle p = Particles[id.x];
    float3 v = p.position * (float3)2 + (float3)1.5f;
    v.xz = v.zx;
    v *= Weigh(v.x) + Weigh(v.xy);
    int whole;
    float rest = 0.0f;
    Split(v.y, whole, rest);
    bool4 mask = v.xyzx > (float4)0.5f;
    float4 picked = wavec_select(mask, float4(v, 1.0f), float4(0.0f, 0.0f, 0.0f, 1.0f));
    uint bits = uint(whole) << 3 | (gi & 7u) ^ ~Mode;
    bits >>= 1u;
    uint i = 0u;
    [unroll]
    for (uint k = 0u; k < 4u; ++k) {
        rest += Weights[k] * (rest * rest);
        if (rest > 100.0f) {
            break;
        } else if (rest < -100.0f) {
            continue;
        }
    }
    [loop]
    while (i < 3u && !(bits == 0u)) {
        i++;
    }
    do {
        i--;
    } while (i > 10u);
    p.flags[1] = Classify(bits) + 0u;
    p.mass = -p.mass + float(i) % 3.0f;
    Particles[id.x] = p;
    Colors[id.x] = picked * (float4)rest;
}
