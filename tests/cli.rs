//! The `wavec` binary: exit statuses, output files, slangc spellings, no output on error.

use crate::support::unique_temp_dir;
use std::process::Command;

fn wavec() -> Command {
    Command::new(env!("CARGO_BIN_EXE_wavec"))
}

const GOOD: &str = "RWStructuredBuffer<uint> o;\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { o[id.x] = WaveActiveSum(id.x); }\n";

#[test]
fn prints_hlsl_to_stdout_and_exits_0() {
    let dir = unique_temp_dir("cli");
    let input = dir.join("k.slang");
    std::fs::write(&input, GOOD).unwrap();
    let out = wavec().arg(&input).args(["--target", "hlsl"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("WaveActiveSum(id.x)"), "{text}");
    assert!(text.contains("[numthreads(64, 1, 1)]"), "{text}");
}

#[test]
fn slangc_spellings_and_output_file() {
    let dir = unique_temp_dir("cli");
    let input = dir.join("k.slang");
    let output = dir.join("k.hlsl");
    std::fs::write(&input, GOOD).unwrap();
    let out = wavec()
        .arg(&input)
        .args(["-target", "hlsl", "-entry", "main", "-profile", "sm_6_5", "-o"])
        .arg(&output)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(std::fs::read_to_string(&output).unwrap().contains("WaveActiveSum"));
}

/// A build that runs DXC runs wavec with the same arguments: `-spirv -T cs_6_2 -E CS -Fo`
/// write SPIR-V for entry point `CS`, and DXC's options that change nothing wavec writes are
/// accepted.
#[test]
fn dxc_spellings() {
    let dir = unique_temp_dir("cli");
    let input = dir.join("k.hlsl");
    let output = dir.join("k.spv");
    std::fs::write(
        &input,
        "RWStructuredBuffer<uint> o;\n[numthreads(64, 1, 1)]\nvoid CS(uint3 id : SV_DispatchThreadID) { o[id.x] = WaveActiveSum(id.x); }\n",
    )
    .unwrap();
    let out = wavec()
        .args(["-spirv", "-T", "cs_6_2", "-E", "CS", "-HV", "2021", "-enable-16bit-types", "-O3", "-Wno-conversion"])
        .args(["-fspv-target-env=vulkan1.2", "-Fo"])
        .arg(&output)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let words = std::fs::read(&output).unwrap();
    assert_eq!(&words[..4], &0x0723_0203u32.to_le_bytes(), "not a SPIR-V module");
    // SPIR-V 1.5, what Vulkan 1.2 takes.
    assert_eq!(&words[4..8], &0x0001_0500u32.to_le_bytes());
    // `-T` names the stage too: a pixel profile for a compute entry point is refused.
    let out = wavec().args(["-spirv", "-T", "ps_6_0", "-E", "CS"]).arg(&input).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    // `-enable-16bit-types` defines `__HLSL_ENABLE_16_BIT`, as DXC does.
    let source = "#ifdef __HLSL_ENABLE_16_BIT\n#error sixteen\n#endif\nRWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)]\nvoid CS() { half h = 1.5h; o[0] = h; }\n";
    std::fs::write(&input, source).unwrap();
    assert_eq!(wavec().args(["-E", "CS"]).arg(&input).output().unwrap().status.code(), Some(0));
    let out = wavec().args(["-E", "CS", "-enable-16bit-types"]).arg(&input).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("sixteen"), "{out:?}");
}

#[test]
fn defines_and_include_dirs() {
    let dir = unique_temp_dir("cli");
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    std::fs::write(inc.join("common.hlsli"), "#define SCALE 3\n").unwrap();
    let input = dir.join("k.slang");
    std::fs::write(
        &input,
        "#include \"common.hlsli\"\nRWStructuredBuffer<uint> o;\n[numthreads(WIDTH, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { o[id.x] = id.x * SCALE; }\n",
    )
    .unwrap();
    let out = wavec().arg(&input).args(["-D", "WIDTH=16", "-I"]).arg(&inc).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[numthreads(16, 1, 1)]") && text.contains("* 3u"), "{text}");
}

#[test]
fn a_second_compile_replaces_the_output_and_leaves_no_temporary_file() {
    let dir = unique_temp_dir("cli");
    let input = dir.join("k.slang");
    let output = dir.join("k.spv");
    std::fs::write(&input, GOOD).unwrap();
    std::fs::write(&output, "stale bytes from an earlier run").unwrap();
    for _ in 0..2 {
        let out = wavec().arg(&input).args(["--target", "spirv", "-o"]).arg(&output).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let words = std::fs::read(&output).unwrap();
        assert_eq!(&words[..4], &[0x03, 0x02, 0x23, 0x07], "not SPIR-V");
    }
    let names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.contains("wavec-tmp")), "{names:?}");
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn compile_error_exits_1_and_leaves_the_old_output_alone() {
    let dir = unique_temp_dir("cli");
    let input = dir.join("bad.slang");
    let output = dir.join("bad.hlsl");
    std::fs::write(&input, "[numthreads(1,1,1)] void main() { undefinedThing = 1; }").unwrap();
    std::fs::write(&output, "previous good output").unwrap();
    let out = wavec().arg(&input).arg("-o").arg(&output).env("NO_COLOR", "1").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("E0301") && err.contains("undefined name `undefinedThing`"), "{err}");
    assert!(err.contains("bad.slang:1:"), "{err}");
    assert!(!err.contains('\u{1b}'), "colour with NO_COLOR: {err}");
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "previous good output");
}

