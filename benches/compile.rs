//! Compile-speed benchmarks, stage by stage, over the test corpus, the samples and a generated
//! 20k-line shader, reported in bytes of source per second (naga's benches are the model).
//! `cargo bench --bench compile`; `scripts/bench-compare` times whole processes against slangc
//! and glslang.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::Path;
use wavec::span::SourceMap;
use wavec::syntax::preprocess::{preprocess, FsLoader, PreprocessOptions};

#[path = "common/gen.rs"]
mod gen;

struct Input {
    name: String,
    text: String,
}

fn corpus() -> Vec<Input> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["samples", "tests/golden"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "slang"))
            .collect();
        paths.sort();
        for p in paths {
            out.push(Input { name: p.display().to_string(), text: std::fs::read_to_string(&p).unwrap() });
        }
    }
    out
}

fn bytes(inputs: &[Input]) -> u64 {
    inputs.iter().map(|i| i.text.len() as u64).sum()
}

fn parse(input: &Input) -> wavec::syntax::ast::TranslationUnit {
    let mut sources = SourceMap::new();
    let main = sources.add(input.name.clone(), input.text.as_str());
    let (tokens, _) = preprocess(&mut sources, main, &PreprocessOptions::default(), &FsLoader);
    wavec::syntax::parse(tokens).0
}

fn stages(c: &mut Criterion, group_name: &str, inputs: &[Input]) {
    // Warm the stdlib, which a process parses once.
    let _ = wavec::stdlib::Stdlib::get();
    let units: Vec<_> = inputs.iter().map(parse).collect();
    let checked: Vec<_> =
        units.iter().map(|u| wavec::sema::check(u, &Default::default()).0.expect("benchmark inputs compile")).collect();
    let mut g = c.benchmark_group(group_name);
    g.throughput(Throughput::Bytes(bytes(inputs)));
    g.bench_function("front (preprocess + parse)", |b| {
        b.iter(|| inputs.iter().map(parse).map(|u| u.items.len()).sum::<usize>())
    });
    g.bench_function("sema", |b| {
        b.iter(|| units.iter().filter(|u| wavec::sema::check(u, &Default::default()).0.is_some()).count())
    });
    g.bench_function("back/hlsl", |b| {
        b.iter(|| {
            checked
                .iter()
                .map(|c| wavec::back::hlsl::write_string(&c.module, c.entry, &Default::default()).unwrap().len())
                .sum::<usize>()
        })
    });
    g.bench_function("back/spv", |b| {
        b.iter(|| {
            checked
                .iter()
                .map(|c| wavec::back::spv::write_words(&c.module, c.entry, &Default::default()).unwrap().len())
                .sum::<usize>()
        })
    });
    g.bench_function("check (preprocess, parse and sema, item by item)", |b| {
        let options = wavec::Options::default();
        b.iter(|| inputs.iter().filter(|i| wavec::check(&i.text, &options).is_ok()).count())
    });
    g.bench_function("lower/group_wave", |b| {
        b.iter(|| {
            checked
                .iter()
                .map(|c| {
                    let mut m = c.module.clone();
                    wavec::lower::emulate_group_wave(&mut m, c.entry, wavec::stdlib::Stdlib::get()).is_ok()
                })
                .count()
        })
    });
    g.bench_function("compile (all stages, hlsl)", |b| {
        let options = wavec::Options::default();
        b.iter(|| inputs.iter().filter(|i| wavec::compile(&i.text, &options).is_ok()).count())
    });
    g.bench_function("compile (all stages, spirv)", |b| {
        let options = wavec::Options { targets: vec![wavec::Target::Spirv], ..Default::default() };
        b.iter(|| inputs.iter().filter(|i| wavec::compile(&i.text, &options).is_ok()).count())
    });
    g.finish();
}

fn corpus_bench(c: &mut Criterion) {
    let inputs: Vec<Input> =
        corpus().into_iter().filter(|i| wavec::compile(&i.text, &wavec::Options::default()).is_ok()).collect();
    stages(c, "corpus", &inputs);
}

fn generated_bench(c: &mut Criterion) {
    let inputs = vec![Input { name: "generated.slang".into(), text: gen::shader(20_000) }];
    stages(c, "generated-20k", &inputs);
}

fn stdlib_bench(c: &mut Criterion) {
    let bytes: u64 = wavec::stdlib::FILES.iter().map(|(_, t)| t.len() as u64).sum();
    let mut g = c.benchmark_group("stdlib");
    g.throughput(Throughput::Bytes(bytes));
    g.bench_function("load (parse + build the table)", |b| b.iter(|| wavec::stdlib::Stdlib::load().is_ok()));
    g.finish();
}

criterion_group!(benches, corpus_bench, generated_bench, stdlib_bench);
criterion_main!(benches);
