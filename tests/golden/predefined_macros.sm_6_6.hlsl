RWStructuredBuffer<uint> Output;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Output[id.x] = id.x * 5u;
    Output[id.x + 4u] = 2018u;
}
