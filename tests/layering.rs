//! The layering `syntax → sema → ir → lower → back`: a backend sees only IR. Emulations are
//! stdlib bodies lowered by `lower/`, so no file under `src/back/` may reach the front end.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn backends_never_use_the_front_end() {
    let back = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/back");
    let mut files = Vec::new();
    rust_files(&back, &mut files);
    assert!(files.len() >= 8, "expected the backends under {}", back.display());
    let mut offenders = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let uses = ["crate::syntax", "crate::sema", "wavec::syntax", "wavec::sema", "super::super::syntax"];
            if uses.iter().any(|u| code.contains(u)) {
                offenders.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "backends use the front end:\n{}", offenders.join("\n"));
}
