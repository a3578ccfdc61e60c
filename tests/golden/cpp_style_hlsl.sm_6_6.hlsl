struct Packed {
    uint bits;
};

struct Counter {
    uint count;
};

struct Sample {
    float3 value;
    float pdf;
};

struct DirectionalSample {
    float3 value;
    float pdf;
    float3 wi;
};

RWStructuredBuffer<int> results;
static const uint2 DIMS = uint2(64u, 32u);
static const float2 SCALE = float2(0.984375f, 0.96875f);
static const float2 BIAS = float2(0.015625f, 0.0078125f);
static float Spread = 2.5f;
static float Reach = 10.0f;

Packed Counter_pack(Counter this_1) {
    Packed p;
    p.bits = this_1.count << 4;
    return p;
}

void Counter_bump(inout Counter this_1, uint by) {
    this_1.count += by;
}

Counter Counter_make(uint start) {
    Counter c;
    c.count = start;
    return c;
}

uint Counter_value(Counter this_1) {
    return this_1.count;
}

uint Counter_doubled(Counter this_1) {
    return Counter_value(this_1) * 2u;
}

Counter Packed_unpack(Packed this_1) {
    return Counter_make(this_1.bits >> 4);
}

Sample Sample_invalid() {
    Sample s;
    s.value = (float3)0;
    s.pdf = -1.0f;
    return s;
}

float DirectionalSample_weight(DirectionalSample this_1) {
    return this_1.pdf * 2.0f;
}

DirectionalSample DirectionalSample_invalid() {
    DirectionalSample s = {float3(0.0f, 0.0f, 0.0f), 0.0f, float3(0.0f, 0.0f, 0.0f)};
    s.pdf = 0.5f;
    s.wi.z = -1.0f;
    return s;
}

float halve(float x) {
    return x * 0.5f;
}

int pick(int2 v) {
    return 1;
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    if (id.x != 0u) {
        return;
    }
    Counter c = Counter_make(3u);
    Counter_bump(c, 4u);
    Counter back = Packed_unpack(Counter_pack(c));
    results[0] = int(back.count);
    results[1] = int(Counter_pack(c).bits);
    DirectionalSample d = DirectionalSample_invalid();
    results[2] = int(DirectionalSample_weight(d) * 10.0f) + int(d.wi.z);
    results[3] = int(Sample_invalid().pdf);
    const float k = 2.5f;
    float3 var = (float3)k;
    var += 1.0f;
    results[4] = int(var.y * 2.0f);
    results[5] = 36;
    results[6] = pick(int2(id.xy));
    results[7] = int(SCALE.x * 1000.0f);
    results[8] = int(SCALE.y * 1000.0f);
    results[9] = int(BIAS.x * 1000.0f);
    results[10] = int(BIAS.y * 1000.0f);
    results[11] = int(d.value.x + d.value.y + d.value.z) + int(Counter_doubled(c));
    results[12] = int(Reach);
    results[13] = int(halve(7.0f) * 2.0f) + int(halve(4.0f));
}
