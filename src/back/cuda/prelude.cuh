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
    template <class T, int N, int... I>                                                            \
    WAVEC_FN swizzle_ref<T, N, I...>& operator OP##=(swizzle_ref<T, N, I...>&& a, const T& b) {    \
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
template <class T, int R, int C> WAVEC_FN mat<T, R, C> operator~(const mat<T, R, C>& a) {
    mat<T, R, C> r;
    for (int i = 0; i < R; ++i) r.m[i] = ~a.m[i];
    return r;
}
template <class T, int R, int C> WAVEC_FN mat<bool, R, C> operator!(const mat<T, R, C>& a) {
    mat<bool, R, C> r;
    for (int i = 0; i < R; ++i) r.m[i] = !a.m[i];
    return r;
}

// HLSL's `v++`, `--m`: every component steps by one.
#define WAVEC_STEP(OP)                                                                             \
    template <class T, int N> WAVEC_FN vec<T, N>& operator OP(vec<T, N>& a) {                      \
        for (int i = 0; i < N; ++i) OP a[i];                                                       \
        return a;                                                                                  \
    }                                                                                              \
    template <class T, int N> WAVEC_FN vec<T, N> operator OP(vec<T, N>& a, int) {                  \
        vec<T, N> r = a;                                                                           \
        OP a;                                                                                      \
        return r;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<T, R, C>& operator OP(mat<T, R, C>& a) {         \
        for (int i = 0; i < R; ++i) OP a.m[i];                                                     \
        return a;                                                                                  \
    }                                                                                              \
    template <class T, int R, int C> WAVEC_FN mat<T, R, C> operator OP(mat<T, R, C>& a, int) {     \
        mat<T, R, C> r = a;                                                                        \
        OP a;                                                                                      \
        return r;                                                                                  \
    }
WAVEC_STEP(++)
WAVEC_STEP(--)
#undef WAVEC_STEP

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
WAVEC_FLOAT1(asinh, asinhf, ::asinh)
WAVEC_FLOAT1(acosh, acoshf, ::acosh)
WAVEC_FLOAT1(atanh, atanhf, ::atanh)
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
// The double whose bits are (low, high): HLSL's `asdouble(low, high)`.
WAVEC_FN double double_from_bits(vec<unsigned, 2> b) {
    return __longlong_as_double((long long)(((unsigned long long)b[1] << 32) | b[0]));
}
// Fused multiply-add; a half's is exact in double and rounds once more.
WAVEC_FN float fma(float a, float b, float c) { return fmaf(a, b, c); }
WAVEC_FN double fma(double a, double b, double c) { return ::fma(a, b, c); }
WAVEC_FN __half fma(__half a, __half b, __half c) {
    return __float2half_rn((float)::fma((double)__half2float(a), (double)__half2float(b), (double)__half2float(c)));
}
WAVEC_MAP3(fma)
// ldexp and frexp with an integer exponent, per component.
WAVEC_FN float ldexp(float x, int e) { return ldexpf(x, e); }
WAVEC_FN double ldexp(double x, int e) { return ::ldexp(x, e); }
WAVEC_FN __half ldexp(__half x, int e) { return __float2half_rn(ldexpf(__half2float(x), e)); }
template <class T, int N> WAVEC_FN vec<T, N> ldexp(const vec<T, N>& x, const vec<int, N>& e) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = ldexp(x[i], e[i]);
    return r;
}
WAVEC_FN float frexp(float x, int& e) { return frexpf(x, &e); }
WAVEC_FN double frexp(double x, int& e) { return ::frexp(x, &e); }
WAVEC_FN __half frexp(__half x, int& e) { return __float2half_rn(frexpf(__half2float(x), &e)); }
template <class T, int N> WAVEC_FN vec<T, N> frexp(const vec<T, N>& x, vec<int, N>& e) {
    vec<T, N> r;
    for (int i = 0; i < N; ++i) r[i] = frexp(x[i], e[i]);
    return r;
}
WAVEC_FN double asdouble(unsigned lo, unsigned hi) { return __hiloint2double((int)hi, (int)lo); }
template <int N> WAVEC_FN vec<double, N> asdouble(const vec<unsigned, N>& lo, const vec<unsigned, N>& hi) {
    vec<double, N> r;
    for (int i = 0; i < N; ++i) r[i] = asdouble(lo[i], hi[i]);
    return r;
}
// The 16-bit bit casts (HLSL's asuint16, asint16, asfloat16).
WAVEC_FN unsigned short asuint16(__half x) { return __half_as_ushort(x); }
WAVEC_FN unsigned short asuint16(short x) { return (unsigned short)x; }
WAVEC_FN unsigned short asuint16(unsigned short x) { return x; }
WAVEC_FN short asint16(__half x) { return __half_as_short(x); }
WAVEC_FN short asint16(short x) { return x; }
WAVEC_FN short asint16(unsigned short x) { return (short)x; }
WAVEC_FN __half asfloat16(__half x) { return x; }
WAVEC_FN __half asfloat16(short x) { return __short_as_half(x); }
WAVEC_FN __half asfloat16(unsigned short x) { return __ushort_as_half(x); }
WAVEC_MAP1(asuint16)
WAVEC_MAP1(asint16)
WAVEC_MAP1(asfloat16)
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
    template <class T, class O> WAVEC_FN void NAME(T& dest, T value, O& original) { original = (O)F(&dest, value); }
