//! The `wavec` command line, shared by the `wavec` and `wavec-vulkan` programs (see
//! `src/main.rs`). Exit status: 0 success, 1 compile errors, 2 usage errors.

mod commands;

use clap::Parser;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use wavec::back::spv::OptionalCapability;
use wavec::{Emulate, Options, Target};

/// Tunes glibc's malloc for one large, short-lived compile.
///
/// By default it grows the heap 128 KiB at a time, returns memory as soon as 128 KiB are free
/// at the top, and backs the heap with 4 KiB pages: a 20k-line shader took 7,600 page faults
/// and, once its heap outgrew the caches, 2.3x the time of one half its size. Here the heap
/// is reserved in one step (address space only: untouched pages cost nothing), never
/// trimmed, and everything past its first 4 MiB is offered to transparent huge pages, which
/// a sample compile never reaches. This is glibc's `glibc.malloc.hugetlb=1` tunable, which a
/// process cannot set for itself. mimalloc was measured as well: 35% faster on a 20k-line
/// shader but 0.3 ms slower on every sample (its arena set-up), so it lost.
fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::ffi::c_void;
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
            fn malloc(size: usize) -> *mut c_void;
            fn free(p: *mut c_void);
            fn sbrk(increment: isize) -> *mut c_void;
            fn madvise(addr: *mut c_void, len: usize, advice: i32) -> i32;
        }
        const M_TRIM_THRESHOLD: i32 = -1;
        const M_TOP_PAD: i32 = -2;
        const M_MMAP_THRESHOLD: i32 = -3;
        const MADV_HUGEPAGE: i32 = 14;
        const RESERVE: usize = 256 << 20;
        const SMALL: usize = 4 << 20;
        const HUGE_PAGE: usize = 2 << 20;
        // SAFETY: called first thing in main, before any other thread exists. mallopt only
        // sets parameters; the malloc/free pair makes glibc grow its heap by the new top pad;
        // madvise only advises on pages of that heap, which the process owns.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 64 << 20);
            mallopt(M_TRIM_THRESHOLD, i32::MAX);
            mallopt(M_TOP_PAD, RESERVE as i32);
            let before = sbrk(0) as usize;
            free(std::hint::black_box(malloc(1 << 20)));
            let after = sbrk(0) as usize;
            let from = (before + SMALL).next_multiple_of(HUGE_PAGE);
            if after > from {
                madvise(from as *mut c_void, after - from, MADV_HUGEPAGE);
            }
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "wavec",
    version,
    about = "Transpile HLSL/Slang compute shaders with wave intrinsics to HLSL, SPIR-V, GLSL, CUDA, WGSL and Metal",
    after_help = "Also: `wavec run SHADER …` (dispatch once and show buffers) and `wavec test PATH…` (run test directives); see `wavec run --help`, `wavec test --help`.\n\
                  slangc's single-dash spellings are accepted too: -target, -entry, -profile, -stage, -emulate, -capability.\n\
                  So are DXC's: -E, -T cs_6_N, -Fo, -spirv, -fspv-target-env=ENV, -fvk-*-shift, -fvk-use-*-layout, -Zpr/-Zpc,\n\
                  -enable-16bit-types (-HV, -O*, -Zi and -Wno-* change nothing wavec writes and are ignored).\n\
                  Exit status: 0 success, 1 compile errors, 2 usage errors."
)]
struct Cli {
    /// The shader to compile.
    input: PathBuf,
    /// Output format; repeat for several (hlsl, spirv, spirv-asm, glsl, cuda, wgsl, metal).
    #[arg(long = "target", short = 't', value_name = "TARGET", default_value = "hlsl")]
    targets: Vec<String>,
    /// Entry point (default: `main`, else the only entry point).
    #[arg(long)]
    entry: Option<String>,
    /// Stage of the entry point (compute, vertex, pixel, mesh, amplification…), overriding `[shader]`.
    #[arg(long)]
    stage: Option<String>,
    /// Target profile: sm_6_0 … sm_6_10 for HLSL (default sm_6_6); vulkan1.1, vulkan1.2,
    /// vulkan1.3, spirv_1_3 … spirv_1_6 or universal1.3 … universal1.6 for SPIR-V (default
    /// vulkan1.1); glsl_450 or glsl_460 for GLSL (default glsl_450). Several kinds may be given.
    #[arg(long)]
    profile: Vec<String>,
    /// Allow an optional SPIR-V capability: SPV_NV_shader_subgroup_partitioned,
    /// SPV_KHR_subgroup_rotate, GroupNonUniformClustered (repeatable).
    #[arg(long = "capability", value_name = "NAME")]
    capabilities: Vec<String>,
    /// Output file (one target) or folder (several targets); default: standard output.
    #[arg(short = 'o', value_name = "PATH")]
    output: Option<PathBuf>,
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
    /// Give specialization constant ID (`[vk::constant_id(ID)]`, `[SpecializationConstant]`)
    /// VALUE as its default in every target's output.
    #[arg(long = "specialize", value_name = "ID=VALUE")]
    specialize: Vec<String>,
    /// The descriptor set of the heaps descriptor handles index on SPIR-V and GLSL (Slang's
    /// -bindless-space-index; default: the first set no other binding uses).
    #[arg(long = "bindless-space-index", value_name = "N")]
    bindless_space_index: Option<u32>,
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
    /// Group wave index lowering: auto (native where available), always (fallback), never.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    emulate: String,
    /// The wave size the shader runs at (like `[WaveSize(N)]`): with `[numthreads]`, makes
    /// `GetGroupWaveCount()` a compile-time constant.
    #[arg(long, value_name = "N")]
    wave_size: Option<u32>,
    /// Run as if waves were N lanes (a power of two, 1 to 128) on hardware whose waves are any
    /// multiple of N: every wave operation is confined to its N-lane slice of the hardware wave.
    #[arg(long, value_name = "N")]
    virtual_wave_size: Option<u32>,
    /// The wave size of the hardware a virtual wave size runs on. A virtual size above it makes
    /// each virtual wave several hardware waves, exchanging values through groupshared memory
    /// (`wavec run` and `wavec test` fill it in from the device).
    #[arg(long, value_name = "M")]
    hardware_wave_size: Option<u32>,
    /// Buffer memory layouts: dxc (DXC's default: relaxed std140 for cbuffers, relaxed std430
    /// for storage buffers), gl (strict std140/std430), dx (D3D's packing), scalar.
    #[arg(long, default_value = "dxc", value_parser = ["dxc", "gl", "dx", "scalar"])]
    layout: String,
    /// How matrices declared without `row_major`/`column_major` are stored: column (HLSL's
    /// default) or row (DXC's -Zpr).
    #[arg(long, default_value = "column", value_parser = ["column", "row"])]
    matrix_layout: String,
    /// Write the reflection (entry point, bindings, layouts, requirements) as JSON to FILE
    /// (docs/reflection.md); slangc's -reflection-json FILE.
    #[arg(long = "reflect", value_name = "FILE.json")]
    reflect: Option<PathBuf>,
    /// How diagnostics are printed on standard error: human, or json (one object per line).
    #[arg(long = "diagnostic-format", default_value = "human", value_parser = ["human", "json"])]
    diagnostic_format: String,
}

