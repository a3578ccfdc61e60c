//! wavec: a transpiler for HLSL/Slang compute shaders built around wave (subgroup) intrinsics.
//!
//! One call compiles a shader to several targets:
//!
//! ```
//! let options = wavec::Options {
//!     targets: vec![wavec::Target::Hlsl],
//!     hlsl_shader_model: (6, 5),
//!     ..Default::default()
//! };
//! let source = r#"
//!     RWStructuredBuffer<uint> counts;
//!     [numthreads(64, 1, 1)]
//!     void main(uint3 id : SV_DispatchThreadID) {
//!         counts[id.x] = WaveActiveCountBits(id.x % 3 == 0);
//!     }
//! "#;
//! let output = wavec::compile(source, &options).expect("compiles");
//! let hlsl = output.text(wavec::Target::Hlsl).unwrap();
//! assert!(hlsl.contains("WaveActiveCountBits"));
//! ```
//!
//! The pipeline: [`syntax`] (preprocessor, logos lexer, LALRPOP parser) → [`sema`] (typed
//! [`ir`], overloads resolved against the [`stdlib`] written in the language itself) → [`lower`]
//! (IR-to-IR passes such as the group-wave-index fallback) → [`back`] (one writer per target).
//! The parser hands each top-level item to sema as soon as it is complete, so no syntax tree of
//! the whole program is ever built; the IR is whole, as every backend writes from it.
//! Compilation has no global mutable state: the stdlib is parsed once per process and shared
//! read-only, so `compile` may run on many threads at once.

pub mod arena;
pub mod back;
pub mod diag;
pub mod exec;
pub mod fast_hash;
pub mod image;
pub mod ir;
pub mod layout;
pub mod lower;
pub mod numeric;
pub mod reflect;
pub mod run;
pub mod scene;
pub mod sema;
pub mod span;
pub mod stdlib;
pub mod syntax;
pub mod testing;

use diag::{Diagnostic, Diagnostics};
use span::SourceMap;
use std::path::PathBuf;
use std::sync::Arc;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    Hlsl,
    /// SPIR-V binary (`Artifact::Binary`).
    Spirv,
    /// SPIR-V as text (rspirv's disassembly).
    SpirvAsm,
    /// GLSL 4.50/4.60 for Vulkan (`glslangValidator -V`).
    Glsl,
    /// One CUDA C++ translation unit (`.cu`) for nvcc or NVRTC.
    Cuda,
    /// WGSL for WebGPU, with `enable subgroups;`.
    Wgsl,
    /// Metal Shading Language 2.4 (`.metal`): one compute kernel.
    Metal,
}

impl Target {
    pub fn from_name(name: &str) -> Option<Target> {
        match name {
            "hlsl" => Some(Target::Hlsl),
            "spirv" | "spv" => Some(Target::Spirv),
            "spirv-asm" | "spvasm" => Some(Target::SpirvAsm),
            "glsl" => Some(Target::Glsl),
            "cuda" | "cu" => Some(Target::Cuda),
            "wgsl" => Some(Target::Wgsl),
            "metal" | "msl" => Some(Target::Metal),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Target::Hlsl => "hlsl",
            Target::Spirv => "spirv",
            Target::SpirvAsm => "spirv-asm",
            Target::Glsl => "glsl",
            Target::Cuda => "cuda",
            Target::Wgsl => "wgsl",
            Target::Metal => "metal",
        }
    }
    /// What a `__target_switch` case names this target by.
    pub fn switch_target(self) -> ir::SwitchTarget {
        match self {
            Target::Hlsl => ir::SwitchTarget::Hlsl,
            Target::Spirv | Target::SpirvAsm => ir::SwitchTarget::Spirv,
            Target::Glsl => ir::SwitchTarget::Glsl,
            Target::Cuda => ir::SwitchTarget::Cuda,
            Target::Wgsl => ir::SwitchTarget::Wgsl,
            Target::Metal => ir::SwitchTarget::Metal,
        }
    }
    /// The file extension of an output of this target.
    pub fn extension(self) -> &'static str {
        match self {
            Target::Hlsl => "hlsl",
            Target::Spirv => "spv",
            Target::SpirvAsm => "spvasm",
            Target::Glsl => "glsl",
            Target::Cuda => "cu",
            Target::Wgsl => "wgsl",
            Target::Metal => "metal",
        }
    }
}

