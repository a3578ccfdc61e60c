// wavec's Metal prelude: HLSL semantics that MSL has no built-in for.
namespace wavec {

// The element type of a scalar or vector.
template <typename T> struct elem { typedef T type; };
template <typename T, int N> struct elem<vec<T, N>> { typedef T type; };

// HLSL masks shift counts to the operand's width; MSL leaves larger counts undefined.
template <typename T> T shl(T a, T b) { return a << (b & T(sizeof(typename elem<T>::type) * 8 - 1)); }
template <typename T> T shr(T a, T b) { return a >> (b & T(sizeof(typename elem<T>::type) * 8 - 1)); }

// `&&` and `||` of bool vectors, component-wise (both operands evaluated, as in HLSL 2021).
template <int N> vec<bool, N> logic_and(vec<bool, N> a, vec<bool, N> b) { return select(vec<bool, N>(false), b, a); }
template <int N> vec<bool, N> logic_or(vec<bool, N> a, vec<bool, N> b) { return select(b, vec<bool, N>(true), a); }

// HLSL's `*` and `/` of two matrices are component-wise; MSL's `*` is the linear-algebra product.
template <typename T, int C, int R> matrix<T, C, R> mat_mul(matrix<T, C, R> a, matrix<T, C, R> b) {
    matrix<T, C, R> r;
    for (int i = 0; i < C; ++i) r[i] = a[i] * b[i];
    return r;
}
template <typename T, int C, int R> matrix<T, C, R> mat_div(matrix<T, C, R> a, matrix<T, C, R> b) {
    matrix<T, C, R> r;
    for (int i = 0; i < C; ++i) r[i] = a[i] / b[i];
    return r;
}

// A scalar converted to a matrix: every element (MSL's matrix(s) fills the diagonal only).
template <typename M> struct matrix_of;
template <typename T, int C, int R> struct matrix_of<matrix<T, C, R>> {
    static matrix<T, C, R> splat(T s) {
        matrix<T, C, R> r;
        for (int i = 0; i < C; ++i) r[i] = vec<T, R>(s);
        return r;
    }
};
template <typename M, typename S> M splat(S s) { return matrix_of<M>::splat(s); }

// HLSL's matrix truncation (`(float3x3)m4`): the top left, first MSL columns (HLSL rows) cut.
template <typename T, int C2, int R2, int C, int R> matrix<T, C2, R2> truncate(matrix<T, C, R> m) {
    matrix<T, C2, R2> r;
    for (int i = 0; i < C2; ++i)
        for (int j = 0; j < R2; ++j) r[i][j] = m[i][j];
    return r;
}

// Element-wise functions of matrices (MSL's take scalars and vectors): column by column, which
// is row by row of the HLSL matrix.
#define WAVEC_MATRIX_MAP(NAME, PARAMS, ARGS) \
    template <typename T, int C, int R> matrix<T, C, R> m_##NAME PARAMS { \
        matrix<T, C, R> r; \
        for (int i = 0; i < C; ++i) r[i] = NAME ARGS; \
        return r; \
    }
