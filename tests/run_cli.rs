//! `wavec run` and `wavec test`: buffer specs, dump formats, bad input, the matrix, the samples.
//! The Vulkan cases run on lavapipe (`WAVEC_TEST_DEVICE` picks another device) at 4 lanes.

use crate::support::{test_device, unique_temp_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn wavec() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wavec"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("MESA_SHADER_CACHE_DISABLE", "true")
        .env("LP_NATIVE_VECTOR_WIDTH", "128")
        .env("NO_COLOR", "1")
        .env_remove("SLANG_STANDARD_MODULE_PATH");
    c
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Runs and checks the exit status; returns (stdout, stderr).
fn expect_status(cmd: &mut Command, code: i32) -> (String, String) {
    let o = cmd.output().expect("run wavec");
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(code), "{cmd:?}\nstdout:\n{out}\nstderr:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    (out, err)
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Copies six inputs (one a cbuffer) to six outputs, so every spec kind shows in a dump.
const COPY: &str = r#"
StructuredBuffer<uint> A;     // 0
StructuredBuffer<int> B;      // 1
StructuredBuffer<float> C;    // 2
StructuredBuffer<uint> D;     // 3
cbuffer Params { uint Scale; uint Offset; };   // 4
RWStructuredBuffer<uint> Out; // 5
[[vk::binding(0, 1)]] RWStructuredBuffer<float> FOut;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    Out[i] = A[i] * Scale + Offset;
    Out[8 + i] = uint(B[i]);
    Out[16 + i] = D[i];
    FOut[i] = C[i] * 2.0;
}
"#;

fn copy_run(engine: &[&str]) {
    let dir = unique_temp_dir("run-cli");
    let shader = write(&dir, "copy.slang", COPY);
    let bin: Vec<u8> = [10u32, 20, 30, 40, 50, 60, 70, 80].iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(dir.join("d.bin"), &bin).unwrap();
    let out_dir = dir.join("out");
    let (out, err) = expect_status(
        wavec()
            .args(["run"])
            .arg(&shader)
            .args(engine)
            .args(["--groups", "2", "--buffer", "0=iota:u32:8", "--buffer", "1=i32:-1 -2 3 4 -5 6 7 8"])
            .args(["--buffer", "2=f32:0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5", "--buffer"])
            .arg(format!("3=@{}", dir.join("d.bin").display()))
            .args(["--buffer", "4=uniform:words:3 100 0 0", "--buffer", "5=fill:0xDEADBEEF:24", "--buffer", "1.0=32"])
            .args(["--dump", "5", "--dump", "5:hex", "--dump", "5:i32", "--dump", "1.0:f32", "--out-dir"])
            .arg(&out_dir),
        0,
    );
    assert!(err.contains("wavec: ran on"), "{err}");
    let expected_u32 = "buffer 5 (96 bytes):\n   0:        100        103        106        109        112        115        118        121\n   8: 4294967295 4294967294          3          4 4294967291          6          7          8\n  16:         10         20         30         40         50         60         70         80\n";
    assert!(out.contains(expected_u32), "{out}");
    assert!(out.contains("   8: 0xffffffff 0xfffffffe 0x00000003"), "{out}");
    assert!(out.contains("   8:  -1  -2   3   4  -5   6   7   8"), "{out}");
    assert!(out.contains("buffer 1.0 (32 bytes):\n  0:  1.0  3.0  5.0  7.0  9.0 11.0 13.0 15.0\n"), "{out}");
    let words = |name: &str| -> Vec<u32> {
        let b = std::fs::read(out_dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    };
    assert_eq!(words("0.bin"), (0..8).collect::<Vec<u32>>());
    assert_eq!(words("5.bin")[..4], [100, 103, 106, 109]);
    assert_eq!(words("1.0.bin")[0], 1.0f32.to_bits());
    assert_eq!(words("3.bin"), [10, 20, 30, 40, 50, 60, 70, 80]);
}

#[test]
fn run_every_spec_and_dump_format_on_lavapipe() {
    copy_run(&["--width", "4", "--device", &test_device()]);
}

#[test]
fn run_every_spec_and_dump_format_on_the_cpu_engine() {
    copy_run(&["--engine", "cpu", "--width", "8"]);
}

#[test]
fn run_random_is_seeded_and_the_cpu_engine_agrees_with_vulkan() {
    let dir = unique_temp_dir("run-cli");
    let shader = write(
        &dir,
        "k.slang",
        "RWStructuredBuffer<uint> In;\nRWStructuredBuffer<uint> Out;\n[numthreads(16, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { Out[id.x] = WavePrefixSum(In[id.x] & 0xff) + WaveGetLaneCount(); }\n",
    );
    let run = |engine: &[&str]| {
        expect_status(
            wavec()
                .arg("run")
                .arg(&shader)
                .args(engine)
                .args(["--width", "4", "--groups", "4", "--buffer", "0=random:42:u32:64", "--buffer", "1=256"])
                .args(["--dump", "1"]),
            0,
        )
        .0
    };
    let vk = run(&["--device", &test_device()]);
    assert_eq!(vk, run(&["--engine", "cpu"]));
    assert_eq!(vk, run(&["--engine", "cpu", "--lane-order", "linear"]));
}

/// Never finishes (the loop has an atomic side effect, so no compiler may drop or collapse it). lavapipe leaves any shader loop
/// after 65535 iterations (gallivm's loop limiter, see `tests/vulkan_runner.rs`), so the Vulkan
/// case dispatches 65535 groups of 64: hours of work.
const HANG: &str =
    "RWStructuredBuffer<uint> Out;\n[numthreads(64, 1, 1)]\nvoid main()\n{\n    while (Out[0] == 0)\n    {\n        InterlockedAdd(Out[1], 1);\n    }\n}\n";

#[test]
fn run_bad_input_gets_clear_messages() {
    let dir = unique_temp_dir("run-cli");
    let shader = write(&dir, "copy.slang", COPY);
    let broken =
        write(&dir, "broken.slang", "RWStructuredBuffer<uint> O;\n[numthreads(1,1,1)]\nvoid main() { O[0] = nope; }\n");
    let hang = write(&dir, "hang.slang", HANG);
    let device = test_device();
    let all = ["--buffer", "0=4", "--buffer", "1=4", "--buffer", "2=4", "--buffer", "3=4", "--buffer", "4=16"];
    let with_all = |extra: &[&str]| -> Vec<String> { all.iter().chain(extra).map(|s| s.to_string()).collect() };
    let just = |extra: &[&str]| -> Vec<String> { extra.iter().map(|s| s.to_string()).collect() };
    let d = device.as_str();
    let cases: Vec<(&Path, Vec<String>, i32, &str)> = vec![
        // A missing binding, on both engines.
        (
            &shader,
            with_all(&["--buffer", "1.0=4", "--device", d]),
            1,
            "the shader uses a storage buffer at set 0, binding 5, but no buffer was supplied for it",
        ),
        (
            &shader,
            with_all(&["--buffer", "1.0=4", "--engine", "cpu"]),
            1,
            "the shader uses `Out` at set 0, binding 5, but no buffer was supplied for it",
        ),
        // The wrong descriptor kind.
        (
            &shader,
            just(&["--buffer", "0=uniform:16", "--buffer", "5=4", "--device", d]),
            1,
            "the shader declares a storage buffer at set 0, binding 0, but a uniform buffer was supplied",
        ),
        // Buffers too small for what the kernel reads (the CPU engine sees it).
        (&shader, with_all(&["--buffer", "5=4", "--buffer", "1.0=4", "--engine", "cpu"]), 1, "out-of-bounds access"),
        (&shader, just(&["--buffer", "0=nonsense:3"]), 2, "bad buffer spec `nonsense:3`: unknown generator `nonsense`"),
        (&shader, just(&["--buffer", "0=0"]), 2, "a buffer cannot be empty"),
        (&shader, just(&["--buffer", "0=@/no/such.bin"]), 2, "cannot read `/no/such.bin`"),
        (&shader, just(&["--buffer", "0=4", "--dump", "7"]), 2, "--dump 7: no --buffer 7=SPEC was given"),
        (&shader, just(&["--buffer", "0=4", "--dump", "0:f64"]), 2, "unknown format `f64`"),
        (&shader, just(&["--width", "3"]), 2, "--width 3: a wave width is a power of two from 1 to 128"),
        (&shader, just(&["--engine", "cpu", "--width", "256"]), 2, "--width 256"),
        (&shader, just(&["--groups", "1,0"]), 2, "at least one group"),
        // A width the device does not have.
        (
            &shader,
            with_all(&["--buffer", "5=4", "--buffer", "1.0=4", "--width", "16", "--device", d]),
            1,
            "subgroup size 16 is not supported",
        ),
        (&shader, with_all(&["--device", "no-such-gpu"]), 1, "no Vulkan device whose name contains `no-such-gpu`"),
        (&broken, just(&["--buffer", "0=4"]), 1, "compile error"),
        (&broken, just(&["--buffer", "0=4", "--engine", "cpu"]), 1, "compile error"),
        // Kernels that never finish.
        (
            &hang,
            just(&["--groups", "65535", "--buffer", "0=8", "--timeout", "1", "--device", d]),
            1,
            "the dispatch did not finish within 1s",
        ),
        (
            &hang,
            just(&["--buffer", "0=8", "--timeout", "1", "--engine", "cpu"]),
            1,
            "did not finish within 1s on the CPU engine",
        ),
    ];
    for (file, args, code, message) in cases {
        let mut cmd = wavec();
        cmd.arg("run").arg(file).args(&args);
        if !args.iter().any(|a| a == "--groups") {
            cmd.args(["--groups", "1"]);
        }
        let (_, err) = expect_status(&mut cmd, code);
        assert!(err.contains(message), "{cmd:?}: expected `{message}` in:\n{err}");
    }
}

#[test]
fn test_fixture_folder_shows_the_matrix_and_the_first_differing_words() {
    let (out, _) = expect_status(wavec().args(["test", "tests/run"]), 1);
    assert!(out.starts_with("file                     4     8    16\n"), "{out}");
    assert!(out.contains("tests/run/fail.slang  FAIL  FAIL  FAIL\n"), "{out}");
    assert!(out.contains("tests/run/pass.slang  PASS  PASS  PASS\n"), "{out}");
    assert!(out.contains("3 passed, 3 failed, 0 skipped"), "{out}");
    // At 8 lanes, lanes 3..7 take the other branch: 5 active lanes.
    assert!(
        out.contains(
            "FAIL tests/run/fail.slang at width 8:\n  line 22: `expect 0 = 0 1 2 3`: 1 of 4 words differ\n      [3] expected 3, actual 1005\n  line 24: `compare 0`: 5 of 8 words differ\n      [3] expected 3, actual 1005\n      [4] expected 4, actual 1005\n"
        ),
        "{out}"
    );
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "--widths", "1,32", "tests/run"]), 1);
    assert!(
        out.contains("tests/run/fail.slang  FAIL  FAIL\n") && out.contains("tests/run/pass.slang  PASS  PASS\n"),
        "{out}"
    );
    assert!(out.contains("[3] expected 3, actual 1001"), "{out}"); // width 1: one lane per wave
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "tests/run/pass.slang"]), 0);
    assert!(out.contains("8 passed, 0 failed, 0 skipped"), "{out}");
}

