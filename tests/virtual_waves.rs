//! Virtual wave widths (`--virtual-wave-size`, `lower::virtual_wave`): a program rewritten for
//! waves of N lanes, run on wider waves, must give exactly what the CPU engine gives running the
//! original at width N.
//!
//! The intrinsic corpus (`tests/intrinsics/every_wave_intrinsic.slang`: every wave intrinsic
//! under three divergence patterns and three masks) runs on the CPU engine at hardware widths
//! 32 and 128 for every virtual width that divides them, and is compared word for word with the
//! engine's native run at the virtual width. Lanes are in order in both runs, so virtual wave
//! `k` holds the same threads as native wave `k`. The Vulkan side (lavapipe at 16 lanes) is in
//! `run_cli.rs`: the samples, corpus and Slang-format tests through `wavec test --virtual-widths`.
//!
//! Virtual widths wider than the engine's waves (`lower::wide_virtual_wave`): the corpus, whose
//! divergence patterns make the pass run divergent code under predicates, and
//! `tests/intrinsics/whole_group.slang`, which needs none, at widths above 4- and 16-lane waves.

use std::path::Path;
use wavec::exec::{self, CpuBuffer, CpuOptions};

const THREADS: usize = 128;
const ROW: usize = 320;
const CASES: [(u32, u32); 3] = [(0, 0x5555_5555), (1, 0x9249_2492), (2, 0xFFFF_FFFF)];

