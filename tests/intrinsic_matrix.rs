//! Every wave intrinsic on every target, executed and compared with the CPU engine's answer.
//!
//! `tests/intrinsics/every_wave_intrinsic.slang` calls each wave intrinsic of the stdlib under
//! three divergence patterns (all lanes, every other lane, every third lane) and, for the
//! `WaveMask*` family, three masks. It runs:
//!
//! - as wavec's SPIR-V (Vulkan 1.1, no extensions: `WaveMatch`, `WaveMultiPrefix*` and the
//!   rotates through their stdlib bodies) on lavapipe at 4, 8 and 16 lanes;
//! - as wavec's HLSL for sm_6_0 (every emulation HLSL needs: prefix min/max, bit prefixes,
//!   `WaveMatch`, `WaveMultiPrefix*`, the masked forms), compiled by glslang's HLSL front end,
//!   on lavapipe at the same widths (without the prefix sums and matrix ops glslang lacks);
//! - on the CPU engine at every width from 1 to 128, lowered first as each of those targets
//!   lowers it, so every emulation also runs at the widths no local GPU has.
//!
//! The answer is always the CPU engine's native run of the same source at the same width, in
//! which every intrinsic is the engine's own (`[cpu]`), independent of the stdlib's bodies.

use crate::support::{at_widths, bytes_to_words, compile_hlsl, spirv_val, test_device, words_to_bytes};
use std::borrow::Cow;
use std::path::Path;
use std::time::Duration;
use wavec::exec::{self, CpuBuffer, CpuOptions};
use wavec::run::{run_compute, BufferInit, BufferKind, Dispatch};

const THREADS: usize = 128;
const ROW: usize = 320;
/// (divergence pattern, WaveMask): every pattern meets a different mask.
const CASES: [(u32, u32); 3] = [(0, 0x5555_5555), (1, 0x9249_2492), (2, 0xFFFF_FFFF)];

fn source() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/intrinsics/every_wave_intrinsic.slang"))
        .expect("the intrinsic corpus")
}

/// Per-thread values 0..15, then the pattern and the mask.
fn input((pattern, mask): (u32, u32)) -> Vec<u32> {
    let mut seed = 0x2545_F491u32 ^ pattern;
    let mut words: Vec<u32> = (0..THREADS)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % 16
        })
        .collect();
    words.extend([pattern, mask]);
    words
}

/// Which part of the source a target runs: all of it, or what glslang (`-D GLSLANG`) or WGSL
/// (`-D WGSL`) can take.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Subset {
    All,
    Glslang,
    Wgsl,
}

fn options(subset: Subset) -> wavec::Options {
    let defines = match subset {
        Subset::All => Vec::new(),
        Subset::Glslang => vec![("GLSLANG".to_string(), None)],
        Subset::Wgsl => vec![("WGSL".to_string(), None)],
    };
    wavec::Options { defines, file_name: "tests/intrinsics/every_wave_intrinsic.slang".into(), ..Default::default() }
}

/// How a target lowers the module before the CPU engine runs it (`None`: the engine's own).
#[derive(Clone, Copy, Debug)]
enum Lowered {
    Native,
    Spirv,
    HlslSm60,
    Wgsl,
}

fn cpu_run(src: &str, subset: Subset, lowered: Lowered, width: u32, case: (u32, u32)) -> Vec<u32> {
    let (checked, _) = wavec::check(src, &options(subset)).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let stdlib = wavec::stdlib::Stdlib::get();
    let module = Cow::Borrowed(&checked.module);
    let module = match lowered {
        Lowered::Native => module,
        Lowered::Spirv => {
            let spv = wavec::spirv_options(&wavec::Options::default());
            wavec::lower::lower_intrinsics(module, checked.entry, stdlib, &wavec::back::spv::Natives(&spv))
                .unwrap_or_else(|d| panic!("{d:?}"))
        }
        Lowered::HlslSm60 => {
            let natives = wavec::back::hlsl::Natives { shader_model: (6, 0) };
            wavec::lower::lower_intrinsics(module, checked.entry, stdlib, &natives).unwrap_or_else(|d| panic!("{d:?}"))
        }
        Lowered::Wgsl => wavec::lower::lower_intrinsics(module, checked.entry, stdlib, &wavec::back::wgsl::Natives)
            .unwrap_or_else(|d| panic!("{d:?}")),
    };
    let mut buffers = vec![CpuBuffer::words(0, 0, &vec![0u32; THREADS * ROW]), CpuBuffer::words(0, 1, &input(case))];
    let opts = CpuOptions { width, ..Default::default() };
    exec::run(&module, checked.entry, [2, 1, 1], &mut buffers, &opts).unwrap_or_else(|d| {
        panic!(
            "{lowered:?} at width {width}, case {case:?}:\n{}",
            wavec::diag::render_all(&d, &Default::default(), false)
        )
    });
    buffers[0].to_words()
}

