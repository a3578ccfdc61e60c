#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(set = 3, binding = 0) uniform texture2D Materials[];
layout(set = 0, binding = 0) uniform texture2D Ground;
layout(set = 3, binding = 1) uniform sampler Point;
layout(std430, set = 0, binding = 1) buffer Out_block {
    vec4 Out[];
};
layout(std140, set = 1, binding = 0) uniform Frame_block {
    uint Material;
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec4 c = textureLod(sampler2D(Materials[nonuniformEXT(Material + id.x)], Point), vec2(0.5, 0.5), 0.0);
    Out[id.x] = c + texelFetch(Ground, ivec2(id.xy), 0);
}
