#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(std140, set = 0, binding = 0) uniform Uniforms_block {
    uint scale;
    uint offset;
};
layout(std430, set = 0, binding = 1) readonly buffer source_block {
    float source[];
};
layout(set = 0, binding = 2, rgba32f) uniform image2D target;

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    float v = source[tid.y * 8u + tid.x] * float(scale) + float(offset);
    imageStore(target, ivec2(tid.xy), vec4(v, v, v, 1.0));
}
