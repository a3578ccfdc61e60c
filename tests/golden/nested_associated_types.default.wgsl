struct SmallLeaf {
    v: i32,
}

struct BigLeaf {
    v: i32,
    w: i32,
}

struct SmallBranch {
    wavec_empty: u32,
}

struct BigBranch {
    wavec_empty: u32,
}

struct Shrub {
    height: i32,
}

struct Oak {
    height: i32,
}

struct AnyValue_ITree {
    field0: u32,
}

struct ITree {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_ITree,
}

struct AnyValue_ITree_Branch {
    wavec_empty: u32,
}

struct ITree_Branch {
    rtti: vec2<u32>,
    witness: vec2<u32>,
}

struct AnyValue_ITree_Branch_Leaf {
    field0: u32,
    field1: u32,
}

struct ITree_Branch_Leaf {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_ITree_Branch_Leaf,
}

struct Money {
    cents: i32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

fn SmallLeaf_value(this_1: SmallLeaf) -> i32 {
    return this_1.v;
}

fn BigLeaf_value(this_1: BigLeaf) -> i32 {
    return (this_1.v * 100i) + this_1.w;
}

fn Shrub_grow(this_1: Shrub, seed: i32) -> SmallLeaf {
    return SmallLeaf(seed + this_1.height);
}

fn Oak_grow(this_1: Oak, seed: i32) -> BigLeaf {
    return BigLeaf(seed, this_1.height);
}

fn ITree_tag(value: ITree) -> u32 {
    return value.witness.x;
}

fn ITree_Branch_Leaf_zero() -> ITree_Branch_Leaf {
    return ITree_Branch_Leaf(vec2<u32>(0u, 0u), vec2<u32>(0u, 0u), AnyValue_ITree_Branch_Leaf(0u, 0u));
}

fn ITree_Branch_Leaf_tag(value: ITree_Branch_Leaf) -> u32 {
    return value.witness.x;
}

fn ITree_Shrub_wrap(id: u32, value: Shrub) -> ITree {
    return ITree(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ITree(u32(value.height)));
}

fn ITree_Oak_wrap(id: u32, value: Oak) -> ITree {
    return ITree(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ITree(u32(value.height)));
}

fn plant(kind: i32) -> ITree {
    if (kind == 0i) {
        var s: Shrub = Shrub(4i);
        let wavec_t = ITree_Shrub_wrap(0u, s);
        return wavec_t;
    }
    var o: Oak = Oak(7i);
    let wavec_t_1 = ITree_Oak_wrap(1u, o);
    return wavec_t_1;
}

fn ITree_Shrub_unwrap(value: ITree) -> Shrub {
    return Shrub(i32(value.payload.field0));
}

fn ITree_Oak_unwrap(value: ITree) -> Oak {
    return Oak(i32(value.payload.field0));
}

fn Money_add(a: Money, b: Money) -> Money {
    return Money(a.cents + b.cents);
}

fn Money_times(a: Money, b: Money) -> Money {
    return Money(a.cents * b.cents);
}

fn ITree_Branch_Leaf_SmallLeaf_wrap(id: u32, value: SmallLeaf) -> ITree_Branch_Leaf {
    return ITree_Branch_Leaf(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ITree_Branch_Leaf(u32(value.v), 0u));
}

fn ITree_Branch_Leaf_BigLeaf_wrap(id: u32, value: BigLeaf) -> ITree_Branch_Leaf {
    return ITree_Branch_Leaf(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ITree_Branch_Leaf(u32(value.v), u32(value.w)));
}

fn ITree_grow(this_1: ITree, arg1: i32) -> ITree_Branch_Leaf {
    let wavec_t = ITree_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = ITree_Shrub_unwrap(this_1);
            var object: Shrub = wavec_t_1;
            let wavec_t_2 = Shrub_grow(object, arg1);
            let wavec_t_3 = ITree_Branch_Leaf_SmallLeaf_wrap(0u, wavec_t_2);
            var result: ITree_Branch_Leaf = wavec_t_3;
            return result;
        }
        case 1: {
            let wavec_t_4 = ITree_Oak_unwrap(this_1);
            var object_1: Oak = wavec_t_4;
            let wavec_t_5 = Oak_grow(object_1, arg1);
            let wavec_t_6 = ITree_Branch_Leaf_BigLeaf_wrap(1u, wavec_t_5);
            var result_1: ITree_Branch_Leaf = wavec_t_6;
            return result_1;
        }
        default: {}
    }
    let wavec_t_7 = ITree_Branch_Leaf_zero();
    return wavec_t_7;
}

fn ITree_Branch_Leaf_SmallLeaf_unwrap(value: ITree_Branch_Leaf) -> SmallLeaf {
    return SmallLeaf(i32(value.payload.field0));
}

fn ITree_Branch_Leaf_BigLeaf_unwrap(value: ITree_Branch_Leaf) -> BigLeaf {
    return BigLeaf(i32(value.payload.field0), i32(value.payload.field1));
}

fn ITree_Branch_Leaf_value(this_1: ITree_Branch_Leaf) -> i32 {
    let wavec_t = ITree_Branch_Leaf_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = ITree_Branch_Leaf_SmallLeaf_unwrap(this_1);
            var object: SmallLeaf = wavec_t_1;
            let wavec_t_2 = SmallLeaf_value(object);
            var result: i32 = wavec_t_2;
            return result;
        }
        case 1: {
            let wavec_t_3 = ITree_Branch_Leaf_BigLeaf_unwrap(this_1);
            var object_1: BigLeaf = wavec_t_3;
            let wavec_t_4 = BigLeaf_value(object_1);
            var result_1: i32 = wavec_t_4;
            return result_1;
        }
        default: {}
    }
    return 0i;
}

fn harvest_ITree(tree: ITree, seed: i32) -> i32 {
    let wavec_t = ITree_grow(tree, seed);
    var leaf: ITree_Branch_Leaf = wavec_t;
    let wavec_t_1 = ITree_Branch_Leaf_value(leaf);
    return wavec_t_1;
}

fn operator_mul_Money(a: Money, b: Money) -> Money {
    let wavec_t = Money_times(a, b);
    return wavec_t;
}

fn operator_add_Money(a: Money, b: Money) -> Money {
    let wavec_t = Money_add(a, b);
    return wavec_t;
}

fn square_plus_Money(x: Money) -> Money {
    let wavec_t = operator_mul_Money(x, x);
    let wavec_t_1 = operator_add_Money(wavec_t, x);
    return wavec_t_1;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var kind: i32 = i32(tid.x);
    let wavec_t = plant(kind);
    let wavec_t_1 = harvest_ITree(wavec_t, 10i);
    outputBuffer[0i] = wavec_t_1;
    let wavec_t_2 = plant(kind + 1i);
    let wavec_t_3 = harvest_ITree(wavec_t_2, 10i);
    outputBuffer[1i] = wavec_t_3;
    var m: Money = Money(6i);
    var n: Money = Money(2i);
    let wavec_t_4 = square_plus_Money(m);
    outputBuffer[2i] = wavec_t_4.cents;
    let wavec_t_5 = operator_mul_Money(n, n);
    let wavec_t_6 = operator_add_Money(m, wavec_t_5);
    outputBuffer[3i] = wavec_t_6.cents;
    var l: SmallLeaf = SmallLeaf(3i);
    let wavec_t_7 = SmallLeaf_value(l);
    outputBuffer[4i] = wavec_t_7;
}