/// How `GetGroupWaveIndex()`/`GetGroupWaveCount()` are lowered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emulate {
    /// Native where the target has them (HLSL from shader model 6.10), the fallback elsewhere.
    #[default]
    Auto,
    /// The groupshared fallback on every target.
    Always,
    /// Native only: an error where the target lacks them.
    Never,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub targets: Vec<Target>,
    /// The entry point; `None` picks `main`, else the only one.
    pub entry: Option<String>,
    pub stage: Option<ir::Stage>,
    /// `--profile sm_6_5` → (6, 5). Default sm_6_6.
    pub hlsl_shader_model: (u32, u32),
    pub defines: Vec<(String, Option<String>)>,
    pub include_dirs: Vec<PathBuf>,
    /// `--standard-modules DIR` and `SLANG_STANDARD_MODULE_PATH`
    /// ([`syntax::preprocess::STANDARD_MODULE_PATH_VAR`]): folders holding Slang's standard
    /// modules (`import slang.neural;`), searched after the `-I` folders. The library reads no
    /// environment: the command line adds the variable's folders.
    pub module_dirs: Vec<PathBuf>,
    /// `--allow-glsl` (Slang's `-allow-glsl`): GLSL's words (`buffer` blocks, `layout(…)`,
    /// `vec3`…) in the source, as a `#version` line also turns on.
    pub allow_glsl: bool,
    /// DXC's `-enable-16bit-types`: defines `__HLSL_ENABLE_16_BIT` for HLSL sources, as DXC
    /// does. `half` is binary16 either way (DXC without it computes `half` in 32 bits, as a
    /// type of its own that overloads apart from `float`, which wavec does not model).
    pub enable_16bit_types: bool,
    pub emulate: Emulate,
    /// `--wave-size N`: the wave size the shader runs at (as `[WaveSize(N)]`): makes
    /// `GetGroupWaveCount()` a compile-time constant when `[numthreads]` is known.
    pub wave_size: Option<u32>,
    /// `--virtual-wave-size N`: run as if waves were `N` lanes on hardware with waves of a
    /// multiple of `N` ([`lower::virtual_wave`]); the group wave index takes the fallback.
    pub virtual_wave_size: Option<u32>,
    /// `--hardware-wave-size M`: the wave size of the hardware a virtual wave size is run on.
    /// A virtual size above it takes the wide rewrite ([`lower::wide_virtual_wave`]); without
    /// it, or at or below it, the hardware's waves must be a multiple of the virtual size.
    pub hardware_wave_size: Option<u32>,
    /// `--profile vulkan1.1` … `spirv_1_6`: SPIR-V version and target environment.
    pub spirv_profile: back::spv::Profile,
    /// `--profile glsl_450` / `glsl_460`: the GLSL version of the GLSL target.
    pub glsl_version: back::glsl::Version,
    /// `--capability NAME`: optional SPIR-V capabilities the target devices have (the GLSL
    /// target reads them too: they name the same device features).
    pub spirv_capabilities: Vec<back::spv::OptionalCapability>,
    /// `--bindless-space-index N` (Slang's `-bindless-space-index`): the descriptor set of the
    /// heaps that descriptor handles index on SPIR-V and GLSL; by default the first set no
    /// other binding uses ([`lower::descriptor_heaps`]).
    pub bindless_space_index: Option<u32>,
    /// `-fvk-{b,s,t,u}-shift N M` (DXC's): registers of that class in space M (or `all`) are
    /// bound at their number plus N ([`ir::bindings`]).
    pub register_shifts: Vec<ir::RegisterShift>,
    /// `--layout`: the memory layout of each kind of buffer ([`layout`]).
    pub layout: layout::LayoutMode,
    /// `--matrix-layout` (`-Zpr`/`-Zpc`): how matrices without `row_major`/`column_major` are
    /// stored.
    pub matrix_majorness: ir::Majorness,
    /// `--specialize ID=VALUE`: the value of specialization constant `ID` (as a number; `bool`s
    /// are 0 or 1), in place of its default: every target is written with it as the default.
    pub specialization: Vec<(u32, f64)>,
    /// The name diagnostics use for the source, and the base for relative `#include`s.
    pub file_name: String,
    /// `--conformance Impl:IFoo=N` (Slang's `-conformance`): the type id that values of
    /// interface `IFoo` holding an `Impl` carry (type, interface, id); the other conforming
    /// types take the lowest ids not given, in the order they conform.
    pub conformances: Vec<(String, String, u32)>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            targets: vec![Target::Hlsl],
            entry: None,
            stage: None,
            hlsl_shader_model: (6, 6),
            defines: Vec::new(),
            include_dirs: Vec::new(),
            module_dirs: Vec::new(),
            allow_glsl: false,
            enable_16bit_types: false,
            emulate: Emulate::Auto,
            wave_size: None,
            virtual_wave_size: None,
            hardware_wave_size: None,
            spirv_profile: back::spv::Profile::default(),
            glsl_version: back::glsl::Version::Glsl450,
            spirv_capabilities: Vec::new(),
            layout: layout::LayoutMode::default(),
            register_shifts: Vec::new(),
            bindless_space_index: None,
            matrix_majorness: ir::Majorness::Column,
            specialization: Vec::new(),
            file_name: "input.slang".to_string(),
            conformances: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Artifact {
    Text(String),
    Binary(Vec<u8>),
}

/// A successful compilation: one artifact per requested target, plus any warnings.
pub struct Output {
    pub artifacts: Vec<(Target, Artifact)>,
    pub warnings: Diagnostics,
    /// What [`Output::reflection`] reads, kept rather than reflected eagerly: most callers
    /// never ask, and a warm compile is a few dozen microseconds.
    checked: sema::Checked,
    options: Options,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output").field("artifacts", &self.artifacts).field("warnings", &self.warnings).finish()
    }
}

impl Output {
    /// Entry point, resources with bindings and layouts, target requirements and intrinsic
    /// lowerings of this compilation (`docs/reflection.md`; `.to_json()` for the JSON).
    pub fn reflection(&self) -> reflect::Reflection {
        reflect::reflect(&self.checked, &self.options)
    }

    /// The bytes of a binary artifact.
    pub fn binary(&self, target: Target) -> Option<&[u8]> {
        self.artifacts.iter().find_map(|(t, a)| match a {
            Artifact::Binary(b) if *t == target => Some(b.as_slice()),
            _ => None,
        })
    }
    pub fn text(&self, target: Target) -> Option<&str> {
        self.artifacts.iter().find_map(|(t, a)| match a {
            Artifact::Text(s) if *t == target => Some(s.as_str()),
            _ => None,
        })
    }
}

