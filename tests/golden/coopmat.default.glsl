#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct linalg__CoopMat_int_3_4_4_0 {
    int data[16];
};

struct linalg__CoopMat_int_3_4_4_1 {
    int data[16];
};

struct linalg__CoopMat_int_3_4_4_2 {
    int data[16];
};

struct DefaultDataLayout {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 0) buffer input_block {
    int input_1[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    int outputBuffer[];
};

linalg__CoopMat_int_3_4_4_0 linalg__CoopMat_int_3_4_4_0_init() {
    linalg__CoopMat_int_3_4_4_0 this_1 = linalg__CoopMat_int_3_4_4_0(int[16](0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    return this_1;
}

uint linalg__CoopMat_int_3_4_4_0_GetLength() {
    const uint lanes = subgroupBallotBitCount(subgroupBallot(true));
    return (16u + lanes - 1u) / lanes;
}

int linalg__CoopMat_int_3_4_4_0_element(linalg__CoopMat_int_3_4_4_0 this_1, uint index, uint len) {
    return subgroupShuffle(this_1.data[index % len], index / len);
}

uint linalg__CoopMat_int_3_4_4_0_offsetOf(uint index, int matrixLayout, uint element, uint stride) {
    const uint row = index / 4u;
    const uint column = index % 4u;
    if (matrixLayout == 0) {
        return element + row * stride + column;
    }
    return element + column * stride + row;
}

linalg__CoopMat_int_3_4_4_1 linalg__CoopMat_int_3_4_4_1_init() {
    linalg__CoopMat_int_3_4_4_1 this_1 = linalg__CoopMat_int_3_4_4_1(int[16](0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    return this_1;
}

uint linalg__CoopMat_int_3_4_4_1_GetLength() {
    const uint lanes = subgroupBallotBitCount(subgroupBallot(true));
    return (16u + lanes - 1u) / lanes;
}

int linalg__CoopMat_int_3_4_4_1_element(linalg__CoopMat_int_3_4_4_1 this_1, uint index, uint len) {
    return subgroupShuffle(this_1.data[index % len], index / len);
}

uint linalg__CoopMat_int_3_4_4_1_offsetOf(uint index, int matrixLayout, uint element, uint stride) {
    const uint row = index / 4u;
    const uint column = index % 4u;
    if (matrixLayout == 0) {
        return element + row * stride + column;
    }
    return element + column * stride + row;
}

linalg__CoopMat_int_3_4_4_2 linalg__CoopMat_int_3_4_4_2_init() {
    linalg__CoopMat_int_3_4_4_2 this_1 = linalg__CoopMat_int_3_4_4_2(int[16](0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    return this_1;
}

uint linalg__CoopMat_int_3_4_4_2_GetLength() {
    const uint lanes = subgroupBallotBitCount(subgroupBallot(true));
    return (16u + lanes - 1u) / lanes;
}

void linalg__CoopMat_int_3_4_4_2_fill(inout linalg__CoopMat_int_3_4_4_2 this_1, int t) {
    const uint len = linalg__CoopMat_int_3_4_4_2_GetLength();
    for (uint i = 0u; i < len; i++) {
        this_1.data[i] = t;
    }
}

linalg__CoopMat_int_3_4_4_2 linalg__CoopMat_int_3_4_4_2_init_2(int t) {
    linalg__CoopMat_int_3_4_4_2 this_1 = linalg__CoopMat_int_3_4_4_2(int[16](0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    linalg__CoopMat_int_3_4_4_2_fill(this_1, t);
    return this_1;
}

uint linalg__CoopMat_int_3_4_4_2_offsetOf(uint index, int matrixLayout, uint element, uint stride) {
    const uint row = index / 4u;
    const uint column = index % 4u;
    if (matrixLayout == 0) {
        return element + row * stride + column;
    }
    return element + column * stride + row;
}

linalg__CoopMat_int_3_4_4_2 linalg__CoopMat_int_3_4_4_2_operator_add(linalg__CoopMat_int_3_4_4_2 this_1, linalg__CoopMat_int_3_4_4_2 other) {
    linalg__CoopMat_int_3_4_4_2 r = linalg__CoopMat_int_3_4_4_2_init();
    const uint len = linalg__CoopMat_int_3_4_4_2_GetLength();
    for (uint i = 0u; i < len; i++) {
        r.data[i] = this_1.data[i] + other.data[i];
    }
    return r;
}

int linalg____coopMatAccumulate_int(int sum, int c, bool saturate_1) {
    const int total = sum + c;
    if (saturate_1 && true && true) {
        if (sum >= 0 && c >= 0 && total < 0) {
            return 2147483647;
        }
        if (sum < 0 && c < 0 && total >= 0) {
            return -2147483647 - 1;
        }
    } else if (saturate_1 && true && total < sum) {
        return 2147483647;
    }
    return total;
}

linalg__CoopMat_int_3_4_4_2 linalg__coopMatMulAdd_int_0_int_int_int_3_4_4_4(linalg__CoopMat_int_3_4_4_0 matA, linalg__CoopMat_int_3_4_4_1 matB, linalg__CoopMat_int_3_4_4_2 matC) {
    int a[16];
    const uint lenA = linalg__CoopMat_int_3_4_4_0_GetLength();
    for (uint index = 0u; index < 16u; index++) {
        a[index] = int(linalg__CoopMat_int_3_4_4_0_element(matA, index, lenA));
    }
    int b[16];
    const uint lenB = linalg__CoopMat_int_3_4_4_1_GetLength();
    for (uint index_1 = 0u; index_1 < 16u; index_1++) {
        b[index_1] = int(linalg__CoopMat_int_3_4_4_1_element(matB, index_1, lenB));
    }
    linalg__CoopMat_int_3_4_4_2 result = linalg__CoopMat_int_3_4_4_2_init();
    const uint len = linalg__CoopMat_int_3_4_4_2_GetLength();
    for (uint i = 0u; i < len; i++) {
        const uint index_2 = gl_SubgroupInvocationID * len + i;
        if (index_2 >= 16u) {
            continue;
        }
        const uint row = index_2 / 4u;
        const uint column = index_2 % 4u;
        int sum = 0;
        for (uint k = 0u; k < 4u; k++) {
            sum = linalg____coopMatAccumulate_int(sum, a[row * 4u + k] * b[k * 4u + column], false);
        }
        result.data[i] = linalg____coopMatAccumulate_int(sum, int(matC.data[i]), false);
    }
    return result;
}

linalg__CoopMat_int_3_4_4_0 linalg__CoopMat_int_3_4_4_0__Load_0_input(uint element, uint stride) {
    linalg__CoopMat_int_3_4_4_0 m = linalg__CoopMat_int_3_4_4_0_init();
    uint count;
    uint elementStride;
    count = uint(input_1.length()), elementStride = 4u;
    const uint len = linalg__CoopMat_int_3_4_4_0_GetLength();
    for (uint i = 0u; i < len; i++) {
        const uint index = gl_SubgroupInvocationID * len + i;
        const uint at = linalg__CoopMat_int_3_4_4_0_offsetOf(index, 0, element, stride);
        if (index < 16u && at < count) {
            m.data[i] = input_1[at];
        }
    }
    return m;
}

linalg__CoopMat_int_3_4_4_1 linalg__CoopMat_int_3_4_4_1__Load_1_input(uint element, uint stride) {
    linalg__CoopMat_int_3_4_4_1 m = linalg__CoopMat_int_3_4_4_1_init();
    uint count;
    uint elementStride;
    count = uint(input_1.length()), elementStride = 4u;
    const uint len = linalg__CoopMat_int_3_4_4_1_GetLength();
    for (uint i = 0u; i < len; i++) {
        const uint index = gl_SubgroupInvocationID * len + i;
        const uint at = linalg__CoopMat_int_3_4_4_1_offsetOf(index, 1, element, stride);
        if (index < 16u && at < count) {
            m.data[i] = input_1[at];
        }
    }
    return m;
}

linalg__CoopMat_int_3_4_4_2 linalg__CoopMat_int_3_4_4_2__Load_0_input(uint element, uint stride) {
    linalg__CoopMat_int_3_4_4_2 m = linalg__CoopMat_int_3_4_4_2_init();
    uint count;
    uint elementStride;
    count = uint(input_1.length()), elementStride = 4u;
    const uint len = linalg__CoopMat_int_3_4_4_2_GetLength();
    for (uint i = 0u; i < len; i++) {
        const uint index = gl_SubgroupInvocationID * len + i;
        const uint at = linalg__CoopMat_int_3_4_4_2_offsetOf(index, 0, element, stride);
        if (index < 16u && at < count) {
            m.data[i] = input_1[at];
        }
    }
    return m;
}

void linalg__CoopMat_int_3_4_4_2__Store_0_outputBuffer(linalg__CoopMat_int_3_4_4_2 this_1, uint element, uint stride) {
    uint count;
    uint elementStride;
    count = uint(outputBuffer.length()), elementStride = 4u;
    const uint len = linalg__CoopMat_int_3_4_4_2_GetLength();
    for (uint i = 0u; i < len; i++) {
        const uint index = gl_SubgroupInvocationID * len + i;
        const uint at = linalg__CoopMat_int_3_4_4_2_offsetOf(index, 0, element, stride);
        if (index < 16u && at < count) {
            outputBuffer[at] = this_1.data[i];
        }
    }
}

void main() {
    const linalg__CoopMat_int_3_4_4_0 a = linalg__CoopMat_int_3_4_4_0__Load_0_input(0u, 4u);
    const linalg__CoopMat_int_3_4_4_1 b = linalg__CoopMat_int_3_4_4_1__Load_1_input(0u, 4u);
    const linalg__CoopMat_int_3_4_4_2 c = linalg__CoopMat_int_3_4_4_2_operator_add(linalg__CoopMat_int_3_4_4_2_init_2(1), linalg__CoopMat_int_3_4_4_2__Load_0_input(0u, 4u));
    linalg__CoopMat_int_3_4_4_2__Store_0_outputBuffer(linalg__coopMatMulAdd_int_0_int_int_int_3_4_4_4(a, b, c), 0u, 4u);
}
