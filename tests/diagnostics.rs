//! Diagnostics as the user sees them (plain text, no colour): every `tests/diagnostics/*.slang`
//! must produce diagnostics — errors (the compile fails) or, for `warn_*` files, warnings only
//! (the compile succeeds) — and their rendering must equal `<stem>.txt` (`BLESS=1` rewrites).
//! A `//> args: …` header line gives compile options.

use crate::support::{check_golden, options_from_args};
use std::path::Path;

#[test]
fn diagnostics_match_their_golden_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/diagnostics");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "slang"))
        .collect();
    files.sort();
    assert!(files.len() >= 7, "expected the diagnostics corpus");
    let mut failures = Vec::new();
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let args = src.lines().find_map(|l| l.strip_prefix("//> args:")).unwrap_or("").trim().to_string();
        let mut options = options_from_args(&args);
        options.file_name = format!("tests/diagnostics/{stem}.slang");
        let result = wavec::compile(&src, &options);
        let diags = match (result, stem.starts_with("warn_")) {
            (Ok(_), false) => {
                failures.push(format!("{stem}: compiled, but it must fail"));
                continue;
            }
            (Err(d), true) => {
                failures.push(format!("{stem}: must compile with warnings, but failed:\n{}", d.render_plain()));
                continue;
            }
            (Ok(out), true) => {
                assert!(!out.warnings.list.is_empty(), "{stem}: no warnings");
                assert!(!out.warnings.has_errors(), "{stem}: errors in a successful compile");
                out.warnings
            }
            (Err(d), false) => {
                assert!(d.has_errors(), "{stem}: failure without an error");
                d
            }
        };
        {
            {
                let d = diags;
                let text = d.render_plain();
                assert!(!text.contains('\u{1b}'), "{stem}: colour codes in plain output");
                let golden = dir.join(format!("{stem}.txt"));
                if let Err(e) = std::panic::catch_unwind(|| check_golden(&golden, &text)) {
                    failures.push(e.downcast_ref::<String>().cloned().unwrap_or_default());
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