/// One `ID=VALUE` of a specialization constant (`--specialize`, the test directive
/// `specialize`): the id and the value, a number or `true`/`false`.
pub fn parse_specialization(item: &str) -> Result<(u32, f64), String> {
    let bad = || format!("`{item}`: expected ID=VALUE (an id from 0, a number or true/false)");
    let (id, value) = item.split_once('=').ok_or_else(bad)?;
    let id = id.trim().parse::<u32>().map_err(|_| bad())?;
    let value = match value.trim() {
        "true" => 1.0,
        "false" => 0.0,
        v => v.parse::<f64>().map_err(|_| bad())?,
    };
    Ok((id, value))
}

/// The front end alone: preprocess, parse and check `source`, giving the typed IR (what the
/// CPU engine [`exec`] runs) and the warnings with their sources.
pub fn check(source: &str, options: &Options) -> Result<(sema::Checked, Diagnostics), Diagnostics> {
    check_with_loader(source, options, &syntax::preprocess::FsLoader)
}

/// [`check`] with another way to load included files. The predefined macros are those of the
/// first target in `options` ([`predefined_macros`]).
pub fn check_with_loader(
    source: &str,
    options: &Options,
    loader: &dyn syntax::preprocess::FileLoader,
) -> Result<(sema::Checked, Diagnostics), Diagnostics> {
    check_for_target(source, options, loader, options.targets.first().copied())
}

/// [`check_with_loader`] with the predefined macros of `target` (`None`: of no target, as the
/// CPU engine runs it).
pub fn check_for_target(
    source: &str,
    options: &Options,
    loader: &dyn syntax::preprocess::FileLoader,
    target: Option<Target>,
) -> Result<(sema::Checked, Diagnostics), Diagnostics> {
    match front_end(source, options, loader, true, target) {
        Some(result) => result,
        None => front_end(source, options, loader, false, target).unwrap_or_else(|| {
            Err(Diagnostics {
                list: vec![Diagnostic::error("E0699", "internal error: the whole-tree check asked for a whole tree")],
                sources: Arc::new(SourceMap::new()),
            })
        }),
    }
}

/// Whether the source is Slang (a `.slang` file) rather than HLSL, for the macros that tell
/// them apart.
fn slang_source(options: &Options) -> bool {
    options.file_name.ends_with(".slang")
}

/// The macros wavec defines before the command line's (README, "Predefined macros"): Slang's
/// (`__SLANG_COMPILER__`, `__SLANG__` and `__HLSL__` by the source's language,
/// `__HLSL_VERSION`: 2018 for Slang sources as slangc has it, 2021 for HLSL as DXC has it),
/// DXC's for HLSL sources (`__hlsl_dx_compiler`, the shader model and stage of `-T`), and the
/// target's: `__spirv__` when it is SPIR-V, as DXC's `-spirv` defines it.
pub fn predefined_macros(options: &Options, target: Option<Target>) -> Vec<(String, String)> {
    let slang = slang_source(options);
    let mut out: Vec<(String, String)> = vec![
        ("__SLANG_COMPILER__".into(), "1".into()),
        ("__SLANG__".into(), if slang { "1" } else { "0" }.into()),
        ("__HLSL__".into(), if slang { "0" } else { "1" }.into()),
        ("__HLSL_VERSION".into(), if slang { "2018" } else { "2021" }.into()),
    ];
    if !slang {
        // DXC's stage numbers (DXIL's shader kinds).
        let stages = [
            ("PIXEL", 0, Some(ir::Stage::Pixel)),
            ("VERTEX", 1, Some(ir::Stage::Vertex)),
            ("GEOMETRY", 2, Some(ir::Stage::Geometry)),
            ("HULL", 3, Some(ir::Stage::Hull)),
            ("DOMAIN", 4, Some(ir::Stage::Domain)),
            ("COMPUTE", 5, Some(ir::Stage::Compute)),
            ("LIBRARY", 6, None),
            ("MESH", 13, Some(ir::Stage::Mesh)),
            ("AMPLIFICATION", 14, Some(ir::Stage::Amplification)),
        ];
        let (major, minor) = options.hlsl_shader_model;
        out.push(("__hlsl_dx_compiler".into(), "1".into()));
        if options.enable_16bit_types {
            out.push(("__HLSL_ENABLE_16_BIT".into(), "1".into()));
        }
        out.push(("__SHADER_TARGET_MAJOR".into(), major.to_string()));
        out.push(("__SHADER_TARGET_MINOR".into(), minor.to_string()));
        for (name, number, _) in stages {
            out.push((format!("__SHADER_STAGE_{name}"), number.to_string()));
        }
        // Without `--stage`, the stage wavec's entry points have: compute.
        let stage = options.stage.unwrap_or(ir::Stage::Compute);
        let number = stages.iter().find(|(_, _, s)| *s == Some(stage)).map_or(5, |(_, n, _)| *n);
        out.push(("__SHADER_TARGET_STAGE".into(), number.to_string()));
    }
    if matches!(target, Some(Target::Spirv | Target::SpirvAsm)) {
        out.push(("__spirv__".into(), "1".into()));
    }
    out
}

