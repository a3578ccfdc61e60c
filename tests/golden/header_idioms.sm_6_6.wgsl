struct Coeffs {
    c: array<u32, 4>,
}

struct Coeffs__Packed {
    halves: array<u32, 2>,
}

struct Weight {
    w: u32,
}

struct Range {
    lo: u32,
    hi: u32,
}

struct RangeTag {
    first: u32,
}

struct InputView {
    wavec_empty: u32,
}

struct main_Sum {
    total: u32,
    terms: u32,
}

struct main_UnnamedStruct1 {
    length_1: u32,
}

struct Offsetter_uint {
    wavec_empty: u32,
}

struct Offsetter_int {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read> Input: array<u32>;
@group(0) @binding(1) var<storage, read_write> Output: array<atomic<u32>>;
const Offsets: array<vec2<u32>, 3> = array<vec2<u32>, 3>(vec2<u32>(1u, 0u), vec2<u32>(0u, 1u), vec2<u32>(1u, 1u));
const View: InputView = InputView();

fn Coeffs__Packed_Unpack(this_1: Coeffs__Packed) -> Coeffs {
    var r: Coeffs;
    {
        var i: u32 = 0u;
        for (; i < 4u; i = i + 1u) {
            r.c[i] = (this_1.halves[i / 2u] >> (16u * (i % 2u))) & 65535u;
        }
    }
    return r;
}

fn Coeffs_Pack(this_1: Coeffs) -> Coeffs__Packed {
    var p: Coeffs__Packed;
    {
        var i: u32 = 0u;
        for (; i < 2u; i = i + 1u) {
            p.halves[i] = this_1.c[2u * i] | (this_1.c[(2u * i) + 1u] << u32(16i));
        }
    }
    return p;
}

fn weigh(Weight_1: u32, scale: u32) -> u32 {
    return Weight_1 * scale;
}

fn InputView_operator_index(this_1: InputView, i: u32) -> u32 {
    return Input[i];
}

fn InputView_dimensions(this_1: InputView, count: ptr<function, u32>) {
    var stride: f32;
    var out_arg: u32;
    (*count) = arrayLength(&Input);
    out_arg = 4u;
    stride = f32(out_arg);
    return;
}

fn Offsetter_uint_apply(this_1: Offsetter_uint, x: u32) -> u32 {
    return x + 1000u;
}

fn Offsetter_int_apply(this_1: Offsetter_int, x: i32) -> i32 {
    return x + 1i;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var i: u32 = tid.x;
    var a: Coeffs;
    {
        var k: u32 = 0u;
        for (; k < 4u; k = k + 1u) {
            a.c[k] = Input[i + k] * 10u;
        }
    }
    let wavec_t = Coeffs_Pack(a);
    var p: Coeffs__Packed = wavec_t;
    let wavec_t_1 = Coeffs__Packed_Unpack(p);
    var b: Coeffs = wavec_t_1;
    var before: Weight = Weight(3u);
    var Weight_1: u32 = before.w + i;
    let wavec_t_2 = weigh(Weight_1, 2u);
    atomicStore(&Output[i], b.c[3i] + wavec_t_2);
    atomicStore(&Output[4u + i], p.halves[0i] >> u32(16i));
    var sum: main_Sum;
    var seen: main_UnnamedStruct1;
    var r: Range = Range(1u, 2u);
    var s0: RangeTag;
    s0.first = (r.hi - r.lo) - 1u;
    var tagged: RangeTag = s0;
    sum.total = tagged.first;
    sum.terms = 0u;
    {
        var o: u32 = 0u;
        for (; o < 3u; o = o + 1u) {
            let wavec_t_3 = InputView_operator_index(View, (i + Offsets[o].x) + (2u * Offsets[o].y));
            sum.total = sum.total + wavec_t_3;
            sum.terms = sum.terms + 1u;
        }
    }
    var wavec_t_4: u32;
    InputView_dimensions(View, &wavec_t_4);
    seen.length_1 = wavec_t_4;
    atomicStore(&Output[8u + i], 5u);
    var previous: i32;
    var out_arg: u32;
    out_arg = atomicAdd(&Output[8u + i], 4294967295u);
    previous = i32(out_arg);
    var specialized: Offsetter_uint;
    var general: Offsetter_int;
    let wavec_t_5 = Offsetter_uint_apply(specialized, 0u);
    let wavec_t_6 = Offsetter_int_apply(general, -1i);
    var offsets: u32 = (wavec_t_5 - 1000u) + u32(wavec_t_6);
    atomicStore(&Output[8u + i], (((sum.total + sum.terms) + seen.length_1) + u32(previous - 5i)) + offsets);
}
