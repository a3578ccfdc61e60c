struct Post__Accumulator {
    float total;
    uint count;
};

static const float Post__Weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};
static const int Low = 0;
static const int Medium = 1;
static const int High = 8;
RWStructuredBuffer<float> Output;

void Post__Accumulator_add(inout Post__Accumulator this_1, float v) {
    this_1.total += v;
    this_1.count++;
}

float Post__Accumulator_mean(Post__Accumulator this_1) {
    return this_1.count == 0u ? 0.0f : this_1.total / float(this_1.count);
}

float Post__Curves__reinhard(float x) {
    return x / (1.0f + x);
}

float Post__apply(uint t, float x) {
    switch (t) {
        case 2: {
            return Post__Curves__reinhard(x);
        }
        case 3: {
            return saturate(x * 0.6f);
        }
        default: {
            return x;
        }
    }
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Post__Accumulator acc;
    acc.total = 0.0f;
    acc.count = 0u;
    [unroll(4)]
    for (uint i = 0u; i < 4u; i++) {
        Post__Accumulator_add(acc, Post__Weights[i] * float(id.x));
    }
    precise float m = Post__Accumulator_mean(acc);
    float half_weight = 0.5f;
    float toned = Post__apply(2u, m) + half_weight * 7.0f;
    Output[id.x] = WaveActiveSum(toned);
}