/// Preprocesses, parses and checks. With `stream`, each item is checked as soon as the parser
/// has it, and no syntax tree of the whole program is ever built: at twenty thousand lines
/// that tree no longer fits in the cache, and reading it back cost more than building it.
/// Gives `None` when streaming turned out to need the whole tree (see [`sema::ItemStream`]).
fn front_end(
    source: &str,
    options: &Options,
    loader: &dyn syntax::preprocess::FileLoader,
    stream: bool,
    target: Option<Target>,
) -> Option<Result<(sema::Checked, Diagnostics), Diagnostics>> {
    let mut sources = SourceMap::new();
    let main = sources.add(options.file_name.clone(), source);
    let pp_options = syntax::preprocess::PreprocessOptions {
        defines: options.defines.clone(),
        include_dirs: options.include_dirs.clone(),
        module_dirs: options.module_dirs.clone(),
        predefined: predefined_macros(options, target),
    };
    let (mut tokens, mut diags) = syntax::preprocess::preprocess(&mut sources, main, &pp_options, loader);
    if options.allow_glsl {
        tokens
            .insert(0, syntax::lexer::SpannedToken { token: syntax::token::Token::GlslMode, span: Default::default() });
    }
    let fail = |diags: Vec<Diagnostic>, sources: SourceMap| Diagnostics { list: diags, sources: Arc::new(sources) };
    if diags.iter().any(Diagnostic::is_error) {
        return Some(Err(fail(diags, sources)));
    }
    let sema_options = sema::SemaOptions {
        entry: options.entry.clone(),
        stage: options.stage,
        wave_size: options.virtual_wave_size.or(options.wave_size),
        matrix_majorness: options.matrix_majorness,
        layout: options.layout,
        register_shifts: options.register_shifts.clone(),
        conformances: options.conformances.clone(),
        glsl: tokens.iter().any(|t| t.token == syntax::token::Token::GlslMode),
        implicit_compute_derivatives: options.hlsl_shader_model >= (6, 6),
    };
    let (checked, sema_diags) = if stream {
        let mut items = if names_entry_constants(&tokens) {
            sema::ItemStream::with_entry_attributes(guess_entry_attributes(&tokens, &sema_options), &sema_options)
        } else {
            sema::ItemStream::new(&sema_options)
        };
        let mut clean = true;
        let mut lowered = Vec::new();
        diags.extend(syntax::parser::parse_each(tokens, &mut |mut item, no_errors_yet| {
            // After a syntax error the compilation fails anyway; sema only ever sees items
            // of a program that parsed.
            clean &= no_errors_yet;
            if clean {
                syntax::bitfields::lower_item(&mut item, &mut sources, &mut lowered);
                items.item(&item);
            }
        }));
        diags.extend(lowered);
        if diags.iter().any(Diagnostic::is_error) {
            return Some(Err(fail(diags, sources)));
        }
        let (checked, sema_diags) = items.finish(&sema_options)?;
        // A name used before its declaration (Slang allows any order): the whole tree is
        // checked again with its declarations first.
        if checked.is_none() && sema_diags.iter().any(names_something_undeclared) {
            return None;
        }
        (checked, sema_diags)
    } else {
        let (mut unit, parse_diags) = syntax::parse(tokens);
        diags.extend(parse_diags);
        for item in &mut unit.items {
            syntax::bitfields::lower_item(item, &mut sources, &mut diags);
        }
        if diags.iter().any(Diagnostic::is_error) {
            return Some(Err(fail(diags, sources)));
        }
        let (checked, sema_diags) = sema::check(&unit, &sema_options);
        if checked.is_none() && sema_diags.iter().any(names_something_undeclared) {
            match sema::check_owned(syntax::declarations_first(unit), &sema_options) {
                (Some(c), d) => (Some(c), d),
                _ => (checked, sema_diags),
            }
        } else {
            (checked, sema_diags)
        }
    };
    diags.extend(sema_diags);
    Some(match checked {
        Some(mut checked) => {
            if let Err(e) = checked.module.specialize(&options.specialization) {
                diags.push(
                    Diagnostic::error("E0523", e)
                        .with_note("`--specialize ID=VALUE` names a specialization constant's id"),
                );
                return Some(Err(fail(diags, sources)));
            }
            // Parameter blocks become ordinary globals, pointers into groupshared memory
            // element indices (groupshared arrays passed by reference to the core modules' `__ref`
            // parameters the variables themselves), and substandard floats their bits, before any target or engine
            // sees them.
            lower::substandard_floats(&mut checked.module, stdlib::Stdlib::get());
            let mut block_errors = lower::shared_refs(&mut checked.module);
            block_errors.extend(lower::parameter_blocks(&mut checked.module));
            if block_errors.is_empty() {
                block_errors = lower::shared_pointers(&mut checked.module);
            }
            let failed = !block_errors.is_empty();
            diags.extend(block_errors);
            if failed {
                Err(fail(diags, sources))
            } else {
                Ok((checked, Diagnostics { list: diags, sources: Arc::new(sources) }))
            }
        }
        None => Err(fail(diags, sources)),
    })
}

/// Whether `d` is an error about a function, name or type that is not declared (yet).
fn names_something_undeclared(d: &Diagnostic) -> bool {
    d.is_error() && matches!(d.code, "E0301" | "E0401")
}

/// Whether the program names `GetGroupWaveCount()` (or another spelling of it) or the
/// workgroup size (`WorkgroupSize()`, `gl_WorkGroupSize`): sema folds them to constants from
/// the entry point's attributes, which it must then know before the bodies that come first.
fn names_entry_constants(tokens: &[syntax::lexer::SpannedToken]) -> bool {
    let mut spellings = stdlib::Stdlib::get().spellings("GetGroupWaveCount");
    spellings.extend(["WorkgroupSize", "gl_WorkGroupSize"]);
    tokens.iter().any(|t| matches!(&t.token, syntax::token::Token::Ident(name) if spellings.contains(&name.as_str())))
}

