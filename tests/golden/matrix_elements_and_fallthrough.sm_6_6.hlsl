StructuredBuffer<int> inputBuffer;
RWStructuredBuffer<int> outputBuffer;

void setTo(out float x, float v) {
    x = v;
}

void addTo(inout float x, float v) {
    x += v;
}

int fallthrough(int k) {
    int acc = 1;
    switch (k) {
        case 0: {
            acc += 10;
        }
        case 1: {
            acc *= 3;
        }
        case 2: {
            return acc + 100;
        }
        default: {
            return -k;
        }
    }
}

[numthreads(4, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    int i = int(tid.x);
    float x = float(inputBuffer[i]);
    float3x3 m = float3x3(0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
    float2 elements = float2(x, 2.0f * x);
    m[0u][1u] = elements.x;
    m[1u][0u] = elements.y;
    float2 elements_1 = float2(m[2u][2u], m[0u][0u]) + float2(5.0f, 7.0f);
    m[2u][2u] = elements_1.x;
    m[0u][0u] = elements_1.y;
    float2 elements_2 = float2(100.0f, 200.0f);
    m[2u][2u] = elements_2.x;
    m[0u][0u] = elements_2.y;
    setTo(m[2u][0u], 9.0f + x);
    addTo(m[0u][2u], 40.0f);
    outputBuffer[i] = int(m[0][1] + 10.0f * m[1][0]);
    outputBuffer[4 + i] = int(m[2][2] + m[0][0]);
    outputBuffer[8 + i] = int(m[2][0] * 100.0f + m[0][2]);
    outputBuffer[12 + i] = fallthrough(i);
    int2 zero = int2(0, 0);
    outputBuffer[16 + i] = zero.x + zero.y + i;
    outputBuffer[20 + i] = int(m[1][1]);
}