/// `--capability EXT` options: the optional SPIR-V extensions the output may use.
fn apply_capabilities(capabilities: &[String], options: &mut Options) -> Result<(), String> {
    for c in capabilities {
        let Some(capability) = OptionalCapability::from_name(c) else {
            let known: Vec<_> = OptionalCapability::ALL.iter().map(|c| c.name()).collect();
            return Err(format!("unknown capability `{c}` (expected one of {})", known.join(", ")));
        };
        if !options.spirv_capabilities.contains(&capability) {
            options.spirv_capabilities.push(capability);
        }
    }
    Ok(())
}

/// `-D NAME[=VALUE]` options as (name, value) pairs; a usage error for a malformed name.
/// `--standard-modules` folders, then those `SLANG_STANDARD_MODULE_PATH` lists.
fn module_dirs(flags: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = flags.to_vec();
    dirs.extend(wavec::syntax::preprocess::standard_module_dirs_from_env());
    dirs
}

fn parse_defines(defines: &[String]) -> Result<Vec<(String, Option<String>)>, String> {
    defines
        .iter()
        .map(|d| {
            let (name, value) = match d.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (d.clone(), None),
            };
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!("bad macro definition `-D {d}`"));
            }
            Ok((name, value))
        })
        .collect()
}

/// `--specialize ID=VALUE`s: each id and its value (a number; `true`/`false` for a bool).
fn parse_specialization(items: &[String]) -> Result<Vec<(u32, f64)>, String> {
    items.iter().map(|item| wavec::parse_specialization(item).map_err(|e| format!("--specialize {e}"))).collect()
}

