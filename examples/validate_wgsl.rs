//! Runs naga's WGSL front end and validator (what `--via wgsl` and the golden tests use) over
//! WGSL files wavec wrote, for measurements over corpora kept out of the repository:
//! `cargo run --release --example validate_wgsl -- FILE.wgsl…`. Prints `PASS` or `FAIL` and
//! naga's error and notes per file.

fn main() {
    let mut failed = 0;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("FAIL {path}: {e}");
                failed += 1;
                continue;
            }
        };
        match wavec::back::wgsl::naga_spv::validate(&text) {
            Ok(()) => println!("PASS {path}"),
            Err(e) => {
                failed += 1;
                // naga's first line says which entry point; the cause is in the notes below it.
                let why: Vec<&str> =
                    e.lines().filter(|l| l.contains("error") || l.trim_start().starts_with('=')).collect();
                println!("FAIL {path}: {}", why.join(" | "));
            }
        }
    }
    std::process::exit(if failed > 0 { 1 } else { 0 });
}
