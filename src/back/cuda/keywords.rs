//! Identifiers the CUDA output must not use for its own names: C++ keywords, CUDA's built-in
//! variables and qualifiers, and the C library's math functions that CUDA declares at global
//! scope (a user function `sinf` would collide with them). `main` cannot name a kernel.

const WORDS: &[&str] = &[
    // C++17 keywords and alternative tokens.
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char16_t", "char32_t", "class", "compl", "const", "constexpr", "const_cast", "continue",
    "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export",
    "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable",
    "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
    "protected", "public", "register", "reinterpret_cast", "return", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true",
    "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
    "wchar_t", "while", "xor", "xor_eq", "main", "restrict", "NULL",
    // CUDA's qualifiers and built-in variables.
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
    // The C library's math (CUDA declares it at global scope, with float forms).
    "sinf", "cosf", "tanf", "sqrtf", "rsqrtf", "expf", "exp2f", "logf", "log2f", "powf", "fabsf", "fabs",
    "floorf", "ceilf", "truncf", "rintf", "rint", "fminf", "fmaxf", "fmin", "fmax", "fmodf", "atan2f",
    "asinf", "acosf", "atanf", "atomicAdd", "atomicSub", "atomicMin", "atomicMax", "atomicAnd", "atomicOr",
    "atomicXor", "atomicExch", "atomicCAS",
    // Names the backend itself gives: the kernel state and its type.
    "state", "wavec", "wavec_state",
];

pub fn is_reserved(name: &str) -> bool {
    WORDS.contains(&name) || name.starts_with("__")
}
