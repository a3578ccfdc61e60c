//! Test directives: `//!` lines in a shader that make it its own test.
//!
//! ```text
//! //! dispatch X[,Y,Z]                      required
//! //! entry NAME                            default: main, else the only entry point
//! //! define NAME[=VALUE]                   like -D (repeatable)
//! //! emulate auto|always|never
//! //! layout dxc|gl|dx|scalar               buffer memory layouts, as --layout
//! //! matrix-layout column|row              as --matrix-layout
//! //! profile vulkan1.1|vulkan1.2|vulkan1.3|spirv_1_3…spirv_1_6
//! //! widths 4,8,16 | 4..128                the wave widths this file runs at
//! //! skip-device NAME WIDTHS               not on a Vulkan device whose name contains NAME
//! //! buffer [SET.]BINDING = SPEC           initial contents (see `spec::parse_spec`)
//! //! expect B = 1 2 3 | i32: -1 2 | f32: 1.0 0.5 | 0x…
//! //! expect-file B = x.bin                 relative to the shader
//! //! reference NAME [X,Y,Z]                a serial entry point, run on the CPU engine at width 1
//! //! reference-cpu                          the same entry point on the CPU engine at the run's width
//! //! compare B [sorted] [tolerance T] [words N | words B2[I]]
//! //! expect-output hlsl|spirv-asm FILE     the compiled output equals FILE (BLESS=1 or --bless writes it)
//! //! hlsl-profile sm_6_0…sm_6_10           the shader model of `expect-output hlsl`
//! ```

use super::spec::{parse_spec, parse_word_list, BufferId, BufferSpec, DumpFormat};
use crate::back::spv::Profile;
use crate::Emulate;
use std::path::{Path, PathBuf};

/// How many words a `compare` looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordCount {
    /// The whole buffer.
    All,
    /// The first N words.
    Fixed(usize),
    /// The count held in word `index` of buffer `buffer` of the reference run.
    From { buffer: BufferId, index: usize },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The buffer starts with these words.
    Expect { buffer: BufferId, words: Vec<u32>, format: DumpFormat },
    /// The buffer equals the file's contents.
    ExpectFile { buffer: BufferId, path: PathBuf },
    /// The buffer matches the reference run's.
    Compare { buffer: BufferId, sorted: bool, tolerance: Option<f32>, words: WordCount },
    /// Slang's test format: the `out` buffers as Slang prints them, against its expectation.
    Slang { outputs: Vec<super::slang::Output>, expect: super::slang::Expectation },
}

/// `//! expect-output TARGET FILE`: a golden file of the compiled output.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectOutput {
    pub line: usize,
    pub target: crate::Target,
    pub path: PathBuf,
}

/// One check and the line it was written on.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckLine {
    pub line: usize,
    pub text: String,
    pub check: Check,
}