#[test]
fn test_directive_errors_name_file_and_line() {
    let dir = unique_temp_dir("run-cli");
    let bad = write(&dir, "bad.slang", "RWStructuredBuffer<uint> O;\n//! dispatch 1\n//! buffer 0 = 4\n//! expect 0 = 1\n//! expekt 0 = 2\n[numthreads(1,1,1)] void main() { O[0] = 1; }\n");
    let short = write(&dir, "short.slang", "RWStructuredBuffer<uint> O;\n//! dispatch 1\n//! buffer 0 = 4\n//! expect 0 = 1 2\n[numthreads(1,1,1)] void main() { O[0] = 1; }\n");
    let hang = write(&dir, "hang.slang", &format!("{HANG}//! dispatch 1\n//! buffer 0 = 8\n//! expect 0 = 0 0\n"));
    let (out, _) = expect_status(
        wavec().args(["test", "--engine", "cpu", "--widths", "4", "--timeout", "1"]).arg(&bad).arg(&short).arg(&hang),
        1,
    );
    assert!(out.contains(&format!("{}:5: unknown directive `expekt`", bad.display())), "{out}");
    assert!(out.contains("`expect 0 = 1 2`: buffer 0 has 1 words, but 2 are expected"), "{out}");
    assert!(out.contains("did not finish within 1s"), "{out}");
    let (_, err) = expect_status(wavec().args(["test", "--engine", "cpu", "--widths", "3", "tests/run"]), 2);
    assert!(err.contains("`3` is not a wave width"), "{err}");
    let (_, err) = expect_status(wavec().args(["test", "no/such/dir"]), 2);
    assert!(err.contains("`no/such/dir` does not exist"), "{err}");
    let (_, err) = expect_status(wavec().args(["test", "--widths", "32", "--device", &test_device(), "tests/run"]), 1);
    assert!(err.contains("cannot run wave width 32 (it offers 4, 8, 16)"), "{err}");
}

