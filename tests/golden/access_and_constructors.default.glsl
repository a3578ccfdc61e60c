#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

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

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};

int wavec_srem(int a, int b) {
    return a - b * (a / b);
}

int Settings_reveal(Settings this_1) {
    return this_1.hidden * 100 + this_1.secret;
}

Plain Plain_init(int v) {
    Plain this_1 = Plain(0, 0);
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
    Product this_1 = Product(0);
    this_1.value = int(x) * int(y);
    return this_1;
}

void main() {
    Settings s = Settings(1, 9, 7);
    outputBuffer[0] = Settings_reveal(s) * 100 + s.shown;
    outputBuffer[1] = Settings_secretTwice(s);
    Pair p = Pair(3, 2);
    Pair q = Pair(0, 2);
    outputBuffer[2] = p.first * 10 + p.second + q.first * 1000 + q.second * 100;
    Plain zero = Plain(0, 0);
    Plain made = Plain_init(1);
    Plain both = Plain(4, 6);
    outputBuffer[3] = Plain_total(zero) * 100 + Plain_total(made) * 10 + wavec_srem(Plain_total(both), 10);
    Product pr = Product____init_uint(6u, 7u);
    outputBuffer[4] = pr.value;
    ivec2 v = ivec2(3, 4);
    outputBuffer[5] = (v + ivec2(1, 1)).y * 10 + (v * ivec2(2)).x + int(v.x < v.y) * 100;
    float f = 2.5;
    outputBuffer[6] = float(f * 2.0) == 5.0 ? 9 : 0;
}
