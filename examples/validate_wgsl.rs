//! Runs naga's WGSL front end and validator (what `--via wgsl` and the golden tests use) over
//! WGSL files wavec wrote, for measurements over corpora kept out of the repository:
//! `cargo run --release --example validate_wgsl -- FILE.wgsl…`. Prints `PASS` or `FAIL` and
//! naga's first line per file.

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
                let first = e.lines().find(|l| l.contains("error")).unwrap_or_else(|| e.lines().next().unwrap_or(""));
                println!("FAIL {path}: {first}");
            }
        }
    }
    std::process::exit(if failed > 0 { 1 } else { 0 });
}