/// Everything the directives of one shader say.
#[derive(Clone, Debug)]
pub struct TestFile {
    pub path: PathBuf,
    pub source: String,
    pub dispatch: [u32; 3],
    pub entry: Option<String>,
    pub defines: Vec<(String, Option<String>)>,
    pub include_dirs: Vec<PathBuf>,
    /// Standard-module folders (`wavec test --standard-modules`, `SLANG_STANDARD_MODULE_PATH`).
    pub module_dirs: Vec<PathBuf>,
    /// Slang's `-allow-glsl`: GLSL's words in the source.
    pub allow_glsl: bool,
    /// Slang's `-bindless-space-index N`.
    pub bindless_space_index: Option<u32>,
    pub emulate: Emulate,
    pub layout: crate::layout::LayoutMode,
    pub matrix_majorness: crate::ir::Majorness,
    pub profile: Option<Profile>,
    pub widths: Option<Vec<u32>>,
    /// Why the other widths are skipped, when the file does not say so itself.
    pub widths_reason: Option<String>,
    /// Why the file is skipped at every width (a Slang-format test this runner cannot run).
    pub blocked: Option<String>,
    /// `skip-device`: (part of a Vulkan device name, widths) this file does not run at.
    pub skip_devices: Vec<(String, Vec<u32>)>,
    /// A Slang `-cpu` test: it runs on the CPU engine, and is a SKIP on Vulkan.
    pub cpu_only: bool,
    /// `//! robust-buffer-access` (and every Slang-format test, as Slang's harness turns it on):
    /// a read past the end of a buffer gives zero and a write there is dropped, on Vulkan and
    /// on the CPU engine, which reports each as a warning.
    pub robust_buffer_access: bool,
    pub buffers: Vec<(BufferId, BufferSpec)>,
    pub reference: Option<(String, Option<[u32; 3]>)>,
    /// `//! reference-cpu`: the reference is the same entry point on the CPU engine, at the
    /// wave width the run had (the engine's own intrinsics, none of the stdlib's bodies).
    pub reference_cpu: bool,
    pub checks: Vec<CheckLine>,
    pub expect_outputs: Vec<ExpectOutput>,
    /// `//! hlsl-profile`: the shader model the `expect-output hlsl` files are written for.
    pub hlsl_shader_model: Option<(u32, u32)>,
    /// `//! virtual-widths`: virtual wave widths the file also runs at, a row each.
    pub virtual_widths: Vec<u32>,
    /// The virtual wave width this row runs at, at every hardware width (`--virtual-wave-size`).
    pub virtual_width: Option<u32>,
    /// Slang's `type_conformance Impl:IFoo = N`: the type ids of interface values (type,
    /// interface, id).
    pub conformances: Vec<(String, String, u32)>,
    /// `//! specialize ID=VALUE…`: specialization constants the pipeline (or, on the CPU and
    /// CUDA engines, the compilation) gives other values.
    pub specialization: Vec<(u32, f64)>,
}

impl TestFile {
    /// A file with nothing to run; `why` is its SKIP reason.
    pub fn skipped(path: &Path, source: &str, why: String) -> TestFile {
        TestFile {
            path: path.to_path_buf(),
            source: source.to_string(),
            dispatch: [1, 1, 1],
            entry: None,
            defines: Vec::new(),
            include_dirs: Vec::new(),
            module_dirs: Vec::new(),
            allow_glsl: false,
            bindless_space_index: None,
            emulate: Emulate::Auto,
            layout: crate::layout::LayoutMode::default(),
            matrix_majorness: crate::ir::Majorness::Column,
            profile: None,
            widths: None,
            widths_reason: None,
            blocked: Some(why),
            skip_devices: Vec::new(),
            cpu_only: false,
            robust_buffer_access: false,
            buffers: Vec::new(),
            reference: None,
            reference_cpu: false,
            checks: Vec::new(),
            expect_outputs: Vec::new(),
            hlsl_shader_model: None,
            virtual_widths: Vec::new(),
            virtual_width: None,
            conformances: Vec::new(),
            specialization: Vec::new(),
        }
    }
    /// Whether this file runs at wave width `w`.
    pub fn runs_at(&self, w: u32) -> bool {
        self.widths.as_ref().is_none_or(|ws| ws.contains(&w))
    }
    /// Whether a `skip-device` directive excludes Vulkan device `device` at width `w`.
    pub fn skips_device(&self, device: &str, w: u32) -> bool {
        let device = device.to_lowercase();
        self.skip_devices.iter().any(|(name, ws)| device.contains(&name.to_lowercase()) && ws.contains(&w))
    }
    /// The compile options the directives ask for.
    pub fn options(&self, entry: Option<&str>) -> crate::Options {
        let mut o = crate::Options {
            entry: entry.map(str::to_string).or_else(|| self.entry.clone()),
            defines: self.defines.clone(),
            include_dirs: self.include_dirs.clone(),
            module_dirs: self.module_dirs.clone(),
            allow_glsl: self.allow_glsl,
            bindless_space_index: self.bindless_space_index,
            emulate: self.emulate,
            layout: self.layout,
            matrix_majorness: self.matrix_majorness,
            file_name: self.path.display().to_string(),
            conformances: self.conformances.clone(),
            specialization: self.specialization.clone(),
            ..Default::default()
        };
        if let Some(p) = self.profile {
            o.spirv_profile = p;
        }
        if let Some(sm) = self.hlsl_shader_model {
            o.hlsl_shader_model = sm;
        }
        o
    }
}

