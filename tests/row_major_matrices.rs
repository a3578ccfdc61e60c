//! `lower::row_major_matrices` (what CUDA and Metal store): every `column_major` matrix in a
//! buffer declared as its transpose, reads transposed back, writes transposed. The rewritten
//! module is an ordinary module, so the CPU engine runs it too, storing the transposes by rows:
//! it must leave every buffer exactly as the program as written does.

use std::borrow::Cow;
use std::path::Path;
use wavec::exec::{self, CpuBuffer, CpuOptions};

const FILE: &str = "tests/corpus/column_major_buffers.slang";
const WORDS: usize = 1024;

fn inputs(binding: u32) -> Vec<u32> {
    let mut seed = 0x2545_F491u32 ^ binding;
    (0..WORDS)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            // Small floats, so that products stay exact enough to compare bit for bit.
            ((seed % 64) as f32 / 8.0 - 4.0).to_bits()
        })
        .collect()
}

fn run(module: &wavec::ir::Module, entry: usize) -> Vec<Vec<u32>> {
    let mut buffers: Vec<CpuBuffer> = (0..5).map(|b| CpuBuffer::words(0, b, &inputs(b))).collect();
    exec::run(module, entry, [1, 1, 1], &mut buffers, &CpuOptions { width: 4, ..Default::default() })
        .unwrap_or_else(|d| panic!("{}", wavec::diag::render_all(&d, &Default::default(), false)));
    buffers.iter().map(CpuBuffer::to_words).collect()
}

fn checked() -> wavec::sema::Checked {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    let src = std::fs::read_to_string(&path).expect("the test shader");
    let options = wavec::Options { file_name: FILE.into(), ..Default::default() };
    wavec::check(&src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain())).0
}

#[test]
fn matrices_stored_by_rows_give_the_same_buffers() {
    let checked = checked();
    let stdlib = wavec::stdlib::Stdlib::get();
    let rewritten = wavec::lower::row_major_matrices(Cow::Borrowed(&checked.module), stdlib, "E0662")
        .unwrap_or_else(|d| panic!("{}", wavec::diag::render_all(&d, &Default::default(), false)));
    assert!(matches!(rewritten, Cow::Owned(_)), "the shader keeps column_major matrices in buffers: the pass must act");
    let as_written = run(&checked.module, checked.entry);
    let by_rows = run(&rewritten, checked.entry);
    for b in 1..5 {
        let differ: Vec<usize> = (0..WORDS).filter(|&w| as_written[b][w] != by_rows[b][w]).take(8).collect();
        assert!(differ.is_empty(), "binding {b}: words {differ:?} differ");
    }
    // The written buffers did change: the comparison is not of untouched inputs.
    assert_ne!(as_written[2], inputs(2));
    assert_ne!(as_written[3], inputs(3));
}
