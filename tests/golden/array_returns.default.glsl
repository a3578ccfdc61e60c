#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer results_block {
    float results[];
};
vec3 kTaps[3];

vec3[3] kTaps_init() {
    vec3 result[3] = vec3[3](vec3(sqrt(2.0), 0.0, 1.0), vec3(-1.0, 1.0, 0.5), vec3(0.0, -1.0, 0.25));
    return result;
}

float[4] weights(float x) {
    float w[4] = float[4](x, x * x, x * x * x, 1.0);
    return w;
}

float sum4(float v[4]) {
    return v[0] + v[1] + v[2] + v[3];
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    kTaps = kTaps_init();
    float x = results[id.x];
    float w[4] = weights(x);
    float t = kTaps[id.x % 3u].x * w[1] + weights(2.0)[3];
    results[id.x] = t + sum4(float[4](x, t, w[2], kTaps[0].z));
}
