enable subgroups;

struct linalg__CoopMat_int_3_4_4_0 {
    data: array<i32, 16>,
}

struct linalg__CoopMat_int_3_4_4_1 {
    data: array<i32, 16>,
}

struct linalg__CoopMat_int_3_4_4_2 {
    data: array<i32, 16>,
}

struct DefaultDataLayout {
    wavec_empty: u32,
}

@group(0) @binding(0) var<storage, read_write> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> outputBuffer: array<i32>;

var<private> wavec_subgroup_invocation_id: u32;

fn linalg__CoopMat_int_3_4_4_0_init() -> linalg__CoopMat_int_3_4_4_0 {
    var this_1: linalg__CoopMat_int_3_4_4_0 = linalg__CoopMat_int_3_4_4_0(array<i32, 16>(0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i));
    return this_1;
}

fn linalg__CoopMat_int_3_4_4_0_GetLength() -> u32 {
    var lanes: u32 = dot(countOneBits(subgroupBallot(true)), vec4<u32>(1u));
    return ((16u + lanes) - 1u) / lanes;
}

fn linalg__CoopMat_int_3_4_4_0_element(this_1: linalg__CoopMat_int_3_4_4_0, index: u32, len: u32) -> i32 {
    return subgroupShuffle(this_1.data[index % len], (index / len));
}

fn linalg__CoopMat_int_3_4_4_0_offsetOf(index: u32, matrixLayout: i32, element: u32, stride: u32) -> u32 {
    var row: u32 = index / 4u;
    var column: u32 = index % 4u;
    if (matrixLayout == 0i) {
        return (element + (row * stride)) + column;
    }
    return (element + (column * stride)) + row;
}

fn linalg__CoopMat_int_3_4_4_1_init() -> linalg__CoopMat_int_3_4_4_1 {
    var this_1: linalg__CoopMat_int_3_4_4_1 = linalg__CoopMat_int_3_4_4_1(array<i32, 16>(0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i));
    return this_1;
}

fn linalg__CoopMat_int_3_4_4_1_GetLength() -> u32 {
    var lanes: u32 = dot(countOneBits(subgroupBallot(true)), vec4<u32>(1u));
    return ((16u + lanes) - 1u) / lanes;
}

fn linalg__CoopMat_int_3_4_4_1_element(this_1: linalg__CoopMat_int_3_4_4_1, index: u32, len: u32) -> i32 {
    return subgroupShuffle(this_1.data[index % len], (index / len));
}

fn linalg__CoopMat_int_3_4_4_1_offsetOf(index: u32, matrixLayout: i32, element: u32, stride: u32) -> u32 {
    var row: u32 = index / 4u;
    var column: u32 = index % 4u;
    if (matrixLayout == 0i) {
        return (element + (row * stride)) + column;
    }
    return (element + (column * stride)) + row;
}

fn linalg__CoopMat_int_3_4_4_2_init() -> linalg__CoopMat_int_3_4_4_2 {
    var this_1: linalg__CoopMat_int_3_4_4_2 = linalg__CoopMat_int_3_4_4_2(array<i32, 16>(0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i));
    return this_1;
}

fn linalg__CoopMat_int_3_4_4_2_GetLength() -> u32 {
    var lanes: u32 = dot(countOneBits(subgroupBallot(true)), vec4<u32>(1u));
    return ((16u + lanes) - 1u) / lanes;
}

fn linalg__CoopMat_int_3_4_4_2_fill(this_1: ptr<function, linalg__CoopMat_int_3_4_4_2>, t: i32) {
    let wavec_t = linalg__CoopMat_int_3_4_4_2_GetLength();
    var len: u32 = wavec_t;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            (*this_1).data[i] = t;
        }
    }
}

fn linalg__CoopMat_int_3_4_4_2_init_2(t: i32) -> linalg__CoopMat_int_3_4_4_2 {
    var this_1: linalg__CoopMat_int_3_4_4_2 = linalg__CoopMat_int_3_4_4_2(array<i32, 16>(0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i));
    var wavec_t: linalg__CoopMat_int_3_4_4_2 = this_1;
    linalg__CoopMat_int_3_4_4_2_fill(&wavec_t, t);
    this_1 = wavec_t;
    return this_1;
}

