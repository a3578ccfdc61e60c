struct Tuple {
};

struct Nothing {
    Tuple a;
    Tuple b[2];
};

RWStructuredBuffer<int> outputBuffer;
static Tuple unset;
static Tuple fromCall = {};
static Tuple fromConstructor = {};
static Nothing nothing = {{}, {{}, {}}};

[numthreads(1, 1, 1)]
void computeMain() {
    outputBuffer[0] = 1;
    outputBuffer[1] = !true ? 1 : 0;
    outputBuffer[2] = 0;
}
