#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Scaled {
    float factor;
};

struct AnyValue_IShape {
    uint field0;
};

struct IShape {
    uvec2 rtti;
    uvec2 witness;
    AnyValue_IShape payload;
};

struct DifferentialPair_float {
    float p;
    float d;
};

struct DifferentialPair_Scaled {
    Scaled p;
    Scaled d;
};

struct DifferentialPair_IShape {
    IShape p;
    IShape d;
};

layout(std430, set = 0, binding = 0) buffer result_block {
    float result[];
};

float Scaled_area(Scaled this_1, float t) {
    return t * t * this_1.factor;
}

IShape IShape_Scaled_wrap(uint id, Scaled value) {
    return IShape(uvec2(0u, 0u), uvec2(id, 0u), AnyValue_IShape(floatBitsToUint(value.factor)));
}

uint IShape_tag(IShape value) {
    return value.witness.x;
}

Scaled IShape_Scaled_unwrap(IShape value) {
    return Scaled(uintBitsToFloat(value.payload.field0));
}

float IShape_area(IShape this_1, float arg1) {
    switch (IShape_tag(this_1)) {
        case 0: {
            Scaled object = IShape_Scaled_unwrap(this_1);
            float result_1 = Scaled_area(object, arg1);
            return result_1;
        }
    }
    return 0.0;
}

IShape IShape_zero() {
    return IShape(uvec2(0u, 0u), uvec2(0u, 0u), AnyValue_IShape(0u));
}

void IShape_Scaled_wrap_bwd_diff(uint id, inout DifferentialPair_Scaled value, IShape dOut) {
    value = DifferentialPair_Scaled(value.p, IShape_Scaled_unwrap(dOut));
}

void IShape_Scaled_unwrap_bwd_diff(inout DifferentialPair_IShape value, Scaled dOut) {
    value = DifferentialPair_IShape(value.p, IShape_Scaled_wrap(IShape_tag(value.p), dOut));
}

IShape IShape_dadd(IShape a, IShape b) {
    if (a.payload.field0 == 0u) {
        return b;
    }
    if (b.payload.field0 == 0u) {
        return a;
    }
    switch (IShape_tag(a)) {
        case 0: {
            return IShape_Scaled_wrap(0u, Scaled(IShape_Scaled_unwrap(a).factor + IShape_Scaled_unwrap(b).factor));
        }
    }
    return a;
}

void Scaled_area_bwd_diff(inout DifferentialPair_Scaled this_pair, inout DifferentialPair_float t_pair, float dOut) {
    Scaled this_1 = Scaled(0.0);
    Scaled this_adjoint = Scaled(0.0);
    float t = 0.0;
    float t_adjoint = 0.0;
    float result_1 = 0.0;
    float result_adjoint = 0.0;
    bool returned = false;
    this_1 = this_pair.p;
    t = t_pair.p;
    result_adjoint = dOut;
    returned = false;
    result_1 = t * t * this_1.factor;
    float _adj74 = result_adjoint;
    result_adjoint = 0.0;
    float _adj75 = _adj74;
    float _adj76 = _adj75 * this_1.factor;
    float _adj77 = _adj76 * t;
    t_adjoint = t_adjoint + _adj77;
    float _adj78 = _adj76 * t;
    t_adjoint = t_adjoint + _adj78;
    float _adj79 = _adj75 * (t * t);
    this_adjoint.factor = this_adjoint.factor + _adj79;
    result_adjoint = 0.0;
    this_pair = DifferentialPair_Scaled(this_pair.p, this_adjoint);
    t_pair = DifferentialPair_float(t_pair.p, t_adjoint);
}

