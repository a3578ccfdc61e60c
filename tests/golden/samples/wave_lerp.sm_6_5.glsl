#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Colors_block {
    vec4 Colors[];
};
layout(std430, set = 0, binding = 1) readonly buffer Weights_block {
    float Weights[];
};
layout(std430, set = 0, binding = 2) buffer Result_block {
    vec4 Result[];
};
shared vec3 g_partial[64];
shared float g_keep[64];

vec3 WaveActiveLerp(vec3 value, float t) {
    float prefixProduct = subgroupExclusiveMul(1.0 - t);
    vec3 laneValue = value * vec3(t) * vec3(prefixProduct);
    return subgroupAdd(laneValue);
}

void main() {
    uvec3 groupID = gl_WorkGroupID;
    uint waveIndex = gl_SubgroupID;
    uint waveCount = gl_NumSubgroups;
    uint lanes = gl_SubgroupSize;
    uint slot = waveIndex * lanes + gl_SubgroupInvocationID;
    bool live = slot < 64u;
    uint element = live ? 63u - slot : 0u;
    float t = live ? element == 0u ? 1.0 : Weights[groupID.x * 64u + element] : 0.0;
    vec3 color = Colors[element].xyz;
    vec3 partial = WaveActiveLerp(color, t);
    float keep = subgroupMul(1.0 - t);
    if (subgroupElect()) {
        g_partial[waveIndex] = partial;
        g_keep[waveIndex] = keep;
    }
    memoryBarrierShared(), barrier();
    if (waveIndex == 0u && subgroupElect()) {
        vec3 total = vec3(0);
        float scale = 1.0;
        for (uint w = 0u; w < waveCount; ++w) {
            total += g_partial[w] * vec3(scale);
            scale *= g_keep[w];
        }
        Result[groupID.x] = vec4(total, 1.0);
    }
}
