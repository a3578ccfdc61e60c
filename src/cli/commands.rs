//! `wavec run` and `wavec test`: the command lines over [`wavec::testing`].

use clap::Parser;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wavec::exec::LaneOrder;
use wavec::testing::directive::{parse_groups, parse_widths};
use wavec::testing::spec::{dump, parse_spec, BufferId, DumpFormat};
use wavec::testing::{self, Engine, Job, Outcome, Via};

use super::{emulate, parse_defines, parse_or_exit, usage_error};

fn failure(msg: impl std::fmt::Display) -> u8 {
    eprintln!("wavec: {msg}");
    1
}

/// Hands this whole invocation to the program that runs the Vulkan engine, when that is not this
/// one (`crate::VULKAN_HOST`, beside this program). `None` when this process runs it; otherwise
/// the process becomes that program and this returns only the status of a failed start.
fn hand_to_vulkan_host() -> Option<u8> {
    let host = crate::VULKAN_HOST?;
    let path = match std::env::current_exe() {
        Ok(exe) => exe.with_file_name(host),
        Err(e) => return Some(failure(format!("the Vulkan engine runs in `{host}`, beside wavec: {e}"))),
    };
    let mut command = Command::new(&path);
    command.args(std::env::args_os().skip(1));
    #[cfg(unix)]
    let error = std::os::unix::process::CommandExt::exec(&mut command);
    #[cfg(not(unix))]
    let error = match command.status() {
        Ok(status) => return Some(status.code().map_or(1, |c| c as u8)),
        Err(e) => e,
    };
    Some(failure(format!(
        "the Vulkan engine runs in `{}`, installed beside wavec, which could not be started: {error}",
        path.display()
    )))
}

