@group(0) @binding(0) var<storage, read> inputBuffer: array<i32>;
@group(0) @binding(1) var<storage, read_write> outputBuffer: array<i32>;

fn setTo(x: ptr<function, f32>, v: f32) {
    (*x) = v;
}

fn addTo(x: ptr<function, f32>, v: f32) {
    (*x) = (*x) + v;
}

fn fallthrough_1(k: i32) -> i32 {
    var acc: i32 = 1i;
    switch (k) {
        case 0: {
            acc = acc + 10i;
            {
                acc = acc * 3i;
                {
                    return acc + 100i;
                }
            }
        }
        case 1: {
            acc = acc * 3i;
            {
                return acc + 100i;
            }
        }
        case 2: {
            return acc + 100i;
        }
        case default: {
            return -k;
        }
    }
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var i: i32 = i32(tid.x);
    var x: f32 = f32(inputBuffer[i]);
    var m: mat3x3<f32> = mat3x3<f32>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
    var elements: vec2<f32> = vec2<f32>(x, 2.0f * x);
    m[0u][1u] = elements.x;
    m[1u][0u] = elements.y;
    var elements_1: vec2<f32> = vec2<f32>(m[2u][2u], m[0u][0u]) + vec2<f32>(5.0f, 7.0f);
    m[2u][2u] = elements_1.x;
    m[0u][0u] = elements_1.y;
    var elements_2: vec2<f32> = vec2<f32>(100.0f, 200.0f);
    m[2u][2u] = elements_2.x;
    m[0u][0u] = elements_2.y;
    var wavec_t: f32;
    setTo(&wavec_t, 9.0f + x);
    m[2u][0u] = wavec_t;
    var wavec_t_1: f32 = m[0u][2u];
    addTo(&wavec_t_1, 40.0f);
    m[0u][2u] = wavec_t_1;
    outputBuffer[i] = i32(m[0i][1i] + (10.0f * m[1i][0i]));
    outputBuffer[4i + i] = i32(m[2i][2i] + m[0i][0i]);
    outputBuffer[8i + i] = i32((m[2i][0i] * 100.0f) + m[0i][2i]);
    let wavec_t_2 = fallthrough_1(i);
    outputBuffer[12i + i] = wavec_t_2;
    var zero: vec2<i32> = vec2<i32>(0i, 0i);
    outputBuffer[16i + i] = (zero.x + zero.y) + i;
    outputBuffer[20i + i] = i32(m[1i][1i]);
}
