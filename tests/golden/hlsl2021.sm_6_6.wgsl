enable subgroups;

struct Post__Accumulator {
    total: f32,
    count: u32,
}

const Post__Weights: array<f32, 4> = array<f32, 4>(0.1f, 0.2f, 0.3f, 0.4f);
@group(0) @binding(0) var<storage, read_write> Output: array<f32>;

fn Post__Accumulator_add(this_1: ptr<function, Post__Accumulator>, v: f32) {
    (*this_1).total = (*this_1).total + v;
    (*this_1).count = (*this_1).count + 1u;
}

fn Post__Accumulator_mean(this_1: Post__Accumulator) -> f32 {
    return select(this_1.total / f32(this_1.count), 0.0f, this_1.count == 0u);
}

fn Post__Curves__reinhard(x: f32) -> f32 {
    return x / (1.0f + x);
}

fn wavec_saturate(x: f32) -> f32 {
    return clamp(x, 0.0f, 1.0f);
}

fn Post__apply(t: u32, x: f32) -> f32 {
    switch (t) {
        case 2: {
            let wavec_t = Post__Curves__reinhard(x);
            return wavec_t;
        }
        case 3: {
            let wavec_t_1 = wavec_saturate(x * 0.6f);
            return wavec_t_1;
        }
        case default: {
            return x;
        }
    }
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var acc: Post__Accumulator;
    acc.total = 0.0f;
    acc.count = 0u;
    {
        var i: u32 = 0u;
        for (; i < 4u; i = i + 1u) {
            var wavec_t: Post__Accumulator = acc;
            Post__Accumulator_add(&wavec_t, Post__Weights[i] * f32(id.x));
            acc = wavec_t;
        }
    }
    let wavec_t_1 = Post__Accumulator_mean(acc);
    var m: f32 = wavec_t_1;
    var half_weight: f32 = 0.5f;
    let wavec_t_2 = Post__apply(2u, m);
    var toned: f32 = wavec_t_2 + (half_weight * 7.0f);
    Output[id.x] = subgroupAdd(toned);
}
