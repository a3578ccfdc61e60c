struct DefaultDataLayout {
};

struct CoopVec_float_5 {
    float __elements[5];
};

static const int RowMajor = 0;
static const int ColumnMajor = 1;
static const int InferencingOptimal = 2;
static const int TrainingOptimal = 3;
static const int FloatE4M3_1 = 0;
static const int FloatE5M2_1 = 1;
static const int Float16 = 2;
static const int Float32 = 3;
static const int Float64 = 4;
static const int SignedInt8 = 5;
static const int SignedInt16 = 6;
static const int SignedInt32 = 7;
static const int SignedInt64 = 8;
static const int SignedInt8Packed = 9;
static const int UnsignedInt8 = 10;
static const int UnsignedInt16 = 11;
static const int UnsignedInt32 = 12;
static const int UnsignedInt64 = 13;
static const int UnsignedInt8Packed = 14;
StructuredBuffer<float> input;
RWStructuredBuffer<float> outputBuffer;

CoopVec_float_5 CoopVec_float_5_init_2(float value) {
    CoopVec_float_5 this_1 = {{0.0f, 0.0f, 0.0f, 0.0f, 0.0f}};
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

void CoopVec_float_5_store_2(CoopVec_float_5 this_1, RWStructuredBuffer<float> buffer, int byteOffset16ByteAligned) {
    for (int i = 0; i < 5; ++i) {
        buffer[uint(byteOffset16ByteAligned) / 4u + uint(i)] = this_1.__elements[i];
    }
}

CoopVec_float_5 CoopVec_float_5_init() {
    CoopVec_float_5 this_1 = {{0.0f, 0.0f, 0.0f, 0.0f, 0.0f}};
    for (int i = 0; i < 5; ++i) {
        this_1.__elements[i] = 0.0f;
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

CoopVec_float_5 CoopVec_float_5_load_3(StructuredBuffer<float> buffer, int byteOffset16ByteAligned) {
    CoopVec_float_5 result = CoopVec_float_5_init();
    for (int i = 0; i < 5; ++i) {
        result.__elements[i] = buffer[uint(byteOffset16ByteAligned) / 4u + uint(i)];
    }
    return result;
}

CoopVec_float_5 coopVecLoad_5_float(StructuredBuffer<float> buffer, int byteOffset16ByteAligned) {
    return CoopVec_float_5_load_3(buffer, byteOffset16ByteAligned);
}

CoopVec_float_5 CoopVec_float_5____init_pack_int_int_int(float first, float second, int rest_0, int rest_1, int rest_2) {
    CoopVec_float_5 this_1 = {{0.0f, 0.0f, 0.0f, 0.0f, 0.0f}};
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

[numthreads(2, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    const CoopVec_float_5 v = coopVecLoad_5_float(input, int(tid.x) * 20);
    CoopVec_float_5 w = CoopVec_float_5_operator_mul_2(CoopVec_float_5____init_pack_int_int_int(1.0f, 2.0f, 3, 4, 5), 0.5f);
    CoopVec_float_5_set___subscript(w, 4, -CoopVec_float_5_get___subscript(w, 0));
    const CoopVec_float_5 result = max_float_5(CoopVec_float_5_operator_sub(CoopVec_float_5_operator_mul(v, w), CoopVec_float_5_init_2(1.0f)), CoopVec_float_5_init_2(0.0f));
    CoopVec_float_5_store_2(result, outputBuffer, int(tid.x) * 20);
}
