struct SmallLeaf {
    int v;
};

struct BigLeaf {
    int v;
    int w;
};

struct SmallBranch {
};

struct BigBranch {
};

struct Shrub {
    int height;
};

struct Oak {
    int height;
};

struct AnyValue_ITree {
    uint field0;
};

struct ITree {
    uint2 rtti;
    uint2 witness;
    AnyValue_ITree payload_1;
};

struct AnyValue_ITree_Branch {
};

struct ITree_Branch {
    uint2 rtti;
    uint2 witness;
};

struct AnyValue_ITree_Branch_Leaf {
    uint field0;
    uint field1;
};

struct ITree_Branch_Leaf {
    uint2 rtti;
    uint2 witness;
    AnyValue_ITree_Branch_Leaf payload_1;
};

struct Money {
    int cents;
};

RWStructuredBuffer<int> outputBuffer;

SmallLeaf wavec_make_SmallLeaf(int p0) {
    SmallLeaf r = {p0};
    return r;
}

BigLeaf wavec_make_BigLeaf(int p0, int p1) {
    BigLeaf r = {p0, p1};
    return r;
}

ITree_Branch_Leaf wavec_make_ITree_Branch_Leaf(uint2 p0, uint2 p1, AnyValue_ITree_Branch_Leaf p2) {
    ITree_Branch_Leaf r = {p0, p1, p2};
    return r;
}

AnyValue_ITree_Branch_Leaf wavec_make_AnyValue_ITree_Branch_Leaf(uint p0, uint p1) {
    AnyValue_ITree_Branch_Leaf r = {p0, p1};
    return r;
}

ITree wavec_make_ITree(uint2 p0, uint2 p1, AnyValue_ITree p2) {
    ITree r = {p0, p1, p2};
    return r;
}

AnyValue_ITree wavec_make_AnyValue_ITree(uint p0) {
    AnyValue_ITree r = {p0};
    return r;
}

Shrub wavec_make_Shrub(int p0) {
    Shrub r = {p0};
    return r;
}

Oak wavec_make_Oak(int p0) {
    Oak r = {p0};
    return r;
}

Money wavec_make_Money(int p0) {
    Money r = {p0};
    return r;
}

int SmallLeaf_value(SmallLeaf this_1) {
    return this_1.v;
}

int BigLeaf_value(BigLeaf this_1) {
    return this_1.v * 100 + this_1.w;
}

SmallLeaf Shrub_grow(Shrub this_1, int seed) {
    return wavec_make_SmallLeaf(seed + this_1.height);
}

BigLeaf Oak_grow(Oak this_1, int seed) {
    return wavec_make_BigLeaf(seed, this_1.height);
}

uint ITree_tag(ITree value) {
    return value.witness.x;
}

ITree_Branch_Leaf ITree_Branch_Leaf_zero() {
    return wavec_make_ITree_Branch_Leaf(uint2(0u, 0u), uint2(0u, 0u), wavec_make_AnyValue_ITree_Branch_Leaf(0u, 0u));
}

uint ITree_Branch_Leaf_tag(ITree_Branch_Leaf value) {
    return value.witness.x;
}

ITree ITree_Shrub_wrap(uint id, Shrub value) {
    return wavec_make_ITree(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ITree(uint(value.height)));
}

ITree ITree_Oak_wrap(uint id, Oak value) {
    return wavec_make_ITree(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ITree(uint(value.height)));
}

ITree plant(int kind) {
    if (kind == 0) {
        Shrub s = {4};
        return ITree_Shrub_wrap(0u, s);
    }
    Oak o = {7};
    return ITree_Oak_wrap(1u, o);
}

Shrub ITree_Shrub_unwrap(ITree value) {
    return wavec_make_Shrub(int(value.payload_1.field0));
}

Oak ITree_Oak_unwrap(ITree value) {
    return wavec_make_Oak(int(value.payload_1.field0));
}

Money Money_add(Money a, Money b) {
    return wavec_make_Money(a.cents + b.cents);
}

Money Money_times(Money a, Money b) {
    return wavec_make_Money(a.cents * b.cents);
}

ITree_Branch_Leaf ITree_Branch_Leaf_SmallLeaf_wrap(uint id, SmallLeaf value) {
    return wavec_make_ITree_Branch_Leaf(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ITree_Branch_Leaf(uint(value.v), 0u));
}

ITree_Branch_Leaf ITree_Branch_Leaf_BigLeaf_wrap(uint id, BigLeaf value) {
    return wavec_make_ITree_Branch_Leaf(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ITree_Branch_Leaf(uint(value.v), uint(value.w)));
}

ITree_Branch_Leaf ITree_grow(ITree this_1, int arg1) {
    switch (ITree_tag(this_1)) {
        case 0: {
            Shrub object = ITree_Shrub_unwrap(this_1);
            ITree_Branch_Leaf result = ITree_Branch_Leaf_SmallLeaf_wrap(0u, Shrub_grow(object, arg1));
            return result;
        }
        case 1: {
            Oak object = ITree_Oak_unwrap(this_1);
            ITree_Branch_Leaf result = ITree_Branch_Leaf_BigLeaf_wrap(1u, Oak_grow(object, arg1));
            return result;
        }
    }
    return ITree_Branch_Leaf_zero();
}

SmallLeaf ITree_Branch_Leaf_SmallLeaf_unwrap(ITree_Branch_Leaf value) {
    return wavec_make_SmallLeaf(int(value.payload_1.field0));
}

BigLeaf ITree_Branch_Leaf_BigLeaf_unwrap(ITree_Branch_Leaf value) {
    return wavec_make_BigLeaf(int(value.payload_1.field0), int(value.payload_1.field1));
}

int ITree_Branch_Leaf_value(ITree_Branch_Leaf this_1) {
    switch (ITree_Branch_Leaf_tag(this_1)) {
        case 0: {
            SmallLeaf object = ITree_Branch_Leaf_SmallLeaf_unwrap(this_1);
            int result = SmallLeaf_value(object);
            return result;
        }
        case 1: {
            BigLeaf object = ITree_Branch_Leaf_BigLeaf_unwrap(this_1);
            int result = BigLeaf_value(object);
            return result;
        }
    }
    return 0;
}

int harvest_ITree(ITree tree, int seed) {
    const ITree_Branch_Leaf leaf = ITree_grow(tree, seed);
    return ITree_Branch_Leaf_value(leaf);
}

Money operator_mul_Money(Money a, Money b) {
    return Money_times(a, b);
}

Money operator_add_Money(Money a, Money b) {
    return Money_add(a, b);
}

Money square_plus_Money(Money x) {
    return operator_add_Money(operator_mul_Money(x, x), x);
}

[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    int kind = int(tid.x);
    outputBuffer[0] = harvest_ITree(plant(kind), 10);
    outputBuffer[1] = harvest_ITree(plant(kind + 1), 10);
    Money m = {6};
    Money n = {2};
    outputBuffer[2] = square_plus_Money(m).cents;
    outputBuffer[3] = operator_add_Money(m, operator_mul_Money(n, n)).cents;
    SmallLeaf l = {3};
    outputBuffer[4] = SmallLeaf_value(l);
}
