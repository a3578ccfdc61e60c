#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Light {
    float w;
};

struct Heavy {
    float w;
};

struct Difference {
    uint wavec_empty;
};

struct Tuple_int_float_uint {
    int _0;
    float _1;
    uint _2;
};

struct Tuple_int_float {
    int _0;
    float _1;
};

struct Bag_pack_int_float {
    int tag;
    Tuple_int_float items;
};

struct Tuple_int_float_uint_bool {
    int _0;
    float _1;
    uint _2;
    bool _3;
};

struct Tuple {
    uint wavec_empty;
};

struct Bag_pack {
    int tag;
    Tuple items;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    float outputBuffer[];
};

float Light_weight(Light this_1) {
    return this_1.w;
}

float Heavy_weight(Heavy this_1) {
    return this_1.w * 10.0;
}

void accumulate(inout float total, float x) {
    total += x;
}

float Difference_reduce(Difference this_1, float a, int b) {
    return a - float(b);
}

float weights_pack_Light_Heavy_Light(Light items_0, Heavy items_1, Light items_2) {
    float total = 0.0;
    accumulate(total, Light_weight(items_0)), accumulate(total, Heavy_weight(items_1)), accumulate(total, Light_weight(items_2));
    return total;
}

float weights_pack() {
    float total = 0.0;
    0;
    return total;
}

float scaledSum_float_pack_int_uint_float(float scale, int values_0, uint values_1, float values_2) {
    float total = 0.0;
    total += float(values_0), total += float(values_1), total += float(values_2);
    return total * float(scale);
}

int count_pack_int_float_uint(Tuple_int_float_uint t) {
    return 3;
}

float scaledSum_float_pack_int_float_uint(float scale, int values_0, float values_1, uint values_2) {
    float total = 0.0;
    total += float(values_0), total += float(values_1), total += float(values_2);
    return total * float(scale);
}

float reduceWith_Difference(Difference r) {
    return Difference_reduce(r, 10.0, 3);
}

float weights_pack_Heavy_Light(Heavy items_0, Light items_1) {
    float total = 0.0;
    accumulate(total, Heavy_weight(items_0)), accumulate(total, Light_weight(items_1));
    return total;
}

float dropFirst_pack_Light_Heavy_Light(Light items_0, Heavy items_1, Light items_2) {
    return weights_pack_Heavy_Light(items_1, items_2);
}

float weights_pack_Light_Heavy(Light items_0, Heavy items_1) {
    float total = 0.0;
    accumulate(total, Light_weight(items_0)), accumulate(total, Heavy_weight(items_1));
    return total;
}

float dropLast_pack_Light_Heavy_Light(Light items_0, Heavy items_1, Light items_2) {
    return weights_pack_Light_Heavy(items_0, items_1);
}

int sumInts_pack_int_int_int(int values_0, int values_1, int values_2) {
    int total = 0;
    total += values_0, total += values_1, total += values_2;
    return total;
}

void main() {
    Light a = Light(1.0);
    Heavy b = Heavy(2.0);
    Light c = Light(4.0);
    outputBuffer[0] = weights_pack_Light_Heavy_Light(a, b, c);
    outputBuffer[1] = weights_pack();
    outputBuffer[2] = scaledSum_float_pack_int_uint_float(2.0, 1, 2u, 3.0);
    const Tuple_int_float_uint t = Tuple_int_float_uint(1, 2.5, 3u);
    outputBuffer[3] = float(count_pack_int_float_uint(t));
    outputBuffer[4] = scaledSum_float_pack_int_float_uint(1.0, t._0, t._1, t._2);
    Bag_pack_int_float bag;
    bag.items = Tuple_int_float(7, 0.5);
    outputBuffer[5] = float(bag.items._0) + bag.items._1;
    outputBuffer[6] = reduceWith_Difference(Difference(0u));
    outputBuffer[7] = dropFirst_pack_Light_Heavy_Light(a, b, c);
    outputBuffer[8] = dropLast_pack_Light_Heavy_Light(a, b, c);
    outputBuffer[9] = float(sumInts_pack_int_int_int(1, 2, 3));
    outputBuffer[10] = 3.0;
    outputBuffer[11] = 2.0;
}
