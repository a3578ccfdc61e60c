#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Params {
    uint scale;
    uint bias;
};

struct Weights {
    vec4 w;
};

struct ConstantBuffer_row_major_float3x2 {
    mat3x2 value;
};

struct Params_data {
    uint scale;
    uint bias;
};

layout(std140, set = 1, binding = 0) uniform params_block {
    Params_data params;
};
layout(std140, set = 0, binding = 0) uniform weights_block {
    Weights weights;
};
layout(std140, column_major, set = 0, binding = 1) uniform matrixBuffer_block {
    ConstantBuffer_row_major_float3x2 matrixBuffer;
};
layout(std430, set = 0, binding = 2) buffer appended_block {
    uint appended[];
};
layout(std430, set = 0, binding = 3) buffer appended_counter_block {
    int appended_counter;
};
layout(std430, set = 0, binding = 4) buffer consumed_block {
    uint consumed[];
};
layout(std430, set = 0, binding = 5) buffer consumed_counter_block {
    int consumed_counter;
};
layout(std430, set = 1, binding = 1) readonly buffer params_source_block {
    uint params_source[];
};
layout(std430, set = 1, binding = 2) buffer params_results_block {
    uint params_results[];
};

float Weights_dot4(Weights this_1, vec4 v) {
    return dot(this_1.w, v);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint i = id.x;
    uint this_scale = params.scale;
    uint this_bias = params.bias;
    uint i_1 = i;
    uint Params_apply_result;
    {
        params_results[i_1] = params_source[i_1] * this_scale + this_bias;
        Params_apply_result = params_results[i_1];
    }
    mat3x2 m = matrixBuffer.value;
    params_results[4u + i] = uint(Weights_dot4(Weights(weights.w), vec4(1.0, 1.0, 1.0, 1.0))) + uint(m[i % 3u][i % 2u]);
    appended[atomicAdd(appended_counter, 1)] = consumed[atomicAdd(consumed_counter, -1) - 1];
}
