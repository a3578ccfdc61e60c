//! The CPU engine on 1M-thread dispatches (16384 groups of 64) at 32 lanes, its groups on one
//! thread and on every core: `samples/waves_per_group.slang` (groups that share nothing but
//! their own output word) and `samples/stream_compaction.slang` (every wave takes an atomic on
//! one counter and writes where it says, as contended as on a GPU). Throughput is in
//! lane-operations: instructions × active lanes; the one-thread and all-core figures and their
//! ratio are printed first, then criterion measures the all-core runs.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use wavec::exec::{self, CpuBuffer, CpuOptions};

/// A kernel's name, its sample and how to make its buffers.
type Kernel<'a> = (&'static str, &'static str, Box<dyn Fn() -> Vec<CpuBuffer> + 'a>);

fn bench(c: &mut Criterion) {
    let n = 1 << 20;
    let mut seed = 0x1234_5678u32;
    let input: Vec<u32> = (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % 1000
        })
        .collect();
    let kernels: [Kernel; 2] = [
        (
            "waves_per_group",
            "/samples/waves_per_group.slang",
            Box::new(|| vec![CpuBuffer::words(0, 0, &input), CpuBuffer::words(0, 1, &vec![0; n / 64])]),
        ),
        (
            "stream_compaction",
            "/samples/stream_compaction.slang",
            Box::new(|| {
                vec![CpuBuffer::words(0, 0, &input), CpuBuffer::words(0, 1, &vec![0; n]), CpuBuffer::words(0, 2, &[0])]
            }),
        ),
    ];
    let cores = CpuOptions::default().threads;
    let serial = CpuOptions { width: 32, threads: 1, ..Default::default() };
    let parallel = CpuOptions { width: 32, threads: cores, ..Default::default() };
    let groups = [(n / 64) as u32, 1, 1];
    let mut g = c.benchmark_group("exec");
    g.sample_size(10);
    for (name, path, fresh) in &kernels {
        let src = std::fs::read_to_string(format!("{}{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let (checked, _) = wavec::check(&src, &wavec::Options::default()).expect("sample checks");
        let program = exec::compile_program(&checked.module, checked.entry).expect("compiles for the CPU");
        let stats = exec::run_program(&program, groups, &mut fresh(), &serial).expect("runs");
        let time = |opts: &CpuOptions| {
            (0..5)
                .map(|_| {
                    let mut bufs = fresh();
                    let start = std::time::Instant::now();
                    exec::run_program(&program, groups, &mut bufs, opts).expect("runs");
                    start.elapsed()
                })
                .min()
                .unwrap_or_default()
        };
        let (t1, tn) = (time(&serial), time(&parallel));
        let rate = |t: std::time::Duration| stats.lane_ops as f64 / t.as_secs_f64() / 1e6;
        eprintln!(
            "{name}, {n} threads at width 32: {} lane-ops; one thread {t1:?} ({:.0} M lane-ops/s), {cores} threads \
             {tn:?} ({:.0} M lane-ops/s, {:.0} per core): {:.2}x",
            stats.lane_ops,
            rate(t1),
            rate(tn),
            rate(tn) / cores as f64,
            t1.as_secs_f64() / tn.as_secs_f64()
        );
        g.throughput(Throughput::Elements(stats.lane_ops));
        g.bench_function(format!("{name}_1M_threads_w32"), |b| {
            b.iter_batched(
                fresh,
                |mut bufs| exec::run_program(&program, groups, &mut bufs, &parallel).unwrap(),
                criterion::BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
