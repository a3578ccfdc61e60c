struct Cell {
    int value;
    int twice;
};

groupshared int lanes[64];
groupshared int spare[64];
groupshared Cell cells[16];
groupshared uint hits[16];
RWStructuredBuffer<int> output;

int pairSum_lanes(int p) {
    return lanes[p + 0] + lanes[p + 1];
}

int pairSum_spare(int p) {
    return spare[p + 0] + spare[p + 1];
}

[numthreads(64, 1, 1)]
void main(uint tid : SV_GroupIndex) {
    int mine = int(tid);
    lanes[mine] = int(tid);
    spare[tid] = 2 * int(tid);
    int cell = int(tid % 16u);
    cells[cell].value = int(tid);
    cells[cell].twice = 2 * cells[cell].value;
    int counter = int(tid % 16u);
    InterlockedAdd(hits[counter], 1u);
    GroupMemoryBarrierWithGroupSync();
    if (tid % 2u == 0u) {
        output[tid / 2u] = pairSum_lanes(mine) + pairSum_spare(int(tid)) + cells[cell].twice + int(hits[counter]);
    }
}
