#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Norm_float3 {
    uint wavec_empty;
};

struct Norm_float2x2 {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 0) buffer result_block {
    float result[];
};

float Norm_float3_of(vec3 v) {
    return sqrt(dot(v, v));
}

float Norm_float2x2_of(mat2x2 m) {
    float sum = 0.0;
    for (int r = 0; r < 2; r++) {
        sum += dot(m[r], m[r]);
    }
    return sqrt(sum);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float x = float(id.x);
    vec3 v = vec3(x, 2.0, 2.0);
    mat2x2 m = mat2x2(x, 0.0, 0.0, 1.0);
    result[id.x] = Norm_float3_of(v) * 3.0 + Norm_float2x2_of(m) * 4.0;
}
