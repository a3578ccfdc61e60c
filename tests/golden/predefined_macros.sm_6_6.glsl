#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Output_block {
    uint Output[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Output[id.x] = id.x * 5u;
    Output[id.x + 4u] = 2018u;
}