#[test]
fn test_time_adds_a_matrix_of_median_times_for_passing_files() {
    // Through the child processes on lavapipe, and in process on the CPU engine; failing files
    // have no time.
    let vulkan = ["test", "--device", &test_device(), "--time", "3", "tests/run"];
    let cpu = ["test", "--engine", "cpu", "--widths", "4,8", "--time", "2", "tests/run"];
    for (args, widths) in [(&vulkan[..], 3), (&cpu[..], 2)] {
        let (out, _) = expect_status(wavec().args(args), 1);
        let runs = if widths == 3 { 3 } else { 2 };
        let (_, times) = out.split_once(&format!("median time of {runs} timed dispatches, µs\n")).expect(&out);
        let row = |name: &str| -> Vec<String> {
            let line = times.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name}: {out}"));
            line.split_whitespace().skip(1).map(String::from).collect()
        };
        let pass = row("tests/run/pass.slang");
        assert_eq!(pass.len(), widths, "{out}");
        assert!(pass.iter().all(|t| t.parse::<f64>().is_ok_and(|t| t > 0.0)), "{out}");
        assert_eq!(row("tests/run/fail.slang"), vec!["-"; widths], "{out}");
    }
    let (_, err) = expect_status(wavec().args(["test", "--engine", "cpu", "--time", "0", "tests/run"]), 2);
    assert!(err.contains("--time 0"), "{err}");
}

#[test]
fn reference_cpu_compares_with_the_cpu_engine_at_the_same_width() {
    // Each thread writes its lane index: the same as the CPU engine's linear lanes on lavapipe
    // and on a linear CPU run, and not when the lanes run in reverse.
    let dir = unique_temp_dir("reference-cpu");
    let file = write(
        &dir,
        "lanes.slang",
        "RWStructuredBuffer<uint> O;\n//! dispatch 1\n//! buffer 0 = 256\n//! reference-cpu\n//! compare 0\n\
         [numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { O[id.x] = WaveGetLaneIndex() + 100 * WaveGetLaneCount(); }\n",
    );
    let (out, _) = expect_status(wavec().args(["test", "--device", &test_device()]).arg(&file), 0);
    assert!(out.contains("3 passed, 0 failed"), "{out}");
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "--widths", "8,32"]).arg(&file), 0);
    assert!(out.contains("2 passed, 0 failed"), "{out}");
    let (out, _) = expect_status(
        wavec().args(["test", "--engine", "cpu", "--widths", "8", "--lane-order", "reverse"]).arg(&file),
        1,
    );
    assert!(out.contains("0 passed, 1 failed"), "{out}");
    // The intrinsic corpus's cases, which `--engine cuda` runs on an NVIDIA GPU, parse and pass
    // where the run is the reference itself; `//! virtual-widths` adds a row per virtual width,
    // here wider than the engine's waves.
    let (out, _) =
        expect_status(wavec().args(["test", "--engine", "cpu", "--widths", "32", "tests/intrinsics/cases"]), 0);
    assert!(out.contains("9 passed, 0 failed"), "{out}");
    for row in ["whole_group.slang @virtual 64 ", "divergent_flow.slang @virtual 128 "] {
        assert!(out.lines().any(|l| l.contains(row) && l.ends_with("PASS")), "{out}");
    }
}

#[test]
fn samples_pass_on_lavapipe_at_4_8_and_16_lanes() {
    let (out, _) = expect_status(wavec().args(["test", "--device", &test_device(), "samples"]), 0);
    assert!(out.starts_with("file                                4     8    16\n"), "{out}");
    for line in out.lines().filter(|l| l.starts_with("samples/")) {
        assert!(!line.contains("FAIL"), "{out}");
    }
    assert_eq!(out.lines().filter(|l| l.starts_with("samples/")).count(), 8, "{out}");
    assert!(out.contains("24 passed, 0 failed, 0 skipped"), "{out}");
}

#[test]
fn samples_pass_on_the_cpu_engine_at_every_width() {
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "samples"]), 0);
    assert!(out.contains("64 passed, 0 failed, 0 skipped"), "{out}");
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "--lane-order", "random:7", "samples"]), 0);
    assert!(out.contains("64 passed, 0 failed, 0 skipped"), "{out}");
}

/// A `[WaveSize(16)]` kernel: its folded `GetGroupWaveCount()` (32 threads / 16 = 2) is only
/// right at 16 lanes, so `wavec test` runs it there alone and `wavec run` refuses other widths.
#[test]
fn wave_size_kernels_run_only_at_their_wave_size() {
    let dir = unique_temp_dir("wavesize");
    let file = dir.join("ws.slang");
    std::fs::write(
        &file,
        "//! dispatch 2\n//! buffer 0 = 8\n//! expect 0 = 2 2\nRWStructuredBuffer<uint> Out;\n[WaveSize(16)]\n\
         [numthreads(32, 1, 1)]\nvoid main(uint3 g : SV_GroupID, uint gi : SV_GroupIndex)\n\
         {\n    if (gi == 0) Out[g.x] = GetGroupWaveCount();\n}\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", f]), 0);
    let row = out.lines().find(|l| l.contains("ws.slang")).unwrap_or_default().to_string();
    let cells: Vec<&str> = row.split_whitespace().skip(1).collect();
    assert_eq!(cells, ["SKIP", "SKIP", "SKIP", "SKIP", "PASS", "SKIP", "SKIP", "SKIP"], "{out}");
    let (_, err) = expect_status(
        wavec().args(["run", "--engine", "cpu", "--width", "4", f, "--groups", "2", "--buffer", "0=8"]),
        1,
    );
    assert!(err.contains("E0710") && err.contains("wave size 16"), "{err}");
}

/// lavapipe has no partitioned subgroup ops: a kernel compiled with the NVIDIA extension is
/// refused with the feature named, not with an opaque pipeline error.
#[test]
fn missing_subgroup_features_are_named() {
    let (_, err) = expect_status(
        wavec().args([
            "run",
            "samples/histogram.slang",
            "--entry",
            "matched",
            "--capability",
            "SPV_NV_shader_subgroup_partitioned",
            "--device",
            &test_device(),
            "--groups",
            "1",
            "--buffer",
            "0=iota:u32:64",
            "--buffer",
            "1=1024",
        ]),
        1,
    );
    assert!(err.contains("partitioned_nv") && err.contains("capability 5297"), "{err}");
}

