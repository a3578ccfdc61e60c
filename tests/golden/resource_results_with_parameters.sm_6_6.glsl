#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct TextureSlot {
    int descriptor;
    uint uvset;
};

layout(set = 1, binding = 0) uniform texture2D Textures[];
layout(set = 0, binding = 0) uniform sampler Linear;
layout(std430, set = 0, binding = 1) readonly buffer SlotOf_block {
    int SlotOf[];
};
layout(std430, set = 0, binding = 2) buffer Output_block {
    vec4 Output[];
};

vec4 TextureSlot_SampleLevel(TextureSlot this_1, vec4 uvsets, float lod) {
    uint tex_index0 = nonuniformEXT(uint(max(0, this_1.descriptor)));
    vec2 uv = this_1.uvset == 0u ? uvsets.xy : uvsets.zw;
    return textureLod(sampler2D(Textures[nonuniformEXT(tex_index0)], Linear), uv, lod);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    TextureSlot slot = TextureSlot(SlotOf[id.x], id.x & 1u);
    vec4 uvs = vec4(float(id.x) / 8.0, 0.5, 0.25, float(id.x) / 16.0);
    Output[id.x] = TextureSlot_SampleLevel(slot, uvs, 0.0) + texelFetch(Textures[nonuniformEXT(uint(max(0, SlotOf[id.x + 8u])))], ivec2(int(id.x), 0), 0);
}
