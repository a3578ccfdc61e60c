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
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/intrinsics/every_wave_intrinsic.slang");
    let src = std::fs::read_to_string(&path).expect("the intrinsic corpus");
    let options =
        wavec::Options { file_name: "tests/intrinsics/every_wave_intrinsic.slang".into(), ..Default::default() };
    let (checked, _) = wavec::check(&src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let mut buffers = vec![CpuBuffer::words(0, 0, &vec![0u32; THREADS * ROW]), CpuBuffer::words(0, 1, &input(case))];
    let opts = CpuOptions { width, virtual_wave_size: virtual_width, ..Default::default() };
    exec::run(&checked.module, checked.entry, [2, 1, 1], &mut buffers, &opts).unwrap_or_else(|d| {
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
