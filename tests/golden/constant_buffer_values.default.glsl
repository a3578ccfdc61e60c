#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Light {
    vec4 color;
    uint count;
};

struct ConstantBuffer_uint4 {
    uvec4 value;
};

layout(std140, set = 0, binding = 0) uniform light_block {
    Light light;
};
layout(std140, set = 0, binding = 1) uniform offsets_block {
    ConstantBuffer_uint4 offsets;
};
layout(std430, set = 0, binding = 2) buffer results_block {
    uint results[];
};

uint scaled(Light l, uint i) {
    return uint(l.color[i]) * l.count;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Light copy = Light(light.color, light.count);
    copy.count += id.x;
    results[id.x] = scaled(Light(light.color, light.count), id.x) + offsets.value[id.x];
    results[4u + id.x] = subgroupAdd(copy.count) + offsets.value.w;
}
