enable subgroups;

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<u32>;

fn WaveSumAll_float_3(value: vec3<f32>) -> vec3<f32> {
    return subgroupAdd(value);
}

fn WaveSumAll_uint_2(value: vec2<u32>) -> vec2<u32> {
    return subgroupAdd(value);
}

fn Twice_int(x: i32) -> i32 {
    return x + x;
}

fn Spread_uint_3(x: u32) -> u32 {
    var v: vec3<u32> = vec3<u32>(x);
    var total: u32 = 0u;
    {
        var i: i32 = 0i;
        for (; i < 3i; i = i + 1i) {
            total = total + v[i];
        }
    }
    return total;
}

fn Larger_uint(a: u32, b: u32) -> u32 {
    return max(a, b);
}

fn Last_uint_4(v: vec4<u32>) -> u32 {
    return v[3i];
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var idx: u32 = tid.x;
    let wavec_t = WaveSumAll_float_3(vec3<f32>(f32(idx), 1.0f, 2.0f));
    var sums: vec3<f32> = wavec_t;
    let wavec_t_1 = WaveSumAll_uint_2(vec2<u32>(idx & 15u, 1u));
    var counts: vec2<u32> = wavec_t_1;
    let wavec_t_2 = Twice_int(i32(idx));
    let wavec_t_3 = Twice_int(3i);
    var twice: i32 = wavec_t_2 + wavec_t_3;
    let wavec_t_4 = Spread_uint_3(idx);
    var spread: u32 = wavec_t_4;
    let wavec_t_5 = Larger_uint(idx, 4u);
    let wavec_t_6 = ((u32(sums.x) + counts.y) + u32(twice)) + wavec_t_5;
    let wavec_t_7 = Last_uint_4(vec4<u32>(1u, 2u, 3u, idx));
    outputBuffer[idx] = (wavec_t_6 + wavec_t_7) + spread;
}
