#version 450
#extension GL_EXT_scalar_block_layout : require
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Ray {
    float t;
    vec3 dir;
    uint hit;
};

layout(scalar, set = 0, binding = 1) uniform ray_block {
    Ray ray;
};
layout(std430, set = 0, binding = 2) buffer results_block {
    float results[];
};
layout(std140, set = 0, binding = 0) uniform Frame_block {
    uvec4 Frame_words[4];
};

float wavec_uniform_load0_float(uint address) {
    return uintBitsToFloat(Frame_words[address >> 4u][address >> 2u & 3u]);
}

vec3 wavec_uniform_load1_float3(uint address) {
    return vec3(uintBitsToFloat(Frame_words[address >> 4u][address >> 2u & 3u]), uintBitsToFloat(Frame_words[(address + 4u) >> 4u][(address + 4u) >> 2u & 3u]), uintBitsToFloat(Frame_words[(address + 8u) >> 4u][(address + 8u) >> 2u & 3u]));
}

uint wavec_uniform_load2_uint(uint address) {
    return Frame_words[address >> 4u][address >> 2u & 3u];
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float v = wavec_uniform_load0_float(0u) * wavec_uniform_load1_float3(4u)[id.x % 3u] + wavec_uniform_load0_float(16u + (id.x & 1u) * 16u);
    if (wavec_uniform_load2_uint(48u) != 0u && ray.hit != 0u) {
        v += ray.dir.y * ray.t;
    }
    results[id.x] = subgroupAdd(v);
}