WAVEC_INTERLOCKED(InterlockedAdd, atomic_add)
WAVEC_INTERLOCKED(InterlockedMin, atomic_min)
WAVEC_INTERLOCKED(InterlockedMax, atomic_max)
WAVEC_INTERLOCKED(InterlockedAnd, atomic_and)
WAVEC_INTERLOCKED(InterlockedOr, atomic_or)
WAVEC_INTERLOCKED(InterlockedXor, atomic_xor)
WAVEC_INTERLOCKED(InterlockedExchange, atomic_exchange)
#undef WAVEC_INTERLOCKED
template <class T, class O> WAVEC_FN void InterlockedCompareExchange(T& dest, T compare, T value, O& original) {
    original = (O)atomic_cas(&dest, compare, value);
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
// Clocks as (low, high) words: the device's nanosecond timer, and the SM's cycle counter.
WAVEC_FN uint2 realtime_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return uint2{(unsigned)t, (unsigned)(t >> 32)};
}
WAVEC_FN uint2 cycle_clock() {
    const unsigned long long t = (unsigned long long)clock64();
    return uint2{(unsigned)t, (unsigned)(t >> 32)};
}
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


// ---- textures and samplers: read in software, by the rules of Vulkan's "Image Operations"
// chapter as the CPU engine reads them (src/exec/texture.rs): texel formats, wrapping,
// nearest and linear filtering, mip selection, gathers and depth compares. An image is its
// texels (levels from 0, each its layers, each row by row) and its shape; a sampler its state.
struct Image {
    unsigned char* data;
    unsigned format, width, height, depth, layers, mips, count, pad;
};
struct Sampler {
    unsigned mag, min, mip;   // 0 nearest, 1 linear
    unsigned address[3];      // 0 wrap, 1 mirror, 2 clamp, 3 border, 4 mirror once
    unsigned border;          // 0 transparent black, 1 opaque black, 2 opaque white
    unsigned compare;         // 0 none, else 1 + never, less, equal, less_equal, greater, not_equal, greater_equal, always
    float lod_bias, min_lod, max_lod;
};
// Per format code (the order of src/image.rs's table): channels, each channel's bits (four a
// format, red first; a texel is its channels from the lowest bit up, read as a little-endian
// number), kind (0 float, 1 unorm, 2 snorm, 3 uint, 4 sint).
__device__ const unsigned char format_channels[43] = {4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,4,2,1,1,1,3,4,4,4,2,1,1,1};
__device__ const unsigned char format_widths[172] = {32,32,32,32,32,32,0,0,32,0,0,0,16,16,16,16,16,16,0,0,16,0,0,0,8,8,8,8,8,8,0,0,8,0,0,0,16,16,16,16,16,16,0,0,16,0,0,0,8,8,8,8,8,8,0,0,8,0,0,0,32,32,32,32,32,32,0,0,32,0,0,0,16,16,16,16,16,16,0,0,16,0,0,0,8,8,8,8,8,8,0,0,8,0,0,0,32,32,32,32,32,32,0,0,32,0,0,0,16,16,16,16,16,16,0,0,16,0,0,0,8,8,8,8,8,8,0,0,8,0,0,0,32,0,0,0,16,0,0,0,11,11,10,0,10,10,10,2,10,10,10,2,16,16,16,16,16,16,0,0,16,0,0,0,64,0,0,0,64,0,0,0};
__device__ const unsigned char format_kind[43] = {0,0,0,0,0,0,1,1,1,1,1,1,2,2,2,3,3,3,3,3,3,3,3,3,4,4,4,4,4,4,4,4,4,0,1,0,1,3,2,2,2,3,4};

