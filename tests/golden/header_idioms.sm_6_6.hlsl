struct Coeffs {
    uint c[4];
};

struct Coeffs__Packed {
    uint halves[2];
};

struct Weight {
    uint w;
};

struct Range {
    uint lo;
    uint hi;
};

struct RangeTag {
    uint first;
};

struct InputView {
};

struct main_Sum {
    uint total;
    uint terms;
};

struct main_UnnamedStruct1 {
    uint length_1;
};

struct Offsetter_uint {
};

struct Offsetter_int {
};

StructuredBuffer<uint> Input;
RWStructuredBuffer<uint> Output;
static const uint Coeffs__Count = 4u;
static const uint2 Offsets[3] = {uint2(1u, 0u), uint2(0u, 1u), uint2(1u, 1u)};
static const uint OffsetCount = 3u;
static const InputView View = {};

Coeffs Coeffs__Packed_Unpack(Coeffs__Packed this_1) {
    Coeffs r;
    for (uint i = 0u; i < 4u; i++) {
        r.c[i] = this_1.halves[i / 2u] >> (16u * (i % 2u)) & 65535u;
    }
    return r;
}

Coeffs__Packed Coeffs_Pack(Coeffs this_1) {
    Coeffs__Packed p;
    for (uint i = 0u; i < 2u; i++) {
        p.halves[i] = this_1.c[2u * i] | this_1.c[2u * i + 1u] << 16;
    }
    return p;
}

uint weigh(uint Weight_1, uint scale) {
    return Weight_1 * scale;
}

uint InputView_operator_index(InputView this_1, uint i) {
    return Input[i];
}

void InputView_dimensions(InputView this_1, out uint count) {
    float stride;
    uint out_arg;
    Input.GetDimensions(count, out_arg), stride = float(out_arg);
    return;
}

uint Offsetter_uint_apply(Offsetter_uint this_1, uint x) {
    return x + 1000u;
}

int Offsetter_int_apply(Offsetter_int this_1, int x) {
    return x + 1;
}

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    uint i = tid.x;
    Coeffs a;
    for (uint k = 0u; k < 4u; k++) {
        a.c[k] = Input[i + k] * 10u;
    }
    Coeffs__Packed p = Coeffs_Pack(a);
    Coeffs b = Coeffs__Packed_Unpack(p);
    Weight before = {3u};
    uint Weight_1 = before.w + i;
    Output[i] = b.c[3] + weigh(Weight_1, 2u);
    Output[4u + i] = p.halves[0] >> 16;
    main_Sum sum;
    main_UnnamedStruct1 seen;
    Range r = {1u, 2u};
    RangeTag s0;
    s0.first = r.hi - r.lo - 1u;
    RangeTag tagged = s0;
    sum.total = tagged.first;
    sum.terms = 0u;
    for (uint o = 0u; o < 3u; o++) {
        sum.total += InputView_operator_index(View, i + Offsets[o].x + 2u * Offsets[o].y);
        sum.terms++;
    }
    InputView_dimensions(View, seen.length_1);
    Output[8u + i] = 5u;
    int previous;
    uint out_arg;
    InterlockedAdd(Output[8u + i], 4294967295u, out_arg), previous = int(out_arg);
    Offsetter_uint specialized;
    Offsetter_int general;
    uint offsets = Offsetter_uint_apply(specialized, 0u) - 1000u + uint(Offsetter_int_apply(general, -1));
    Output[8u + i] = sum.total + sum.terms + seen.length_1 + uint(previous - 5) + offsets;
}
