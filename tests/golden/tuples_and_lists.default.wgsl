struct Particle {
    id: i32,
    velocity: vec3<f32>,
}

struct Tuple_int_float_uint {
    _0: i32,
    _1: f32,
    _2: u32,
}

struct Tuple_int_uint {
    _0: i32,
    _1: u32,
}

struct Tuple_uint_int {
    _0: u32,
    _1: i32,
}

struct Tuple_bool_int {
    _0: bool,
    _1: i32,
}

struct Tuple_int_float_uint_bool_int {
    _0: i32,
    _1: f32,
    _2: u32,
    _3: bool,
    _4: i32,
}

struct Tuple {
    wavec_empty: u32,
}

struct Tuple_int_float3 {
    _0: i32,
    _1: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

fn shifted(t: Tuple_int_float_uint, by: i32) -> Tuple_int_float_uint {
    return Tuple_int_float_uint(t._0 + by, t._1, t._2);
}

fn swapEnds(t: ptr<function, Tuple_int_float_uint>) {
    (*t) = Tuple_int_float_uint(i32((*t)._2), (*t)._1, u32((*t)._0));
}

fn encode(v: vec3<f32>) -> i32 {
    return i32(((v.x * 100.0f) + (v.y * 10.0f)) + v.z);
}

fn resting() -> Particle {
    return Particle(7i, vec3<f32>(0.0f, 0.0f, 0.0f));
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var t: Tuple_int_float_uint = Tuple_int_float_uint(1i, 2.5f, 3u);
    var u: Tuple_int_float_uint = Tuple_int_float_uint(4i, 5.0f, 6u);
    outputBuffer[0i] = t._0 + (i32(t._1 * 2.0f) * 10i);
    var picked: Tuple_uint_int = Tuple_uint_int(u._2, u._0);
    outputBuffer[1i] = (i32(picked._0) * 10i) + picked._1;
    var wavec_t: Tuple_int_float_uint = t;
    swapEnds(&wavec_t);
    t = wavec_t;
    outputBuffer[2i] = (t._0 * 10i) + i32(t._2);
    var joined: Tuple_int_float_uint_bool_int = Tuple_int_float_uint_bool_int(t._0, t._1, t._2, Tuple_bool_int(true, 9i)._0, Tuple_bool_int(true, 9i)._1);
    outputBuffer[3i] = 500i + joined._4;
    outputBuffer[4i] = ((select(0i, 1i, (t._0 < u._0) || ((t._0 == u._0) && ((t._1 < u._1) || ((t._1 == u._1) && ((t._2 < u._2) || ((t._2 == u._2) && (false))))))) + select(0i, 10i, (u._0 < t._0) || ((u._0 == t._0) && ((u._1 < t._1) || ((u._1 == t._1) && ((u._2 < t._2) || ((u._2 == t._2) && (false)))))))) + select(0i, 100i, (t._0 == t._0) && ((t._1 == t._1) && ((t._2 == t._2) && (true))))) + select(0i, 1000i, !((t._0 == u._0) && ((t._1 == u._1) && ((t._2 == u._2) && (true)))));
    let wavec_t_1 = shifted(u, 10i);
    var s: Tuple_int_float_uint = wavec_t_1;
    outputBuffer[5i] = (s._0 + select(0i, 100i, (u._0 < s._0) || ((u._0 == s._0) && ((u._1 < s._1) || ((u._1 == s._1) && ((u._2 < s._2) || ((u._2 == s._2) && (false)))))))) + select(0i, 1000i, !((u._0 < s._0) || ((u._0 == s._0) && ((u._1 < s._1) || ((u._1 == s._1) && ((u._2 < s._2) || ((u._2 == s._2) && (false))))))));
    var none: Tuple = Tuple();
    outputBuffer[6i] = 1i;
    var xy: vec2<f32> = vec2<f32>(1.0f, 2.0f);
    let wavec_t_2 = encode(vec3<f32>(xy, 3.0f));
    outputBuffer[7i] = wavec_t_2;
    var p: Particle = Particle(7i, vec3<f32>(0.0f, 0.0f, 0.0f));
    p.id = 1i;
    p.velocity = vec3<f32>(1.0f, 1.0f, 1.0f);
    p = Particle(7i, vec3<f32>(0.0f, 0.0f, 0.0f));
    outputBuffer[8i] = (p.id * 10i) + i32((p.velocity.x + p.velocity.y) + p.velocity.z);
    let wavec_t_3 = resting();
    var r: Particle = wavec_t_3;
    var pair: Tuple_int_float3 = Tuple_int_float3(3i, vec3<f32>(1.0f, 2.0f, 3.0f));
    outputBuffer[9i] = ((r.id * 100i) + (pair._0 * 10i)) + i32(pair._1.z);
}
