@group(0) @binding(0) var<storage, read_write> Output: array<u32>;

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    Output[id.x] = id.x * 5u;
    Output[id.x + 4u] = 2018u;
}
