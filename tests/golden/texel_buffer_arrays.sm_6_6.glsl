#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(set = 3, binding = 0) uniform textureBuffer Colors[];
layout(set = 6, binding = 0, r32ui) uniform uimageBuffer Counts[];
layout(std430, set = 0, binding = 0) readonly buffer Which_block {
    uint Which[];
};
layout(std430, set = 0, binding = 1) buffer Output_block {
    vec4 Output[];
};
layout(std140, set = 0, binding = 2) uniform Frame_block {
    uint Current;
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint table = Which[id.x];
    vec4 color = texelFetch(Colors[nonuniformEXT(table)], int(id.x));
    imageStore(Counts[Current], int(id.x), uvec4(table, 0u, 0u, 0u));
    Output[id.x] = color;
}