/// The attributes of the function that will be the entry point, found by scanning the tokens
/// for function definitions (sema confirms them once it has seen the whole program).
fn guess_entry_attributes(
    tokens: &[syntax::lexer::SpannedToken],
    options: &sema::SemaOptions,
) -> Option<Vec<syntax::ast::Attribute>> {
    let definitions = syntax::parser::function_definitions(tokens);
    let marked = |range: &std::ops::Range<usize>| {
        tokens[range.clone()]
            .iter()
            .any(|t| matches!(&t.token, syntax::token::Token::Ident(name) if sema::is_entry_attribute(name)))
    };
    let chosen =
        sema::choose_entry(definitions.iter().map(|(name, range)| (name.as_str(), range.clone())), options, marked)?;
    syntax::parser::parse_attributes(&tokens[chosen])
}

/// Compiles `source`; `#include`s resolve against `options.file_name`'s folder and the include
/// directories on the file system.
pub fn compile(source: &str, options: &Options) -> Result<Output, Diagnostics> {
    compile_with_loader(source, options, &syntax::preprocess::FsLoader)
}

/// Reads and compiles a file.
pub fn compile_file(path: &std::path::Path, options: &Options) -> Result<Output, Diagnostics> {
    let mut options = options.clone();
    options.file_name = path.display().to_string();
    match syntax::preprocess::read_source(path) {
        Ok(text) => compile(&text, &options),
        Err(e) => Err(Diagnostics {
            list: vec![Diagnostic::error("E0001", format!("cannot read `{}`: {e}", path.display()))],
            sources: Arc::new(SourceMap::new()),
        }),
    }
}

/// One run of the front end: the predefined macros it saw, its module and its warnings.
type Front = (Vec<(String, String)>, sema::Checked, Diagnostics);

/// [`compile`] with another way to load included files (an in-memory file set, say).
pub fn compile_with_loader(
    source: &str,
    options: &Options,
    loader: &dyn syntax::preprocess::FileLoader,
) -> Result<Output, Diagnostics> {
    let mut targets = options.targets.clone();
    targets.dedup();
    // One front end per distinct set of predefined macros, shared by the targets that have it.
    let mut fronts: Vec<Front> = Vec::new();
    let mut front_of = Vec::new();
    for &target in &targets {
        let macros = predefined_macros(options, Some(target));
        let i = match fronts.iter().position(|(m, ..)| *m == macros) {
            Some(i) => i,
            None => {
                let (checked, warnings) = check_for_target(source, options, loader, Some(target))?;
                fronts.push((macros, checked, warnings));
                fronts.len() - 1
            }
        };
        front_of.push(i);
    }
    if fronts.is_empty() {
        let (checked, warnings) = check_for_target(source, options, loader, None)?;
        fronts.push((Vec::new(), checked, warnings));
    }
    let mut diags = fronts[0].2.list.clone();
    let sources = fronts[0].2.sources.clone();
    // Another front end's warnings, where it read the same files (its spans then mean the same).
    let same_files: Vec<bool> = fronts
        .iter()
        .map(|(_, _, w)| w.sources.files().map(|(_, f)| &f.name).eq(sources.files().map(|(_, f)| &f.name)))
        .collect();
    for ((_, _, w), _) in fronts.iter().zip(&same_files).skip(1).filter(|(_, same)| **same) {
        for d in &w.list {
            add_warning(&mut diags, d.clone());
        }
    }
    let fail = |diags: Vec<Diagnostic>, sources: Arc<SourceMap>| Diagnostics { list: diags, sources };
    let mut artifacts = Vec::new();
    let mut errors = Vec::new();
    let mut error_front = Vec::new();
    for (target, &front) in targets.into_iter().zip(&front_of) {
        let checked = &fronts[front].1;
        let before = errors.len();
        let mut warnings = Vec::new();
        // The target's own cases of every `__target_switch`.
        let selected = lower::target_switch::select(&checked.module, target.switch_target(), stdlib::Stdlib::get())
            .map(|module| sema::Checked { module, entry: checked.entry });
        let checked = selected.as_ref().unwrap_or(checked);
        let target_name = format!("`{}`", target.name());
        if let Err(e) =
            lower::target_switch::refuse_missing(&checked.module, checked.entry, &target_name, stdlib::Stdlib::get())
        {
            errors.extend(e);
            error_front.extend(std::iter::repeat_n(front, errors.len() - before));
            continue;
        }
        if !matches!(target, Target::Spirv | Target::SpirvAsm) {
            if let Err(e) = lower::spirv_asm::refuse(&checked.module, checked.entry, &target_name) {
                errors.extend(e);
                error_front.extend(std::iter::repeat_n(front, errors.len() - before));
                continue;
            }
        }
        if matches!(target, Target::Wgsl | Target::Metal) {
            if let Some(span) = printf_span(&checked.module, checked.entry) {
                let d = Diagnostic::warning(
                    "W0620",
                    format!("the {} target has no `printf`: nothing is printed", target.name()),
                )
                .with_label(span, "its arguments are still evaluated");
                add_warning(&mut diags, d);
            }
        }
        match target {
            Target::Hlsl => match hlsl(checked, options, &mut warnings) {
                Ok(text) => artifacts.push((target, Artifact::Text(text))),
                Err(e) => errors.extend(e),
            },
            Target::Spirv | Target::SpirvAsm => match spirv(checked, options, &mut warnings) {
                Ok(words) => artifacts.push((
                    target,
                    if target == Target::Spirv {
                        Artifact::Binary(spirv_bytes(&words))
                    } else {
                        Artifact::Text(back::spv::disassemble(&words))
                    },
                )),
                Err(e) => errors.extend(e),
            },
            Target::Glsl => match glsl(checked, options, &mut warnings) {
                Ok(text) => artifacts.push((target, Artifact::Text(text))),
                Err(e) => errors.extend(e),
            },
            Target::Cuda => match cuda(checked, options, &mut warnings) {
                Ok(text) => artifacts.push((target, Artifact::Text(text))),
                Err(e) => errors.extend(e),
            },
            Target::Wgsl => match wgsl(checked, options, &mut warnings) {
                Ok(text) => artifacts.push((target, Artifact::Text(text))),
                Err(e) => errors.extend(e),
            },
            Target::Metal => match metal(checked, options, &mut warnings) {
                Ok(text) => artifacts.push((target, Artifact::Text(text))),
                Err(e) => errors.extend(e),
            },
        }
        error_front.extend(std::iter::repeat_n(front, errors.len() - before));
        // The lowering's warnings, once for all targets, where their spans mean what they say.
        if same_files[front] {
            for d in warnings {
                add_warning(&mut diags, d);
            }
        }
    }
    if let Some(&first) = error_front.first() {
        // The errors of one front end, with the files their spans point into.
        let mine = errors.into_iter().zip(error_front).filter(|(_, f)| *f == first).map(|(e, _)| e);
        if first == 0 {
            diags.extend(mine);
            return Err(fail(diags, sources));
        }
        let (_, _, w) = &fronts[first];
        let list = w.list.iter().cloned().chain(mine).collect();
        return Err(fail(list, w.sources.clone()));
    }
    let checked = fronts.swap_remove(0).1;
    Ok(Output { artifacts, warnings: Diagnostics { list: diags, sources }, checked, options: options.clone() })
}

