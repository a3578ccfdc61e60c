#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_NV_shader_subgroup_partitioned : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uvec4 Out[];
};
shared uint Shared[64];

mat2x2 wavec_WaveActiveSum(mat2x2 a) {
    return mat2x2(subgroupAdd(a[0]), subgroupAdd(a[1]));
}

mat2x2 wavec_sqrt(mat2x2 a) {
    return mat2x2(sqrt(a[0]), sqrt(a[1]));
}

uint Pick(uint v) {
    switch (v) {
        case 0:
        case 1: {
            return 7u;
        }
        case 2: {
            v += 3u;
            break;
        }
        default: {
            break;
        }
    }
    return v;
}

uint wavec_WaveRotate(uint value, uint delta) {
    return subgroupShuffle(value, (gl_SubgroupInvocationID + delta) % gl_SubgroupSize);
}

uint wavec_WaveClusteredRotate_clusterSize4(uint value, uint delta) {
    uint lane = gl_SubgroupInvocationID;
    return subgroupShuffle(value, (lane & ~3u) | (lane + delta & 3u));
}

bool wavec_QuadAny(bool condition) {
    uint c = condition ? 1u : 0u;
    return (subgroupQuadSwapHorizontal(c) | subgroupQuadSwapVertical(c) | subgroupQuadSwapDiagonal(c) | c) != 0u;
}

bool wavec_QuadAll(bool condition) {
    uint c = condition ? 1u : 0u;
    return (subgroupQuadSwapHorizontal(c) & subgroupQuadSwapVertical(c) & subgroupQuadSwapDiagonal(c) & c) != 0u;
}

int wavec_dot(ivec3 a, ivec3 b) {
    ivec3 product = a * b;
    int sum = product[0];
    for (uint i = 1u; i < 3u; ++i) {
        sum += product[i];
    }
    return sum;
}

uint wavec_WaveGetActiveMask() {
    return subgroupBallot(true).x;
}

uint wavec_WaveMaskMatch(uint mask, uint value) {
    return subgroupPartitionNV(value).x & mask;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint gi = gl_LocalInvocationIndex;
    uint lane = gl_SubgroupInvocationID;
    uint r = wavec_WaveRotate(lane, 1u);
    uint c = wavec_WaveClusteredRotate_clusterSize4(lane, 3u);
    bool qa = wavec_QuadAny(lane == 2u);
    bool qb = wavec_QuadAll(lane < 100u);
    Shared[gi] = lane;
    subgroupMemoryBarrierShared(), subgroupBarrier();
    subgroupMemoryBarrier(), subgroupBarrier();
    uint h = packHalf2x16(vec2(1.5, 0.0));
    float f = (unpackHalf2x16(h).x);
    int d = wavec_dot(ivec3(1, 2, 3), ivec3(int(lane), 1, 1));
    uint m = wavec_WaveMaskMatch(wavec_WaveGetActiveMask(), lane & 3u);
    uvec4 nm = subgroupPartitionNV(vec2(float(lane & 1u), 2.0));
    int64_t big = int64_t(lane) * 3l;
    mat2x2 mat = mat2x2(f, 1.0, 2.0, 3.0);
    mat2x2 s = wavec_WaveActiveSum(mat) + wavec_sqrt(mat);
    if (lane == 63u) {
        return;
    }
    Out[id.x] = uvec4(r + c + uint(qa ? 1 : 0) + uint(qb ? 2 : 0), uint(d) + m + nm.x, uint(big) + Pick(lane), uint(s[1][0] + f));
}
