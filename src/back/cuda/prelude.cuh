// ---- wavec CUDA prelude: HLSL's vectors, matrices and intrinsics in CUDA C++ (sm_70 and up) ----
// Wave operations act on the lanes HLSL calls active, whose mask the generated code passes
// them; a wave is a warp of 32 lanes, formed from consecutive linear thread ids.
#include <cuda_fp16.h>

#define WAVEC_FN __device__ __forceinline__

namespace wavec {

// CUDA's own float2..float4 have no operators, and HLSL's vectors need them all.
template <class T, int N> struct vec;
template <class T> struct vec<T, 2> {
    T x, y;
    WAVEC_FN T& operator[](int i) { return (&x)[i]; }
    WAVEC_FN const T& operator[](int i) const { return (&x)[i]; }
};
template <class T> struct vec<T, 3> {
    T x, y, z;
    WAVEC_FN T& operator[](int i) { return (&x)[i]; }
    WAVEC_FN const T& operator[](int i) const { return (&x)[i]; }
};
template <class T> struct vec<T, 4> {
    T x, y, z, w;
    WAVEC_FN T& operator[](int i) { return (&x)[i]; }
    WAVEC_FN const T& operator[](int i) const { return (&x)[i]; }
};
// R rows of C components, stored row by row (`row_major`).
template <class T, int R, int C> struct mat {
    vec<T, C> m[R];
    WAVEC_FN vec<T, C>& operator[](int i) { return m[i]; }
    WAVEC_FN const vec<T, C>& operator[](int i) const { return m[i]; }
};

// HLSL's arrays are values: they are assigned, passed and returned whole.
template <class T, int N> struct array {
    T e[N];
    WAVEC_FN T& operator[](unsigned long long i) { return e[i]; }
    WAVEC_FN const T& operator[](unsigned long long i) const { return e[i]; }
};

typedef vec<bool, 2> bool2; typedef vec<bool, 3> bool3; typedef vec<bool, 4> bool4;
typedef vec<int, 2> int2; typedef vec<int, 3> int3; typedef vec<int, 4> int4;
typedef vec<unsigned, 2> uint2; typedef vec<unsigned, 3> uint3; typedef vec<unsigned, 4> uint4;
typedef vec<float, 2> float2; typedef vec<float, 3> float3; typedef vec<float, 4> float4;
typedef vec<double, 2> double2; typedef vec<double, 3> double3; typedef vec<double, 4> double4;

// Element access by flat index, for constructors and conversions of any shape.
template <class T> struct shape {
    typedef T elem;
    enum { n = 1 };
    WAVEC_FN static T& at(T& v, int) { return v; }
    WAVEC_FN static const T& at(const T& v, int) { return v; }
};
template <class T, int N> struct shape<vec<T, N> > {
    typedef T elem;
    enum { n = N };
    WAVEC_FN static T& at(vec<T, N>& v, int i) { return v[i]; }
    WAVEC_FN static const T& at(const vec<T, N>& v, int i) { return v[i]; }
};
template <class T, int R, int C> struct shape<mat<T, R, C> > {
    typedef T elem;
    enum { n = R * C };
    WAVEC_FN static T& at(mat<T, R, C>& v, int i) { return v.m[i / C][i % C]; }
    WAVEC_FN static const T& at(const mat<T, R, C>& v, int i) { return v.m[i / C][i % C]; }
};

// HLSL's constructors flatten their parts: `float4(a.xy, b, c)`.
template <class To> struct filler {
    To v;
    int i;
    template <class P> WAVEC_FN void put(const P& p) {
        for (int k = 0; k < (int)shape<P>::n; ++k)
            shape<To>::at(v, i++) = (typename shape<To>::elem)shape<P>::at(p, k);
    }
};
template <class To, class... P> WAVEC_FN To make(const P&... p) {
    filler<To> f = {To(), 0};
    (f.put(p), ...);
    return f.v;
}

// Conversions: numeric casts per component, splats of scalars, truncations of vectors.
template <class To, class From> struct conv {
    WAVEC_FN static To f(const From& x) { return (To)x; }
};
template <class T, int N, class U> struct conv<vec<T, N>, U> {
    WAVEC_FN static vec<T, N> f(const U& x) {
        vec<T, N> r;
        for (int i = 0; i < N; ++i) r[i] = (T)x;
        return r;
    }
};
template <class T, class U, int M> struct conv<T, vec<U, M> > {
    WAVEC_FN static T f(const vec<U, M>& x) { return (T)x[0]; }
};
template <class T, int N, class U, int M> struct conv<vec<T, N>, vec<U, M> > {
    WAVEC_FN static vec<T, N> f(const vec<U, M>& x) {
        vec<T, N> r;
        for (int i = 0; i < N; ++i) r[i] = (T)x[i];
        return r;
    }
};
template <class T, int R, int C, class U> struct conv<mat<T, R, C>, U> {
    WAVEC_FN static mat<T, R, C> f(const U& x) {
        mat<T, R, C> r;
        for (int i = 0; i < R * C; ++i) r.m[i / C][i % C] = (T)x;
        return r;
    }
};
template <class T, int R, int C, class U, int R2, int C2> struct conv<mat<T, R, C>, mat<U, R2, C2> > {
    WAVEC_FN static mat<T, R, C> f(const mat<U, R2, C2>& x) {
        mat<T, R, C> r;
        for (int i = 0; i < R; ++i)
            for (int j = 0; j < C; ++j) r.m[i][j] = (T)x.m[i][j];
        return r;
    }
};
template <class To, class From> WAVEC_FN To cvt(const From& x) { return conv<To, From>::f(x); }

// Swizzles: reads build a vector; an assigned swizzle is a reference to the picked components.
template <int... I, class T, int N> WAVEC_FN vec<T, sizeof...(I)> swizzle(const vec<T, N>& v) {
    return vec<T, sizeof...(I)>{v[I]...};
}
template <int... I, class T> WAVEC_FN vec<T, sizeof...(I)> swizzle(const T& s) {
    return vec<T, sizeof...(I)>{((void)I, s)...};
}
template <class T, int N, int... I> struct swizzle_ref {
    vec<T, N>& v;
    typedef vec<T, sizeof...(I)> value_type;
    WAVEC_FN operator value_type() const { return value_type{v[I]...}; }
    // The value is copied first: `v.xy = v.yx` reads before it writes.
    WAVEC_FN swizzle_ref& operator=(const value_type& r) {
        value_type t = r;
        int k = 0;
        ((v[I] = t[k++]), ...);
        return *this;
    }
};
template <int... I, class T, int N> WAVEC_FN swizzle_ref<T, N, I...> swizzle_at(vec<T, N>& v) {
    return swizzle_ref<T, N, I...>{v};
}

#define WAVEC_BINARY(OP)                                                                           \
    template <class T, int N> WAVEC_FN vec<T, N> operator OP(const vec<T, N>& a, const vec<T, N>& b) { \
        vec<T, N> r;                                                                               \
        for (int i = 0; i < N; ++i) r[i] = (T)(a[i] OP b[i]);                                      \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int N> WAVEC_FN vec<T, N>& operator OP##=(vec<T, N>& a, const vec<T, N>& b) { \
        a = a OP b;                                                                                \
        return a;                                                                                  \
    }                                                                                              \
    template <class T, int N> WAVEC_FN vec<T, N> operator OP(const vec<T, N>& a, const T& b) {     \
        return a OP cvt<vec<T, N> >(b);                                                            \
    }                                                                                              \
    template <class T, int N> WAVEC_FN vec<T, N> operator OP(const T& a, const vec<T, N>& b) {     \
        return cvt<vec<T, N> >(a) OP b;                                                            \
    }                                                                                              \
    template <class T, int N> WAVEC_FN vec<T, N>& operator OP##=(vec<T, N>& a, const T& b) {       \
        a = a OP b;                                                                                \
        return a;                                                                                  \
    }                                                                                              \
    template <class T, int N, int... I>                                                            \
    WAVEC_FN swizzle_ref<T, N, I...>& operator OP##=(swizzle_ref<T, N, I...>&& a,                  \
                                                    const vec<T, sizeof...(I)>& b) {               \
        typename swizzle_ref<T, N, I...>::value_type v = a;                                        \
        return a = v OP b;                                                                         \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<T, R, C> operator OP(const mat<T, R, C>& a, const mat<T, R, C>& b) { \
        mat<T, R, C> r;                                                                            \
        for (int i = 0; i < R; ++i) r.m[i] = a.m[i] OP b.m[i];                                     \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<T, R, C>& operator OP##=(mat<T, R, C>& a, const mat<T, R, C>& b) { \
        a = a OP b;                                                                                \
        return a;                                                                                  \
    }
WAVEC_BINARY(+)
WAVEC_BINARY(-)
WAVEC_BINARY(*)
WAVEC_BINARY(/)
WAVEC_BINARY(%)
WAVEC_BINARY(&)
WAVEC_BINARY(|)
WAVEC_BINARY(^)
#undef WAVEC_BINARY

#define WAVEC_COMPARE(OP)                                                                          \
    template <class T, int N> WAVEC_FN vec<bool, N> operator OP(const vec<T, N>& a, const vec<T, N>& b) { \
        vec<bool, N> r;                                                                            \
        for (int i = 0; i < N; ++i) r[i] = a[i] OP b[i];                                           \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<bool, R, C> operator OP(const mat<T, R, C>& a, const mat<T, R, C>& b) { \
        mat<bool, R, C> r;                                                                         \
        for (int i = 0; i < R; ++i) r.m[i] = a.m[i] OP b.m[i];                                     \
        return r;                                                                                  \
    }
WAVEC_COMPARE(==)
WAVEC_COMPARE(!=)
WAVEC_COMPARE(<)
WAVEC_COMPARE(<=)
WAVEC_COMPARE(>)
WAVEC_COMPARE(>=)
#undef WAVEC_COMPARE

template <class T, int N> WAVEC_FN vec<T, N> operator-(const vec<T, N>& a) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = (T)-a[i];
    return r;
}
template <class T, int N> WAVEC_FN vec<T, N> operator~(const vec<T, N>& a) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = (T)~a[i];
    return r;
}
template <class T, int N> WAVEC_FN vec<bool, N> operator!(const vec<T, N>& a) {
    vec<bool, N> r;
    for (int i = 0; i < N; ++i) r[i] = !a[i];
    return r;
}
template <class T, int R, int C> WAVEC_FN mat<T, R, C> operator-(const mat<T, R, C>& a) {
    mat<T, R, C> r;
    for (int i = 0; i < R; ++i) r.m[i] = -a.m[i];
    return r;
}

