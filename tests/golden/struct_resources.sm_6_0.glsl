#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Surface {
    float lod;
};

layout(set = 0, binding = 0) uniform texture2D Albedo;
layout(set = 0, binding = 1) uniform sampler Linear;
layout(std430, set = 0, binding = 2) buffer Out_block {
    vec4 Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float Surface_make_result_lod;
    {
        float r_lod;
        r_lod = 0.0;
        Surface_make_result_lod = r_lod;
    }
    float s_lod = Surface_make_result_lod;
    float t_lod = s_lod;
    t_lod = 1.0;
    float this_lod = s_lod;
    vec2 uv = vec2(float(id.x) / 8.0, 0.5);
    vec4 Surface_shade_result;
    {
        if (uv.x < 0.0) {
            Surface_shade_result = vec4(0);
        } else {
            Surface_shade_result = textureLod(sampler2D(Albedo, Linear), uv, this_lod);
        }
    }
    float this_lod_1 = t_lod;
    vec2 uv_1 = vec2(0.5, float(id.x) / 8.0);
    vec4 Surface_shade_result_1;
    {
        if (uv_1.x < 0.0) {
            Surface_shade_result_1 = vec4(0);
        } else {
            Surface_shade_result_1 = textureLod(sampler2D(Albedo, Linear), uv_1, this_lod_1);
        }
    }
    Out[id.x] = Surface_shade_result + Surface_shade_result_1;
}