#[derive(Parser, Debug)]
#[command(
    name = "wavec run",
    bin_name = "wavec run",
    about = "Compile a compute shader, dispatch it once on a Vulkan device or the CPU engine, and show its buffers",
    after_help = "SPEC: a byte size (zero-filled), @file.bin, iota:u32|i32|f32:N, fill:VALUE:N, \
                  random:SEED:u32|i32|f32:N, words:1 2 3, i32:-1 2, f32:1.0 2.5; a uniform: or storage: \
                  prefix fixes the descriptor kind (default: what the shader declares).\n\
                  Textures: image:FORMAT:SIZE[:cube][:layers=N][:mips=N|full][:count=N][:samples=N]:CONTENTS, FORMAT rgba32f, \
                  rgba8, r32f, r32ui… (the [[vk::image_format]] names), SIZE W, WxH or WxHxD, CONTENTS zero, \
                  fill:V[,V,V,V], random:SEED or @file; the texels come back after the run. Samplers: \
                  sampler:ITEM,… with nearest|linear, min=/mag=/mip=, wrap|mirror|clamp|border|mirror_once, \
                  u=/v=/w=, border_color=, compare=, lod_bias=, min_lod=, max_lod=, count=N. A combined \
                  texture-sampler (Sampler2D, a texture and a sampler at one binding): image:…+sampler:… (README, \
                  \"Images and samplers\").\n\
                  Bindings: [[vk::binding(b, s)]], else register(xN, spaceM) (plus -fvk-x-shift), else $Globals first, then \
                  declaration order in set 0, then the entry point's uniform resources; `push` is the push constants \
                  (its uniform values).\n\
                  On lavapipe the wave width is chosen by LP_NATIVE_VECTOR_WIDTH (128 → 4 lanes, 256 → 8, \
                  512 → 16); set MESA_SHADER_CACHE_DISABLE=true when changing it.\n\
                  Exit status: 0 success, 1 compile/run errors, 2 usage errors."
)]
struct RunCli {
    /// The shader.
    input: PathBuf,
    /// Entry point (default: `main`, else the only entry point).
    #[arg(long)]
    entry: Option<String>,
    /// Define a preprocessor macro: -D NAME or -D NAME=VALUE.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    defines: Vec<String>,
    /// Add a folder to the `#include` search path.
    #[arg(short = 'I', value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
    /// A folder of Slang's standard modules (an installation's `slang-standard-module-<version>`,
    /// holding `slang/neural.slang`): `import` searches it after the -I folders, then the
    /// folders SLANG_STANDARD_MODULE_PATH lists (repeatable).
    #[arg(long = "standard-modules", value_name = "DIR")]
    standard_modules: Vec<PathBuf>,
    /// Read GLSL's words too (`buffer` blocks, `layout(…)`, `vec3`), as a `#version` line does
    /// (Slang's -allow-glsl).
    #[arg(long = "allow-glsl")]
    allow_glsl: bool,
    /// DXC's -enable-16bit-types: define __HLSL_ENABLE_16_BIT in HLSL sources (`half` is
    /// binary16 either way).
    #[arg(long = "enable-16bit-types")]
    enable_16bit_types: bool,
    /// Give specialization constant ID VALUE: Vulkan specializes the pipeline with it (the
    /// SPIR-V keeps its default), the CPU and CUDA engines compile it in.
    #[arg(long = "specialize", value_name = "ID=VALUE")]
    specialize: Vec<String>,
    /// DXC's -fvk-b-shift N SPACE: bind register(bK, spaceS) at K+N (SPACE a number or `all`).
    #[arg(long = "fvk-b-shift", num_args = 2, value_names = ["N", "SPACE"])]
    fvk_b_shift: Vec<String>,
    /// -fvk-t-shift N SPACE, for t registers.
    #[arg(long = "fvk-t-shift", num_args = 2, value_names = ["N", "SPACE"])]
    fvk_t_shift: Vec<String>,
    /// -fvk-u-shift N SPACE, for u registers.
    #[arg(long = "fvk-u-shift", num_args = 2, value_names = ["N", "SPACE"])]
    fvk_u_shift: Vec<String>,
    /// -fvk-s-shift N SPACE, for s registers.
    #[arg(long = "fvk-s-shift", num_args = 2, value_names = ["N", "SPACE"])]
    fvk_s_shift: Vec<String>,
    /// The type id of a type among the values of an interface it conforms to:
    /// `--conformance Impl:IFoo=3` (slangc's -conformance; repeatable). Other conforming types
    /// take the lowest ids not given, in the order they conform.
    #[arg(long = "conformance", value_name = "TYPE:INTERFACE=ID")]
    conformances: Vec<String>,
    /// Group wave index lowering: auto, always (groupshared fallback), never.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    emulate: String,
    /// SPIR-V profile: vulkan1.1 … vulkan1.3, spirv_1_3 … spirv_1_6, universal1.3 … universal1.6.
    #[arg(long)]
    profile: Option<String>,
    /// Allow an optional SPIR-V capability: SPV_NV_shader_subgroup_partitioned,
    /// SPV_KHR_subgroup_rotate, GroupNonUniformClustered (repeatable).
    #[arg(long = "capability", value_name = "NAME")]
    capabilities: Vec<String>,
    /// Workgroups to dispatch: X[,Y,Z].
    #[arg(long, value_name = "X[,Y,Z]")]
    groups: String,
    /// A buffer: [SET.]BINDING=SPEC, or push=SPEC for the push constants (repeatable).
    #[arg(long = "buffer", value_name = "B=SPEC")]
    buffers: Vec<String>,
    /// Print a buffer after the run: B[:u32|i32|f32|hex] (repeatable).
    #[arg(long = "dump", value_name = "B[:FORMAT]")]
    dumps: Vec<String>,
    /// Write every buffer to DIR/<binding>.bin (DIR/<set>.<binding>.bin for set > 0).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Wave width: Vulkan pins this subgroup size where the device can; CPU default 32.
    #[arg(long)]
    width: Option<u32>,
    /// Vulkan's robust buffer access: a read past a buffer's end gives zero and a write there is
    /// dropped (the CPU engine warns of each, W0701), instead of an error on the CPU engine.
    #[arg(long = "robust-buffer-access")]
    robust_buffer_access: bool,
    /// Run as if waves were N lanes (1 to 128, a power of two) on the engine's waves of any
    /// width: narrower slices of them, or several of them meeting in groupshared memory.
    #[arg(long, value_name = "N")]
    virtual_wave_size: Option<u32>,
    /// Vulkan device: a case-insensitive part of its name (default: the first GPU, else anything).
    #[arg(long)]
    device: Option<String>,
    /// Where to run: vulkan, cpu or cuda (the CUDA backend through nvcc on the first CUDA device).
    #[arg(long, default_value = "vulkan", value_parser = ["vulkan", "cpu", "cuda"])]
    engine: String,
    /// How the shader reaches Vulkan: spirv (wavec's SPIR-V) glsl (wavec's GLSL through
    /// glslangValidator -V) or wgsl (wavec's WGSL through naga's SPIR-V backend).
    #[arg(long, default_value = "spirv", value_parser = ["spirv", "glsl", "wgsl"])]
    via: String,
    /// CPU engine lane order: linear, reverse or random:SEED.
    #[arg(long, default_value = "linear")]
    lane_order: String,
    /// Give up on a dispatch after this many seconds.
    #[arg(long, default_value_t = 20.0)]
    timeout: f64,
    /// Buffer memory layouts: dxc (DXC's default: relaxed std140 for cbuffers, relaxed std430
    /// for storage buffers), gl (strict std140/std430), dx (D3D's packing), scalar.
    #[arg(long, default_value = "dxc", value_parser = ["dxc", "gl", "dx", "scalar"])]
    layout: String,
    /// How matrices declared without `row_major`/`column_major` are stored: column (HLSL's
    /// default) or row (DXC's -Zpr).
    #[arg(long, default_value = "column", value_parser = ["column", "row"])]
    matrix_layout: String,
    /// After the run, time N more dispatches (default 20) and print min/median/max in µs:
    /// Vulkan timestamps around each dispatch after 3 warm-up dispatches; the CPU engine's wall
    /// time per run.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "20")]
    time: Option<u32>,
    /// Vulkan: run this SPIR-V (another compiler's, say) instead of wavec's; INPUT still says
    /// what the bindings hold. Its entry point is --entry, else `main`.
    #[arg(long, value_name = "FILE")]
    spirv: Option<PathBuf>,
}