// HLSL masks shift counts to the operand's width; C leaves larger counts undefined.
template <class T> WAVEC_FN T shl(T a, T b) { return (T)(a << (b & (T)(sizeof(T) * 8 - 1))); }
template <class T> WAVEC_FN T shr(T a, T b) { return (T)(a >> (b & (T)(sizeof(T) * 8 - 1))); }
template <class T, int N> WAVEC_FN vec<T, N> shl(const vec<T, N>& a, const vec<T, N>& b) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = shl(a[i], b[i]);
    return r;
}
template <class T, int N> WAVEC_FN vec<T, N> shr(const vec<T, N>& a, const vec<T, N>& b) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = shr(a[i], b[i]);
    return r;
}
// `&&` and `||` of bool vectors: per component, both operands evaluated (HLSL's rule).
template <int N> WAVEC_FN vec<bool, N> logic_and(const vec<bool, N>& a, const vec<bool, N>& b) {
    vec<bool, N> r;
    for (int i = 0; i < N; ++i) r[i] = a[i] && b[i];
    return r;
}
template <int N> WAVEC_FN vec<bool, N> logic_or(const vec<bool, N>& a, const vec<bool, N>& b) {
    vec<bool, N> r;
    for (int i = 0; i < N; ++i) r[i] = a[i] || b[i];
    return r;
}

