#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 1, binding = 0) uniform texture2D Textures[];
layout(set = 1, binding = 1) uniform sampler Samplers[];
layout(std430, set = 0, binding = 0) readonly buffer MaterialOf_block {
    uint MaterialOf[];
};
layout(std430, set = 0, binding = 1) buffer Output_block {
    vec4 Output[];
};
layout(std140, set = 0, binding = 2) uniform Frame_block {
    uint SkyTexture;
};

vec4 Shade_Textures_Samplers(uint t_index0, int s_index0, vec2 uv) {
    return textureLod(sampler2D(Textures[nonuniformEXT(t_index0)], Samplers[s_index0]), uv, 0.0);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint gi = gl_LocalInvocationIndex;
    uint material = MaterialOf[gi];
    vec2 uv = (vec2(vec2(id.xy)) + vec2(0.5)) / vec2(64.0);
    vec4 albedo = textureLod(sampler2D(Textures[nonuniformEXT(material)], Samplers[nonuniformEXT(material % 2u)]), uv, 0.0);
    vec4 sky = texelFetch(Textures[SkyTexture], ivec2(id.xy), 0);
    vec4 detail = Shade_Textures_Samplers(nonuniformEXT(material + 1u), 0, uv);
    Output[gi] = albedo + sky + detail;
}
