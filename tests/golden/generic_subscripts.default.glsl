#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Grid {
    int cells[4];
};

struct Triple {
    uint wavec_empty;
};

struct Base {
    int base;
};

struct Offset {
    int offset;
};

struct AnyValue_ILookup {
    uint field0;
};

struct ILookup {
    uvec2 rtti;
    uvec2 witness;
    AnyValue_ILookup payload;
};

struct Cells {
    float data[3];
};

struct AnyValue_ICells {
    uint field0;
    uint field1;
    uint field2;
};

struct ICells {
    uvec2 rtti;
    uvec2 witness;
    AnyValue_ICells payload;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};

int Triple_factor() {
    return 3;
}

uint ILookup_tag(ILookup value) {
    return value.witness.x;
}

ILookup ILookup_Base_wrap(uint id, Base value) {
    return ILookup(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ILookup(uint(value.base)));
}

ILookup ILookup_Offset_wrap(uint id, Offset value) {
    return ILookup(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ILookup(uint(value.offset)));
}

ILookup pick(int which) {
    if (which == 0) {
        Base b = Base(5);
        return ILookup_Base_wrap(0u, b);
    }
    Offset o = Offset(100);
    return ILookup_Offset_wrap(1u, o);
}

Base ILookup_Base_unwrap(ILookup value) {
    return Base(int(value.payload.field0));
}

Offset ILookup_Offset_unwrap(ILookup value) {
    return Offset(int(value.payload.field0));
}

float Cells_get___subscript(Cells this_1, uint index) {
    return this_1.data[index];
}

void Cells_set___subscript(inout Cells this_1, uint index, float newValue) {
    this_1.data[index] = newValue;
}

float Cells_scaled(Cells this_1, int by) {
    return this_1.data[0] * float(by) + 0.5;
}

uint ICells_tag(ICells value) {
    return value.witness.x;
}

ICells ICells_Cells_wrap(uint id, Cells value) {
    return ICells(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_ICells(floatBitsToUint(value.data[0u]), floatBitsToUint(value.data[1u]), floatBitsToUint(value.data[2u])));
}

ICells wrap(Cells c, int which) {
    return ICells_Cells_wrap(0u, c);
}

Cells ICells_Cells_unwrap(ICells value) {
    return Cells(float[3](uintBitsToFloat(value.payload.field0), uintBitsToFloat(value.payload.field1), uintBitsToFloat(value.payload.field2)));
}

int Grid____get___subscript_int(Grid this_1, int index) {
    return this_1.cells[int(index)];
}

void Grid____set___subscript_int(inout Grid this_1, int index, int newValue) {
    this_1.cells[int(index)] = newValue;
}

int Grid____get___subscript_uint(Grid this_1, uint index) {
    return this_1.cells[int(index)];
}

void Grid____set___subscript_uint(inout Grid this_1, uint index, int newValue) {
    this_1.cells[int(index)] = newValue;
}

int Base____get___subscript_Triple(Base this_1, Triple t) {
    return this_1.base * Triple_factor();
}

int Offset____get___subscript_Triple(Offset this_1, Triple t) {
    return this_1.offset + Triple_factor();
}

int ILookup_get_subscript_Triple(ILookup this_1, Triple arg1) {
    switch (ILookup_tag(this_1)) {
        case 0: {
            Base object = ILookup_Base_unwrap(this_1);
            int result = Base____get___subscript_Triple(object, arg1);
            return result;
        }
        case 1: {
            Offset object_1 = ILookup_Offset_unwrap(this_1);
            int result_1 = Offset____get___subscript_Triple(object_1, arg1);
            return result_1;
        }
    }
    return 0;
}

int lookUp_Base(Base l) {
    Triple t = Triple(0u);
    return Base____get___subscript_Triple(l, t);
}

float swapEnds_Cells(Cells c) {
    const float first = Cells_get___subscript(c, 0u);
    Cells_set___subscript(c, 0u, Cells_get___subscript(c, 2u));
    Cells_set___subscript(c, 2u, first);
    return Cells_get___subscript(c, 0u) * 10.0 + Cells_get___subscript(c, 2u);
}

float ICells_get_subscript(ICells this_1, int arg1) {
    switch (ICells_tag(this_1)) {
        case 0: {
            Cells object = ICells_Cells_unwrap(this_1);
            float result = Cells_get___subscript(object, uint(arg1));
            return result;
        }
    }
    return 0.0;
}

void ICells_set_subscript(inout ICells this_1, int arg1, float arg2) {
    switch (ICells_tag(this_1)) {
        case 0: {
            Cells object = ICells_Cells_unwrap(this_1);
            Cells_set___subscript(object, uint(arg1), arg2);
            this_1 = ICells_Cells_wrap(0u, object);
            return;
        }
    }
    return;
}

int ICells_scaled(ICells this_1, float arg1) {
    switch (ICells_tag(this_1)) {
        case 0: {
            Cells object = ICells_Cells_unwrap(this_1);
            int result = int(Cells_scaled(object, int(arg1)));
            return result;
        }
    }
    return 0;
}

void main() {
    uvec3 tid = gl_GlobalInvocationID;
    int which = int(tid.x);
    Grid g;
    Grid____set___subscript_int(g, 0, 7);
    Grid____set___subscript_uint(g, 1u, 8);
    Grid____set___subscript_uint(g, 2u, 9);
    Grid____set___subscript_int(g, 3, Grid____get___subscript_int(g, 0) + Grid____get___subscript_uint(g, 1u));
    outputBuffer[0] = Grid____get___subscript_uint(g, 3u);
    outputBuffer[1] = g.cells[2];
    Triple t = Triple(0u);
    outputBuffer[2] = ILookup_get_subscript_Triple(pick(which), t);
    outputBuffer[3] = ILookup_get_subscript_Triple(pick(which + 1), t);
    Base b = Base(2);
    outputBuffer[4] = lookUp_Base(b);
    Cells c = Cells(float[3](1.0, 2.0, 3.0));
    outputBuffer[5] = int(swapEnds_Cells(c));
    outputBuffer[6] = int(Cells_scaled(c, 4));
    ICells i = wrap(c, which);
    ICells_set_subscript(i, 1, 6.0);
    ICells_set_subscript(i, 2, ICells_get_subscript(i, 2) + ICells_get_subscript(i, 1));
    outputBuffer[7] = int(ICells_get_subscript(i, 2));
    outputBuffer[8] = ICells_scaled(i, 2.0);
}
