#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Tile {
    uvec2 origin;
    uint width;
};

struct Blend {
    float weight;
    float bias;
};

layout(std430, push_constant) uniform EntryPointParams {
    Tile tile;
    Blend blend;
};
layout(std430, set = 0, binding = 0) buffer output_block {
    float output_1[];
};

float Blended(float x) {
    return x * blend.weight + blend.bias;
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint index = (tile.origin.y + id.y) * tile.width + tile.origin.x + id.x;
    output_1[index] = Blended(float(index));
}
