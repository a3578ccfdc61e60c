#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Pair {
    int a;
    int b;
};

struct Table_2 {
    uint wavec_empty;
};

struct Table_4 {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};
layout(std430, set = 0, binding = 1) buffer pairs_block {
    Pair pairs[];
};
shared int slot_cells[4];
shared int slot_cells_2[8];

int wavec_srem(int a, int b) {
    return a - b * (a / b);
}

int output_1(int index, bool __ref_write, int __ref_value) {
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
            slot_cells[wavec_srem(index, 4)] = __ref_value;
        }
        return slot_cells[wavec_srem(index, 4)];
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
            slot_cells_2[wavec_srem(index, 8)] = __ref_value;
        }
        return slot_cells_2[wavec_srem(index, 8)];
    }
}

int Table_4_fill(Table_4 this_1) {
    slot_8(1, true, 8);
    slot_8(1, true, slot_8(1, false, 0) + 10);
    slot_8(1, true, slot_8(1, false, 0) + 1);
    return slot_8(1, false, 0) + slot_8(9, false, 0);
}

void main() {
    Table_2 small;
    Table_4 large;
    slot_4(0, true, 100);
    slot_8(0, true, 200);
    outputBuffer[0] = Table_2_fill(small);
    outputBuffer[1] = Table_4_fill(large);
    outputBuffer[2] = slot_4(0, false, 0) + slot_8(0, false, 0);
    output_1(3, true, 7);
    output_1(3, true, output_1(3, false, 0) * 6);
    second(1, true, second(-1, false, 0) + 40);
    outputBuffer[4] = pairs[1].b;
    outputBuffer[5] = pairs[1].a;
}
