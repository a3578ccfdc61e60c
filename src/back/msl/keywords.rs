//! Identifiers the Metal output must not use for its own names: C++14 keywords, MSL's address
//! spaces, attributes and type names, and the functions of the Metal standard library, which
//! `using namespace metal;` brings into scope (a user function `dot` would overload them).
//! `main` cannot name a kernel.

const WORDS: &str = "
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t char32_t
class compl const constexpr const_cast continue decltype default delete do double dynamic_cast
else enum explicit export extern false float for friend goto if inline int long mutable
namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast return short signed sizeof static static_assert static_cast struct switch
template this thread_local throw true try typedef typeid typename union unsigned using virtual
void volatile wchar_t while xor xor_eq main
device constant thread threadgroup threadgroup_imageblock ray_data object_data kernel vertex
fragment visible stitchable metal wavec wavec_state state
half uchar ushort uint ulong size_t ptrdiff_t vec matrix array packed_float3 atomic atomic_int
atomic_uint atomic_bool atomic_float access sampler texture1d texture2d texture3d texture2d_array
texturecube depth2d simd_vote mem_flags memory_order memory_order_relaxed
abs all any as_type acos asin atan atan2 ceil clamp clz cos cross ctz degrees distance dot exp
exp2 extract_bits fabs floor fma fmax fmin fmod fract frexp insert_bits isfinite isinf isnan
ldexp length log log2 max min mix modf normalize popcount pow radians reverse_bits rint round
rsqrt saturate select sign sin sincos smoothstep sqrt step tan trunc
atomic_load_explicit atomic_store_explicit atomic_exchange_explicit atomic_fetch_add_explicit
atomic_fetch_sub_explicit atomic_fetch_and_explicit atomic_fetch_or_explicit
atomic_fetch_xor_explicit atomic_fetch_min_explicit atomic_fetch_max_explicit
atomic_compare_exchange_weak_explicit threadgroup_barrier simdgroup_barrier
simd_sum simd_product simd_min simd_max simd_and simd_or simd_xor simd_all simd_any simd_ballot
simd_broadcast simd_broadcast_first simd_is_first simd_shuffle simd_shuffle_up simd_shuffle_down
simd_shuffle_xor simd_prefix_exclusive_sum simd_prefix_exclusive_product simd_prefix_inclusive_sum
simd_prefix_inclusive_product quad_shuffle quad_shuffle_xor quad_broadcast
";

/// Whether `name` is reserved in the Metal output. Also reserved: every vector and matrix type
/// name (`float3`, `half2x4`, `bool4`…).
pub fn is_reserved(name: &str) -> bool {
    WORDS.split_ascii_whitespace().any(|w| w == name) || is_vector_or_matrix(name) || name.starts_with("__")
}

fn is_vector_or_matrix(name: &str) -> bool {
    const ELEMS: &[&str] =
        &["bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "half", "float"];
    let Some(rest) = ELEMS.iter().find_map(|e| name.strip_prefix(e)) else { return false };
    let rest = rest.strip_prefix("packed_").unwrap_or(rest);
    matches!(rest.as_bytes(), [b'2'..=b'4'] | [b'2'..=b'4', b'x', b'2'..=b'4'])
}

#[cfg(test)]
mod tests {
    #[test]
    fn reserved_words() {
        for w in ["kernel", "device", "float3", "half2x4", "simd_sum", "main", "uint"] {
            assert!(super::is_reserved(w), "{w}");
        }
        for w in ["data", "float5", "tile", "lane"] {
            assert!(!super::is_reserved(w), "{w}");
        }
    }
}
