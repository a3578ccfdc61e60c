#version 450

layout(local_size_x = 2, local_size_y = 1, local_size_z = 1) in;

struct DefaultDataLayout {
    uint wavec_empty;
};

struct CoopVec_float_5 {
    float __elements[5];
};

layout(std430, set = 0, binding = 0) readonly buffer input_block {
    float input_1[];
};
layout(std430, set = 0, binding = 1) buffer outputBuffer_block {
    float outputBuffer[];
};

CoopVec_float_5 CoopVec_float_5_init_2(float value) {
    CoopVec_float_5 this_1 = CoopVec_float_5(float[5](0.0, 0.0, 0.0, 0.0, 0.0));
    for (int i = 0; i < 5; ++i) {
        this_1.__elements[i] = value;
    }
    return this_1;
}

float CoopVec_float_5_get___subscript(CoopVec_float_5 this_1, int index) {
    return this_1.__elements[index];
}

void CoopVec_float_5_set___subscript(inout CoopVec_float_5 this_1, int index, float newValue) {
    this_1.__elements[index] = newValue;
}

CoopVec_float_5 CoopVec_float_5_init() {
    CoopVec_float_5 this_1 = CoopVec_float_5(float[5](0.0, 0.0, 0.0, 0.0, 0.0));
    for (int i = 0; i < 5; ++i) {
        this_1.__elements[i] = 0.0;
    }
    return this_1;
}

CoopVec_float_5 CoopVec_float_5_operator_sub(CoopVec_float_5 this_1, CoopVec_float_5 other) {
    CoopVec_float_5 result = CoopVec_float_5_init();
    for (int i = 0; i < 5; ++i) {
        result.__elements[i] = this_1.__elements[i] - other.__elements[i];
    }
    return result;
}

CoopVec_float_5 CoopVec_float_5_operator_mul(CoopVec_float_5 this_1, CoopVec_float_5 other) {
    CoopVec_float_5 result = CoopVec_float_5_init();
    for (int i = 0; i < 5; ++i) {
        result.__elements[i] = this_1.__elements[i] * other.__elements[i];
    }
    return result;
}

CoopVec_float_5 CoopVec_float_5_operator_mul_2(CoopVec_float_5 this_1, float scale) {
    CoopVec_float_5 result = CoopVec_float_5_init();
    for (int i = 0; i < 5; ++i) {
        result.__elements[i] = this_1.__elements[i] * scale;
    }
    return result;
}

CoopVec_float_5 CoopVec_float_5____init_pack_int_int_int(float first, float second, int rest_0, int rest_1, int rest_2) {
    CoopVec_float_5 this_1 = CoopVec_float_5(float[5](0.0, 0.0, 0.0, 0.0, 0.0));
    this_1.__elements[0] = first;
    this_1.__elements[1] = second;
    int i = 2;
    this_1.__elements[i++] = float(rest_0), this_1.__elements[i++] = float(rest_1), this_1.__elements[i++] = float(rest_2);
    return this_1;
}

CoopVec_float_5 max_float_5(CoopVec_float_5 x, CoopVec_float_5 y) {
    CoopVec_float_5 result = CoopVec_float_5_init();
    for (int i = 0; i < 5; ++i) {
        CoopVec_float_5_set___subscript(result, i, max(CoopVec_float_5_get___subscript(x, i), CoopVec_float_5_get___subscript(y, i)));
    }
    return result;
}

CoopVec_float_5 CoopVec_float_5_load_3_input(int byteOffset16ByteAligned) {
    CoopVec_float_5 result = CoopVec_float_5_init();
    for (int i = 0; i < 5; ++i) {
        result.__elements[i] = input_1[uint(byteOffset16ByteAligned) / 4u + uint(i)];
    }
    return result;
}

CoopVec_float_5 coopVecLoad_5_float_input(int byteOffset16ByteAligned) {
    return CoopVec_float_5_load_3_input(byteOffset16ByteAligned);
}

void CoopVec_float_5_store_2_outputBuffer(CoopVec_float_5 this_1, int byteOffset16ByteAligned) {
    for (int i = 0; i < 5; ++i) {
        outputBuffer[uint(byteOffset16ByteAligned) / 4u + uint(i)] = this_1.__elements[i];
    }
}

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    const CoopVec_float_5 v = coopVecLoad_5_float_input(int(tid.x) * 20);
    CoopVec_float_5 w = CoopVec_float_5_operator_mul_2(CoopVec_float_5____init_pack_int_int_int(1.0, 2.0, 3, 4, 5), 0.5);
    CoopVec_float_5_set___subscript(w, 4, -CoopVec_float_5_get___subscript(w, 0));
    const CoopVec_float_5 result = max_float_5(CoopVec_float_5_operator_sub(CoopVec_float_5_operator_mul(v, w), CoopVec_float_5_init_2(1.0)), CoopVec_float_5_init_2(0.0));
    CoopVec_float_5_store_2_outputBuffer(result, int(tid.x) * 20);
}