/// slangc spells long options with one dash; clap wants two. DXC's and slangc's layout flags
/// become `--layout` and `--matrix-layout`.
/// Arguments stay `OsString`s: a path need not be UTF-8.
fn normalize_args(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    const LONG: &[&str] = &[
        "-target",
        "-entry",
        "-profile",
        "-stage",
        "-emulate",
        "-capability",
        "-fvk-b-shift",
        "-fvk-t-shift",
        "-fvk-u-shift",
        "-fvk-s-shift",
        "-conformance",
    ];
    const SPELLINGS: &[(&str, &str)] = &[
        ("-fvk-use-gl-layout", "--layout=gl"),
        ("-fvk-use-dx-layout", "--layout=dx"),
        ("-fvk-use-scalar-layout", "--layout=scalar"),
        ("-Zpr", "--matrix-layout=row"),
        ("-Zpc", "--matrix-layout=column"),
        ("-matrix-layout-row-major", "--matrix-layout=row"),
        ("-matrix-layout-column-major", "--matrix-layout=column"),
        ("-allow-glsl", "--allow-glsl"),
        ("-reflection-json", "--reflect"),
    ];
    let mut out = Vec::new();
    let mut args = args.peekable();
    while let Some(a) = args.next() {
        match a.to_str() {
            Some(long) if LONG.contains(&long) => out.push(format!("-{long}").into()),
            Some(flag) if dxc_spelling(flag, &mut args, &mut out) => {}
            Some(flag) => out.push(match SPELLINGS.iter().find(|(from, _)| *from == flag) {
                Some((_, to)) => OsString::from(*to),
                None => a,
            }),
            None => out.push(a),
        }
    }
    out
}