/// `d` among the compile's warnings, unless one of the same code and message is there (the
/// targets and front ends that meet it again).
fn add_warning(diags: &mut Vec<Diagnostic>, d: Diagnostic) {
    if !diags.iter().any(|e| e.code == d.code && e.message == d.message) {
        diags.push(d);
    }
}

/// The first `printf` of the functions entry point `entry` reaches, for targets that drop it.
fn printf_span(module: &ir::Module, entry: usize) -> Option<span::Span> {
    let root = module.entry_points.get(entry)?.function;
    let reach = lower::reachable_functions(module, root);
    module.functions.iter().filter(|(h, _)| reach[h.index()]).find_map(|(_, f)| {
        f.live_expr_iter().find(|(_, e)| matches!(e.kind, ir::ExprKind::Printf { .. })).map(|(_, e)| e.span)
    })
}

/// `--virtual-wave-size N`: the group wave index through the groupshared fallback (a native one
/// counts hardware waves), then every wave operation confined to virtual waves of `N` lanes. The
/// output drops `[WaveSize]`: the hardware may run any multiple of `N`. Above
/// `--hardware-wave-size`, the wide rewrite instead, which needs no group wave index fallback.
pub fn virtual_waves(
    module: &mut std::borrow::Cow<'_, ir::Module>,
    entry: usize,
    options: &Options,
) -> Result<(), Vec<Diagnostic>> {
    let Some(n) = options.virtual_wave_size else { return Ok(()) };
    // The hardware's own width: the program that runs is the shader as written.
    if options.hardware_wave_size == Some(n) {
        return Ok(());
    }
    let stdlib = stdlib::Stdlib::get();
    let Some(ep) = module.entry_points.get(entry) else { return Ok(()) };
    if !n.is_power_of_two() || n > 128 {
        return Err(vec![Diagnostic::error(
            "E0632",
            format!("a virtual wave size must be a power of two from 1 to 128, not {n}"),
        )]);
    }
    if let Some(ws) = &ep.wave_size {
        if n < ws.min || n > ws.max {
            return Err(vec![Diagnostic::error(
                "E0632",
                format!("the shader asks for waves of {} lanes, and the virtual wave size is {n}", ws.sizes()),
            )
            .with_label(ws.span, "the wave size the shader needs")]);
        }
    }
    if let Some(hardware) = options.hardware_wave_size.filter(|&m| n > m) {
        let m = module.to_mut();
        lower::wide_virtual_wave(m, entry, stdlib, n, hardware)?;
        m.entry_points[entry].wave_size = None;
        return Ok(());
    }
    if lower::uses_group_wave(module, entry, stdlib) {
        if options.emulate == Emulate::Never {
            return Err(vec![Diagnostic::error(
                "E0632",
                "a virtual wave size needs the groupshared group wave index, which `--emulate never` forbids",
            )
            .with_label(ep.span, "this entry point reads the group wave index")]);
        }
        if options.emulate != Emulate::Always {
            lower::emulate_group_wave(module.to_mut(), entry, stdlib).map_err(|d| vec![d])?;
        }
    }
    let m = module.to_mut();
    lower::virtual_wave(m, entry, stdlib, n)?;
    m.entry_points[entry].wave_size = None;
    Ok(())
}

