#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 16, local_size_y = 4, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uvec2 Out[];
};
shared uint wavec_waveCounter;
uint wavec_groupWaveIndex;
uint wavec_groupWaveCount;

uint WavesBefore() {
    return wavec_groupWaveIndex;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint wavec_groupIndex = gl_LocalInvocationIndex;
    if (wavec_groupIndex == 0u) {
        wavec_waveCounter = 0u;
    }
    memoryBarrierShared(), barrier();
    uint wavec_waveSlot = 0u;
    if (subgroupElect()) {
        wavec_waveSlot = atomicAdd(wavec_waveCounter, 1u);
    }
    wavec_groupWaveIndex = subgroupBroadcastFirst(wavec_waveSlot);
    memoryBarrierShared(), barrier();
    wavec_groupWaveCount = wavec_waveCounter;
    uint waveIndex = wavec_groupWaveIndex;
    uint count = wavec_groupWaveCount;
    if (subgroupElect()) {
        Out[id.y * 16u + id.x] = uvec2(waveIndex + WavesBefore(), count);
    }
}
