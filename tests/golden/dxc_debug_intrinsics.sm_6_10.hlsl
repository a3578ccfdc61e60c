RWStructuredBuffer<uint> Output;
[[vk::image_format("unknown")]] RWTexture2D<float4> Canvas;

void twice(inout uint x) {
    x *= 2u;
}

uint next(inout uint counter) {
    return ++counter;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint counter = id.x;
    printf("thread %u: \"%s\"\n", id.x);
    printf("pair %f, flag %d", 0.5f, id.x == 3u);
    printf("%f and %f", half(id.x), 0.25f);
    printf("next %u", next(counter));
    if (counter > 100u) {
        DebugBreak();
    }
    ++counter, twice(counter);
    counter += 3u, twice(counter);
    Canvas[id.xy] = float4(float(counter), 0.0f, 0.0f, 1.0f);
    Output[id.x] = counter;
}
