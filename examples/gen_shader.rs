//! Prints a generated compute shader of about N lines (default 20000), for benchmarks:
//! `cargo run --release --example gen_shader -- 20000 > big.slang`.

#[path = "../benches/common/gen.rs"]
mod gen;

fn main() {
    let lines = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    print!("{}", gen::shader(lines));
}
