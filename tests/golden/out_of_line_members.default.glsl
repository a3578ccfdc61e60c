#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Weights {
    uint wavec_empty;
};

struct Table_int {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 0) buffer result_block {
    int result[];
};
const int Weights__table[2] = int[2](2, 3);
const int Table_int__values[3] = int[3](7, 11, 13);

int wavec_srem(int a, int b) {
    return a - b * (a / b);
}

int Weights_scale(int x) {
    return x * Weights__table[x & 1];
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    int i = int(id.x);
    result[id.x] = Weights_scale(i) + Table_int__values[wavec_srem(i, 3)];
}