void IShape_area_bwd_diff(inout DifferentialPair_IShape this_pair, inout DifferentialPair_float arg1_pair, float dOut) {
    IShape this_1 = IShape_zero();
    IShape this_adjoint = IShape_zero();
    float arg1 = 0.0;
    float arg1_adjoint = 0.0;
    Scaled object = Scaled(0.0);
    Scaled object_adjoint = Scaled(0.0);
    float result_1 = 0.0;
    float result_adjoint = 0.0;
    uint selector = 0u;
    float result_2 = 0.0;
    float result_adjoint_1 = 0.0;
    bool returned = false;
    this_1 = this_pair.p;
    arg1 = arg1_pair.p;
    result_adjoint_1 = dOut;
    bool _saved40 = returned;
    uint _saved41 = selector;
    Scaled _saved42 = object;
    float _saved43 = result_1;
    returned = false;
    bool _saved44 = returned;
    uint _saved45 = selector;
    Scaled _saved46 = object;
    float _saved47 = result_1;
    bool _saved48 = returned;
    uint _saved49 = selector;
    Scaled _saved50 = object;
    float _saved51 = result_1;
    {
        selector = IShape_tag(this_1);
        if (selector == 0u) {
            object = IShape_Scaled_unwrap(this_1);
            result_1 = Scaled_area(object, arg1);
            result_2 = result_1;
            returned = true;
        }
    }
    if (!returned) {
        bool _saved52 = returned;
        result_2 = 0.0;
        returned = _saved52;
        float _adj53 = result_adjoint_1;
        result_adjoint_1 = 0.0;
    }
    returned = _saved48;
    selector = _saved49;
    object = _saved50;
    result_1 = _saved51;
    {
        Scaled _saved54 = object;
        float _saved55 = result_1;
        bool _saved56 = returned;
        uint _saved57 = selector;
        selector = IShape_tag(this_1);
        if (selector == 0u) {
            bool _saved58 = returned;
            float _saved59 = result_1;
            Scaled _saved60 = object;
            object = IShape_Scaled_unwrap(this_1);
            bool _saved61 = returned;
            float _saved62 = result_1;
            result_1 = Scaled_area(object, arg1);
            bool _saved63 = returned;
            result_2 = result_1;
            returned = _saved63;
            float _adj64 = result_adjoint_1;
            result_adjoint_1 = 0.0;
            float _adj65 = _adj64;
            result_adjoint = result_adjoint + _adj65;
            returned = _saved61;
            result_1 = _saved62;
            float _adj66 = result_adjoint;
            result_adjoint = 0.0;
            DifferentialPair_Scaled _adj67 = DifferentialPair_Scaled(object, Scaled(0.0));
            DifferentialPair_float _adj68 = DifferentialPair_float(arg1, 0.0);
            Scaled_area_bwd_diff(_adj67, _adj68, _adj66);
            Scaled _adj69 = _adj67.d;
            object_adjoint = Scaled(object_adjoint.factor + _adj69.factor);
            float _adj70 = _adj68.d;
            arg1_adjoint = arg1_adjoint + _adj70;
            returned = _saved58;
            result_1 = _saved59;
            object = _saved60;
            Scaled _adj71 = object_adjoint;
            object_adjoint = Scaled(0.0);
            DifferentialPair_IShape _adj72 = DifferentialPair_IShape(this_1, IShape_zero());
            IShape_Scaled_unwrap_bwd_diff(_adj72, _adj71);
            IShape _adj73 = _adj72.d;
            this_adjoint = IShape_dadd(this_adjoint, _adj73);
        }
        object = _saved54;
        result_1 = _saved55;
        returned = _saved56;
        selector = _saved57;
    }
    returned = _saved44;
    selector = _saved45;
    object = _saved46;
    result_1 = _saved47;
    result_adjoint_1 = 0.0;
    returned = _saved40;
    selector = _saved41;
    object = _saved42;
    result_1 = _saved43;
    this_pair = DifferentialPair_IShape(this_pair.p, this_adjoint);
    arg1_pair = DifferentialPair_float(arg1_pair.p, arg1_adjoint);
}

void measure_bwd_diff(inout DifferentialPair_float x_pair, float dOut) {
    float x = 0.0;
    float x_adjoint = 0.0;
    IShape shape = IShape_zero();
    IShape shape_adjoint = IShape_zero();
    float value = 0.0;
    float value_adjoint = 0.0;
    float value_1 = 0.0;
    float value_adjoint_1 = 0.0;
    float result_1 = 0.0;
    float result_adjoint = 0.0;
    bool returned = false;
    x = x_pair.p;
    result_adjoint = dOut;
    float _saved11 = value_1;
    float _saved12 = value;
    IShape _saved13 = shape;
    returned = false;
    float _saved14 = value_1;
    float _saved15 = value;
    IShape _saved16 = shape;
    float _saved17 = value_1;
    float _saved18 = value;
    IShape _saved19 = shape;
    shape = IShape_Scaled_wrap(0u, Scaled(x));
    float _saved20 = value_1;
    float _saved21 = value;
    value = IShape_area(shape, x);
    float _saved22 = value_1;
    value_1 = IShape_area(shape, 1.0);
    result_1 = value + value_1;
    float _adj23 = result_adjoint;
    result_adjoint = 0.0;
    float _adj24 = _adj23;
    float _adj25 = _adj24;
    value_adjoint = value_adjoint + _adj25;
    float _adj26 = _adj24;
    value_adjoint_1 = value_adjoint_1 + _adj26;
    value_1 = _saved22;
    float _adj27 = value_adjoint_1;
    value_adjoint_1 = 0.0;
    DifferentialPair_IShape _adj28 = DifferentialPair_IShape(shape, IShape_zero());
    DifferentialPair_float _adj29 = DifferentialPair_float(1.0, 0.0);
    IShape_area_bwd_diff(_adj28, _adj29, _adj27);
    IShape _adj30 = _adj28.d;
    shape_adjoint = IShape_dadd(shape_adjoint, _adj30);
    value_1 = _saved20;
    value = _saved21;
    float _adj31 = value_adjoint;
    value_adjoint = 0.0;
    DifferentialPair_IShape _adj32 = DifferentialPair_IShape(shape, IShape_zero());
    DifferentialPair_float _adj33 = DifferentialPair_float(x, 0.0);
    IShape_area_bwd_diff(_adj32, _adj33, _adj31);
    IShape _adj34 = _adj32.d;
    shape_adjoint = IShape_dadd(shape_adjoint, _adj34);
    float _adj35 = _adj33.d;
    x_adjoint = x_adjoint + _adj35;
    value_1 = _saved17;
    value = _saved18;
    shape = _saved19;
    IShape _adj36 = shape_adjoint;
    shape_adjoint = IShape_zero();
    DifferentialPair_Scaled _adj37 = DifferentialPair_Scaled(Scaled(x), Scaled(0.0));
    IShape_Scaled_wrap_bwd_diff(0u, _adj37, _adj36);
    Scaled _adj38 = _adj37.d;
    float _adj39 = _adj38.factor;
    x_adjoint = x_adjoint + _adj39;
    value_1 = _saved14;
    value = _saved15;
    shape = _saved16;
    result_adjoint = 0.0;
    value_1 = _saved11;
    value = _saved12;
    shape = _saved13;
    x_pair = DifferentialPair_float(x_pair.p, x_adjoint);
}

void main() {
    DifferentialPair_float dx = DifferentialPair_float(2.0, 0.0);
    measure_bwd_diff(dx, 1.0);
    result[0] = dx.d;
}