/// Whether `source` has directives (a `//! dispatch` line).
pub fn has_directives(source: &str) -> bool {
    source.lines().any(|l| {
        l.trim_start()
            .strip_prefix("//!")
            .is_some_and(|r| r.trim_start().starts_with("dispatch") || r.trim_start().starts_with("expect-output"))
    })
}

/// `X[,Y,Z]`.
pub fn parse_groups(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let bad = || format!("`{s}` is not a group count (expected X[,Y,Z], e.g. `16` or `4,4,1`)");
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    let mut g = [1u32; 3];
    for (i, p) in parts.iter().enumerate() {
        g[i] = p.parse().map_err(|_| bad())?;
        if g[i] == 0 {
            return Err(format!("`{s}`: a dispatch needs at least one group along each axis"));
        }
    }
    Ok(g)
}

/// `4,8,16` or `4..128` (the powers of two in the range).
pub fn parse_widths(s: &str) -> Result<Vec<u32>, String> {
    let bad = |w: &str| format!("`{w}` is not a wave width (a power of two from 1 to 128)");
    let width = |w: &str| -> Result<u32, String> {
        let n: u32 = w.trim().parse().map_err(|_| bad(w))?;
        if n.is_power_of_two() && n <= 128 {
            Ok(n)
        } else {
            Err(bad(w))
        }
    };
    if let Some((a, b)) = s.split_once("..") {
        let (a, b) = (width(a)?, width(b)?);
        return Ok((0..8).map(|i| 1u32 << i).filter(|w| (a..=b).contains(w)).collect());
    }
    s.split(',').map(width).collect()
}

