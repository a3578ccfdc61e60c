#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Ring_int_3 {
    int items[3];
};

struct Ring_float_1 {
    float items[1];
};

struct Ring_uint_2 {
    uint items[2];
};

layout(std430, set = 0, binding = 0) buffer result_block {
    int result[];
};

int wavec_srem(int a, int b) {
    return a - b * (a / b);
}

int Ring_int_3_at(Ring_int_3 this_1, int i) {
    return this_1.items[wavec_srem(i, 3)];
}

void Ring_int_3_put(inout Ring_int_3 this_1, int i, int x) {
    this_1.items[wavec_srem(i, 3)] = x;
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

void main() {
    uvec3 id = gl_GlobalInvocationID;
    int i = int(id.x);
    Ring_int_3 r;
    Ring_int_3_put(r, i, i * 2);
    Ring_float_1 f;
    f.items[0] = 0.5;
    result[id.x] = Ring_int_3_at(r, i) + Ring_int_3_size() + Ring_uint_2_size() + int(Ring_float_1_at(f, i));
}
