//! The C API of wavec: `include/wavec.h` is generated from this file by cbindgen
//! (`capi/cbindgen.toml`; `tests/capi.rs` fails when the header is stale).
//!
//! Design: two opaque handles. A `WavecOptions` is built up by setters and read by
//! `wavec_compile`; a `WavecResult` owns everything a compilation produced (outputs,
//! reflection JSON, diagnostics and their strings), and every pointer read from it stays valid
//! until `wavec_result_free`. There is no global state: distinct handles may be used on
//! distinct threads at once, and one `WavecOptions` may be shared by concurrent
//! `wavec_compile` calls as long as nobody changes it meanwhile. Every entry point catches
//! panics: one that reaches the boundary becomes `WAVEC_STATUS_INTERNAL_ERROR` (a result with
//! an E0699 diagnostic), never an unwind into C.
#![allow(clippy::missing_safety_doc)]

use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use wavec::syntax::preprocess::{FileLoader, FsLoader};

/// An output format.
// C spells constants in capitals, and these names are the header's.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WavecTarget {
    /// HLSL source text.
    WAVEC_TARGET_HLSL = 0,
    /// A SPIR-V module: little-endian 32-bit words.
    WAVEC_TARGET_SPIRV = 1,
    /// SPIR-V disassembly text.
    WAVEC_TARGET_SPIRV_ASM = 2,
    /// GLSL 4.50 (or 4.60) source text for Vulkan.
    WAVEC_TARGET_GLSL = 3,
    /// A CUDA C++ translation unit (`.cu`) with one `extern "C" __global__` kernel.
    WAVEC_TARGET_CUDA = 4,
    /// WGSL source text for WebGPU (`enable subgroups;`).
    WAVEC_TARGET_WGSL = 5,
    /// Metal Shading Language 2.4 source (`.metal`) with one `kernel` function.
    WAVEC_TARGET_METAL = 6,
}

/// What a call did.
// C spells constants in capitals, and these names are the header's.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WavecStatus {
    WAVEC_STATUS_OK = 0,
    /// The source has errors: read the diagnostics.
    WAVEC_STATUS_COMPILE_ERROR = 1,
    /// A null handle, a string that is not UTF-8, an unknown profile, an index out of range.
    WAVEC_STATUS_INVALID_ARGUMENT = 2,
    /// wavec panicked; the result holds an E0699 diagnostic that says where.
    WAVEC_STATUS_INTERNAL_ERROR = 3,
}

// C spells constants in capitals, and these names are the header's.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WavecSeverity {
    WAVEC_SEVERITY_WARNING = 0,
    WAVEC_SEVERITY_ERROR = 1,
}

/// Compile options. Create with `wavec_options_new`, free with `wavec_options_free`.
pub struct WavecOptions {
    options: wavec::Options,
    /// Whether a target was set: the first `wavec_options_add_target` replaces the default.
    targets_set: bool,
    files: Vec<(PathBuf, String)>,
}

/// One diagnostic, as `wavec_result_diagnostic` fills it in. The strings belong to the result.
/// `file` is NULL, and `line` and `column` are 0, for a diagnostic with no position.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WavecDiagnostic {
    pub code: *const c_char,
    pub severity: WavecSeverity,
    pub message: *const c_char,
    pub file: *const c_char,
    /// 1-based; the column counts characters.
    pub line: u32,
    pub column: u32,
    /// Labels: read each with `wavec_result_diagnostic_label`; the first is the primary one.
    pub label_count: usize,
    /// The diagnostic as the command line prints it, without colour.
    pub rendered: *const c_char,
}

/// One label of a diagnostic: a span of a file and its text. The strings belong to the result.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WavecLabel {
    pub file: *const c_char,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    /// Byte offsets into the file, `[byte_start, byte_end)`.
    pub byte_start: usize,
    pub byte_end: usize,
    pub message: *const c_char,
}

struct Label {
    file: CString,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    byte_start: usize,
    byte_end: usize,
    message: CString,
}

