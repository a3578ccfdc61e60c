#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D Depth;
layout(set = 0, binding = 1) uniform samplerShadow Shadow;
layout(set = 0, binding = 2, r32ui) uniform uimage2D Counts;
layout(std430, set = 0, binding = 3) buffer Results_block {
    float Results[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float lit = textureLod(sampler2DShadow(Depth, Shadow), vec3(vec2(vec2(id.xy)) / vec2(8.0), 0.5), 0.0);
    imageStore(Counts, ivec2(id.xy), uvec4(imageLoad(Counts, ivec2(id.xy)).x + uint(lit > 0.5 ? 1 : 0), 0u, 0u, 0u));
    Results[id.x + id.y * 8u] = lit + float(imageLoad(Counts, ivec2(uvec2(0))).x);
}
