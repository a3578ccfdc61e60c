//! The CPU engine (`wavec::exec`): wave intrinsics under divergence at every width 1..128 and
//! lane order, the spec-0048 invariants natively and through the fallback pass, every sample
//! with answers computed here in Rust, the runtime checks, and a differential test against
//! lavapipe.

use crate::support::{at_widths, bytes_to_words, compile_hlsl, test_device, words_to_bytes};
use std::path::Path;
use wavec::diag::Diagnostic;
use wavec::exec::{self, CpuBuffer, CpuOptions, LaneOrder};
use wavec::span::SourceMap;

const WIDTHS: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
const ORDERS: [LaneOrder; 3] = [LaneOrder::Linear, LaneOrder::Reverse, LaneOrder::Random(0xC0FFEE)];

struct Failure {
    diags: Vec<Diagnostic>,
    sources: std::sync::Arc<SourceMap>,
}

impl Failure {
    fn render(&self) -> String {
        wavec::diag::render_all(&self.diags, &self.sources, false)
    }
    /// 1-based line of the first diagnostic's primary span.
    fn line(&self) -> usize {
        let span = self.diags[0].primary_span().expect("a span");
        let (file, start, _) = self.sources.resolve(span).expect("resolvable span");
        self.sources.file(file).line_col(start as u32).0
    }
}

struct Run {
    src: String,
    defines: Vec<(String, Option<String>)>,
    entry: Option<String>,
    groups: [u32; 3],
    opts: CpuOptions,
}

fn run_src(r: &Run, buffers: Vec<CpuBuffer>) -> Result<Vec<CpuBuffer>, Failure> {
    let options = wavec::Options { defines: r.defines.clone(), entry: r.entry.clone(), ..Default::default() };
    let (checked, warnings) = match wavec::check(&r.src, &options) {
        Ok(x) => x,
        Err(d) => panic!("front end failed:\n{}", d.render_plain()),
    };
    let mut buffers = buffers;
    match exec::run_checked(&checked, r.groups, &mut buffers, &r.opts) {
        Ok(_) => Ok(buffers),
        Err(diags) => Err(Failure { diags, sources: warnings.sources }),
    }
}

fn run_ok(r: &Run, buffers: Vec<CpuBuffer>) -> Vec<Vec<u32>> {
    match run_src(r, buffers) {
        Ok(b) => b.iter().map(|b| b.to_words()).collect(),
        Err(f) => panic!("run failed at width {} ({:?}):\n{}", r.opts.width, r.opts.lane_order, f.render()),
    }
}

fn words(binding: u32, w: &[u32]) -> CpuBuffer {
    CpuBuffer::words(0, binding, w)
}

fn floats(binding: u32, f: &[f32]) -> CpuBuffer {
    CpuBuffer::words(0, binding, &f.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
}

fn opts(width: u32, order: LaneOrder) -> CpuOptions {
    CpuOptions { width, lane_order: order, ..Default::default() }
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples").join(name)).unwrap()
}

fn xorshift(seed: &mut u32) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 17;
    *seed ^= *seed << 5;
    *seed
}

/// `(wave, lane)` of every thread of group `linear`, from the engine's documented layout.
fn placement(order: LaneOrder, linear: u64, threads: u32, width: u32) -> Vec<(u32, u32)> {
    exec::lane_layout(order, linear, threads).into_iter().map(|s| (s / width, s % width)).collect()
}

#[test]
fn every_stdlib_intrinsic_has_a_cpu_lowering() {
    let lib = wavec::stdlib::Stdlib::get();
    let mut missing = Vec::new();
    for i in &lib.intrinsics {
        if exec::compile::cpu_attr(i).is_none() {
            missing.push(i.name.clone());
        }
    }
    assert!(missing.is_empty(), "no [cpu(...)] on {missing:?}");
}

fn stream_input(n: usize, seed: u32) -> Vec<u32> {
    let mut s = seed;
    (0..n).map(|_| xorshift(&mut s) % 1000).collect()
}

#[test]
fn stream_compaction_sample_at_every_width_and_order() {
    let n = 1024usize;
    let input = stream_input(n, 0x1234_5678);
    let mut expected: Vec<u32> = input.iter().copied().filter(|v| v % 2 == 0).collect();
    expected.sort_unstable();
    for width in WIDTHS {
        for order in ORDERS {
            let r = Run { src: sample("stream_compaction.slang"), defines: vec![], entry: None, groups: [(n / 64) as u32, 1, 1], opts: opts(width, order) };
            let out = run_ok(&r, vec![words(0, &input), words(1, &vec![u32::MAX; n]), words(2, &[0])]);
            let count = out[2][0] as usize;
            assert_eq!(count, expected.len(), "counter at width {width}");
            let mut got = out[1][..count].to_vec();
            got.sort_unstable();
            assert_eq!(got, expected, "kept elements at width {width} {order:?}");
            assert!(out[1][count..].iter().all(|&w| w == u32::MAX));
            // Within a wave, kept elements keep their lane order: each wave's run is sorted by lane.
        }
    }
}