WAVEC_FN unsigned texel_bytes(const Image& im) {
    const unsigned char* w = format_widths + 4 * im.format;
    return (w[0] + w[1] + w[2] + w[3]) / 8;
}
WAVEC_FN bool float_format(const Image& im) { return format_kind[im.format] <= 2; }
WAVEC_FN uint3 level_size(const Image& im, unsigned level) {
    unsigned l = level < 31 ? level : 31;
    uint3 s; s.x = max(im.width >> l, 1u); s.y = max(im.height >> l, 1u); s.z = max(im.depth >> l, 1u);
    return s;
}
// Where texel (x, y, z) of `layer` at `level` starts; false when any is out of range.
WAVEC_FN bool texel_at(const Image& im, unsigned levels, unsigned layers, unsigned level, unsigned layer,
                       long long x, long long y, long long z, unsigned long long& at) {
    uint3 s = level_size(im, level);
    if (level >= levels || layer >= layers || x < 0 || y < 0 || z < 0 || x >= s.x || y >= s.y || z >= s.z) return false;
    unsigned long long off = 0;
    for (unsigned m = 0; m < level; ++m) {
        uint3 t = level_size(im, m);
        off += (unsigned long long)t.x * t.y * t.z * im.layers * texel_bytes(im);
    }
    at = off + ((((unsigned long long)layer * s.z + z) * s.y + y) * s.x + x) * texel_bytes(im);
    return true;
}
WAVEC_FN float half_to_float(unsigned h) { return __half2float(__ushort_as_half((unsigned short)h)); }
// An unsigned float of a 5-bit exponent and `mb` mantissa bits (Vulkan's 11- and 10-bit
// floats) as f32 bits, and an f32 as one: negatives become 0, NaN a NaN, +inf infinity, other
// values round to nearest even, past the largest finite value to infinity.
WAVEC_FN unsigned ufloat_to_f32(unsigned raw, unsigned mb) {
    unsigned e = raw >> mb, m = raw & ((1u << mb) - 1u);
    if (e == 0) return __float_as_uint((float)m * exp2f(-14.0f - (float)mb));
    if (e == 31) return m == 0 ? 0x7F800000u : (0x7FC00000u | (m << (23 - mb)));
    return ((e + 112u) << 23) | (m << (23 - mb));
}
WAVEC_FN unsigned f32_to_ufloat(float f, unsigned mb) {
    unsigned inf = 31u << mb;
    if (isnan(f)) return inf | (1u << (mb - 1));
    if (!(f > 0.0f)) return 0;
    if (isinf(f)) return inf;
    int e = (int)((__float_as_uint(f) >> 23) & 0xFFu) - 127;
    if (e < -14) e = -14;
    unsigned long long units = (unsigned long long)rint((double)f * exp2((double)((int)mb - e)));
    unsigned long long bits = units >> mb == 0 ? units : ((unsigned long long)(e + 15) << mb) + units - (1ull << mb);
    return bits < inf ? (unsigned)bits : inf;
}
// Channel `c`'s stored bits of the texel at `p`, and the texel with channel `c` set to `raw`.
WAVEC_FN unsigned channel_get(const Image& im, const unsigned char* p, unsigned c) {
    const unsigned char* w = format_widths + 4 * im.format;
    unsigned at = 0;
    for (unsigned i = 0; i < c; ++i) at += w[i];
    unsigned long long v = 0;
    for (unsigned b = at / 8; b < (at + w[c] + 7) / 8; ++b) v |= (unsigned long long)p[b] << (8 * (b - at / 8));
    return (unsigned)((v >> (at % 8)) & ((1ull << w[c]) - 1ull));
}
WAVEC_FN void channel_set(const Image& im, unsigned char* p, unsigned c, unsigned raw) {
    const unsigned char* w = format_widths + 4 * im.format;
    unsigned at = 0;
    for (unsigned i = 0; i < c; ++i) at += w[i];
    unsigned long long mask = ((1ull << w[c]) - 1ull) << (at % 8), v = ((unsigned long long)raw << (at % 8)) & mask;
    for (unsigned b = at / 8; b < (at + w[c] + 7) / 8; ++b) {
        unsigned s = 8 * (b - at / 8);
        p[b] = (unsigned char)((p[b] & ~(unsigned char)(mask >> s)) | (unsigned char)(v >> s));
    }
}
// A 64-bit format (`r64ui`, `r64i`): its one channel's 8 bytes.
WAVEC_FN bool wide_format(const Image& im) { return format_widths[4 * im.format] == 64; }
// The four components a shader reads from the texel at byte `at` (f32 bits for float,
// normalized and small float formats; the integer's bits for integer ones; missing ones 0, 0, 0, 1).
// A 64-bit channel comes as its low word in `x` and its high word in `y` (`from_bits` of a
// 64-bit element joins them; nothing reads the rest of such a texel).
WAVEC_FN uint4 decode(const Image& im, unsigned long long at) {
    unsigned n = format_channels[im.format], kind = format_kind[im.format];
    uint4 out; out.x = 0; out.y = 0; out.z = 0; out.w = kind <= 2 ? __float_as_uint(1.0f) : 1u;
    if (wide_format(im)) {
        unsigned long long v = *(const unsigned long long*)(im.data + at);
        out.x = (unsigned)v; out.y = (unsigned)(v >> 32);
        return out;
    }
    for (unsigned c = 0; c < n; ++c) {
        unsigned bits = format_widths[4 * im.format + c];
        unsigned raw = channel_get(im, im.data + at, c);
        int sgn = bits == 32 ? (int)raw : ((int)(raw << (32 - bits))) >> (32 - bits);
        unsigned v;
        if (kind == 0) v = bits == 16 ? __float_as_uint(half_to_float(raw)) : bits < 16 ? ufloat_to_f32(raw, bits - 5) : raw;
        else if (kind == 1) v = __float_as_uint((float)raw / (float)((1u << bits) - 1u));
        else if (kind == 2) v = __float_as_uint(fmaxf((float)sgn / (float)((1u << (bits - 1)) - 1u), -1.0f));
        else if (kind == 3) v = raw;
        else v = (unsigned)sgn;
        out[c] = v;
    }
    return out;
}
// Writes a texel from the components a shader writes (as `decode` gives them).
WAVEC_FN void encode(const Image& im, unsigned long long at, const uint4& v) {
    unsigned n = format_channels[im.format], kind = format_kind[im.format];
    if (wide_format(im)) {
        *(unsigned long long*)(im.data + at) = (unsigned long long)v.x | (unsigned long long)v.y << 32;
        return;
    }
    for (unsigned c = 0; c < n; ++c) {
        unsigned bits = format_widths[4 * im.format + c];
        float f = __uint_as_float(v[c]);
        unsigned raw;
        if (kind == 0) raw = bits == 16 ? (unsigned)__half_as_ushort(__float2half_rn(f)) : bits < 16 ? f32_to_ufloat(f, bits - 5) : v[c];
        else if (kind == 1) raw = (unsigned)rintf((isnan(f) ? 0.0f : fminf(fmaxf(f, 0.0f), 1.0f)) * (float)((1ull << bits) - 1ull));
        else if (kind == 2) raw = (unsigned)(int)rintf((isnan(f) ? 0.0f : fminf(fmaxf(f, -1.0f), 1.0f)) * (float)((1u << (bits - 1)) - 1u));
        else raw = v[c];
        channel_set(im, im.data + at, c, raw);
    }
}