/// `wavec` is linked statically and hands the Vulkan engine to `wavec-vulkan`, the program built
/// beside it (src/main.rs). Copied somewhere alone, it still compiles and runs the CPU engine,
/// and says what is missing for Vulkan rather than failing obscurely.
#[test]
fn wavec_alone_compiles_and_names_its_missing_vulkan_host() {
    let dir = unique_temp_dir("run-cli-alone");
    let alone = dir.join("wavec");
    std::fs::copy(env!("CARGO_BIN_EXE_wavec"), &alone).unwrap();
    let alone = |args: &[&str]| {
        let mut c = Command::new(&alone);
        c.current_dir(env!("CARGO_MANIFEST_DIR")).env("NO_COLOR", "1").args(args);
        c
    };
    let (hlsl, _) = expect_status(&mut alone(&["samples/stream_compaction.slang"]), 0);
    assert!(hlsl.contains("[numthreads("), "{hlsl}");
    let kernel = ["samples/stream_compaction.slang", "--groups", "1", "--buffer", "0=iota:i32:64"];
    let (_, err) = expect_status(&mut alone(&[&["run", "--engine", "cpu"], &kernel[..]].concat()), 1);
    assert!(err.contains("E0708") && err.contains("`Output`"), "the CPU engine should run in wavec itself:\n{err}");
    let host = format!("the Vulkan engine runs in `{}`", dir.join("wavec-vulkan").display());
    for vulkan in [
        [&["run"], &kernel[..]].concat(),
        vec!["test", "samples/"],
        vec!["test", "--engine", "cpu", "--child-width", "4", "samples/"],
    ] {
        let (_, err) = expect_status(&mut alone(&vulkan), 1);
        assert!(err.contains(&host), "{vulkan:?} on wavec alone:\n{err}");
    }
}

/// Reads from a sized array of three structured buffers at an index the shader reads at run
/// time, adds into an element of an array of two byte-address buffers and stores another's
/// length into the other.
const BUFFER_ARRAYS: &str = r#"
StructuredBuffer<uint> Ins[3];     // 0
RWByteAddressBuffer Acc[2];        // 1
RWStructuredBuffer<uint> Result;   // 2

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    uint u = Ins[2][0] - 20;
    Result[i] = Ins[u][i] + Ins[1][7 - i];
    Acc[u].InterlockedAdd(0, i);
    uint n, s;
    Ins[u + 1].GetDimensions(n, s);
    Acc[u + 1].Store(4 * i, n);
}
"#;

/// `--buffer B[K]=SPEC` gives element K of an array of buffers, on lavapipe and the CPU engine
/// alike, each dumped on its own (`--dump B[K]`); a malformed element, a gap in the elements
/// and too few buffers for a sized array are clear errors, never a panic.
#[test]
fn run_gives_an_array_of_buffers_one_buffer_per_element() {
    let dir = unique_temp_dir("run-cli");
    let shader = write(&dir, "arrays.slang", BUFFER_ARRAYS);
    let device = test_device();
    let given = [
        "--buffer",
        "0=u32:0 1 2 3 4 5 6 7",
        "--buffer",
        "0[1]=u32:10 11 12 13 14 15 16 17 18",
        "--buffer",
        "0[2]=u32:20 21 22 23 24 25 26 27",
        "--buffer",
        "1=4",
        "--buffer",
        "1[1]=32",
        "--buffer",
        "2=32",
    ];
    let dumps = ["--dump", "1", "--dump", "1[1]", "--dump", "2", "--groups", "1"];
    for engine in [vec!["--device", device.as_str()], vec!["--engine", "cpu"]] {
        let (out, _) = expect_status(wavec().arg("run").arg(&shader).args(given).args(dumps).args(&engine), 0);
        // u = 0: Ins[0][i] + Ins[1][7 - i] = i + 17 - i; Acc[0] = 0 + 1 + … + 7; Ins[1] has 9.
        assert!(out.contains("buffer 1 (4 bytes):\n  0: 28\n"), "{engine:?}:\n{out}");
        assert!(out.contains("buffer 1[1] (32 bytes):\n  0: 9 9 9 9 9 9 9 9\n"), "{engine:?}:\n{out}");
        assert!(out.contains("buffer 2 (32 bytes):\n  0: 17 17 17 17 17 17 17 17\n"), "{engine:?}:\n{out}");
    }
    let d = device.as_str();
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (vec!["--buffer", "0[x]=4"], 2, "`0[x]` is not a binding"),
        (vec!["--buffer", "0[1=4"], 2, "`0[1` is not a binding"),
        (
            vec!["--buffer", "0=4", "--buffer", "0[2]=4", "--buffer", "1=4", "--buffer", "2=4", "--device", d],
            1,
            "buffer 0[2] is given, but not 0[1]",
        ),
        (
            vec![
                "--buffer", "0=4", "--buffer", "0[1]=4", "--buffer", "1=4", "--buffer", "1[1]=4", "--buffer", "2=4",
                "--device", d,
            ],
            1,
            "the shader declares an array of 3 storage buffers at set 0, binding 0, but 2 buffer(s) are given for it",
        ),
    ];
    for (args, code, message) in cases {
        let mut cmd = wavec();
        cmd.arg("run").arg(&shader).args(&args).args(["--groups", "1"]);
        let (_, err) = expect_status(&mut cmd, code);
        assert!(err.contains(message), "{cmd:?}: expected `{message}` in:\n{err}");
    }
}