struct Diag {
    code: CString,
    severity: WavecSeverity,
    message: CString,
    rendered: CString,
    labels: Vec<Label>,
}

/// Everything one `wavec_compile` produced. Free with `wavec_result_free`.
pub struct WavecResult {
    status: WavecStatus,
    /// Each artifact with a NUL after it (not counted in its length), so text can be printed
    /// as it is.
    outputs: Vec<(WavecTarget, Vec<u8>)>,
    reflection: Option<CString>,
    rendered: CString,
    json: CString,
    diagnostics: Vec<Diag>,
}

/// A string that C can hold: interior NULs (never in wavec's own text) become U+FFFD.
fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "\u{FFFD}")).unwrap_or_default()
}

unsafe fn str_arg<'a>(p: *const c_char) -> Option<&'a str> {
    if p.is_null() {
        return None;
    }
    CStr::from_ptr(p).to_str().ok()
}

fn guard<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// A new set of options: target HLSL, shader model 6.6, SPIR-V for Vulkan 1.1, entry point
/// `main` (else the only one), file name `input.slang`. Never NULL.
#[no_mangle]
pub extern "C" fn wavec_options_new() -> *mut WavecOptions {
    Box::into_raw(Box::new(WavecOptions { options: wavec::Options::default(), targets_set: false, files: Vec::new() }))
}

/// Frees options made by `wavec_options_new`; NULL is ignored.
#[no_mangle]
pub unsafe extern "C" fn wavec_options_free(options: *mut WavecOptions) {
    if !options.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| drop(Box::from_raw(options))));
    }
}

fn with_options(options: *mut WavecOptions, f: impl FnOnce(&mut WavecOptions) -> WavecStatus) -> WavecStatus {
    if options.is_null() {
        return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT;
    }
    // SAFETY: the caller passes a live handle from `wavec_options_new` that no other thread
    // uses during this call (the header's contract).
    let o = unsafe { &mut *options };
    guard(WavecStatus::WAVEC_STATUS_INTERNAL_ERROR, || f(o))
}

/// Adds an output target. The first call replaces the default (HLSL); a target added twice
/// counts once.
#[no_mangle]
pub unsafe extern "C" fn wavec_options_add_target(options: *mut WavecOptions, target: WavecTarget) -> WavecStatus {
    with_options(options, |o| {
        if !o.targets_set {
            o.options.targets.clear();
            o.targets_set = true;
        }
        let t = match target {
            WavecTarget::WAVEC_TARGET_HLSL => wavec::Target::Hlsl,
            WavecTarget::WAVEC_TARGET_SPIRV => wavec::Target::Spirv,
            WavecTarget::WAVEC_TARGET_SPIRV_ASM => wavec::Target::SpirvAsm,
            WavecTarget::WAVEC_TARGET_GLSL => wavec::Target::Glsl,
            WavecTarget::WAVEC_TARGET_CUDA => wavec::Target::Cuda,
            WavecTarget::WAVEC_TARGET_WGSL => wavec::Target::Wgsl,
            WavecTarget::WAVEC_TARGET_METAL => wavec::Target::Metal,
        };
        if !o.options.targets.contains(&t) {
            o.options.targets.push(t);
        }
        WavecStatus::WAVEC_STATUS_OK
    })
}

/// Sets a profile, as `--profile` does: `sm_6_0` … `sm_6_10` for HLSL, `vulkan1.1` …
/// `vulkan1.3` or `spirv_1_3` … `spirv_1_6` for SPIR-V (call once for each).
#[no_mangle]
pub unsafe extern "C" fn wavec_options_set_profile(options: *mut WavecOptions, profile: *const c_char) -> WavecStatus {
    let Some(p) = str_arg(profile) else { return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT };
    with_options(options, |o| {
        if let Some(sp) = wavec::back::spv::Profile::from_name(p) {
            o.options.spirv_profile = sp;
        } else {
            match wavec::stdlib::parse_shader_model(p) {
                Some(sm) if sm.0 == 6 && sm.1 <= 10 => o.options.hlsl_shader_model = sm,
                _ => return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT,
            }
        }
        WavecStatus::WAVEC_STATUS_OK
    })
}