/// Whether `options` ask for virtual waves wider than the hardware's: their group wave index
/// is the virtual waves' own, and no fallback runs first.
pub fn wide_virtual(options: &Options) -> bool {
    matches!((options.virtual_wave_size, options.hardware_wave_size), (Some(n), Some(m)) if n > m)
}

/// A SPIR-V module's bytes (little-endian words), in one allocation of the exact size.
fn spirv_bytes(words: &[u32]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(words.len() * 4);
    for w in words {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes
}

/// The SPIR-V options a compilation asks for.
pub fn spirv_options(options: &Options) -> back::spv::Options {
    back::spv::Options {
        version: options.spirv_profile.version,
        target_env: options.spirv_profile.target_env,
        optional: options.spirv_capabilities.clone(),
    }
}

/// The module a target with a native group wave index writes (SPIR-V, GLSL, CUDA, Metal): sema's,
/// unless `--emulate always` asks for the fallback or `--virtual-wave-size` rewrites it. Only
/// those passes copy it; otherwise the writer reads sema's directly.
fn native_group_wave_module<'c>(
    checked: &'c sema::Checked,
    options: &Options,
    warnings: &mut Vec<Diagnostic>,
) -> Result<std::borrow::Cow<'c, ir::Module>, Vec<Diagnostic>> {
    native_group_wave_module_for(&checked.module, checked.entry, options, warnings)
}

/// [`native_group_wave_module`] for entry point `entry` of `module`.
fn native_group_wave_module_for<'c>(
    module: &'c ir::Module,
    entry: usize,
    options: &Options,
    warnings: &mut Vec<Diagnostic>,
) -> Result<std::borrow::Cow<'c, ir::Module>, Vec<Diagnostic>> {
    let mut module = std::borrow::Cow::Borrowed(module);
    lower::resource_values(&mut module, entry, warnings)?;
    lower::texel_writes(&mut module);
    if options.emulate == Emulate::Always && !wide_virtual(options) {
        lower::emulate_group_wave(module.to_mut(), entry, stdlib::Stdlib::get()).map_err(|d| vec![d])?;
    }
    virtual_waves(&mut module, entry, options)?;
    Ok(module)
}

