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

layout(set = 1, binding = 0) uniform sampler2D layers[4];
layout(set = 2, binding = 0) uniform sampler2D materials[];
layout(set = 0, binding = 0) uniform sampler2DShadow shadowMap;
layout(std430, set = 0, binding = 1) readonly buffer MaterialOf_block {
    uint MaterialOf[];
};
layout(std430, set = 0, binding = 2) buffer Out_block {
    float Out[];
};

vec4 material_k0(uint m, vec2 uv) {
    return textureLod(materials[nonuniformEXT(m)], uv, 0.0);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = vec2(float(id.x) / 8.0, 0.25);
    uint m = MaterialOf[id.x];
    vec4 c = material_k0(m, uv);
    float lit = textureLod(shadowMap, vec3(uv, 0.5), 0.0);
    Out[id.x] = textureLod(layers[id.x & 3u], uv, 0.0).x * lit + c.w;
}