/// `min 12.3 µs, median 12.9 µs, max 14.0 µs over 20 dispatches`.
pub fn time_summary(times: &[Duration]) -> String {
    let mut us: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e6).collect();
    us.sort_by(f64::total_cmp);
    let median = if us.len() % 2 == 1 { us[us.len() / 2] } else { (us[us.len() / 2 - 1] + us[us.len() / 2]) / 2.0 };
    format!("min {:.1} µs, median {:.1} µs, max {:.1} µs over {} dispatches", us[0], median, us[us.len() - 1], us.len())
}

fn check_width(w: u32) -> Result<u32, String> {
    if w.is_power_of_two() && w <= 128 {
        Ok(w)
    } else {
        Err(format!("--width {w}: a wave width is a power of two from 1 to 128"))
    }
}

fn timeout(s: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("--timeout {s}: expected a positive number of seconds"))
}

pub fn run(args: Vec<OsString>) -> u8 {
    let cli: RunCli = match parse_or_exit(args) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let groups = match parse_groups(&cli.groups) {
        Ok(g) => g,
        Err(e) => return usage_error(format!("--groups: {e}")),
    };
    let mut options = wavec::Options {
        entry: cli.entry.clone(),
        include_dirs: cli.include_dirs.clone(),
        module_dirs: super::module_dirs(&cli.standard_modules),
        allow_glsl: cli.allow_glsl,
        enable_16bit_types: cli.enable_16bit_types,
        ..Default::default()
    };
    options.file_name = cli.input.display().to_string();
    match parse_defines(&cli.defines) {
        Ok(d) => options.defines = d,
        Err(e) => return usage_error(e),
    }
    options.emulate = emulate(&cli.emulate);
    match super::parse_specialization(&cli.specialize) {
        Ok(v) => options.specialization = v,
        Err(e) => return usage_error(e),
    }
    match super::wave_size_arg("virtual-wave-size", cli.virtual_wave_size, 1) {
        Ok(n) => options.virtual_wave_size = n,
        Err(e) => return usage_error(e),
    }
    super::apply_layout(&cli.layout, &cli.matrix_layout, &mut options);
    let shifts = [
        ('b', &cli.fvk_b_shift[..]),
        ('t', &cli.fvk_t_shift[..]),
        ('u', &cli.fvk_u_shift[..]),
        ('s', &cli.fvk_s_shift[..]),
    ];
    if let Err(e) = super::apply_shifts(shifts, &mut options) {
        return usage_error(e);
    }
    match super::parse_conformances(&cli.conformances) {
        Ok(c) => options.conformances = c,
        Err(e) => return usage_error(e),
    }
    if let Err(e) = super::apply_capabilities(&cli.capabilities, &mut options) {
        return usage_error(e);
    }
    if let Some(p) = &cli.profile {
        match wavec::back::spv::Profile::from_name(p) {
            Some(p) => options.spirv_profile = p,
            None => {
                return usage_error(format!(
                    "unknown SPIR-V profile `{p}` (expected vulkan1.1 … vulkan1.3, spirv_1_3 … spirv_1_6 or universal1.3 … universal1.6)"
                ))
            }
        }
    }
    let base = std::env::current_dir().unwrap_or_default();
    let mut buffers = Vec::new();
    for b in &cli.buffers {
        let Some((id, spec)) = b.split_once('=') else {
            return usage_error(format!("--buffer `{b}`: expected [SET.]BINDING=SPEC"));
        };
        let id = match BufferId::parse(id) {
            Ok(id) => id,
            Err(e) => return usage_error(format!("--buffer `{b}`: {e}")),
        };
        if buffers.iter().any(|(x, _)| *x == id) {
            return usage_error(format!("--buffer: binding {id} is given twice"));
        }
        match parse_spec(spec, &base) {
            Ok(s) => buffers.push((id, s)),
            Err(e) => return usage_error(format!("--buffer `{b}`: {e}")),
        }
    }
    let mut dumps = Vec::new();
    for d in &cli.dumps {
        let (id, format) = match d.split_once(':') {
            Some((id, f)) => match DumpFormat::parse(f) {
                Some(f) => (id, f),
                None => {
                    return usage_error(format!("--dump `{d}`: unknown format `{f}` (expected u32, i32, f32 or hex)"))
                }
            },
            None => (d.as_str(), DumpFormat::U32),
        };
        let id = match BufferId::parse(id) {
            Ok(id) => id,
            Err(e) => return usage_error(format!("--dump `{d}`: {e}")),
        };
        if !buffers.iter().any(|(x, _)| *x == id) {
            return usage_error(format!("--dump {id}: no --buffer {id}=SPEC was given"));
        }
        dumps.push((id, format));
    }
    if let Some(w) = cli.width {
        if let Err(e) = check_width(w) {
            return usage_error(e);
        }
    }
    let timeout = match timeout(cli.timeout) {
        Ok(t) => t,
        Err(e) => return usage_error(e),
    };
    let engine = if cli.engine == "cpu" {
        let Some(lane_order) = LaneOrder::parse(&cli.lane_order) else {
            return usage_error(format!("--lane-order `{}`: expected linear, reverse or random:SEED", cli.lane_order));
        };
        if cli.device.is_some() {
            return usage_error("--device is for the Vulkan engine");
        }
        Engine::Cpu { width: cli.width.unwrap_or(32), lane_order }
    } else if cli.engine == "cuda" {
        if cli.width.is_some_and(|w| w != 32) {
            return usage_error("the CUDA engine runs 32-lane waves only");
        }
        // The driver is loaded at run time, which a static program cannot do.
        if let Some(status) = hand_to_vulkan_host() {
            return status;
        }
        Engine::Cuda
    } else {
        if cli.lane_order != "linear" {
            return usage_error("--lane-order is for the CPU engine (--engine cpu)");
        }
        if let Some(status) = hand_to_vulkan_host() {
            return status;
        }
        Engine::Vulkan {
            width: cli.width,
            device: cli.device.clone(),
            via: Via::from_name(&cli.via).unwrap_or_default(),
        }
    };
    let source = match wavec::syntax::preprocess::read_source(&cli.input) {
        Ok(s) => s,
        Err(e) => return failure(format!("cannot read `{}`: {e}", cli.input.display())),
    };
    if cli.time == Some(0) {
        return usage_error("--time 0: time at least one dispatch");
    }
    let job =
        Job { source: &source, options, groups, buffers, timeout, robust_buffer_access: cli.robust_buffer_access };
    let ran = match &cli.spirv {
        None => testing::execute_timed(&job, &engine, cli.time.unwrap_or(0)),
        Some(path) => match std::fs::read(path) {
            Ok(bytes) if bytes.len() % 4 == 0 => {
                let words: Vec<u32> =
                    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
                let entry = cli.entry.as_deref().unwrap_or("main");
                testing::execute_spirv(&job, &engine, cli.time.unwrap_or(0), &words, entry)
            }
            Ok(_) => Err(format!("`{}` is not SPIR-V (its size is not a whole number of words)", path.display())),
            Err(e) => Err(format!("cannot read `{}`: {e}", path.display())),
        },
    };
    let ran = match ran {
        Ok(r) => r,
        Err(e) => return failure(e),
    };
    eprintln!("wavec: ran on {}", ran.device);
    if !ran.times.is_empty() {
        println!("time: {}", time_summary(&ran.times));
    }
    if !ran.warnings.is_empty() {
        eprint!("{}", ran.warnings);
    }
    let mut out = std::io::stdout().lock();
    for (id, format) in &dumps {
        let data = ran.buffer(*id).unwrap_or_default();
        let _ = write!(out, "buffer {id} ({} bytes):\n{}", data.len(), dump(data, *format));
    }
    if let Some(dir) = &cli.out_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return failure(format!("cannot create `{}`: {e}", dir.display()));
        }
        for (id, data) in &ran.buffers {
            let path = dir.join(id.file_name());
            if let Err(e) = std::fs::write(&path, data) {
                return failure(format!("cannot write `{}`: {e}", path.display()));
            }
        }
    }
    0
}