fn linalg__CoopMat_int_3_4_4_2_offsetOf(index: u32, matrixLayout: i32, element: u32, stride: u32) -> u32 {
    var row: u32 = index / 4u;
    var column: u32 = index % 4u;
    if (matrixLayout == 0i) {
        return (element + (row * stride)) + column;
    }
    return (element + (column * stride)) + row;
}

fn linalg__CoopMat_int_3_4_4_2_operator_add(this_1: linalg__CoopMat_int_3_4_4_2, other: linalg__CoopMat_int_3_4_4_2) -> linalg__CoopMat_int_3_4_4_2 {
    let wavec_t = linalg__CoopMat_int_3_4_4_2_init();
    var r: linalg__CoopMat_int_3_4_4_2 = wavec_t;
    let wavec_t_1 = linalg__CoopMat_int_3_4_4_2_GetLength();
    var len: u32 = wavec_t_1;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            r.data[i] = this_1.data[i] + other.data[i];
        }
    }
    return r;
}

fn linalg____coopMatAccumulate_int(sum: i32, c: i32, saturate_1: bool) -> i32 {
    var total: i32 = sum + c;
    if ((saturate_1 && (true)) && (true)) {
        if (((sum >= 0i) && (c >= 0i)) && (total < 0i)) {
            return 2147483647i;
        }
        if (((sum < 0i) && (c < 0i)) && (total >= 0i)) {
            return i32(-2147483648);
        }
    } else {
        if ((saturate_1 && (true)) && (total < sum)) {
            return 2147483647i;
        }
    }
    return total;
}

fn linalg__coopMatMulAdd_int_0_int_int_int_3_4_4_4(matA: linalg__CoopMat_int_3_4_4_0, matB: linalg__CoopMat_int_3_4_4_1, matC: linalg__CoopMat_int_3_4_4_2) -> linalg__CoopMat_int_3_4_4_2 {
    var a: array<i32, 16>;
    let wavec_t = linalg__CoopMat_int_3_4_4_0_GetLength();
    var lenA: u32 = wavec_t;
    {
        var index: u32 = 0u;
        for (; index < 16u; index = index + 1u) {
            let wavec_t_1 = linalg__CoopMat_int_3_4_4_0_element(matA, index, lenA);
            a[index] = wavec_t_1;
        }
    }
    var b: array<i32, 16>;
    let wavec_t_2 = linalg__CoopMat_int_3_4_4_1_GetLength();
    var lenB: u32 = wavec_t_2;
    {
        var index_1: u32 = 0u;
        for (; index_1 < 16u; index_1 = index_1 + 1u) {
            let wavec_t_3 = linalg__CoopMat_int_3_4_4_1_element(matB, index_1, lenB);
            b[index_1] = wavec_t_3;
        }
    }
    let wavec_t_4 = linalg__CoopMat_int_3_4_4_2_init();
    var result: linalg__CoopMat_int_3_4_4_2 = wavec_t_4;
    let wavec_t_5 = linalg__CoopMat_int_3_4_4_2_GetLength();
    var len: u32 = wavec_t_5;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            var index_2: u32 = (wavec_subgroup_invocation_id * len) + i;
            if (index_2 >= 16u) {
                continue;
            }
            var row: u32 = index_2 / 4u;
            var column: u32 = index_2 % 4u;
            var sum: i32 = 0i;
            {
                var k: u32 = 0u;
                for (; k < 4u; k = k + 1u) {
                    let wavec_t_6 = linalg____coopMatAccumulate_int(sum, a[(row * 4u) + k] * b[(k * 4u) + column], false);
                    sum = wavec_t_6;
                }
            }
            let wavec_t_7 = linalg____coopMatAccumulate_int(sum, matC.data[i], false);
            result.data[i] = wavec_t_7;
        }
    }
    return result;
}

fn linalg__CoopMat_int_3_4_4_0__Load_0_input(element: u32, stride: u32) -> linalg__CoopMat_int_3_4_4_0 {
    let wavec_t = linalg__CoopMat_int_3_4_4_0_init();
    var m: linalg__CoopMat_int_3_4_4_0 = wavec_t;
    var count: u32;
    var elementStride: u32;
    count = arrayLength(&input);
    elementStride = 4u;
    let wavec_t_1 = linalg__CoopMat_int_3_4_4_0_GetLength();
    var len: u32 = wavec_t_1;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            var index: u32 = (wavec_subgroup_invocation_id * len) + i;
            let wavec_t_2 = linalg__CoopMat_int_3_4_4_0_offsetOf(index, 0i, element, stride);
            var at: u32 = wavec_t_2;
            if ((index < 16u) && (at < count)) {
                m.data[i] = input[at];
            }
        }
    }
    return m;
}

