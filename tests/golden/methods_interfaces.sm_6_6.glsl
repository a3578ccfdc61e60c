#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

struct SumStat {
    uint bias;
};

struct MaxStat {
    uint floor_1;
};

struct Counter {
    uint count;
    uint total;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    uint outputBuffer[];
};

uint SumStat_combine(SumStat this_1, uint value) {
    return subgroupAdd(value) + this_1.bias;
}

uint SumStat_id(SumStat this_1) {
    return 1u;
}

uint MaxStat_combine(MaxStat this_1, uint value) {
    return max(subgroupMax(value), this_1.floor_1);
}

uint MaxStat_id(MaxStat this_1) {
    return 2u;
}

void Counter_add(inout Counter this_1, uint v) {
    this_1.count++;
    this_1.total += v;
}

void Counter_addTwice(inout Counter this_1, uint v) {
    Counter_add(this_1, v);
    Counter_add(this_1, v);
}

uint Counter_mean(Counter this_1) {
    return this_1.count == 0u ? 0u : this_1.total / this_1.count;
}

Counter Counter_make(uint start) {
    Counter c;
    c.count = 0u;
    c.total = start;
    return c;
}

uint apply_SumStat(SumStat stat, uint value) {
    return SumStat_combine(stat, value);
}

uint tagged_SumStat(SumStat stat, uint value) {
    return SumStat_id(stat) * 1000u + apply_SumStat(stat, value);
}

uint apply_MaxStat(MaxStat stat, uint value) {
    return MaxStat_combine(stat, value);
}

uint tagged_MaxStat(MaxStat stat, uint value) {
    return MaxStat_id(stat) * 1000u + apply_MaxStat(stat, value);
}

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    SumStat s;
    s.bias = 3u;
    MaxStat m;
    m.floor_1 = 7u;
    Counter c = Counter_make(10u);
    Counter_addTwice(c, tid.x);
    outputBuffer[tid.x] = tagged_SumStat(s, tid.x) + tagged_MaxStat(m, tid.x) + Counter_mean(c);
}
