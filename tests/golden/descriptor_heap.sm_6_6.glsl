#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Output_block {
    vec4 Output[];
};
layout(std140, set = 0, binding = 1) uniform Frame_block {
    uint TextureIndex;
    uint SamplerIndex;
};
layout(set = 1, binding = 2) uniform texture2D wavec_heap0[];
layout(set = 1, binding = 0) uniform sampler wavec_heap1[];
layout(set = 1, binding = 2) uniform textureBuffer wavec_heap2[];
layout(set = 1, binding = 2, rgba32f) uniform image2D wavec_heap3[];

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint albedo_index0 = TextureIndex;
    uint linear_index0 = SamplerIndex;
    uint weights_index0 = nonuniformEXT(id.x);
    uint target_index0 = TextureIndex + 1u;
    uvec2 next = uvec2(TextureIndex + 2u, 0u);
    vec4 c = textureLod(sampler2D(wavec_heap0[albedo_index0], wavec_heap1[linear_index0]), vec2(0.5, 0.5), 0.0) + texelFetch(wavec_heap2[nonuniformEXT(weights_index0)], int(id.x)) + texelFetch(wavec_heap0[next.x], ivec2(id.xy), 0);
    c += texelFetch(wavec_heap0[TextureIndex + 3u], ivec2(id.xy), 0);
    imageStore(wavec_heap3[target_index0], ivec2(id.xy), c);
    Output[id.x] = c;
}