fn linalg__CoopMat_int_3_4_4_1__Load_1_input(element: u32, stride: u32) -> linalg__CoopMat_int_3_4_4_1 {
    let wavec_t = linalg__CoopMat_int_3_4_4_1_init();
    var m: linalg__CoopMat_int_3_4_4_1 = wavec_t;
    var count: u32;
    var elementStride: u32;
    count = arrayLength(&input);
    elementStride = 4u;
    let wavec_t_1 = linalg__CoopMat_int_3_4_4_1_GetLength();
    var len: u32 = wavec_t_1;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            var index: u32 = (wavec_subgroup_invocation_id * len) + i;
            let wavec_t_2 = linalg__CoopMat_int_3_4_4_1_offsetOf(index, 1i, element, stride);
            var at: u32 = wavec_t_2;
            if ((index < 16u) && (at < count)) {
                m.data[i] = input[at];
            }
        }
    }
    return m;
}

fn linalg__CoopMat_int_3_4_4_2__Load_0_input(element: u32, stride: u32) -> linalg__CoopMat_int_3_4_4_2 {
    let wavec_t = linalg__CoopMat_int_3_4_4_2_init();
    var m: linalg__CoopMat_int_3_4_4_2 = wavec_t;
    var count: u32;
    var elementStride: u32;
    count = arrayLength(&input);
    elementStride = 4u;
    let wavec_t_1 = linalg__CoopMat_int_3_4_4_2_GetLength();
    var len: u32 = wavec_t_1;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            var index: u32 = (wavec_subgroup_invocation_id * len) + i;
            let wavec_t_2 = linalg__CoopMat_int_3_4_4_2_offsetOf(index, 0i, element, stride);
            var at: u32 = wavec_t_2;
            if ((index < 16u) && (at < count)) {
                m.data[i] = input[at];
            }
        }
    }
    return m;
}

fn linalg__CoopMat_int_3_4_4_2__Store_0_outputBuffer(this_1: linalg__CoopMat_int_3_4_4_2, element: u32, stride: u32) {
    var count: u32;
    var elementStride: u32;
    count = arrayLength(&outputBuffer);
    elementStride = 4u;
    let wavec_t = linalg__CoopMat_int_3_4_4_2_GetLength();
    var len: u32 = wavec_t;
    {
        var i: u32 = 0u;
        for (; i < len; i = i + 1u) {
            var index: u32 = (wavec_subgroup_invocation_id * len) + i;
            let wavec_t_1 = linalg__CoopMat_int_3_4_4_2_offsetOf(index, 0i, element, stride);
            var at: u32 = wavec_t_1;
            if ((index < 16u) && (at < count)) {
                outputBuffer[at] = this_1.data[i];
            }
        }
    }
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    let wavec_t = linalg__CoopMat_int_3_4_4_0__Load_0_input(0u, 4u);
    var a: linalg__CoopMat_int_3_4_4_0 = wavec_t;
    let wavec_t_1 = linalg__CoopMat_int_3_4_4_1__Load_1_input(0u, 4u);
    var b: linalg__CoopMat_int_3_4_4_1 = wavec_t_1;
    let wavec_t_2 = linalg__CoopMat_int_3_4_4_2_init_2(1i);
    let wavec_t_3 = linalg__CoopMat_int_3_4_4_2__Load_0_input(0u, 4u);
    let wavec_t_4 = linalg__CoopMat_int_3_4_4_2_operator_add(wavec_t_2, wavec_t_3);
    var c: linalg__CoopMat_int_3_4_4_2 = wavec_t_4;
    let wavec_t_5 = linalg__coopMatMulAdd_int_0_int_int_int_3_4_4_4(a, b, c);
    linalg__CoopMat_int_3_4_4_2__Store_0_outputBuffer(wavec_t_5, 0u, 4u);
}
