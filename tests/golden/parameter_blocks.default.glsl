#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Material {
    vec4 tint;
    float bias;
};

struct Targets {
    uint wavec_empty;
};

struct Fog {
    float density;
};

struct Material_data {
    vec4 tint;
    float bias;
};

struct Fog_data {
    float density;
};

layout(std140, set = 1, binding = 0) uniform gMaterial_block {
    Material_data gMaterial;
};
layout(std430, set = 2, binding = 0) buffer gTargets_color_block {
    vec4 gTargets_color[];
};
layout(set = 0, binding = 0) uniform texture2D Noise;
layout(std140, set = 0, binding = 1) uniform gFog_block {
    Fog_data gFog;
};
layout(set = 1, binding = 1) uniform texture2D gMaterial_albedo;
layout(set = 1, binding = 2) uniform sampler gMaterial_linear;
layout(std430, set = 2, binding = 1) buffer gTargets_hits_block {
    uint gTargets_hits[];
};
layout(set = 0, binding = 2) uniform texture3D gFog_volume;

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x) / 8.0, 0.5);
    gTargets_color[id.x] = textureLod(sampler2D(gMaterial_albedo, gMaterial_linear), uv, 0.0) * gMaterial.tint + vec4(gMaterial.bias) + texelFetch(Noise, ivec2(int(id.x), 0), 0) + texelFetch(gFog_volume, ivec3(int(id.x), 0, 0), 0) * vec4(gFog.density);
    atomicAdd(gTargets_hits[0], 1u);
}
