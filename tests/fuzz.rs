//! Fuzz smoke test: thousands of mutated shaders through the whole front end and backend.
//! Nothing may panic or hang; every failure must be a diagnostic. (`fuzz/` has the
//! coverage-guided `cargo fuzz` target for long runs.)

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "<",
    ">",
    ">>",
    "=",
    "+=",
    "?",
    ":",
    "#",
    "##",
    "\n#define X(a) a a\n",
    "\n#if 1\n",
    "\n#endif\n",
    "\n#include \"x\"\n",
    "float4",
    "uint",
    "struct",
    "return",
    "if",
    "else",
    "for",
    "while",
    "switch",
    "case 1:",
    "WaveActiveSum(",
    "GetGroupWaveIndex()",
    "[numthreads(1,1,1)]",
    "groupshared",
    "static const",
    "0x7fffffff",
    "1e39",
    "9999999999999999999",
    "\"",
    "\\",
    "@",
    ".xyzw",
    "RWStructuredBuffer<",
    "vector<float, 5>",
    "InterlockedAdd(",
    "do",
    "break;",
    "continue;",
    "/*",
    "*/",
];

pub fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["samples", "tests/golden", "tests/diagnostics"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "slang"))
            .collect();
        paths.sort();
        out.extend(paths.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    }
    out
}

pub fn mutate(src: &str, seed: &mut u64) -> String {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let mut bytes = src.as_bytes().to_vec();
    for _ in 0..1 + next() % 4 {
        let len = bytes.len().max(1);
        let at = (next() as usize) % len;
        match next() % 5 {
            0 => {
                let end = (at + 1 + (next() as usize) % 40).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            1 => {
                let t = TOKENS[(next() as usize) % TOKENS.len()];
                let at = at.min(bytes.len());
                bytes.splice(at..at, t.bytes());
            }
            2 => {
                let end = (at + 1 + (next() as usize) % 60).min(bytes.len());
                let chunk = bytes[at.min(end)..end].to_vec();
                let to = (next() as usize) % len.min(bytes.len()).max(1);
                bytes.splice(to..to, chunk);
            }
            3 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] = (next() % 128) as u8;
            }
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn mutated_shaders_never_panic_or_hang() {
    let corpus = corpus();
    assert!(corpus.len() >= 6);
    let rounds: usize = std::env::var("WAVEC_FUZZ_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3000);
    let progress = Arc::new(AtomicUsize::new(0));
    let current = Arc::new(Mutex::new(String::new()));
    let (p, c) = (progress.clone(), current.clone());
    let worker = std::thread::spawn(move || {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut failures = Vec::new();
        for i in 0..rounds {
            let src = mutate(&corpus[i % corpus.len()], &mut seed);
            *c.lock().unwrap() = src.clone();
            // The default targets at two shader models, and WGSL (the backend that rewrites the
            // most: hoisting, pointers, atomics, layouts).
            for (sm, wgsl) in [((6, 5), false), ((6, 10), false), ((6, 6), true)] {
                let mut options = wavec::Options { hlsl_shader_model: sm, ..Default::default() };
                if wgsl {
                    options.targets = vec![wavec::Target::Wgsl];
                }
                let r = std::panic::catch_unwind(|| {
                    if let Err(d) = wavec::compile(&src, &options) {
                        assert!(d.has_errors(), "an Err without an error diagnostic");
                        let _ = d.render_plain();
                    }
                });
                if r.is_err() {
                    failures.push(src.clone());
                }
            }
            p.store(i + 1, Ordering::SeqCst);
        }
        failures
    });
    let mut last = (0, Instant::now());
    while !worker.is_finished() {
        std::thread::sleep(Duration::from_millis(50));
        let now = progress.load(Ordering::SeqCst);
        if now != last.0 {
            last = (now, Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(20) {
            panic!("compilation hung (20 s without progress) on:\n{}", current.lock().unwrap());
        }
    }
    let failures = worker.join().expect("fuzz worker");
    assert!(failures.is_empty(), "{} inputs panicked; first:\n{}", failures.len(), failures[0]);
    assert_eq!(progress.load(Ordering::SeqCst), rounds);
}
