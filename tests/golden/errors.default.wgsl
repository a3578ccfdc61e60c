struct Detail {
    code: i32,
    at: i32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;
var<private> cursor: i32 = 0i;

fn put(v: i32) {
    let wavec_t = cursor;
    cursor = cursor + 1i;
    outputBuffer[wavec_t] = v;
}

fn halve(n: i32, wavec_threw: ptr<function, bool>, wavec_error: ptr<function, i32>) -> i32 {
    (*wavec_threw) = false;
    if ((n % 2i) == 1i) {
        (*wavec_error) = 3i;
        (*wavec_threw) = true;
        return 0i;
    }
    return n / 2i;
}

fn bounded(n: i32, wavec_threw: ptr<function, bool>, wavec_error: ptr<function, i32>) -> i32 {
    (*wavec_threw) = false;
    if (n > 100i) {
        (*wavec_error) = 7i;
        (*wavec_threw) = true;
        return 0i;
    }
    return n;
}

fn check(n: i32, wavec_threw: ptr<function, bool>, wavec_error: ptr<function, Detail>) {
    (*wavec_threw) = false;
    if (n < 0i) {
        (*wavec_error) = Detail(5i, n);
        (*wavec_threw) = true;
        {
            put(-n);
        }
        return;
    }
    {
        put(-n);
    }
}

fn classify(n: i32) -> i32 {
    var wavec_which_1: i32 = 0i;
    var wavec_error_held_2: i32;
    loop {
        var wavec_threw_3: bool = false;
        var wavec_caught_4: i32;
        var wavec_t: bool;
        var wavec_t_1: i32;
        let wavec_t_2 = halve(n, &wavec_t, &wavec_t_1);
        wavec_threw_3 = wavec_t;
        wavec_caught_4 = wavec_t_1;
        let wavec_t_3 = wavec_t_2;
        var wavec_tried_5: i32 = wavec_t_3;
        if (wavec_threw_3) {
            wavec_error_held_2 = wavec_caught_4;
            wavec_which_1 = 1i;
            break;
        }
        var h: i32 = wavec_tried_5;
        var wavec_threw_6: bool = false;
        var wavec_caught_7: i32;
        var wavec_t_4: bool;
        var wavec_t_5: i32;
        let wavec_t_6 = bounded(h, &wavec_t_4, &wavec_t_5);
        wavec_threw_6 = wavec_t_4;
        wavec_caught_7 = wavec_t_5;
        let wavec_t_7 = wavec_t_6;
        var wavec_tried_8: i32 = wavec_t_7;
        if (wavec_threw_6) {
            wavec_which_1 = 2i;
            break;
        }
        var b: i32 = wavec_tried_8;
        return b;
        continuing {
            break if !(false);
        }
    }
    if (wavec_which_1 == 1i) {
        var e: i32 = wavec_error_held_2;
        {
            return e * 10i;
        }
    } else {
        {
            return 999i;
        }
    }
}

fn firstOdd(start: i32) -> i32 {
    var seen: i32 = 0i;
    var wavec_which_9: i32 = 0i;
    var wavec_error_held_10: i32;
    loop {
        {
            var i: i32 = start;
            for (; i < (start + 10i); i = i + 1i) {
                {
                    var j: i32 = 0i;
                    for (; j < 2i; j = j + 1i) {
                        seen = seen + 1i;
                        var wavec_threw_11: bool = false;
                        var wavec_caught_12: i32;
                        var wavec_t: bool;
                        var wavec_t_1: i32;
                        let wavec_t_2 = halve(i, &wavec_t, &wavec_t_1);
                        wavec_threw_11 = wavec_t;
                        wavec_caught_12 = wavec_t_1;
                        let wavec_t_3 = wavec_t_2;
                        var wavec_tried_13: i32 = wavec_t_3;
                        if (wavec_threw_11) {
                            wavec_error_held_10 = wavec_caught_12;
                            wavec_which_9 = 1i;
                            break;
                        }
                    }
                }
                if (wavec_which_9 != 0i) {
                    break;
                }
            }
        }
        if (wavec_which_9 != 0i) {
            break;
        }
        continuing {
            break if !(false);
        }
    }
    if (wavec_which_9 == 1i) {
        var e: i32 = wavec_error_held_10;
        {
            return seen;
        }
    }
    return -1i;
}

fn passOn(n: i32, wavec_threw: ptr<function, bool>, wavec_error: ptr<function, i32>) -> i32 {
    (*wavec_threw) = false;
    var wavec_which_14: i32 = 0i;
    var wavec_error_held_15: i32;
    loop {
        var wavec_threw_16: bool = false;
        var wavec_caught_17: i32;
        var wavec_t: bool;
        var wavec_t_1: i32;
        let wavec_t_2 = bounded(n * 10i, &wavec_t, &wavec_t_1);
        wavec_threw_16 = wavec_t;
        wavec_caught_17 = wavec_t_1;
        let wavec_t_3 = wavec_t_2;
        var wavec_tried_18: i32 = wavec_t_3;
        if (wavec_threw_16) {
            wavec_error_held_15 = wavec_caught_17;
            wavec_which_14 = 1i;
            break;
        }
        return wavec_tried_18;
        continuing {
            break if !(false);
        }
    }
    var e: i32 = wavec_error_held_15;
    {
        (*wavec_error) = e;
        (*wavec_threw) = true;
        return 0i;
    }
}

fn scaled_float(v: f32, limit: f32, wavec_threw: ptr<function, bool>, wavec_error: ptr<function, i32>) -> f32 {
    (*wavec_threw) = false;
    if (v > limit) {
        (*wavec_error) = 3i;
        (*wavec_threw) = true;
        return 0.0f;
    }
    return v * 2.0f;
}

fn scaled_uint(v: u32, limit: u32, wavec_threw: ptr<function, bool>, wavec_error: ptr<function, i32>) -> u32 {
    (*wavec_threw) = false;
    if (v > limit) {
        (*wavec_error) = 3i;
        (*wavec_threw) = true;
        return 0u;
    }
    return v * 2u;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    let wavec_t = classify(8i);
    put(wavec_t);
    let wavec_t_1 = classify(9i);
    put(wavec_t_1);
    let wavec_t_2 = classify(400i);
    put(wavec_t_2);
    let wavec_t_3 = firstOdd(4i);
    put(wavec_t_3);
    var wavec_which_19: i32 = 0i;
    var wavec_error_held_20: i32;
    loop {
        var wavec_threw_21: bool = false;
        var wavec_caught_22: i32;
        var wavec_t_4: bool;
        var wavec_t_5: i32;
        let wavec_t_6 = passOn(3i, &wavec_t_4, &wavec_t_5);
        wavec_threw_21 = wavec_t_4;
        wavec_caught_22 = wavec_t_5;
        let wavec_t_7 = wavec_t_6;
        var wavec_tried_23: i32 = wavec_t_7;
        if (wavec_threw_21) {
            wavec_error_held_20 = wavec_caught_22;
            wavec_which_19 = 1i;
            break;
        }
        put(wavec_tried_23);
        var wavec_threw_24: bool = false;
        var wavec_caught_25: i32;
        var wavec_t_8: bool;
        var wavec_t_9: i32;
        let wavec_t_10 = passOn(30i, &wavec_t_8, &wavec_t_9);
        wavec_threw_24 = wavec_t_8;
        wavec_caught_25 = wavec_t_9;
        let wavec_t_11 = wavec_t_10;
        var wavec_tried_26: i32 = wavec_t_11;
        if (wavec_threw_24) {
            wavec_error_held_20 = wavec_caught_25;
            wavec_which_19 = 1i;
            break;
        }
        put(wavec_tried_26);
        continuing {
            break if !(false);
        }
    }
    if (wavec_which_19 == 1i) {
        var e: i32 = wavec_error_held_20;
        {
            put(e + 100i);
        }
    }
    var wavec_which_27: i32 = 0i;
    var wavec_error_held_28: Detail;
    loop {
        var wavec_threw_29: bool = false;
        var wavec_caught_30: Detail;
        var wavec_t_12: bool;
        var wavec_t_13: Detail;
        check(2i, &wavec_t_12, &wavec_t_13);
        wavec_threw_29 = wavec_t_12;
        wavec_caught_30 = wavec_t_13;
        if (wavec_threw_29) {
            wavec_error_held_28 = wavec_caught_30;
            wavec_which_27 = 1i;
            break;
        }
        var wavec_threw_31: bool = false;
        var wavec_caught_32: Detail;
        var wavec_t_14: bool;
        var wavec_t_15: Detail;
        check(-4i, &wavec_t_14, &wavec_t_15);
        wavec_threw_31 = wavec_t_14;
        wavec_caught_32 = wavec_t_15;
        if (wavec_threw_31) {
            wavec_error_held_28 = wavec_caught_32;
            wavec_which_27 = 1i;
            break;
        }
        put(1234i);
        continuing {
            break if !(false);
        }
    }
    if (wavec_which_27 == 1i) {
        var d: Detail = wavec_error_held_28;
        {
            put((d.code * 100i) + d.at);
        }
    }
    var wavec_which_33: i32 = 0i;
    loop {
        var wavec_threw_34: bool = false;
        var wavec_caught_35: i32;
        var wavec_t_16: bool;
        var wavec_t_17: i32;
        let wavec_t_18 = scaled_float(1.5f, 2.0f, &wavec_t_16, &wavec_t_17);
        wavec_threw_34 = wavec_t_16;
        wavec_caught_35 = wavec_t_17;
        let wavec_t_19 = wavec_t_18;
        var wavec_tried_36: f32 = wavec_t_19;
        if (wavec_threw_34) {
            wavec_which_33 = 1i;
            break;
        }
        put(i32(wavec_tried_36 * 10.0f));
        var wavec_threw_37: bool = false;
        var wavec_caught_38: i32;
        var wavec_t_20: bool;
        var wavec_t_21: i32;
        let wavec_t_22 = scaled_uint(5u, 4u, &wavec_t_20, &wavec_t_21);
        wavec_threw_37 = wavec_t_20;
        wavec_caught_38 = wavec_t_21;
        let wavec_t_23 = wavec_t_22;
        var wavec_tried_39: u32 = wavec_t_23;
        if (wavec_threw_37) {
            wavec_which_33 = 1i;
            break;
        }
        put(i32(wavec_tried_39));
        continuing {
            break if !(false);
        }
    }
    if (wavec_which_33 == 1i) {
        {
            put(42i);
        }
    }
}
