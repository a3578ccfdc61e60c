//! `//! expect-output TARGET FILE`: `wavec test` keeps golden outputs of a user's shaders,
//! compares them, and writes them under `--bless` or `BLESS=1`.

use crate::support::unique_temp_dir;
use std::process::{Command, Output};

const SHADER: &str = "//! expect-output hlsl out/k.hlsl\n//! expect-output spirv-asm out/k.spvasm\n//! hlsl-profile sm_6_5\nRWStructuredBuffer<uint> o;\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { o[id.x] = WaveActiveSum(id.x) + GetGroupWaveIndex(); }\n";

fn wavec_test(dir: &std::path::Path, extra: &[&str], bless_env: bool) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wavec"));
    cmd.current_dir(dir).args(["test", "--engine", "cpu", "--widths", "4", "k.slang"]).args(extra);
    if bless_env {
        cmd.env("BLESS", "1");
    } else {
        cmd.env_remove("BLESS");
    }
    let Output { status, stdout, stderr } = cmd.output().unwrap();
    (status.code(), format!("{}{}", String::from_utf8_lossy(&stdout), String::from_utf8_lossy(&stderr)))
}

#[test]
fn expect_output_compares_and_blesses() {
    let dir = unique_temp_dir("expect-output");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("k.slang"), SHADER).unwrap();

    let (code, text) = wavec_test(&dir, &[], false);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("k.slang:1: FAIL") && text.contains("cannot read"), "{text}");

    let (code, text) = wavec_test(&dir, &["--bless"], false);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("k.slang:1: BLESSED") && text.contains("k.slang:2: BLESSED"), "{text}");
    // The files hold what the library compiles, with the directive's shader model.
    let options = wavec::Options {
        targets: vec![wavec::Target::Hlsl, wavec::Target::SpirvAsm],
        hlsl_shader_model: (6, 5),
        file_name: "k.slang".into(),
        ..Default::default()
    };
    let out = wavec::compile(SHADER, &options).unwrap();
    let hlsl = std::fs::read_to_string(dir.join("out/k.hlsl")).unwrap();
    assert_eq!(hlsl, out.text(wavec::Target::Hlsl).unwrap());
    assert!(hlsl.contains("wavec_waveCounter"), "sm_6_5 takes the fallback:\n{hlsl}");
    assert_eq!(std::fs::read_to_string(dir.join("out/k.spvasm")).unwrap(), out.text(wavec::Target::SpirvAsm).unwrap());

    let (code, text) = wavec_test(&dir, &[], false);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("k.slang:1: PASS") && text.contains("k.slang:2: PASS"), "{text}");

    // A changed golden file fails, naming the first differing line, until BLESS=1 rewrites it.
    std::fs::write(dir.join("out/k.hlsl"), hlsl.replacen("WaveActiveSum", "WaveActiveProduct", 1)).unwrap();
    let (code, text) = wavec_test(&dir, &[], false);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("k.slang:1: FAIL") && text.contains("differs") && text.contains("WaveActiveProduct"),
        "{text}"
    );
    assert!(text.contains("k.slang:2: PASS"), "{text}");
    let (code, text) = wavec_test(&dir, &[], true);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(std::fs::read_to_string(dir.join("out/k.hlsl")).unwrap(), hlsl);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn expect_output_directives_are_checked() {
    let path = std::path::Path::new("k.slang");
    let bad = wavec::testing::directive::parse(path, "//! expect-output glsl k.glsl\n");
    assert!(bad.is_err_and(|e| e.contains("expected hlsl or spirv-asm")));
    let bad = wavec::testing::directive::parse(path, "//! expect-output hlsl k.hlsl\n//! hlsl-profile sm_5_0\n");
    assert!(bad.is_err_and(|e| e.contains("hlsl-profile")));
    let t = wavec::testing::directive::parse(path, "//! expect-output spirv-asm a/k.spvasm\n").unwrap();
    assert_eq!(t.expect_outputs[0].target, wavec::Target::SpirvAsm);
    assert!(t.blocked.is_some(), "a file without dispatch runs nothing");
    assert!(wavec::testing::directive::has_directives("//! expect-output hlsl x.hlsl\n"));
}
