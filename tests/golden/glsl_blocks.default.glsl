#version 450
#extension GL_EXT_scalar_block_layout : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require

layout(local_size_x = 8, local_size_y = 2, local_size_z = 1) in;

struct Particle {
    float mass;
    vec3 velocity;
    mat2x2 spin;
};

layout(std140, row_major, set = 0, binding = 0) uniform Params_block {
    mat4x4 transform;
    float dt;
    uint count;
};
layout(scalar, column_major, set = 0, binding = 1) buffer Particles_block {
    Particle Particles[];
};
layout(std430, set = 0, binding = 2) buffer Kept_block {
    uint Kept[];
};
layout(std430, set = 0, binding = 3) buffer Kept_counter_block {
    int Kept_counter;
};
layout(std430, set = 0, binding = 4) buffer Words_block {
    uint Words[];
};
shared uint Hits;
layout(std430, push_constant) uniform EntryPointParams {
    float scale;
};

float wavec_fmod(float a, float b) {
    return a - b * trunc(a / b);
}

float wavec_frem(float a, float b) {
    return a - b * trunc(a / b);
}

void Words_Store_uvec2(uint address, uvec2 value) {
    uint i = address >> 2;
    uvec2 bits = value;
    Words[i + 0u] = bits.x;
    Words[i + 1u] = bits.y;
}

uint Words_Load_uint(uint address) {
    uint i = address >> 2;
    return Words[i + 0u];
}

uint wavec_first_lane(uvec4 mask) {
    if (mask.x != 0u) {
        return uint(findLSB(mask.x));
    }
    if (mask.y != 0u) {
        return 32u + uint(findLSB(mask.y));
    }
    if (mask.z != 0u) {
        return 64u + uint(findLSB(mask.z));
    }
    return 96u + uint(findLSB(mask.w));
}

bool wavec_has_lane(uvec4 mask, uint lane) {
    return (mask[lane >> 5u] >> (lane & 31u) & 1u) != 0u;
}

bool wavec_same_bits(uint a, uint b) {
    return a == b;
}

uvec4 wavec_WaveMatch(uint value) {
    uint lane = gl_SubgroupInvocationID;
    uvec4 result = uvec4(0u, 0u, 0u, 0u);
    uvec4 remaining = subgroupBallot(true);
    while (any(notEqual(remaining, uvec4(0u)))) {
        uint leader = subgroupShuffle(value, wavec_first_lane(remaining));
        bool same = wavec_has_lane(remaining, lane) && wavec_same_bits(leader, value);
        uvec4 group = subgroupBallot(same);
        if (same) {
            result = group;
        }
        remaining &= ~group;
    }
    return result;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint gi = gl_LocalInvocationIndex;
    if (gi == 0u) {
        Hits = 0u;
    }
    memoryBarrierShared(), barrier();
    Particle p = Particles[id.x];
    vec3 moved = (transform * vec4(p.velocity * vec3(dt), 1.0)).xyz;
    mat2x2 sq = matrixCompMult(p.spin, p.spin);
    bvec2 big = greaterThan(abs(moved.xy), vec2(1.0, 2.0));
    bool any2 = bool(uint(big.x) & uint(big.y));
    p.mass = wavec_fmod(p.mass, 3.0) + wavec_frem(p.mass, 2.0) * scale + sq[0].y;
    p.velocity = big.x ? moved : -moved;
    Particles[id.x] = p;
    uint was;
    was = atomicAdd(Hits, 1u);
    uint group = wavec_WaveMatch(id.x & 3u).x + gl_SubgroupID * 100u + gl_NumSubgroups;
    if (any2 || id.x < count) {
        Kept[uint(atomicAdd(Kept_counter, 1))] = group + was;
    }
    Words_Store_uvec2(id.x * 8u, uvec2(Words_Load_uint(0u), floatBitsToUint(p.mass)));
}
