#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Detail {
    int code;
    int at;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};
int cursor = 0;

int wavec_srem(int a, int b) {
    return a - b * (a / b);
}

void put(int v) {
    outputBuffer[cursor++] = v;
}

int halve(int n, out bool wavec_threw, out int wavec_error) {
    wavec_threw = false;
    if (wavec_srem(n, 2) == 1) {
        wavec_error = 3;
        wavec_threw = true;
        return 0;
    }
    return n / 2;
}

int bounded(int n, out bool wavec_threw, out int wavec_error) {
    wavec_threw = false;
    if (n > 100) {
        wavec_error = 7;
        wavec_threw = true;
        return 0;
    }
    return n;
}

void check(int n, out bool wavec_threw, out Detail wavec_error) {
    wavec_threw = false;
    if (n < 0) {
        wavec_error = Detail(5, n);
        wavec_threw = true;
        {
            put(-n);
        }
        return;
    }
    {
        put(-n);
    }
}

int classify(int n) {
    int wavec_which_1 = 0;
    int wavec_error_held_2;
    do {
        bool wavec_threw_3 = false;
        int wavec_caught_4;
        int wavec_tried_5 = halve(n, wavec_threw_3, wavec_caught_4);
        if (wavec_threw_3) {
            wavec_error_held_2 = wavec_caught_4;
            wavec_which_1 = 1;
            break;
        }
        const int h = wavec_tried_5;
        bool wavec_threw_6 = false;
        int wavec_caught_7;
        int wavec_tried_8 = bounded(h, wavec_threw_6, wavec_caught_7);
        if (wavec_threw_6) {
            wavec_which_1 = 2;
            break;
        }
        const int b = wavec_tried_8;
        return b;
    } while (false);
    if (wavec_which_1 == 1) {
        int e = wavec_error_held_2;
        {
            return e * 10;
        }
    } else {
        {
            return 999;
        }
    }
}

int firstOdd(int start) {
    int seen = 0;
    int wavec_which_9 = 0;
    int wavec_error_held_10;
    do {
        for (int i = start; i < start + 10; i++) {
            for (int j = 0; j < 2; j++) {
                seen++;
                bool wavec_threw_11 = false;
                int wavec_caught_12;
                int wavec_tried_13 = halve(i, wavec_threw_11, wavec_caught_12);
                if (wavec_threw_11) {
                    wavec_error_held_10 = wavec_caught_12;
                    wavec_which_9 = 1;
                    break;
                }
                wavec_tried_13;
            }
            if (wavec_which_9 != 0) {
                break;
            }
        }
        if (wavec_which_9 != 0) {
            break;
        }
    } while (false);
    if (wavec_which_9 == 1) {
        int e = wavec_error_held_10;
        {
            return seen;
        }
    }
    return -1;
}

int passOn(int n, out bool wavec_threw, out int wavec_error) {
    wavec_threw = false;
    int wavec_which_14 = 0;
    int wavec_error_held_15;
    do {
        bool wavec_threw_16 = false;
        int wavec_caught_17;
        int wavec_tried_18 = bounded(n * 10, wavec_threw_16, wavec_caught_17);
        if (wavec_threw_16) {
            wavec_error_held_15 = wavec_caught_17;
            wavec_which_14 = 1;
            break;
        }
        return wavec_tried_18;
    } while (false);
    int e = wavec_error_held_15;
    {
        wavec_error = e;
        wavec_threw = true;
        return 0;
    }
}

float scaled_float(float v, float limit, out bool wavec_threw, out int wavec_error) {
    wavec_threw = false;
    if (v > limit) {
        wavec_error = 3;
        wavec_threw = true;
        return 0.0;
    }
    return v * 2.0;
}

uint scaled_uint(uint v, uint limit, out bool wavec_threw, out int wavec_error) {
    wavec_threw = false;
    if (v > limit) {
        wavec_error = 3;
        wavec_threw = true;
        return 0u;
    }
    return v * 2u;
}

void main() {
    put(classify(8));
    put(classify(9));
    put(classify(400));
    put(firstOdd(4));
    int wavec_which_19 = 0;
    int wavec_error_held_20;
    do {
        bool wavec_threw_21 = false;
        int wavec_caught_22;
        int wavec_tried_23 = passOn(3, wavec_threw_21, wavec_caught_22);
        if (wavec_threw_21) {
            wavec_error_held_20 = wavec_caught_22;
            wavec_which_19 = 1;
            break;
        }
        put(wavec_tried_23);
        bool wavec_threw_24 = false;
        int wavec_caught_25;
        int wavec_tried_26 = passOn(30, wavec_threw_24, wavec_caught_25);
        if (wavec_threw_24) {
            wavec_error_held_20 = wavec_caught_25;
            wavec_which_19 = 1;
            break;
        }
        put(wavec_tried_26);
    } while (false);
    if (wavec_which_19 == 1) {
        int e = wavec_error_held_20;
        {
            put(int(e) + 100);
        }
    }
    int wavec_which_27 = 0;
    Detail wavec_error_held_28;
    do {
        bool wavec_threw_29 = false;
        Detail wavec_caught_30;
        check(2, wavec_threw_29, wavec_caught_30);
        if (wavec_threw_29) {
            wavec_error_held_28 = wavec_caught_30;
            wavec_which_27 = 1;
            break;
        }
        bool wavec_threw_31 = false;
        Detail wavec_caught_32;
        check(-4, wavec_threw_31, wavec_caught_32);
        if (wavec_threw_31) {
            wavec_error_held_28 = wavec_caught_32;
            wavec_which_27 = 1;
            break;
        }
        put(1234);
    } while (false);
    if (wavec_which_27 == 1) {
        Detail d = wavec_error_held_28;
        {
            put(d.code * 100 + d.at);
        }
    }
    int wavec_which_33 = 0;
    do {
        bool wavec_threw_34 = false;
        int wavec_caught_35;
        float wavec_tried_36 = scaled_float(1.5, 2.0, wavec_threw_34, wavec_caught_35);
        if (wavec_threw_34) {
            wavec_which_33 = 1;
            break;
        }
        put(int(wavec_tried_36 * 10.0));
        bool wavec_threw_37 = false;
        int wavec_caught_38;
        uint wavec_tried_39 = scaled_uint(5u, 4u, wavec_threw_37, wavec_caught_38);
        if (wavec_threw_37) {
            wavec_which_33 = 1;
            break;
        }
        put(int(wavec_tried_39));
    } while (false);
    if (wavec_which_33 == 1) {
        {
            put(42);
        }
    }
}
