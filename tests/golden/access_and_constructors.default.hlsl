struct Settings {
    int hidden;
    int shown;
    int secret;
};

struct Pair {
    int first;
    int second;
};

struct Plain {
    int a;
    int b;
};

struct Product {
    int value;
};

RWStructuredBuffer<int> outputBuffer;

int Settings_reveal(Settings this_1) {
    return this_1.hidden * 100 + this_1.secret;
}

Plain Plain_init(int v) {
    Plain this_1 = {0, 0};
    this_1.a = v + 5;
    this_1.b = 3;
    return this_1;
}

int Plain_total(Plain this_1) {
    return this_1.a + this_1.b;
}

int Settings_secretTwice(Settings this_1) {
    return this_1.secret * 2;
}

Product Product____init_uint(uint x, uint y) {
    Product this_1 = {0};
    this_1.value = int(x) * int(y);
    return this_1;
}

[numthreads(1, 1, 1)]
void computeMain() {
    Settings s = {1, 9, 7};
    outputBuffer[0] = Settings_reveal(s) * 100 + s.shown;
    outputBuffer[1] = Settings_secretTwice(s);
    Pair p = {3, 2};
    Pair q = {0, 2};
    outputBuffer[2] = p.first * 10 + p.second + q.first * 1000 + q.second * 100;
    Plain zero = {0, 0};
    Plain made = Plain_init(1);
    Plain both = {4, 6};
    outputBuffer[3] = Plain_total(zero) * 100 + Plain_total(made) * 10 + Plain_total(both) % 10;
    Product pr = Product____init_uint(6u, 7u);
    outputBuffer[4] = pr.value;
    int2 v = int2(3, 4);
    outputBuffer[5] = (v + int2(1, 1)).y * 10 + (v * (int2)2).x + int(v.x < v.y) * 100;
    float f = 2.5f;
    outputBuffer[6] = float(f * 2.0f) == 5.0f ? 9 : 0;
}
