#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer results_block {
    float results[];
};
const vec3 float3__origin = vec3(0.0, 0.0, 0.0);

float float_halved(float this_1) {
    return this_1 * 0.5;
}

vec3 float3_halved(vec3 this_1) {
    return this_1 / vec3(2.0);
}

vec3 wavec_saturate(vec3 x) {
    return clamp(x, vec3(0), vec3(1));
}

void float3_clampUnit(inout vec3 this_1) {
    this_1 = wavec_saturate(this_1);
}

vec3 midpoint_float3(vec3 a, vec3 b) {
    return float3_halved(a + b);
}

float midpoint_float(float a, float b) {
    return float_halved(a + b);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float x = results[id.x];
    vec3 p = midpoint_float3(vec3(x, 1.0, 2.0), float3__origin);
    float3_clampUnit(p);
    results[id.x] = midpoint_float(x, p.z) + p.x;
}
