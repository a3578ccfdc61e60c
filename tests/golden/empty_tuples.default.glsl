#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Tuple {
    uint wavec_empty;
};

struct Nothing {
    Tuple a;
    Tuple b[2];
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};

void main() {
    outputBuffer[0] = 1;
    outputBuffer[1] = !true ? 1 : 0;
    outputBuffer[2] = 0;
}
