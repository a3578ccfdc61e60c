#version 450
#extension GL_NV_compute_shader_derivatives : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;
layout(derivative_group_linearNV) in;

layout(set = 0, binding = 0) uniform texture2D Albedo;
layout(set = 0, binding = 1) uniform sampler Bilinear;
layout(std430, set = 0, binding = 2) buffer Out_block {
    vec4 Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x), float(id.x * 2u)) / vec2(8.0);
    vec2 slope = vec2(dFdxFine(uv.x), dFdyCoarse(uv.y));
    float lod = textureQueryLod(sampler2D(Albedo, Bilinear), uv).x - textureQueryLod(sampler2D(Albedo, Bilinear), uv).y;
    Out[id.x] = texture(sampler2D(Albedo, Bilinear), uv) * vec4(fwidth(uv.x)) + vec4(slope, dFdx(uv.y), dFdyFine(uv.x)) * vec4(lod);
}
