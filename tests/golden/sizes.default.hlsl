struct Base {
    float3 wide;
    bool tag;
};

struct Derived {
    float3 wide;
    bool Base_tag;
    int count;
    bool tag;
};

struct Item {
    int a;
    float3 b;
};

struct Holder_bool {
    bool items[2];
    bool pad[2];
};

struct Holder_float3 {
    float3 items[2];
    bool pad[5];
};

struct DefaultDataLayout {
};

struct Std430DataLayout {
};

struct Std140DataLayout {
};

struct ScalarDataLayout {
};

RWStructuredBuffer<int> outputBuffer;
static const uint A = 3u;
static const uint B = 4u;

uint measured_DefaultDataLayout() {
    return 3204u;
}

uint measured_Std430DataLayout() {
    return 6016u;
}

uint measured_Std140DataLayout() {
    return 6016u;
}

uint measured_ScalarDataLayout() {
    return 3204u;
}

int sizeOfGeneric_bool(bool value) {
    return 4;
}

int sizeOfGeneric_float(float value) {
    return 16;
}

[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    int counter = 5;
    int triple[3] = {1, 2, 3};
    float g[12];
    outputBuffer[0] = 21;
    outputBuffer[1] = 4;
    outputBuffer[2] = 11;
    outputBuffer[3] = 24;
    outputBuffer[4] = 4;
    outputBuffer[5] = 29;
    outputBuffer[6] = 4;
    outputBuffer[7] = counter;
    outputBuffer[8] = 48;
    outputBuffer[9] = 44;
    outputBuffer[10] = 83;
    outputBuffer[11] = int(measured_DefaultDataLayout());
    outputBuffer[12] = int(measured_Std430DataLayout());
    outputBuffer[13] = int(measured_Std140DataLayout());
    outputBuffer[14] = int(measured_ScalarDataLayout());
    outputBuffer[15] = sizeOfGeneric_bool(true) * 100 + sizeOfGeneric_float(1.0f);
    outputBuffer[16] = int(uint(triple[2]) + 0u + 10u);
    Derived d;
    d.tag = true;
    d.count = 2;
    outputBuffer[17] = int(d.tag) + d.count * 10;
}
