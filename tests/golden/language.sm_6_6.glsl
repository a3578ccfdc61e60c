#version 450

layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

struct Particle {
    vec3 position;
    float mass;
    uint flags[2];
};

const float Weights[4] = float[4](0.1, 0.2, 0.3, 0.4);
layout(std140, set = 0, binding = 0) uniform Params_block {
    float Scale;
    uint Mode;
};
layout(std430, set = 0, binding = 1) buffer Particles_block {
    Particle Particles[];
};
layout(std430, set = 0, binding = 2) buffer Colors_block {
    vec4 Colors[];
};

float wavec_frem(float a, float b) {
    return a - b * trunc(a / b);
}

float Weigh(float x) {
    return x * Scale;
}

float Weigh(vec2 x) {
    return dot(x, x);
}

void Split(float v, out int whole, inout float rest) {
    whole = int(v);
    rest += v - float(whole);
}

uint Classify(uint v) {
    switch (v & 3u) {
        case 0: {
            return 10u;
        }
        case 1:
        case 2: {
            v += 1u;
            break;
        }
        default: {
            return 0u;
        }
    }
    return v;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint gi = gl_LocalInvocationIndex;
    Particle p = Particles[id.x];
    vec3 v = p.position * vec3(2) + vec3(1.5);
    v.xz = v.zx;
    v *= Weigh(v.x) + Weigh(v.xy);
    int whole;
    float rest = 0.0;
    Split(v.y, whole, rest);
    bvec4 mask = greaterThan(v.xyzx, vec4(0.5));
    vec4 picked = mix(vec4(0.0, 0.0, 0.0, 1.0), vec4(v, 1.0), mask);
    uint bits = uint(whole) << 3 | (gi & 7u) ^ ~Mode;
    bits >>= 1u;
    uint i = 0u;
    for (uint k = 0u; k < 4u; ++k) {
        rest += Weights[k] * (rest * rest);
        if (rest > 100.0) {
            break;
        } else if (rest < -100.0) {
            continue;
        }
    }
    while (i < 3u && !(bits == 0u)) {
        i++;
    }
    do {
        i--;
    } while (i > 10u);
    p.flags[1] = Classify(bits) + 0u;
    p.mass = -p.mass + wavec_frem(float(i), 3.0);
    Particles[id.x] = p;
    Colors[id.x] = picked * vec4(rest);
}