#[derive(Parser, Debug)]
#[command(
    name = "wavec test",
    bin_name = "wavec test",
    about = "Run every shader with test directives (`//! dispatch …`) or in Slang's test format (`//TEST…:COMPARE_COMPUTE…`) at every wave width and print a file × width matrix",
    after_help = "Vulkan: the widths the device offers (lavapipe: 4, 8 and 16, one child process per width with \
                  LP_NATIVE_VECTOR_WIDTH=32*width and MESA_SHADER_CACHE_DISABLE=true). CPU: --widths.\n\
                  Exit status: 0 all passed, 1 a failure or error, 2 usage errors."
)]
struct TestCli {
    /// Test files, or folders (every *.slang with a `//! dispatch` directive or in Slang's test format).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Where to run: vulkan, cpu or cuda (the CUDA backend through nvcc on the first CUDA device).
    #[arg(long, default_value = "vulkan", value_parser = ["vulkan", "cpu", "cuda"])]
    engine: String,
    /// How the shader reaches Vulkan: spirv (wavec's SPIR-V) glsl (wavec's GLSL through
    /// glslangValidator -V) or wgsl (wavec's WGSL through naga's SPIR-V backend).
    #[arg(long, default_value = "spirv", value_parser = ["spirv", "glsl", "wgsl"])]
    via: String,
    /// Wave widths (CPU default 1,2,4,8,16,32,64,128; Vulkan default: what the device offers).
    #[arg(long, value_name = "LIST")]
    widths: Option<String>,
    /// Virtual wave widths (`--virtual-wave-size`), one column each, run on the hardware's widest
    /// waves (Vulkan: the widest the device offers; CPU: 128 lanes, or the one width of --widths).
    #[arg(long, value_name = "LIST")]
    virtual_widths: Option<String>,
    /// CPU engine lane order: linear, reverse or random:SEED.
    #[arg(long, default_value = "linear")]
    lane_order: String,
    /// Vulkan device: a case-insensitive part of its name.
    #[arg(long)]
    device: Option<String>,
    /// Give up on a dispatch after this many seconds.
    #[arg(long, default_value_t = 20.0)]
    timeout: f64,
    /// A folder of Slang's standard modules (`import slang.neural;`), searched after the test's
    /// -I folders, then the folders SLANG_STANDARD_MODULE_PATH lists (repeatable).
    #[arg(long = "standard-modules", value_name = "DIR")]
    standard_modules: Vec<PathBuf>,
    /// Internal: run every file at this one width and print machine-readable results.
    #[arg(long, hide = true)]
    child_width: Option<u32>,
    /// Internal: the virtual wave width of a child's column.
    #[arg(long, hide = true)]
    child_virtual: Option<u32>,
    /// Write the `//! expect-output` files instead of comparing (as BLESS=1 does).
    #[arg(long)]
    bless: bool,
    /// After each passing run, time N more dispatches (default 20), as `wavec run --time` does,
    /// and print a second matrix of their median times in µs.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "20")]
    time: Option<u32>,
}

