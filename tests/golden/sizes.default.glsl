#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Base {
    vec3 wide;
    bool tag;
};

struct Derived {
    vec3 wide;
    bool Base_tag;
    int count;
    bool tag;
};

struct Item {
    int a;
    vec3 b;
};

struct Holder_bool {
    bool items[2];
    bool pad[2];
};

struct Holder_float3 {
    vec3 items[2];
    bool pad[5];
};

struct DefaultDataLayout {
    uint wavec_empty;
};

struct Std430DataLayout {
    uint wavec_empty;
};

struct Std140DataLayout {
    uint wavec_empty;
};

struct ScalarDataLayout {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};

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

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    int counter = 5;
    int triple[3] = int[3](1, 2, 3);
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
    outputBuffer[15] = sizeOfGeneric_bool(true) * 100 + sizeOfGeneric_float(1.0);
    outputBuffer[16] = int(uint(triple[2]) + 0u + 10u);
    Derived d;
    d.tag = true;
    d.count = 2;
    outputBuffer[17] = int(d.tag) + d.count * 10;
}
