#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

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
    uvec2 rtti;
    uvec2 witness;
    AnyValue_IShape payload;
};

struct Optional_Rect {
    Rect value;
    bool hasValue;
};

layout(std430, set = 0, binding = 0) readonly buffer shapes_block {
    IShape shapes[];
};
layout(std430, set = 0, binding = 1) buffer output_block {
    float output_1[];
};

float Circle_area(Circle this_1) {
    return 3.0 * this_1.radius * this_1.radius;
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
    return IShape(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_IShape(floatBitsToUint(value.radius), 0u));
}

IShape IShape_Rect_wrap(uint id, Rect value) {
    return IShape(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_IShape(floatBitsToUint(value.w), uint(value.h)));
}

IShape make(uint which) {
    if (which == 0u) {
        return IShape_Circle_wrap(0u, Circle(1.0));
    }
    return IShape_Rect_wrap(3u, Rect(2.0, 3));
}

Circle IShape_Circle_unwrap(IShape value) {
    return Circle(uintBitsToFloat(value.payload.field0));
}

Rect IShape_Rect_unwrap(IShape value) {
    return Rect(uintBitsToFloat(value.payload.field0), int(value.payload.field1));
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
            Rect object_1 = IShape_Rect_unwrap(this_1);
            Rect_grow(object_1, arg1);
            this_1 = IShape_Rect_wrap(3u, object_1);
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
            Rect object_1 = IShape_Rect_unwrap(this_1);
            float result_1 = Rect_area(object_1);
            return result_1;
        }
    }
    return 0.0;
}

Optional_Rect IShape_as_Rect(IShape value) {
    return Optional_Rect(IShape_Rect_unwrap(value), IShape_tag(value) == 3u);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    IShape s = make(id.x % 2u);
    IShape_grow(s, 1.0);
    output_1[id.x] = IShape_area(s) + IShape_area(shapes[id.x]);
    {
        Optional_Rect optional = IShape_as_Rect(s);
        if (optional.hasValue) {
            const Rect r = optional.value;
            output_1[id.x] += r.w;
        }
    }
    output_1[id.x] += IShape_tag(s) == 0u ? 1.0 : 0.0;
}