pub fn test(args: Vec<OsString>) -> u8 {
    let cli: TestCli = match parse_or_exit(args) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let timeout = match timeout(cli.timeout) {
        Ok(t) => t,
        Err(e) => return usage_error(e),
    };
    let asked = match cli.widths.as_deref().map(parse_widths).transpose() {
        Ok(w) => w,
        Err(e) => return usage_error(format!("--widths: {e}")),
    };
    let virtual_widths = match cli.virtual_widths.as_deref().map(parse_widths).transpose() {
        Ok(w) => w,
        Err(e) => return usage_error(format!("--virtual-widths: {e}")),
    };
    let Some(lane_order) = LaneOrder::parse(&cli.lane_order) else {
        return usage_error(format!("--lane-order `{}`: expected linear, reverse or random:SEED", cli.lane_order));
    };
    if cli.time == Some(0) {
        return usage_error("--time 0: time at least one dispatch");
    }
    let timed = cli.time.unwrap_or(0);
    let cpu = cli.engine == "cpu";
    if !cpu && lane_order != LaneOrder::Linear {
        return usage_error("--lane-order is for the CPU engine (--engine cpu)");
    }
    if !cpu || cli.child_width.is_some() {
        if let Some(status) = hand_to_vulkan_host() {
            return status;
        }
    }
    let paths = match testing::collect_files(&cli.paths) {
        Ok(p) => p,
        Err(e) => return usage_error(e),
    };
    let module_dirs = super::module_dirs(&cli.standard_modules);
    let cases: Vec<testing::slang::Case> = paths.iter().flat_map(|p| testing::load(p, &module_dirs)).collect();
    let files: Vec<&Result<testing::directive::TestFile, String>> = cases.iter().map(|c| &c.test).collect();

    if let Some(w) = cli.child_width {
        // A child: one width, results on stdout for the parent.
        let via = Via::from_name(&cli.via).unwrap_or_default();
        let engine = Engine::Vulkan { width: Some(w), device: cli.device.clone(), via };
        // The device's full name, for `skip-device` (lavapipe's includes its vector width).
        let name = wavec::run::select_device(cli.device.as_deref()).map(|i| i.name).unwrap_or_default();
        let mut out = std::io::stdout().lock();
        for (i, f) in files.iter().enumerate() {
            let (o, times) = match f {
                Ok(t) => testing::run_file_timed(t, &engine, &name, timeout, cli.child_virtual, timed),
                Err(e) => (Outcome::Error(e.clone()), Vec::new()),
            };
            let _ = writeln!(out, "{}", o.to_line(i));
            if !times.is_empty() {
                let _ = writeln!(out, "{}", Outcome::times_line(i, &times));
            }
            let _ = out.flush();
        }
        return 0;
    }

    // Golden outputs do not depend on the engine or the width: checked once, here.
    let bless = cli.bless || std::env::var("BLESS").is_ok_and(|v| v == "1");
    let mut golden_failed = false;
    for f in files.iter().filter_map(|f| f.as_ref().ok()) {
        for (at, outcome) in testing::check_expected_outputs(f, bless) {
            match outcome {
                testing::OutputCheck::Pass => println!("expect-output {at}: PASS"),
                testing::OutputCheck::Blessed => println!("expect-output {at}: BLESSED"),
                testing::OutputCheck::Fail(why) => {
                    golden_failed = true;
                    println!("expect-output {at}: FAIL\n{why}");
                }
            }
        }
    }

    let (widths, cells, device) = if let (true, Some(virtuals)) = (cpu, &virtual_widths) {
        let hardware = match asked.as_deref() {
            None => 128,
            Some([w]) => *w,
            Some(_) => return usage_error("--virtual-widths runs on one hardware width: give --widths one value"),
        };
        let cells: Vec<Vec<Cell>> = files
            .iter()
            .map(|f| {
                virtuals
                    .iter()
                    .map(|&n| match f {
                        Ok(t) => testing::run_file_timed(
                            t,
                            &Engine::Cpu { width: hardware, lane_order },
                            "",
                            timeout,
                            Some(n),
                            timed,
                        ),
                        Err(e) => (Outcome::Error(e.clone()), Vec::new()),
                    })
                    .collect()
            })
            .collect();
        (
            virtuals.clone(),
            cells,
            format!("CPU engine, {hardware}-lane waves, lane order {}, virtual widths", cli.lane_order),
        )
    } else if cli.engine == "cuda" {
        if asked.as_ref().is_some_and(|a| a.iter().any(|&w| w != 32)) {
            return usage_error("--widths: the CUDA engine runs 32-lane waves only");
        }
        // Warps are 32 lanes; `--virtual-widths` runs each width on them.
        let columns: Vec<Option<u32>> = match &virtual_widths {
            Some(v) => v.iter().map(|&n| Some(n)).collect(),
            None => vec![None],
        };
        let cells: Vec<Vec<Cell>> = files
            .iter()
            .map(|f| {
                columns
                    .iter()
                    .map(|&n| match f {
                        Ok(t) => testing::run_file_timed(t, &Engine::Cuda, "", timeout, n, timed),
                        Err(e) => (Outcome::Error(e.clone()), Vec::new()),
                    })
                    .collect()
            })
            .collect();
        match &virtual_widths {
            Some(v) => (v.clone(), cells, "CUDA engine, 32-lane warps, virtual widths".to_string()),
            None => (vec![32], cells, "CUDA engine".to_string()),
        }
    } else if cpu {
        let widths = asked.unwrap_or_else(|| (0..8).map(|i| 1 << i).collect());
        let cells: Vec<Vec<Cell>> = files
            .iter()
            .map(|f| {
                widths
                    .iter()
                    .map(|&w| match f {
                        Ok(t) => {
                            testing::run_file_timed(t, &Engine::Cpu { width: w, lane_order }, "", timeout, None, timed)
                        }
                        Err(e) => (Outcome::Error(e.clone()), Vec::new()),
                    })
                    .collect()
            })
            .collect();
        (widths, cells, format!("CPU engine, lane order {}", cli.lane_order))
    } else {
        let info = match wavec::run::select_device(cli.device.as_deref()) {
            Ok(i) => i,
            Err(e) => return failure(e),
        };
        let offered: Vec<u32> = if info.is_lavapipe() {
            vec![4, 8, 16]
        } else if info.required_size_in_compute {
            (0..8).map(|i| 1 << i).filter(|w| (info.min_subgroup_size..=info.max_subgroup_size).contains(w)).collect()
        } else {
            vec![info.subgroup_size]
        };
        let widths: Vec<u32> = match &asked {
            Some(a) => {
                let bad: Vec<String> = a.iter().filter(|w| !offered.contains(w)).map(u32::to_string).collect();
                if !bad.is_empty() {
                    let offered: Vec<String> = offered.iter().map(u32::to_string).collect();
                    return failure(format!(
                        "`{}` cannot run wave width {} (it offers {})",
                        info.name,
                        bad.join(", "),
                        offered.join(", ")
                    ));
                }
                a.clone()
            }
            None => offered,
        };
        let mut cells = vec![Vec::new(); files.len()];
        if let Some(virtuals) = &virtual_widths {
            // The widest hardware waves hold every narrower virtual width.
            let hardware = widths.iter().copied().max().unwrap_or(info.subgroup_size);
            for &n in virtuals {
                let column = run_child(&cli, &paths, files.len(), hardware, Some(n), &info, timeout);
                for (row, o) in cells.iter_mut().zip(column) {
                    row.push(o);
                }
            }
            let name = format!("{}, {hardware}-lane waves, virtual widths", info.name);
            return report(&cases, virtuals, cells, &name, golden_failed);
        }
        for &w in &widths {
            let column = run_child(&cli, &paths, files.len(), w, None, &info, timeout);
            for (row, o) in cells.iter_mut().zip(column) {
                row.push(o);
            }
        }
        (widths, cells, info.name.clone())
    };
    report(&cases, &widths, cells, &device, golden_failed)
}

