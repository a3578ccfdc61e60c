//! The CUDA target without a GPU: every output must pass a C++ front end (`g++ -fsyntax-only`)
//! against `tests/cuda/cuda_stub.h`, the CUDA declarations the prelude and kernels use; and the
//! kernel parameters follow the binding rule. Running the kernels needs nvcc and a GPU:
//! `scripts/cuda-on-device.sh`.

use std::path::Path;

/// `g++ -std=c++17 -fsyntax-only` of a `.cu` file's text with the stub declarations.
pub fn cxx_check(cu: &str) -> Result<(), String> {
    crate::support::cxx_syntax_check(cu, "kernel.cu", "tests/cuda/cuda_stub.h", "tests/cuda/stub", &[])
}

fn cuda(src: &str) -> Result<String, wavec::diag::Diagnostics> {
    let options = wavec::Options { targets: vec![wavec::Target::Cuda], ..Default::default() };
    wavec::compile(src, &options).map(|o| o.text(wavec::Target::Cuda).unwrap().to_string())
}

#[test]
fn cxx_check_rejects_a_broken_kernel() {
    assert!(cxx_check("extern \"C\" __global__ void k() { undeclared(); }").is_err());
    assert!(cxx_check("extern \"C\" __global__ void k() { __syncthreads(); }").is_ok());
}

