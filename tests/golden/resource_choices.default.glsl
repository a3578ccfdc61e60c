#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D Layers[4];
layout(set = 0, binding = 1) uniform texture2D Sky;
layout(set = 0, binding = 2) uniform sampler Linear;
layout(std430, set = 0, binding = 3) readonly buffer Near_block {
    float Near[];
};
layout(std430, set = 0, binding = 4) readonly buffer Far_block {
    float Far[];
};
layout(std430, set = 0, binding = 5) buffer Lit_block {
    vec4 Lit[];
};
layout(std430, set = 0, binding = 6) buffer Unlit_block {
    vec4 Unlit[];
};

void Pick_choice(uint kind, out uint result_which, out uint result_1_index0) {
    switch (kind) {
        case 0: {
            result_which = 0u;
            return;
        }
        case 1: {
            result_which = 1u;
            result_1_index0 = kind + 1u;
            return;
        }
    }
    result_which = 1u;
    result_1_index0 = uint(0);
    return;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint Pick_result_which = 0u;
    uint Pick_result_1_index0 = 0u;
    uint depths_which = 0u;
    if (id.x < 4u) {
        depths_which = 0u;
    } else {
        depths_which = 1u;
    }
    int detail_index0 = 0;
    if ((id.x & 1u) != 0u) {
        detail_index0 = 1;
    } else {
        detail_index0 = 3;
    }
    vec2 uv = vec2(depths_which == 0u ? Near[id.x] : Far[id.x], 0.5);
    Pick_choice(id.x % 3u, Pick_result_which, Pick_result_1_index0);
    vec4 c = textureLod(sampler2D(Layers[detail_index0], Linear), uv, 0.0) + (Pick_result_which == 0u ? textureLod(sampler2D(Sky, Linear), uv, 0.0) : textureLod(sampler2D(Layers[Pick_result_1_index0], Linear), uv, 0.0));
    uint target_which = 0u;
    if (c.w > 0.5) {
        target_which = 0u;
    } else {
        target_which = 1u;
    }
    if (target_which == 0u) {
        Lit[id.x] = c;
    } else {
        Unlit[id.x] = c;
    }
}