/// wavec's own tests in Slang's test format (`tests/slang/`): every family, on lavapipe and on
/// the CPU engine, through `wavec test`.
#[test]
fn slang_format_tests_pass_on_lavapipe_and_the_cpu_engine() {
    let (out, _) = expect_status(wavec().args(["test", "--device", &test_device(), "tests/slang"]), 0);
    let rows = out.lines().filter(|l| l.starts_with("tests/slang/")).count();
    assert_eq!(rows, 193, "one row per test line that is not disabled:\n{out}");
    assert!(out.contains("543 passed, 0 failed, 36 skipped"), "{out}");
    // Descriptor handles given buffers: SPIR-V has no heap of constant buffers yet, and the
    // runner does not fill heaps (the CPU engine runs them below). Multisampled textures: the
    // runner cannot fill a multisampled image (a SKIP naming why; the CPU engine runs them). Ray queries: lavapipe 22.3
    // has none (a SKIP naming the feature).
    assert!(
        out.contains("SKIP tests/slang/descriptor_handles.slang at every width: not through SPIR-V: E0670"),
        "{out}"
    );
    assert!(
        out.contains("SKIP tests/slang/defaults_and_init_lists.slang #1 at every width: a Slang `-cpu` test: it runs on the CPU engine only"),
        "{out}"
    );
    assert!(!out.contains("#2"), "a DISABLED_TEST line ran:\n{out}");
    assert!(
        out.contains("SKIP tests/slang/multisampled_textures.slang at every width: the device lacks a feature the shader needs: the multisampled texture at set 0, binding 0: the Vulkan runner cannot fill a multisampled image"),
        "{out}"
    );
    assert!(
        out.contains("SKIP tests/slang/multi_and_mask.slang at width 4: `//! widths` leaves this width out"),
        "{out}"
    );
    // lavapipe 22.3 has VK_EXT_shader_image_atomic_int64 but cannot store `R64_UINT` texels:
    // the 64-bit image tests are SKIPs naming the format (the CPU engine runs them below).
    assert!(
        out.contains("SKIP tests/slang/image_int64.slang at width 4: the device lacks a feature the shader needs: the image at set 0, binding 0: `r64ui` (VK_FORMAT_R64_UINT) cannot be a storage image"),
        "{out}"
    );
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "tests/slang"]), 0);
    assert!(out.contains("1450 passed, 0 failed, 94 skipped"), "{out}");
}

/// Slang-format files this runner cannot run are SKIPs that say why, never PASSes; a wrong
/// expectation or a missing one is a FAIL; without `//! widths`, a case runs where a 32-lane
/// GPU would have produced the same waves.
#[test]
fn slang_format_skips_say_why_and_failures_show_the_output() {
    let dir = unique_temp_dir("slang-format");
    let kernel = "RWStructuredBuffer<uint> outputBuffer;\n[numthreads(8, 1, 1)]\nvoid computeMain(uint3 id : SV_DispatchThreadID)\n{\n    outputBuffer[id.x] = WaveActiveSum(id.x);\n}\n";
    let input = "//TEST_INPUT:ubuffer(data=[0 0 0 0 0 0 0 0], stride=4):out,name outputBuffer\n";
    let good = write(&dir, "good.slang", &format!("//TEST(compute):COMPARE_COMPUTE(filecheck-buffer=CHECK):-vk\n{input}{kernel}// CHECK-COUNT-8: {{{{^}}}}1C{{{{$}}}}\n"));
    let wrong = write(&dir, "wrong.slang", &format!("//TEST(compute):COMPARE_COMPUTE(filecheck-buffer=CHECK):-vk\n{input}{kernel}// CHECK: {{{{^}}}}1D{{{{$}}}}\n"));
    let texture = write(
        &dir,
        "texture.slang",
        &format!(
            "//TEST(compute):COMPARE_COMPUTE:-vk\n//TEST_INPUT:RWTexture1D(format=BC1Unorm, size=4, content=one, mipMaps = 1):name t\n{input}{kernel}"
        ),
    );
    let dx12 = write(&dir, "dx12.slang", &format!("//TEST(compute):COMPARE_COMPUTE:-dx12 -use-dxil\n{input}{kernel}"));
    let missing = write(&dir, "missing.slang", &format!("//TEST(compute):COMPARE_COMPUTE:-vk\n{input}{kernel}"));
    let (out, _) = expect_status(
        wavec().args(["test", "--engine", "cpu"]).arg(&good).arg(&wrong).arg(&texture).arg(&dx12).arg(&missing),
        1,
    );
    let row = |p: &Path| out.lines().find(|l| l.starts_with(&p.display().to_string())).unwrap_or("").to_string();
    assert!(row(&good).ends_with("SKIP  SKIP  SKIP  PASS  PASS  PASS  PASS  PASS"), "{out}");
    assert!(out.contains("the group's 8 threads are one wave, as on 32-lane GPUs"), "{out}");
    assert!(row(&wrong).contains("FAIL") && !row(&wrong).contains("PASS"), "{out}");
    assert!(out.contains("`CHECK: {{^}}1D{{$}}`: no match after output line 1: `1C`"), "{out}");
    assert!(row(&texture).ends_with("SKIP  SKIP  SKIP  SKIP  SKIP  SKIP  SKIP  SKIP"), "{out}");
    assert!(out.contains("the texture format `BC1Unorm` is not supported"), "{out}");
    assert!(out.contains("no Vulkan compute test (only dx12)"), "{out}");
    assert!(out.contains("no expected results"), "{out}");
}

/// A Slang module with an interface and generics (`tests/modules/wave_reduce.slang`), imported
/// by two shaders, and a module of two files joined by `__include` (`shapes.slang`), imported by
/// a third, each run on lavapipe and the CPU engine.
#[test]
fn imported_module_serves_two_shaders_on_lavapipe_and_the_cpu_engine() {
    let (out, _) = expect_status(wavec().args(["test", "--device", &test_device(), "tests/modules"]), 0);
    assert!(out.contains("7 passed, 0 failed, 2 skipped"), "{out}");
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "tests/modules"]), 0);
    assert!(out.contains("18 passed, 0 failed, 6 skipped"), "{out}");
}

/// A standard-module folder (a Slang installation's `slang-standard-module-<version>`, here the
/// stand-in `tests/standard_modules/lib`) named by `--standard-modules` or by
/// SLANG_STANDARD_MODULE_PATH, for `wavec`, `wavec run` and `wavec test` (whose Vulkan children
/// get the flag), searched after the -I folders; without it the import fails naming the variable.
#[test]
fn standard_module_folder_is_found_by_flag_and_variable_after_include_dirs() {
    let shader = "tests/standard_modules/uses_tally.slang";
    let (_, err) = expect_status(wavec().args([shader, "-t", "spirv-asm"]), 1);
    assert!(err.contains("E0112") && err.contains("SLANG_STANDARD_MODULE_PATH"), "{err}");
    expect_status(wavec().args([shader, "-t", "spirv-asm", "--standard-modules", "tests/standard_modules/lib"]), 0);
    let (out, _) = expect_status(
        wavec()
            .args(["test", "--engine", "cpu", shader])
            .env("SLANG_STANDARD_MODULE_PATH", "tests/standard_modules/lib"),
        0,
    );
    assert!(out.contains("5 passed, 0 failed, 3 skipped"), "{out}");
    // A list, as PATH is: the first entry does not exist.
    let list = std::env::join_paths(["tests/standard_modules/missing", "tests/standard_modules/lib"]).unwrap();
    let (out, _) = expect_status(
        wavec().args(["test", "--device", &test_device(), shader]).env("SLANG_STANDARD_MODULE_PATH", list),
        0,
    );
    assert!(out.contains("2 passed, 0 failed, 1 skipped"), "{out}");
    let (out, _) = expect_status(
        wavec().args(["test", "--device", &test_device(), "--standard-modules", "tests/standard_modules/lib", shader]),
        0,
    );
    assert!(out.contains("2 passed, 0 failed, 1 skipped"), "{out}");
    // Three values below 4 by the standard module, the five others by the one -I shadows it with.
    for (include, expected) in
        [(None, "0: 3 3 3 3 3 3 3 3"), (Some("tests/standard_modules/override"), "0: 5 5 5 5 5 5 5 5")]
    {
        let mut cmd = wavec();
        cmd.args(["run", "--engine", "cpu", "--groups", "1", "--width", "8", "--dump", "1"])
            .args(["--buffer", "0=words:3,8,5,2,7,1,4,9", "--buffer", "1=32", shader])
            .env("SLANG_STANDARD_MODULE_PATH", "tests/standard_modules/lib");
        if let Some(dir) = include {
            cmd.args(["-I", dir]);
        }
        let (out, _) = expect_status(&mut cmd, 0);
        assert!(out.contains(expected), "{out}");
    }
}

