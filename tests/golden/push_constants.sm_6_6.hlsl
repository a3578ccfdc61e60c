struct Tile {
    uint2 origin;
    uint width;
};

struct Blend {
    float weight;
    float bias;
};

struct PushConstants {
    Tile tile;
    Blend blend;
};
[[vk::push_constant]] PushConstants push_constants;
RWStructuredBuffer<float> output;

float Blended(float x) {
    return x * push_constants.blend.weight + push_constants.blend.bias;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint index = (push_constants.tile.origin.y + id.y) * push_constants.tile.width + push_constants.tile.origin.x + id.x;
    output[index] = Blended(float(index));
}