/// Sets the entry point's name (NULL: `main`, else the only entry point).
#[no_mangle]
pub unsafe extern "C" fn wavec_options_set_entry(options: *mut WavecOptions, entry: *const c_char) -> WavecStatus {
    let entry = if entry.is_null() {
        None
    } else {
        match str_arg(entry) {
            Some(e) => Some(e.to_string()),
            None => return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT,
        }
    };
    with_options(options, |o| {
        o.options.entry = entry;
        WavecStatus::WAVEC_STATUS_OK
    })
}

/// Defines a preprocessor macro, as `-D NAME=VALUE` (`value` NULL: `-D NAME`).
#[no_mangle]
pub unsafe extern "C" fn wavec_options_add_define(
    options: *mut WavecOptions,
    name: *const c_char,
    value: *const c_char,
) -> WavecStatus {
    let Some(n) = str_arg(name) else { return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT };
    if n.is_empty() || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT;
    }
    let v = if value.is_null() {
        None
    } else {
        match str_arg(value) {
            Some(v) => Some(v.to_string()),
            None => return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT,
        }
    };
    with_options(options, |o| {
        o.options.defines.push((n.to_string(), v));
        WavecStatus::WAVEC_STATUS_OK
    })
}

/// Adds a folder to the `#include` search path, as `-I DIR`.
#[no_mangle]
pub unsafe extern "C" fn wavec_options_add_include_dir(options: *mut WavecOptions, dir: *const c_char) -> WavecStatus {
    let Some(d) = str_arg(dir) else { return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT };
    with_options(options, |o| {
        o.options.include_dirs.push(PathBuf::from(d));
        WavecStatus::WAVEC_STATUS_OK
    })
}

/// Adds an in-memory file for `#include`: `name` is the path the include resolves to (beside
/// the compiled file's name, or in an include folder), `contents` its text. In-memory files
/// are found before the file system's.
#[no_mangle]
pub unsafe extern "C" fn wavec_options_add_include_file(
    options: *mut WavecOptions,
    name: *const c_char,
    contents: *const c_char,
) -> WavecStatus {
    let (Some(n), Some(c)) = (str_arg(name), str_arg(contents)) else {
        return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT;
    };
    with_options(options, |o| {
        o.files.push((PathBuf::from(n), c.to_string()));
        WavecStatus::WAVEC_STATUS_OK
    })
}

/// The in-memory files first, then the file system.
struct Loader<'a>(&'a [(PathBuf, String)]);

impl FileLoader for Loader<'_> {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        let clean =
            |p: &Path| p.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect::<PathBuf>();
        let want = clean(path);
        match self.0.iter().rev().find(|(p, _)| clean(p) == want) {
            Some((_, text)) => Ok(text.clone()),
            None => FsLoader.load(path),
        }
    }
}

