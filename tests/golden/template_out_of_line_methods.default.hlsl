struct Ring_int_3 {
    int items[3];
};

struct Ring_float_1 {
    float items[1];
};

struct Ring_uint_2 {
    uint items[2];
};

RWStructuredBuffer<int> result;

int Ring_int_3_at(Ring_int_3 this_1, int i) {
    return this_1.items[i % 3];
}

void Ring_int_3_put(inout Ring_int_3 this_1, int i, int x) {
    this_1.items[i % 3] = x;
}

int Ring_int_3_size() {
    return 3;
}

float Ring_float_1_at(Ring_float_1 this_1, int i) {
    return this_1.items[0] + float(i);
}

int Ring_uint_2_size() {
    return 20;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int i = int(id.x);
    Ring_int_3 r;
    Ring_int_3_put(r, i, i * 2);
    Ring_float_1 f;
    f.items[0] = 0.5f;
    result[id.x] = Ring_int_3_at(r, i) + Ring_int_3_size() + Ring_uint_2_size() + int(Ring_float_1_at(f, i));
}
