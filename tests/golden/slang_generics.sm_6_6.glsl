#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    uint outputBuffer[];
};

vec3 WaveSumAll_float_3(vec3 value) {
    return subgroupAdd(value);
}

uvec2 WaveSumAll_uint_2(uvec2 value) {
    return subgroupAdd(value);
}

int Twice_int(int x) {
    return x + x;
}

uint Spread_uint_3(uint x) {
    const uvec3 v = uvec3(x);
    uint total = 0u;
    for (int i = 0; i < 3; i++) {
        total += v[i];
    }
    return total;
}

uint Larger_uint(uint a, uint b) {
    return max(a, b);
}

uint Last_uint_4(uvec4 v) {
    return v[3];
}

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    uint idx = tid.x;
    vec3 sums = WaveSumAll_float_3(vec3(float(idx), 1.0, 2.0));
    uvec2 counts = WaveSumAll_uint_2(uvec2(idx & 15u, 1u));
    int twice = Twice_int(int(idx)) + Twice_int(3);
    const uint spread = Spread_uint_3(idx);
    outputBuffer[idx] = uint(sums.x) + counts.y + uint(twice) + Larger_uint(idx, 4u) + Last_uint_4(uvec4(1u, 2u, 3u, idx)) + spread;
}
