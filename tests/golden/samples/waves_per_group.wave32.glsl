#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Input_block {
    uint Input[];
};
layout(std430, set = 0, binding = 1) buffer GroupSums_block {
    uint GroupSums[];
};
shared uint g_partial[2];

void main() {
    uvec3 group = gl_WorkGroupID;
    uint gi = gl_LocalInvocationIndex;
    uint waveSum = subgroupAdd(Input[group.x * 64u + gi]);
    {
        if (subgroupElect()) {
            g_partial[gl_SubgroupID] = waveSum;
        }
        memoryBarrierShared(), barrier();
        if (gl_SubgroupID == 0u && subgroupElect()) {
            uint total = 0u;
            for (uint w = 0u; w < 2u; ++w) {
                total += g_partial[w];
            }
            GroupSums[group.x] = total;
        }
    }
}