/// The corpus of shaders written the way engine code is (`tests/corpus/`): sorts, light
/// culling, a luminance histogram, a particle step, and over textures a mip downsampler, a bloom
/// blur and SSAO. Each checks itself against its serial reference, on lavapipe at 4, 8 and 16
/// lanes and on the CPU engine at every width, with lanes in order and shuffled (the shaders
/// check their lane-layout assumptions and fall back).
#[test]
fn engine_corpus_passes_on_lavapipe_and_the_cpu_engine() {
    let files = std::fs::read_dir("tests/corpus")
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "slang"))
        .count();
    assert!(files >= 8, "the corpus went missing: {files} files");
    let (out, _) = expect_status(wavec().args(["test", "--device", &test_device(), "tests/corpus"]), 0);
    // The bindless shader needs descriptor indexing, the one that reads back a
    // three-component storage texture reading without a format, and the ray-traced one ray
    // queries, which lavapipe 22.3 lacks:
    // SKIPs that name the feature (the CPU engine runs them below; NVIDIA's driver ran them).
    let missing: Vec<&str> = out.lines().filter(|l| l.contains("lacks a feature")).collect();
    let allowed = [
        "SKIP tests/corpus/bindless_materials.slang",
        "SKIP tests/corpus/rgb_storage.slang",
        "SKIP tests/corpus/ray_query_scene.slang",
    ];
    assert!(missing.iter().all(|l| allowed.iter().any(|a| l.starts_with(a))), "{out}");
    // A SKIP line names one width, or all three at once.
    let skipped: usize = missing.iter().map(|l| if l.contains("at every width") { 3 } else { 1 }).sum();
    assert!(out.contains(&format!("{} passed, 0 failed, {skipped} skipped", files * 3 - skipped)), "{out}");
    for order in ["linear", "random:7"] {
        let (out, _) =
            expect_status(wavec().args(["test", "--engine", "cpu", "--lane-order", order, "tests/corpus"]), 0);
        assert!(out.contains(&format!("{} passed, 0 failed, 0 skipped", files * 8)), "{out}");
    }
}

/// `wavec test --via VIA` of every sample, Slang-format test and corpus shader, on lavapipe at
/// 4, 8 and 16 lanes: the output, which must show no FAIL.
fn samples_slang_tests_and_corpus_via(via: &str) -> String {
    let (out, _) = expect_status(
        wavec().args(["test", "--device", &test_device(), "--via", via, "samples", "tests/slang", "tests/corpus"]),
        0,
    );
    assert!(!out.lines().any(|l| l.contains("FAIL")), "{out}");
    out
}

/// `--via glsl`: every sample, Slang-format test and corpus shader compiled to GLSL, through
/// `glslangValidator -V` and run on lavapipe at 4, 8 and 16 lanes, checked as the SPIR-V path
/// checks them: all pass, the texture-sampling corpus shaders and the integer matrices included,
/// but for one corpus shader GLSL has no block layout for (a struct mixing `row_major` and
/// `column_major` matrices: a SKIP naming the GLSL backend's diagnostic), the descriptor handles
/// of constant buffers (a SKIP naming the GLSL backend's refusal; the pointer tests run through `GL_EXT_buffer_reference`), the inline
/// SPIR-V test (E0428) and the bindless one, which needs
/// descriptor indexing that lavapipe lacks (a SKIP naming the feature), as do the compute
/// derivatives of `tests/slang/compute_derivatives.slang`.
#[test]
fn samples_slang_tests_and_corpus_pass_through_glsl_on_lavapipe() {
    let out = samples_slang_tests_and_corpus_via("glsl");
    assert!(out.contains("636 passed, 0 failed, 51 skipped"), "{out}");
    let refused: Vec<&str> = out.lines().filter(|l| l.contains("not through GLSL")).collect();
    assert_eq!(refused, [
        "SKIP tests/slang/descriptor_handles.slang at every width: not through GLSL: E0624 GLSL output has no descriptor heap of `ConstantBuffer<Params>` yet",
        "SKIP tests/slang/inline_spirv.slang at every width: not through GLSL: E0428 inline SPIR-V (`spirv_asm`, `vk::spirv_instruction`) cannot be compiled for `glsl`",
        "SKIP tests/corpus/column_major_buffers.slang at every width: not through GLSL: E0622 this buffer mixes row-major and column-major matrices",
    ], "{out}");
}

