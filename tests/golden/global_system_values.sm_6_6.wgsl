@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;
var<private> groupId: vec3<u32>;
var<private> lane: u32;
var<private> thread: vec2<u32>;

fn code() -> i32 {
    return i32(((groupId.x * 1000u) + (lane * 10u)) + thread.x);
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(workgroup_id) wavec_workgroup_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    var wavec_GroupID: vec3<u32> = wavec_workgroup_id;
    var wavec_GroupIndex: u32 = wavec_local_invocation_index;
    var wavec_DispatchThreadID: vec2<u32> = wavec_global_invocation_id.xy;
    groupId = wavec_GroupID;
    lane = wavec_GroupIndex;
    thread = wavec_DispatchThreadID;
    let wavec_t = code();
    outputBuffer[thread.x] = wavec_t;
}
