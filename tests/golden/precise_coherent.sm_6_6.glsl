#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) coherent buffer partials_block {
    float partials[];
};
layout(set = 0, binding = 1, rgba32f) uniform coherent image2D accum;
layout(std430, set = 0, binding = 2) buffer results_block {
    float results[];
};

float scaled(float x, float k) {
    return x * k + 1.0;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float a = partials[id.x];
    float b = partials[id.x + 64u];
    float t = a * b;
    precise float r = t + a * 0.5;
    r += b * b;
    float loose = a * b + 2.0;
    partials[id.x] = r;
    imageStore(accum, ivec2(id.xy), vec4(r, loose, 0.0, 1.0));
    results[id.x] = scaled(loose, 3.0) + subgroupAdd(r);
}
