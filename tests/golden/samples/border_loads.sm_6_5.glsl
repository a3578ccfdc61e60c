#version 450
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Input_block {
    float Input[];
};
layout(std430, set = 0, binding = 1) buffer Output_block {
    float Output[];
};
layout(std140, set = 0, binding = 2) uniform Params_block {
    uint Width;
    uint Height;
};
shared float tile[324];

bool ShouldWaveDoWork(uint groupWaveIndex, uint modulo) {
    return (groupWaveIndex & gl_NumSubgroups - 1u) == (modulo & gl_NumSubgroups - 1u);
}

float LoadClamped(ivec2 p) {
    ivec2 q = clamp(p, ivec2(0, 0), ivec2(int(Width) - 1, int(Height) - 1));
    return Input[uint(q.y) * Width + uint(q.x)];
}

void LoadBorder(uint border, ivec2 origin) {
    uint count = uint(border < 2u ? 18 : 16);
    for (uint i = gl_SubgroupInvocationID; i < count; i += gl_SubgroupSize) {
        ivec2 local;
        if (border == 0u) {
            local = ivec2(int(i) - 1, -1);
        } else if (border == 1u) {
            local = ivec2(int(i) - 1, 16);
        } else if (border == 2u) {
            local = ivec2(-1, int(i));
        } else {
            local = ivec2(16, int(i));
        }
        tile[(local.y + 1) * 18 + (local.x + 1)] = LoadClamped(origin + local);
    }
}

void main() {
    uvec3 groupID = gl_WorkGroupID;
    uvec3 threadInTile = gl_LocalInvocationID;
    ivec2 origin = ivec2(ivec2(groupID.xy)) * ivec2(16);
    uint waveIndex = gl_SubgroupID;
    for (uint border = 0u; border < 4u; ++border) {
        if (ShouldWaveDoWork(waveIndex, border)) {
            LoadBorder(border, origin);
        }
    }
    ivec2 local = ivec2(ivec2(threadInTile.xy));
    tile[(local.y + 1) * 18 + (local.x + 1)] = LoadClamped(origin + local);
    memoryBarrierShared(), barrier();
    float sum = 0.0;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            sum += tile[(local.y + 1 + dy) * 18 + (local.x + 1 + dx)];
        }
    }
    ivec2 p = origin + local;
    if (p.x < int(Width) && p.y < int(Height)) {
        Output[uint(p.y) * Width + uint(p.x)] = sum / 9.0;
    }
}
