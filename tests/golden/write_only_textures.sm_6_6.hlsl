[[vk::binding(0, 0)]] RWTexture2D<float> Heights;
[[vk::binding(1, 0)]] RWTexture2DArray<uint2> Tiles;
[[vk::binding(2, 0)]] RWStructuredBuffer<uint> Sizes;

float height(uint2 p) {
    return float(p.x) * 0.5f + float(p.y) * 8.0f;
}

[numthreads(8, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Heights[id.xy] = height(id.xy);
    Tiles[uint3(id.x % 4u, id.y / 2u, id.x / 4u + 2u * (id.y % 2u))] = uint2(id.x * 100u + id.y, id.y);
    if (all(id == (uint3)0)) {
        uint w;
        uint h;
        uint layers;
        Tiles.GetDimensions(w, h, layers);
        Heights.GetDimensions(Sizes[3], Sizes[4]);
        Sizes[0] = w;
        Sizes[1] = h;
        Sizes[2] = layers;
    }
}
