@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;
var<private> cursor: i32 = 0i;

fn put(v: i32) {
    let wavec_t = cursor;
    cursor = cursor + 1i;
    outputBuffer[wavec_t] = v;
}

fn counted(n: i32) -> i32 {
    var total: i32 = 0i;
    {
        var i: i32 = 0i;
        for (; i < n; i = i + 1i) {
            if (i == 1i) {
                {
                    total = total + 10i;
                }
                continue;
            }
            if (i == 3i) {
                {
                    total = total + 10i;
                }
                break;
            }
            total = total + 1i;
            {
                total = total + 10i;
            }
        }
    }
    var deferred_result: i32 = total * 100i;
    {
        put(total);
    }
    return deferred_result;
}

fn cases(selector: i32) {
    switch (selector) {
        case 0: {
            put(71i);
            {
                put(70i);
            }
        }
        case 1: {
            put(5i);
            {
                put(selector + 85i);
                {
                    put(selector + 84i);
                }
            }
        }
        case default: {
            if (selector == 2i) {
                {
                    put(90i);
                }
                break;
            }
            put(91i);
            {
                put(90i);
            }
        }
    }
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var step_1: i32 = 1i;
    {
        var step_2: i32 = 2i;
        put(step_2);
        {
            put(step_1);
        }
    }
    let wavec_t = counted(5i);
    put(wavec_t);
    cases(0i);
    cases(1i);
    cases(2i);
    cases(3i);
    put(cursor);
    {
        {
            var k_1: i32 = 0i;
            for (; k_1 < 2i; k_1 = k_1 + 1i) {
                put(k_1 + 40i);
            }
        }
    }
    {
        put(-1i);
    }
}
