struct Circle {
    radius: f32,
}

struct Rect {
    w: f32,
    h: i32,
}

struct AnyValue_IShape {
    field0: u32,
    field1: u32,
}

struct IShape {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_IShape,
}

struct Optional_Rect {
    value: Rect,
    hasValue: bool,
}

@group(0) @binding(0) var<storage, read> shapes: array<IShape>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

fn Circle_area(this_1: Circle) -> f32 {
    return (3.0f * this_1.radius) * this_1.radius;
}

fn Circle_grow(this_1: ptr<function, Circle>, by: f32) {
    (*this_1).radius = (*this_1).radius + by;
}

fn Rect_area(this_1: Rect) -> f32 {
    return this_1.w * f32(this_1.h);
}

fn Rect_grow(this_1: ptr<function, Rect>, by: f32) {
    (*this_1).w = (*this_1).w + by;
}

fn IShape_tag(value: IShape) -> u32 {
    return value.witness.x;
}

fn IShape_Circle_wrap(id: u32, value: Circle) -> IShape {
    return IShape(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_IShape(bitcast<u32>(value.radius), 0u));
}

fn IShape_Rect_wrap(id: u32, value: Rect) -> IShape {
    return IShape(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_IShape(bitcast<u32>(value.w), u32(value.h)));
}

fn make(which: u32) -> IShape {
    if (which == 0u) {
        let wavec_t = IShape_Circle_wrap(0u, Circle(1.0f));
        return wavec_t;
    }
    let wavec_t_1 = IShape_Rect_wrap(3u, Rect(2.0f, 3i));
    return wavec_t_1;
}

fn IShape_Circle_unwrap(value: IShape) -> Circle {
    return Circle(bitcast<f32>(value.payload.field0));
}

fn IShape_Rect_unwrap(value: IShape) -> Rect {
    return Rect(bitcast<f32>(value.payload.field0), i32(value.payload.field1));
}

fn IShape_grow(this_1: ptr<function, IShape>, arg1: f32) {
    let wavec_t = IShape_tag((*this_1));
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = IShape_Circle_unwrap((*this_1));
            var object: Circle = wavec_t_1;
            var wavec_t_2: Circle = object;
            Circle_grow(&wavec_t_2, arg1);
            object = wavec_t_2;
            let wavec_t_3 = IShape_Circle_wrap(0u, object);
            (*this_1) = wavec_t_3;
            return;
        }
        case 3: {
            let wavec_t_4 = IShape_Rect_unwrap((*this_1));
            var object_1: Rect = wavec_t_4;
            var wavec_t_5: Rect = object_1;
            Rect_grow(&wavec_t_5, arg1);
            object_1 = wavec_t_5;
            let wavec_t_6 = IShape_Rect_wrap(3u, object_1);
            (*this_1) = wavec_t_6;
            return;
        }
        default: {}
    }
    return;
}

fn IShape_area(this_1: IShape) -> f32 {
    let wavec_t = IShape_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = IShape_Circle_unwrap(this_1);
            var object: Circle = wavec_t_1;
            let wavec_t_2 = Circle_area(object);
            var result: f32 = wavec_t_2;
            return result;
        }
        case 3: {
            let wavec_t_3 = IShape_Rect_unwrap(this_1);
            var object_1: Rect = wavec_t_3;
            let wavec_t_4 = Rect_area(object_1);
            var result_1: f32 = wavec_t_4;
            return result_1;
        }
        default: {}
    }
    return 0.0f;
}

fn IShape_as_Rect(value: IShape) -> Optional_Rect {
    let wavec_t = IShape_Rect_unwrap(value);
    let wavec_t_1 = IShape_tag(value);
    return Optional_Rect(wavec_t, wavec_t_1 == 3u);
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = make(id.x % 2u);
    var s: IShape = wavec_t;
    var wavec_t_1: IShape = s;
    IShape_grow(&wavec_t_1, 1.0f);
    s = wavec_t_1;
    let wavec_t_2 = IShape_area(s);
    let wavec_t_3 = IShape_area(shapes[id.x]);
    output[id.x] = wavec_t_2 + wavec_t_3;
    {
        let wavec_t_4 = IShape_as_Rect(s);
        var optional: Optional_Rect = wavec_t_4;
        if (optional.hasValue) {
            var r: Rect = optional.value;
            output[id.x] = output[id.x] + r.w;
        }
    }
    let wavec_t_5 = output[id.x];
    let wavec_t_6 = IShape_tag(s);
    output[id.x] = wavec_t_5 + select(0.0f, 1.0f, wavec_t_6 == 0u);
}
