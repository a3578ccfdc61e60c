struct Grid {
    int cells[4];
};

struct Triple {
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
    uint2 rtti;
    uint2 witness;
    AnyValue_ILookup payload_1;
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
    uint2 rtti;
    uint2 witness;
    AnyValue_ICells payload_1;
};

RWStructuredBuffer<int> outputBuffer;

ILookup wavec_make_ILookup(uint2 p0, uint2 p1, AnyValue_ILookup p2) {
    ILookup r = {p0, p1, p2};
    return r;
}

AnyValue_ILookup wavec_make_AnyValue_ILookup(uint p0) {
    AnyValue_ILookup r = {p0};
    return r;
}

Base wavec_make_Base(int p0) {
    Base r = {p0};
    return r;
}

Offset wavec_make_Offset(int p0) {
    Offset r = {p0};
    return r;
}

ICells wavec_make_ICells(uint2 p0, uint2 p1, AnyValue_ICells p2) {
    ICells r = {p0, p1, p2};
    return r;
}

AnyValue_ICells wavec_make_AnyValue_ICells(uint p0, uint p1, uint p2) {
    AnyValue_ICells r = {p0, p1, p2};
    return r;
}

Cells wavec_make_Cells(float p0[3]) {
    Cells r = {p0};
    return r;
}

struct wavec_array_float_3 {
    float a[3];
};

wavec_array_float_3 wavec_make_float_3(float p0, float p1, float p2) {
    wavec_array_float_3 r;
    float v[3] = {p0, p1, p2};
    r.a = v;
    return r;
}

int Triple_factor() {
    return 3;
}

uint ILookup_tag(ILookup value) {
    return value.witness.x;
}

ILookup ILookup_Base_wrap(uint id, Base value) {
    return wavec_make_ILookup(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ILookup(uint(value.base)));
}

ILookup ILookup_Offset_wrap(uint id, Offset value) {
    return wavec_make_ILookup(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ILookup(uint(value.offset)));
}

ILookup pick(int which) {
    if (which == 0) {
        Base b = {5};
        return ILookup_Base_wrap(0u, b);
    }
    Offset o = {100};
    return ILookup_Offset_wrap(1u, o);
}

Base ILookup_Base_unwrap(ILookup value) {
    return wavec_make_Base(int(value.payload_1.field0));
}

Offset ILookup_Offset_unwrap(ILookup value) {
    return wavec_make_Offset(int(value.payload_1.field0));
}

float Cells_get___subscript(Cells this_1, uint index) {
    return this_1.data[index];
}

void Cells_set___subscript(inout Cells this_1, uint index, float newValue) {
    this_1.data[index] = newValue;
}

float Cells_scaled(Cells this_1, int by) {
    return this_1.data[0] * float(by) + 0.5f;
}

uint ICells_tag(ICells value) {
    return value.witness.x;
}

ICells ICells_Cells_wrap(uint id, Cells value) {
    return wavec_make_ICells(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_ICells(asuint(value.data[0u]), asuint(value.data[1u]), asuint(value.data[2u])));
}

ICells wrap(Cells c, int which) {
    return ICells_Cells_wrap(0u, c);
}

Cells ICells_Cells_unwrap(ICells value) {
    return wavec_make_Cells(wavec_make_float_3(asfloat(value.payload_1.field0), asfloat(value.payload_1.field1), asfloat(value.payload_1.field2)).a);
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
            Offset object = ILookup_Offset_unwrap(this_1);
            int result = Offset____get___subscript_Triple(object, arg1);
            return result;
        }
    }
    return 0;
}

int lookUp_Base(Base l) {
    Triple t = {};
    return Base____get___subscript_Triple(l, t);
}

float swapEnds_Cells(Cells c) {
    const float first = Cells_get___subscript(c, 0u);
    Cells_set___subscript(c, 0u, Cells_get___subscript(c, 2u));
    Cells_set___subscript(c, 2u, first);
    return Cells_get___subscript(c, 0u) * 10.0f + Cells_get___subscript(c, 2u);
}

float ICells_get_subscript(ICells this_1, int arg1) {
    switch (ICells_tag(this_1)) {
        case 0: {
            Cells object = ICells_Cells_unwrap(this_1);
            float result = Cells_get___subscript(object, uint(arg1));
            return result;
        }
    }
    return 0.0f;
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

[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) {
    int which = int(tid.x);
    Grid g;
    Grid____set___subscript_int(g, 0, 7);
    Grid____set___subscript_uint(g, 1u, 8);
    Grid____set___subscript_uint(g, 2u, 9);
    Grid____set___subscript_int(g, 3, Grid____get___subscript_int(g, 0) + Grid____get___subscript_uint(g, 1u));
    outputBuffer[0] = Grid____get___subscript_uint(g, 3u);
    outputBuffer[1] = g.cells[2];
    Triple t = {};
    outputBuffer[2] = ILookup_get_subscript_Triple(pick(which), t);
    outputBuffer[3] = ILookup_get_subscript_Triple(pick(which + 1), t);
    Base b = {2};
    outputBuffer[4] = lookUp_Base(b);
    Cells c = {{1.0f, 2.0f, 3.0f}};
    outputBuffer[5] = int(swapEnds_Cells(c));
    outputBuffer[6] = int(Cells_scaled(c, 4));
    ICells i = wrap(c, which);
    ICells_set_subscript(i, 1, 6.0f);
    ICells_set_subscript(i, 2, ICells_get_subscript(i, 2) + ICells_get_subscript(i, 1));
    outputBuffer[7] = int(ICells_get_subscript(i, 2));
    outputBuffer[8] = ICells_scaled(i, 2.0f);
}
