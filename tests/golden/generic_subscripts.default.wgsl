struct Grid {
    cells: array<i32, 4>,
}

struct Triple {
    wavec_empty: u32,
}

struct Base {
    base: i32,
}

struct Offset {
    offset: i32,
}

struct AnyValue_ILookup {
    field0: u32,
}

struct ILookup {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_ILookup,
}

struct Cells {
    data: array<f32, 3>,
}

struct AnyValue_ICells {
    field0: u32,
    field1: u32,
    field2: u32,
}

struct ICells {
    rtti: vec2<u32>,
    witness: vec2<u32>,
    payload: AnyValue_ICells,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

fn Triple_factor() -> i32 {
    return 3i;
}

fn ILookup_tag(value: ILookup) -> u32 {
    return value.witness.x;
}

fn ILookup_Base_wrap(id: u32, value: Base) -> ILookup {
    return ILookup(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ILookup(u32(value.base)));
}

fn ILookup_Offset_wrap(id: u32, value: Offset) -> ILookup {
    return ILookup(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ILookup(u32(value.offset)));
}

fn pick(which: i32) -> ILookup {
    if (which == 0i) {
        var b: Base = Base(5i);
        let wavec_t = ILookup_Base_wrap(0u, b);
        return wavec_t;
    }
    var o: Offset = Offset(100i);
    let wavec_t_1 = ILookup_Offset_wrap(1u, o);
    return wavec_t_1;
}

fn ILookup_Base_unwrap(value: ILookup) -> Base {
    return Base(i32(value.payload.field0));
}

fn ILookup_Offset_unwrap(value: ILookup) -> Offset {
    return Offset(i32(value.payload.field0));
}

fn Cells_get___subscript(this_1: Cells, index: u32) -> f32 {
    return this_1.data[index];
}

fn Cells_set___subscript(this_1: ptr<function, Cells>, index: u32, newValue: f32) {
    (*this_1).data[index] = newValue;
}

fn Cells_scaled(this_1: Cells, by: i32) -> f32 {
    return (this_1.data[0i] * f32(by)) + 0.5f;
}

fn ICells_tag(value: ICells) -> u32 {
    return value.witness.x;
}

fn ICells_Cells_wrap(id: u32, value: Cells) -> ICells {
    return ICells(vec2<u32>(0u, 0u), vec2<u32>(id, 0u), AnyValue_ICells(bitcast<u32>(value.data[0u]), bitcast<u32>(value.data[1u]), bitcast<u32>(value.data[2u])));
}

fn wrap(c: Cells, which: i32) -> ICells {
    let wavec_t = ICells_Cells_wrap(0u, c);
    return wavec_t;
}

fn ICells_Cells_unwrap(value: ICells) -> Cells {
    return Cells(array<f32, 3>(bitcast<f32>(value.payload.field0), bitcast<f32>(value.payload.field1), bitcast<f32>(value.payload.field2)));
}

fn Grid____get___subscript_int(this_1: Grid, index: i32) -> i32 {
    return this_1.cells[index];
}

fn Grid____set___subscript_int(this_1: ptr<function, Grid>, index: i32, newValue: i32) {
    (*this_1).cells[index] = newValue;
}

fn Grid____get___subscript_uint(this_1: Grid, index: u32) -> i32 {
    return this_1.cells[i32(index)];
}

fn Grid____set___subscript_uint(this_1: ptr<function, Grid>, index: u32, newValue: i32) {
    (*this_1).cells[i32(index)] = newValue;
}

fn Base____get___subscript_Triple(this_1: Base, t: Triple) -> i32 {
    let wavec_t = Triple_factor();
    return this_1.base * wavec_t;
}

fn Offset____get___subscript_Triple(this_1: Offset, t: Triple) -> i32 {
    let wavec_t = Triple_factor();
    return this_1.offset + wavec_t;
}

fn ILookup_get_subscript_Triple(this_1: ILookup, arg1: Triple) -> i32 {
    let wavec_t = ILookup_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = ILookup_Base_unwrap(this_1);
            var object: Base = wavec_t_1;
            let wavec_t_2 = Base____get___subscript_Triple(object, arg1);
            var result: i32 = wavec_t_2;
            return result;
        }
        case 1: {
            let wavec_t_3 = ILookup_Offset_unwrap(this_1);
            var object_1: Offset = wavec_t_3;
            let wavec_t_4 = Offset____get___subscript_Triple(object_1, arg1);
            var result_1: i32 = wavec_t_4;
            return result_1;
        }
        default: {}
    }
    return 0i;
}

fn lookUp_Base(l: Base) -> i32 {
    var t: Triple = Triple();
    let wavec_t = Base____get___subscript_Triple(l, t);
    return wavec_t;
}

