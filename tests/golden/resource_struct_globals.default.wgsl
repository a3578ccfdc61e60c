struct Lookup {
    wavec_empty: u32,
}

@group(0) @binding(4) var<storage, read> table_keys: array<f32>;
@group(0) @binding(5) var<storage, read_write> table_values: array<f32>;
@group(0) @binding(7) var<storage, read> pages_keys: array<f32>;
@group(0) @binding(8) var<storage, read_write> pages_values: array<f32>;
@group(0) @binding(0) var<storage, read_write> Out: array<f32>;

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    table_values[id.x] = 2.0f;
    var i: u32 = id.x;
    var Lookup_at_result: f32;
    {
        Lookup_at_result = table_keys[i] * table_values[i];
    }
    var i_1: u32 = id.x;
    var Lookup_at_result_1: f32;
    {
        Lookup_at_result_1 = pages_keys[i_1] * pages_values[i_1];
    }
    Out[id.x] = Lookup_at_result + Lookup_at_result_1;
}