/// DXC's command line, so a build that runs `dxc -spirv -T cs_6_2 -E CS -Fo x.spv …` runs
/// wavec unchanged: `-E` is `--entry`; `-T xs_6_N` is `--profile sm_6_N` and the stage of `xs`;
/// `-Fo` is `-o`; `-spirv` is `--target spirv`; `-fspv-target-env=ENV` is `--profile ENV`.
/// Options that change nothing wavec writes are accepted and dropped: optimization and debug
/// levels, warnings and `-HV 2021` (wavec reads HLSL 2021 and the older forms alike).
/// `-enable-16bit-types` is `--enable-16bit-types`. Whether `flag` was one (its value, if it
/// takes one, taken from `rest`).
fn dxc_spelling(flag: &str, rest: &mut impl Iterator<Item = OsString>, out: &mut Vec<OsString>) -> bool {
    match flag {
        "-E" => out.push("--entry".into()),
        "-Fo" => out.push("-o".into()),
        "-spirv" => out.extend(["--target".into(), "spirv".into()]),
        "-T" => {
            let Some(value) = rest.next() else {
                out.push("--profile".into());
                return true;
            };
            let text = value.to_string_lossy().into_owned();
            let stage = match text.split_once('_').map(|(s, _)| s) {
                Some("cs") => Some("compute"),
                Some("vs") => Some("vertex"),
                Some("ps") => Some("pixel"),
                Some("ms") => Some("mesh"),
                Some("as") => Some("amplification"),
                _ => None,
            };
            match (stage, text.split_once('_')) {
                (Some(stage), Some((_, model))) => {
                    out.extend(["--profile".into(), format!("sm_{model}").into(), "--stage".into(), stage.into()])
                }
                _ => out.extend(["--profile".into(), value]),
            }
        }
        "-HV" => {
            rest.next();
        }
        "-enable-16bit-types" => out.push("--enable-16bit-types".into()),
        "-Od" | "-O0" | "-O1" | "-O2" | "-O3" | "-Zi" | "-Qembed_debug" | "-WX" | "-Gis" | "-Ges" | "-Zpr-legacy" => {}
        _ if flag.starts_with("-Wno-") => {}
        _ => match flag.strip_prefix("-fspv-target-env=") {
            Some(env) => out.extend(["--profile".into(), env.into()]),
            None => return false,
        },
    }
    true
}

/// `-fvk-{b,t,u,s}-shift N SPACE` pairs (clap gives each as two values in a row).
fn apply_shifts(shifts: [(char, &[String]); 4], options: &mut Options) -> Result<(), String> {
    for (class, values) in shifts {
        for pair in values.chunks(2) {
            let [n, space] = pair else { continue };
            let shift = n.parse().map_err(|_| format!("-fvk-{class}-shift {n} {space}: `{n}` is not a number"))?;
            let space = match space.as_str() {
                "all" => None,
                s => Some(
                    s.parse().map_err(|_| format!("-fvk-{class}-shift {n} {s}: expected a space number or `all`"))?,
                ),
            };
            options.register_shifts.push(wavec::ir::RegisterShift { class, shift, space });
        }
    }
    Ok(())
}

/// `--conformance TYPE:INTERFACE=ID` values.
fn parse_conformances(values: &[String]) -> Result<Vec<(String, String, u32)>, String> {
    values
        .iter()
        .map(|v| {
            let bad = || format!("--conformance {v}: expected TYPE:INTERFACE=ID");
            let (names, id) = v.rsplit_once('=').ok_or_else(bad)?;
            let id = id.trim().parse::<u32>().map_err(|_| bad())?;
            let mut depth = 0i32;
            let colon = names
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '<' => 1,
                        '>' => -1,
                        _ => 0,
                    };
                    c == ':' && depth == 0
                })
                .map(|(i, _)| i)
                .ok_or_else(bad)?;
            let (ty, iface) = (names[..colon].trim(), names[colon + 1..].trim());
            if ty.is_empty() || iface.is_empty() {
                return Err(bad());
            }
            Ok((ty.to_string(), iface.to_string(), id))
        })
        .collect()
}

/// `--layout` and `--matrix-layout` (clap has checked the spellings).
/// The value of a wave-size flag (`--FLAG N`), which must be a power of two from `min` to 128.
fn wave_size_arg(flag: &str, n: Option<u32>, min: u32) -> Result<Option<u32>, String> {
    match n {
        Some(n) if !(min..=128).contains(&n) || !n.is_power_of_two() => {
            Err(format!("--{flag} {n}: expected a power of two from {min} to 128"))
        }
        n => Ok(n),
    }
}

fn apply_layout(layout: &str, matrix_layout: &str, options: &mut Options) {
    options.layout = wavec::layout::LayoutMode::from_name(layout).unwrap_or_default();
    options.matrix_majorness =
        if matrix_layout == "row" { wavec::ir::Majorness::Row } else { wavec::ir::Majorness::Column };
}

fn usage_error(msg: impl std::fmt::Display) -> u8 {
    eprintln!("wavec: {msg}");
    2
}

