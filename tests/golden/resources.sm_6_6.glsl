#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

struct Settings {
    uint stride;
    float bias;
};

layout(std140, set = 1, binding = 0) uniform settings_block {
    Settings settings;
};
layout(std430, set = 0, binding = 0) readonly buffer Raw_block {
    uint Raw[];
};
layout(std430, set = 0, binding = 1) buffer RawOut_block {
    uint RawOut[];
};
layout(set = 0, binding = 2) uniform textureBuffer Typed;
layout(std430, set = 0, binding = 3) buffer Counters_block {
    uint Counters[];
};
layout(std430, set = 0, binding = 4) buffer Counters_counter_block {
    int Counters_counter;
};
layout(set = 0, binding = 5) uniform texture2D Image;
layout(set = 0, binding = 6, rgba32f) uniform image2D Target;
shared uint g_total;

uint Raw_Load_uint(uint address) {
    uint i = address >> 2;
    return Raw[i + 0u];
}

uvec2 Raw_Load_uvec2(uint address) {
    uint i = address >> 2;
    return uvec2(Raw[i + 0u], Raw[i + 1u]);
}

float Raw_Load_float(uint address) {
    uint i = address >> 2;
    return uintBitsToFloat(Raw[i + 0u]);
}

void RawOut_Store_uint(uint address, uint value) {
    uint i = address >> 2;
    uint bits = value;
    RawOut[i + 0u] = bits;
}

void RawOut_Store_uvec2(uint address, uvec2 value) {
    uint i = address >> 2;
    uvec2 bits = value;
    RawOut[i + 0u] = bits.x;
    RawOut[i + 1u] = bits.y;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint gi = gl_LocalInvocationIndex;
    if (gi == 0u) {
        g_total = 0u;
    }
    memoryBarrierShared(), barrier();
    uint word = Raw_Load_uint(id.x * 4u);
    uvec2 pair = Raw_Load_uvec2(id.x * settings.stride);
    float value = Raw_Load_float(16u);
    RawOut_Store_uint(id.x * 4u, word + pair.y);
    RawOut_Store_uvec2(64u, pair);
    uint previous;
    previous = atomicAdd(RawOut[0u >> 2], 1u);
    uint size;
    size = uint(Raw.length()) * 4u;
    uint width;
    uint height;
    width = uint(imageSize(Target).x), height = uint(imageSize(Target).y);
    vec4 texel = texelFetch(Image, ivec2(id.xy), 0) + texelFetch(Typed, int(id.x)) + vec4(settings.bias);
    imageStore(Target, ivec2(id.xy), texel * vec4(value));
    uint original;
    original = atomicAdd(g_total, word);
    atomicMax(Counters[1], previous);
    original = atomicCompSwap(Counters[2], 0u, id.x);
    uint slot = uint(atomicAdd(Counters_counter, 1));
    memoryBarrier(), barrier();
    if (gi == 0u) {
        Counters[0] = g_total + slot + size + width * height;
    }
}
