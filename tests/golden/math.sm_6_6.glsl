#version 450

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    vec4 Out[];
};
layout(std430, set = 0, binding = 1) buffer OutU_block {
    uvec4 OutU[];
};

float wavec_saturate(float x) {
    return clamp(x, 0.0, 1.0);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float x = float(id.x) / 32.0;
    vec3 n = normalize(vec3(x, 1.0 - x, 0.5));
    float a = min(x, 0.25) + max(x, 1.0) + clamp(x, 0.1, 0.9) + abs(-x) + wavec_saturate(x * 2.0);
    float b = mix(0.0, 10.0, x) + dot(n, n) + length(n) + sqrt(x) + inversesqrt(x + 1.0);
    float c = floor(x * 10.0) + ceil(x) + fract(x * 3.0) + exp(x) + log(x + 1.0) + pow(x, 2.0) + sin(x) + cos(x);
    vec3 d = cross(n, vec3(0.0, 0.0, 1.0));
    uint bits = floatBitsToUint(x) ^ uint(bitCount(id.x)) ^ uint(findLSB(id.x | 1u)) ^ uint(findMSB(id.x + 1u)) ^ bitfieldReverse(id.x);
    uint packed = packHalf2x16(vec2(x, 0.0)) | packHalf2x16(vec2(1.0 - x, 0.0)) << 16;
    float back = (unpackHalf2x16(packed & 65535u).x) + uintBitsToFloat(floatBitsToUint(x)) + float(floatBitsToInt(x));
    Out[id.x] = vec4(a, b, c, back) + vec4(d, 0.0);
    OutU[id.x] = uvec4(bits, packed, id.x * 3u, uint(a));
}