fn swapEnds_Cells(c_in: Cells) -> f32 {
    var c: Cells = c_in;
    let wavec_t = Cells_get___subscript(c, 0u);
    var first: f32 = wavec_t;
    var wavec_t_1: Cells = c;
    let wavec_t_2 = Cells_get___subscript(c, 2u);
    Cells_set___subscript(&wavec_t_1, 0u, wavec_t_2);
    c = wavec_t_1;
    var wavec_t_3: Cells = c;
    Cells_set___subscript(&wavec_t_3, 2u, first);
    c = wavec_t_3;
    let wavec_t_4 = Cells_get___subscript(c, 0u);
    let wavec_t_5 = Cells_get___subscript(c, 2u);
    return (wavec_t_4 * 10.0f) + wavec_t_5;
}

fn ICells_get_subscript(this_1: ICells, arg1: i32) -> f32 {
    let wavec_t = ICells_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = ICells_Cells_unwrap(this_1);
            var object: Cells = wavec_t_1;
            let wavec_t_2 = Cells_get___subscript(object, u32(arg1));
            var result: f32 = wavec_t_2;
            return result;
        }
        default: {}
    }
    return 0.0f;
}

fn ICells_set_subscript(this_1: ptr<function, ICells>, arg1: i32, arg2: f32) {
    let wavec_t = ICells_tag((*this_1));
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = ICells_Cells_unwrap((*this_1));
            var object: Cells = wavec_t_1;
            var wavec_t_2: Cells = object;
            Cells_set___subscript(&wavec_t_2, u32(arg1), arg2);
            object = wavec_t_2;
            let wavec_t_3 = ICells_Cells_wrap(0u, object);
            (*this_1) = wavec_t_3;
            return;
        }
        default: {}
    }
    return;
}

fn ICells_scaled(this_1: ICells, arg1: f32) -> i32 {
    let wavec_t = ICells_tag(this_1);
    switch (wavec_t) {
        case 0: {
            let wavec_t_1 = ICells_Cells_unwrap(this_1);
            var object: Cells = wavec_t_1;
            let wavec_t_2 = Cells_scaled(object, i32(arg1));
            var result: i32 = i32(wavec_t_2);
            return result;
        }
        default: {}
    }
    return 0i;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var which: i32 = i32(tid.x);
    var g: Grid;
    var wavec_t: Grid = g;
    Grid____set___subscript_int(&wavec_t, 0i, 7i);
    g = wavec_t;
    var wavec_t_1: Grid = g;
    Grid____set___subscript_uint(&wavec_t_1, 1u, 8i);
    g = wavec_t_1;
    var wavec_t_2: Grid = g;
    Grid____set___subscript_uint(&wavec_t_2, 2u, 9i);
    g = wavec_t_2;
    var wavec_t_3: Grid = g;
    let wavec_t_4 = Grid____get___subscript_int(g, 0i);
    let wavec_t_5 = Grid____get___subscript_uint(g, 1u);
    Grid____set___subscript_int(&wavec_t_3, 3i, wavec_t_4 + wavec_t_5);
    g = wavec_t_3;
    let wavec_t_6 = Grid____get___subscript_uint(g, 3u);
    outputBuffer[0i] = wavec_t_6;
    outputBuffer[1i] = g.cells[2i];
    var t: Triple = Triple();
    let wavec_t_7 = pick(which);
    let wavec_t_8 = ILookup_get_subscript_Triple(wavec_t_7, t);
    outputBuffer[2i] = wavec_t_8;
    let wavec_t_9 = pick(which + 1i);
    let wavec_t_10 = ILookup_get_subscript_Triple(wavec_t_9, t);
    outputBuffer[3i] = wavec_t_10;
    var b: Base = Base(2i);
    let wavec_t_11 = lookUp_Base(b);
    outputBuffer[4i] = wavec_t_11;
    var c: Cells = Cells(array<f32, 3>(1.0f, 2.0f, 3.0f));
    let wavec_t_12 = swapEnds_Cells(c);
    outputBuffer[5i] = i32(wavec_t_12);
    let wavec_t_13 = Cells_scaled(c, 4i);
    outputBuffer[6i] = i32(wavec_t_13);
    let wavec_t_14 = wrap(c, which);
    var i: ICells = wavec_t_14;
    var wavec_t_15: ICells = i;
    ICells_set_subscript(&wavec_t_15, 1i, 6.0f);
    i = wavec_t_15;
    var wavec_t_16: ICells = i;
    let wavec_t_17 = ICells_get_subscript(i, 2i);
    let wavec_t_18 = ICells_get_subscript(i, 1i);
    ICells_set_subscript(&wavec_t_16, 2i, wavec_t_17 + wavec_t_18);
    i = wavec_t_16;
    let wavec_t_19 = ICells_get_subscript(i, 2i);
    outputBuffer[7i] = i32(wavec_t_19);
    let wavec_t_20 = ICells_scaled(i, 2.0f);
    outputBuffer[8i] = wavec_t_20;
}
