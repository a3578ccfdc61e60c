static const int WIDTH = 8;
static const float SCALE = 1.5f;
static const bool FLIP = false;
static const uint SHIFT = 2u;
RWStructuredBuffer<float> output;

[numthreads(8, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    const int twice = WIDTH * 2;
    float v = float(tid.x << SHIFT) * SCALE + float(twice);
    output[tid.x] = FLIP ? -v : v;
}