/// `--via wgsl`: the same through wavec's WGSL and naga's SPIR-V backend. Every sample and
/// corpus shader passes at every width (typed buffers as storage buffers of their texels, depth
/// compares through `texture_depth_2d`), but those that index an array of textures, pass a
/// resource to a helper of their own, choose one at run time or update texels atomically (WGSL has none of these); the Slang-format tests that use what WGSL has no form for (8-, 16- and 64-bit
/// numbers, integer matrices, `double` (an interface payload's too), a scalar `float3` array, texel atomics, implicit-LOD sampling in compute
/// code, pointers, descriptor handles, the memory barriers of an atomic's memory order) are SKIPs that name the WGSL backend's diagnostic, never
/// passes, as is inline SPIR-V (E0428). Uniform blocks and push constants WGSL's struct rules
/// cannot declare (a `cbuffer`'s `float` array, a `float3x2` with 16-byte rows, HLSL's packing,
/// a struct the push constants lay out otherwise, an `int2` at byte 4) are read as words and
/// pass.
#[test]
fn samples_slang_tests_and_corpus_pass_through_wgsl_on_lavapipe() {
    let out = samples_slang_tests_and_corpus_via("wgsl");
    assert!(out.contains("513 passed, 0 failed, 174 skipped"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("SKIP samples/")), "{out}");
    let corpus: Vec<&str> = out.lines().filter(|l| l.starts_with("SKIP tests/corpus/")).collect();
    assert_eq!(corpus.len(), 7, "{out}");
    for name in [
        "bindless_materials",
        "combined_sampler_tiles",
        "ray_query_scene",
        "resource_choices",
        "resource_helpers",
        "static_resources",
        "texel_atomics",
    ] {
        let prefix = format!("SKIP tests/corpus/{name}.slang at every width: not through WGSL: E065");
        assert!(corpus.iter().any(|l| l.starts_with(&prefix)), "{out}");
    }
    let refused: Vec<&str> = out.lines().filter(|l| l.contains("not through WGSL")).collect();
    assert_eq!(refused.len(), 56, "{out}");
    let spirv_only = "SKIP tests/slang/inline_spirv.slang at every width: not through WGSL: E0428";
    assert!(refused.iter().all(|l| l.contains(": not through WGSL: E065") || l.starts_with(spirv_only)), "{out}");
}

#[test]
fn run_via_glsl_and_wgsl_dump_the_same_buffer_as_spirv() {
    let dir = unique_temp_dir("run-cli");
    let shader = write(
        &dir,
        "k.slang",
        "RWStructuredBuffer<uint> Out; [numthreads(8,1,1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = WavePrefixSum(id.x) * 2u + WaveActiveCountBits(id.x % 3u == 0u); }",
    );
    let run = |via: &str| {
        let (out, _) = expect_status(
            wavec().args(["run"]).arg(&shader).args([
                "--groups",
                "1",
                "--buffer",
                "0=32",
                "--dump",
                "0:u32",
                "--width",
                "4",
                "--device",
                &test_device(),
                "--via",
                via,
            ]),
            0,
        );
        out
    };
    // Two 4-lane waves: prefix sums within each wave doubled, plus the lanes of the wave whose
    // id is a multiple of 3 (0 and 3, then 6).
    const EXPECTED: &str = "0:  2  2  4  8  1  9 19 31";
    let glsl = run("glsl");
    assert_eq!(glsl, run("spirv"));
    assert!(glsl.contains(EXPECTED), "{glsl}");
    assert_eq!(run("wgsl"), glsl);
}

/// `--virtual-widths` on lavapipe (16-lane waves): every sample, corpus shader and Slang-format
/// test passes at virtual widths 1 to 16 (slices of the hardware's waves) and 32 and 64 (several
/// hardware waves meeting in groupshared memory, divergent code run by the whole group).
#[test]
fn samples_corpus_and_slang_tests_pass_at_virtual_widths_on_lavapipe() {
    let (out, _) = expect_status(
        wavec().args([
            "test",
            "--device",
            &test_device(),
            "--virtual-widths",
            "1,2,4,8,16,32,64",
            "samples",
            "tests/slang",
            "tests/corpus",
        ]),
        0,
    );
    assert!(out.contains("16-lane waves, virtual widths"), "{out}");
    assert!(!out.contains("FAIL"), "{out}");
    let rows = out.lines().filter(|l| l.starts_with("samples/") || l.starts_with("tests/")).count();
    assert!(rows >= 35, "{out}");
    let pass_row =
        |name: &str, cells: usize| out.lines().any(|l| l.starts_with(name) && l.matches("PASS").count() == cells);
    for file in ["samples/waves_per_group.slang", "samples/waterfall.slang", "tests/corpus/radix_sort.slang"] {
        assert!(pass_row(file, 7), "{file}: {out}");
    }
}

/// `wavec run --virtual-wave-size` wider than the device's waves gives the CPU engine's answer
/// at that width: the group wave index, lane numbers and a reduction of 64 threads in waves of 32.
#[test]
fn run_at_a_virtual_width_wider_than_the_device() {
    let dir = unique_temp_dir("run-wide");
    let shader = write(
        &dir,
        "wide.slang",
        "RWStructuredBuffer<uint> Out;\n\
         [numthreads(64, 1, 1)]\n\
         void main(uint gi : SV_GroupIndex)\n\
         {\n\
             uint sum = WaveActiveSum(gi);\n\
             if (gi % 3u == 0u)\n\
                 sum += WavePrefixSum(1u);\n\
             Out[gi] = GetGroupWaveIndex() * 100000u + WaveGetLaneIndex() * 1000u + sum;\n\
         }\n",
    );
    let args = |engine: &str, width: &str| {
        let mut a: Vec<String> =
            ["run", "--groups", "1", "--buffer", "0=fill:0:64", "--dump", "0:u32", "--engine", engine]
                .iter()
                .map(|s| s.to_string())
                .collect();
        a.extend(["--width".to_string(), width.to_string()]);
        a.push(shader.display().to_string());
        a
    };
    let (native, _) = expect_status(wavec().args(args("cpu", "32")), 0);
    let mut wide = args("cpu", "4");
    wide.extend(["--virtual-wave-size".to_string(), "32".to_string()]);
    let (cpu_wide, _) = expect_status(wavec().args(&wide), 0);
    assert_eq!(cpu_wide, native);
    // Thread 36: wave 1, lane 4, the sum of 32..63, plus 1 for thread 33, the multiple of 3
    // below it in its wave.
    assert!(native.contains("105521"), "{native}");
    let mut device = vec!["--device".to_string(), test_device()];
    device.extend(args("vulkan", "4").into_iter().skip(1));
    device.insert(0, "run".to_string());
    device.extend(["--virtual-wave-size".to_string(), "32".to_string()]);
    let (vulkan_wide, _) = expect_status(wavec().args(&device), 0);
    assert_eq!(vulkan_wide, native);
}

