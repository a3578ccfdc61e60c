#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    vec4 Out[];
};
layout(std430, set = 0, binding = 1) buffer Counts_block {
    ivec4 Counts[];
};

vec4 widen_float2(vec2 v) {
    return vec4(v.x, v.x, v.y, v.y);
}

ivec4 widen_int2(ivec2 v) {
    return ivec4(v.x, v.x, v.y, v.y);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Out[id.x] = widen_float2(vec2(float(id.x), 0.5));
    Counts[id.x] = widen_int2(ivec2(ivec2(id.xy)));
}