/// Parses a command line; on `--help`/`--version` (status 0) or a usage error (status 2),
/// clap's message is printed and the status returned.
fn parse_or_exit<T: Parser>(args: Vec<OsString>) -> Result<T, u8> {
    T::try_parse_from(args).map_err(|e| {
        let code = if e.use_stderr() { 2 } else { 0 };
        let _ = e.print();
        code
    })
}

/// `--emulate auto|always|never` (clap has checked the spelling).
fn emulate(mode: &str) -> Emulate {
    match mode {
        "always" => Emulate::Always,
        "never" => Emulate::Never,
        _ => Emulate::Auto,
    }
}

/// The whole command, called from the program's C `main`. Not std's `fn main`: std's start-up
/// reads /proc/self/maps to place a guard page under the main thread's stack and installs
/// signal handlers, 0.1-0.15 ms of a 2 ms compile (scripts/bench-compare). What std would do on
/// the way out is done here: flush standard output. SIGPIPE keeps its default action, so
/// `wavec ... | head` ends quietly, as any C tool does.
pub fn main() -> std::ffi::c_int {
    let status = wavec_main();
    let flushed = std::io::stdout().flush();
    match (status, flushed) {
        (0, Err(e)) => {
            eprintln!("error: cannot write to standard output: {e}");
            1
        }
        (status, _) => status.into(),
    }
}

/// Exit status: 0 success, 1 compile errors, 2 usage errors.
fn wavec_main() -> u8 {
    tune_allocator();
    // `wavec run …` and `wavec test …` are subcommands; anything else is the compile form.
    let args = normalize_args(std::env::args_os());
    match args.get(1).and_then(|a| a.to_str()) {
        Some("run") => return commands::run(args[1..].to_vec()),
        Some("test") => return commands::test(args[1..].to_vec()),
        _ => {}
    }
    let cli: Cli = match parse_or_exit(args) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut options = Options::default();
    options.targets.clear();
    for t in &cli.targets {
        match Target::from_name(t) {
            Some(t) => options.targets.push(t),
            None => {
                return usage_error(format!(
                    "unknown target `{t}` (expected hlsl, spirv, spirv-asm, glsl, cuda or wgsl)"
                ))
            }
        }
    }
    options.entry = cli.entry.clone();
    if let Some(s) = &cli.stage {
        match wavec::ir::Stage::from_name(s) {
            Some(st) => options.stage = Some(st),
            None => return usage_error(format!("unknown stage `{s}`")),
        }
    }
    for p in &cli.profile {
        if let Some(sp) = wavec::back::spv::Profile::from_name(p) {
            options.spirv_profile = sp;
            continue;
        }
        if let Some(v) = wavec::back::glsl::Version::from_name(p) {
            options.glsl_version = v;
            continue;
        }
        match wavec::stdlib::parse_shader_model(p) {
            Some(sm) if sm.0 == 6 && sm.1 <= 10 => options.hlsl_shader_model = sm,
            _ => {
                return usage_error(format!(
                    "unknown profile `{p}` (expected sm_6_0 … sm_6_10, vulkan1.1 … vulkan1.3, spirv_1_3 … spirv_1_6, universal1.3 … universal1.6, glsl_450 or glsl_460)"
                ))
            }
        }
    }
    if let Err(e) = apply_capabilities(&cli.capabilities, &mut options) {
        return usage_error(e);
    }
    match parse_defines(&cli.defines) {
        Ok(d) => options.defines = d,
        Err(e) => return usage_error(e),
    }
    options.include_dirs = cli.include_dirs.clone();
    options.module_dirs = module_dirs(&cli.standard_modules);
    options.allow_glsl = cli.allow_glsl;
    options.enable_16bit_types = cli.enable_16bit_types;
    options.bindless_space_index = cli.bindless_space_index;
    match parse_specialization(&cli.specialize) {
        Ok(v) => options.specialization = v,
        Err(e) => return usage_error(e),
    }
    let sizes = (
        wave_size_arg("wave-size", cli.wave_size, 4),
        wave_size_arg("virtual-wave-size", cli.virtual_wave_size, 1),
        wave_size_arg("hardware-wave-size", cli.hardware_wave_size, 1),
    );
    match sizes {
        (Ok(wave), Ok(virtual_wave), Ok(hardware)) => {
            options.wave_size = wave;
            options.virtual_wave_size = virtual_wave;
            options.hardware_wave_size = hardware;
        }
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return usage_error(e),
    }
    options.emulate = emulate(&cli.emulate);
    apply_layout(&cli.layout, &cli.matrix_layout, &mut options);
    let shifts = [
        ('b', &cli.fvk_b_shift[..]),
        ('t', &cli.fvk_t_shift[..]),
        ('u', &cli.fvk_u_shift[..]),
        ('s', &cli.fvk_s_shift[..]),
    ];
    if let Err(e) = apply_shifts(shifts, &mut options) {
        return usage_error(e);
    }
    match parse_conformances(&cli.conformances) {
        Ok(c) => options.conformances = c,
        Err(e) => return usage_error(e),
    }

    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let json = cli.diagnostic_format == "json";
    let show = |diags: &wavec::diag::Diagnostics| {
        if json {
            eprint!("{}", diags.to_json());
        } else {
            eprint!("{}", diags.render(color));
        }
    };
    let output = match wavec::compile_file(&cli.input, &options) {
        Ok(o) => o,
        Err(diags) => {
            show(&diags);
            if !json {
                let n = diags.list.iter().filter(|d| d.is_error()).count();
                eprintln!("wavec: {n} error{} — no output written", if n == 1 { "" } else { "s" });
            }
            return 1;
        }
    };
    if !output.warnings.list.is_empty() {
        show(&output.warnings);
    }
    if let Some(path) = &cli.reflect {
        if let Err(e) = write_atomically(path, output.reflection().to_json().as_bytes()) {
            eprintln!("wavec: {e}");
            return 1;
        }
    }
    match write_outputs(&cli, &output) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("wavec: {e}");
            1
        }
    }
}

