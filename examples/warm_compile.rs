//! In-process ("warm") compile time of one shader, the figure set beside Slang's
//! `slang_session_bench` and glslang's `glslang_bench`:
//! `cargo run --release --example warm_compile -- FILE [N] [hlsl|spirv]`.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: warm_compile FILE [N] [hlsl|spirv]");
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let target = match args.next().as_deref() {
        Some("hlsl") => wavec::Target::Hlsl,
        _ => wavec::Target::Spirv,
    };
    let source = std::fs::read_to_string(&path).expect("read the shader");
    let options = wavec::Options { targets: vec![target], file_name: path.clone(), ..Default::default() };
    let time = || {
        let start = Instant::now();
        let out = wavec::compile(&source, &options);
        let elapsed = start.elapsed().as_secs_f64() * 1000.0;
        if let Err(d) = out {
            eprint!("{}", d.render_plain());
            std::process::exit(1);
        }
        elapsed
    };
    let first = time();
    let mut times: Vec<f64> = (0..n).map(|_| time()).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "wavec lib: first compile {first:.3} ms, warm compile median {:.3} ms (min {:.3}, max {:.3}, n={n})",
        times[n / 2],
        times[0],
        times[n - 1]
    );
}
