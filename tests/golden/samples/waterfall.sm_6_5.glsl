#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer MaterialOf_block {
    uint MaterialOf[];
};
layout(std430, set = 0, binding = 1) readonly buffer MaterialColor_block {
    vec4 MaterialColor[];
};
layout(std430, set = 0, binding = 2) buffer Shaded_block {
    vec4 Shaded[];
};
layout(std430, set = 0, binding = 3) buffer Usage_block {
    uint Usage[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint material = MaterialOf[id.x] % 16u;
    for (;;) {
        uint current = subgroupBroadcastFirst(material);
        if (current == material) {
            Shaded[id.x] = MaterialColor[current] * vec4(0.5);
            uint lanes = subgroupBallotBitCount(subgroupBallot(true));
            if (subgroupElect()) {
                atomicAdd(Usage[current], lanes);
            }
            break;
        }
    }
}
