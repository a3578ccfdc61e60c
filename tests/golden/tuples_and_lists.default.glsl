#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Particle {
    int id;
    vec3 velocity;
};

struct Tuple_int_float_uint {
    int _0;
    float _1;
    uint _2;
};

struct Tuple_int_uint {
    int _0;
    uint _1;
};

struct Tuple_uint_int {
    uint _0;
    int _1;
};

struct Tuple_bool_int {
    bool _0;
    int _1;
};

struct Tuple_int_float_uint_bool_int {
    int _0;
    float _1;
    uint _2;
    bool _3;
    int _4;
};

struct Tuple {
    uint wavec_empty;
};

struct Tuple_int_float3 {
    int _0;
    vec3 _1;
};

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};

Tuple_int_float_uint shifted(Tuple_int_float_uint t, int by) {
    return Tuple_int_float_uint(t._0 + by, t._1, t._2);
}

void swapEnds(inout Tuple_int_float_uint t) {
    t = Tuple_int_float_uint(int(t._2), t._1, uint(t._0));
}

int encode(vec3 v) {
    return int(v.x * 100.0 + v.y * 10.0 + v.z);
}

Particle resting() {
    return Particle(7, vec3(0.0, 0.0, 0.0));
}

void main() {
    Tuple_int_float_uint t = Tuple_int_float_uint(1, 2.5, 3u);
    Tuple_int_float_uint u = Tuple_int_float_uint(4, 5.0, 6u);
    outputBuffer[0] = t._0 + int(t._1 * 2.0) * 10;
    const Tuple_uint_int picked = Tuple_uint_int(u._2, u._0);
    outputBuffer[1] = int(picked._0) * 10 + picked._1;
    swapEnds(t);
    outputBuffer[2] = t._0 * 10 + int(t._2);
    const Tuple_int_float_uint_bool_int joined = Tuple_int_float_uint_bool_int(t._0, t._1, t._2, Tuple_bool_int(true, 9)._0, Tuple_bool_int(true, 9)._1);
    outputBuffer[3] = 500 + joined._4;
    outputBuffer[4] = (t._0 < u._0 || (t._0 == u._0 && (t._1 < u._1 || (t._1 == u._1 && (t._2 < u._2 || (t._2 == u._2 && false))))) ? 1 : 0) + (u._0 < t._0 || (u._0 == t._0 && (u._1 < t._1 || (u._1 == t._1 && (u._2 < t._2 || (u._2 == t._2 && false))))) ? 10 : 0) + (t._0 == t._0 && (t._1 == t._1 && (t._2 == t._2 && true)) ? 100 : 0) + (!(t._0 == u._0 && (t._1 == u._1 && (t._2 == u._2 && true))) ? 1000 : 0);
    const Tuple_int_float_uint s = shifted(u, 10);
    outputBuffer[5] = s._0 + (u._0 < s._0 || (u._0 == s._0 && (u._1 < s._1 || (u._1 == s._1 && (u._2 < s._2 || (u._2 == s._2 && false))))) ? 100 : 0) + (!(u._0 < s._0 || (u._0 == s._0 && (u._1 < s._1 || (u._1 == s._1 && (u._2 < s._2 || (u._2 == s._2 && false)))))) ? 1000 : 0);
    Tuple none = Tuple(0u);
    outputBuffer[6] = 1;
    vec2 xy = vec2(1.0, 2.0);
    outputBuffer[7] = encode(vec3(xy, 3.0));
    Particle p = Particle(7, vec3(0.0, 0.0, 0.0));
    p.id = 1;
    p.velocity = vec3(1.0, 1.0, 1.0);
    p = Particle(7, vec3(0.0, 0.0, 0.0));
    outputBuffer[8] = p.id * 10 + int(p.velocity.x + p.velocity.y + p.velocity.z);
    Particle r = resting();
    Tuple_int_float3 pair = Tuple_int_float3(3, vec3(1.0, 2.0, 3.0));
    outputBuffer[9] = r.id * 100 + pair._0 * 10 + int(pair._1.z);
}