// ---- math: the scalar forms, then every vector and matrix form from them ----
#define WAVEC_MAP1(NAME)                                                                           \
    template <class T, int N> WAVEC_FN vec<decltype(NAME(T())), N> NAME(const vec<T, N>& v) {       \
        vec<decltype(NAME(T())), N> r;                                                             \
        for (int i = 0; i < N; ++i) r[i] = NAME(v[i]);                                             \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<decltype(NAME(T())), R, C> NAME(const mat<T, R, C>& v) { \
        mat<decltype(NAME(T())), R, C> r;                                                          \
        for (int i = 0; i < R; ++i) r.m[i] = NAME(v.m[i]);                                         \
        return r;                                                                                  \
    }
#define WAVEC_MAP2(NAME)                                                                           \
    template <class T, int N> WAVEC_FN vec<T, N> NAME(const vec<T, N>& a, const vec<T, N>& b) {     \
        vec<T, N> r;                                                                               \
        for (int i = 0; i < N; ++i) r[i] = NAME(a[i], b[i]);                                       \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<T, R, C> NAME(const mat<T, R, C>& a, const mat<T, R, C>& b) { \
        mat<T, R, C> r;                                                                            \
        for (int i = 0; i < R; ++i) r.m[i] = NAME(a.m[i], b.m[i]);                                 \
        return r;                                                                                  \
    }
#define WAVEC_MAP3(NAME)                                                                           \
    template <class T, int N>                                                                      \
    WAVEC_FN vec<T, N> NAME(const vec<T, N>& a, const vec<T, N>& b, const vec<T, N>& c) {          \
        vec<T, N> r;                                                                               \
        for (int i = 0; i < N; ++i) r[i] = NAME(a[i], b[i], c[i]);                                 \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C>                                                               \
    WAVEC_FN mat<T, R, C> NAME(const mat<T, R, C>& a, const mat<T, R, C>& b, const mat<T, R, C>& c) { \
        mat<T, R, C> r;                                                                            \
        for (int i = 0; i < R; ++i) r.m[i] = NAME(a.m[i], b.m[i], c.m[i]);                         \
        return r;                                                                                  \
    }
// A floating-point function from its float and double forms; half computes in float.
#define WAVEC_FLOAT1(NAME, F32, F64)                                                               \
    WAVEC_FN float NAME(float x) { return F32(x); }                                                \
    WAVEC_FN double NAME(double x) { return F64(x); }                                              \
    WAVEC_FN __half NAME(__half x) { return __float2half(F32(__half2float(x))); }                  \
    WAVEC_MAP1(NAME)
#define WAVEC_FLOAT2(NAME, F32, F64)                                                               \
    WAVEC_FN float NAME(float x, float y) { return F32(x, y); }                                    \
    WAVEC_FN double NAME(double x, double y) { return F64(x, y); }                                 \
    WAVEC_FN __half NAME(__half x, __half y) { return __float2half(F32(__half2float(x), __half2float(y))); } \
    WAVEC_MAP2(NAME)

WAVEC_FN float frac_f(float x) { return x - floorf(x); }
WAVEC_FN double frac_d(double x) { return x - ::floor(x); }
WAVEC_FN float rsqrt_d_f(float x) { return rsqrtf(x); }
WAVEC_FN double rsqrt_d(double x) { return 1.0 / ::sqrt(x); }
WAVEC_FN double exp2_d(double x) { return ::exp2(x); }

WAVEC_FLOAT1(sqrt, sqrtf, ::sqrt)
WAVEC_FLOAT1(rsqrt, rsqrt_d_f, rsqrt_d)
WAVEC_FLOAT1(floor, floorf, ::floor)
WAVEC_FLOAT1(ceil, ceilf, ::ceil)
WAVEC_FLOAT1(round, rintf, ::rint)
WAVEC_FLOAT1(trunc, truncf, ::trunc)
WAVEC_FLOAT1(frac, frac_f, frac_d)
WAVEC_FLOAT1(exp, expf, ::exp)
WAVEC_FLOAT1(exp2, exp2f, exp2_d)
WAVEC_FLOAT1(log, logf, ::log)
WAVEC_FLOAT1(log2, log2f, ::log2)
WAVEC_FLOAT1(sin, sinf, ::sin)
WAVEC_FLOAT1(cos, cosf, ::cos)
WAVEC_FLOAT1(tan, tanf, ::tan)
WAVEC_FLOAT1(sinh, sinhf, ::sinh)
WAVEC_FLOAT1(cosh, coshf, ::cosh)
WAVEC_FLOAT1(tanh, tanhf, ::tanh)
WAVEC_FLOAT1(asin, asinf, ::asin)
WAVEC_FLOAT1(acos, acosf, ::acos)
WAVEC_FLOAT1(atan, atanf, ::atan)
WAVEC_FLOAT2(atan2, atan2f, ::atan2)
WAVEC_FLOAT2(pow, powf, ::pow)
WAVEC_FLOAT2(fmod, fmodf, ::fmod)

template <class T> WAVEC_FN T abs(T x) { return x < (T)0 ? (T)-x : x; }
WAVEC_FN float abs(float x) { return fabsf(x); }
WAVEC_FN double abs(double x) { return ::fabs(x); }
WAVEC_MAP1(abs)
template <class T> WAVEC_FN int sign(T x) { return (x > (T)0) - (x < (T)0); }
WAVEC_MAP1(sign)
// HLSL's min and max of floats return the other operand when one is NaN, as fminf does.
template <class T> WAVEC_FN T min(T a, T b) { return b < a ? b : a; }
template <class T> WAVEC_FN T max(T a, T b) { return a < b ? b : a; }
WAVEC_FN float min(float a, float b) { return fminf(a, b); }
WAVEC_FN float max(float a, float b) { return fmaxf(a, b); }
WAVEC_FN double min(double a, double b) { return ::fmin(a, b); }
WAVEC_FN double max(double a, double b) { return ::fmax(a, b); }
WAVEC_MAP2(min)
WAVEC_MAP2(max)
template <class T, int R, int C> WAVEC_FN mat<T, C, R> transpose(const mat<T, R, C>& m) {
    mat<T, C, R> r;
    for (int i = 0; i < C; ++i)
        for (int j = 0; j < R; ++j) r.m[i][j] = m.m[j][i];
    return r;
}
template <class T> WAVEC_FN T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
template <class T> WAVEC_FN T lerp(T a, T b, T s) { return a + (b - a) * s; }
template <class T> WAVEC_FN T step(T edge, T x) { return x >= edge ? (T)1 : (T)0; }
template <class T> WAVEC_FN T smoothstep(T lo, T hi, T x) {
    T t = clamp((T)((x - lo) / (hi - lo)), (T)0, (T)1);
    return t * t * ((T)3 - (T)2 * t);
}
template <class T> WAVEC_FN T select(bool c, T a, T b) { return c ? a : b; }
WAVEC_MAP2(step)
WAVEC_MAP3(clamp)
WAVEC_MAP3(lerp)
WAVEC_MAP3(smoothstep)
template <class T, int N> WAVEC_FN vec<T, N> select(const vec<bool, N>& c, const vec<T, N>& a, const vec<T, N>& b) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = c[i] ? a[i] : b[i];
    return r;
}
template <class T> WAVEC_FN bool isnan(T x) { return x != x; }
template <class T> WAVEC_FN bool isinf(T x) { return x == x && x - x != x - x; }
WAVEC_MAP1(isnan)
WAVEC_MAP1(isinf)
template <int N> WAVEC_FN bool any(const vec<bool, N>& v) {
    bool r = false;
    for (int i = 0; i < N; ++i) r = r || v[i];
    return r;
}
template <int N> WAVEC_FN bool all(const vec<bool, N>& v) {
    bool r = true;
    for (int i = 0; i < N; ++i) r = r && v[i];
    return r;
}
template <class T, int N> WAVEC_FN T dot(const vec<T, N>& a, const vec<T, N>& b) {
    T r = a[0] * b[0];
    for (int i = 1; i < N; ++i) r = r + a[i] * b[i];
    return r;
}
template <class T> WAVEC_FN vec<T, 3> cross(const vec<T, 3>& a, const vec<T, 3>& b) {
    return vec<T, 3>{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class T> WAVEC_FN T length(T x) { return abs(x); }
template <class T, int N> WAVEC_FN T length(const vec<T, N>& v) { return sqrt(dot(v, v)); }
template <class T> WAVEC_FN T distance(const T& a, const T& b) { return length(a - b); }
template <class T> WAVEC_FN T normalize(T x) { return x / abs(x); }
template <class T, int N> WAVEC_FN vec<T, N> normalize(const vec<T, N>& v) {
    T s = rsqrt(dot(v, v));
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = v[i] * s;
    return r;
}

// Bit casts and bit counts.
WAVEC_FN unsigned asuint(float x) { return __float_as_uint(x); }
WAVEC_FN unsigned asuint(int x) { return (unsigned)x; }
WAVEC_FN unsigned asuint(unsigned x) { return x; }
WAVEC_FN int asint(float x) { return __float_as_int(x); }
WAVEC_FN int asint(int x) { return x; }
WAVEC_FN int asint(unsigned x) { return (int)x; }
WAVEC_FN float asfloat(float x) { return x; }
WAVEC_FN float asfloat(int x) { return __int_as_float(x); }
WAVEC_FN float asfloat(unsigned x) { return __uint_as_float(x); }
WAVEC_MAP1(asuint)
WAVEC_MAP1(asint)
WAVEC_MAP1(asfloat)
// A double's bits as (low, high) words: HLSL's `asuint(double, out, out)`.
WAVEC_FN vec<unsigned, 2> double_bits(double x) {
    unsigned long long b = (unsigned long long)__double_as_longlong(x);
    vec<unsigned, 2> r;
    r[0] = (unsigned)b;
    r[1] = (unsigned)(b >> 32);
    return r;
}
WAVEC_FN unsigned f32tof16(float x) { return __half_as_ushort(__float2half_rn(x)); }
WAVEC_FN float f16tof32(unsigned x) { return __half2float(__ushort_as_half((unsigned short)(x & 0xffffu))); }
WAVEC_MAP1(f32tof16)
WAVEC_MAP1(f16tof32)
WAVEC_FN unsigned countbits(unsigned x) { return (unsigned)__popc(x); }
WAVEC_FN unsigned countbits(int x) { return (unsigned)__popc((unsigned)x); }
WAVEC_FN unsigned countbits(unsigned long long x) { return (unsigned)__popcll(x); }
WAVEC_FN unsigned countbits(long long x) { return (unsigned)__popcll((unsigned long long)x); }
WAVEC_FN unsigned firstbitlow(unsigned x) { return (unsigned)(__ffs((int)x) - 1); }
WAVEC_FN unsigned firstbitlow(int x) { return (unsigned)(__ffs(x) - 1); }
WAVEC_FN unsigned firstbitlow(unsigned long long x) { return (unsigned)(__ffsll((long long)x) - 1); }
WAVEC_FN unsigned firstbitlow(long long x) { return (unsigned)(__ffsll(x) - 1); }
WAVEC_FN unsigned firstbithigh(unsigned x) { return x == 0u ? ~0u : 31u - (unsigned)__clz((int)x); }
// A negative value's highest bit that differs from its sign.
WAVEC_FN unsigned firstbithigh(int x) { return firstbithigh((unsigned)(x < 0 ? ~x : x)); }
WAVEC_FN unsigned firstbithigh(unsigned long long x) { return x == 0ull ? ~0u : 63u - (unsigned)__clzll((long long)x); }
WAVEC_FN unsigned firstbithigh(long long x) { return firstbithigh((unsigned long long)(x < 0 ? ~x : x)); }
WAVEC_FN unsigned reversebits(unsigned x) { return __brev(x); }
WAVEC_FN int reversebits(int x) { return (int)__brev((unsigned)x); }
WAVEC_FN unsigned long long reversebits(unsigned long long x) { return __brevll(x); }
WAVEC_FN long long reversebits(long long x) { return (long long)__brevll((unsigned long long)x); }
WAVEC_MAP1(countbits)
WAVEC_MAP1(firstbitlow)
WAVEC_MAP1(firstbithigh)
WAVEC_MAP1(reversebits)

// Products: a row vector times a matrix, a matrix times a column vector, two matrices.
template <class T, int R, int C> WAVEC_FN vec<T, C> mul(const vec<T, R>& v, const mat<T, R, C>& m) {
    vec<T, C> r;
    for (int j = 0; j < C; ++j) {
        r[j] = v[0] * m.m[0][j];
        for (int i = 1; i < R; ++i) r[j] = r[j] + v[i] * m.m[i][j];
    }
    return r;
}
template <class T, int R, int C> WAVEC_FN vec<T, R> mul(const mat<T, R, C>& m, const vec<T, C>& v) {
    vec<T, R> r;
    for (int i = 0; i < R; ++i) r[i] = dot(m.m[i], v);
    return r;
}
template <class T, int R, int K, int C> WAVEC_FN mat<T, R, C> mul(const mat<T, R, K>& a, const mat<T, K, C>& b) {
    mat<T, R, C> r;
    for (int i = 0; i < R; ++i) r.m[i] = mul(a.m[i], b);
    return r;
}

// ---- atomics: HLSL's Interlocked* on any lvalue in global or shared memory ----
WAVEC_FN int atomic_add(int* p, int v) { return atomicAdd(p, v); }
WAVEC_FN unsigned atomic_add(unsigned* p, unsigned v) { return atomicAdd(p, v); }
WAVEC_FN unsigned long long atomic_add(unsigned long long* p, unsigned long long v) { return atomicAdd(p, v); }
WAVEC_FN long long atomic_add(long long* p, long long v) {
    return (long long)atomicAdd((unsigned long long*)p, (unsigned long long)v);
}
WAVEC_FN float atomic_add(float* p, float v) { return atomicAdd(p, v); }
#define WAVEC_ATOMIC_ALL(NAME, F)                                                                  \
    WAVEC_FN int NAME(int* p, int v) { return F(p, v); }                                           \
    WAVEC_FN unsigned NAME(unsigned* p, unsigned v) { return F(p, v); }                            \
    WAVEC_FN unsigned long long NAME(unsigned long long* p, unsigned long long v) { return F(p, v); } \
    WAVEC_FN long long NAME(long long* p, long long v) { return F(p, v); }
WAVEC_ATOMIC_ALL(atomic_min, atomicMin)
WAVEC_ATOMIC_ALL(atomic_max, atomicMax)
#undef WAVEC_ATOMIC_ALL
#define WAVEC_ATOMIC_BITS(NAME, F)                                                                 \
    WAVEC_FN int NAME(int* p, int v) { return F(p, v); }                                           \
    WAVEC_FN unsigned NAME(unsigned* p, unsigned v) { return F(p, v); }                            \
    WAVEC_FN unsigned long long NAME(unsigned long long* p, unsigned long long v) { return F(p, v); } \
    WAVEC_FN long long NAME(long long* p, long long v) {                                           \
        return (long long)F((unsigned long long*)p, (unsigned long long)v);                        \
    }
WAVEC_ATOMIC_BITS(atomic_and, atomicAnd)
WAVEC_ATOMIC_BITS(atomic_or, atomicOr)
WAVEC_ATOMIC_BITS(atomic_xor, atomicXor)
WAVEC_ATOMIC_BITS(atomic_exchange, atomicExch)
#undef WAVEC_ATOMIC_BITS
WAVEC_FN float atomic_exchange(float* p, float v) { return atomicExch(p, v); }
WAVEC_FN int atomic_cas(int* p, int c, int v) { return atomicCAS(p, c, v); }
WAVEC_FN unsigned atomic_cas(unsigned* p, unsigned c, unsigned v) { return atomicCAS(p, c, v); }
WAVEC_FN unsigned long long atomic_cas(unsigned long long* p, unsigned long long c, unsigned long long v) {
    return atomicCAS(p, c, v);
}
WAVEC_FN long long atomic_cas(long long* p, long long c, long long v) {
    return (long long)atomicCAS((unsigned long long*)p, (unsigned long long)c, (unsigned long long)v);
}
#define WAVEC_INTERLOCKED(NAME, F)                                                                 \
    template <class T> WAVEC_FN void NAME(T& dest, T value) { F(&dest, value); }                   \
    template <class T> WAVEC_FN void NAME(T& dest, T value, T& original) { original = F(&dest, value); }
WAVEC_INTERLOCKED(InterlockedAdd, atomic_add)
WAVEC_INTERLOCKED(InterlockedMin, atomic_min)
WAVEC_INTERLOCKED(InterlockedMax, atomic_max)
WAVEC_INTERLOCKED(InterlockedAnd, atomic_and)
WAVEC_INTERLOCKED(InterlockedOr, atomic_or)
WAVEC_INTERLOCKED(InterlockedXor, atomic_xor)
WAVEC_INTERLOCKED(InterlockedExchange, atomic_exchange)
#undef WAVEC_INTERLOCKED
template <class T> WAVEC_FN void InterlockedCompareExchange(T& dest, T compare, T value, T& original) {
    original = atomic_cas(&dest, compare, value);
}
template <class T> WAVEC_FN void InterlockedCompareStore(T& dest, T compare, T value) {
    atomic_cas(&dest, compare, value);
}
WAVEC_FN void InterlockedCompareExchangeFloatBitwise(float& dest, float compare, float value, float& original) {
    original = __uint_as_float(atomicCAS((unsigned*)&dest, __float_as_uint(compare), __float_as_uint(value)));
}
WAVEC_FN void InterlockedCompareStoreFloatBitwise(float& dest, float compare, float value) {
    atomicCAS((unsigned*)&dest, __float_as_uint(compare), __float_as_uint(value));
}

// Byte-address buffers: words of a `unsigned*`, read and written as any type.
template <class T> WAVEC_FN T load_bytes(const unsigned* base, unsigned address) {
    return *(const T*)((const char*)base + address);
}
template <class T> WAVEC_FN void store_bytes(unsigned* base, unsigned address, const T& value) {
    *(T*)((char*)base + address) = value;
}
template <class T> WAVEC_FN T& word(unsigned* base, unsigned address) { return *(T*)((char*)base + address); }

// ---- waves ----
WAVEC_FN unsigned linear_thread_id() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
WAVEC_FN unsigned WaveGetLaneIndex() { return linear_thread_id() & 31u; }
WAVEC_FN unsigned GetGroupWaveIndex() { return linear_thread_id() >> 5; }
WAVEC_FN unsigned GetGroupWaveCount() { return (blockDim.x * blockDim.y * blockDim.z + 31u) >> 5; }
WAVEC_FN unsigned lanes_below() { return (1u << WaveGetLaneIndex()) - 1u; }
WAVEC_FN int first_lane(unsigned mask) { return __ffs((int)mask) - 1; }

// One value of another lane; every shape goes component by component.
template <class T> WAVEC_FN T shuffle(unsigned mask, const T& v, int lane) { return (T)__shfl_sync(mask, v, lane); }
template <class T, int N> WAVEC_FN vec<T, N> shuffle(unsigned mask, const vec<T, N>& v, int lane) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = shuffle(mask, v[i], lane);
    return r;
}
template <class T, int R, int C> WAVEC_FN mat<T, R, C> shuffle(unsigned mask, const mat<T, R, C>& v, int lane) {
    mat<T, R, C> r;
    for (int i = 0; i < R; ++i) r.m[i] = shuffle(mask, v.m[i], lane);
    return r;
}

// Every wave operation takes the mask of the lanes HLSL calls active, which the generated code
// carries through its control flow: CUDA's `__activemask()` names the lanes that happen to be
// converged, and after a branch that can be lanes of the other side.
// `a && b`, `a || b` and `c ? a : b` whose lazy operand holds a wave operation: the operand
// gets the mask of the lanes that evaluate it.
template <class F> WAVEC_FN bool and_then(unsigned m, bool a, F b) {
    const unsigned taken = __ballot_sync(m, a);
    return a && b(taken);
}
template <class F> WAVEC_FN bool or_else(unsigned m, bool a, F b) {
    const unsigned taken = __ballot_sync(m, !a);
    return a || b(taken);
}
template <class A, class B> WAVEC_FN auto select_then(unsigned m, bool c, A a, B b) -> decltype(a(0u)) {
    const unsigned taken = __ballot_sync(m, c);
    return c ? a(taken) : b(m & ~taken);
}
WAVEC_FN bool WaveActiveAnyTrue(unsigned m, bool c) { return __any_sync(m, c) != 0; }
WAVEC_FN bool WaveActiveAllTrue(unsigned m, bool c) { return __all_sync(m, c) != 0; }
WAVEC_FN bool WaveIsFirstLane(unsigned m) { return (int)WaveGetLaneIndex() == first_lane(m); }
WAVEC_FN uint4 WaveActiveBallot(unsigned m, bool c) { return uint4{__ballot_sync(m, c), 0u, 0u, 0u}; }
WAVEC_FN unsigned WaveActiveCountBits(unsigned m, bool c) { return (unsigned)__popc(__ballot_sync(m, c)); }
WAVEC_FN unsigned WavePrefixCountBits(unsigned m, bool c) { return (unsigned)__popc(__ballot_sync(m, c) & lanes_below()); }
// sm_70's match: the active lanes holding the same value (lanes 0-31 of HLSL's uint4).
template <class T> WAVEC_FN uint4 WaveMatch(unsigned m, const T& v) { return uint4{__match_any_sync(m, v), 0u, 0u, 0u}; }
template <class T> WAVEC_FN T WaveReadLaneFirst(unsigned m, const T& v) { return shuffle(m, v, first_lane(m)); }
template <class T> WAVEC_FN T WaveReadLaneAt(unsigned m, const T& v, unsigned lane) { return shuffle(m, v, (int)lane); }
template <class T> WAVEC_FN T QuadReadAcrossX(unsigned m, const T& v) { return shuffle(m, v, (int)(WaveGetLaneIndex() ^ 1u)); }
template <class T> WAVEC_FN T QuadReadAcrossY(unsigned m, const T& v) { return shuffle(m, v, (int)(WaveGetLaneIndex() ^ 2u)); }
template <class T> WAVEC_FN T QuadReadAcrossDiagonal(unsigned m, const T& v) {
    return shuffle(m, v, (int)(WaveGetLaneIndex() ^ 3u));
}
template <class T> WAVEC_FN bool all_equal(unsigned m, const T& v) { return __all_sync(m, v == shuffle(m, v, first_lane(m))); }
template <class T> WAVEC_FN bool WaveActiveAllEqual(unsigned m, const T& v) { return all_equal(m, v); }
template <class T, int N> WAVEC_FN vec<bool, N> WaveActiveAllEqual(unsigned m, const vec<T, N>& v) {
    vec<bool, N> r;
    for (int i = 0; i < N; ++i) r[i] = all_equal(m, v[i]);
    return r;
}
template <class T, int R, int C> WAVEC_FN mat<bool, R, C> WaveActiveAllEqual(unsigned m, const mat<T, R, C>& v) {
    mat<bool, R, C> r;
    for (int i = 0; i < R; ++i) r.m[i] = WaveActiveAllEqual(m, v.m[i]);
    return r;
}

struct op_add { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return a + b; } };
struct op_mul { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return a * b; } };
struct op_min { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return min(a, b); } };
struct op_max { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return max(a, b); } };
struct op_and { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return a & b; } };
struct op_or { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return a | b; } };
struct op_xor { template <class T> WAVEC_FN T operator()(const T& a, const T& b) const { return a ^ b; } };