fn result_of(compiled: Result<wavec::Output, wavec::diag::Diagnostics>) -> WavecResult {
    let (status, outputs, reflection, diags) = match compiled {
        Ok(out) => {
            let outputs = out
                .artifacts
                .iter()
                .map(|(t, a)| {
                    let target = match t {
                        wavec::Target::Hlsl => WavecTarget::WAVEC_TARGET_HLSL,
                        wavec::Target::Spirv => WavecTarget::WAVEC_TARGET_SPIRV,
                        wavec::Target::SpirvAsm => WavecTarget::WAVEC_TARGET_SPIRV_ASM,
                        wavec::Target::Glsl => WavecTarget::WAVEC_TARGET_GLSL,
                        wavec::Target::Cuda => WavecTarget::WAVEC_TARGET_CUDA,
                        wavec::Target::Wgsl => WavecTarget::WAVEC_TARGET_WGSL,
                        wavec::Target::Metal => WavecTarget::WAVEC_TARGET_METAL,
                    };
                    let mut bytes = match a {
                        wavec::Artifact::Text(s) => s.as_bytes().to_vec(),
                        wavec::Artifact::Binary(b) => b.clone(),
                    };
                    bytes.push(0);
                    (target, bytes)
                })
                .collect();
            let reflection = Some(c_string(&out.reflection().to_json()));
            (WavecStatus::WAVEC_STATUS_OK, outputs, reflection, out.warnings)
        }
        Err(d) => (WavecStatus::WAVEC_STATUS_COMPILE_ERROR, Vec::new(), None, d),
    };
    let diagnostics = diags
        .structured()
        .into_iter()
        .map(|d| Diag {
            code: c_string(d.code),
            severity: if d.severity == "error" {
                WavecSeverity::WAVEC_SEVERITY_ERROR
            } else {
                WavecSeverity::WAVEC_SEVERITY_WARNING
            },
            message: c_string(&d.message),
            rendered: c_string(&d.rendered),
            labels: d
                .spans
                .iter()
                .map(|s| Label {
                    file: c_string(&s.file),
                    line: s.line_start as u32,
                    column: s.column_start as u32,
                    end_line: s.line_end as u32,
                    end_column: s.column_end as u32,
                    byte_start: s.byte_start,
                    byte_end: s.byte_end,
                    message: c_string(&s.label),
                })
                .collect(),
        })
        .collect();
    WavecResult {
        status,
        outputs,
        reflection,
        rendered: c_string(&diags.render_plain()),
        json: c_string(&diags.to_json()),
        diagnostics,
    }
}

fn internal_error(what: &str) -> WavecResult {
    let d = wavec::diag::Diagnostics {
        list: vec![wavec::diag::Diagnostic::error("E0699", format!("internal error: {what}"))],
        sources: Default::default(),
    };
    WavecResult { status: WavecStatus::WAVEC_STATUS_INTERNAL_ERROR, ..result_of(Err(d)) }
}

/// Compiles `source` (NUL-terminated UTF-8) to every target of `options`; `file_name` (may be
/// NULL: the options' `input.slang`) names it in diagnostics and is the base of relative
/// `#include`s. Always returns a result (NULL only when memory runs out), which the caller
/// frees with `wavec_result_free`; `wavec_result_status` says whether it succeeded.
#[no_mangle]
pub unsafe extern "C" fn wavec_compile(
    options: *const WavecOptions,
    source: *const c_char,
    file_name: *const c_char,
) -> *mut WavecResult {
    let result = if options.is_null() || source.is_null() {
        WavecResult { status: WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT, ..internal_error("a NULL argument") }
    } else {
        // SAFETY: a live handle that nobody changes during the call (the header's contract).
        let o = &*options;
        match (str_arg(source), if file_name.is_null() { Some("") } else { str_arg(file_name) }) {
            (Some(src), Some(name)) => {
                let compiled = catch_unwind(AssertUnwindSafe(|| {
                    let mut opts = o.options.clone();
                    if !name.is_empty() {
                        opts.file_name = name.to_string();
                    }
                    result_of(wavec::compile_with_loader(src, &opts, &Loader(&o.files)))
                }));
                compiled.unwrap_or_else(|panic| {
                    let why = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "a panic".into());
                    internal_error(&why)
                })
            }
            _ => WavecResult {
                status: WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT,
                ..internal_error("the source or file name is not UTF-8")
            },
        }
    };
    Box::into_raw(Box::new(result))
}

/// Frees a result and every string and buffer read from it; NULL is ignored.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_free(result: *mut WavecResult) {
    if !result.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| drop(Box::from_raw(result))));
    }
}

/// `WAVEC_STATUS_OK` when every target compiled.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_status(result: *const WavecResult) -> WavecStatus {
    match result.as_ref() {
        Some(r) => r.status,
        None => WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT,
    }
}

