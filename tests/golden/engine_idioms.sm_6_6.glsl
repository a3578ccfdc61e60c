#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D Albedo;
layout(set = 0, binding = 1) uniform texture2D Normals[2];
layout(set = 0, binding = 2) uniform sampler PointClamp;
layout(std430, set = 0, binding = 3) readonly buffer Indices_block {
    uint Indices[];
};
layout(std430, set = 0, binding = 4) buffer Output_block {
    vec4 Output[];
};
layout(std140, row_major, set = 0, binding = 5) uniform Frame_block {
    mat4x4 ViewProj;
    vec4 Tint;
    uint NormalLayer;
};

uint Max4(uint This, uint Other) {
    return max(This, Other) * 4u;
}

vec4 Fetch_Albedo_PointClamp(uvec2 texel) {
    return textureLod(sampler2D(Albedo, PointClamp), (vec2(vec2(texel)) + vec2(0.5)) / vec2(64.0), 0.0);
}

vec4 Fetch_Normals_PointClamp_1(uint tex_index0, uvec2 texel) {
    return textureLod(sampler2D(Normals[tex_index0], PointClamp), (vec2(vec2(texel)) + vec2(0.5)) / vec2(64.0), 0.0);
}

vec4 Shade_Albedo_Normals_PointClamp(uint normals_index0, uvec2 texel) {
    return Fetch_Albedo_PointClamp(texel) * vec4(Fetch_Normals_PointClamp_1(normals_index0, texel).z);
}

vec4 Fetch_Normals_PointClamp(int tex_index0, uvec2 texel) {
    return textureLod(sampler2D(Normals[tex_index0], PointClamp), (vec2(vec2(texel)) + vec2(0.5)) / vec2(64.0), 0.0);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint normals_index0 = NormalLayer;
    uint i = Indices[id.y * 8u + id.x];
    vec4 c = Shade_Albedo_Normals_PointClamp(normals_index0, id.xy) + Fetch_Normals_PointClamp(1, id.yx);
    Output[Max4(i, id.x)] = (c * ViewProj) * Tint;
}