fn gpu_run(spirv: &[u32], lanes: u32, case: (u32, u32)) -> Vec<u32> {
    gpu_run_within(spirv, lanes, case, Duration::from_secs(60))
}

fn gpu_run_within(spirv: &[u32], lanes: u32, case: (u32, u32), timeout: Duration) -> Vec<u32> {
    spirv_val(spirv, "vulkan1.1").unwrap_or_else(|e| panic!("spirv-val: {e}"));
    let storage = |binding, words: Vec<u32>| BufferInit {
        set: 0,
        binding,
        kind: BufferKind::Storage,
        data: words_to_bytes(&words),
        addresses: Vec::new(),
    };
    let d = Dispatch {
        spirv,
        entry: "main",
        groups: [2, 1, 1],
        buffers: vec![storage(0, vec![0; THREADS * ROW]), storage(1, input(case))],
        subgroup_size: None,
        timeout,
        device: Some(test_device()),
        scalar_block_layout: false,
        push_constants: None,
        push_addresses: Vec::new(),
        timed_runs: 0,
        specialization: Vec::new(),
        robust_buffer_access: false,
    };
    let out = run_compute(&d).unwrap_or_else(|e| panic!("run failed: {e}"));
    assert_eq!(out.device.subgroup_size, lanes, "the device runs another wave width than asked");
    bytes_to_words(&out.buffers[0])
}

/// The first rows where `actual` differs from `expected`, with the slots that differ.
fn compare(what: &str, expected: &[u32], actual: &[u32]) -> Result<(), String> {
    let mut report = Vec::new();
    for t in 0..THREADS {
        let (e, a) = (&expected[t * ROW..(t + 1) * ROW], &actual[t * ROW..(t + 1) * ROW]);
        let slots: Vec<String> =
            (0..ROW).filter(|&k| e[k] != a[k]).map(|k| format!("slot {k}: {:#x} vs {:#x}", e[k], a[k])).collect();
        if !slots.is_empty() {
            report.push(format!("thread {t}: {}", slots.iter().take(6).cloned().collect::<Vec<_>>().join(", ")));
        }
        if report.len() == 4 {
            break;
        }
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(format!("{what} differs from the CPU engine:\n  {}", report.join("\n  ")))
    }
}

/// The corpus has the slots it claims: a row is wide enough, and a run fills slots.
#[test]
fn the_corpus_fills_its_rows() {
    let src = source();
    let out = cpu_run(&src, Subset::All, Lowered::Native, 32, CASES[0]);
    let used = (0..ROW).rev().find(|&k| out[k] != 0).unwrap_or(0);
    assert!(used > 100 && used < ROW - 1, "thread 0 wrote {used} slots; ROW must exceed them");
}