/// The output of one target: its bytes, and their count in `*length` (`length` may be NULL).
/// Text is followed by a NUL not counted in the length. NULL (and length 0) when the target
/// was not asked for or the compilation failed.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_output(
    result: *const WavecResult,
    target: WavecTarget,
    length: *mut usize,
) -> *const u8 {
    let found = result.as_ref().and_then(|r| r.outputs.iter().find(|(t, _)| *t == target));
    if let Some(len) = length.as_mut() {
        *len = found.map_or(0, |(_, b)| b.len() - 1);
    }
    found.map_or(std::ptr::null(), |(_, b)| b.as_ptr())
}

unsafe fn c_str_out(s: Option<&CString>, length: *mut usize) -> *const c_char {
    if let Some(len) = length.as_mut() {
        *len = s.map_or(0, |s| s.as_bytes().len());
    }
    s.map_or(std::ptr::null(), |s| s.as_ptr())
}

/// The reflection as JSON (`docs/reflection.md`, `"version": 1`), NUL-terminated, its length
/// in `*length` (may be NULL). NULL when the compilation failed.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_reflection_json(result: *const WavecResult, length: *mut usize) -> *const c_char {
    c_str_out(result.as_ref().and_then(|r| r.reflection.as_ref()), length)
}

/// Every diagnostic (errors and warnings) as the command line prints them, without colour.
/// An empty string when there are none.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_diagnostics_text(
    result: *const WavecResult,
    length: *mut usize,
) -> *const c_char {
    c_str_out(result.as_ref().map(|r| &r.rendered), length)
}

/// Every diagnostic as JSON Lines, as `--diagnostic-format json` prints them.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_diagnostics_json(
    result: *const WavecResult,
    length: *mut usize,
) -> *const c_char {
    c_str_out(result.as_ref().map(|r| &r.json), length)
}

/// How many diagnostics the result holds (warnings of a success included).
#[no_mangle]
pub unsafe extern "C" fn wavec_result_diagnostic_count(result: *const WavecResult) -> usize {
    result.as_ref().map_or(0, |r| r.diagnostics.len())
}

/// Fills `*out` with diagnostic `index` (0 ≤ index < count); its position is its primary
/// label's.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_diagnostic(
    result: *const WavecResult,
    index: usize,
    out: *mut WavecDiagnostic,
) -> WavecStatus {
    let (Some(r), Some(out)) = (result.as_ref(), out.as_mut()) else {
        return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT;
    };
    let Some(d) = r.diagnostics.get(index) else { return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT };
    let primary = d.labels.first();
    *out = WavecDiagnostic {
        code: d.code.as_ptr(),
        severity: d.severity,
        message: d.message.as_ptr(),
        file: primary.map_or(std::ptr::null(), |l| l.file.as_ptr()),
        line: primary.map_or(0, |l| l.line),
        column: primary.map_or(0, |l| l.column),
        label_count: d.labels.len(),
        rendered: d.rendered.as_ptr(),
    };
    WavecStatus::WAVEC_STATUS_OK
}

/// Fills `*out` with label `label` of diagnostic `index`.
#[no_mangle]
pub unsafe extern "C" fn wavec_result_diagnostic_label(
    result: *const WavecResult,
    index: usize,
    label: usize,
    out: *mut WavecLabel,
) -> WavecStatus {
    let (Some(r), Some(out)) = (result.as_ref(), out.as_mut()) else {
        return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT;
    };
    let Some(l) = r.diagnostics.get(index).and_then(|d| d.labels.get(label)) else {
        return WavecStatus::WAVEC_STATUS_INVALID_ARGUMENT;
    };
    *out = WavecLabel {
        file: l.file.as_ptr(),
        line: l.line,
        column: l.column,
        end_line: l.end_line,
        end_column: l.end_column,
        byte_start: l.byte_start,
        byte_end: l.byte_end,
        message: l.message.as_ptr(),
    };
    WavecStatus::WAVEC_STATUS_OK
}