/// `wavec run --time N` times N more dispatches (device timestamps on Vulkan, wall time on the
/// CPU engine) and prints min/median/max; `--spirv FILE` runs another compiler's SPIR-V (here
/// wavec's own, written to a file) with the source giving the bindings, and gives the same
/// buffer as the ordinary run.
#[test]
fn run_times_dispatches_and_runs_given_spirv() {
    let dir = unique_temp_dir("run-time");
    let shader = write(
        &dir,
        "k.slang",
        "RWStructuredBuffer<uint> Out; [numthreads(64,1,1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = WavePrefixSum(id.x % 7u) + 3u * id.x; }",
    );
    let args = |extra: &[&str]| {
        let mut a = vec!["run".to_string(), shader.display().to_string(), "--groups".into(), "4".into()];
        a.extend(["--buffer".into(), "0=1024".into(), "--dump".into(), "0".into()]);
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let (plain, _) = expect_status(wavec().args(args(&["--device", &test_device()])), 0);
    let (timed, _) = expect_status(wavec().args(args(&["--device", &test_device(), "--time", "5"])), 0);
    let time_line = timed.lines().find(|l| l.starts_with("time: ")).unwrap_or_else(|| panic!("{timed}"));
    assert!(time_line.contains("over 5 dispatches") && time_line.contains("median"), "{time_line}");
    let buffer = |out: &str| out.lines().filter(|l| !l.starts_with("time: ")).collect::<Vec<_>>().join("\n");
    assert_eq!(buffer(&plain), buffer(&timed), "the timed runs changed the buffer that comes back");
    let (cpu, _) = expect_status(wavec().args(args(&["--engine", "cpu", "--time", "3"])), 0);
    assert!(cpu.contains("over 3 dispatches"), "{cpu}");
    let spv = dir.join("k.spv");
    expect_status(wavec().args([shader.to_str().unwrap(), "-t", "spirv", "-o", spv.to_str().unwrap()]), 0);
    let (given, _) =
        expect_status(wavec().args(args(&["--device", &test_device(), "--spirv", spv.to_str().unwrap()])), 0);
    assert_eq!(buffer(&plain), buffer(&given), "the given SPIR-V ran differently");
    let (_, err) = expect_status(wavec().args(args(&["--engine", "cpu", "--spirv", spv.to_str().unwrap()])), 1);
    assert!(err.contains("not SPIR-V") || err.contains("CPU engine runs wavec's own programs"), "{err}");
}

/// `--specialize`: Vulkan specializes the pipeline (the group size too), the CPU engine compiles
/// the values in, and GLSL's `constant_id` and WGSL's `override` carry them through the other
/// routes; without it every constant keeps its default.
#[test]
fn run_specializes_constants_on_every_engine_and_route() {
    let dir = unique_temp_dir("run-cli");
    let shader = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/spec_constants.slang");
    let run = |engine: &str, via: &str, specialize: &[&str]| {
        let mut cmd = wavec();
        cmd.args(["run"]).arg(&shader).args(["--groups", "1", "--buffer", "0=64", "--dump", "0:f32"]);
        cmd.args(["--engine", engine, "--via", via, "--width", "4"]);
        if engine == "vulkan" {
            cmd.args(["--device", &test_device()]);
        }
        for s in specialize {
            cmd.args(["--specialize", s]);
        }
        expect_status(&mut cmd, 0).0
    };
    // WIDTH (id 3) = 4 threads, SHIFT (id 0) = 1, SCALE (id 1) = 2, FLIP (id 2): -(tid*2*2 + 8);
    // the threads past the group's four leave their zero.
    let given = ["3=4", "0=1", "1=2.0", "2=1"];
    const SPECIALIZED: &str = "0: -8.0 -12.0 -16.0 -20.0 0.0 0.0 0.0 0.0";
    // The defaults: eight threads, (tid << 2) * 1.5 + 16.
    const DEFAULTS: &str = "0: 16.0 22.0 28.0 34.0 40.0 46.0 52.0 58.0";
    for (engine, via) in [("vulkan", "spirv"), ("cpu", "spirv"), ("vulkan", "glsl"), ("vulkan", "wgsl")] {
        let out = run(engine, via, &given);
        assert!(squash(&out).contains(SPECIALIZED), "{engine} via {via}:\n{out}");
        let out = run(engine, via, &[]);
        assert!(squash(&out).contains(DEFAULTS), "{engine} via {via}, defaults:\n{out}");
    }
    // An id the shader does not declare, and a value its type cannot hold, are errors.
    let mut cmd = wavec();
    cmd.args(["run"]).arg(&shader).args([
        "--groups",
        "1",
        "--buffer",
        "0=64",
        "--engine",
        "cpu",
        "--specialize",
        "9=1",
    ]);
    let (_, err) = expect_status(&mut cmd, 1);
    assert!(err.contains("E0523") && err.contains("no specialization constant 9"), "{err}");
    let mut cmd = wavec();
    cmd.args(["run"]).arg(&shader).args([
        "--groups",
        "1",
        "--buffer",
        "0=64",
        "--engine",
        "cpu",
        "--specialize",
        "2=1.5",
    ]);
    let (_, err) = expect_status(&mut cmd, 1);
    assert!(err.contains("E0523") && err.contains("`FLIP`) is a bool"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A dump's numbers with runs of spaces made one, so expectations need not know column widths.
fn squash(dump: &str) -> String {
    dump.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `//! specialize ID=VALUE…` in a test file: lavapipe specializes the pipeline (through
/// SPIR-V, GLSL and WGSL), the CPU engine compiles the values in; the expectation holds only
/// with the values given (the defaults would run eight threads and scale by 1.5).
#[test]
fn test_directive_specialize_runs_on_every_engine_and_route() {
    let dir = unique_temp_dir("run-cli");
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/spec_constants.slang"),
    )
    .unwrap();
    let directives = "//! dispatch 1\n//! specialize 3=4 1=2.0\n//! buffer 0 = 64\n\
                      //! expect 0 = f32: 8 16 24 32 0 0 0 0 0 0 0 0 0 0 0 0\n";
    let shader = write(&dir, "specialized.slang", &format!("{directives}{source}"));
    for via in ["spirv", "glsl", "wgsl"] {
        let (out, _) = expect_status(wavec().args(["test", "--device", &test_device(), "--via", via]).arg(&shader), 0);
        assert!(out.contains("3 passed, 0 failed, 0 skipped"), "via {via}:\n{out}");
    }
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu"]).arg(&shader), 0);
    assert!(out.contains("8 passed, 0 failed, 0 skipped"), "{out}");
    // Without the directive the same expectation fails: the values do reach the kernel.
    let unspecialized = write(
        &dir,
        "unspecialized.slang",
        &format!("{}{source}", directives.replace("//! specialize 3=4 1=2.0\n", "")),
    );
    let (out, _) = expect_status(wavec().args(["test", "--engine", "cpu", "--widths", "4"]).arg(&unspecialized), 1);
    assert!(out.contains("0 passed, 1 failed"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}
