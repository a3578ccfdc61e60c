#version 450

layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

layout(set = 0, binding = 0, r32f) uniform writeonly image2D Heights;
layout(set = 0, binding = 1, rg32ui) uniform writeonly uimage2DArray Tiles;
layout(std430, set = 0, binding = 2) buffer Sizes_block {
    uint Sizes[];
};

float height(uvec2 p) {
    return float(p.x) * 0.5 + float(p.y) * 8.0;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    imageStore(Heights, ivec2(id.xy), vec4(height(id.xy), 0.0, 0.0, 0.0));
    imageStore(Tiles, ivec3(uvec3(id.x % 4u, id.y / 2u, id.x / 4u + 2u * (id.y % 2u))), uvec4(uvec2(id.x * 100u + id.y, id.y), 0u, 0u));
    if (all(equal(id, uvec3(0)))) {
        uint w;
        uint h;
        uint layers;
        w = uint(imageSize(Tiles).x), h = uint(imageSize(Tiles).y), layers = uint(imageSize(Tiles).z);
        Sizes[3] = uint(imageSize(Heights).x), Sizes[4] = uint(imageSize(Heights).y);
        Sizes[0] = w;
        Sizes[1] = h;
        Sizes[2] = layers;
    }
}