// A view of an image as a declaration sees it: D coordinates, an array of layers or not, every
// level (sampled) or level 0 (storage).
template <int D, bool Arrayed, bool Storage, bool Cube = false> struct View {
    const Image& im;
    // An array sees every layer (a cube array, whole cubes), else the first (a cube's six).
    WAVEC_FN unsigned layers() const { return Cube ? (Arrayed ? im.layers / 6 * 6 : 6u) : (Arrayed ? im.layers : 1u); }
    WAVEC_FN unsigned levels() const { return Storage ? 1u : im.mips; }
    WAVEC_FN bool at(unsigned level, unsigned layer, long long x, long long y, long long z, unsigned long long& a) const {
        return texel_at(im, levels(), layers(), level, layer, x, y, z, a);
    }
    WAVEC_FN uint4 read(unsigned level, unsigned layer, long long x, long long y, long long z, bool& ok) const {
        unsigned long long a;
        ok = at(level, layer, x, y, z, a);
        if (!ok) { uint4 zero; zero.x = zero.y = zero.z = zero.w = 0; return zero; }
        return decode(im, a);
    }
};

// The value of type T made of the first components of a texel's bits.
template <class T> struct from_bits;
template <> struct from_bits<float> { WAVEC_FN static float f(const uint4& b) { return __uint_as_float(b.x); } };
template <> struct from_bits<int> { WAVEC_FN static int f(const uint4& b) { return (int)b.x; } };
template <> struct from_bits<unsigned> { WAVEC_FN static unsigned f(const uint4& b) { return b.x; } };
// Narrower elements: the texel's 32-bit value converted.
template <> struct from_bits<signed char> { WAVEC_FN static signed char f(const uint4& b) { return (signed char)(int)b.x; } };
template <> struct from_bits<unsigned char> { WAVEC_FN static unsigned char f(const uint4& b) { return (unsigned char)b.x; } };
template <> struct from_bits<short> { WAVEC_FN static short f(const uint4& b) { return (short)(int)b.x; } };
template <> struct from_bits<unsigned short> { WAVEC_FN static unsigned short f(const uint4& b) { return (unsigned short)b.x; } };
// A 64-bit element: `decode`'s two words of a 64-bit channel.
template <> struct from_bits<unsigned long long> {
    WAVEC_FN static unsigned long long f(const uint4& b) { return (unsigned long long)b.x | (unsigned long long)b.y << 32; }
};
template <> struct from_bits<long long> {
    WAVEC_FN static long long f(const uint4& b) { return (long long)from_bits<unsigned long long>::f(b); }
};
template <> struct from_bits<__half> { WAVEC_FN static __half f(const uint4& b) { return __float2half(__uint_as_float(b.x)); } };
template <class T, int N> struct from_bits<vec<T, N> > {
    WAVEC_FN static vec<T, N> f(const uint4& b) {
        vec<T, N> v;
        for (int i = 0; i < N; ++i) { uint4 c; c.x = b[i]; v[i] = from_bits<T>::f(c); }
        return v;
    }
};
// A texel's bits from a value a shader writes (missing components 0).
WAVEC_FN unsigned to_bits(float x) { return __float_as_uint(x); }
WAVEC_FN unsigned to_bits(int x) { return (unsigned)x; }
WAVEC_FN unsigned to_bits(unsigned x) { return x; }
WAVEC_FN unsigned to_bits(signed char x) { return (unsigned)(int)x; }
WAVEC_FN unsigned to_bits(unsigned char x) { return x; }
WAVEC_FN unsigned to_bits(short x) { return (unsigned)(int)x; }
WAVEC_FN unsigned to_bits(unsigned short x) { return x; }
WAVEC_FN unsigned to_bits(__half x) { return __float_as_uint(__half2float(x)); }
template <class T> WAVEC_FN uint4 texel_bits(const T& x) { uint4 b; b.x = to_bits(x); b.y = b.z = b.w = 0; return b; }
// A 64-bit element: its low word in `x`, its high word in `y` (as `decode` gives them).
WAVEC_FN uint4 texel_bits(unsigned long long x) { uint4 b; b.x = (unsigned)x; b.y = (unsigned)(x >> 32); b.z = b.w = 0; return b; }
WAVEC_FN uint4 texel_bits(long long x) { return texel_bits((unsigned long long)x); }
template <class T, int N> WAVEC_FN uint4 texel_bits(const vec<T, N>& x) {
    uint4 b; b.x = b.y = b.z = b.w = 0;
    for (int i = 0; i < N; ++i) b[i] = to_bits(x[i]);
    return b;
}

