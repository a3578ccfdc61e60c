RWStructuredBuffer<uint> Out;

uint mirror(uint x) {
    return reversebits(x);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = mirror(id.x);
}
