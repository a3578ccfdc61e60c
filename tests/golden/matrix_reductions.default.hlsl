RWStructuredBuffer<int> inputBuffer;
RWStructuredBuffer<int> outputBuffer;

[numthreads(1, 1, 1)]
void computeMain() {
    bool t = inputBuffer[0] != 0;
    bool f = inputBuffer[1] != 0;
    int k = inputBuffer[2];
    bool2x2 mixed = bool2x2(t, f, f, t);
    bool2x2 flipped = !mixed;
    outputBuffer[0] = int(all(mixed)) + int(any(mixed)) * 10 + int(any(flipped)) * 100 + int(all(flipped)) * 1000;
    int2x3 counts = int2x3(k, 1, 2, 3, 4, k);
    outputBuffer[1] = int(all(counts)) + int(any(counts - counts)) * 10;
    float2x2 m2 = float2x2(float(k), 2.0f, 1.0f, 4.0f);
    float3x3 m3 = float3x3(2.0f, 0.0f, 1.0f, 1.0f, float(k), 0.0f, 0.0f, 1.0f, 1.0f);
    float4x4 m4 = float4x4(1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 2.0f, 0.0f, 0.0f, 0.0f, 0.0f, float(k), 0.0f, 1.0f, 1.0f, 1.0f, 1.0f);
    outputBuffer[2] = int(determinant(m2));
    outputBuffer[3] = int(determinant(m3));
    outputBuffer[4] = int(determinant(m4));
    outputBuffer[5] = int(determinant(float2x2(int2x2(k, 1, 1, k))));
}