// A coordinate, offset or gradient of any shape, padded with zeros.
template <class C> WAVEC_FN float4 pad_float4(const C& c) {
    float4 v; v.x = v.y = v.z = v.w = 0.0f;
    for (int i = 0; i < shape<C>::n && i < 4; ++i) v[i] = (float)shape<C>::at(c, i);
    return v;
}
template <class C> WAVEC_FN float3 pad_float3(const C& c) {
    float3 v; v.x = v.y = v.z = 0.0f;
    for (int i = 0; i < shape<C>::n && i < 3; ++i) v[i] = (float)shape<C>::at(c, i);
    return v;
}
template <class C> WAVEC_FN int3 pad_int3(const C& c) {
    int3 v; v.x = v.y = v.z = 0;
    for (int i = 0; i < shape<C>::n && i < 3; ++i) v[i] = (int)shape<C>::at(c, i);
    return v;
}

// Integer coordinates: (x[, y][, z]) then the layer, as the declaration lays them out.
template <int D, bool Arrayed, class C> WAVEC_FN void split_coord(const C& c, long long xyz[3], unsigned& layer) {
    int4 v; v.x = v.y = v.z = v.w = 0;
    for (int i = 0; i < shape<C>::n && i < 4; ++i) v[i] = (int)shape<C>::at(c, i);
    xyz[0] = v.x; xyz[1] = D > 1 ? v.y : 0; xyz[2] = D > 2 ? v.z : 0;
    layer = Arrayed ? (unsigned)v[D] : 0u;
}
// `T[c]` and `T.mips[level][c]`: the texel, or zeros out of range.
template <class R, int D, bool Arrayed, bool Storage, class C>
WAVEC_FN R texel_load(const Image& im, const C& c, unsigned level = 0) {
    long long xyz[3]; unsigned layer;
    split_coord<D, Arrayed>(c, xyz, layer);
    bool ok;
    View<D, Arrayed, Storage> v{im};
    return from_bits<R>::f(v.read(level, layer, xyz[0], xyz[1], xyz[2], ok));
}
// `T.Load(c[, offset])`: the level is the coordinate's last component.
template <class R, int D, bool Arrayed, bool Storage, class C>
WAVEC_FN R texel_fetch(const Image& im, const C& c, const int3& offset) {
    long long xyz[3]; unsigned layer;
    split_coord<D, Arrayed>(c, xyz, layer);
    int level = Storage ? 0 : (int)shape<C>::at(c, shape<C>::n - 1);
    for (int i = 0; i < D; ++i) xyz[i] += offset[i];
    bool ok;
    View<D, Arrayed, Storage> v{im};
    if (level < 0) { uint4 z; z.x = z.y = z.z = z.w = 0; return from_bits<R>::f(z); }
    return from_bits<R>::f(v.read((unsigned)level, layer, xyz[0], xyz[1], xyz[2], ok));
}
// `T[c] = v`: out of range, nothing is written.
template <int D, bool Arrayed, class C, class V> WAVEC_FN void texel_store(const Image& im, const C& c, const V& value) {
    long long xyz[3]; unsigned layer;
    split_coord<D, Arrayed>(c, xyz, layer);
    unsigned long long a;
    if (texel_at(im, 1, Arrayed ? im.layers : 1u, 0, layer, xyz[0], xyz[1], xyz[2], a)) encode(im, a, texel_bits(value));
}
// The word of texel `T[c]` that an atomic updates (a single-channel format of T's size: 32-bit,
// or `r64ui`/`r64i` for a 64-bit T); out of range or of another format, a word no one reads.
__device__ unsigned long long texel_discard;
template <class T, int D, bool Arrayed, class C> WAVEC_FN T& texel_word(const Image& im, const C& c) {
    long long xyz[3]; unsigned layer;
    split_coord<D, Arrayed>(c, xyz, layer);
    unsigned long long a;
    if (format_channels[im.format] != 1 || texel_bytes(im) != sizeof(T) || !texel_at(im, 1, Arrayed ? im.layers : 1u, 0, layer, xyz[0], xyz[1], xyz[2], a))
        return *(T*)&texel_discard;
    return *(T*)(im.data + a);
}
// `GetDimensions`: the size of `level`, the layer count, the number of levels.
template <int D, bool Arrayed, bool Storage, bool Cube = false> WAVEC_FN uint4 dimensions(const Image& im, unsigned level) {
    uint3 s = level_size(im, level);
    unsigned layers = Cube ? im.layers / 6 : im.layers;
    uint4 out; out.x = s.x; out.y = D > 1 ? s.y : (Arrayed ? layers : 0u); out.z = D > 2 ? s.z : (D == 2 && Arrayed ? layers : 0u);
    out.w = Storage ? 1u : im.mips;
    return out;
}

