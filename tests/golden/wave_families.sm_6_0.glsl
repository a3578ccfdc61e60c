#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uvec4 Out[];
};
layout(std430, set = 0, binding = 1) buffer OutF_block {
    vec4 OutF[];
};

uint wavec_WaveGetActiveMask() {
    return subgroupBallot(true).x;
}

bool wavec_in_wave_mask(uint mask) {
    uint lane = gl_SubgroupInvocationID;
    return lane < 32u && (mask >> lane & 1u) != 0u;
}

uint wavec_WaveMaskSum(uint mask, uint value) {
    return subgroupAdd(wavec_in_wave_mask(mask) ? value : 0u);
}

uint wavec_WaveMaskBallot(uint mask, bool condition) {
    return subgroupBallot(wavec_in_wave_mask(mask) && condition).x;
}

uint wavec_WaveMaskMax(uint mask, uint value) {
    return subgroupMax(wavec_in_wave_mask(mask) ? value : 0u);
}

uint wavec_WaveMaskMin(uint mask, uint value) {
    return subgroupMin(wavec_in_wave_mask(mask) ? value : 4294967295u);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint x = id.x;
    float f = float(x) * 0.5;
    uint lane = gl_SubgroupInvocationID;
    uvec4 info = uvec4(gl_SubgroupSize, lane, uint(subgroupElect()), uint(subgroupAny(x > 3u)));
    info.w += uint(int(subgroupAll(x < 1000u)) + int(subgroupAllEqual(x / 64u)));
    uvec4 ballot = subgroupBallot(x % 3u == 0u);
    uint counts = subgroupBallotBitCount(subgroupBallot(bool(x & 1u))) + subgroupBallotExclusiveBitCount(subgroupBallot(bool(x & 2u)));
    uint sum = subgroupAdd(x) + subgroupMul(x | 1u) + subgroupMin(x) + subgroupMax(x);
    uint bits = subgroupAnd(x) ^ subgroupOr(x) ^ subgroupXor(x);
    vec4 scans = vec4(subgroupExclusiveAdd(f), subgroupExclusiveMul(f), subgroupAdd(f), subgroupMin(f));
    uint first = subgroupBroadcastFirst(x) + subgroupShuffle(x, 1u) + subgroupShuffle(x, lane ^ 1u) + subgroupBroadcast(x, 0u);
    uint masked = wavec_WaveMaskSum(wavec_WaveGetActiveMask(), x) + wavec_WaveMaskMax(wavec_WaveMaskBallot(wavec_WaveGetActiveMask(), x > 2u), x);
    uint calls = 0u;
    masked += wavec_WaveMaskMin(++calls, x);
    uint quad = subgroupQuadSwapHorizontal(x) + subgroupQuadSwapVertical(x) + subgroupQuadSwapDiagonal(x) + subgroupQuadBroadcast(x, 2u);
    Out[x] = info + ballot + uvec4(counts, sum, bits, first) + uvec4(calls, masked, quad, 0u);
    OutF[x] = scans;
}
