#version 450
#extension GL_ARB_sparse_texture_clamp : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D Depth;
layout(set = 0, binding = 1) uniform texture2DArray Layers;
layout(set = 0, binding = 2) uniform sampler Linear;
layout(set = 0, binding = 3) uniform samplerShadow Shadow;
layout(std430, set = 0, binding = 4) buffer Out_block {
    vec4 Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x) / 64.0, 0.5);
    float lit = textureLod(sampler2DShadow(Depth, Shadow), vec3(uv, 0.5), 1.0) + textureLodOffset(sampler2DShadow(Depth, Shadow), vec3(uv, 0.5), 2.0, ivec2(1, 0));
    vec4 c = textureGradOffsetClampARB(sampler2DArray(Layers, Linear), vec3(uv, 1.0), vec2(0.1, 0.0), vec2(0.0, 0.1), ivec2(0, 0), 1.5);
    Out[id.x] = c * vec4(lit);
}