#[test]
fn every_sample_and_corpus_shader_passes_the_cxx_front_end() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in ["samples", "tests/corpus", "tests/slang"] {
        let mut files: Vec<_> =
            std::fs::read_dir(root.join(dir)).unwrap().filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for path in files.iter().filter(|p| p.extension().is_some_and(|x| x == "slang")) {
            let src = std::fs::read_to_string(path).unwrap();
            let mut options = wavec::Options { targets: vec![wavec::Target::Cuda], ..Default::default() };
            options.file_name = path.display().to_string();
            options.include_dirs.push(root.join(dir));
            match wavec::compile(&src, &options) {
                Ok(out) => {
                    checked += 1;
                    if let Err(e) = cxx_check(out.text(wavec::Target::Cuda).unwrap()) {
                        failures.push(format!("{}: g++ rejects the CUDA:\n{e}", path.display()));
                    }
                }
                // Only the backend's own refusals (textures, layouts) are allowed, and inline SPIR-V's (E0428).
                Err(d) => {
                    if !d.list.iter().filter(|d| d.is_error()).all(|d| d.code.starts_with("E064") || d.code == "E0428")
                    {
                        failures.push(format!("{}: {}", path.display(), d.render_plain()));
                    }
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} files compiled to CUDA");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn kernel_parameters_follow_the_binding_rule() {
    let src = "RWStructuredBuffer<uint> B : register(u3);\nStructuredBuffer<float> A;\ncbuffer C { uint n; };\n\
               [numthreads(32, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x] = (uint)A[id.x] + n; }";
    let cu = cuda(src).unwrap();
    assert!(
        cu.contains("main_kernel(const float* __restrict__ A, unsigned A_count, const C_block* __restrict__ C, unsigned* __restrict__ B, unsigned B_count)"),
        "{cu}"
    );
    assert!(cu.contains("extern \"C\" __global__ void __launch_bounds__(32)"), "{cu}");
}

#[test]
fn wave_operations_act_on_the_active_lanes() {
    let src = "RWStructuredBuffer<uint> B;\n[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n\
               if (id.x % 3 == 0) { B[id.x] = WaveActiveSum(id.x) + WavePrefixCountBits(true) + WaveGetLaneCount(); } }";
    let cu = cuda(src).unwrap();
    // The branch's lanes are a ballot of its condition over the kernel's, and every wave
    // operation in it gets that mask (CUDA's `__activemask()` may name lanes of either side).
    for line in [
        "const unsigned wavec_mask = __activemask();",
        "const bool wavec_cond = id.x % 3u == 0u;",
        "const unsigned wavec_then = __ballot_sync(wavec_mask, wavec_cond);",
        "if (wavec_cond) {",
        "state.B[id.x] = wavec::WaveActiveSum(wavec_then, id.x) + wavec::WavePrefixCountBits(wavec_then, true) + 32u;",
    ] {
        assert!(cu.contains(line), "{line}\n{cu}");
    }
    for f in ["__reduce_add_sync(m, v)", "__ballot_sync(m, c) & lanes_below()"] {
        assert!(cu.contains(f), "{f}");
    }
    let kernel = &cu[cu.find("__global__").unwrap()..];
    assert_eq!(kernel.matches("__activemask()").count(), 1, "the kernel reads `__activemask()` once, at its start");
}

#[test]
fn lanes_leave_loops_and_functions_together() {
    // A waterfall loop with an early return: the lanes that break or return keep taking part
    // in the loop's ballots until its end, so every mask names exactly the lanes HLSL's do.
    let src = "RWStructuredBuffer<uint> B;\n\
               uint f(uint v) { if (v == 7) return 0; for (;;) { uint first = WaveReadLaneFirst(v); \
               if (first == v) { if (v > 100) return WaveActiveCountBits(true); break; } } return WaveActiveSum(v); }\n\
               [numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x] = f(B[id.x]); }";
    let cu = cuda(src).unwrap();
    for line in [
        "__device__ unsigned f(const unsigned wavec_mask, unsigned v) {",
        "bool wavec_returned = false;",
        "const bool wavec_go = !wavec_break && !wavec_returned;",
        "wavec_loop = __ballot_sync(wavec_loop, wavec_go);",
        "wavec_value = wavec::WaveActiveCountBits(",
        "wavec_returned = true;",
        "wavec_break = true;",
        "const unsigned wavec_mask_1 = __ballot_sync(wavec_mask, !wavec_returned);",
        "return wavec_value;",
        "f(wavec_mask, state.B[id.x])",
    ] {
        assert!(cu.contains(line), "{line}\n{cu}");
    }
}

#[test]
fn refusals_are_diagnostics() {
    let texture = "RWTexture2D<float4> T; RWStructuredBuffer<uint> B;\n\
                   [numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { T[uint2(B[0]++, 0)] += 1.0; }";
    let d = cuda(texture).unwrap_err();
    assert!(d.list.iter().any(|d| d.code == "E0641" && !d.labels.is_empty()), "{}", d.render_plain());
    let bools = "struct S { bool b; }; RWStructuredBuffer<S> B;\n\
                 [numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x].b = true; }";
    let d = cuda(bools).unwrap_err();
    assert!(d.list.iter().any(|d| d.code == "E0642"), "{}", d.render_plain());
    let pixel = "[shader(\"pixel\")] float4 main() : SV_Target { return 1; }";
    let d = cuda(pixel).unwrap_err();
    assert!(d.list.iter().any(|d| d.code == "E0641"), "{}", d.render_plain());
}

#[test]
fn every_compute_entry_point_is_a_kernel_of_its_own() {
    // Two entry points reach one function whose group wave index the fallback lowers for each
    // group shape: each kernel's part is a namespace with its own copy.
    let src = "RWStructuredBuffer<uint> B;\n\
               uint waves() { return GetGroupWaveCount() * 1000 + GetGroupWaveIndex(); }\n\
               [numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { B[id.x] = waves(); }\n\
               [numthreads(8, 8, 1)] void tiles(uint3 id : SV_DispatchThreadID) { B[id.x + 64 * id.y] = waves() + WaveActiveSum(1u); }";
    let options =
        wavec::Options { targets: vec![wavec::Target::Cuda], emulate: wavec::Emulate::Always, ..Default::default() };
    let cu = wavec::compile(src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let cu = cu.text(wavec::Target::Cuda).unwrap();
    assert!(cu.starts_with("// Generated by wavec: one kernel per entry point: `main` (blocks of 64x1x1 threads), `tiles` (blocks of 8x8x1 threads).\n"), "{cu}");
    for part in ["namespace wavec_entry_main {", "} // namespace wavec_entry_main", "namespace wavec_entry_tiles {"] {
        assert!(cu.contains(part), "{part}\n{cu}");
    }
    assert_eq!(cu.matches("__device__ unsigned waves(").count(), 2, "{cu}");
    assert!(cu.contains("__launch_bounds__(64) main_kernel("), "{cu}");
    assert!(cu.contains("__launch_bounds__(64) tiles("), "{cu}");
    assert_eq!(cu.matches("namespace wavec {").count(), 1, "the prelude once");
    crate::cuda::cxx_check(cu).unwrap_or_else(|e| panic!("{e}\n{cu}"));
    // --entry picks the kernel a launcher runs; the file holds both either way.
    let tiles = wavec::compile(src, &wavec::Options { entry: Some("tiles".into()), ..options }).unwrap();
    assert_eq!(tiles.text(wavec::Target::Cuda).unwrap(), cu);
}