/// One file at one width: its outcome, and the times of its timed dispatches (`--time`).
type Cell = (Outcome, Vec<Duration>);

/// Prints the file × width matrix, and the times' matrix when there are times; the exit status
/// (1 when a cell or an `expect-output` check failed).
fn report(
    cases: &[testing::slang::Case],
    widths: &[u32],
    cells: Vec<Vec<Cell>>,
    device: &str,
    golden_failed: bool,
) -> u8 {
    let names: Vec<String> = cases.iter().map(|c| c.name.clone()).collect();
    let (cells, times): (Vec<Vec<Outcome>>, Vec<Vec<Vec<Duration>>>) =
        cells.into_iter().map(|row| row.into_iter().unzip()).unzip();
    print!("{}", testing::render_report(&names, widths, &cells));
    if times.iter().flatten().any(|t| !t.is_empty()) {
        print!("{}", testing::render_times(&names, widths, &times));
    }
    println!("({device})");
    if golden_failed || cells.iter().flatten().any(Outcome::failed) {
        1
    } else {
        0
    }
}

/// Runs every file at width `w` in a child `wavec test --child-width W`; one outcome per file.
fn run_child(
    cli: &TestCli,
    paths: &[PathBuf],
    cases: usize,
    w: u32,
    virtual_width: Option<u32>,
    device: &wavec::run::DeviceInfo,
    timeout: Duration,
) -> Vec<Cell> {
    let fail_all = |why: String| vec![(Outcome::Error(why), Vec::new()); cases];
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => return fail_all(format!("cannot find the wavec executable: {e}")),
    };
    let mut cmd = Command::new(exe);
    cmd.args(["test", "--child-width", &w.to_string(), "--timeout", &cli.timeout.to_string(), "--via", &cli.via]);
    if let Some(d) = &cli.device {
        cmd.args(["--device", d]);
    }
    if let Some(n) = virtual_width {
        cmd.args(["--child-virtual", &n.to_string()]);
    }
    if let Some(n) = cli.time {
        cmd.args(["--time", &n.to_string()]);
    }
    for d in &cli.standard_modules {
        cmd.arg("--standard-modules").arg(d);
    }
    cmd.arg("--").args(paths);
    if device.is_lavapipe() {
        // lavapipe reads its vector width once, when the driver loads; its shader cache
        // ignores the width, so cached code of another width must not be reused.
        cmd.env("LP_NATIVE_VECTOR_WIDTH", (32 * w).to_string()).env("MESA_SHADER_CACHE_DISABLE", "true");
    }
    let mut child = match cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn() {
        Ok(c) => c,
        Err(e) => return fail_all(format!("cannot start a child wavec: {e}")),
    };
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
    // Each file runs its dispatch and a CPU reference, each with the timeout.
    let deadline = (timeout * 2 + Duration::from_secs(10)) * cases as u32 + Duration::from_secs(30);
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(_) => break None,
        }
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let mut column: Vec<Option<Outcome>> = vec![None; cases];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); cases];
    for line in stdout.lines() {
        if let Some((i, o)) = Outcome::from_line(line).filter(|(i, _)| *i < cases) {
            column[i] = Some(o);
        } else if let Some((i, t)) = Outcome::times_from_line(line).filter(|(i, _)| *i < cases) {
            times[i] = t;
        }
    }
    let why = match status {
        None => format!("the child process for width {w} was stopped after {deadline:?}"),
        Some(s) => format!("the child process for width {w} ended ({s}) without a result"),
    };
    let tail: String =
        stderr.lines().rev().take(10).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n");
    column
        .into_iter()
        .zip(times)
        .map(|(o, t)| {
            let o = o.unwrap_or_else(|| {
                Outcome::Error(if tail.is_empty() { why.clone() } else { format!("{why}:\n{tail}") })
            });
            (o, t)
        })
        .collect()
}
