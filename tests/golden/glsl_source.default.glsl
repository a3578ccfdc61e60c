#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Totals {
    uint sum;
    uint largest;
};

layout(std430, set = 0, binding = 0) buffer values_block {
    uint values[];
};
layout(std430, set = 0, binding = 1) buffer Totals_block {
    Totals Totals_1[];
};
layout(std430, set = 0, binding = 2) buffer results_block {
    uint results[];
};
shared uint staged[8];
uvec3 GlobalInvocationID;
uint LocalInvocationIndex;
uvec3 LocalInvocationID;

uint mine() {
    return values[GlobalInvocationID.x];
}

void main() {
    uvec3 wavec_DispatchThreadID = gl_GlobalInvocationID;
    uint wavec_GroupIndex = gl_LocalInvocationIndex;
    uvec3 wavec_GroupThreadID = gl_LocalInvocationID;
    GlobalInvocationID = wavec_DispatchThreadID;
    LocalInvocationIndex = wavec_GroupIndex;
    LocalInvocationID = wavec_GroupThreadID;
    uint x = mine();
    staged[LocalInvocationIndex] = x;
    memoryBarrierShared(), barrier();
    uvec2 pair = uvec2(staged[(LocalInvocationID.x + 1u) % 8u], subgroupAdd(x));
    results[GlobalInvocationID.x] = pair.x * 100u + pair.y;
    uint top = subgroupMax(x);
    if (subgroupElect()) {
        Totals_1[0u].sum = pair.y;
        Totals_1[0u].largest = top;
    }
}
