#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct SmallLeaf {
    int v;
};

struct BigLeaf {
    int v;
    int w;
};

struct SmallBranch {
    uint wavec_empty;
};

struct BigBranch {
    uint wavec_empty;
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
    uvec2 rtti;
    uvec2 witness;
    AnyValue_ITree payload;
};

struct AnyValue_ITree_Branch {
    uint wavec_empty;
};

struct ITree_Branch {
    uvec2 rtti;
    uvec2 witness;
};

struct AnyValue_ITree_Branch_Leaf {
    uint field0;
    uint field1;
};

struct ITree_Branch_Leaf {
    uvec2 rtti;
    uvec2 witness;
    AnyValue_ITree_Branch_Leaf payload;
};

struct Money {
    int cents;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};

int SmallLeaf_value(SmallLeaf this_1) {
    return this_1.v;
}

int BigLeaf_value(BigLeaf this_1) {
    return this_1.v * 100 + this_1.w;
}

SmallLeaf Shrub_grow(Shrub this_1, int seed) {
    return SmallLeaf(seed + this_1.height);
}

BigLeaf Oak_grow(Oak this_1, int seed) {
    return BigLeaf(seed, this_1.height);
}

uint ITree_tag(ITree value) {
    return value.witness.x;
}

ITree_Branch_Leaf ITree_Branch_Leaf_zero() {
    return ITree_Branch_Leaf(uvec2(0u, 0u), uvec2(0u, 0u), AnyValue_ITree_Branch_Leaf(0u, 0u));
}

uint ITree_Branch_Leaf_tag(ITree_Branch_Leaf value) {
    return value.witness.x;
}

ITree ITree_Shrub_wrap(uint id, Shrub value) {
    return ITree(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ITree(uint(value.height)));
}

ITree ITree_Oak_wrap(uint id, Oak value) {
    return ITree(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ITree(uint(value.height)));
}

ITree plant(int kind) {
    if (kind == 0) {
        Shrub s = Shrub(4);
        return ITree_Shrub_wrap(0u, s);
    }
    Oak o = Oak(7);
    return ITree_Oak_wrap(1u, o);
}

Shrub ITree_Shrub_unwrap(ITree value) {
    return Shrub(int(value.payload.field0));
}

Oak ITree_Oak_unwrap(ITree value) {
    return Oak(int(value.payload.field0));
}

Money Money_add(Money a, Money b) {
    return Money(a.cents + b.cents);
}

Money Money_times(Money a, Money b) {
    return Money(a.cents * b.cents);
}

ITree_Branch_Leaf ITree_Branch_Leaf_SmallLeaf_wrap(uint id, SmallLeaf value) {
    return ITree_Branch_Leaf(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ITree_Branch_Leaf(uint(value.v), 0u));
}

ITree_Branch_Leaf ITree_Branch_Leaf_BigLeaf_wrap(uint id, BigLeaf value) {
    return ITree_Branch_Leaf(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ITree_Branch_Leaf(uint(value.v), uint(value.w)));
}

ITree_Branch_Leaf ITree_grow(ITree this_1, int arg1) {
    switch (ITree_tag(this_1)) {
        case 0: {
            Shrub object = ITree_Shrub_unwrap(this_1);
            ITree_Branch_Leaf result = ITree_Branch_Leaf_SmallLeaf_wrap(0u, Shrub_grow(object, arg1));
            return result;
        }
        case 1: {
            Oak object_1 = ITree_Oak_unwrap(this_1);
            ITree_Branch_Leaf result_1 = ITree_Branch_Leaf_BigLeaf_wrap(1u, Oak_grow(object_1, arg1));
            return result_1;
        }
    }
    return ITree_Branch_Leaf_zero();
}

SmallLeaf ITree_Branch_Leaf_SmallLeaf_unwrap(ITree_Branch_Leaf value) {
    return SmallLeaf(int(value.payload.field0));
}

BigLeaf ITree_Branch_Leaf_BigLeaf_unwrap(ITree_Branch_Leaf value) {
    return BigLeaf(int(value.payload.field0), int(value.payload.field1));
}

int ITree_Branch_Leaf_value(ITree_Branch_Leaf this_1) {
    switch (ITree_Branch_Leaf_tag(this_1)) {
        case 0: {
            SmallLeaf object = ITree_Branch_Leaf_SmallLeaf_unwrap(this_1);
            int result = SmallLeaf_value(object);
            return result;
        }
        case 1: {
            BigLeaf object_1 = ITree_Branch_Leaf_BigLeaf_unwrap(this_1);
            int result_1 = BigLeaf_value(object_1);
            return result_1;
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

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    int kind = int(tid.x);
    outputBuffer[0] = harvest_ITree(plant(kind), 10);
    outputBuffer[1] = harvest_ITree(plant(kind + 1), 10);
    Money m = Money(6);
    Money n = Money(2);
    outputBuffer[2] = square_plus_Money(m).cents;
    outputBuffer[3] = operator_add_Money(m, operator_mul_Money(n, n)).cents;
    SmallLeaf l = SmallLeaf(3);
    outputBuffer[4] = SmallLeaf_value(l);
}
