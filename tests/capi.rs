//! The C API (`capi/`, `include/wavec.h`): the checked-in header is what cbindgen generates
//! now, and a C program built with the system compiler against it and the static library
//! compiles a sample on four threads at once and reads reflection and diagnostics
//! (`tests/capi/main.c`).

use crate::support::{blessing, unique_temp_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn generated_header() -> String {
    let config = cbindgen::Config::from_file(root().join("capi/cbindgen.toml")).expect("read capi/cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(root().join("capi/src/lib.rs"))
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("UTF-8 header")
}

#[test]
fn capi_header_is_current() {
    let path = root().join("include/wavec.h");
    let generated = generated_header();
    if blessing() {
        std::fs::write(&path, &generated).expect("write include/wavec.h");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).expect("include/wavec.h exists");
    pretty_assertions::assert_str_eq!(
        checked_in,
        generated,
        "include/wavec.h is stale: BLESS=1 cargo test --test root capi_header rewrites it"
    );
}

/// `target/<profile>`, from this test's own path (`target/<profile>/deps/root-…`).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps").to_path_buf()
}

/// Builds the static library with the profile this test was built with, so the C program
/// links the code under test, not a stale archive.
fn static_library() -> PathBuf {
    let dir = profile_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root()).args(["build", "--quiet", "-p", "wavec-capi", "--lib"]);
    match dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => {}
        Some("release") => {
            cmd.arg("--release");
        }
        Some(other) => {
            cmd.args(["--profile", other]);
        }
        None => panic!("no profile folder in {}", dir.display()),
    }
    if let Some(target_dir) = dir.parent() {
        cmd.arg("--target-dir").arg(target_dir);
    }
    let status = cmd.status().expect("run cargo build -p wavec-capi");
    assert!(status.success(), "cargo build -p wavec-capi failed");
    let lib = dir.join("libwavec_capi.a");
    assert!(lib.exists(), "{} was not built", lib.display());
    lib
}

#[test]
fn c_program_compiles_on_four_threads_and_reads_diagnostics() {
    let lib = static_library();
    let dir = unique_temp_dir("capi");
    let exe = dir.join("capi_test");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let out = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-pthread", "-o"])
        .arg(&exe)
        .arg(root().join("tests/capi/main.c"))
        .arg("-I")
        .arg(root().join("include"))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm"])
        .output()
        .expect("run the C compiler");
    assert!(out.status.success(), "{cc} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    let run = Command::new(&exe).arg(root().join("samples/histogram.slang")).output().expect("run the C program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.contains("capi: ok"),
        "the C program failed ({}):\n{stdout}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's C example is an excerpt of the program above, so it compiles and runs.
#[test]
fn readme_c_example_is_the_tested_code() {
    let program = std::fs::read_to_string(root().join("tests/capi/main.c")).expect("main.c");
    let start = program.find("/* README: the C example starts here. */\n").expect("start marker");
    let end = program.find("/* README: the C example ends here. */").expect("end marker");
    let excerpt = &program[start..end].lines().skip(1).collect::<Vec<_>>().join("\n");
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    assert!(readme.contains(excerpt.as_str()), "README.md's C example differs from tests/capi/main.c:\n{excerpt}");
}
