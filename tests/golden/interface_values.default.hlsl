struct Circle {
    float radius;
};

struct Rect {
    float w;
    int h;
};

struct AnyValue_IShape {
    uint field0;
    uint field1;
};

struct IShape {
    uint2 rtti;
    uint2 witness;
    AnyValue_IShape payload_1;
};

struct Optional_Rect {
    Rect value;
    bool hasValue;
};

StructuredBuffer<IShape> shapes;
RWStructuredBuffer<float> output;

IShape wavec_make_IShape(uint2 p0, uint2 p1, AnyValue_IShape p2) {
    IShape r = {p0, p1, p2};
    return r;
}

AnyValue_IShape wavec_make_AnyValue_IShape(uint p0, uint p1) {
    AnyValue_IShape r = {p0, p1};
    return r;
}

Circle wavec_make_Circle(float p0) {
    Circle r = {p0};
    return r;
}

Rect wavec_make_Rect(float p0, int p1) {
    Rect r = {p0, p1};
    return r;
}

Optional_Rect wavec_make_Optional_Rect(Rect p0, bool p1) {
    Optional_Rect r = {p0, p1};
    return r;
}

float Circle_area(Circle this_1) {
    return 3.0f * this_1.radius * this_1.radius;
}

void Circle_grow(inout Circle this_1, float by) {
    this_1.radius += by;
}

float Rect_area(Rect this_1) {
    return this_1.w * float(this_1.h);
}

void Rect_grow(inout Rect this_1, float by) {
    this_1.w += by;
}

uint IShape_tag(IShape value) {
    return value.witness.x;
}

IShape IShape_Circle_wrap(uint id, Circle value) {
    return wavec_make_IShape(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_IShape(asuint(value.radius), 0u));
}

IShape IShape_Rect_wrap(uint id, Rect value) {
    return wavec_make_IShape(uint2(0u, 0u), uint2(id, 0u), wavec_make_AnyValue_IShape(asuint(value.w), uint(value.h)));
}

IShape make(uint which) {
    if (which == 0u) {
        return IShape_Circle_wrap(0u, wavec_make_Circle(1.0f));
    }
    return IShape_Rect_wrap(3u, wavec_make_Rect(2.0f, 3));
}

Circle IShape_Circle_unwrap(IShape value) {
    return wavec_make_Circle(asfloat(value.payload_1.field0));
}

Rect IShape_Rect_unwrap(IShape value) {
    return wavec_make_Rect(asfloat(value.payload_1.field0), int(value.payload_1.field1));
}

void IShape_grow(inout IShape this_1, float arg1) {
    switch (IShape_tag(this_1)) {
        case 0: {
            Circle object = IShape_Circle_unwrap(this_1);
            Circle_grow(object, arg1);
            this_1 = IShape_Circle_wrap(0u, object);
            return;
        }
        case 3: {
            Rect object = IShape_Rect_unwrap(this_1);
            Rect_grow(object, arg1);
            this_1 = IShape_Rect_wrap(3u, object);
            return;
        }
    }
    return;
}

float IShape_area(IShape this_1) {
    switch (IShape_tag(this_1)) {
        case 0: {
            Circle object = IShape_Circle_unwrap(this_1);
            float result = Circle_area(object);
            return result;
        }
        case 3: {
            Rect object = IShape_Rect_unwrap(this_1);
            float result = Rect_area(object);
            return result;
        }
    }
    return 0.0f;
}

Optional_Rect IShape_as_Rect(IShape value) {
    return wavec_make_Optional_Rect(IShape_Rect_unwrap(value), IShape_tag(value) == 3u);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    IShape s = make(id.x % 2u);
    IShape_grow(s, 1.0f);
    output[id.x] = IShape_area(s) + IShape_area(shapes[id.x]);
    {
        Optional_Rect optional = IShape_as_Rect(s);
        if (optional.hasValue) {
            const Rect r = optional.value;
            output[id.x] += r.w;
        }
    }
    output[id.x] += IShape_tag(s) == 0u ? 1.0f : 0.0f;
}