/// Parses the directives of `source` (the file at `path`).
pub fn parse(path: &Path, source: &str) -> Result<TestFile, String> {
    let base = path.parent().unwrap_or(Path::new("."));
    let mut t = TestFile { dispatch: [0; 3], blocked: None, ..TestFile::skipped(path, source, String::new()) };
    let mut dispatch = false;
    for (i, line) in source.lines().enumerate() {
        let Some(d) = line.trim_start().strip_prefix("//!") else { continue };
        let d = d.trim();
        let at = |e: String| format!("{}:{}: {e}", path.display(), i + 1);
        let (word, rest) = d.split_once(char::is_whitespace).unwrap_or((d, ""));
        let rest = rest.trim();
        // `B = VALUE` of buffer/expect directives.
        let assign = || -> Result<(BufferId, &str), String> {
            let (b, v) = rest.split_once('=').ok_or_else(|| format!("`{word}` needs `BINDING = …`"))?;
            Ok((BufferId::parse(b)?, v.trim()))
        };
        let one_word = |what: &str| -> Result<String, String> {
            if rest.is_empty() || rest.contains(char::is_whitespace) {
                Err(format!("`{word}` takes one {what}"))
            } else {
                Ok(rest.to_string())
            }
        };
        let result: Result<(), String> = (|| {
            match word {
                "dispatch" => {
                    if dispatch {
                        return Err("a second `dispatch` directive".into());
                    }
                    t.dispatch = parse_groups(rest)?;
                    dispatch = true;
                }
                "entry" => t.entry = Some(one_word("entry point name")?),
                "define" => {
                    let d = one_word("NAME[=VALUE]")?;
                    let (n, v) = match d.split_once('=') {
                        Some((n, v)) => (n.to_string(), Some(v.to_string())),
                        None => (d.clone(), None),
                    };
                    if n.is_empty() || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                        return Err(format!("bad macro definition `{d}`"));
                    }
                    t.defines.push((n, v));
                }
                "emulate" => {
                    t.emulate = match rest {
                        "auto" => Emulate::Auto,
                        "always" => Emulate::Always,
                        "never" => Emulate::Never,
                        _ => return Err(format!("`emulate {rest}`: expected auto, always or never")),
                    }
                }
                "layout" => {
                    t.layout = crate::layout::LayoutMode::from_name(rest)
                        .ok_or_else(|| format!("`layout {rest}`: expected dxc, gl, dx or scalar"))?;
                }
                "matrix-layout" => {
                    t.matrix_majorness = match rest {
                        "column" => crate::ir::Majorness::Column,
                        "row" => crate::ir::Majorness::Row,
                        _ => return Err(format!("`matrix-layout {rest}`: expected column or row")),
                    }
                }
                "profile" => {
                    t.profile = Some(Profile::from_name(rest).ok_or_else(|| {
                        format!(
                            "unknown SPIR-V profile `{rest}` (expected vulkan1.1 … vulkan1.3, spirv_1_3 … spirv_1_6 or universal1.3 … universal1.6)"
                        )
                    })?)
                }
                "widths" => t.widths = Some(parse_widths(rest)?),
                "robust-buffer-access" if rest.is_empty() => t.robust_buffer_access = true,
                "virtual-widths" => t.virtual_widths = parse_widths(rest)?,
                "skip-device" => {
                    let (name, ws) =
                        rest.split_once(char::is_whitespace).ok_or("expected `skip-device NAME WIDTHS`")?;
                    t.skip_devices.push((name.to_string(), parse_widths(ws.trim())?));
                }
                "buffer" => {
                    let (b, spec) = assign()?;
                    if t.buffers.iter().any(|(x, _)| *x == b) {
                        return Err(format!("buffer {b} is given twice"));
                    }
                    t.buffers.push((b, parse_spec(spec, base)?));
                }
                "expect" => {
                    let (buffer, v) = assign()?;
                    let words = parse_word_list(v)?;
                    if words.is_empty() {
                        return Err("`expect` lists no values".into());
                    }
                    let format = if v.starts_with("f32:") {
                        DumpFormat::F32
                    } else if v.starts_with("i32:") {
                        DumpFormat::I32
                    } else {
                        DumpFormat::U32
                    };
                    t.checks.push(CheckLine {
                        line: i + 1,
                        text: d.to_string(),
                        check: Check::Expect { buffer, words, format },
                    });
                }
                "expect-file" => {
                    let (buffer, v) = assign()?;
                    t.checks.push(CheckLine {
                        line: i + 1,
                        text: d.to_string(),
                        check: Check::ExpectFile { buffer, path: base.join(v) },
                    });
                }
                "reference" => {
                    let mut parts = rest.split_whitespace();
                    let name = parts.next().ok_or("`reference` needs an entry point name")?.to_string();
                    let groups = parts.next().map(parse_groups).transpose()?;
                    if parts.next().is_some() {
                        return Err("`reference NAME [X,Y,Z]` has extra words".into());
                    }
                    t.reference = Some((name, groups));
                }
                "reference-cpu" => {
                    if !rest.trim().is_empty() {
                        return Err("`reference-cpu` takes no words".into());
                    }
                    t.reference_cpu = true;
                }
                "compare" => {
                    let mut parts = rest.split_whitespace();
                    let buffer = BufferId::parse(parts.next().ok_or("`compare` needs a binding")?)?;
                    let (mut sorted, mut tolerance, mut words) = (false, None, WordCount::All);
                    while let Some(p) = parts.next() {
                        match p {
                            "sorted" => sorted = true,
                            "tolerance" => {
                                let v = parts.next().ok_or("`tolerance` needs a value")?;
                                let v: f32 = v.parse().map_err(|_| format!("`{v}` is not a tolerance"))?;
                                if v.is_nan() || v < 0.0 {
                                    return Err(format!("tolerance {v} is not a non-negative number"));
                                }
                                tolerance = Some(v);
                            }
                            "words" => {
                                let v = parts.next().ok_or("`words` needs N or B[I]")?;
                                words = match v.split_once('[') {
                                    Some((b, idx)) => {
                                        let idx = idx.strip_suffix(']').and_then(|x| x.parse().ok());
                                        let index = idx.ok_or_else(|| format!("`{v}`: expected B[INDEX]"))?;
                                        WordCount::From { buffer: BufferId::parse(b)?, index }
                                    }
                                    None => WordCount::Fixed(v.parse().map_err(|_| format!("`{v}` is not a word count"))?),
                                };
                            }
                            other => {
                                return Err(format!(
                                    "unknown `compare` option `{other}` (expected sorted, tolerance T, words N or words B[I])"
                                ))
                            }
                        }
                    }
                    if sorted && tolerance.is_some() {
                        return Err("`sorted` and `tolerance` cannot be combined".into());
                    }
                    t.checks.push(CheckLine {
                        line: i + 1,
                        text: d.to_string(),
                        check: Check::Compare { buffer, sorted, tolerance, words },
                    });
                }
                "expect-output" => {
                    let (target, file) =
                        rest.split_once(char::is_whitespace).ok_or("expected `expect-output hlsl|spirv-asm FILE`")?;
                    let target = match crate::Target::from_name(target) {
                        Some(t @ (crate::Target::Hlsl | crate::Target::SpirvAsm)) => t,
                        _ => return Err(format!("`expect-output {target}`: expected hlsl or spirv-asm")),
                    };
                    t.expect_outputs.push(ExpectOutput { line: i + 1, target, path: base.join(file.trim()) });
                }
                "hlsl-profile" => match crate::stdlib::parse_shader_model(rest) {
                    Some(sm) if sm.0 == 6 && sm.1 <= 10 => t.hlsl_shader_model = Some(sm),
                    _ => return Err(format!("`hlsl-profile {rest}`: expected sm_6_0 … sm_6_10")),
                },
                "specialize" => {
                    for item in rest.split_whitespace() {
                        t.specialization.push(crate::parse_specialization(item)?);
                    }
                    if t.specialization.is_empty() {
                        return Err("`specialize` takes ID=VALUE pairs".into());
                    }
                }
                "" => return Err("empty directive".into()),
                other => {
                    return Err(format!(
                        "unknown directive `{other}` (expected dispatch, entry, define, emulate, layout, \
                         matrix-layout, profile, widths, skip-device, buffer, expect, expect-file, reference, \
                         compare, expect-output, hlsl-profile or specialize)"
                    ))
                }
            }
            Ok(())
        })();
        result.map_err(at)?;
    }
    if !dispatch {
        if t.expect_outputs.is_empty() {
            return Err(format!("{}: no `//! dispatch X[,Y,Z]` directive", path.display()));
        }
        // A file kept only for its golden outputs: nothing to run.
        t.blocked = Some("no `//! dispatch`: only its `expect-output` files are checked".into());
    }
    let compares = t.checks.iter().any(|c| matches!(c.check, Check::Compare { .. }));
    if compares && t.reference.is_none() && !t.reference_cpu {
        return Err(format!(
            "{}: `compare` needs a `//! reference NAME` or `//! reference-cpu` directive",
            path.display()
        ));
    }
    if t.reference.is_some() && t.reference_cpu {
        return Err(format!("{}: `reference` and `reference-cpu` name two references", path.display()));
    }
    for c in &t.checks {
        let (b, count) = match &c.check {
            Check::Expect { buffer, .. } | Check::ExpectFile { buffer, .. } => (*buffer, None),
            Check::Slang { .. } => continue,
            Check::Compare { buffer, words, .. } => (
                *buffer,
                match words {
                    WordCount::From { buffer, .. } => Some(*buffer),
                    _ => None,
                },
            ),
        };
        for b in std::iter::once(b).chain(count) {
            if !t.buffers.iter().any(|(x, _)| *x == b) {
                return Err(format!(
                    "{}:{}: buffer {b} is not given by a `//! buffer` directive",
                    path.display(),
                    c.line
                ));
            }
        }
    }
    if t.checks.is_empty() && t.expect_outputs.is_empty() {
        return Err(format!(
            "{}: no `expect`, `expect-file`, `compare` or `expect-output` directive: nothing is checked",
            path.display()
        ));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> Result<TestFile, String> {
        parse(Path::new("t.slang"), s)
    }

    #[test]
    fn full_grammar() {
        let t = parse_str(
            "//! dispatch 4, 2\n//! buffer 3 = 32\n//! entry go\n//! define N=4\n//! emulate always\n//! profile vulkan1.3\n\
             //! widths 4..32\n//! skip-device llvmpipe 16\n//! buffer 0 = iota:u32:4\n//! buffer 1.2 = uniform:words:1 2\n\
             //! expect 0 = 0 1 2 3\n//! expect 0 = f32: 0.5\n//! reference serial 1,1,1\n\
             //! compare 0 sorted words 1.2[1]\n//! compare 3 tolerance 1e-5 words 8\n\
             //! specialize 3=16 1=true 0=-2.5\n//! robust-buffer-access\n",
        )
        .unwrap();
        assert_eq!(t.dispatch, [4, 2, 1]);
        assert!(t.robust_buffer_access);
        assert_eq!(t.specialization, [(3, 16.0), (1, 1.0), (0, -2.5)]);
        assert_eq!(t.options(None).specialization, t.specialization);
        assert_eq!(t.entry.as_deref(), Some("go"));
        assert_eq!(t.defines, [("N".to_string(), Some("4".to_string()))]);
        assert_eq!(t.widths, Some(vec![4, 8, 16, 32]));
        assert_eq!(t.buffers.len(), 3);
        assert_eq!(t.reference, Some(("serial".to_string(), Some([1, 1, 1]))));
        assert_eq!(t.checks.len(), 4);
        assert_eq!(
            t.checks[2].check,
            Check::Compare {
                buffer: BufferId { set: 0, binding: 0, element: 0 },
                sorted: true,
                tolerance: None,
                words: WordCount::From { buffer: BufferId { set: 1, binding: 2, element: 0 }, index: 1 }
            }
        );
        assert!(t.runs_at(8) && !t.runs_at(2));
        assert!(t.skips_device("llvmpipe (LLVM 15.0.6, 512 bits)", 16) && !t.skips_device("llvmpipe", 8));
    }

    #[test]
    fn errors_name_the_line() {
        for (src, want) in [
            ("//! dispatch 1\n//! frobnicate 3\n", "t.slang:2: unknown directive `frobnicate`"),
            ("//! dispatch x\n", "t.slang:1: `x` is not a group count"),
            ("//! dispatch 1\n//! buffer 0 = nope:3\n", "t.slang:2: bad buffer spec"),
            ("//! dispatch 1\n//! expect 0 = 1 q\n", "t.slang:2: `q` is not"),
            ("//! dispatch 1\n//! compare 0 fuzzy\n", "t.slang:2: unknown `compare` option `fuzzy`"),
            ("//! dispatch 1\n//! widths 3\n", "t.slang:2: `3` is not a wave width"),
            ("//! buffer 0 = 4\n//! expect 0 = 1\n", "no `//! dispatch"),
            ("//! dispatch 1\n//! compare 0\n", "needs a `//! reference"),
            ("//! dispatch 1\n//! buffer 0 = 4\n//! expect 1 = 0\n", "t.slang:3: buffer 1 is not given"),
            ("//! dispatch 1\n//! buffer 0 = 4\n", "nothing is checked"),
            ("//! dispatch 1\n//! specialize 3\n", "t.slang:2: `3`: expected ID=VALUE"),
            ("//! dispatch 1\n//! specialize\n", "t.slang:2: `specialize` takes ID=VALUE pairs"),
        ] {
            let e = parse_str(src).unwrap_err();
            assert!(e.contains(want), "{src:?}: {e}");
        }
    }
}
