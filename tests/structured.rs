//! Structured diagnostics (`Diagnostics::structured`, `to_json`, `wavec --diagnostic-format
//! json`) and the command line's reflection options (`--reflect`, `-reflection-json`).

use crate::support::unique_temp_dir;
use serde_json::Value;
use std::process::Command;
use wavec::syntax::preprocess::MemoryLoader;

const INCLUDE: &str = "uint twice(uint x) {\n    return x * ;\n}\n";
const MAIN: &str = "#include \"common.hlsli\"\nRWStructuredBuffer<uint> o;\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { o[id.x] = twice(id.x); }\n";

#[test]
fn library_diagnostics_resolve_files_lines_columns_and_bytes() {
    let loader = MemoryLoader::new().with("common.hlsli", INCLUDE);
    let options = wavec::Options { file_name: "main.slang".into(), ..Default::default() };
    let diags = wavec::compile_with_loader(MAIN, &options, &loader).expect_err("a syntax error");
    let list = diags.structured();
    let d = &list[0];
    assert_eq!((d.code, d.severity), ("E0201", "error"));
    assert!(d.message.contains("expected expression"), "{}", d.message);
    let s = &d.spans[0];
    assert_eq!(s.file, "common.hlsli");
    assert_eq!((s.line_start, s.column_start, s.line_end, s.column_end), (2, 16, 2, 17));
    assert_eq!(&INCLUDE[s.byte_start..s.byte_end], ";");
    assert!(s.is_primary && !s.label.is_empty());
    assert_eq!(d.rendered, wavec::diag::render(&diags.list[0], &diags.sources, false));

    // One JSON object per line, with the same fields.
    let json = diags.to_json();
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), list.len());
    let v: Value = serde_json::from_str(lines[0]).expect("one JSON object");
    assert_eq!(v["code"], "E0201");
    assert_eq!(v["spans"][0]["file"], "common.hlsli");
    assert_eq!(v["spans"][0]["line_start"], 2);
    assert_eq!(v["spans"][0]["column_start"], 16);
    assert_eq!(v["spans"][0]["byte_start"], s.byte_start);
    assert_eq!(v["rendered"], d.rendered.as_str());
}

#[test]
fn warnings_and_labels_without_a_file_are_structured_too() {
    let d = wavec::diag::Diagnostic::warning("E0001", "no position").with_note("a note");
    let s = d.structured(&wavec::span::SourceMap::new());
    assert_eq!((s.severity, s.spans.len(), s.notes.len()), ("warning", 0, 1));
    assert!(s.rendered.contains("E0001"), "{}", s.rendered);
}

#[test]
fn command_line_prints_json_lines_and_writes_reflection() {
    let dir = unique_temp_dir("structured");
    std::fs::write(dir.join("common.hlsli"), INCLUDE).unwrap();
    std::fs::write(dir.join("main.slang"), MAIN).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wavec"))
        .current_dir(&dir)
        .args(["main.slang", "--diagnostic-format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let first: Value = serde_json::from_str(stderr.lines().next().expect("a line")).expect("JSON, not prose");
    assert_eq!(first["code"], "E0201");
    assert_eq!(first["spans"][0]["line_start"], 2);
    assert!(stderr.lines().all(|l| serde_json::from_str::<Value>(l).is_ok()), "{stderr}");

    // Both spellings of the reflection option write what the library reflects.
    std::fs::write(dir.join("common.hlsli"), "uint twice(uint x) { return x * 2u; }\n").unwrap();
    for flag in ["--reflect", "-reflection-json"] {
        let out = Command::new(env!("CARGO_BIN_EXE_wavec"))
            .current_dir(&dir)
            .args(["main.slang", "-target", "spirv", "-o", "main.spv", flag, "r.json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let written = std::fs::read_to_string(dir.join("r.json")).unwrap();
        let options = wavec::Options {
            targets: vec![wavec::Target::Spirv],
            file_name: "main.slang".into(),
            include_dirs: vec![dir.clone()],
            ..Default::default()
        };
        let src = std::fs::read_to_string(dir.join("main.slang")).unwrap();
        let loader = MemoryLoader::new().with("common.hlsli", "uint twice(uint x) { return x * 2u; }\n");
        let expected = wavec::compile_with_loader(&src, &options, &loader).unwrap().reflection().to_json();
        pretty_assertions::assert_eq!(written, expected, "{flag}");
        std::fs::remove_file(dir.join("r.json")).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
