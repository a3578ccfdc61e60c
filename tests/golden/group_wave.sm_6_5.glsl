#version 450
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 16, local_size_y = 4, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uvec2 Out[];
};

uint WavesBefore() {
    return gl_SubgroupID;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint waveIndex = gl_SubgroupID;
    uint count = gl_NumSubgroups;
    if (subgroupElect()) {
        Out[id.y * 16u + id.x] = uvec2(waveIndex + WavesBefore(), count);
    }
}