/// SPIR-V always has the group wave index (`SubgroupId`/`NumSubgroups`): `auto` and `never` are
/// native, `always` runs the groupshared fallback first.
fn spirv(
    checked: &sema::Checked,
    options: &Options,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Vec<u32>, Vec<Diagnostic>> {
    let mut heaps = std::borrow::Cow::Borrowed(&checked.module);
    lower::descriptor_heaps(
        &mut heaps,
        checked.entry,
        lower::descriptor_heaps::Heaps::Vulkan {
            target: "SPIR-V output",
            code: "E0670",
            buffer_arrays: true,
            set: options.bindless_space_index,
        },
    )?;
    lower::pointers::refuse_handles(&heaps, checked.entry, "SPIR-V output", "E0670")?;
    let module = native_group_wave_module_for(&heaps, checked.entry, options, warnings)?;
    back::spv::write_words(&module, checked.entry, &spirv_options(options))
}

/// The GLSL options a compilation asks for.
pub fn glsl_options(options: &Options) -> back::glsl::Options {
    back::glsl::Options { version: options.glsl_version, optional: options.spirv_capabilities.clone() }
}

/// GLSL for Vulkan always has the group wave index (`gl_SubgroupID`/`gl_NumSubgroups`), as
/// SPIR-V does: `always` runs the groupshared fallback first.
fn glsl(checked: &sema::Checked, options: &Options, warnings: &mut Vec<Diagnostic>) -> Result<String, Vec<Diagnostic>> {
    let mut heaps = std::borrow::Cow::Borrowed(&checked.module);
    lower::descriptor_heaps(
        &mut heaps,
        checked.entry,
        lower::descriptor_heaps::Heaps::Vulkan {
            target: "GLSL output",
            code: "E0624",
            buffer_arrays: true,
            set: options.bindless_space_index,
        },
    )?;
    lower::pointers::refuse_handles(&heaps, checked.entry, "GLSL output", "E0624")?;
    lower::byte_address_words(&mut heaps);
    let module = native_group_wave_module_for(&heaps, checked.entry, options, warnings)?;
    back::glsl::write_string(&module, checked.entry, &glsl_options(options))
}

/// CUDA's group wave index is native (the linear thread id over 32); `always` runs the
/// groupshared fallback first, as for the other targets.
///
/// Every compute entry point of the file becomes a kernel, the selected one included whatever
/// its stage (a launcher picks a kernel by name).
fn cuda(checked: &sema::Checked, options: &Options, warnings: &mut Vec<Diagnostic>) -> Result<String, Vec<Diagnostic>> {
    lower::pointers::refuse(
        &checked.module,
        checked.entry,
        "CUDA output",
        "E0643",
        "native pointers are not written yet",
    )?;
    let modules = compute_entry_modules(checked, options, warnings)?;
    for (_, i) in &modules {
        lower::buffer_arrays::refuse(&checked.module, *i, "CUDA output", "E0641")?;
        lower::ray_queries::refuse(&checked.module, *i, "CUDA output", "E0644")?;
    }
    let units: Vec<(&ir::Module, usize)> = modules.iter().map(|(m, i)| (m.as_ref(), *i)).collect();
    back::cuda::write_entries(&units, &back::cuda::Options::default())
}

/// Each compute entry point's module, as [`native_group_wave_module`] lowers it for that entry
/// point (the selected one whatever its stage, which its backend then refuses): the kernels of
/// the C-family targets.
fn compute_entry_modules<'c>(
    checked: &'c sema::Checked,
    options: &Options,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Vec<(std::borrow::Cow<'c, ir::Module>, usize)>, Vec<Diagnostic>> {
    let mut modules = Vec::new();
    let mut errors = Vec::new();
    for (i, ep) in checked.module.entry_points.iter().enumerate() {
        if i == checked.entry || ep.stage == ir::Stage::Compute {
            match native_group_wave_module_for(&checked.module, i, options, warnings) {
                Ok(m) => modules.push((m, i)),
                Err(e) => errors.extend(e),
            }
        }
    }
    if errors.is_empty() {
        Ok(modules)
    } else {
        Err(errors)
    }
}

/// WGSL's group wave index is native (`@builtin(subgroup_id)`, `@builtin(num_subgroups)`);
/// `always` runs the groupshared fallback first, as for the other targets.
fn wgsl(checked: &sema::Checked, options: &Options, warnings: &mut Vec<Diagnostic>) -> Result<String, Vec<Diagnostic>> {
    lower::pointers::refuse(
        &checked.module,
        checked.entry,
        "WGSL",
        "E0655",
        "a WGSL pointer cannot address a buffer by its device address",
    )?;
    lower::buffer_arrays::refuse(&checked.module, checked.entry, "WGSL", "E0651")?;
    lower::ray_queries::refuse(&checked.module, checked.entry, "WGSL", "E0656")?;
    let mut words = std::borrow::Cow::Borrowed(&checked.module);
    // WGSL has no texel buffers: typed buffers become byte-address ones, then words.
    lower::typed_buffer_words(&mut words);
    lower::byte_address_words(&mut words);
    let mut module = native_group_wave_module_for(&words, checked.entry, options, warnings)?;
    lower::switch_fallthrough(&mut module);
    back::wgsl::write_string(&module, checked.entry, &back::wgsl::Options::default())
}

/// Metal's group wave index is native (`[[simdgroup_index_in_threadgroup]]`); `always` runs
/// the groupshared fallback first, as for the other targets.
///
/// Only the selected entry point becomes a kernel: whether Metal finds a kernel declared in a
/// namespace by its plain name (CUDA's `extern "C"` does) is unconfirmed without a Metal
/// compiler, so the namespaces that keep several kernels' parts apart are not used here.
fn metal(
    checked: &sema::Checked,
    options: &Options,
    warnings: &mut Vec<Diagnostic>,
) -> Result<String, Vec<Diagnostic>> {
    lower::pointers::refuse(&checked.module, checked.entry, "Metal output", "E0666", "`device T*` is not written yet")?;
    lower::buffer_arrays::refuse(&checked.module, checked.entry, "Metal output", "E0665")?;
    lower::ray_queries::refuse(&checked.module, checked.entry, "Metal output", "E0667")?;
    let module = native_group_wave_module(checked, options, warnings)?;
    back::msl::write_string(&module, checked.entry, &back::msl::Options::default())
}

fn hlsl(checked: &sema::Checked, options: &Options, warnings: &mut Vec<Diagnostic>) -> Result<String, Vec<Diagnostic>> {
    let sm = options.hlsl_shader_model;
    let mut module = std::borrow::Cow::Borrowed(&checked.module);
    lower::descriptor_heaps(&mut module, checked.entry, lower::descriptor_heaps::Heaps::Hlsl)?;
    if sm < (6, 6) && module.globals.iter().any(|(_, g)| lower::descriptor_heaps::HLSL_HEAPS.contains(&g.name.as_str()))
    {
        let span = checked.module.entry_points[checked.entry].span;
        return Err(vec![Diagnostic::error(
            "E0674",
            format!("descriptor handles read `ResourceDescriptorHeap`, which shader model {}.{} lacks", sm.0, sm.1),
        )
        .with_label(span, "this entry point uses a `DescriptorHandle<T>`")
        .with_note("use `--profile sm_6_6` or later")]);
    }
    if lower::chooses_resources(&module, checked.entry) {
        lower::resource_values(&mut module, checked.entry, warnings)?;
    }
    lower::pointers::refuse(
        &module,
        checked.entry,
        "HLSL",
        "E0673",
        "its buffers are reached through their bindings only",
    )?;
    let stdlib = stdlib::Stdlib::get();
    let native = sm >= (6, 10);
    // The backend itself falls back below 6.10 (`auto`); `always` and `never` are decided here.
    match options.emulate {
        Emulate::Never if !native && !wide_virtual(options) => {
            let uses = lower::group_wave_uses(&module, checked.entry, stdlib);
            if !uses.is_empty() {
                return Err(uses
                    .iter()
                    .map(|(name, span)| {
                        Diagnostic::error(
                            "E0604",
                            format!("`{name}` requires shader model 6.10 or greater, and `--emulate never` forbids the fallback"),
                        )
                        .with_label(*span, format!("the target is sm_{}_{}", sm.0, sm.1))
                        .with_note("use `--profile sm_6_10`, or `--emulate auto` for the groupshared fallback")
                    })
                    .collect());
            }
        }
        Emulate::Always if !wide_virtual(options) => {
            lower::emulate_group_wave(module.to_mut(), checked.entry, stdlib).map_err(|d| vec![d])?
        }
        _ => {}
    }
    virtual_waves(&mut module, checked.entry, options)?;
    back::hlsl::write_string(&module, checked.entry, &back::hlsl::Options { shader_model: sm })
}
