struct Counter {
    int total;
    int step_1;
};

struct Knob {
    int v;
};

struct computeMain_Local {
    int a;
    int b;
};

struct Holder_int_2 {
    int items[2];
};

struct Holder_float_2 {
    float items[2];
};

RWStructuredBuffer<int> outputBuffer;
static const int Base = 3;
static const int Exported = 6;
static const int Read = 1;
static const int Write = 2;
static const int Execute = 4;
static const int Dim = 2;
static const int Bright = 3;

int Counter_bump(Counter this_1) {
    return this_1.total + this_1.step_1;
}

int mixed(int a, int b) {
    return a * 10 + b;
}

int total() {
    return 1;
}

int Tools__total() {
    return 2;
}

int Tools__fromFile() {
    return total() * 100 + Tools__total();
}

int sumOfMatrix(float2x2 matrix_1) {
    return int(matrix_1[0][0] + matrix_1[1][1]);
}

int Knob_scale(Knob this_1) {
    return this_1.v * 3;
}

int Knob_shift(Knob this_1) {
    return this_1.v + 1;
}

int Knob_get(Knob this_1) {
    return this_1.v;
}

int twice_int(int value) {
    return value + value;
}

int combine_Knob(Knob k) {
    return Knob_scale(k) * 100 + Knob_shift(k) * 10 + Knob_get(k);
}

int Holder_int_2_count(Holder_int_2 this_1) {
    return 2;
}

int Holder_float_2_count(Holder_float_2 this_1) {
    return 2;
}

int sized_int_3(int values[3], int2 head) {
    return 32;
}

int defaulted_float_4() {
    return 8;
}

int defaulted_int16_t_1() {
    return 3;
}

uint joined_uint(uint a, uint b) {
    return uint(a + b);
}

int laterDefined() {
    return 5000;
}

[numthreads(1, 1, 1)]
void computeMain() {
    Counter c = {0, 2};
    c.total = 6;
    outputBuffer[0] = Counter_bump(c);
    outputBuffer[1] = twice_int(21) + mixed(1, 2);
    computeMain_Local l = {4, 5};
    outputBuffer[2] = l.a * l.b + 3;
    int a = 1;
    a |= 4;
    a ^= 3;
    outputBuffer[3] = int(a);
    outputBuffer[4] = Tools__fromFile() + laterDefined();
    {
        outputBuffer[5] = Tools__fromFile();
    }
    outputBuffer[6] = sumOfMatrix(float2x2(1.0f, 2.0f, 3.0f, 4.0f));
    Knob k;
    k.v = 2;
    outputBuffer[7] = combine_Knob(k);
    Holder_int_2 h;
    Holder_float_2 p;
    outputBuffer[8] = int(uint(Holder_int_2_count(h) * 10 + Holder_float_2_count(p)) + 4u);
    int values[3] = {1, 2, 3};
    outputBuffer[9] = sized_int_3(values, int2(5, 6));
    outputBuffer[10] = defaulted_float_4() * 100 + defaulted_int16_t_1();
    outputBuffer[11] = int(joined_uint(4294967295u, 5u) + joined_uint(2u, 3u));
    int arr[3] = {7, 8, 9};
    float3 zero = float3(0.0f, 0.0f, 0.0f);
    float one = 1.5f;
    outputBuffer[12] = 300 + arr[2] + int(zero.x + zero.y + one * 2.0f);
}
