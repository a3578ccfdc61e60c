#version 450

layout(local_size_x = 8, local_size_x_id = 3, local_size_y = 1, local_size_z = 1) in;

layout(constant_id = 3) const int WIDTH = 8;
layout(constant_id = 1) const float SCALE = 1.5;
layout(constant_id = 2) const bool FLIP = false;
layout(constant_id = 0) const uint SHIFT = 2u;
layout(std430, set = 0, binding = 0) buffer output_block {
    float output_1[];
};

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    const int twice = WIDTH * 2;
    float v = float(tid.x << SHIFT) * SCALE + float(twice);
    output_1[tid.x] = FLIP ? -v : v;
}