#define WAVEC_MATRIX_MAP1(NAME) WAVEC_MATRIX_MAP(NAME, (matrix<T, C, R> a), (a[i]))
#define WAVEC_MATRIX_MAP2(NAME) WAVEC_MATRIX_MAP(NAME, (matrix<T, C, R> a, matrix<T, C, R> b), (a[i], b[i]))
#define WAVEC_MATRIX_MAP3(NAME) WAVEC_MATRIX_MAP(NAME, (matrix<T, C, R> a, matrix<T, C, R> b, matrix<T, C, R> c), (a[i], b[i], c[i]))
WAVEC_MATRIX_MAP1(sqrt) WAVEC_MATRIX_MAP1(rsqrt) WAVEC_MATRIX_MAP1(floor) WAVEC_MATRIX_MAP1(ceil) WAVEC_MATRIX_MAP1(rint)
WAVEC_MATRIX_MAP1(trunc) WAVEC_MATRIX_MAP1(fract) WAVEC_MATRIX_MAP1(exp) WAVEC_MATRIX_MAP1(exp2) WAVEC_MATRIX_MAP1(log)
WAVEC_MATRIX_MAP1(log2) WAVEC_MATRIX_MAP1(sin) WAVEC_MATRIX_MAP1(cos) WAVEC_MATRIX_MAP1(tan) WAVEC_MATRIX_MAP1(asin)
WAVEC_MATRIX_MAP1(acos) WAVEC_MATRIX_MAP1(atan) WAVEC_MATRIX_MAP1(abs)
WAVEC_MATRIX_MAP1(sinh) WAVEC_MATRIX_MAP1(cosh) WAVEC_MATRIX_MAP1(tanh)
WAVEC_MATRIX_MAP1(simd_sum) WAVEC_MATRIX_MAP1(simd_product) WAVEC_MATRIX_MAP1(simd_min) WAVEC_MATRIX_MAP1(simd_max)
WAVEC_MATRIX_MAP1(simd_prefix_exclusive_sum) WAVEC_MATRIX_MAP1(simd_prefix_exclusive_product)
WAVEC_MATRIX_MAP1(simd_prefix_inclusive_sum) WAVEC_MATRIX_MAP1(simd_prefix_inclusive_product)
WAVEC_MATRIX_MAP2(min) WAVEC_MATRIX_MAP2(max) WAVEC_MATRIX_MAP2(pow) WAVEC_MATRIX_MAP2(atan2) WAVEC_MATRIX_MAP2(fmod)
WAVEC_MATRIX_MAP2(step) WAVEC_MATRIX_MAP3(clamp) WAVEC_MATRIX_MAP3(mix) WAVEC_MATRIX_MAP3(smoothstep)
#undef WAVEC_MATRIX_MAP1
#undef WAVEC_MATRIX_MAP2
#undef WAVEC_MATRIX_MAP3
#undef WAVEC_MATRIX_MAP

// sign() of integers (MSL's is for floats only).
template <typename T> T isign(T x) { return T(x > T(0)) - T(x < T(0)); }

// Bit scans: HLSL answers 0xFFFFFFFF where no bit is found; firstbithigh of a negative int
// finds the highest clear bit.
inline uint firstbitlow(uint x) { return x == 0u ? 0xFFFFFFFFu : uint(ctz(x)); }
inline uint firstbitlow(int x) { return firstbitlow(as_type<uint>(x)); }
inline uint firstbitlow(ulong x) { return x == 0ul ? 0xFFFFFFFFu : uint(ctz(x)); }
inline uint firstbitlow(long x) { return firstbitlow(as_type<ulong>(x)); }
inline uint firstbithigh(uint x) { return x == 0u ? 0xFFFFFFFFu : 31u - uint(clz(x)); }
inline uint firstbithigh(int x) { return firstbithigh(as_type<uint>(x < 0 ? ~x : x)); }
inline uint firstbithigh(ulong x) { return x == 0ul ? 0xFFFFFFFFu : 63u - uint(clz(x)); }
inline uint firstbithigh(long x) { return firstbithigh(as_type<ulong>(x < 0 ? ~x : x)); }
template <typename T, int N> vec<uint, N> firstbitlow(vec<T, N> x) {
    vec<uint, N> r;
    for (int i = 0; i < N; ++i) r[i] = firstbitlow(x[i]);
    return r;
}
template <typename T, int N> vec<uint, N> firstbithigh(vec<T, N> x) {
    vec<uint, N> r;
    for (int i = 0; i < N; ++i) r[i] = firstbithigh(x[i]);
    return r;
}