#[test]
fn usage_errors_exit_2() {
    let out = wavec().args(["x.slang", "--target", "dxbc"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = wavec().args(["x.slang", "--profile", "sm_9_9"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = wavec().output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn missing_input_file_is_a_clear_error() {
    let out = wavec().arg("/nonexistent/dir/k.slang").env("NO_COLOR", "1").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("E0001") && err.contains("cannot read"), "{err}");
}

/// A Linux path is bytes, not necessarily UTF-8; such a path works like any other.
#[test]
fn a_path_that_is_not_utf8_compiles() {
    use std::os::unix::ffi::OsStrExt;
    let dir = unique_temp_dir("cli-bytes");
    let input = dir.join(std::ffi::OsStr::from_bytes(b"k\xff.slang"));
    std::fs::write(&input, GOOD).unwrap();
    let output = dir.join(std::ffi::OsStr::from_bytes(b"k\xfe.spv"));
    let out = wavec().arg(&input).args(["-target", "spirv", "-o"]).arg(&output).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(&output).unwrap()[..4], 0x0723_0203u32.to_le_bytes());
    let missing = wavec().arg(dir.join(std::ffi::OsStr::from_bytes(b"\xff"))).env("NO_COLOR", "1").output().unwrap();
    let err = String::from_utf8_lossy(&missing.stderr);
    assert_eq!(missing.status.code(), Some(1), "{err}");
    assert!(err.contains("E0001") && err.contains("cannot read"), "{err}");
}

const MATCH: &str = "RWStructuredBuffer<uint4> o;\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { o[id.x] = WaveMatch(id.x & 3); }\n";

#[test]
fn spirv_targets_profiles_and_capabilities() {
    let dir = unique_temp_dir("cli");
    let input = dir.join("k.slang");
    std::fs::write(&input, MATCH).unwrap();
    // Binary and text into a folder, Vulkan 1.2, the NV extension allowed (slangc spelling).
    let out = wavec()
        .arg(&input)
        .args(["--target", "spirv", "-target", "spirv-asm", "-profile", "vulkan1.2", "-profile", "sm_6_5"])
        .args(["-capability", "SPV_NV_shader_subgroup_partitioned", "-o"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let bin = std::fs::read(dir.join("k.spv")).unwrap();
    assert_eq!(&bin[..4], &0x0723_0203u32.to_le_bytes(), "SPIR-V magic");
    assert_eq!((bin[6], bin[5]), (1, 5), "SPIR-V 1.5 for vulkan1.2");
    let text = std::fs::read_to_string(dir.join("k.spvasm")).unwrap();
    assert!(text.contains("OpGroupNonUniformPartition"), "{text}");
    assert!(text.contains("SPV_NV_shader_subgroup_partitioned"), "{text}");
    // Without the capability: the portable lowering.
    let out = wavec().arg(&input).args(["--target", "spirv-asm"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("Partition") && text.contains("OpGroupNonUniformBallot"), "{text}");
    // Unknown profile and capability are usage errors.
    let out = wavec().arg(&input).args(["--capability", "SPV_FOO"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// DXC's macros for an HLSL source, Slang's for a Slang one, `__spirv__` for the SPIR-V target
/// only (the other target's front end runs without it), and `-D` overriding a predefined one.
#[test]
fn predefined_macros_per_language_and_target() {
    let dir = unique_temp_dir("cli");
    let text = "RWStructuredBuffer<int> o;\n[numthreads(1, 1, 1)]\nvoid main() {\n#ifdef __spirv__\n    o[0] = 111;\n#else\n    o[0] = 222;\n#endif\n    o[1] = __HLSL_VERSION * 10 + __HLSL__;\n#if defined(__hlsl_dx_compiler) && __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE\n    o[2] = __SHADER_TARGET_MAJOR * 10 + __SHADER_TARGET_MINOR;\n#endif\n}\n";
    let hlsl = dir.join("k.hlsl");
    std::fs::write(&hlsl, text).unwrap();
    let outs = dir.join("out");
    let out = wavec()
        .arg(&hlsl)
        .args(["-t", "spirv-asm", "-t", "hlsl", "--profile", "sm_6_5", "-o"])
        .arg(&outs)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let spv = std::fs::read_to_string(outs.join("k.spvasm")).unwrap();
    assert!(spv.contains("OpConstant  %1  111") && !spv.contains(" 222"), "{spv}");
    let h = std::fs::read_to_string(outs.join("k.hlsl")).unwrap();
    assert!(h.contains("o[0] = 222;") && h.contains("o[1] = 20211;") && h.contains("o[2] = 65;"), "{h}");

    let slang = dir.join("k.slang");
    std::fs::write(&slang, text).unwrap();
    let out = wavec().arg(&slang).args(["-t", "hlsl", "-D", "__HLSL__=7"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let h = String::from_utf8(out.stdout).unwrap();
    assert!(h.contains("o[1] = 20187;") && !h.contains("o[2]"), "{h}");
}
