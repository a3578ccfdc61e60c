struct Cell {
    value: i32,
    twice: i32,
}

var<workgroup> lanes: array<i32, 64>;
var<workgroup> spare: array<i32, 64>;
var<workgroup> cells: array<Cell, 16>;
var<workgroup> hits: array<atomic<u32>, 16>;
@group(0) @binding(0) var<storage, read_write> output: array<i32>;

fn pairSum_lanes(p: i32) -> i32 {
    return lanes[p + 0i] + lanes[p + 1i];
}

fn pairSum_spare(p: i32) -> i32 {
    return spare[p + 0i] + spare[p + 1i];
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    var tid: u32 = wavec_local_invocation_index;
    var mine: i32 = i32(tid);
    lanes[mine] = i32(tid);
    spare[tid] = 2i * i32(tid);
    var cell: i32 = i32(tid % 16u);
    cells[cell].value = i32(tid);
    cells[cell].twice = 2i * cells[cell].value;
    var counter: i32 = i32(tid % 16u);
    atomicAdd(&hits[counter], 1u);
    workgroupBarrier();
    if ((tid % 2u) == 0u) {
        let wavec_t = pairSum_lanes(mine);
        let wavec_t_1 = pairSum_spare(i32(tid));
        output[tid / 2u] = ((wavec_t + wavec_t_1) + cells[cell].twice) + i32(atomicLoad(&hits[counter]));
    }
}