/// Every target's lowering on the CPU engine, at every width, against the engine's natives.
#[test]
fn every_emulation_on_the_cpu_engine_at_every_width() {
    let src = source();
    let mut failures = Vec::new();
    for width in [1, 2, 4, 8, 16, 32, 64, 128] {
        for case in CASES {
            for subset in [Subset::All, Subset::Glslang, Subset::Wgsl] {
                let expected = cpu_run(&src, subset, Lowered::Native, width, case);
                let lowerings: &[Lowered] = match subset {
                    Subset::Wgsl => &[Lowered::Wgsl],
                    _ => &[Lowered::Spirv, Lowered::HlslSm60],
                };
                for &lowered in lowerings {
                    let actual = cpu_run(&src, subset, lowered, width, case);
                    let what = format!("{lowered:?} lowering at width {width}, case {case:?}, subset {subset:?}");
                    if let Err(e) = compare(&what, &expected, &actual) {
                        failures.push(e);
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// wavec's SPIR-V, its HLSL through glslang, and its WGSL through naga, on lavapipe at 4, 8 and
/// 16 lanes (WGSL: each divergence case at one of the widths).
#[test]
fn every_intrinsic_on_lavapipe_as_spirv_hlsl_and_wgsl() {
    at_widths(concat!(module_path!(), "::every_intrinsic_on_lavapipe_as_spirv_hlsl_and_wgsl"), &[4, 8, 16], |lanes| {
        let src = source();
        let spirv_out =
            wavec::compile(&src, &wavec::Options { targets: vec![wavec::Target::Spirv], ..options(Subset::All) })
                .unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let spirv = bytes_to_words(spirv_out.binary(wavec::Target::Spirv).unwrap());
        let hlsl_options = wavec::Options {
            targets: vec![wavec::Target::Hlsl],
            hlsl_shader_model: (6, 0),
            ..options(Subset::Glslang)
        };
        let hlsl_out = wavec::compile(&src, &hlsl_options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let hlsl = hlsl_out.text(wavec::Target::Hlsl).unwrap();
        let from_hlsl = compile_hlsl(hlsl, "main").unwrap_or_else(|e| panic!("{e}\n{hlsl}"));
        let wgsl_out =
            wavec::compile(&src, &wavec::Options { targets: vec![wavec::Target::Wgsl], ..options(Subset::Wgsl) })
                .unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let wgsl = wgsl_out.text(wavec::Target::Wgsl).unwrap();
        let from_wgsl = wavec::back::wgsl::naga_spv::spirv(wgsl, &[]).unwrap_or_else(|e| panic!("{e}\n{wgsl}"));
        let mut failures = Vec::new();
        for case in CASES {
            let expected = cpu_run(&src, Subset::All, Lowered::Native, lanes, case);
            if let Err(e) =
                compare(&format!("SPIR-V at {lanes} lanes, case {case:?}"), &expected, &gpu_run(&spirv, lanes, case))
            {
                failures.push(e);
            }
            let expected = cpu_run(&src, Subset::Glslang, Lowered::Native, lanes, case);
            let what = format!("HLSL sm_6_0 through glslang at {lanes} lanes, case {case:?}");
            if let Err(e) = compare(&what, &expected, &gpu_run(&from_hlsl, lanes, case)) {
                failures.push(e);
            }
            // lavapipe compiles naga's SPIR-V of this shader about three times slower than
            // wavec's: one case per width (each case at one width) keeps the test's time.
            if CASES[(lanes.trailing_zeros() as usize + 1) % CASES.len()] == case {
                let expected = cpu_run(&src, Subset::Wgsl, Lowered::Native, lanes, case);
                let what = format!("WGSL through naga at {lanes} lanes, case {case:?}");
                let ran = gpu_run_within(&from_wgsl, lanes, case, Duration::from_secs(240));
                if let Err(e) = compare(&what, &expected, &ran) {
                    failures.push(e);
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

/// The support table's promise: every wave and quad intrinsic has, on HLSL at every shader model
/// from 6.0 and on SPIR-V (Vulkan 1.1, no extension), a native form or a portable body. (The
/// group wave index and count come from the `group_wave` pass below sm_6_10.)
#[test]
fn no_wave_intrinsic_is_refused_on_hlsl_or_spirv() {
    use wavec::lower::intrinsics::Target;
    let lib = wavec::stdlib::Stdlib::get();
    let spirv = wavec::spirv_options(&wavec::Options::default());
    let empty = wavec::ir::Function {
        name: String::new(),
        ret: wavec::ir::Type::Void,
        ret_semantic: None,
        locals: Default::default(),
        params: Vec::new(),
        exprs: Default::default(),
        body: Default::default(),
        span: Default::default(),
        uses: Default::default(),
    };
    let mut refused = Vec::new();
    let mut checked = 0;
    for intr in lib.intrinsics.iter() {
        let wave = intr.name.starts_with("Wave") || intr.name.starts_with("Quad");
        if !wave {
            continue;
        }
        checked += 1;
        // A body serves every target; an alias is resolved to what it spells at the call.
        if intr.definition.is_some() || intr.alias_of.is_some() {
            continue;
        }
        let mut targets: Vec<(String, Box<dyn Target>)> = (0..=10)
            .map(|minor| {
                (
                    format!("sm_6_{minor}"),
                    Box::new(wavec::back::hlsl::Natives { shader_model: (6, minor) }) as Box<dyn Target>,
                )
            })
            .collect();
        targets.push(("SPIR-V".into(), Box::new(wavec::back::spv::Natives(&spirv))));
        for (name, target) in &targets {
            if let Err(d) = target.native(intr, &empty, &[]) {
                refused.push(format!("{} on {name}: {}", intr.signature(), d.message));
            }
        }
    }
    assert!(checked > 60, "the wave intrinsics: {checked}");
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
}
