struct Pair {
    int a;
    int b;
};

struct Table_2 {
};

struct Table_4 {
};

RWStructuredBuffer<int> outputBuffer;
RWStructuredBuffer<Pair> pairs;
static const int Table_2__Size = 4;
groupshared int slot_cells[4];
static const int Table_4__Size = 8;
groupshared int slot_cells_2[8];

int output(int index, bool __ref_write, int __ref_value) {
    {
        if (__ref_write) {
            outputBuffer[index] = __ref_value;
        }
        return outputBuffer[index];
    }
}

int second(int index, bool __ref_write, int __ref_value) {
    if (index < 0) {
        {
            if (__ref_write) {
                pairs[0].b = __ref_value;
            }
            return pairs[0].b;
        }
    }
    {
        if (__ref_write) {
            pairs[index].b = __ref_value;
        }
        return pairs[index].b;
    }
}

int slot_4(int index, bool __ref_write, int __ref_value) {
    {
        if (__ref_write) {
            slot_cells[index % 4] = __ref_value;
        }
        return slot_cells[index % 4];
    }
}

int Table_2_fill(Table_2 this_1) {
    slot_4(1, true, 4);
    slot_4(1, true, slot_4(1, false, 0) + 10);
    slot_4(1, true, slot_4(1, false, 0) + 1);
    return slot_4(1, false, 0) + slot_4(5, false, 0);
}

int slot_8(int index, bool __ref_write, int __ref_value) {
    {
        if (__ref_write) {
            slot_cells_2[index % 8] = __ref_value;
        }
        return slot_cells_2[index % 8];
    }
}

int Table_4_fill(Table_4 this_1) {
    slot_8(1, true, 8);
    slot_8(1, true, slot_8(1, false, 0) + 10);
    slot_8(1, true, slot_8(1, false, 0) + 1);
    return slot_8(1, false, 0) + slot_8(9, false, 0);
}

[numthreads(1, 1, 1)]
void computeMain() {
    Table_2 small;
    Table_4 large;
    slot_4(0, true, 100);
    slot_8(0, true, 200);
    outputBuffer[0] = Table_2_fill(small);
    outputBuffer[1] = Table_4_fill(large);
    outputBuffer[2] = slot_4(0, false, 0) + slot_8(0, false, 0);
    output(3, true, 7);
    output(3, true, output(3, false, 0) * 6);
    second(1, true, second(-1, false, 0) + 40);
    outputBuffer[4] = pairs[1].b;
    outputBuffer[5] = pairs[1].a;
}
