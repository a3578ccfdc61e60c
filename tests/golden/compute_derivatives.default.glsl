#version 450
#extension GL_NV_compute_shader_derivatives : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(derivative_group_quadsNV) in;

layout(set = 0, binding = 0) uniform texture2D Image;
layout(set = 0, binding = 1) uniform sampler Smooth;
layout(std430, set = 0, binding = 2) buffer Results_block {
    vec4 Results[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = (vec2(vec2(id.xy)) + vec2(0.5)) / vec2(8.0);
    Results[id.x + id.y * 8u] = texture(sampler2D(Image, Smooth), uv) + texture(sampler2D(Image, Smooth), uv * vec2(2.0), 1.0);
}
