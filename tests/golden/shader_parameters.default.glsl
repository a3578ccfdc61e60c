#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Scale {
    int factor;
    int offset;
};

layout(std140, set = 0, binding = 0) uniform Globals_block {
    int bias;
};
layout(std140, set = 0, binding = 1) uniform base_block {
    Scale base;
};
layout(std430, push_constant) uniform EntryPointParams {
    int step_1;
    Scale scale;
};
layout(std430, set = 0, binding = 2) buffer results_block {
    int results[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    int x = int(id.x) * step_1 * scale.factor + scale.offset;
    results[id.x] = x + bias + base.factor;
    results[4u + id.x] = subgroupAdd(x) + subgroupExclusiveAdd(step_1);
}
