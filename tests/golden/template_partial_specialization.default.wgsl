struct Norm_float3 {
    wavec_empty: u32,
}

struct Norm_float2x2 {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read_write> result: array<f32>;

fn Norm_float3_of(v: vec3<f32>) -> f32 {
    return sqrt(dot(v, v));
}

fn Norm_float2x2_of(m: mat2x2<f32>) -> f32 {
    var sum: f32 = 0.0f;
    {
        var r: i32 = 0i;
        for (; r < 2i; r = r + 1i) {
            sum = sum + dot(m[r], m[r]);
        }
    }
    return sqrt(sum);
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: f32 = f32(id.x);
    var v: vec3<f32> = vec3<f32>(x, 2.0f, 2.0f);
    var m: mat2x2<f32> = mat2x2<f32>(x, 0.0f, 0.0f, 1.0f);
    let wavec_t = Norm_float3_of(v);
    let wavec_t_1 = Norm_float2x2_of(m);
    result[id.x] = (wavec_t * 3.0f) + (wavec_t_1 * 4.0f);
}