// Half-precision bits in the low 16 bits of a uint.
inline uint f32tof16(float x) { return uint(as_type<ushort>(half(x))); }
inline float f16tof32(uint x) { return float(as_type<half>(ushort(x & 0xFFFFu))); }
template <int N> vec<uint, N> f32tof16(vec<float, N> x) { return vec<uint, N>(as_type<vec<ushort, N>>(vec<half, N>(x))); }
template <int N> vec<float, N> f16tof32(vec<uint, N> x) { return vec<float, N>(as_type<vec<half, N>>(vec<ushort, N>(x & 0xFFFFu))); }

// Ballots: a SIMD group has at most 64 lanes (32 on Apple GPUs); HLSL's uint4 holds 128.
inline ulong vote_bits(simd_vote v) { return static_cast<ulong>(static_cast<simd_vote::vote_t>(v)); }
inline uint4 ballot(simd_vote v) {
    ulong bits = vote_bits(v);
    return uint4(uint(bits), uint(bits >> 32), 0u, 0u);
}
inline uint count_bits(simd_vote v) { return uint(popcount(vote_bits(v))); }
inline uint prefix_count_bits(simd_vote v, uint lane) {
    ulong below = lane >= 64u ? ~0ul : ((1ul << lane) - 1ul);
    return uint(popcount(vote_bits(v) & below));
}

// Reads of other lanes; MSL's take no bool, which travels as a ushort.
template <typename T> T read_first(T v) { return simd_broadcast_first(v); }
template <typename T> T read_lane(T v, uint lane) { return simd_shuffle(v, ushort(lane)); }
template <typename T> T broadcast(T v, uint lane) { return simd_broadcast(v, ushort(lane)); }
inline bool read_first(bool v) { return simd_broadcast_first(ushort(v)) != 0; }
inline bool read_lane(bool v, uint lane) { return simd_shuffle(ushort(v), ushort(lane)) != 0; }
inline bool broadcast(bool v, uint lane) { return simd_broadcast(ushort(v), ushort(lane)) != 0; }
template <int N> vec<bool, N> read_first(vec<bool, N> v) { return simd_broadcast_first(vec<ushort, N>(v)) != ushort(0); }
template <int N> vec<bool, N> read_lane(vec<bool, N> v, uint lane) { return simd_shuffle(vec<ushort, N>(v), ushort(lane)) != ushort(0); }
template <int N> vec<bool, N> broadcast(vec<bool, N> v, uint lane) { return simd_broadcast(vec<ushort, N>(v), ushort(lane)) != ushort(0); }

// Matrices across lanes, column by column.
template <typename T, int C, int R> matrix<T, C, R> m_read_first(matrix<T, C, R> a) {
    matrix<T, C, R> r;
    for (int i = 0; i < C; ++i) r[i] = read_first(a[i]);
    return r;
}
template <typename T, int C, int R> matrix<T, C, R> m_read_lane(matrix<T, C, R> a, uint lane) {
    matrix<T, C, R> r;
    for (int i = 0; i < C; ++i) r[i] = read_lane(a[i], lane);
    return r;
}
template <typename T, int C, int R> matrix<T, C, R> m_quad_shuffle_xor(matrix<T, C, R> a, ushort mask) {
    matrix<T, C, R> r;
    for (int i = 0; i < C; ++i) r[i] = quad_shuffle_xor(a[i], mask);
    return r;
}

// WaveActiveAllEqual: per component for vectors.
template <typename T> bool all_equal(T v) { return simd_all(v == simd_broadcast_first(v)); }
inline bool all_equal(bool v) { return simd_all(v) || !simd_any(v); }
template <typename T, int N> vec<bool, N> all_equal(vec<T, N> v) {
    vec<bool, N> r;
    for (int i = 0; i < N; ++i) r[i] = all_equal(v[i]);
    return r;
}

// HLSL's strong compare-exchange from MSL's weak one; `A` is a pointer to a `device` or
// `threadgroup` atomic_int/atomic_uint.
template <typename A, typename T> void compare_exchange(A object, T compare, T value, thread T& original) {
    T expected = compare;
    while (!atomic_compare_exchange_weak_explicit(object, &expected, value, memory_order_relaxed, memory_order_relaxed) &&
           expected == compare) {
    }
    original = expected;
}
template <typename A, typename T> void compare_store(A object, T compare, T value) {
    T original;
    compare_exchange(object, compare, value, original);
}

