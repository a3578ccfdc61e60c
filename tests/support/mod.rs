//! Helpers shared by the integration tests (all compiled into the single
//! `root` test binary).

#![allow(dead_code)] // not every test module uses every helper

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Set in a re-executed child to the lavapipe width it runs at; its
/// presence means "do the real work here instead of spawning".
pub const CHILD_ENV: &str = "WAVEC_TEST_CHILD_WIDTH";

/// A child taking longer than this is killed and the test fails, so a
/// hung driver cannot hang the test suite. A guard against hangs, not a
/// timing test: the intrinsic matrix's child takes about 100 s on an idle
/// 2-core machine and twice that beside the rest of the suite.
const CHILD_DEADLINE: Duration = Duration::from_secs(600);

/// A fresh directory under the system temp dir, unique per process and
/// call (tests run in parallel threads and in parallel processes).
pub fn unique_temp_dir(tag: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!(
        "wavec-{tag}-{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Compiles a GLSL compute shader to SPIR-V words with
/// `glslangValidator -V --target-env vulkan1.1 -S comp` (SPIR-V 1.3).
pub fn compile_glsl(src: &str) -> Vec<u32> {
    compile_glsl_for(src, "vulkan1.1")
}

/// Like [`compile_glsl`] for another `--target-env` (`vulkan1.3` gives
/// SPIR-V 1.6).
pub fn compile_glsl_for(src: &str, target_env: &str) -> Vec<u32> {
    compile_glsl_stage(src, target_env, "comp")
}

/// Like [`compile_glsl_for`] for a shader of another stage (`rgen`, `rchit`, …, as
/// glslangValidator's `-S` names them).
pub fn compile_glsl_stage(src: &str, target_env: &str, stage: &str) -> Vec<u32> {
    let dir = unique_temp_dir("glsl");
    let input = dir.join(format!("shader.{stage}"));
    let output = dir.join("shader.spv");
    std::fs::write(&input, src).expect("write shader source");
    let result = Command::new("glslangValidator")
        .args(["-V", "--target-env", target_env, "-S", stage, "-o"])
        .arg(&output)
        .arg(&input)
        .output();
    let bytes = match result {
        Ok(out) if out.status.success() => std::fs::read(&output).expect("read SPIR-V"),
        Ok(out) => panic!(
            "glslangValidator failed:\n{}{}\nsource:\n{src}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => panic!("cannot run glslangValidator (install glslang-tools): {e}"),
    };
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(bytes.len() % 4, 0, "SPIR-V is not a whole number of words");
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

pub fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// The device the execution tests run on: `WAVEC_TEST_DEVICE`, else Mesa's
/// lavapipe (`llvmpipe`), the only one whose subgroup size we can choose.
pub fn test_device() -> String {
    std::env::var("WAVEC_TEST_DEVICE").unwrap_or_else(|_| "llvmpipe".into())
}

/// lavapipe's `LP_NATIVE_VECTOR_WIDTH` (bits) for a subgroup size (lanes
/// of 32 bits).
pub fn lavapipe_width_bits(lanes: u32) -> u32 {
    lanes * 32
}

/// Runs `body(lanes)` once per subgroup size in `lanes`, each time in a
/// child process of this test binary with `LP_NATIVE_VECTOR_WIDTH` set
/// accordingly.
///
/// Why a child: lavapipe reads `LP_NATIVE_VECTOR_WIDTH` once, when the
/// driver is loaded, so one process can only ever see one width; the
/// child also contains anything a run leaks (a timed-out shader keeps a
/// lavapipe thread spinning until its process exits).  Its shader cache
/// ignores the width, hence `MESA_SHADER_CACHE_DISABLE=true`.
///
/// `test` is the test's path as libtest names it; pass
/// `concat!(module_path!(), "::fn_name")` (the crate segment is dropped).
/// In the child, the marker env var makes this call run `body` directly.
pub fn at_widths(test: &str, lanes: &[u32], body: impl Fn(u32)) {
    if let Ok(w) = std::env::var(CHILD_ENV) {
        let w: u32 = w.parse().expect("child width");
        body(w);
        return;
    }
    let crate_prefix = concat!(env!("CARGO_CRATE_NAME"), "::");
    let name = test.strip_prefix(crate_prefix).unwrap_or(test);
    let exe = std::env::current_exe().expect("current test executable");
    for &w in lanes {
        let mut child = Command::new(&exe)
            .args([name, "--exact", "--nocapture", "--test-threads=1"])
            .env("LP_NATIVE_VECTOR_WIDTH", lavapipe_width_bits(w).to_string())
            .env("MESA_SHADER_CACHE_DISABLE", "true")
            .env(CHILD_ENV, w.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn child test process");
        // Drain the pipes on threads so a chatty child cannot block on a
        // full pipe while we poll for its exit.
        let drain = |r: Option<Box<dyn Read + Send>>| {
            std::thread::spawn(move || {
                let mut s = String::new();
                if let Some(mut r) = r {
                    let _ = r.read_to_string(&mut s);
                }
                s
            })
        };
        let out = drain(child.stdout.take().map(|r| Box::new(r) as Box<dyn Read + Send>));
        let err = drain(child.stderr.take().map(|r| Box::new(r) as Box<dyn Read + Send>));
        let start = Instant::now();
        let status = loop {
            match child.try_wait().expect("wait for child") {
                Some(status) => break Some(status),
                None if start.elapsed() > CHILD_DEADLINE => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                None => std::thread::sleep(Duration::from_millis(20)),
            }
        };
        let stdout = out.join().unwrap_or_default();
        let stderr = err.join().unwrap_or_default();
        let report = format!(
            "child `{name}` at {w} lanes (LP_NATIVE_VECTOR_WIDTH={})\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
            lavapipe_width_bits(w)
        );
        match status {
            None => panic!("{report}\nchild killed after {CHILD_DEADLINE:?}"),
            Some(s) if !s.success() => panic!("{report}\nchild failed: {s}"),
            // A wrong name filters everything out and "passes" vacuously.
            Some(_) if !stdout.contains("1 passed") => {
                panic!("{report}\nchild did not run exactly one test; is `{name}` its libtest name?")
            }
            Some(_) => {}
        }
    }
}

/// Where golden files live, and whether this run rewrites them (`BLESS=1`).
pub fn blessing() -> bool {
    std::env::var("BLESS").is_ok_and(|v| v == "1")
}

/// Compares `actual` with the golden file at `path` (or rewrites it under `BLESS=1`).
pub fn check_golden(path: &std::path::Path, actual: &str) {
    if blessing() {
        std::fs::write(path, actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("missing golden file {} (run with BLESS=1 to create it)", path.display()));
    pretty_assertions::assert_str_eq!(expected, actual, "golden file {} differs (BLESS=1 rewrites it)", path.display());
}

/// Compiles HLSL with `glslangValidator -D -V` to SPIR-V words (the HLSL front end of glslang).
pub fn compile_hlsl(src: &str, entry: &str) -> Result<Vec<u32>, String> {
    let dir = unique_temp_dir("hlsl");
    let input = dir.join("shader.hlsl");
    let output = dir.join("shader.spv");
    std::fs::write(&input, src).expect("write HLSL");
    let out = Command::new("glslangValidator")
        .args(["-D", "-V", "--auto-map-bindings", "--target-env", "vulkan1.1", "-S", "comp", "-e", entry, "-o"])
        .arg(&output)
        .arg(&input)
        .output()
        .map_err(|e| format!("cannot run glslangValidator (install glslang-tools): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "glslangValidator failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let bytes = std::fs::read(&output).expect("read SPIR-V");
    let _ = std::fs::remove_dir_all(&dir);
    Ok(bytes_to_words(&bytes))
}

/// Runs `spirv-val --target-env ENV` on a module; `Err` holds its complaint.
pub fn spirv_val(words: &[u32], env: &str) -> Result<(), String> {
    spirv_val_with(words, env, &[])
}

/// [`spirv_val`] with more of its options (`--scalar-block-layout`).
pub fn spirv_val_with(words: &[u32], env: &str, flags: &[&str]) -> Result<(), String> {
    let dir = unique_temp_dir("spv");
    let path = dir.join("m.spv");
    std::fs::write(&path, words_to_bytes(words)).expect("write SPIR-V");
    let out = Command::new("spirv-val")
        .args(["--target-env", env])
        .args(flags)
        .arg(&path)
        .output()
        .map_err(|e| format!("cannot run spirv-val (install spirv-tools): {e}"))?;
    let _ = std::fs::remove_dir_all(&dir);
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
    }
}

/// Compiles with wavec to SPIR-V words (panics with the diagnostics on failure).
pub fn wavec_spirv(src: &str, options: &wavec::Options) -> Vec<u32> {
    let mut options = options.clone();
    options.targets = vec![wavec::Target::Spirv];
    match wavec::compile(src, &options) {
        Ok(o) => bytes_to_words(o.binary(wavec::Target::Spirv).expect("SPIR-V output")),
        Err(d) => panic!("wavec failed:\n{}", d.render_plain()),
    }
}

/// Options from a golden file's argument string (`--profile sm_6_5 --emulate always`).
pub fn options_from_args(args: &str) -> wavec::Options {
    let mut o = wavec::Options::default();
    let mut targets_given = false;
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1).copied().unwrap_or("");
        match words[i] {
            "--profile" => {
                match (wavec::back::spv::Profile::from_name(value), wavec::back::glsl::Version::from_name(value)) {
                    (Some(p), _) => o.spirv_profile = p,
                    (None, Some(v)) => o.glsl_version = v,
                    _ => o.hlsl_shader_model = wavec::stdlib::parse_shader_model(value).expect("profile"),
                }
            }
            "--capability" => o.spirv_capabilities.push(
                wavec::back::spv::OptionalCapability::from_name(value)
                    .unwrap_or_else(|| panic!("unknown capability `{value}`")),
            ),
            "--entry" => o.entry = Some(value.to_string()),
            // Repeated, several targets in one compile (the first replaces the default).
            "-t" | "--target" => {
                let target = wavec::Target::from_name(value).expect("target");
                if targets_given {
                    o.targets.push(target);
                } else {
                    o.targets = vec![target];
                }
                targets_given = true;
            }
            "--allow-glsl" => {
                o.allow_glsl = true;
                i += 1;
                continue;
            }
            "--stage" => o.stage = wavec::ir::Stage::from_name(value),
            "--wave-size" => o.wave_size = Some(value.parse().expect("wave size")),
            "--virtual-wave-size" => o.virtual_wave_size = Some(value.parse().expect("virtual wave size")),
            "--hardware-wave-size" => o.hardware_wave_size = Some(value.parse().expect("hardware wave size")),
            "--layout" => o.layout = wavec::layout::LayoutMode::from_name(value).expect("layout"),
            "--matrix-layout" => {
                o.matrix_majorness = match value {
                    "row" => wavec::ir::Majorness::Row,
                    _ => wavec::ir::Majorness::Column,
                }
            }
            "--emulate" => {
                o.emulate = match value {
                    "always" => wavec::Emulate::Always,
                    "never" => wavec::Emulate::Never,
                    _ => wavec::Emulate::Auto,
                }
            }
            "--conformance" => {
                let (names, id) = value.rsplit_once('=').expect("TYPE:INTERFACE=ID");
                let (ty, iface) = names.split_once(':').expect("TYPE:INTERFACE=ID");
                o.conformances.push((ty.to_string(), iface.to_string(), id.parse().expect("id")));
            }
            "-D" => {
                let (n, v) = match value.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (value.to_string(), None),
                };
                o.defines.push((n, v));
            }
            other => panic!("unknown golden argument `{other}`"),
        }
        i += 2;
    }
    o
}

/// Spec 0048's test shader: per thread `(waveIndex, waveCount, lane, firstGi)` and
/// `(laneCount, gi)`, read in divergent code (lane 0 of each wave inactive), for shapes given by
/// `-D X=… -D Y=… -D Z=…`.
pub const GROUP_WAVE_SHADER: &str = r#"
[[vk::binding(0)]] RWStructuredBuffer<uint4> Out;

[numthreads(X, Y, Z)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID)
{
    uint threads = X * Y * Z;
    uint flat = gid.x * threads + gi;
    // A divergent read: lane 0 of each wave is inactive (unless it is alone), whatever the layout.
    uint index = 0;
    uint count = 0;
    if (WaveGetLaneIndex() != 0 || WaveActiveCountBits(true) == 1)
    {
        index = GetGroupWaveIndex();
        count = GetGroupWaveCount();
    }
    index = WaveActiveMax(index);
    count = WaveActiveMax(count);
    Out[flat * 2] = uint4(index, count, WaveGetLaneIndex(), WaveReadLaneFirst(gi));
    Out[flat * 2 + 1] = uint4(WaveGetLaneCount(), gi, 0, 0);
}
"#;

/// Spec 0048's invariants over the rows `GROUP_WAVE_SHADER` writes, grouped into waves by
/// their first lane (no thread-to-lane layout assumed).
/// `exact`: the count must be `ceil(threads / lanes)` (the CPU engine packs waves fully; a driver
/// need not: lavapipe gives 4x4x4 at 8 lanes 16 waves).
pub fn check_group_wave_invariants(words: &[u32], threads: usize, groups: usize, lanes: u32, what: &str, exact: bool) {
    for g in 0..groups {
        let rows: Vec<[u32; 8]> = (0..threads)
            .map(|t| {
                let base = (g * threads + t) * 8;
                words[base..base + 8].try_into().unwrap()
            })
            .collect();
        let count = rows[0][1];
        let min_waves = threads.div_ceil(lanes as usize) as u32;
        if exact {
            assert_eq!(count, min_waves, "{what}: count");
        } else {
            assert!(count >= min_waves, "{what}: count {count} < ceil({threads}/{lanes})");
        }
        let mut waves: std::collections::BTreeMap<u32, u32> = Default::default();
        for (t, r) in rows.iter().enumerate() {
            assert_eq!(r[1], count, "{what}: count not uniform in group {g}");
            assert_eq!(r[4], lanes, "{what}: lane count");
            assert_eq!(r[5] as usize, t, "{what}: SV_GroupIndex");
            assert!(r[0] < count, "{what}: index {} >= count {count}", r[0]);
            let index = *waves.entry(r[3]).or_insert(r[0]);
            assert_eq!(index, r[0], "{what}: index not uniform in the wave led by thread {}", r[3]);
        }
        let mut indices: Vec<u32> = waves.values().copied().collect();
        indices.sort_unstable();
        let before = indices.len();
        indices.dedup();
        assert_eq!(indices.len(), before, "{what}: two waves share an index in group {g}");
        assert_eq!(indices, (0..count).collect::<Vec<_>>(), "{what}: indices must cover 0..count");
    }
}

/// `g++ -std=c++17 -fsyntax-only` of a C-family output (CUDA, Metal) named `file`, with the
/// stub declarations of `stub` (relative to the crate) included first and `include` on the
/// include path: what a C++ front end can check of a target whose compiler is not here.
pub fn cxx_syntax_check(text: &str, file: &str, stub: &str, include: &str, flags: &[&str]) -> Result<(), String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("wavec-cxx-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(file);
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    let out = std::process::Command::new("g++")
        .args(["-std=c++17", "-fsyntax-only", "-x", "c++"])
        .args(flags)
        .arg("-include")
        .arg(root.join(stub))
        .arg("-I")
        .arg(root.join(include))
        .arg(&path)
        .output()
        .map_err(|e| format!("cannot run g++: {e}"))?;
    let _ = std::fs::remove_dir_all(&dir);
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}
