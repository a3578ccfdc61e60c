struct Particle {
    position: vec3<f32>,
    mass: f32,
    flags: array<u32, 2>,
}

const Weights: array<f32, 4> = array<f32, 4>(0.1f, 0.2f, 0.3f, 0.4f);
struct Params_block {
    Scale: f32,
    Mode: u32,
}
@group(0) @binding(0) var<uniform> Params: Params_block;
@group(0) @binding(1) var<storage, read_write> Particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> Colors: array<vec4<f32>>;

fn Weigh(x: f32) -> f32 {
    return x * Params.Scale;
}

fn Weigh_1(x: vec2<f32>) -> f32 {
    return dot(x, x);
}

fn Split(v: f32, whole: ptr<function, i32>, rest: ptr<function, f32>) {
    (*whole) = i32(v);
    (*rest) = (*rest) + (v - f32((*whole)));
}

fn Classify(v_in: u32) -> u32 {
    var v: u32 = v_in;
    switch (v & 3u) {
        case 0: {
            return 10u;
        }
        case 1, 2: {
            v = v + 1u;
        }
        case default: {
            return 0u;
        }
    }
    return v;
}

@compute @workgroup_size(8, 4, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var gi: u32 = wavec_local_invocation_index;
    var p: Particle = Particles[id.x];
    var v: vec3<f32> = (p.position * vec3<f32>(f32(2i))) + vec3<f32>(1.5f);
    let wavec_t = v.zx;
    v.x = wavec_t.x;
    v.z = wavec_t.y;
    let wavec_t_1 = Weigh(v.x);
    let wavec_t_2 = Weigh_1(v.xy);
    v = v * (wavec_t_1 + wavec_t_2);
    var whole: i32;
    var rest: f32 = 0.0f;
    var wavec_t_3: i32;
    var wavec_t_4: f32 = rest;
    Split(v.y, &wavec_t_3, &wavec_t_4);
    whole = wavec_t_3;
    rest = wavec_t_4;
    var mask: vec4<bool> = v.xyzx > vec4<f32>(0.5f);
    var picked: vec4<f32> = select(vec4<f32>(0.0f, 0.0f, 0.0f, 1.0f), vec4<f32>(v, 1.0f), mask);
    var bits: u32 = (u32(whole) << u32(3i)) | ((gi & 7u) ^ (~Params.Mode));
    bits = bits >> 1u;
    var i: u32 = 0u;
    {
        var k: u32 = 0u;
        for (; k < 4u; k = k + 1u) {
            rest = rest + (Weights[k] * (rest * rest));
            if (rest > 100.0f) {
                break;
            } else {
                if (rest < (-100.0f)) {
                    continue;
                }
            }
        }
    }
    while ((i < 3u) && (!(bits == 0u))) {
        i = i + 1u;
    }
    loop {
        i = i - 1u;
        continuing {
            break if !(i > 10u);
        }
    }
    let wavec_t_5 = Classify(bits);
    p.flags[1i] = wavec_t_5 + 1u;
    p.mass = (-p.mass) + (f32(i) % 3.0f);
    Particles[id.x] = p;
    Colors[id.x] = picked * vec4<f32>(rest);
}
