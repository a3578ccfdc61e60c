struct Atomic_uint {
    value: atomic<u32>,
}

struct Atomic_int {
    value: atomic<i32>,
}

@group(0) @binding(0) var<storage, read_write> counters: array<Atomic_uint>;
@group(0) @binding(1) var<storage, read_write> outputBuffer: array<i32>;
var<workgroup> shared_1: Atomic_int;

@compute @workgroup_size(16, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var atomic_original: u32;
    var atomic_operand: i32;
    var atomic_original_1: i32;
    var atomic_original_2: u32;
    var atomic_original_3: u32;
    var atomic_original_4: u32;
    var atomic_original_5: u32;
    var atomic_original_6: u32;
    var atomic_original_7: u32;
    var atomic_original_8: i32;
    var atomic_original_9: i32;
    var atomic_original_10: i32;
    if (tid.x == 0u) {
        atomicStore(&shared_1.value, 0i);
    }
    workgroupBarrier();
    atomic_original = atomicAdd(&counters[0i].value, 1u);
    var ticket: u32 = atomic_original;
    atomic_operand = i32(ticket);
    atomic_original_1 = atomicAdd(&shared_1.value, atomic_operand);
    _ = atomic_original_1 + atomic_operand;
    atomic_original_2 = atomicMax(&counters[1i].value, (tid.x * 3u));
    atomicOr(&counters[2i].value, (1u << tid.x));
    atomicAdd(&counters[3i].value, 4294967294u);
    atomic_original_3 = atomicAdd(&counters[4i].value, 1u);
    var before: u32 = atomic_original_3;
    atomic_original_4 = atomicAdd(&counters[4i].value, 1u);
    _ = atomic_original_4 + 1u;
    workgroupBarrier();
    if (tid.x == 0u) {
        outputBuffer[0i] = i32(atomicLoad(&counters[0i].value));
        outputBuffer[1i] = atomicLoad(&shared_1.value);
        atomic_original_5 = atomicExchange(&counters[5i].value, 7u);
        outputBuffer[2i] = i32(atomic_original_5);
        atomic_original_6 = atomicCompareExchangeWeak(&counters[5i].value, 7u, 9u).old_value;
        outputBuffer[3i] = i32(atomic_original_6);
        atomic_original_7 = atomicCompareExchangeWeak(&counters[5i].value, 1u, 2u).old_value;
        outputBuffer[4i] = i32(atomic_original_7);
        outputBuffer[5i] = i32(atomicLoad(&counters[5i].value));
        atomic_original_8 = atomicAdd(&shared_1.value, (-20i));
        outputBuffer[6i] = atomic_original_8 - atomicLoad(&shared_1.value);
        outputBuffer[7i] = i32(atomicLoad(&counters[3i].value));
        outputBuffer[8i] = i32(atomicLoad(&counters[4i].value));
        let wavec_t = 40u;
        atomic_original_9 = atomicAdd(&shared_1.value, (-1i));
        let wavec_t_1 = atomic_original_9;
        atomic_original_10 = atomicAdd(&shared_1.value, 1i);
        outputBuffer[9i] = i32(wavec_t + u32(wavec_t_1 - atomic_original_10));
        outputBuffer[10i] = i32(atomicLoad(&counters[1i].value));
        outputBuffer[11i] = i32(atomicLoad(&counters[2i].value));
    }
}