fn write_outputs(cli: &Cli, output: &wavec::Output) -> Result<(), String> {
    fn bytes(a: &wavec::Artifact) -> &[u8] {
        match a {
            wavec::Artifact::Text(s) => s.as_bytes(),
            wavec::Artifact::Binary(b) => b,
        }
    }
    match (&cli.output, output.artifacts.as_slice()) {
        (None, arts) => {
            let mut out = std::io::stdout().lock();
            for (_, a) in arts {
                out.write_all(bytes(a)).map_err(|e| format!("cannot write to standard output: {e}"))?;
            }
            Ok(())
        }
        (Some(path), [(_, a)]) => write_atomically(path, bytes(a)),
        (Some(dir), arts) => {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
            let stem = cli.input.file_stem().and_then(|s| s.to_str()).unwrap_or("out");
            for (t, a) in arts {
                write_atomically(&dir.join(format!("{stem}.{}", t.extension())), bytes(a))?;
            }
            Ok(())
        }
    }
}

/// Writes through a temporary file and a rename, so the output path never holds a
/// half-written file: it holds the previous output, briefly none, or the complete new one.
///
/// The previous output is removed before the rename instead of being renamed over: ext4
/// treats a rename over an existing file as "replace via rename" and starts writing the new
/// data out at once (`auto_da_alloc`), which cost 0.3 ms, a tenth of a sample compile. A
/// compiler output needs no crash durability; a rerun rebuilds it.
fn write_atomically(path: &Path, data: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let tmp = dir.join(format!(".{name}.wavec-tmp-{}", std::process::id()));
    std::fs::write(&tmp, data).map_err(|e| format!("cannot write `{}`: {e}", tmp.display()))?;
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        let _ = std::fs::remove_file(path);
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write `{}`: {e}", path.display())
    })
}
