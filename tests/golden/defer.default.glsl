#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};
int cursor = 0;

void put(int v) {
    outputBuffer[cursor++] = v;
}

int counted(int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        if (i == 1) {
            {
                total += 10;
            }
            continue;
        }
        if (i == 3) {
            {
                total += 10;
            }
            break;
        }
        total += 1;
        {
            total += 10;
        }
    }
    int deferred_result = total * 100;
    {
        put(total);
    }
    return deferred_result;
}

void cases(int selector) {
    switch (selector) {
        case 0: {
            put(71);
            {
                put(70);
            }
            break;
        }
        case 1: {
            put(5);
            {
                put(selector + 85);
                {
                    put(selector + 84);
                }
            }
            break;
        }
        default: {
            if (selector == 2) {
                {
                    put(90);
                }
                break;
            }
            put(91);
            {
                put(90);
            }
        }
    }
}

void main() {
    int step_1 = 1;
    {
        int step_2 = 2;
        put(step_2);
        {
            put(step_1);
        }
    }
    put(counted(5));
    cases(0);
    cases(1);
    cases(2);
    cases(3);
    put(cursor);
    {
        for (int k_1 = 0; k_1 < 2; k_1++) {
            put(k_1 + 40);
        }
    }
    {
        put(-1);
    }
}