WAVEC_FN long long mirror(long long n) { return n >= 0 ? n : -(1 + n); }
WAVEC_FN long long wrap_coord(unsigned mode, long long c, long long n) {
    switch (mode) {
    case 0: { long long r = c % n; return r < 0 ? r + n : r; }
    case 1: { long long r = c % (2 * n); if (r < 0) r += 2 * n; return (n - 1) - mirror(r - n); }
    case 2: return c < 0 ? 0 : c > n - 1 ? n - 1 : c;
    case 3: return c < -1 ? -1 : c > n ? n : c;
    default: { long long m = mirror(c); return m > n - 1 ? n - 1 : m; }
    }
}
WAVEC_FN float4 border_texel(const Image& im, unsigned b) {
    float rgba[4] = {0.0f, 0.0f, 0.0f, b == 0 ? 0.0f : 1.0f};
    if (b == 2) rgba[0] = rgba[1] = rgba[2] = 1.0f;
    bool fl = float_format(im);
    unsigned n = format_channels[im.format];
    float4 t;
    for (unsigned i = 0; i < 4; ++i) {
        float one = fl ? 1.0f : __uint_as_float(1u);
        t[i] = i < n ? (fl ? rgba[i] : __uint_as_float((unsigned)rgba[i])) : (i == 3 ? one : 0.0f);
    }
    return t;
}
// The face a cube direction selects (by its major axis: z wins ties over y, y over x) and the
// coordinate within it.
WAVEC_FN unsigned cube_face(float x, float y, float z, float& s, float& t) {
    unsigned face; float sc, tc, rc;
    if (fabsf(z) >= fabsf(y) && fabsf(z) >= fabsf(x)) { face = z >= 0.0f ? 4 : 5; sc = z >= 0.0f ? x : -x; tc = -y; rc = z; }
    else if (fabsf(y) >= fabsf(x)) { face = y >= 0.0f ? 2 : 3; sc = x; tc = y >= 0.0f ? z : -z; rc = y; }
    else { face = x >= 0.0f ? 0 : 1; sc = x >= 0.0f ? -z : z; tc = -y; rc = x; }
    float m = fabsf(rc);
    s = 0.5f * sc / m + 0.5f;
    t = 0.5f * tc / m + 0.5f;
    return face;
}
// The direction of point (s, t) of a face (the inverse of `cube_face`'s table).
WAVEC_FN float3 cube_direction(unsigned face, float s, float t) {
    float sc = 2.0f * s - 1.0f, tc = 2.0f * t - 1.0f;
    float3 d;
    switch (face) {
    case 0: d.x = 1.0f; d.y = -tc; d.z = -sc; break;
    case 1: d.x = -1.0f; d.y = -tc; d.z = sc; break;
    case 2: d.x = sc; d.y = 1.0f; d.z = tc; break;
    case 3: d.x = sc; d.y = -1.0f; d.z = -tc; break;
    case 4: d.x = sc; d.y = -tc; d.z = 1.0f; break;
    default: d.x = -sc; d.y = -tc; d.z = -1.0f; break;
    }
    return d;
}
// (sc, tc, rc) of a vector on `face`, as the selection table takes them.
WAVEC_FN float3 cube_pick(unsigned face, const float3& v) {
    float3 r;
    switch (face) {
    case 0: r.x = -v.z; r.y = -v.y; r.z = v.x; break;
    case 1: r.x = v.z; r.y = -v.y; r.z = v.x; break;
    case 2: r.x = v.x; r.y = v.z; r.z = v.y; break;
    case 3: r.x = v.x; r.y = -v.z; r.z = v.y; break;
    case 4: r.x = v.x; r.y = -v.y; r.z = v.z; break;
    default: r.x = -v.x; r.y = -v.y; r.z = v.z; break;
    }
    return r;
}
// The gradient of (s_face, t_face) from that of a cube's direction.
WAVEC_FN float3 cube_gradient(unsigned face, const float3& c, const float3& g) {
    float3 p = cube_pick(face, c), q = cube_pick(face, g);
    float3 r;
    r.x = 0.5f * (fabsf(p.z) * q.x - p.x * q.z) / (p.z * p.z);
    r.y = 0.5f * (fabsf(p.z) * q.y - p.y * q.z) / (p.z * p.z);
    r.z = 0.0f;
    return r;
}
// The texel of the neighbouring face that continues texel (i, j) of `face` past its edge.
WAVEC_FN unsigned cube_neighbour(unsigned face, long long i, long long j, long long n, long long& x, long long& y) {
    float s2, t2;
    float3 d = cube_direction(face, ((float)i + 0.5f) / (float)n, ((float)j + 0.5f) / (float)n);
    unsigned f = cube_face(d.x, d.y, d.z, s2, t2);
    long long a = (long long)floorf(s2 * (float)n), b = (long long)floorf(t2 * (float)n);
    x = a < 0 ? 0 : a > n - 1 ? n - 1 : a;
    y = b < 0 ? 0 : b > n - 1 ? n - 1 : b;
    return f;
}
template <int D, bool Arrayed, bool Storage, bool Cube>
WAVEC_FN float4 cube_read(const View<D, Arrayed, Storage, Cube>& v, unsigned level, unsigned layer, long long i, long long j, long long n) {
    bool ok;
    uint4 b = v.read(level, layer, i < 0 ? 0 : i > n - 1 ? n - 1 : i, j < 0 ? 0 : j > n - 1 ? n - 1 : j, 0, ok);
    float4 t; t.x = __uint_as_float(b.x); t.y = __uint_as_float(b.y); t.z = __uint_as_float(b.z); t.w = __uint_as_float(b.w);
    return t;
}
// Texel (i, j) of a cube's face: clamped to the face for nearest filtering; for linear, continued
// onto the neighbouring face, and at a corner the average of the three texels around it.
template <int D, bool Arrayed, bool Storage, bool Cube>
WAVEC_FN float4 cube_texel(const View<D, Arrayed, Storage, Cube>& v, unsigned level, unsigned layer, long long i, long long j, bool linear) {
    long long n = level_size(v.im, level).x;
    unsigned face = layer % 6, base = layer - face;
    bool in_i = i >= 0 && i < n, in_j = j >= 0 && j < n;
    if (!linear || (in_i && in_j)) return cube_read(v, level, layer, i, j, n);
    long long x, y;
    if (!in_i && !in_j) {
        float4 a = cube_read(v, level, layer, i, j, n);
        unsigned f1 = cube_neighbour(face, i, j < 0 ? 0 : j > n - 1 ? n - 1 : j, n, x, y);
        float4 b = cube_read(v, level, base + f1, x, y, n);
        unsigned f2 = cube_neighbour(face, i < 0 ? 0 : i > n - 1 ? n - 1 : i, j, n, x, y);
        float4 c = cube_read(v, level, base + f2, x, y, n);
        float4 r;
        for (int k = 0; k < 4; ++k) r[k] = (a[k] + b[k] + c[k]) / 3.0f;
        return r;
    }
    unsigned f = cube_neighbour(face, i, j, n, x, y);
    return cube_read(v, level, base + f, x, y, n);
}

