#version 450
#extension GL_EXT_samplerless_texture_functions : require
#extension GL_EXT_shader_image_load_formatted : require

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(set = 0, binding = 0) uniform utextureBuffer Indices;
layout(set = 0, binding = 1, r32f) uniform imageBuffer Scalars;
layout(set = 0, binding = 2, rg32i) uniform iimageBuffer Pairs;
layout(set = 0, binding = 3) uniform imageBuffer Colors;
layout(set = 0, binding = 4) uniform texture1D Line;
layout(set = 0, binding = 5) uniform utexture3D Volume;
layout(set = 0, binding = 6) uniform texture2DArray Layers;
layout(set = 0, binding = 7, r32ui) uniform uimage1D LineOut;
layout(set = 0, binding = 8, rgba32i) uniform iimage3D VolumeOut;
layout(set = 0, binding = 9, rgba32f) uniform image2DArray LayersOut;
layout(std430, set = 0, binding = 10) buffer Slots_block {
    uint Slots[];
};
layout(std430, set = 0, binding = 11) buffer Slots_counter_block {
    int Slots_counter;
};
layout(std430, set = 0, binding = 12) buffer Produced_block {
    vec2 Produced[];
};
layout(std430, set = 0, binding = 13) buffer Produced_counter_block {
    int Produced_counter;
};
layout(std430, set = 0, binding = 14) buffer Consumed_block {
    vec2 Consumed[];
};
layout(std430, set = 0, binding = 15) buffer Consumed_counter_block {
    int Consumed_counter;
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint n;
    n = uint(textureSize(Indices));
    uint i = texelFetch(Indices, int(id.x % n)).x + texelFetch(Indices, int(id.y)).x;
    imageStore(Scalars, int(i), vec4(imageLoad(Scalars, int(id.x)).x * 2.0 + texelFetch(Line, int(id.x), 0).x, 0.0, 0.0, 0.0));
    imageStore(Pairs, int(id.x), ivec4(imageLoad(Pairs, int(id.x)).xy + ivec2(1, -1), 0, 0));
    imageStore(Colors, int(id.y), vec4(imageLoad(Colors, int(id.x)).xyz.zyx, 0.0));
    uint w;
    uint h;
    uint d;
    w = uint(textureSize(Volume, 0).x), h = uint(textureSize(Volume, 0).y), d = uint(textureSize(Volume, 0).z);
    uvec4 v = texelFetch(Volume, ivec3(id), 1) + texelFetch(Volume, ivec3(id % uvec3(w, h, d)), 0);
    imageStore(VolumeOut, ivec3(id), ivec4(ivec4(v)) - imageLoad(VolumeOut, ivec3(ivec3(id))));
    imageStore(LineOut, int(id.x), uvec4(v.x + imageLoad(LineOut, int(id.y)).x, 0u, 0u, 0u));
    uint lw;
    uint lh;
    uint count;
    lw = uint(textureSize(Layers, 0).x), lh = uint(textureSize(Layers, 0).y), count = uint(textureSize(Layers, 0).z);
    w = uint(imageSize(LayersOut).x), h = uint(imageSize(LayersOut).y), d = uint(imageSize(LayersOut).z);
    vec2 l = texelFetch(Layers, ivec3(ivec2(id.xy), int(id.z % count)), 0).xy + texelFetch(Layers, ivec3(uvec3(id.xy, 0u)), 0).xy;
    imageStore(LayersOut, ivec3(id), vec4(l, float(lw * lh), float(w + h + d)));
    uint slot = uint(atomicAdd(Slots_counter, 1));
    Slots[slot] = uint(atomicAdd(Slots_counter, -1) - 1);
    Produced[atomicAdd(Produced_counter, 1)] = Consumed[atomicAdd(Consumed_counter, -1) - 1] + l;
}
