// Declarations of the Metal Shading Language that wavec's Metal output uses, so that a C++17
// front end (`g++ -std=c++17 -fsyntax-only`) can check the output without a Metal compiler.
// Written from Apple's MSL specification: address spaces are macros (`constant` keeps its
// constness), `[[buffer(n)]]`-style attributes are left to g++ to ignore, vectors are
// `metal::vec<T, N>` with MSL's constructors, operators and swizzles (as static members, which
// is enough for type checking), matrices are `metal::matrix<T, Columns, Rows>`. The SIMD-group
// functions accept only the types MSL's do (no bool, no 64-bit types). Nothing here runs.
#pragma once
#include <cstddef>
#include <type_traits>

#define kernel
#define device
#define thread
#define threadgroup
#define constant const

namespace metal {
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

struct half {
    half();
    half(float);
    operator float() const;
};
// MSL's compound assignments on halves (the binary operators go through float here, which is
// enough for a syntax check).
half& operator+=(half&, half);
half& operator-=(half&, half);
half& operator*=(half&, half);
half& operator/=(half&, half);

template <typename T> struct is_scalar_t : std::integral_constant<bool, std::is_arithmetic<T>::value || std::is_same<T, half>::value> {};
template <typename T, int N> struct vec;
template <typename T, typename A> struct comps { static constexpr int value = is_scalar_t<A>::value ? 1 : 1000; };
template <typename T, typename U, int K> struct comps<T, vec<U, K>> { static constexpr int value = std::is_same<T, U>::value ? K : 1000; };
template <typename T, typename... A> constexpr int comps_sum() { return (0 + ... + comps<T, A>::value); }

#define WAVEC_VEC_COMMON(N) \
    T e[N]; \
    vec() = default; \
    vec(T s); \
    template <typename A0, typename A1, typename... A, typename = std::enable_if_t<comps_sum<T, A0, A1, A...>() == N>> \
    vec(A0, A1, A...); \
    template <typename U, typename = std::enable_if_t<!std::is_same<U, T>::value>> explicit vec(vec<U, N>); \
    T& operator[](int); \
    const T& operator[](int) const;

template <typename T> struct vec<T, 2> {
    WAVEC_VEC_COMMON(2)
    static T x; static T y; static vec<T, 2> xx; static vec<T, 2> xy; static vec<T, 2> yx;
    static vec<T, 2> yy; static vec<T, 3> xxx; static vec<T, 3> xxy; static vec<T, 3> xyx;
    static vec<T, 3> xyy; static vec<T, 3> yxx; static vec<T, 3> yxy; static vec<T, 3> yyx;
    static vec<T, 3> yyy; static vec<T, 4> xxxx; static vec<T, 4> xxxy; static vec<T, 4> xxyx;
    static vec<T, 4> xxyy; static vec<T, 4> xyxx; static vec<T, 4> xyxy; static vec<T, 4> xyyx;
    static vec<T, 4> xyyy; static vec<T, 4> yxxx; static vec<T, 4> yxxy; static vec<T, 4> yxyx;
    static vec<T, 4> yxyy; static vec<T, 4> yyxx; static vec<T, 4> yyxy; static vec<T, 4> yyyx;
    static vec<T, 4> yyyy;
};
template <typename T> struct vec<T, 3> {
    WAVEC_VEC_COMMON(3)
    static T x; static T y; static T z; static vec<T, 2> xx; static vec<T, 2> xy; static vec<T, 2> xz;
    static vec<T, 2> yx; static vec<T, 2> yy; static vec<T, 2> yz; static vec<T, 2> zx; static vec<T, 2> zy;
    static vec<T, 2> zz; static vec<T, 3> xxx; static vec<T, 3> xxy; static vec<T, 3> xxz;
    static vec<T, 3> xyx; static vec<T, 3> xyy; static vec<T, 3> xyz; static vec<T, 3> xzx;
    static vec<T, 3> xzy; static vec<T, 3> xzz; static vec<T, 3> yxx; static vec<T, 3> yxy;
    static vec<T, 3> yxz; static vec<T, 3> yyx; static vec<T, 3> yyy; static vec<T, 3> yyz;
    static vec<T, 3> yzx; static vec<T, 3> yzy; static vec<T, 3> yzz; static vec<T, 3> zxx;
    static vec<T, 3> zxy; static vec<T, 3> zxz; static vec<T, 3> zyx; static vec<T, 3> zyy;
    static vec<T, 3> zyz; static vec<T, 3> zzx; static vec<T, 3> zzy; static vec<T, 3> zzz;
    static vec<T, 4> xxxx; static vec<T, 4> xxxy; static vec<T, 4> xxxz; static vec<T, 4> xxyx;
    static vec<T, 4> xxyy; static vec<T, 4> xxyz; static vec<T, 4> xxzx; static vec<T, 4> xxzy;
    static vec<T, 4> xxzz; static vec<T, 4> xyxx; static vec<T, 4> xyxy; static vec<T, 4> xyxz;
    static vec<T, 4> xyyx; static vec<T, 4> xyyy; static vec<T, 4> xyyz; static vec<T, 4> xyzx;
    static vec<T, 4> xyzy; static vec<T, 4> xyzz; static vec<T, 4> xzxx; static vec<T, 4> xzxy;
    static vec<T, 4> xzxz; static vec<T, 4> xzyx; static vec<T, 4> xzyy; static vec<T, 4> xzyz;
    static vec<T, 4> xzzx; static vec<T, 4> xzzy; static vec<T, 4> xzzz; static vec<T, 4> yxxx;
    static vec<T, 4> yxxy; static vec<T, 4> yxxz; static vec<T, 4> yxyx; static vec<T, 4> yxyy;
    static vec<T, 4> yxyz; static vec<T, 4> yxzx; static vec<T, 4> yxzy; static vec<T, 4> yxzz;
    static vec<T, 4> yyxx; static vec<T, 4> yyxy; static vec<T, 4> yyxz; static vec<T, 4> yyyx;
    static vec<T, 4> yyyy; static vec<T, 4> yyyz; static vec<T, 4> yyzx; static vec<T, 4> yyzy;
    static vec<T, 4> yyzz; static vec<T, 4> yzxx; static vec<T, 4> yzxy; static vec<T, 4> yzxz;
    static vec<T, 4> yzyx; static vec<T, 4> yzyy; static vec<T, 4> yzyz; static vec<T, 4> yzzx;
    static vec<T, 4> yzzy; static vec<T, 4> yzzz; static vec<T, 4> zxxx; static vec<T, 4> zxxy;
    static vec<T, 4> zxxz; static vec<T, 4> zxyx; static vec<T, 4> zxyy; static vec<T, 4> zxyz;
    static vec<T, 4> zxzx; static vec<T, 4> zxzy; static vec<T, 4> zxzz; static vec<T, 4> zyxx;
    static vec<T, 4> zyxy; static vec<T, 4> zyxz; static vec<T, 4> zyyx; static vec<T, 4> zyyy;
    static vec<T, 4> zyyz; static vec<T, 4> zyzx; static vec<T, 4> zyzy; static vec<T, 4> zyzz;
    static vec<T, 4> zzxx; static vec<T, 4> zzxy; static vec<T, 4> zzxz; static vec<T, 4> zzyx;
    static vec<T, 4> zzyy; static vec<T, 4> zzyz; static vec<T, 4> zzzx; static vec<T, 4> zzzy;
    static vec<T, 4> zzzz;
};
template <typename T> struct vec<T, 4> {
    WAVEC_VEC_COMMON(4)
    static T x; static T y; static T z; static T w; static vec<T, 2> xx; static vec<T, 2> xy;
    static vec<T, 2> xz; static vec<T, 2> xw; static vec<T, 2> yx; static vec<T, 2> yy; static vec<T, 2> yz;
    static vec<T, 2> yw; static vec<T, 2> zx; static vec<T, 2> zy; static vec<T, 2> zz; static vec<T, 2> zw;
    static vec<T, 2> wx; static vec<T, 2> wy; static vec<T, 2> wz; static vec<T, 2> ww; static vec<T, 3> xxx;
    static vec<T, 3> xxy; static vec<T, 3> xxz; static vec<T, 3> xxw; static vec<T, 3> xyx;
    static vec<T, 3> xyy; static vec<T, 3> xyz; static vec<T, 3> xyw; static vec<T, 3> xzx;
    static vec<T, 3> xzy; static vec<T, 3> xzz; static vec<T, 3> xzw; static vec<T, 3> xwx;
    static vec<T, 3> xwy; static vec<T, 3> xwz; static vec<T, 3> xww; static vec<T, 3> yxx;
    static vec<T, 3> yxy; static vec<T, 3> yxz; static vec<T, 3> yxw; static vec<T, 3> yyx;
    static vec<T, 3> yyy; static vec<T, 3> yyz; static vec<T, 3> yyw; static vec<T, 3> yzx;
    static vec<T, 3> yzy; static vec<T, 3> yzz; static vec<T, 3> yzw; static vec<T, 3> ywx;
    static vec<T, 3> ywy; static vec<T, 3> ywz; static vec<T, 3> yww; static vec<T, 3> zxx;
    static vec<T, 3> zxy; static vec<T, 3> zxz; static vec<T, 3> zxw; static vec<T, 3> zyx;
    static vec<T, 3> zyy; static vec<T, 3> zyz; static vec<T, 3> zyw; static vec<T, 3> zzx;
    static vec<T, 3> zzy; static vec<T, 3> zzz; static vec<T, 3> zzw; static vec<T, 3> zwx;
    static vec<T, 3> zwy; static vec<T, 3> zwz; static vec<T, 3> zww; static vec<T, 3> wxx;
    static vec<T, 3> wxy; static vec<T, 3> wxz; static vec<T, 3> wxw; static vec<T, 3> wyx;
    static vec<T, 3> wyy; static vec<T, 3> wyz; static vec<T, 3> wyw; static vec<T, 3> wzx;
    static vec<T, 3> wzy; static vec<T, 3> wzz; static vec<T, 3> wzw; static vec<T, 3> wwx;
    static vec<T, 3> wwy; static vec<T, 3> wwz; static vec<T, 3> www; static vec<T, 4> xxxx;
    static vec<T, 4> xxxy; static vec<T, 4> xxxz; static vec<T, 4> xxxw; static vec<T, 4> xxyx;
    static vec<T, 4> xxyy; static vec<T, 4> xxyz; static vec<T, 4> xxyw; static vec<T, 4> xxzx;
    static vec<T, 4> xxzy; static vec<T, 4> xxzz; static vec<T, 4> xxzw; static vec<T, 4> xxwx;
    static vec<T, 4> xxwy; static vec<T, 4> xxwz; static vec<T, 4> xxww; static vec<T, 4> xyxx;
    static vec<T, 4> xyxy; static vec<T, 4> xyxz; static vec<T, 4> xyxw; static vec<T, 4> xyyx;
    static vec<T, 4> xyyy; static vec<T, 4> xyyz; static vec<T, 4> xyyw; static vec<T, 4> xyzx;
    static vec<T, 4> xyzy; static vec<T, 4> xyzz; static vec<T, 4> xyzw; static vec<T, 4> xywx;
    static vec<T, 4> xywy; static vec<T, 4> xywz; static vec<T, 4> xyww; static vec<T, 4> xzxx;
    static vec<T, 4> xzxy; static vec<T, 4> xzxz; static vec<T, 4> xzxw; static vec<T, 4> xzyx;
    static vec<T, 4> xzyy; static vec<T, 4> xzyz; static vec<T, 4> xzyw; static vec<T, 4> xzzx;
    static vec<T, 4> xzzy; static vec<T, 4> xzzz; static vec<T, 4> xzzw; static vec<T, 4> xzwx;
    static vec<T, 4> xzwy; static vec<T, 4> xzwz; static vec<T, 4> xzww; static vec<T, 4> xwxx;
    static vec<T, 4> xwxy; static vec<T, 4> xwxz; static vec<T, 4> xwxw; static vec<T, 4> xwyx;
    static vec<T, 4> xwyy; static vec<T, 4> xwyz; static vec<T, 4> xwyw; static vec<T, 4> xwzx;
    static vec<T, 4> xwzy; static vec<T, 4> xwzz; static vec<T, 4> xwzw; static vec<T, 4> xwwx;
    static vec<T, 4> xwwy; static vec<T, 4> xwwz; static vec<T, 4> xwww; static vec<T, 4> yxxx;
    static vec<T, 4> yxxy; static vec<T, 4> yxxz; static vec<T, 4> yxxw; static vec<T, 4> yxyx;
    static vec<T, 4> yxyy; static vec<T, 4> yxyz; static vec<T, 4> yxyw; static vec<T, 4> yxzx;
    static vec<T, 4> yxzy; static vec<T, 4> yxzz; static vec<T, 4> yxzw; static vec<T, 4> yxwx;
    static vec<T, 4> yxwy; static vec<T, 4> yxwz; static vec<T, 4> yxww; static vec<T, 4> yyxx;
    static vec<T, 4> yyxy; static vec<T, 4> yyxz; static vec<T, 4> yyxw; static vec<T, 4> yyyx;
    static vec<T, 4> yyyy; static vec<T, 4> yyyz; static vec<T, 4> yyyw; static vec<T, 4> yyzx;
    static vec<T, 4> yyzy; static vec<T, 4> yyzz; static vec<T, 4> yyzw; static vec<T, 4> yywx;
    static vec<T, 4> yywy; static vec<T, 4> yywz; static vec<T, 4> yyww; static vec<T, 4> yzxx;
    static vec<T, 4> yzxy; static vec<T, 4> yzxz; static vec<T, 4> yzxw; static vec<T, 4> yzyx;
    static vec<T, 4> yzyy; static vec<T, 4> yzyz; static vec<T, 4> yzyw; static vec<T, 4> yzzx;
    static vec<T, 4> yzzy; static vec<T, 4> yzzz; static vec<T, 4> yzzw; static vec<T, 4> yzwx;
    static vec<T, 4> yzwy; static vec<T, 4> yzwz; static vec<T, 4> yzww; static vec<T, 4> ywxx;
    static vec<T, 4> ywxy; static vec<T, 4> ywxz; static vec<T, 4> ywxw; static vec<T, 4> ywyx;
    static vec<T, 4> ywyy; static vec<T, 4> ywyz; static vec<T, 4> ywyw; static vec<T, 4> ywzx;
    static vec<T, 4> ywzy; static vec<T, 4> ywzz; static vec<T, 4> ywzw; static vec<T, 4> ywwx;
    static vec<T, 4> ywwy; static vec<T, 4> ywwz; static vec<T, 4> ywww; static vec<T, 4> zxxx;
    static vec<T, 4> zxxy; static vec<T, 4> zxxz; static vec<T, 4> zxxw; static vec<T, 4> zxyx;
    static vec<T, 4> zxyy; static vec<T, 4> zxyz; static vec<T, 4> zxyw; static vec<T, 4> zxzx;
    static vec<T, 4> zxzy; static vec<T, 4> zxzz; static vec<T, 4> zxzw; static vec<T, 4> zxwx;
    static vec<T, 4> zxwy; static vec<T, 4> zxwz; static vec<T, 4> zxww; static vec<T, 4> zyxx;
    static vec<T, 4> zyxy; static vec<T, 4> zyxz; static vec<T, 4> zyxw; static vec<T, 4> zyyx;
    static vec<T, 4> zyyy; static vec<T, 4> zyyz; static vec<T, 4> zyyw; static vec<T, 4> zyzx;
    static vec<T, 4> zyzy; static vec<T, 4> zyzz; static vec<T, 4> zyzw; static vec<T, 4> zywx;
    static vec<T, 4> zywy; static vec<T, 4> zywz; static vec<T, 4> zyww; static vec<T, 4> zzxx;
    static vec<T, 4> zzxy; static vec<T, 4> zzxz; static vec<T, 4> zzxw; static vec<T, 4> zzyx;
    static vec<T, 4> zzyy; static vec<T, 4> zzyz; static vec<T, 4> zzyw; static vec<T, 4> zzzx;
    static vec<T, 4> zzzy; static vec<T, 4> zzzz; static vec<T, 4> zzzw; static vec<T, 4> zzwx;
    static vec<T, 4> zzwy; static vec<T, 4> zzwz; static vec<T, 4> zzww; static vec<T, 4> zwxx;
    static vec<T, 4> zwxy; static vec<T, 4> zwxz; static vec<T, 4> zwxw; static vec<T, 4> zwyx;
    static vec<T, 4> zwyy; static vec<T, 4> zwyz; static vec<T, 4> zwyw; static vec<T, 4> zwzx;
    static vec<T, 4> zwzy; static vec<T, 4> zwzz; static vec<T, 4> zwzw; static vec<T, 4> zwwx;
    static vec<T, 4> zwwy; static vec<T, 4> zwwz; static vec<T, 4> zwww; static vec<T, 4> wxxx;
    static vec<T, 4> wxxy; static vec<T, 4> wxxz; static vec<T, 4> wxxw; static vec<T, 4> wxyx;
    static vec<T, 4> wxyy; static vec<T, 4> wxyz; static vec<T, 4> wxyw; static vec<T, 4> wxzx;
    static vec<T, 4> wxzy; static vec<T, 4> wxzz; static vec<T, 4> wxzw; static vec<T, 4> wxwx;
    static vec<T, 4> wxwy; static vec<T, 4> wxwz; static vec<T, 4> wxww; static vec<T, 4> wyxx;
    static vec<T, 4> wyxy; static vec<T, 4> wyxz; static vec<T, 4> wyxw; static vec<T, 4> wyyx;
    static vec<T, 4> wyyy; static vec<T, 4> wyyz; static vec<T, 4> wyyw; static vec<T, 4> wyzx;
    static vec<T, 4> wyzy; static vec<T, 4> wyzz; static vec<T, 4> wyzw; static vec<T, 4> wywx;
    static vec<T, 4> wywy; static vec<T, 4> wywz; static vec<T, 4> wyww; static vec<T, 4> wzxx;
    static vec<T, 4> wzxy; static vec<T, 4> wzxz; static vec<T, 4> wzxw; static vec<T, 4> wzyx;
    static vec<T, 4> wzyy; static vec<T, 4> wzyz; static vec<T, 4> wzyw; static vec<T, 4> wzzx;
    static vec<T, 4> wzzy; static vec<T, 4> wzzz; static vec<T, 4> wzzw; static vec<T, 4> wzwx;
    static vec<T, 4> wzwy; static vec<T, 4> wzwz; static vec<T, 4> wzww; static vec<T, 4> wwxx;
    static vec<T, 4> wwxy; static vec<T, 4> wwxz; static vec<T, 4> wwxw; static vec<T, 4> wwyx;
    static vec<T, 4> wwyy; static vec<T, 4> wwyz; static vec<T, 4> wwyw; static vec<T, 4> wwzx;
    static vec<T, 4> wwzy; static vec<T, 4> wwzz; static vec<T, 4> wwzw; static vec<T, 4> wwwx;
    static vec<T, 4> wwwy; static vec<T, 4> wwwz; static vec<T, 4> wwww;
};

#define WAVEC_VEC_TYPES(T) typedef vec<T, 2> T##2; typedef vec<T, 3> T##3; typedef vec<T, 4> T##4;
WAVEC_VEC_TYPES(bool) WAVEC_VEC_TYPES(char) WAVEC_VEC_TYPES(uchar) WAVEC_VEC_TYPES(short) WAVEC_VEC_TYPES(ushort)
WAVEC_VEC_TYPES(int) WAVEC_VEC_TYPES(uint) WAVEC_VEC_TYPES(long) WAVEC_VEC_TYPES(ulong) WAVEC_VEC_TYPES(half)
WAVEC_VEC_TYPES(float)

template <typename S> using if_scalar = std::enable_if_t<is_scalar_t<S>::value>;
#define WAVEC_VEC_OP(OP, E) \
    template <typename T, int N> vec<E, N> operator OP(vec<T, N>, vec<T, N>); \
    template <typename T, int N, typename S, typename = if_scalar<S>> vec<E, N> operator OP(vec<T, N>, S); \
    template <typename T, int N, typename S, typename = if_scalar<S>> vec<E, N> operator OP(S, vec<T, N>);
#define WAVEC_VEC_ASSIGN(OP) \
    template <typename T, int N> vec<T, N>& operator OP(vec<T, N>&, vec<T, N>); \
    template <typename T, int N, typename S, typename = if_scalar<S>> vec<T, N>& operator OP(vec<T, N>&, S);
WAVEC_VEC_OP(+, T) WAVEC_VEC_OP(-, T) WAVEC_VEC_OP(*, T) WAVEC_VEC_OP(/, T)
WAVEC_VEC_OP(%, T) WAVEC_VEC_OP(&, T) WAVEC_VEC_OP(|, T) WAVEC_VEC_OP(^, T)
WAVEC_VEC_OP(<<, T) WAVEC_VEC_OP(>>, T)
WAVEC_VEC_OP(==, bool) WAVEC_VEC_OP(!=, bool) WAVEC_VEC_OP(<, bool)
WAVEC_VEC_OP(<=, bool) WAVEC_VEC_OP(>, bool) WAVEC_VEC_OP(>=, bool)
WAVEC_VEC_ASSIGN(+=) WAVEC_VEC_ASSIGN(-=) WAVEC_VEC_ASSIGN(*=) WAVEC_VEC_ASSIGN(/=) WAVEC_VEC_ASSIGN(%=)
WAVEC_VEC_ASSIGN(&=) WAVEC_VEC_ASSIGN(|=) WAVEC_VEC_ASSIGN(^=) WAVEC_VEC_ASSIGN(<<=) WAVEC_VEC_ASSIGN(>>=)
template <typename T, int N> vec<T, N> operator-(vec<T, N>);
template <typename T, int N> vec<T, N> operator~(vec<T, N>);
template <typename T, int N> vec<bool, N> operator!(vec<T, N>);
template <typename T, int N> vec<T, N>& operator++(vec<T, N>&);
template <typename T, int N> vec<T, N> operator++(vec<T, N>&, int);
template <typename T, int N> vec<T, N>& operator--(vec<T, N>&);
template <typename T, int N> vec<T, N> operator--(vec<T, N>&, int);

// C columns of R components.
template <typename T, int C, int R> struct matrix {
    vec<T, R> columns[C];
    matrix() = default;
    explicit matrix(T diagonal);
    template <typename... A, typename = std::enable_if_t<sizeof...(A) == C && (std::is_same<A, vec<T, R>>::value && ...)>>
    matrix(A...);
    template <typename U, typename = std::enable_if_t<!std::is_same<U, T>::value>> explicit matrix(matrix<U, C, R>);
    vec<T, R>& operator[](int);
    const vec<T, R>& operator[](int) const;
};
template <typename T, int K, int C, int R> matrix<T, C, R> operator*(matrix<T, K, R>, matrix<T, C, K>);
template <typename T, int C, int R> vec<T, R> operator*(matrix<T, C, R>, vec<T, C>);
template <typename T, int C, int R> matrix<T, R, C> transpose(matrix<T, C, R>);
template <typename T, int N> T determinant(matrix<T, N, N>);
template <typename T, int C, int R> vec<T, C> operator*(vec<T, R>, matrix<T, C, R>);
template <typename T, int C, int R, typename S, typename = if_scalar<S>> matrix<T, C, R> operator*(matrix<T, C, R>, S);
template <typename T, int C, int R, typename S, typename = if_scalar<S>> matrix<T, C, R> operator*(S, matrix<T, C, R>);
template <typename T, int C, int R> matrix<T, C, R> operator+(matrix<T, C, R>, matrix<T, C, R>);
template <typename T, int C, int R> matrix<T, C, R> operator-(matrix<T, C, R>, matrix<T, C, R>);
template <typename T, int C, int R> matrix<T, C, R> operator-(matrix<T, C, R>);
template <typename T, int C, int R> matrix<T, C, R>& operator+=(matrix<T, C, R>&, matrix<T, C, R>);
template <typename T, int C, int R> matrix<T, C, R>& operator-=(matrix<T, C, R>&, matrix<T, C, R>);
template <typename T, int C, int R, typename S, typename = if_scalar<S>> matrix<T, C, R>& operator*=(matrix<T, C, R>&, S);
#define WAVEC_MATRIX_TYPES(T) \
    typedef matrix<T, 2, 2> T##2x2; typedef matrix<T, 2, 3> T##2x3; typedef matrix<T, 2, 4> T##2x4; \
    typedef matrix<T, 3, 2> T##3x2; typedef matrix<T, 3, 3> T##3x3; typedef matrix<T, 3, 4> T##3x4; \
    typedef matrix<T, 4, 2> T##4x2; typedef matrix<T, 4, 3> T##4x3; typedef matrix<T, 4, 4> T##4x4;
WAVEC_MATRIX_TYPES(float) WAVEC_MATRIX_TYPES(half)

template <typename T, std::size_t N> struct array {
    T elements[N];
    T& operator[](std::size_t);
    const T& operator[](std::size_t) const;
    std::size_t size() const;
};

// Math: one template per function; arguments of one call must agree in type, as in MSL.
template <typename T> struct bool_of { typedef bool type; };
template <typename T, int N> struct bool_of<vec<T, N>> { typedef vec<bool, N> type; };
template <typename T> struct elem_of { typedef T type; };
template <typename T, int N> struct elem_of<vec<T, N>> { typedef T type; };
#define WAVEC_F1(f) template <typename T> T f(T);
#define WAVEC_F2(f) template <typename T> T f(T, T);
#define WAVEC_F3(f) template <typename T> T f(T, T, T);
WAVEC_F1(abs) WAVEC_F1(sqrt) WAVEC_F1(rsqrt) WAVEC_F1(floor) WAVEC_F1(ceil) WAVEC_F1(trunc) WAVEC_F1(rint)
WAVEC_F1(round) WAVEC_F1(fract) WAVEC_F1(exp) WAVEC_F1(exp2) WAVEC_F1(log) WAVEC_F1(log2) WAVEC_F1(sin)
WAVEC_F1(cos) WAVEC_F1(tan) WAVEC_F1(asin) WAVEC_F1(acos) WAVEC_F1(atan) WAVEC_F1(saturate) WAVEC_F1(sign)
WAVEC_F1(popcount) WAVEC_F1(clz) WAVEC_F1(ctz) WAVEC_F1(reverse_bits) WAVEC_F1(normalize)
WAVEC_F1(sinh) WAVEC_F1(cosh) WAVEC_F1(tanh) WAVEC_F2(reflect) WAVEC_F3(faceforward)
template <typename T> T refract(T, T, typename elem_of<T>::type);
WAVEC_F2(min) WAVEC_F2(max) WAVEC_F2(pow) WAVEC_F2(atan2) WAVEC_F2(fmod) WAVEC_F2(step)
WAVEC_F3(clamp) WAVEC_F3(mix) WAVEC_F3(smoothstep) WAVEC_F3(fma)
WAVEC_F1(asinh) WAVEC_F1(acosh) WAVEC_F1(atanh) WAVEC_F1(sinpi) WAVEC_F1(cospi) WAVEC_F1(tanpi) WAVEC_F1(exp10)
WAVEC_F2(copysign) WAVEC_F2(nextafter) WAVEC_F2(powr) WAVEC_F2(fdim)
WAVEC_F3(min3) WAVEC_F3(max3) WAVEC_F3(median3)
template <typename T> T ldexp(T, int);
template <typename T, int N> vec<T, N> ldexp(vec<T, N>, vec<int, N>);
template <typename T> T frexp(T, thread int&);
template <typename T, int N> vec<T, N> frexp(vec<T, N>, thread vec<int, N>&);
template <typename T> typename bool_of<T>::type isnan(T);
template <typename T> typename bool_of<T>::type isinf(T);
template <typename T> typename elem_of<T>::type length(T);
template <typename T> typename elem_of<T>::type distance(T, T);
template <typename T, int N> T dot(vec<T, N>, vec<T, N>);
template <typename T> vec<T, 3> cross(vec<T, 3>, vec<T, 3>);
template <int N> bool all(vec<bool, N>);
template <int N> bool any(vec<bool, N>);
template <typename T> T select(T, T, bool);
template <typename T, int N> vec<T, N> select(vec<T, N>, vec<T, N>, vec<bool, N>);
template <typename To, typename From> To as_type(From);

// Atomics.
enum memory_order { memory_order_relaxed };
template <typename T> struct atomic {
    atomic() = default;
    atomic(const atomic&) = delete;
    atomic& operator=(const atomic&) = delete;
};
typedef atomic<int> atomic_int;
typedef atomic<uint> atomic_uint;
template <typename T> T atomic_load_explicit(const atomic<T>*, memory_order);
template <typename T, typename U> void atomic_store_explicit(atomic<T>*, U, memory_order);
#define WAVEC_ATOMIC_RMW(f) template <typename T, typename U> T f(atomic<T>*, U, memory_order);
WAVEC_ATOMIC_RMW(atomic_exchange_explicit) WAVEC_ATOMIC_RMW(atomic_fetch_add_explicit)
WAVEC_ATOMIC_RMW(atomic_fetch_sub_explicit) WAVEC_ATOMIC_RMW(atomic_fetch_and_explicit)
WAVEC_ATOMIC_RMW(atomic_fetch_or_explicit) WAVEC_ATOMIC_RMW(atomic_fetch_xor_explicit)
WAVEC_ATOMIC_RMW(atomic_fetch_min_explicit) WAVEC_ATOMIC_RMW(atomic_fetch_max_explicit)
template <typename T> bool atomic_compare_exchange_weak_explicit(atomic<T>*, T*, T, memory_order, memory_order);

// Barriers.
enum class mem_flags { mem_none = 0, mem_device = 1, mem_threadgroup = 2, mem_texture = 4 };
mem_flags operator|(mem_flags, mem_flags);
void threadgroup_barrier(mem_flags);
void simdgroup_barrier(mem_flags);

// SIMD-group functions: scalars and vectors of these element types only.
template <typename T> struct simd_elem : std::integral_constant<bool,
    std::is_same<T, float>::value || std::is_same<T, half>::value || std::is_same<T, int>::value ||
    std::is_same<T, uint>::value || std::is_same<T, short>::value || std::is_same<T, ushort>::value ||
    std::is_same<T, char>::value || std::is_same<T, uchar>::value> {};
template <typename T, int N> struct simd_elem<vec<T, N>> : simd_elem<T> {};
template <typename T> using if_simd = std::enable_if_t<simd_elem<T>::value, T>;
struct simd_vote {
    typedef ulong vote_t;
    explicit simd_vote(vote_t v = 0);
    explicit operator vote_t() const;
    bool all() const;
    bool any() const;
};
#define WAVEC_SIMD1(f) template <typename T> if_simd<T> f(T);
#define WAVEC_SIMD2(f) template <typename T> if_simd<T> f(T, ushort);
WAVEC_SIMD1(simd_sum) WAVEC_SIMD1(simd_product) WAVEC_SIMD1(simd_min) WAVEC_SIMD1(simd_max) WAVEC_SIMD1(simd_and)
WAVEC_SIMD1(simd_or) WAVEC_SIMD1(simd_xor) WAVEC_SIMD1(simd_prefix_exclusive_sum)
WAVEC_SIMD1(simd_prefix_exclusive_product) WAVEC_SIMD1(simd_prefix_inclusive_sum)
WAVEC_SIMD1(simd_prefix_inclusive_product) WAVEC_SIMD1(simd_broadcast_first)
WAVEC_SIMD2(simd_broadcast) WAVEC_SIMD2(simd_shuffle) WAVEC_SIMD2(simd_shuffle_up) WAVEC_SIMD2(simd_shuffle_down)
WAVEC_SIMD2(simd_shuffle_xor) WAVEC_SIMD2(quad_shuffle) WAVEC_SIMD2(quad_shuffle_xor) WAVEC_SIMD2(quad_broadcast)
bool simd_all(bool);
bool simd_any(bool);
simd_vote simd_ballot(bool);
bool simd_is_first();
// Textures and samplers.
enum class access { sample, read, write, read_write };
struct sampler {};
struct level { explicit level(float); };
struct gradient2d { gradient2d(float2, float2); };
enum class component { x, y, z, w };
template <typename T, access A = access::sample> struct texture1d {
    vec<T, 4> read(uint, uint = 0) const;
    vec<T, 4> sample(sampler, float) const;
    void write(vec<T, 4>, uint);
    uint get_width(uint = 0) const;
    uint get_num_mip_levels() const;
};
template <typename T, access A = access::sample> struct texture2d {
    vec<T, 4> read(uint2, uint = 0) const;
    vec<T, 4> sample(sampler, float2, level, int2 = int2(0)) const;
    vec<T, 4> sample(sampler, float2, gradient2d, int2 = int2(0)) const;
    vec<T, 4> gather(sampler, float2, int2 = int2(0), component = component::x) const;
    void write(vec<T, 4>, uint2, uint = 0);
    uint get_width(uint = 0) const;
    uint get_height(uint = 0) const;
    uint get_num_mip_levels() const;
};
template <typename T, access A = access::sample> struct texture3d {
    vec<T, 4> read(uint3, uint = 0) const;
    vec<T, 4> sample(sampler, float3, level, int3 = int3(0)) const;
    void write(vec<T, 4>, uint3, uint = 0);
    uint get_width(uint = 0) const;
    uint get_height(uint = 0) const;
    uint get_depth(uint = 0) const;
    uint get_num_mip_levels() const;
};
template <typename T, access A = access::sample> struct texture2d_array {
    vec<T, 4> read(uint2, uint, uint = 0) const;
    vec<T, 4> sample(sampler, float2, uint, level, int2 = int2(0)) const;
    vec<T, 4> gather(sampler, float2, uint, int2 = int2(0), component = component::x) const;
    void write(vec<T, 4>, uint2, uint, uint = 0);
    uint get_width(uint = 0) const;
    uint get_height(uint = 0) const;
    uint get_array_size() const;
    uint get_num_mip_levels() const;
};
template <typename T, access A = access::sample> struct texture1d_array {
    vec<T, 4> read(uint, uint, uint = 0) const;
    vec<T, 4> sample(sampler, float, uint) const;
    void write(vec<T, 4>, uint, uint, uint = 0);
    uint get_width(uint = 0) const;
    uint get_array_size() const;
    uint get_num_mip_levels() const;
};
template <typename T, access A = access::read> struct texture2d_ms {
    vec<T, 4> read(uint2, uint) const;
    uint get_width() const;
    uint get_height() const;
    uint get_num_samples() const;
};
template <typename T, access A = access::read> struct texture2d_ms_array {
    vec<T, 4> read(uint2, uint, uint) const;
    uint get_width() const;
    uint get_height() const;
    uint get_array_size() const;
    uint get_num_samples() const;
};
template <typename T, access A = access::sample> struct texturecube {
    vec<T, 4> sample(sampler, float3, level) const;
    vec<T, 4> gather(sampler, float3, component = component::x) const;
    uint get_width(uint = 0) const;
    uint get_height(uint = 0) const;
    uint get_num_mip_levels() const;
};
template <typename T, access A = access::sample> struct texturecube_array {
    vec<T, 4> sample(sampler, float3, uint, level) const;
    uint get_width(uint = 0) const;
    uint get_height(uint = 0) const;
    uint get_array_size() const;
    uint get_num_mip_levels() const;
};
} // namespace metal

// Function constants (MSL 5.8.1): whether the pipeline gave a value for one.
template <typename T> bool is_function_constant_defined(T);
