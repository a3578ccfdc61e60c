#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Light {
    vec3 color;
    uint count;
};

layout(std140, set = 0, binding = 0) uniform Lights_block {
    Light value;
} Lights[3];
layout(std430, set = 0, binding = 1) buffer Bins_block {
    uint elements[];
} Bins[2];
layout(std430, set = 0, binding = 2) buffer Bins_counter_block {
    int count;
} Bins_counter[2];
layout(std430, set = 0, binding = 3) buffer Work_block {
    uint elements[];
} Work[2];
layout(std430, set = 0, binding = 4) buffer Work_counter_block {
    int count;
} Work_counter[2];
layout(std430, set = 1, binding = 0) buffer Accum_block {
    uint words[];
} Accum[];
layout(std430, set = 1, binding = 0) buffer Accum_uint64_t_block {
    uint64_t values[];
} Accum_uint64_t[];
layout(std430, set = 0, binding = 5) readonly buffer Weights_block {
    float elements[];
} Weights[4];
layout(std430, set = 0, binding = 6) buffer Output_block {
    float Output[];
};
layout(std430, set = 2, binding = 2) readonly buffer wavec_heap0_block {
    float elements[];
} wavec_heap0[];

float weigh_Weights(uint w_index0, uint i) {
    return Weights[w_index0].elements[i] * 2.0;
}

float weigh_Weights_1(int w_index0, uint i) {
    return Weights[w_index0].elements[i] * 2.0;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Light light = Light(Lights[id.x % 3u].value.color, Lights[id.x % 3u].value.count);
    Bins[id.x & 1u].elements[atomicAdd(Bins_counter[id.x & 1u].count, 1)] = light.count;
    uint job = Work[nonuniformEXT(id.x)].elements[atomicAdd(Work_counter[nonuniformEXT(id.x)].count, -1) - 1];
    atomicAdd(Accum_uint64_t[nonuniformEXT(id.x)].values[8u >> 3], uint64_t(job));
    uint64_t before;
    before = atomicMax(Accum_uint64_t[0].values[0u >> 3], uint64_t(id.x));
    uint bytes;
    bytes = uint(Accum[1].words.length()) * 4u;
    uint heap_index0 = nonuniformEXT(job);
    Output[id.x] = light.color.x + float(Lights[2].value.count) + weigh_Weights(id.x % 4u, 1u) + weigh_Weights_1(0, 0u) + float(before) + float(bytes) + wavec_heap0[nonuniformEXT(heap_index0)].elements[0];
}
