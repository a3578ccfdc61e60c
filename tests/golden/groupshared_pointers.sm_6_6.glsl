#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Cell {
    int value;
    int twice;
};

shared int lanes[64];
shared int spare[64];
shared Cell cells[16];
shared uint hits[16];
layout(std430, set = 0, binding = 0) buffer output_block {
    int output_1[];
};

int pairSum_lanes(int p) {
    return lanes[p + 0] + lanes[p + 1];
}

int pairSum_spare(int p) {
    return spare[p + 0] + spare[p + 1];
}

void main() {
    uint tid = gl_LocalInvocationIndex;
    int mine = int(tid);
    lanes[mine] = int(tid);
    spare[tid] = 2 * int(tid);
    int cell = int(tid % 16u);
    cells[cell].value = int(tid);
    cells[cell].twice = 2 * cells[cell].value;
    int counter = int(tid % 16u);
    atomicAdd(hits[counter], 1u);
    memoryBarrierShared(), barrier();
    if (tid % 2u == 0u) {
        output_1[tid / 2u] = pairSum_lanes(mine) + pairSum_spare(int(tid)) + cells[cell].twice + int(hits[counter]);
    }
}