// Every lane folds the active lanes' values in lane order, so all get the same bits.
template <class T, class Op> WAVEC_FN T reduce(unsigned m, const T& v, Op op) {
    T r = shuffle(m, v, first_lane(m));
    for (unsigned rest = m & (m - 1u); rest != 0u; rest &= rest - 1u) r = op(r, shuffle(m, v, first_lane(rest)));
    return r;
}
// The active lanes below this one, folded in lane order onto `identity`.
template <class T, class Op> WAVEC_FN T prefix(unsigned m, const T& v, T identity, Op op) {
    unsigned below = lanes_below();
    T r = identity;
    for (unsigned rest = m; rest != 0u; rest &= rest - 1u) {
        int lane = first_lane(rest);
        T x = shuffle(m, v, lane);
        if ((1u << lane) & below) r = op(r, x);
    }
    return r;
}
template <class T> WAVEC_FN T WaveActiveSum(unsigned m, const T& v) { return reduce(m, v, op_add()); }
template <class T> WAVEC_FN T WaveActiveProduct(unsigned m, const T& v) { return reduce(m, v, op_mul()); }
template <class T> WAVEC_FN T WaveActiveMin(unsigned m, const T& v) { return reduce(m, v, op_min()); }
template <class T> WAVEC_FN T WaveActiveMax(unsigned m, const T& v) { return reduce(m, v, op_max()); }
template <class T> WAVEC_FN T WaveActiveBitAnd(unsigned m, const T& v) { return reduce(m, v, op_and()); }
template <class T> WAVEC_FN T WaveActiveBitOr(unsigned m, const T& v) { return reduce(m, v, op_or()); }
template <class T> WAVEC_FN T WaveActiveBitXor(unsigned m, const T& v) { return reduce(m, v, op_xor()); }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
// sm_80's warp reductions of 32-bit integers.
WAVEC_FN unsigned WaveActiveSum(unsigned m, const unsigned& v) { return __reduce_add_sync(m, v); }
WAVEC_FN int WaveActiveSum(unsigned m, const int& v) { return __reduce_add_sync(m, v); }
WAVEC_FN unsigned WaveActiveMin(unsigned m, const unsigned& v) { return __reduce_min_sync(m, v); }
WAVEC_FN int WaveActiveMin(unsigned m, const int& v) { return __reduce_min_sync(m, v); }
WAVEC_FN unsigned WaveActiveMax(unsigned m, const unsigned& v) { return __reduce_max_sync(m, v); }
WAVEC_FN int WaveActiveMax(unsigned m, const int& v) { return __reduce_max_sync(m, v); }
WAVEC_FN unsigned WaveActiveBitAnd(unsigned m, const unsigned& v) { return __reduce_and_sync(m, v); }
WAVEC_FN unsigned WaveActiveBitOr(unsigned m, const unsigned& v) { return __reduce_or_sync(m, v); }
WAVEC_FN unsigned WaveActiveBitXor(unsigned m, const unsigned& v) { return __reduce_xor_sync(m, v); }
#endif
template <class T> WAVEC_FN T WavePrefixSum(unsigned m, const T& v) { return prefix(m, v, cvt<T>(0), op_add()); }
template <class T> WAVEC_FN T WavePrefixProduct(unsigned m, const T& v) { return prefix(m, v, cvt<T>(1), op_mul()); }

WAVEC_FN void GroupMemoryBarrierWithWaveSync(unsigned m) {
    __threadfence_block();
    __syncwarp(m);
}
WAVEC_FN void AllMemoryBarrierWithWaveSync(unsigned m) {
    __threadfence();
    __syncwarp(m);
}

} // namespace wavec
// ---- end of the wavec prelude ----
