//! The Metal target without a Metal compiler: every output must pass a C++ front end
//! (`g++ -fsyntax-only`) against `tests/metal/metal_stub.h`, our declarations of the MSL the
//! outputs use (written from Apple's specification); the kernel arguments follow the binding
//! rule; what MSL lacks is refused with E0660–E0665. Running the kernels needs a Mac.

use std::path::Path;

/// `g++ -std=c++17 -fsyntax-only` of a `.metal` file's text with the stub declarations
/// (`[[buffer(n)]]` and the other Metal attributes are ignored attributes to g++).
pub fn cxx_check(metal: &str) -> Result<(), String> {
    // A function constant is declared without a value (the pipeline gives it), which C++
    // refuses for a `const`: here it gets its type's zero.
    let metal: String = metal
        .lines()
        .map(|line| match line.contains("[[function_constant(") {
            true => line.replace("]];", "]] = {};"),
            false => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    crate::support::cxx_syntax_check(
        &metal,
        "kernel.metal",
        "tests/metal/metal_stub.h",
        "tests/metal/stub",
        &["-Wno-attributes", "-Werror=return-type"],
    )
}

fn metal(src: &str) -> Result<String, wavec::diag::Diagnostics> {
    let options = wavec::Options { targets: vec![wavec::Target::Metal], ..Default::default() };
    wavec::compile(src, &options).map(|o| o.text(wavec::Target::Metal).unwrap().to_string())
}

fn codes(d: &wavec::diag::Diagnostics) -> Vec<&str> {
    d.list.iter().filter(|d| d.is_error()).map(|d| d.code).collect()
}

#[test]
fn cxx_check_rejects_a_broken_kernel() {
    let ok = "#include <metal_stdlib>\nusing namespace metal;\n\
              kernel void k(device float* b [[buffer(0)]], uint3 id [[thread_position_in_grid]]) \
              { b[id.x] = simd_sum(b[id.x]) + dot(float3(1.0f), float3(id.xyz)); threadgroup_barrier(mem_flags::mem_threadgroup); }";
    assert_eq!(cxx_check(ok), Ok(()));
    for broken in [
        "kernel void k() { undeclared(); }",
        // MSL's SIMD-group functions take no bool, and swizzles name existing components only.
        "kernel void k() { bool b = simd_sum(true); }",
        "kernel void k() { float2 v = float2(1.0f); float a = v.z; }",
        // Vectors are built from exactly their number of components.
        "kernel void k() { float3 v = float3(1.0f, 2.0f); }",
        // Atomics are not plain values.
        "kernel void k(device atomic_uint* a [[buffer(0)]]) { uint x = a[0]; }",
    ] {
        let text = format!("#include <metal_stdlib>\nusing namespace metal;\n{broken}");
        assert!(cxx_check(&text).is_err(), "accepted: {broken}");
    }
}

/// Every sample must compile to Metal, and the C++ front end must accept each output (native
/// group wave index, `--emulate always`, `--virtual-wave-size 8`); the corpus may be refused
/// only with the backend's own diagnostics.
#[test]
fn every_sample_and_corpus_shader_passes_the_cxx_front_end() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let (mut checked, mut samples) = (0, 0);
    for dir in ["samples", "tests/corpus", "tests/slang"] {
        let mut files: Vec<_> =
            std::fs::read_dir(root.join(dir)).unwrap().filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for path in files.iter().filter(|p| p.extension().is_some_and(|x| x == "slang")) {
            let src = std::fs::read_to_string(path).unwrap();
            // Native group wave index, the groupshared fallback, virtual waves of 8 lanes, and
            // of 64 lanes on 32-lane SIMD groups (several meeting in threadgroup memory).
            for (emulate, virtual_wave_size, hardware_wave_size) in [
                (wavec::Emulate::Auto, None, None),
                (wavec::Emulate::Always, None, None),
                (wavec::Emulate::Auto, Some(8), None),
                (wavec::Emulate::Auto, Some(64), Some(32)),
            ] {
                let mut options = wavec::Options {
                    targets: vec![wavec::Target::Metal],
                    emulate,
                    virtual_wave_size,
                    hardware_wave_size,
                    ..Default::default()
                };
                options.file_name = path.display().to_string();
                options.include_dirs.push(root.join(dir));
                match wavec::compile(&src, &options) {
                    Ok(out) => {
                        checked += 1;
                        samples += usize::from(dir == "samples");
                        if let Err(e) = cxx_check(out.text(wavec::Target::Metal).unwrap()) {
                            failures.push(format!(
                                "{} ({emulate:?}, {virtual_wave_size:?}): g++ rejects the Metal:\n{e}",
                                path.display()
                            ));
                        }
                    }
                    Err(d) if dir == "samples" => failures.push(format!(
                        "{}: every sample must compile to Metal:\n{}",
                        path.display(),
                        d.render_plain()
                    )),
                    // Only the backend's own refusals are allowed, and inline SPIR-V's (E0428).
                    Err(d) => {
                        if !codes(&d).iter().all(|c| c.starts_with("E066") || *c == "E0428") {
                            failures.push(format!("{}: {}", path.display(), d.render_plain()));
                        }
                    }
                }
            }
        }
    }
    assert!(samples >= 24, "only {samples} sample compilations");
    assert!(checked >= 60, "only {checked} files compiled to Metal");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn kernel_arguments_follow_the_binding_rule() {
    let src = "RWStructuredBuffer<uint> B : register(u3);\nStructuredBuffer<float> A;\ncbuffer C { uint n; };\n\
               [numthreads(32, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x] = (uint)A[id.x] + n; }";
    let m = metal(src).unwrap();
    assert!(
        m.contains("kernel void main_kernel(const device float* A [[buffer(0)]], constant uint& A_count [[buffer(1)]], \
                    constant C_block& C [[buffer(2)]], device uint* B [[buffer(3)]], constant uint& B_count [[buffer(4)]], \
                    uint3 wavec_thread [[thread_position_in_grid]]"),
        "{m}"
    );
    assert!(m.contains("state.B[id.x] = uint(state.A[id.x]) + state.C->n;"), "{m}");
}

#[test]
fn waves_are_simd_groups() {
    let src = "RWStructuredBuffer<uint4> B;\n[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n\
               if (id.x % 3 == 0) { B[id.x] = WaveActiveBallot(WaveActiveSum(id.x) > 3) + WavePrefixCountBits(true) \
               + WaveGetLaneCount() + QuadReadAcrossX(id.x) + GetGroupWaveIndex(); } }";
    let m = metal(src).unwrap();
    for f in [
        "wavec::ballot(simd_ballot(simd_sum(id.x) > 3u))",
        "wavec::prefix_count_bits(simd_ballot(true), state.simd_lane)",
        "state.simd_size",
        "quad_shuffle_xor(id.x, 1)",
        "state.simd_group",
        "uint wavec_simd_group [[simdgroup_index_in_threadgroup]]",
        "uint wavec_lane [[thread_index_in_simdgroup]]",
    ] {
        assert!(m.contains(f), "{f}:\n{m}");
    }
}

#[test]
fn atomics_get_atomic_types_and_explicit_accesses() {
    let src = "RWStructuredBuffer<uint> Count; groupshared int Local[4];\n\
               [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n\
               Local[id.x] = 0; GroupMemoryBarrierWithGroupSync(); int old; InterlockedAdd(Local[0], 1, old);\n\
               InterlockedMax(Count[1], (uint)old); Count[2] = Count[0] + 1u; }";
    let m = metal(src).unwrap();
    for f in [
        "device atomic_uint* Count [[buffer(0)]]",
        "threadgroup array<atomic_int, 4> Local;",
        "atomic_store_explicit(&(*state.Local)[id.x], 0, memory_order_relaxed)",
        "old = atomic_fetch_add_explicit(&(*state.Local)[0], 1, memory_order_relaxed)",
        "atomic_fetch_max_explicit(&state.Count[1], uint(old), memory_order_relaxed)",
        "atomic_store_explicit(&state.Count[2], atomic_load_explicit(&state.Count[0], memory_order_relaxed) + 1u, memory_order_relaxed)",
    ] {
        assert!(m.contains(f), "{f}:\n{m}");
    }
    cxx_check(&m).unwrap();
    // A byte-address buffer's word, reinterpreted as an atomic of the value's type.
    let src = "RWByteAddressBuffer Raw;\n[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n\
               int old; Raw.InterlockedMax(id.x * 4, -1, old); uint o2; Raw.InterlockedCompareExchange(8, 0u, id.x, o2); Raw.Store(16, o2 + (uint)old); }";
    let m = metal(src).unwrap();
    assert!(
        m.contains("old = atomic_fetch_max_explicit(wavec::word_int(state.Raw, id.x * 4u), -1, memory_order_relaxed);"),
        "{m}"
    );
    assert!(m.contains("wavec::compare_exchange(wavec::word_uint(state.Raw, 8u), 0u, id.x, o2);"), "{m}");
    cxx_check(&m).unwrap();
}

#[test]
fn matrices_are_stored_transposed() {
    let src = "RWStructuredBuffer<float4> B;\n[numthreads(1, 1, 1)] void main() {\n\
               float2x3 m = float2x3(1, 2, 3, 4, 5, 6); float3x2 t = float3x2(m[0][0], m[1][0], m[0][1], m[1][1], m[0][2], m[1][2]); float2 v = mul(m, float3(1, 0, 0));\n\
               B[0] = float4(mul(float2(1, 1), m), m[1][2] + m._m01 + v.x + t[0][1]); }";
    let m = metal(src).unwrap();
    assert!(m.contains("float2x3 m = float2x3(float3(1.0f, 2.0f, 3.0f), float3(4.0f, 5.0f, 6.0f));"), "{m}");
    assert!(m.contains("float2 v = (float3(1.0f, 0.0f, 0.0f) * m);"), "{m}");
    assert!(m.contains("float4((m * float2(1.0f, 1.0f)), m[1][2] + m[0u][1u]"), "{m}");
    cxx_check(&m).unwrap();
}

/// MSL's math and SIMD-group functions take no matrices: the prelude applies them column by
/// column (HLSL row by row), and a scalar becomes a matrix in every element.
#[test]
fn element_wise_functions_of_matrices() {
    let src = "RWStructuredBuffer<float2x2> M;\n[numthreads(32, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n\
               float2x2 m = M[id.x]; M[id.x] = WaveReadLaneFirst(m) + WaveActiveMax(m) + QuadReadAcrossX(m) + sqrt(m) + clamp(m, 0, 1); }";
    let options = wavec::Options {
        targets: vec![wavec::Target::Metal],
        matrix_majorness: wavec::ir::Majorness::Row,
        ..Default::default()
    };
    let m = wavec::compile(src, &options).unwrap().text(wavec::Target::Metal).unwrap().to_string();
    assert!(
        m.contains("wavec::m_read_first(m) + wavec::m_simd_max(m) + wavec::m_quad_shuffle_xor(m, 1) + wavec::m_sqrt(m) + wavec::m_clamp(m, wavec::splat<float2x2>(0), wavec::splat<float2x2>(1))"),
        "{m}"
    );
    cxx_check(&m).unwrap();
}

#[test]
fn refusals_are_diagnostics() {
    let many: String = (0..16).map(|i| format!("RWStructuredBuffer<uint> B{i};\n")).collect();
    let many = format!(
        "{many}[numthreads(1, 1, 1)] void main() {{ {} }}",
        (0..16).map(|i| format!("B{i}[0] = 1u;")).collect::<String>()
    );
    let cases = [
        ("E0665", many.as_str()),
        ("E0660", "RWStructuredBuffer<float> B;\n[numthreads(1, 1, 1)] void main() { double d = B[0]; B[0] = (float)(d * 2.0); }"),
        ("E0660", "RWStructuredBuffer<int> B;\n[numthreads(1, 1, 1)] void main() { int2x2 m = int2x2(1, 2, 3, 4); B[0] = m[0][0]; }"),
        ("E0661", "RWStructuredBuffer<float> B;\n[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { float2x2 m = B[id.x]; B[0] = WaveActiveAllEqual(m)[0][0] ? 1.0 : 0.0; }"),
        ("E0661", "RWStructuredBuffer<uint64_t> B;\n[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x] = WaveActiveSum(B[id.x]); }"),
        ("E0662", "struct S { bool b; }; RWStructuredBuffer<S> B;\n[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x].b = true; }"),
        ("E0663", "RWStructuredBuffer<uint64_t> B;\n[numthreads(4, 1, 1)] void main() { InterlockedAdd(B[0], 1); }"),
        ("E0663", "RWStructuredBuffer<float> B;\n[numthreads(4, 1, 1)] void main() { float o; InterlockedExchange(B[0], 1.0, o); B[1] = o; }"),
        ("E0663", "struct S { uint n; }; RWStructuredBuffer<S> B;\n[numthreads(4, 1, 1)] void main() { InterlockedAdd(B[0].n, 1u); }"),
        ("E0664", "RWStructuredBuffer<uint> B;\n[numthreads(4, 1, 1)] void main() { InterlockedAdd(B[0], 1u); B[1] += 2u; }"),
        ("E0665", "Texture2D<float> T; SamplerComparisonState S; RWStructuredBuffer<float> B;\n[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x] = T.SampleCmpLevelZero(S, float2(0.5, 0.5), 0.5); }"),
        ("E0665", "RWTexture2D<float4> T;\n[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { T[id.xy] *= 2.0; }"),
        ("E0665", "[shader(\"pixel\")] float4 main() : SV_Target { return 1; }"),
    ];
    for (code, src) in cases {
        let d = metal(src).expect_err(src);
        assert!(codes(&d).contains(&code), "{code} expected for {src}:\n{}", d.render_plain());
        assert!(codes(&d).iter().all(|c| c.starts_with("E066")), "{}", d.render_plain());
    }
}

/// The fuzz smoke test's mutated shaders through the Metal backend (with the groupshared
/// fallback too): every failure is a diagnostic, nothing panics.
#[test]
fn mutated_shaders_never_panic_the_metal_backend() {
    let corpus = crate::fuzz::corpus();
    let mut seed = 0x5EED_0000_0660_u64;
    let mut failures = Vec::new();
    for i in 0..600 {
        let src = crate::fuzz::mutate(&corpus[i % corpus.len()], &mut seed);
        for emulate in [wavec::Emulate::Auto, wavec::Emulate::Always] {
            let options = wavec::Options { targets: vec![wavec::Target::Metal], emulate, ..Default::default() };
            let r = std::panic::catch_unwind(|| {
                if let Err(d) = wavec::compile(&src, &options) {
                    assert!(d.has_errors(), "an Err without an error diagnostic");
                    assert!(!d.list.iter().any(|d| d.code == "E0699"), "an internal error:\n{}", d.render_plain());
                }
            });
            if r.is_err() {
                failures.push(src.clone());
            }
        }
    }
    assert!(failures.is_empty(), "{} inputs panicked, the first:\n{}", failures.len(), failures[0]);
}
