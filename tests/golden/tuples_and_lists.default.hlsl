struct Particle {
    int id;
    float3 velocity;
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
};

struct Tuple_int_float3 {
    int _0;
    float3 _1;
};

RWStructuredBuffer<int> outputBuffer;

Tuple_int_float_uint wavec_make_Tuple_int_float_uint(int p0, float p1, uint p2) {
    Tuple_int_float_uint r = {p0, p1, p2};
    return r;
}

Particle wavec_make_Particle(int p0, float3 p1) {
    Particle r = {p0, p1};
    return r;
}

Tuple_bool_int wavec_make_Tuple_bool_int(bool p0, int p1) {
    Tuple_bool_int r = {p0, p1};
    return r;
}

Tuple_int_float_uint shifted(Tuple_int_float_uint t, int by) {
    return wavec_make_Tuple_int_float_uint(t._0 + by, t._1, t._2);
}

void swapEnds(inout Tuple_int_float_uint t) {
    t = wavec_make_Tuple_int_float_uint(int(t._2), t._1, uint(t._0));
}

int encode(float3 v) {
    return int(v.x * 100.0f + v.y * 10.0f + v.z);
}

Particle resting() {
    return wavec_make_Particle(7, float3(0.0f, 0.0f, 0.0f));
}

[numthreads(1, 1, 1)]
void computeMain() {
    Tuple_int_float_uint t = {1, 2.5f, 3u};
    Tuple_int_float_uint u = {4, 5.0f, 6u};
    outputBuffer[0] = t._0 + int(t._1 * 2.0f) * 10;
    const Tuple_uint_int picked = {u._2, u._0};
    outputBuffer[1] = int(picked._0) * 10 + picked._1;
    swapEnds(t);
    outputBuffer[2] = t._0 * 10 + int(t._2);
    const Tuple_int_float_uint_bool_int joined = {t._0, t._1, t._2, wavec_make_Tuple_bool_int(true, 9)._0, wavec_make_Tuple_bool_int(true, 9)._1};
    outputBuffer[3] = 500 + joined._4;
    outputBuffer[4] = (t._0 < u._0 || (t._0 == u._0 && (t._1 < u._1 || (t._1 == u._1 && (t._2 < u._2 || (t._2 == u._2 && false))))) ? 1 : 0) + (u._0 < t._0 || (u._0 == t._0 && (u._1 < t._1 || (u._1 == t._1 && (u._2 < t._2 || (u._2 == t._2 && false))))) ? 10 : 0) + (t._0 == t._0 && (t._1 == t._1 && (t._2 == t._2 && true)) ? 100 : 0) + (!(t._0 == u._0 && (t._1 == u._1 && (t._2 == u._2 && true))) ? 1000 : 0);
    const Tuple_int_float_uint s = shifted(u, 10);
    outputBuffer[5] = s._0 + (u._0 < s._0 || (u._0 == s._0 && (u._1 < s._1 || (u._1 == s._1 && (u._2 < s._2 || (u._2 == s._2 && false))))) ? 100 : 0) + (!(u._0 < s._0 || (u._0 == s._0 && (u._1 < s._1 || (u._1 == s._1 && (u._2 < s._2 || (u._2 == s._2 && false)))))) ? 1000 : 0);
    Tuple none = {};
    outputBuffer[6] = 1;
    float2 xy = float2(1.0f, 2.0f);
    outputBuffer[7] = encode(float3(xy, 3.0f));
    Particle p = {7, float3(0.0f, 0.0f, 0.0f)};
    p.id = 1;
    p.velocity = float3(1.0f, 1.0f, 1.0f);
    p = wavec_make_Particle(7, float3(0.0f, 0.0f, 0.0f));
    outputBuffer[8] = p.id * 10 + int(p.velocity.x + p.velocity.y + p.velocity.z);
    Particle r = resting();
    Tuple_int_float3 pair = {3, float3(1.0f, 2.0f, 3.0f)};
    outputBuffer[9] = r.id * 100 + pair._0 * 10 + int(pair._1.z);
}
