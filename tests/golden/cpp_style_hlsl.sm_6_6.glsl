#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Packed {
    uint bits;
};

struct Counter {
    uint count;
};

struct Sample {
    vec3 value;
    float pdf;
};

struct DirectionalSample {
    vec3 value;
    float pdf;
    vec3 wi;
};

layout(std430, set = 0, binding = 0) buffer results_block {
    int results[];
};
const vec2 SCALE = vec2(0.984375, 0.96875);
const vec2 BIAS = vec2(0.015625, 0.0078125);
float Reach = 10.0;

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
    s.value = vec3(0);
    s.pdf = -1.0;
    return s;
}

float DirectionalSample_weight(DirectionalSample this_1) {
    return this_1.pdf * 2.0;
}

DirectionalSample DirectionalSample_invalid() {
    DirectionalSample s = DirectionalSample(vec3(0.0, 0.0, 0.0), 0.0, vec3(0.0, 0.0, 0.0));
    s.pdf = 0.5;
    s.wi.z = -1.0;
    return s;
}

float halve(float x) {
    return x * 0.5;
}

int pick(ivec2 v) {
    return 1;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    if (id.x != 0u) {
        return;
    }
    Counter c = Counter_make(3u);
    Counter_bump(c, 4u);
    Counter back = Packed_unpack(Counter_pack(c));
    results[0] = int(back.count);
    results[1] = int(Counter_pack(c).bits);
    DirectionalSample d = DirectionalSample_invalid();
    results[2] = int(DirectionalSample_weight(d) * 10.0) + int(d.wi.z);
    results[3] = int(Sample_invalid().pdf);
    const float k = 2.5;
    vec3 var = vec3(k);
    var += 1.0;
    results[4] = int(var.y * 2.0);
    results[5] = 36;
    results[6] = pick(ivec2(id.xy));
    results[7] = int(SCALE.x * 1000.0);
    results[8] = int(SCALE.y * 1000.0);
    results[9] = int(BIAS.x * 1000.0);
    results[10] = int(BIAS.y * 1000.0);
    results[11] = int(d.value.x + d.value.y + d.value.z) + int(Counter_doubled(c));
    results[12] = int(Reach);
    results[13] = int(halve(7.0) * 2.0) + int(halve(4.0));
}