fn input((pattern, mask): (u32, u32)) -> Vec<u32> {
    let mut seed = 0x9E37_79B9u32 ^ pattern;
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

fn run(width: u32, virtual_width: Option<u32>, case: (u32, u32)) -> Vec<u32> {
    run_file("tests/intrinsics/every_wave_intrinsic.slang", width, virtual_width, THREADS * ROW, &input(case), 2)
}

fn run_file(file: &str, width: u32, virtual_width: Option<u32>, words: usize, input: &[u32], groups: u32) -> Vec<u32> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let src = std::fs::read_to_string(&path).expect("the test shader");
    let options = wavec::Options { file_name: file.into(), ..Default::default() };
    let (checked, _) = wavec::check(&src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let mut buffers = vec![CpuBuffer::words(0, 0, &vec![0u32; words]), CpuBuffer::words(0, 1, input)];
    let opts = CpuOptions { width, virtual_wave_size: virtual_width, ..Default::default() };
    exec::run(&checked.module, checked.entry, [groups, 1, 1], &mut buffers, &opts).unwrap_or_else(|d| {
        panic!("width {width}, virtual {virtual_width:?}: {}", wavec::diag::render_all(&d, &Default::default(), false))
    });
    buffers[0].to_words()
}

fn first_differences(expected: &[u32], actual: &[u32]) -> Vec<String> {
    (0..THREADS)
        .filter_map(|t| {
            let slots: Vec<usize> = (0..ROW).filter(|&k| expected[t * ROW + k] != actual[t * ROW + k]).collect();
            (!slots.is_empty()).then(|| format!("thread {t}: slots {:?}", &slots[..slots.len().min(8)]))
        })
        .take(4)
        .collect()
}

#[test]
fn every_wave_intrinsic_at_each_virtual_width_matches_that_native_width() {
    let mut failures = Vec::new();
    for case in CASES {
        for n in [1u32, 2, 4, 8, 16, 32, 64] {
            let native = run(n, None, case);
            for hardware in [32u32, 128].into_iter().filter(|&m| m > n) {
                let virtualised = run(hardware, Some(n), case);
                let diff = first_differences(&native, &virtualised);
                if !diff.is_empty() {
                    failures.push(format!("virtual {n} on {hardware} lanes, case {case:?}:\n  {}", diff.join("\n  ")));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The rewrite is not a no-op: at a virtual width below the hardware's, a wave-wide sum differs
/// from the same program's at the hardware width.
#[test]
fn a_virtual_width_changes_what_the_wave_sees() {
    let (n, hardware) = (8, 32);
    let case = CASES[2];
    let as_hardware = run(hardware, None, case);
    let virtualised = run(hardware, Some(n), case);
    assert_ne!(as_hardware, virtualised, "virtual width {n} gave the {hardware}-lane answer");
}

/// Virtual waves wider than the engine's (4 and 16 lanes): several engine waves make one, its
/// operations meet at group barriers, and divergent code runs under predicates. The corpus's
/// three divergence patterns and masks give the engine's native answer at the virtual width
/// word for word.
#[test]
fn every_wave_intrinsic_at_wide_virtual_widths_matches_that_native_width() {
    let mut failures = Vec::new();
    for case in CASES {
        for (n, hardware) in [(8u32, 4u32), (32, 4), (128, 4), (64, 16)] {
            let native = run(n, None, case);
            let widened = run(hardware, Some(n), case);
            let diff = first_differences(&native, &widened);
            if !diff.is_empty() {
                failures.push(format!("virtual {n} on {hardware} lanes, case {case:?}:\n  {}", diff.join("\n  ")));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every family of wave operations in control flow the whole group runs (no predicates), 96
/// threads so that the group's last wave is partial at 64 and 128, against the native run.
#[test]
fn wave_operations_in_uniform_flow_at_wide_virtual_widths_match_that_native_width() {
    const FILE: &str = "tests/intrinsics/whole_group.slang";
    const WORDS: usize = 96 * 160;
    let mut seed = 0x2545_F491u32;
    let mut input: Vec<u32> = (0..96)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % 16
        })
        .collect();
    input.push(0x5555_5555);
    for (n, hardware) in [(8u32, 4u32), (16, 4), (32, 8), (64, 4), (128, 16)] {
        let native = run_file(FILE, n, None, WORDS, &input, 1);
        let widened = run_file(FILE, hardware, Some(n), WORDS, &input, 1);
        let differ: Vec<usize> = (0..WORDS).filter(|&i| native[i] != widened[i]).take(8).collect();
        assert!(differ.is_empty(), "virtual {n} on {hardware} lanes: words {differ:?} differ");
        // The rows hold what the wave saw: at 4 lanes the same program sees other waves.
        assert_ne!(
            native,
            run_file(FILE, hardware, None, WORDS, &input, 1),
            "virtual {n} gave the {hardware}-lane answer"
        );
    }
}

/// Predicates only where divergent code reaches a wave operation: the uniform file's program is
/// free of them, the corpus's (an early `return` under a divergence pattern) is not.
#[test]
fn wide_virtual_waves_predicate_only_divergent_code() {
    let hlsl = |file: &str| {
        let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).expect("shader");
        let options = wavec::Options {
            file_name: file.into(),
            virtual_wave_size: Some(64),
            hardware_wave_size: Some(16),
            ..Default::default()
        };
        let out = wavec::compile(&src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        out.text(wavec::Target::Hlsl).expect("HLSL").to_string()
    };
    let uniform = hlsl("tests/intrinsics/whole_group.slang");
    assert!(uniform.contains("wavec_wideSlots") && !uniform.contains("wavec_cond"), "{uniform}");
    let divergent = hlsl("tests/intrinsics/every_wave_intrinsic.slang");
    assert!(divergent.contains("wavec_returned") && divergent.contains("wavec_cond"), "{divergent}");
}

/// At the hardware's own width the rewrite is off: the output is the shader's as compiled for
/// waves of that size (`--wave-size`, which folds `GetGroupWaveCount()`), on every target, so
/// a virtual width equal to the hardware's costs nothing.
#[test]
fn a_virtual_width_equal_to_the_hardware_width_changes_nothing() {
    let file = "samples/wave_lerp.slang";
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).expect("sample");
    let targets = vec![wavec::Target::Hlsl, wavec::Target::Glsl, wavec::Target::Wgsl];
    let compile = |wave_size, virtual_wave_size, hardware_wave_size| {
        let options = wavec::Options {
            file_name: file.into(),
            targets: targets.clone(),
            wave_size,
            virtual_wave_size,
            hardware_wave_size,
            ..Default::default()
        };
        let out = wavec::compile(&src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        targets.iter().map(|t| out.text(*t).expect("text").to_string()).collect::<Vec<_>>()
    };
    let at_32 = compile(Some(32), None, None);
    assert_eq!(compile(None, Some(32), Some(32)), at_32);
    assert_ne!(compile(None, Some(16), Some(32)), at_32, "a narrower width is rewritten");
    assert_ne!(compile(None, Some(64), Some(32)), at_32, "a wider width is rewritten");
}