// Byte-address buffers: the word at a byte offset as an atomic object (for `Interlocked*`).
inline device atomic_uint* word_uint(device uint* buffer, uint address) {
    return reinterpret_cast<device atomic_uint*>(buffer) + (address >> 2);
}
inline device atomic_int* word_int(device uint* buffer, uint address) {
    return reinterpret_cast<device atomic_int*>(buffer) + (address >> 2);
}

// Byte-address buffers: a value of any type at a byte offset.
template <typename T> T load_bytes(const device uint* buffer, uint address) {
    return *reinterpret_cast<const device T*>(reinterpret_cast<const device uchar*>(buffer) + address);
}
template <typename T> void store_bytes(device uint* buffer, uint address, T value) {
    *reinterpret_cast<device T*>(reinterpret_cast<device uchar*>(buffer) + address) = value;
}

// Textures. Reads return four components (the writer keeps HLSL's); a write takes four.
template <typename T, access A> vec<T, 4> texel(texture1d<T, A> t, uint c, uint lod = 0) { return t.read(c, lod); }
template <typename T, access A> vec<T, 4> texel(texture2d<T, A> t, uint2 c, uint lod = 0) { return t.read(c, lod); }
template <typename T, access A> vec<T, 4> texel(texture3d<T, A> t, uint3 c, uint lod = 0) { return t.read(c, lod); }
template <typename T, access A> vec<T, 4> texel(texture2d_array<T, A> t, uint3 c, uint lod = 0) { return t.read(c.xy, c.z, lod); }
template <typename T, access A> vec<T, 4> texel(texture1d_array<T, A> t, uint2 c, uint lod = 0) { return t.read(c.x, c.y, lod); }
// Load: the level is the coordinate's last component; an offset moves the texel, not the layer.
template <typename T, access A> vec<T, 4> load(texture1d<T, A> t, int2 c) { return t.read(uint(c.x), uint(c.y)); }
template <typename T, access A> vec<T, 4> load(texture2d<T, A> t, int3 c) { return t.read(uint2(c.xy), uint(c.z)); }
template <typename T, access A> vec<T, 4> load(texture3d<T, A> t, int4 c) { return t.read(uint3(c.xyz), uint(c.w)); }
template <typename T, access A> vec<T, 4> load(texture2d_array<T, A> t, int4 c) { return t.read(uint2(c.xy), uint(c.z), uint(c.w)); }
template <typename T, access A> vec<T, 4> load(texture1d_array<T, A> t, int3 c) { return t.read(uint(c.x), uint(c.y), uint(c.z)); }
template <typename T, access A> vec<T, 4> load(texture1d<T, A> t, int2 c, int o) { return t.read(uint(c.x + o), uint(c.y)); }
template <typename T, access A> vec<T, 4> load(texture2d<T, A> t, int3 c, int2 o) { return t.read(uint2(c.xy + o), uint(c.z)); }
template <typename T, access A> vec<T, 4> load(texture3d<T, A> t, int4 c, int3 o) { return t.read(uint3(c.xyz + o), uint(c.w)); }
template <typename T, access A> vec<T, 4> load(texture2d_array<T, A> t, int4 c, int2 o) { return t.read(uint2(c.xy + o), uint(c.z), uint(c.w)); }
template <typename T, access A> vec<T, 4> load(texture1d_array<T, A> t, int3 c, int o) { return t.read(uint(c.x + o), uint(c.y), uint(c.z)); }
// A multisampled texture's sample `s`; an offset moves the texel, not the layer.
template <typename T, access A> vec<T, 4> load_sample(texture2d_ms<T, A> t, int2 c, int s) { return t.read(uint2(c), uint(s)); }
template <typename T, access A> vec<T, 4> load_sample(texture2d_ms_array<T, A> t, int3 c, int s) { return t.read(uint2(c.xy), uint(c.z), uint(s)); }
template <typename T, access A> vec<T, 4> load_sample(texture2d_ms<T, A> t, int2 c, int s, int2 o) { return t.read(uint2(c + o), uint(s)); }
template <typename T, access A> vec<T, 4> load_sample(texture2d_ms_array<T, A> t, int3 c, int s, int2 o) { return t.read(uint2(c.xy + o), uint(c.z), uint(s)); }
template <typename T> vec<T, 4> widen(T v) { return vec<T, 4>(v); }
template <typename T> vec<T, 4> widen(vec<T, 2> v) { return vec<T, 4>(v, T(0), T(0)); }
template <typename T> vec<T, 4> widen(vec<T, 3> v) { return vec<T, 4>(v, T(0)); }
template <typename T> vec<T, 4> widen(vec<T, 4> v) { return v; }
template <typename T, access A, typename V> void store(texture1d<T, A> t, uint c, V v) { t.write(widen(v), c); }
template <typename T, access A, typename V> void store(texture2d<T, A> t, uint2 c, V v) { t.write(widen(v), c); }
template <typename T, access A, typename V> void store(texture3d<T, A> t, uint3 c, V v) { t.write(widen(v), c); }
template <typename T, access A, typename V> void store(texture2d_array<T, A> t, uint3 c, V v) { t.write(widen(v), c.xy, c.z); }
template <typename T, access A, typename V> void store(texture1d_array<T, A> t, uint2 c, V v) { t.write(widen(v), c.x, c.y); }
// SampleLevel (a 1D texture has one level in Metal; an array layer is rounded, as HLSL does).
template <typename T> vec<T, 4> sample_level(texture1d<T> t, sampler s, float c, float lod) { return t.sample(s, c); }
template <typename T> vec<T, 4> sample_level(texture2d<T> t, sampler s, float2 c, float lod) { return t.sample(s, c, level(lod)); }
template <typename T> vec<T, 4> sample_level(texture2d<T> t, sampler s, float2 c, float lod, int2 offset) { return t.sample(s, c, level(lod), offset); }
template <typename T> vec<T, 4> sample_level(texture3d<T> t, sampler s, float3 c, float lod) { return t.sample(s, c, level(lod)); }
template <typename T> vec<T, 4> sample_level(texture3d<T> t, sampler s, float3 c, float lod, int3 offset) { return t.sample(s, c, level(lod), offset); }
template <typename T> vec<T, 4> sample_level(texture2d_array<T> t, sampler s, float3 c, float lod) { return t.sample(s, c.xy, uint(rint(c.z)), level(lod)); }
template <typename T> vec<T, 4> sample_level(texture2d_array<T> t, sampler s, float3 c, float lod, int2 offset) { return t.sample(s, c.xy, uint(rint(c.z)), level(lod), offset); }

template <typename T> vec<T, 4> sample_level(texture1d_array<T> t, sampler s, float2 c, float lod) { return t.sample(s, c.x, uint(rint(c.y))); }
template <typename T> vec<T, 4> sample_level(texturecube<T> t, sampler s, float3 c, float lod) { return t.sample(s, c, level(lod)); }
template <typename T> vec<T, 4> sample_level(texturecube_array<T> t, sampler s, float4 c, float lod) { return t.sample(s, c.xyz, uint(rint(c.w)), level(lod)); }
// Gather of one component (a template argument: Metal wants a constant).
template <component C, typename T> vec<T, 4> gather(texture2d<T> t, sampler s, float2 c, int2 offset = int2(0)) { return t.gather(s, c, offset, C); }
template <component C, typename T> vec<T, 4> gather(texture2d_array<T> t, sampler s, float3 c, int2 offset = int2(0)) { return t.gather(s, c.xy, uint(rint(c.z)), offset, C); }
template <component C, typename T> vec<T, 4> gather(texturecube<T> t, sampler s, float3 c) { return t.gather(s, c, C); }

} // namespace wavec