template <int D, bool Arrayed, bool Storage, bool Cube>
WAVEC_FN float4 wrapped_texel(const View<D, Arrayed, Storage, Cube>& v, const Sampler& s, unsigned level, unsigned layer, const long long ijk[3], bool linear) {
    if (Cube) return cube_texel(v, level, layer, ijk[0], ijk[1], linear);
    uint3 size = level_size(v.im, level);
    long long n[3] = {size.x, size.y, size.z};
    long long at[3];
    for (int i = 0; i < 3; ++i) at[i] = i < D ? wrap_coord(s.address[i], ijk[i], n[i]) : 0;
    bool ok;
    uint4 b = v.read(level, layer, at[0], at[1], at[2], ok);
    if (!ok) return border_texel(v.im, s.border);
    float4 t; t.x = __uint_as_float(b.x); t.y = __uint_as_float(b.y); t.z = __uint_as_float(b.z); t.w = __uint_as_float(b.w);
    return t;
}
WAVEC_FN float compare_texel(const Image& im, const Sampler& s, float ref, float t) {
    float r = format_kind[im.format] == 1 ? fminf(fmaxf(ref, 0.0f), 1.0f) : ref;
    switch (s.compare) {
    case 0: return t;
    case 1: return 0.0f;
    case 2: return r < t;
    case 3: return r == t;
    case 4: return r <= t;
    case 5: return r > t;
    case 6: return r != t;
    case 7: return r >= t;
    default: return 1.0f;
    }
}
// The linear footprint at one level ((i0,j0), (i1,j0), (i0,j1), (i1,j1), then k1's), its
// weights, and the nearest texel.
template <int D, bool Arrayed, bool Storage, bool Cube>
WAVEC_FN void footprint(const View<D, Arrayed, Storage, Cube>& v, const Sampler& s, const float st[3], const int3& offset,
                        unsigned level, unsigned layer, float4 texels[8], float weights[8], float4& nearest) {
    uint3 size = level_size(v.im, level);
    unsigned sz[3] = {size.x, size.y, size.z};
    float u[3]; long long base[3]; float frac[3];
    for (int i = 0; i < 3; ++i) {
        u[i] = i < D ? st[i] * (float)sz[i] + (float)offset[i] : 0.0f;
        base[i] = (long long)floorf(u[i] - 0.5f);
        frac[i] = i < D ? (u[i] - 0.5f) - floorf(u[i] - 0.5f) : 0.0f;
    }
    for (int n = 0; n < (1 << D); ++n) {
        long long ijk[3]; float w = 1.0f;
        for (int i = 0; i < 3; ++i) {
            long long bit = (n >> i) & 1;
            ijk[i] = i < D ? base[i] + bit : 0;
            if (i < D) w *= bit ? frac[i] : 1.0f - frac[i];
        }
        texels[n] = wrapped_texel(v, s, level, layer, ijk, true);
        weights[n] = w;
    }
    long long near[3];
    for (int i = 0; i < 3; ++i) near[i] = i < D ? (long long)floorf(u[i]) : 0;
    nearest = wrapped_texel(v, s, level, layer, near, false);
}
// A sample: `lod_kind` 0 an explicit LOD, 1 gradients; `dref` compares when `has_dref`;
// `gather` >= 0 gathers that component. The result's bits (f32 for float formats).
template <int D, bool Arrayed, bool Cube = false>
WAVEC_FN uint4 sample(const Image& im, const Sampler& s, const float4& coord, int lod_kind, float lod,
                      const float3& dx0, const float3& dy0, float min_lod, const int3& offset,
                      bool has_dref, float dref, int gather) {
    View<D, Arrayed, false, Cube> v{im};
    bool fl = float_format(im);
    float st[3] = {coord.x, D > 1 ? coord.y : 0.0f, D > 2 ? coord.z : 0.0f};
    unsigned layer = 0;
    float3 dx = dx0, dy = dy0;
    // A layer (of a cube array, a cube) by rounding to even, within the view's.
    unsigned count = Cube ? v.layers() / 6 : v.layers();
    float a = rintf(coord[Cube ? 3 : D]);
    unsigned index = a <= 0.0f ? 0u : (unsigned)a;
    if (index > count - 1) index = count - 1;
    if (Cube) {
        unsigned face = cube_face(coord.x, coord.y, coord.z, st[0], st[1]);
        layer = (Arrayed ? index * 6 : 0u) + face;
        float3 c; c.x = coord.x; c.y = coord.y; c.z = coord.z;
        dx = cube_gradient(face, c, dx0);
        dy = cube_gradient(face, c, dy0);
    } else if (Arrayed) {
        layer = index;
    }
    float4 texels[8]; float weights[8]; float4 nearest;
    uint4 out;
    if (gather >= 0) {
        footprint(v, s, st, offset, 0, layer, texels, weights, nearest);
        const int order[4] = {2, 3, 1, 0};
        for (int k = 0; k < 4; ++k) {
            float4 t = texels[order[k]];
            out[k] = __float_as_uint(has_dref ? compare_texel(im, s, dref, t.x) : t[gather & 3]);
        }
        return out;
    }
    float lambda = lod;
    if (lod_kind == 1) {
        uint3 b = level_size(im, 0);
        float scale[3] = {(float)b.x, D > 1 ? (float)b.y : 0.0f, D > 2 ? (float)b.z : 0.0f};
        float rx = 0.0f, ry = 0.0f;
        for (int i = 0; i < 3; ++i) { rx += (dx[i] * scale[i]) * (dx[i] * scale[i]); ry += (dy[i] * scale[i]) * (dy[i] * scale[i]); }
        lambda = log2f(fmaxf(sqrtf(rx), sqrtf(ry)));
    }
    float bias = fminf(fmaxf(s.lod_bias, -16.0f), 16.0f);
    lambda = fminf(fmaxf(lambda + bias, fmaxf(s.min_lod, min_lod)), s.max_lod);
    unsigned filter = lambda <= 0.0f ? s.mag : s.min;
    float q = (float)(v.levels() - 1);
    float d = fminf(fmaxf(lambda, 0.0f), q);
    float4 value[2];
    unsigned lv[2];
    int nlevels = 1;
    float delta = 0.0f;
    if (s.mip == 0) {
        lv[0] = (unsigned)fmaxf(ceilf(d + 0.5f) - 1.0f, 0.0f);
    } else {
        float hi = floorf(d);
        delta = d - hi;
        lv[0] = (unsigned)hi;
        lv[1] = (unsigned)fminf(hi + 1.0f, q);
        nlevels = (delta == 0.0f || !fl) ? 1 : 2;
    }
    for (int k = 0; k < nlevels; ++k) {
        footprint(v, s, st, offset, lv[k], layer, texels, weights, nearest);
        if (filter == 1 && fl) {
            float4 acc; acc.x = acc.y = acc.z = acc.w = 0.0f;
            for (int n = 0; n < (1 << D); ++n) {
                float4 t = texels[n];
                if (has_dref) { t.x = compare_texel(im, s, dref, t.x); t.y = 0.0f; t.z = 0.0f; t.w = 1.0f; }
                for (int c = 0; c < 4; ++c) acc[c] += weights[n] * t[c];
            }
            value[k] = acc;
        } else if (has_dref) {
            value[k].x = compare_texel(im, s, dref, nearest.x); value[k].y = 0.0f; value[k].z = 0.0f; value[k].w = 1.0f;
        } else {
            value[k] = nearest;
        }
    }
    float4 r = value[0];
    if (nlevels == 2)
        for (int c = 0; c < 4; ++c) r[c] = (1.0f - delta) * value[0][c] + delta * value[1][c];
    for (int c = 0; c < 4; ++c) out[c] = __float_as_uint(r[c]);
    return out;
}

} // namespace wavec
// ---- end of the wavec prelude ----
