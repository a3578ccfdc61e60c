@group(0) @binding(0) var<storage, read_write> Out: array<u32>;

fn mirror(x: u32) -> u32 {
    {
        var r: u32 = 0u;
        {
            var i: u32 = 0u;
            for (; i < 32u; i = i + 1u) {
                r = r | (((x >> i) & 1u) << (31u - i));
            }
        }
        return r;
    }
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = mirror(id.x);
    Out[id.x] = wavec_t;
}
