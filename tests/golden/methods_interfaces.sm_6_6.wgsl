enable subgroups;

struct SumStat {
    bias: u32,
}

struct MaxStat {
    floor_1: u32,
}

struct Counter {
    count: u32,
    total: u32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<u32>;

fn SumStat_combine(this_1: SumStat, value: u32) -> u32 {
    return subgroupAdd(value) + this_1.bias;
}

fn SumStat_id(this_1: SumStat) -> u32 {
    return 1u;
}

fn MaxStat_combine(this_1: MaxStat, value: u32) -> u32 {
    return max(subgroupMax(value), this_1.floor_1);
}

fn MaxStat_id(this_1: MaxStat) -> u32 {
    return 2u;
}

fn Counter_add(this_1: ptr<function, Counter>, v: u32) {
    (*this_1).count = (*this_1).count + 1u;
    (*this_1).total = (*this_1).total + v;
}

fn Counter_addTwice(this_1: ptr<function, Counter>, v: u32) {
    var wavec_t: Counter = (*this_1);
    Counter_add(&wavec_t, v);
    (*this_1) = wavec_t;
    var wavec_t_1: Counter = (*this_1);
    Counter_add(&wavec_t_1, v);
    (*this_1) = wavec_t_1;
}

fn Counter_mean(this_1: Counter) -> u32 {
    return select(this_1.total / this_1.count, 0u, this_1.count == 0u);
}

fn Counter_make(start: u32) -> Counter {
    var c: Counter;
    c.count = 0u;
    c.total = start;
    return c;
}

fn apply_SumStat(stat: SumStat, value: u32) -> u32 {
    let wavec_t = SumStat_combine(stat, value);
    return wavec_t;
}

fn tagged_SumStat(stat: SumStat, value: u32) -> u32 {
    let wavec_t = SumStat_id(stat);
    let wavec_t_1 = apply_SumStat(stat, value);
    return (wavec_t * 1000u) + wavec_t_1;
}

fn apply_MaxStat(stat: MaxStat, value: u32) -> u32 {
    let wavec_t = MaxStat_combine(stat, value);
    return wavec_t;
}

fn tagged_MaxStat(stat: MaxStat, value: u32) -> u32 {
    let wavec_t = MaxStat_id(stat);
    let wavec_t_1 = apply_MaxStat(stat, value);
    return (wavec_t * 1000u) + wavec_t_1;
}

@compute @workgroup_size(32, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var s: SumStat;
    s.bias = 3u;
    var m: MaxStat;
    m.floor_1 = 7u;
    let wavec_t = Counter_make(10u);
    var c: Counter = wavec_t;
    var wavec_t_1: Counter = c;
    Counter_addTwice(&wavec_t_1, tid.x);
    c = wavec_t_1;
    let wavec_t_2 = tagged_SumStat(s, tid.x);
    let wavec_t_3 = tagged_MaxStat(m, tid.x);
    let wavec_t_4 = Counter_mean(c);
    outputBuffer[tid.x] = (wavec_t_2 + wavec_t_3) + wavec_t_4;
}
