#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Post__Accumulator {
    float total;
    uint count;
};

const float Post__Weights[4] = float[4](0.1, 0.2, 0.3, 0.4);
layout(std430, set = 0, binding = 0) buffer Output_block {
    float Output[];
};

void Post__Accumulator_add(inout Post__Accumulator this_1, float v) {
    this_1.total += v;
    this_1.count++;
}

float Post__Accumulator_mean(Post__Accumulator this_1) {
    return this_1.count == 0u ? 0.0 : this_1.total / float(this_1.count);
}

float Post__Curves__reinhard(float x) {
    return x / (1.0 + x);
}

float wavec_saturate(float x) {
    return clamp(x, 0.0, 1.0);
}

float Post__apply(uint t, float x) {
    switch (t) {
        case 2: {
            return Post__Curves__reinhard(x);
        }
        case 3: {
            return wavec_saturate(x * 0.6);
        }
        default: {
            return x;
        }
    }
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Post__Accumulator acc;
    acc.total = 0.0;
    acc.count = 0u;
    for (uint i = 0u; i < 4u; i++) {
        Post__Accumulator_add(acc, Post__Weights[i] * float(id.x));
    }
    precise float m = Post__Accumulator_mean(acc);
    float half_weight = 0.5;
    float toned = Post__apply(2u, m) + half_weight * 7.0;
    Output[id.x] = subgroupAdd(toned);
}
