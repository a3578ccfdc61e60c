#version 450
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Sampler2D_float {
    uint wavec_empty;
};

struct Sampler2D_float4 {
    uint wavec_empty;
};

struct Sampler2DShadow_float {
    uint wavec_empty;
};

layout(set = 1, binding = 0) uniform texture2D layers[4];
layout(set = 1, binding = 0) uniform sampler layers_sampler[4];
layout(set = 2, binding = 0) uniform texture2D materials[];
layout(set = 2, binding = 0) uniform sampler materials_sampler[];
layout(set = 0, binding = 0) uniform texture2D shadowMap;
layout(set = 0, binding = 0) uniform samplerShadow shadowMap_sampler;
layout(std430, set = 0, binding = 1) readonly buffer MaterialOf_block {
    uint MaterialOf[];
};
layout(std430, set = 0, binding = 2) buffer Out_block {
    float Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x) / 8.0, 0.25);
    uint m = MaterialOf[id.x];
    uint this_texture_index0 = nonuniformEXT(m);
    uint this_sampler_index0 = nonuniformEXT(m);
    vec2 location = uv;
    float level = 0.0;
    vec4 Sampler2D_float4_SampleLevel_result;
    {
        Sampler2D_float4_SampleLevel_result = textureLod(sampler2D(materials[nonuniformEXT(this_texture_index0)], materials_sampler[nonuniformEXT(this_sampler_index0)]), location, level);
    }
    vec4 c = Sampler2D_float4_SampleLevel_result;
    vec2 location_1 = uv;
    float compareValue = 0.5;
    float Sampler2DShadow_float_SampleCmpLevelZero_result;
    {
        Sampler2DShadow_float_SampleCmpLevelZero_result = textureLod(sampler2DShadow(shadowMap, shadowMap_sampler), vec3(location_1, compareValue), 0.0);
    }
    float lit = Sampler2DShadow_float_SampleCmpLevelZero_result;
    uint this_texture_index0_1 = id.x & 3u;
    uint this_sampler_index0_1 = id.x & 3u;
    vec2 location_2 = uv;
    float level_1 = 0.0;
    float Sampler2D_float_SampleLevel_result;
    {
        Sampler2D_float_SampleLevel_result = textureLod(sampler2D(layers[this_texture_index0_1], layers_sampler[this_sampler_index0_1]), location_2, level_1).x;
    }
    Out[id.x] = Sampler2D_float_SampleLevel_result * lit + c.w;
}
