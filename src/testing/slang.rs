//! Slang's test format, so that tests written for Slang run under `wavec test` unchanged.
//!
//! A file is in Slang's format when it has a `//TEST…:COMPARE_COMPUTE…` line. Each such line
//! that runs on Vulkan (`-vk`) or on Slang's CPU target (`-cpu`, run on wavec's CPU engine and
//! a SKIP on Vulkan) is one test case (Slang's `slang-test` numbers them among all the file's
//! `TEST` lines, disabled ones included, which picks `<file>.<k>.expected.txt`):
//!
//! - the line's options: `-entry` (default `computeMain`), `-compute-dispatch X,Y,Z`
//!   (default 1,1,1), `-output-using-type`, and compiler arguments passed with `-xslang A`,
//!   `-Xslang A`, `-compile-arg A` or `-Xslang… A B -X.` (`-DNAME[=V]`, `-I DIR`, layout and
//!   matrix-layout flags); options that only choose how Slang reaches SPIR-V or which device it
//!   needs are accepted and have no effect here;
//! - `//TEST_INPUT:ubuffer(data=[…], stride=N, count=N):out,name=X` (also `name X`, unnamed
//!   entries bound by position, as is one whose `,name=X` (no `:`) names no buffer) and `//TEST_INPUT: set X = [out] ubuffer(…)`; `cbuffer(…)` for
//!   a constant buffer;
//! - values of interface type: `type_conformance Impl:IFoo = N` (a type id, given to the
//!   compile), and `set X = new …`/`{…}`/`[…]` values laid out once the shader's types are
//!   known ([`super::slang_values`]); the lines that pick a specialization
//!   (`globalExistentialType` and kin) change nothing, as the type id says which type a value
//!   holds;
//! - the expected results: FileCheck lines of the `filecheck-buffer=P` prefix in the file, or
//!   `<file>.<k>.expected.txt` / `<file>.expected.txt`, compared as `slang-test` compares them
//!   (a `type:` line exactly, floats within 1e-4, other lines trimmed, extra output lines
//!   ignored). The output text is what Slang's `render-test` prints: each `out` buffer in
//!   full, one `%X` word per line, or with `-output-using-type` a `type: NAME` line and one
//!   decimal (`%f` for floats) value per element.
//!
//! - textures and samplers ([`super::slang_textures`]), and `set Block.member[i] = …` for one
//!   member of a `cbuffer`.
//!
//! Anything else (multisampled or 64-bit textures, `uniform` values
//! outside a constant buffer, deeper member paths, `random(…)`, FileCheck variables, other APIs)
//! makes the case a SKIP that says why: never a PASS.
//!
//! Wave widths: Slang's expected results come from 32-lane GPUs, so unless the file says
//! otherwise (`//! widths …`, wavec's own directive) or uses no wave operation at all, a case
//! runs only at the widths where a 32-lane GPU and this width give the same waves: every width that holds the whole group when
//! the group has at most 32 threads, else 32 alone; and 32 alone when the shader reads the wave
//! size. The other widths are SKIPs with that reason.

use super::directive::{parse_widths, Check, CheckLine, TestFile};
use super::filecheck;
use super::slang_textures;
use super::slang_values;
use super::spec::{BufferId, BufferSpec};
use crate::ir::{Scalar, Type};
use crate::run::BufferKind;
use std::path::{Path, PathBuf};

/// One case of a file: its name in the report, and the test or why it cannot be run.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub test: Result<TestFile, String>,
}

/// How one `out` buffer is printed, as Slang's `render-test` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// One `%X` line per 32-bit word, after a `type: NAME` line when given (`bool` elements).
    Words { header: Option<&'static str> },
    /// `type: NAME`, then one value per element: decimal integers, `%f` floats.
    Typed(Scalar),
}

/// One `out` buffer of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Output {
    pub buffer: BufferId,
    pub format: OutputFormat,
    /// The bytes the test gave (the buffer may be longer: see [`whole_elements`]).
    pub given: usize,
}

/// What the output text must match.
#[derive(Clone, Debug)]
pub enum Expectation {
    /// The lines of an `.expected.txt` file.
    Lines { path: PathBuf, lines: Vec<String> },
    /// FileCheck directives of a prefix, from the test source.
    FileCheck { prefix: String, directives: Vec<filecheck::Directive> },
}

impl PartialEq for Expectation {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Expectation::Lines { path: a, lines: x }, Expectation::Lines { path: b, lines: y }) => a == b && x == y,
            (
                Expectation::FileCheck { prefix: a, directives: x },
                Expectation::FileCheck { prefix: b, directives: y },
            ) => a == b && x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p.line == q.line && p.text == q.text),
            _ => false,
        }
    }
}

/// Whether `source` is a test in Slang's format.
pub fn is_slang_test(source: &str) -> bool {
    source.lines().filter_map(test_line).any(|t| t.command.starts_with("COMPARE_COMPUTE"))
}

/// One `//TEST…` line.
struct TestLine {
    /// 1-based line in the file.
    line: usize,
    disabled: bool,
    command: String,
    options: Vec<String>,
    args: Vec<String>,
}

/// Reads a `//TEST(categories):COMMAND(options):args` line (any number of slashes, blanks
/// after them, an optional `DISABLE_` before `TEST` or `_DISABLED` after it).
fn test_line(line: &str) -> Option<TestLine> {
    let rest = line.trim_start().strip_prefix("//")?.trim_start_matches('/').trim_start();
    let (disabled, rest) = match rest.strip_prefix("DISABLE_").or_else(|| rest.strip_prefix("DISABLED_")) {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.strip_prefix("TEST")?;
    // `TEST_DISABLED` is no command `slang-test` knows, so it runs nothing: disabled too.
    let (disabled, rest) = match rest.strip_prefix("_DISABLED") {
        Some(r) => (true, r),
        None => (disabled, rest),
    };
    let rest = if let Some(r) = rest.strip_prefix('(') { &r[r.find(')')? + 1..] } else { rest };
    let rest = rest.strip_prefix(':')?;
    let name_end = rest.find([':', '(']).unwrap_or(rest.len());
    let command = rest[..name_end].trim().to_string();
    let mut rest = &rest[name_end..];
    let mut options = Vec::new();
    if let Some(r) = rest.strip_prefix('(') {
        let close = r.find(')')?;
        options = r[..close].split(',').map(|o| o.trim().to_string()).filter(|o| !o.is_empty()).collect();
        rest = &r[close + 1..];
    }
    let args = split_args(rest.strip_prefix(':').unwrap_or(rest));
    Some(TestLine { line: 0, disabled, command, options, args })
}

/// Whitespace-separated arguments; `"…"` keeps blanks.
fn split_args(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// What a `COMPARE_COMPUTE` line asks for.
#[derive(Debug, Default)]
struct Plan {
    vulkan: bool,
    /// A `-cpu` test (Slang's C++ target): run on wavec's CPU engine, skipped on Vulkan.
    cpu: bool,
    other_api: Option<String>,
    entry: Option<String>,
    dispatch: Option<[u32; 3]>,
    typed: bool,
    defines: Vec<(String, Option<String>)>,
    include_dirs: Vec<PathBuf>,
    layout: Option<crate::layout::LayoutMode>,
    majorness: Option<crate::ir::Majorness>,
    allow_glsl: bool,
    bindless_space_index: Option<u32>,
    unsupported: Option<String>,
}

fn plan(t: &TestLine, base: &Path) -> Plan {
    let mut p = Plan::default();
    let mut compiler: Vec<String> = Vec::new();
    let mut args = t.args.iter().map(String::as_str);
    while let Some(a) = args.next() {
        match a {
            "-vk" | "-vulkan" => p.vulkan = true,
            "-cpu" => p.cpu = true,
            "-dx11" | "-dx12" | "-d3d11" | "-d3d12" | "-cuda" | "-metal" | "-wgpu" | "-llvm" | "-optix" => {
                p.other_api = Some(a.trim_start_matches('-').to_string())
            }
            "-slang"
            | "-hlsl"
            | "-glsl"
            | "-compute"
            | "-shaderobj"
            | "-emit-spirv-directly"
            | "-emit-spirv-via-glsl"
            | "-skip-spirv-validation"
            | "-g0"
            | "-use-dxil" => {}
            "-output-using-type" => p.typed = true,
            "-allow-glsl" => p.allow_glsl = true,
            "-entry" => p.entry = args.next().map(str::to_string),
            "-compute-dispatch" => match args.next().map(super::directive::parse_groups) {
                Some(Ok(g)) => p.dispatch = Some(g),
                _ => p.unsupported = Some("a `-compute-dispatch` that is not X,Y,Z".into()),
            },
            // Which Slang profile, capability or device feature: wavec's output runs anywhere
            // the intrinsics it uses do.
            "-profile" | "-capability" | "-render-feature" | "-render-features" => {
                args.next();
            }
            "-xslang" | "-Xslang" | "-compile-arg" => compiler.extend(args.next().map(str::to_string)),
            "-Xslang..." => {
                for b in args.by_ref() {
                    if b == "-X." {
                        break;
                    }
                    compiler.push(b.to_string());
                }
            }
            "-no-default-entry-point" | "-compile-only" => {
                p.unsupported.get_or_insert(format!("`{a}`: nothing to run"));
            }
            other => {
                p.unsupported.get_or_insert(format!("the test option `{other}`"));
            }
        }
    }
    let mut c = compiler.iter().map(String::as_str);
    while let Some(a) = c.next() {
        // Slang defines a name given without `=` as empty (slangc's `-D`), not as `1`.
        let define = |d: &str| match d.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (d.to_string(), Some(String::new())),
        };
        match a {
            "-D" => p.defines.extend(c.next().map(define)),
            d if d.starts_with("-D") => p.defines.push(define(&d[2..])),
            "-I" => p.include_dirs.extend(c.next().map(|d| base.join(d))),
            d if d.starts_with("-I") => p.include_dirs.push(base.join(&d[2..])),
            "-matrix-layout-row-major" => p.majorness = Some(crate::ir::Majorness::Row),
            "-matrix-layout-column-major" => p.majorness = Some(crate::ir::Majorness::Column),
            "-fvk-use-scalar-layout" | "-force-glsl-scalar-layout" => {
                p.layout = Some(crate::layout::LayoutMode::Scalar)
            }
            "-fvk-use-gl-layout" => p.layout = Some(crate::layout::LayoutMode::Gl),
            "-fvk-use-dx-layout" => p.layout = Some(crate::layout::LayoutMode::Dx),
            "-allow-glsl" => p.allow_glsl = true,
            "-bindless-space-index" => match c.next().and_then(|n| n.parse().ok()) {
                Some(n) => p.bindless_space_index = Some(n),
                None => {
                    p.unsupported.get_or_insert("`-bindless-space-index` without a set number".into());
                }
            },
            // `-experimental-feature` only unlocks Slang features: what wavec lacks fails to
            // compile, which the row reports.
            "-emit-spirv-directly"
            | "-emit-spirv-via-glsl"
            | "-experimental-feature"
            | "-g0"
            | "-g"
            | "-O0"
            | "-O1"
            | "-O2"
            | "-O3" => {}
            "-capability" | "-profile" | "-stage" | "-warnings-disable" => {
                c.next();
            }
            // What Slang says about the program, not what it means: a warning turned off or
            // made an error (Slang's warnings are not wavec's), its own SPIR-V validation
            // skipped, or the output's names obfuscated.
            "-warnings-as-errors" => {
                c.next();
            }
            w if w.starts_with("-Wno-") => {}
            "-skip-spirv-validation" | "-obfuscate" => {}
            // Slang serializes its IR and reads it back before emitting: the program is the same.
            "-serial-ir" => {}
            other => {
                p.unsupported.get_or_insert(format!("the compiler option `{other}`"));
            }
        }
    }
    p
}

/// One `//TEST_INPUT` line.
#[derive(Debug)]
struct Input {
    line: usize,
    name: Option<String>,
    out: bool,
    uniform: bool,
    /// `uniform(data=[…])`: the bytes of a value (an entry point's `uniform` parameter or a
    /// loose global uniform), not a buffer.
    value: bool,
    data: Vec<u8>,
    /// `new …`, `{…}`, `[…]`: a value laid out once the shader's types are known
    /// ([`super::slang_values`]).
    object: Option<slang_values::Value>,
    /// A texture or sampler ([`super::slang_textures`]): bound as `wavec run` binds an image or
    /// sampler spec.
    resource: Option<BufferSpec>,
    /// `counter=N`: the initial value of a structured buffer's hidden counter.
    counter: Option<u32>,
    /// The name came after a `,` rather than a `:` (`ubuffer(…),name=x`), where render-test
    /// reads no bindings and binds the input by its position: it names a buffer the shader
    /// declares, else the input binds by position.
    loose_name: bool,
    /// Another input named among the `data=[…]` words (`data=[0 valueBuf 5]`): its device
    /// address, in the two words at this byte offset.
    addresses: Vec<(u32, String)>,
}

impl Input {
    /// An input on `line` named `name` that gives nothing yet: no data, value or resource.
    fn named(line: usize, name: Option<String>) -> Input {
        Input {
            line,
            name,
            out: false,
            uniform: false,
            value: false,
            data: Vec::new(),
            object: None,
            resource: None,
            counter: None,
            addresses: Vec::new(),
            loose_name: false,
        }
    }
}

/// What the `TEST_INPUT` lines of a file give: the inputs, and the type ids of
/// `type_conformance` lines (type, interface, id).
#[derive(Debug)]
struct Inputs {
    list: Vec<Input>,
    conformances: Vec<(String, String, u32)>,
}

/// `//TEST_INPUT` lines: each an input, or the reason it is not supported. Slang reads only
/// lines that start with `//` at column 0.
fn inputs(source: &str) -> Result<Inputs, String> {
    let mut out = Inputs { list: Vec::new(), conformances: Vec::new() };
    for (i, line) in source.lines().enumerate() {
        let Some(rest) = line.strip_prefix("//") else { continue };
        let Some(body) = rest.trim_start().strip_prefix("TEST_INPUT") else { continue };
        let Some(body) = body.trim_start().strip_prefix(':') else { continue };
        let at = |e: String| format!("line {}: `{}`: {e}", i + 1, line.trim());
        let body = body.trim();
        if let Some(c) = body.strip_prefix("type_conformance") {
            out.conformances.push(type_conformance(c).map_err(at)?);
            continue;
        }
        // Which type an interface-typed parameter is specialised to: wavec dispatches on the
        // type id the value holds, whatever the type.
        let word = body.split_whitespace().next().unwrap_or("");
        if matches!(
            word,
            "globalExistentialType"
                | "globalSpecializationArg"
                | "global_type"
                | "entryPointExistentialType"
                | "entryPointSpecializationArg"
                | "type"
        ) {
            continue;
        }
        out.list.push(input(body, i + 1).map_err(at)?);
    }
    Ok(out)
}

/// `Impl:IFoo = 3` (the id optional: the interface's next).
fn type_conformance(body: &str) -> Result<(String, String, u32), String> {
    let body = body.trim().trim_end_matches(';').trim();
    let (names, id) = match body.rsplit_once('=') {
        Some((n, id)) => (n.trim(), Some(id.trim().parse::<u32>().map_err(|_| format!("`{id}` is not a type id"))?)),
        None => (body, None),
    };
    let mut depth = 0;
    let colon = names
        .char_indices()
        .find(|&(_, c)| {
            match c {
                '<' => depth += 1,
                '>' => depth -= 1,
                _ => {}
            }
            c == ':' && depth == 0
        })
        .map(|(i, _)| i)
        .ok_or("expected `type_conformance Type:Interface = id`")?;
    let id = id.ok_or("SKIP:a `type_conformance` without an id is not supported")?;
    Ok((names[..colon].trim().to_string(), names[colon + 1..].trim().to_string(), id))
}

fn input(body: &str, line: usize) -> Result<Input, String> {
    let body = body.trim_end_matches(';').trim();
    // `set NAME = [out] KIND(…)`
    if let Some(rest) = body.strip_prefix("set ") {
        let (name, value) = rest.split_once('=').ok_or("expected `set NAME = …`")?;
        let (out, value) = match value.trim().strip_prefix("out ") {
            Some(v) => (true, v.trim()),
            None => (false, value.trim()),
        };
        // `set Block.member[i] = 4.0`: one member of a `cbuffer`, a number or `{…}`.
        let number = value.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.');
        if slang_values::is_value(value) || number {
            let object = Some(slang_values::parse(value)?);
            let name = Some(name.trim().to_string());
            return Ok(Input { out, object, ..Input::named(line, name) });
        }
        let (kind, opts, tail) = kind_and_options(value)?;
        if !tail.trim().is_empty() {
            return Err(format!("unexpected `{}` after the value", tail.trim()));
        }
        return buffer(line, Some(name.trim().to_string()), out, kind, opts);
    }
    // `KIND(…)[:out][,name[=]NAME]`
    let (kind, opts, tail) = kind_and_options(body)?;
    let (mut out, mut name) = (false, None);
    let loose_name = !tail.trim_start().starts_with(':');
    for field in tail.trim().trim_start_matches(':').split([',', ':']) {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        if field == "out" {
            out = true;
        } else if let Some(n) = field.strip_prefix("name") {
            let n = n.trim_start().trim_start_matches('=').trim();
            if n.is_empty() {
                return Err("`name` without a name".into());
            }
            name = Some(n.to_string());
        } else {
            return Err(format!("the field `{field}` is not supported"));
        }
    }
    let input = buffer(line, name, out, kind, opts)?;
    Ok(Input { loose_name: loose_name && input.name.is_some(), ..input })
}

/// `KIND(OPTIONS)` at the start of `s`, and what follows.
fn kind_and_options(s: &str) -> Result<(&str, &str, &str), String> {
    // A kind without options (`Sampler:name s`).
    let word = s.find(|c: char| !c.is_ascii_alphanumeric() && c != '_').unwrap_or(s.len());
    if slang_textures::is_resource(&s[..word]) && !s[word..].trim_start().starts_with('(') {
        return Ok((&s[..word], "", &s[word..]));
    }
    let open = s.find('(').ok_or("expected KIND(…)")?;
    let mut depth = 0;
    for (i, c) in s.char_indices().skip(open) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 && c == ')' {
                    return Ok((s[..open].trim(), &s[open + 1..i], &s[i + 1..]));
                }
            }
            _ => {}
        }
    }
    Err("a `(` without its `)`".into())
}

/// `name[k]`, an element of an array of buffers: the name and `k`.
fn element_of(name: &str) -> Option<(&str, u32)> {
    let (base, rest) = name.split_once('[')?;
    let k = rest.strip_suffix(']')?.trim().parse().ok()?;
    let base = base.trim();
    (!base.is_empty() && !base.contains(['.', '[', ']'])).then_some((base, k))
}

fn buffer(line: usize, name: Option<String>, out: bool, kind: &str, opts: &str) -> Result<Input, String> {
    if slang_textures::is_resource(kind) {
        if name.as_deref().is_some_and(|n| n.contains(['.', '['])) {
            return Err(format!(
                "SKIP:inputs bound by a member path (`{}`) are not supported",
                name.unwrap_or_default()
            ));
        }
        if out {
            return Err(format!("SKIP:an `out` {kind} is not supported"));
        }
        let spec = slang_textures::resource(kind, opts)?;
        return Ok(Input { out, resource: Some(spec), ..Input::named(line, name) });
    }
    let (uniform, value) = match kind {
        "ubuffer" => (false, false),
        "cbuffer" => (true, false),
        "uniform" => (true, true),
        other => return Err(format!("SKIP:the input kind `{other}` is not supported")),
    };
    // A value may be a member of another (`u_struct.f_int`): [`value_place`] finds it. A buffer
    // of an array of buffers is named by its element (`buffers[1]`).
    if !value && name.as_deref().is_some_and(|n| n.contains('.') || (n.contains('[') && element_of(n).is_none())) {
        return Err(format!("SKIP:inputs bound by a member path (`{}`) are not supported", name.unwrap_or_default()));
    }
    let (mut values, mut stride, mut count, mut counter) = (Vec::new(), 4usize, None::<usize>, None);
    let mut rest = opts.trim();
    while !rest.is_empty() {
        let (key, value, after) = match rest.find(['=', ',', '(']) {
            Some(at) if rest.as_bytes()[at] == b'=' => {
                let key = rest[..at].trim();
                let v = rest[at + 1..].trim_start();
                if let Some(list) = v.strip_prefix('[') {
                    let close = list.find(']').ok_or("a `[` without its `]`")?;
                    (key, &list[..close], list[close + 1..].trim_start())
                } else {
                    let end = v.find(',').unwrap_or(v.len());
                    (key, v[..end].trim(), &v[end..])
                }
            }
            Some(at) if rest.as_bytes()[at] == b'(' => {
                return Err(format!("SKIP:`{}(…)` inputs are not supported", rest[..at].trim()));
            }
            _ => {
                let end = rest.find(',').unwrap_or(rest.len());
                return Err(format!("SKIP:the buffer option `{}` is not supported", rest[..end].trim()));
            }
        };
        match key {
            "data" => values = value.split_whitespace().map(str::to_string).collect(),
            "stride" => stride = value.parse().map_err(|_| format!("`stride={value}` is not a number"))?,
            "count" => count = Some(value.parse().map_err(|_| format!("`count={value}` is not a number"))?),
            "counter" => counter = Some(value.parse().map_err(|_| format!("`counter={value}` is not a number"))?),
            other => return Err(format!("SKIP:the buffer option `{other}` is not supported")),
        }
        rest = after.trim_start().trim_start_matches(',').trim_start();
    }
    if ![1, 2].contains(&stride) && stride % 4 != 0 {
        return Err(format!("SKIP:a stride of {stride} bytes is not supported"));
    }
    // `render-test` packs values only for strides of 1 and 2; any other stride (0 too, a
    // byte-address buffer's) holds each value in a word.
    let slot = if matches!(stride, 1 | 2) { stride } else { 4 };
    let mut data = Vec::new();
    let mut addresses = Vec::new();
    for v in &values {
        // Another input's name: its device address, two words (`render-test`'s `data=[name]`).
        if v.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && !is_number_word(v) {
            if slot != 4 {
                return Err(format!(
                    "SKIP:the address of `{v}` in a buffer of {stride}-byte elements is not supported"
                ));
            }
            addresses.push((data.len() as u32, v.clone()));
            data.extend_from_slice(&[0; 8]);
            continue;
        }
        let bytes = value_bytes(v, slot)?;
        data.extend_from_slice(&bytes[..slot]);
    }
    let size = data.len().max(count.unwrap_or(0) * stride).max(4).div_ceil(4) * 4;
    data.resize(size, 0);
    Ok(Input {
        line,
        name,
        out,
        uniform,
        value,
        data,
        object: None,
        resource: None,
        counter,
        addresses,
        loose_name: false,
    })
}

/// Words of `data=[…]` that read as numbers though they start with a letter.
fn is_number_word(v: &str) -> bool {
    matches!(v.trim_end_matches('f'), "inf" | "nan" | "infinity") || v.parse::<f32>().is_ok()
}

/// A `data=[…]` value as the bytes of a slot of `slot` bytes: integers (two's complement),
/// `0x…`, floats (f32, or f16 in 2-byte slots), `1.0h` halves.
fn value_bytes(v: &str, slot: usize) -> Result<[u8; 4], String> {
    let bad = || format!("`{v}` is not a number");
    if let Some(h) = v.strip_suffix('h') {
        let f: f32 = h.parse().map_err(|_| bad())?;
        return Ok(crate::exec::ops::f32_to_f16(f).to_le_bytes());
    }
    let int = if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok().map(|x| x as u32)
    } else if let Some(n) = v.strip_prefix('-') {
        n.parse::<u64>().ok().map(|x| (x as i64).wrapping_neg() as u32)
    } else {
        v.parse::<u64>().ok().map(|x| x as u32)
    };
    if let Some(i) = int {
        return Ok(i.to_le_bytes());
    }
    let f: f32 = v.trim_end_matches('f').parse().map_err(|_| bad())?;
    Ok(if slot == 2 { crate::exec::ops::f32_to_f16(f).to_le_bytes() } else { f.to_bits().to_le_bytes() })
}

/// The names whose values depend on the wave size (a mask of the lanes at or above this one
/// ends at the last lane; a rotate wraps around at it; a ballot query counts the wave's lanes;
/// a shuffle down from the last lanes reads past the wave).
const READS_WAVE_SIZE: &[&str] = &[
    "WaveGetLaneCount",
    "gl_SubgroupSize",
    "WaveGetNumWaves",
    "gl_NumSubgroups",
    "GetGroupWaveCount",
    "WaveGetLaneGeMask",
    "WaveGetLaneGtMask",
    "gl_SubgroupGeMask",
    "gl_SubgroupGtMask",
    "WaveRotate",
    "subgroupRotate",
    "subgroupBallotBitCount",
    "subgroupBallotInclusiveBitCount",
    "subgroupBallotExclusiveBitCount",
    "subgroupBallotFindMSB",
    "subgroupShuffleDown",
];

/// The cases of a file in Slang's format.
pub fn parse(path: &Path, source: &str, module_dirs: &[std::path::PathBuf]) -> Vec<Case> {
    let base = path.parent().unwrap_or(Path::new("."));
    let lines: Vec<(usize, TestLine)> = source
        .lines()
        .enumerate()
        .filter_map(|(i, l)| test_line(l).map(|t| TestLine { line: i + 1, ..t }))
        .enumerate()
        .collect();
    let file = path.display().to_string();
    let skip_all = |why: String| vec![Case { name: file.clone(), test: Ok(TestFile::skipped(path, source, why)) }];
    if source.lines().any(|l| l.contains("TEST_IGNORE_FILE")) {
        return skip_all("the file is marked TEST_IGNORE_FILE".into());
    }
    let computes: Vec<&(usize, TestLine)> =
        lines.iter().filter(|(_, t)| !t.disabled && t.command.starts_with("COMPARE_COMPUTE")).collect();
    if computes.is_empty() && lines.iter().any(|(_, t)| t.command.starts_with("COMPARE_COMPUTE")) {
        return skip_all("every compute test of the file is disabled in Slang's suite".into());
    }
    let plans: Vec<(usize, &TestLine, Plan)> = computes.iter().map(|(k, t)| (*k, t, plan(t, base))).collect();
    let vulkan: Vec<&(usize, &TestLine, Plan)> = plans.iter().filter(|(_, _, p)| p.vulkan || p.cpu).collect();
    if vulkan.is_empty() {
        let apis: Vec<String> = plans.iter().filter_map(|(_, _, p)| p.other_api.clone()).collect();
        return skip_all(format!(
            "no Vulkan compute test (only {})",
            if apis.is_empty() { "the default API".to_string() } else { apis.join(", ") }
        ));
    }
    let many = vulkan.len() > 1;
    vulkan
        .into_iter()
        .map(|(k, t, p)| Case {
            name: if many { format!("{file} #{k}") } else { file.clone() },
            test: case(path, source, *k, t, p, module_dirs),
        })
        .collect()
}

fn case(
    path: &Path,
    source: &str,
    k: usize,
    t: &TestLine,
    p: &Plan,
    module_dirs: &[std::path::PathBuf],
) -> Result<TestFile, String> {
    let mut test = TestFile::skipped(path, source, String::new());
    test.module_dirs = module_dirs.to_vec();
    test.blocked = None;
    test.entry = Some(p.entry.clone().unwrap_or_else(|| "computeMain".into()));
    test.dispatch = p.dispatch.unwrap_or([1, 1, 1]);
    test.defines = p.defines.clone();
    test.include_dirs = p.include_dirs.clone();
    test.allow_glsl = p.allow_glsl;
    test.bindless_space_index = p.bindless_space_index;
    test.cpu_only = p.cpu && !p.vulkan;
    // slang-rhi creates its Vulkan device with every feature the device has, robust buffer
    // access among them, and some of Slang's tests read past the end of a buffer.
    test.robust_buffer_access = true;
    // Slang's CPU target lays buffers out as C structs (tightly packed matrices and vectors,
    // no 16-byte cbuffer rows): its `-cpu` lines expect the scalar layout.
    if test.cpu_only {
        test.layout = crate::layout::LayoutMode::Scalar;
    }
    if let Some(l) = p.layout {
        test.layout = l;
    }
    // slang-test drives Slang through its API, whose default matrix layout is row-major
    // (slangc's is column-major: Slang's user guide, "Handling Matrix Layout Differences").
    test.matrix_majorness = p.majorness.unwrap_or(crate::ir::Majorness::Row);
    if let Some(why) = &p.unsupported {
        test.blocked = Some(format!("{why} is not supported"));
        return Ok(test);
    }
    let skip = |mut test: TestFile, why: String| {
        test.blocked = Some(why);
        Ok(test)
    };
    let inputs = match inputs(source) {
        Ok(i) => i,
        Err(e) => {
            return match e.split_once("SKIP:") {
                Some((at, why)) => skip(test, format!("{at}{why}")),
                None => Err(e),
            }
        }
    };
    test.conformances = inputs.conformances;
    let inputs = inputs.list;
    // Expected results.
    let expect = match t.options.iter().find_map(|o| o.strip_prefix("filecheck-buffer=")) {
        Some(prefix) => match filecheck::parse(source, prefix) {
            Ok(directives) => Expectation::FileCheck { prefix: prefix.to_string(), directives },
            Err(e) => return skip(test, format!("FileCheck: {e}")),
        },
        None => {
            // `filecheck=P` checks what slang-test prints about Slang's compile (its result
            // code, its warnings), not the buffer: the buffer is still compared below.
            if let Some(o) = t.options.iter().find(|o| !o.is_empty() && !o.starts_with("filecheck=")) {
                return skip(test, format!("the test option `{o}` is not supported"));
            }
            let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let dir = path.parent().unwrap_or(Path::new("."));
            let numbered = dir.join(format!("{file_name}.{k}.expected.txt"));
            let plain = dir.join(format!("{file_name}.expected.txt"));
            let found = if k > 0 && numbered.is_file() { numbered } else { plain };
            let text = std::fs::read_to_string(&found)
                .map_err(|e| format!("no expected results: `{}` ({e}) and no `filecheck-buffer`", found.display()))?;
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            while lines.last().is_some_and(|l| l.trim().is_empty()) {
                lines.pop();
            }
            Expectation::Lines { path: found, lines }
        }
    };
    // Bind inputs as the shader declares its buffers.
    let options = test.options(None);
    let (checked, _) = crate::check(source, &options).map_err(|d| format!("compile error:\n{}", d.render_plain()))?;
    let bindings = crate::exec::declared_bindings(&checked.module, checked.entry).map_err(|d| {
        let d = crate::diag::Diagnostics { list: d, sources: Default::default() };
        format!("compile error:\n{}", d.render_plain())
    })?;
    // A combined texture-sampler's sampler (its texture's binding, listed after it) is part of
    // the one input that binds the pair.
    let mut bindings = bindings;
    bindings.dedup_by(|later, earlier| {
        (later.set, later.binding) == (earlier.set, earlier.binding)
            && matches!(later.descriptor, crate::exec::compile::Descriptor::Sampler { .. })
            && matches!(earlier.descriptor, crate::exec::compile::Descriptor::Image { .. })
    });
    let bindings = &bindings;
    let inputs = match split_block_inputs(&checked.module, bindings, inputs)
        .and_then(|list| buffer_array_inputs(&checked.module, list))
    {
        Ok(list) => list,
        Err(e) => {
            return match e.split_once("SKIP:") {
                Some((at, why)) => skip(test, format!("{at}{why}")),
                None => Err(e),
            }
        }
    };
    let mut outputs = Vec::new();
    // Values (`uniform(…)`) go into the block that holds them, at their member's offset.
    let mut values: Vec<(BufferId, Vec<u8>)> = Vec::new();
    for input in inputs.iter().filter(|i| i.value) {
        let Some(name) = &input.name else {
            return skip(test, format!("line {}: a `uniform(…)` input without a name", input.line));
        };
        let (id, offset) = value_place(&checked, bindings, name)
            .ok_or_else(|| format!("line {}: the shader has no uniform value `{name}`", input.line))?;
        let block = match values.iter_mut().find(|(b, _)| *b == id) {
            Some((_, bytes)) => bytes,
            None => {
                values.push((id, Vec::new()));
                &mut values.last_mut().expect("just pushed").1
            }
        };
        let end = offset as usize + input.data.len();
        if block.len() < end {
            block.resize(end.div_ceil(16) * 16, 0);
        }
        block[offset as usize..end].copy_from_slice(&input.data);
    }
    // Objects: a buffer's elements, a constant buffer's struct, or a uniform value.
    for input in inputs.iter().filter(|i| i.object.is_some()) {
        let (Some(name), Some(object)) = (&input.name, &input.object) else { continue };
        let m = &checked.module;
        let at = |e: String| format!("line {}: {e}", input.line);
        // Resources inside other values (a struct or tuple global holding a texture) have no
        // bytes to write; only split blocks bind theirs (`split_block_inputs`).
        if let Some(kind) = slang_values::resource_inside(object) {
            return skip(test, at(format!("a resource inside a value (`{kind}`) is not supported here")));
        }
        if let Some((block, member)) = name.split_once('.') {
            let (id, ty, majorness, offset) = match cbuffer_member(&checked, bindings, block, member) {
                Ok(place) => place,
                Err(e) => match e.strip_prefix("SKIP:") {
                    Some(why) => return skip(test, at(why.to_string())),
                    None => return Err(at(e)),
                },
            };
            let block = match values.iter_mut().find(|(b, _)| *b == id) {
                Some((_, bytes)) => bytes,
                None => {
                    values.push((id, Vec::new()));
                    &mut values.last_mut().expect("just pushed").1
                }
            };
            slang_values::write(m, &ty, majorness, object, m.layout.uniform(), offset, block).map_err(at)?;
            block.resize(block.len().div_ceil(16) * 16, 0);
            continue;
        }
        let Some((_, g)) = m.globals.iter().find(|(_, g)| &g.name == name) else {
            return Err(at(format!("the shader has no parameter `{name}`")));
        };
        match &g.ty {
            Type::Resource(kind, Some(elem)) if slang_values::is_element_buffer(*kind) => {
                let Some(elements) = slang_values::buffer_elements(object) else {
                    return Err(at(format!("`{name}` is a buffer: give its elements, `new StructuredBuffer<T>[…]`")));
                };
                let rule = m.storage_rule(g);
                let stride = crate::layout::array_stride(m, elem, rule, g.majorness);
                let mut data = Vec::new();
                for (i, e) in elements.iter().enumerate() {
                    slang_values::write(m, elem, g.majorness, e, rule, stride * i as u32, &mut data).map_err(at)?;
                }
                data.resize((stride as usize * elements.len()).max(4).div_ceil(4) * 4, 0);
                let binding =
                    bindings.iter().find(|b| &b.name == name).ok_or_else(|| at(format!("no binding for `{name}`")))?;
                let id = BufferId { set: binding.set, binding: binding.binding, element: 0 };
                test.buffers.push((id, BufferSpec { kind: Some(BufferKind::Storage), data, pointers: Vec::new() }));
            }
            Type::Resource(crate::ir::ResourceKind::ConstantBuffer, Some(elem)) => {
                let mut data = Vec::new();
                let rule = m.uniform_rule(g);
                slang_values::write(m, elem, g.majorness, object, rule, 0, &mut data).map_err(at)?;
                // The whole block, as render-test allocates it: fields not given are zeros.
                let size = crate::layout::placement(m, elem, rule, g.majorness).size as usize;
                data.resize(data.len().max(size).max(16).div_ceil(16) * 16, 0);
                let binding =
                    bindings.iter().find(|b| &b.name == name).ok_or_else(|| at(format!("no binding for `{name}`")))?;
                let id = BufferId { set: binding.set, binding: binding.binding, element: 0 };
                test.buffers.push((id, BufferSpec { kind: Some(BufferKind::Uniform), data, pointers: Vec::new() }));
            }
            Type::Resource(..) => {
                return skip(test, at(format!("a `new …` value for `{name}`, a `{}`", m.type_name(&g.ty))));
            }
            _ => {
                let Some((id, offset)) = value_place(&checked, bindings, name) else {
                    return Err(at(format!("the shader has no uniform value `{name}`")));
                };
                let rule = if id == BufferId::PUSH { m.layout.storage() } else { m.layout.uniform() };
                let block = match values.iter_mut().find(|(b, _)| *b == id) {
                    Some((_, bytes)) => bytes,
                    None => {
                        values.push((id, Vec::new()));
                        &mut values.last_mut().expect("just pushed").1
                    }
                };
                slang_values::write(m, &g.ty, g.majorness, object, rule, offset, block).map_err(at)?;
                block.resize(block.len().div_ceil(16) * 16, 0);
            }
        }
    }
    for (id, bytes) in values {
        let kind = (id != BufferId::PUSH).then_some(BufferKind::Uniform);
        test.buffers.push((id, BufferSpec { kind, data: bytes, pointers: Vec::new() }));
    }
    let buffer_inputs: Vec<&Input> = inputs.iter().filter(|i| !i.value && i.object.is_none()).collect();
    // Each buffer input's id by its name, for the addresses in other inputs' data; the
    // addresses each uniform pointer (block, offset) and each buffer (offset) holds.
    let mut named: Vec<(String, BufferId)> = Vec::new();
    let mut pointers: Vec<(BufferId, u32, BufferId)> = Vec::new();
    let mut addresses: Vec<(BufferId, &Input)> = Vec::new();
    let mut pointees = 0;
    for (position, input) in buffer_inputs.into_iter().enumerate() {
        // A pointer (or a `uint64_t` address) given a buffer: the buffer is memory only a
        // pointer reaches, and its address is the uniform's value.
        let pointer = input.name.as_ref().and_then(|n| {
            checked.module.globals.iter().find(|(_, g)| &g.name == n).filter(|(_, g)| {
                matches!(g.ty, Type::Pointer(_) | Type::Scalar(Scalar::U64 | Scalar::I64))
                    && matches!(
                        g.space,
                        crate::ir::AddressSpace::Uniform { .. } | crate::ir::AddressSpace::PushConstant
                    )
            })
        });
        if let (Some((_, g)), None, false) = (pointer, &input.resource, input.uniform) {
            let Some((block, offset)) = value_place(&checked, bindings, &g.name) else {
                return skip(
                    test,
                    format!(
                        "line {}: the pointer `{}` is not a loose uniform or an entry point's `uniform` parameter",
                        input.line, g.name
                    ),
                );
            };
            let id = BufferId { set: BufferId::ADDRESSED, binding: pointees, element: 0 };
            pointees += 1;
            pointers.push((block, offset, id));
            named.push((g.name.clone(), id));
            addresses.push((id, input));
            test.buffers.push((
                id,
                BufferSpec { kind: Some(BufferKind::Storage), data: input.data.clone(), pointers: Vec::new() },
            ));
            if input.out {
                // A handle's buffer prints as the buffer would.
                let elem = match g.ty.pointee() {
                    Some(Type::Resource(_, e)) => e.as_deref().cloned(),
                    other => other.cloned(),
                };
                outputs.push(Output {
                    buffer: id,
                    format: output_format(elem.as_ref(), p.typed),
                    given: input.data.len(),
                });
            }
            continue;
        }
        let (element_name, element) = match input.name.as_deref().and_then(element_of) {
            Some((base, k)) => (Some(base.to_string()), k),
            None => (input.name.clone(), 0),
        };
        let found = match &element_name {
            Some(n) => bindings.iter().find(|b| &b.name == n).or_else(|| {
                if input.loose_name {
                    bindings.get(position)
                } else {
                    None
                }
            }),
            None => bindings.get(position),
        };
        let Some(binding) = found else {
            return Err(match &input.name {
                Some(n) => format!("line {}: the shader declares no buffer `{n}`", input.line),
                None => format!("line {}: the shader declares no buffer #{position}", input.line),
            });
        };
        let id = BufferId { set: binding.set, binding: binding.binding, element };
        if test.buffers.iter().any(|(b, _)| *b == id) {
            return Err(format!("line {}: buffer `{}` is given twice", input.line, binding.name));
        }
        if let Some(spec) = &input.resource {
            test.buffers.push((id, spec.clone()));
            continue;
        }
        let kind = Some(if input.uniform { BufferKind::Uniform } else { BufferKind::Storage });
        let global = checked.module.globals.iter().find(|(_, g)| g.name == binding.name).map(|(_, g)| g);
        let mut data = input.data.clone();
        if let Some(g) = global.filter(|_| !input.uniform) {
            whole_elements(&checked.module, g, &mut data);
        }
        test.buffers.push((id, BufferSpec { kind, data, pointers: Vec::new() }));
        named.push((binding.name.clone(), id));
        addresses.push((id, input));
        // The hidden counter's start, where the shader binds one (`ir::bindings`).
        if let Some(n) = input.counter {
            let counter_name = format!("counter.var.{}", binding.name);
            if let Some(c) = bindings.iter().find(|b| b.name == counter_name) {
                let id = BufferId { set: c.set, binding: c.binding, element: 0 };
                test.buffers.push((
                    id,
                    BufferSpec {
                        kind: Some(BufferKind::Storage),
                        data: n.to_le_bytes().to_vec(),
                        pointers: Vec::new(),
                    },
                ));
            }
        }
        if input.out {
            let resource = |t: &Type| match t {
                Type::Array(e, _) => (**e).clone(),
                t => t.clone(),
            };
            let elem = global.and_then(|g| match &resource(&g.ty) {
                // An `Atomic<T>` element prints as its `T`.
                Type::Resource(_, Some(e)) => match **e {
                    Type::Struct(h) if checked.module.atomic_structs.contains(&h) => {
                        Some(checked.module.structs[h].fields[0].ty.clone())
                    }
                    _ => Some((**e).clone()),
                },
                _ => None,
            });
            outputs.push(Output { buffer: id, format: output_format(elem.as_ref(), p.typed), given: input.data.len() });
        }
    }
    // render-test gives every hidden counter it was given no start for a zero.
    for b in bindings.iter().filter(|b| b.used && b.name.starts_with("counter.var.")) {
        let id = BufferId { set: b.set, binding: b.binding, element: 0 };
        if !test.buffers.iter().any(|(x, _)| *x == id) {
            test.buffers
                .push((id, BufferSpec { kind: Some(BufferKind::Storage), data: vec![0; 4], pointers: Vec::new() }));
        }
    }
    // slang-rhi binds its default sampler where a test gives none: nearest filtering, clamped to
    // an opaque black border, level 0 only, no comparison.
    for b in bindings.iter().filter(|b| b.used) {
        let crate::exec::compile::Descriptor::Sampler { count, .. } = b.descriptor else { continue };
        let id = BufferId { set: b.set, binding: b.binding, element: 0 };
        if !test.buffers.iter().any(|(x, _)| *x == id) {
            let desc = crate::image::SamplerDesc {
                address: [crate::image::Address::Border; 3],
                border: crate::image::Border::OpaqueBlack,
                max_lod: 0.0,
                ..Default::default()
            };
            test.buffers.push((
                id,
                BufferSpec { kind: Some(BufferKind::Sampler(desc, count)), data: Vec::new(), pointers: Vec::new() },
            ));
        }
    }
    if outputs.is_empty() {
        return Err("no `out` input: nothing is checked".into());
    }
    zero_uniform_blocks(&checked, bindings, &mut test.buffers);
    for (id, input) in addresses {
        for (offset, name) in &input.addresses {
            let Some((_, target)) = named.iter().find(|(n, _)| n == name) else {
                return Err(format!("line {}: `{name}` in `data=[…]` names no input", input.line));
            };
            pointers.push((id, *offset, *target));
        }
    }
    for (block, offset, target) in pointers {
        let Some((_, spec)) = test.buffers.iter_mut().find(|(b, _)| *b == block) else {
            return Err(format!("internal error: no buffer {block} for a pointer"));
        };
        let end = offset as usize + 8;
        if spec.data.len() < end {
            spec.data.resize(end.div_ceil(16) * 16, 0);
        }
        spec.pointers.push((offset, target));
    }
    test.checks.push(CheckLine { line: t.line, text: t.command.clone(), check: Check::Slang { outputs, expect } });
    // Widths.
    let threads: u32 = checked.module.entry_points[checked.entry].numthreads.unwrap_or([1, 1, 1]).iter().product();
    if test.widths.is_none() {
        let all: Vec<u32> = (0..8).map(|i| 1 << i).collect();
        let waves = ["Wave", "subgroup", "Quad", "gl_Subgroup", "GroupWave", "GetWave"];
        // Derivatives need their groups of four in one wave as much as wave operations do.
        let derivatives = checked.module.entry_points[checked.entry].derivative_group.is_some();
        let (widths, why) = if !derivatives && !waves.iter().any(|n| source.contains(n)) {
            (all, String::new())
        } else if READS_WAVE_SIZE.iter().any(|n| source.contains(n)) {
            (
                vec![32],
                "the shader reads the wave size, and Slang's expected results come from 32-lane GPUs".to_string(),
            )
        } else if threads <= 32 {
            (
                all.into_iter().filter(|&w| w >= threads).collect(),
                format!(
                    "Slang's expected results assume the group's {threads} threads are one wave, as on 32-lane GPUs"
                ),
            )
        } else {
            (vec![32], format!("Slang's expected results come from 32-lane GPUs, which split the group's {threads} threads into waves of 32"))
        };
        test.widths = Some(widths);
        test.widths_reason = Some(why);
    }
    Ok(test)
}

/// Slang's tests size a buffer in bytes, and some give less than one element of the structured
/// buffer it binds (a GLSL block of `int data[10]` given 3 words, of which the shader reads 3):
/// on a GPU only the bytes each access touches must be there. The buffer is rounded up to whole
/// elements with zeros, what robust buffer access reads past the end, so that engines that
/// check whole elements run it; the output shows only the bytes given.
fn whole_elements(m: &crate::ir::Module, g: &crate::ir::Global, data: &mut Vec<u8>) {
    use crate::ir::ResourceKind as R;
    let Type::Resource(R::StructuredBuffer | R::RWStructuredBuffer, Some(elem)) = &g.ty else { return };
    let stride = crate::layout::array_stride(m, elem, m.storage_rule(g), g.majorness) as usize;
    if stride > 0 && !data.is_empty() && data.len() % stride != 0 {
        data.resize(data.len().div_ceil(stride) * stride, 0);
    }
}

/// `set buffers = [ubuffer(…), ubuffer(…)]` (or `{…}`) for an array of buffers: an input per
/// element, named by it (`buffers[1]`), as `name=buffers[1]` lines give them.
fn buffer_array_inputs(m: &crate::ir::Module, inputs: Vec<Input>) -> Result<Vec<Input>, String> {
    let mut out = Vec::with_capacity(inputs.len());
    for input in inputs {
        let (Some(name), Some(object)) = (&input.name, &input.object) else {
            out.push(input);
            continue;
        };
        let array_of_buffers = m.globals.iter().any(|(_, g)| {
            &g.name == name
                && matches!(&g.ty, Type::Array(e, _) if matches!(**e, Type::Resource(k, _) if !k.is_texture() && !k.is_sampler()))
        });
        let items: Vec<&slang_values::Value> = match object {
            slang_values::Value::Array(items) => items.iter().collect(),
            slang_values::Value::Aggregate(fields) if fields.iter().all(|(n, _)| n.is_none()) => {
                fields.iter().map(|(_, v)| v).collect()
            }
            _ => Vec::new(),
        };
        let buffers = items
            .iter()
            .all(|v| matches!(v, slang_values::Value::Resource { kind, .. } if kind == "ubuffer" || kind == "cbuffer"));
        if !array_of_buffers || items.is_empty() || !buffers {
            out.push(input);
            continue;
        }
        for (k, item) in items.into_iter().enumerate() {
            let slang_values::Value::Resource { out: written, kind, options } = item else { continue };
            let element = format!("{name}[{k}]");
            let at = |e: String| format!("line {}: {e}", input.line);
            out.push(buffer(input.line, Some(element), *written || input.out, kind, options).map_err(at)?);
        }
    }
    Ok(out)
}

/// A `set block = new T{…}` for a parameter block (or a `ConstantBuffer<T>` holding
/// resources), which `lower::parameter_blocks` split into globals: an input per part, its
/// data fields one value for the block's constant buffer, each resource an input of its own
/// named after its global. Parts the shader does not bind are left out.
fn split_block_inputs(
    m: &crate::ir::Module,
    bindings: &[crate::exec::compile::Binding],
    inputs: Vec<Input>,
) -> Result<Vec<Input>, String> {
    use crate::ir::BlockPart;
    use slang_values::Value;
    let mut out = Vec::new();
    // A block nested in a block is given inside its value: its input is queued in turn.
    let mut inputs: std::collections::VecDeque<Input> = inputs.into();
    while let Some(input) = inputs.pop_front() {
        let block = match (&input.name, &input.object) {
            (Some(n), Some(_)) => m.split_blocks.iter().find(|b| &b.name == n),
            _ => None,
        };
        let (Some(block), Some(object)) = (block, &input.object) else {
            out.push(input);
            continue;
        };
        let at = |e: String| format!("line {}: {e}", input.line);
        let content = match object {
            Value::Object(_, content) => content.as_ref(),
            other => other,
        };
        let Value::Aggregate(fields) = content else {
            return Err(at(format!("`{}` is a block: give its fields, `new {{…}}`", block.name)));
        };
        let def = &m.structs[block.ty];
        let bound = |g: crate::ir::GlobalId| bindings.iter().any(|b| b.name == m.globals[g].name);
        let object_input =
            |name: String, object: Value| Input { object: Some(object), ..Input::named(input.line, Some(name)) };
        let mut data: Vec<(u32, Value)> = Vec::new();
        let mut data_global = None;
        for (i, (name, value)) in fields.iter().enumerate() {
            let index = match name {
                Some(n) => def
                    .fields
                    .iter()
                    .position(|f| &f.name == n)
                    .ok_or_else(|| at(format!("`{}` has no field `{n}`", def.name)))?,
                None => i,
            };
            match block.parts.get(index).ok_or_else(|| at(format!("`{}` has {} fields", def.name, def.fields.len())))? {
                None => {}
                Some(BlockPart::Data { global, index }) => {
                    data_global = Some(*global);
                    data.push((*index, value.clone()));
                }
                Some(BlockPart::Resource(g)) if bound(*g) => {
                    let name = m.globals[*g].name.clone();
                    match value {
                        Value::Resource { out: written, kind, options } => {
                            out.push(buffer(input.line, Some(name), *written, kind, options).map_err(at)?)
                        }
                        other => out.push(object_input(name, other.clone())),
                    }
                }
                Some(BlockPart::Resource(_)) => {}
                Some(BlockPart::Block(nested)) => {
                    inputs.push_back(object_input(m.split_blocks[*nested].name.clone(), value.clone()))
                }
            }
        }
        if let Some(g) = data_global.filter(|g| bound(*g)) {
            let Type::Resource(_, Some(inner)) = &m.globals[g].ty else { continue };
            let Type::Struct(s) = **inner else { continue };
            data.sort_by_key(|(i, _)| *i);
            let named =
                data.into_iter().map(|(i, v)| (Some(m.structs[s].fields[i as usize].name.clone()), v)).collect();
            out.push(object_input(m.globals[g].name.clone(), Value::Aggregate(named)));
        }
    }
    Ok(out)
}

/// `render-test` gives every block of uniform values it was given nothing for zeros: the push
/// constants (an entry point's `uniform` parameters), `$Globals` and each `cbuffer`.
fn zero_uniform_blocks(
    checked: &crate::sema::Checked,
    bindings: &[crate::exec::compile::Binding],
    buffers: &mut Vec<(BufferId, BufferSpec)>,
) {
    use crate::ir::AddressSpace;
    let m = &checked.module;
    let size_of = |space: &AddressSpace, rule| {
        let members: Vec<_> = m.globals.iter().filter(|(_, g)| g.space == *space).map(|(_, g)| g).collect();
        let offsets =
            crate::layout::member_offsets(m, members.iter().map(|g| (&g.ty, g.majorness, g.packoffset)), rule);
        let end = members
            .iter()
            .zip(offsets)
            .map(|(g, at)| at + crate::layout::placement(m, &g.ty, rule, g.majorness).size)
            .max()
            .unwrap_or(0);
        crate::layout::round_up(end, 16)
    };
    let mut blocks = vec![(BufferId::PUSH, AddressSpace::PushConstant, None)];
    for b in bindings.iter().filter(|b| b.uniform && b.used) {
        let cbuffer = if b.name == "$Globals" {
            None
        } else {
            match m.cbuffers.iter().position(|c| c.name == b.name) {
                Some(c) => Some(c),
                None => continue,
            }
        };
        blocks.push((
            BufferId { set: b.set, binding: b.binding, element: 0 },
            AddressSpace::Uniform { cbuffer },
            Some(BufferKind::Uniform),
        ));
    }
    for (id, space, kind) in blocks {
        let rule = if id == BufferId::PUSH { m.layout.storage() } else { m.layout.uniform() };
        let size = size_of(&space, rule) as usize;
        match buffers.iter_mut().find(|(b, _)| *b == id) {
            // Values given for some members only: the rest of the block is zeros too.
            Some((_, given)) if given.data.len() < size => given.data.resize(size, 0),
            Some(_) => {}
            None if size > 0 => buffers.push((id, BufferSpec { kind, data: vec![0; size], pointers: Vec::new() })),
            None => {}
        }
    }
}

/// Where `member` (`v1`, or `v3[2]` for an element) of `cbuffer block` lives: the block's
/// binding, the member's type, majorness and byte offset. Only a `cbuffer`'s own members:
/// deeper paths (a field of a member, a `ConstantBuffer<T>`'s field) are SKIPs.
fn cbuffer_member(
    checked: &crate::sema::Checked,
    bindings: &[crate::exec::compile::Binding],
    block: &str,
    member: &str,
) -> Result<(BufferId, Type, crate::ir::Majorness, u32), String> {
    use crate::ir::AddressSpace;
    let m = &checked.module;
    let (member, index) = match member.split_once('[') {
        Some((n, i)) => {
            let i = i.strip_suffix(']').and_then(|i| i.trim().parse::<u32>().ok());
            (n.trim(), Some(i.ok_or_else(|| format!("SKIP:the member path `{block}.{member}` is not supported"))?))
        }
        None => (member.trim(), None),
    };
    if member.contains(['.', '[']) {
        return Err(format!("SKIP:the member path `{block}.{member}` is not supported"));
    }
    let Some(c) = m.cbuffers.iter().position(|c| c.name == block) else {
        return Err(format!(
            "SKIP:inputs bound by a member path of `{block}`, which is not a `cbuffer`, are not supported"
        ));
    };
    let space = AddressSpace::Uniform { cbuffer: Some(c) };
    let rule = m.layout.uniform();
    let members: Vec<_> = m.globals.iter().filter(|(_, g)| g.space == space).map(|(_, g)| g).collect();
    let offsets = crate::layout::member_offsets(m, members.iter().map(|g| (&g.ty, g.majorness, g.packoffset)), rule);
    let (g, offset) = members
        .iter()
        .zip(offsets)
        .find(|(g, _)| g.name == member)
        .ok_or_else(|| format!("the cbuffer `{block}` has no member `{member}`"))?;
    let binding = bindings
        .iter()
        .find(|b| b.name == block)
        .ok_or_else(|| format!("the cbuffer `{block}` is not used by the entry point"))?;
    let id = BufferId { set: binding.set, binding: binding.binding, element: 0 };
    match (index, &g.ty) {
        (None, ty) => Ok((id, ty.clone(), g.majorness, offset)),
        (Some(i), Type::Array(elem, n)) if n.is_none_or(|n| i < n) => {
            let stride = crate::layout::array_stride(m, elem, rule, g.majorness);
            Ok((id, (**elem).clone(), g.majorness, offset + i * stride))
        }
        (Some(i), _) => Err(format!("`{block}.{member}[{i}]` is not an element of `{member}`")),
    }
}

/// Where uniform value `path` lives: the push constants (an entry point's `uniform` parameter)
/// or the loose uniforms' block, and its byte offset there. The path is a value's name and
/// then fields and elements (`u_struct.f_int`, `u_array[1].f_int`).
fn value_place(
    checked: &crate::sema::Checked,
    bindings: &[crate::exec::compile::Binding],
    path: &str,
) -> Option<(BufferId, u32)> {
    use crate::ir::AddressSpace;
    let m = &checked.module;
    let root_end = path.find(['.', '[']).unwrap_or(path.len());
    let name = path[..root_end].trim();
    let (_, g) = m.globals.iter().find(|(_, g)| g.name == name)?;
    let (id, rule) = match g.space {
        AddressSpace::PushConstant => (BufferId::PUSH, m.layout.storage()),
        AddressSpace::Uniform { cbuffer: None } => {
            let b = bindings.iter().find(|b| b.name == "$Globals")?;
            (BufferId { set: b.set, binding: b.binding, element: 0 }, m.layout.uniform())
        }
        _ => return None,
    };
    let members: Vec<_> = m.globals.iter().filter(|(_, o)| o.space == g.space).collect();
    let offsets =
        crate::layout::member_offsets(m, members.iter().map(|(_, o)| (&o.ty, o.majorness, o.packoffset)), rule);
    let offset = members.iter().zip(offsets).find(|((_, o), _)| o.name == name).map(|(_, off)| off)?;
    let (_, inner) = member_place(m, &g.ty, g.majorness, rule, &path[root_end..])?;
    Some((id, offset + inner))
}

/// The type and byte offset of `steps` (`.field`, `[index]`, in any order) inside a value of
/// type `ty`; `None` where a step names nothing there.
fn member_place(
    m: &crate::ir::Module,
    ty: &Type,
    majorness: crate::ir::Majorness,
    rule: crate::layout::Rule,
    steps: &str,
) -> Option<(Type, u32)> {
    let steps = steps.trim();
    if steps.is_empty() {
        return Some((ty.clone(), 0));
    }
    if let Some(rest) = steps.strip_prefix('[') {
        let (index, rest) = rest.split_once(']')?;
        let index: u32 = index.trim().parse().ok()?;
        let Type::Array(elem, n) = ty else { return None };
        if n.is_some_and(|n| index >= n) {
            return None;
        }
        let stride = crate::layout::array_stride(m, elem, rule, majorness);
        let (t, inner) = member_place(m, elem, majorness, rule, rest)?;
        return Some((t, index * stride + inner));
    }
    let rest = steps.strip_prefix('.')?;
    let end = rest.find(['.', '[']).unwrap_or(rest.len());
    let field = rest[..end].trim();
    let Type::Struct(h) = ty else { return None };
    let fields = &m.structs[*h].fields;
    let offsets = crate::layout::member_offsets(m, fields.iter().map(|f| (&f.ty, f.majorness, None)), rule);
    let (f, at) = fields.iter().zip(offsets).find(|(f, _)| f.name == field)?;
    let (t, inner) = member_place(m, &f.ty, f.majorness, rule, &rest[end..])?;
    Some((t, at + inner))
}

/// How `render-test` prints a buffer of `elem` elements.
fn output_format(elem: Option<&Type>, typed: bool) -> OutputFormat {
    let scalar = match elem {
        Some(Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _)) => Some(*s),
        Some(Type::Array(e, _)) => return output_format(Some(e), typed),
        _ => None,
    };
    match (typed, scalar) {
        (true, Some(Scalar::Bool)) => OutputFormat::Words { header: Some("bool") },
        (true, Some(s)) => OutputFormat::Typed(s),
        _ => OutputFormat::Words { header: None },
    }
}

fn type_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I8 => "int8_t",
        Scalar::U8 => "uint8_t",
        Scalar::I16 => "int16_t",
        Scalar::U16 => "uint16_t",
        Scalar::I32 => "int32_t",
        Scalar::U32 => "uint32_t",
        Scalar::I64 => "int64_t",
        Scalar::U64 => "uint64_t",
        Scalar::F16 => "half",
        Scalar::F32 => "float",
        Scalar::F64 => "double",
        // Made their bits before any target (`lower::substandard_floats`).
        Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => type_name(s.storage()),
    }
}

/// The output text of a run: every `out` buffer, in order.
pub fn render(outputs: &[Output], buffer: impl Fn(BufferId) -> Option<Vec<u8>>) -> Result<String, String> {
    let mut text = String::new();
    for o in outputs {
        let mut data = buffer(o.buffer).ok_or_else(|| format!("no buffer {} in the run", o.buffer))?;
        data.truncate(o.given);
        match o.format {
            OutputFormat::Words { header } => {
                if let Some(h) = header {
                    text.push_str(&format!("type: {h}\n"));
                }
                for w in data.chunks_exact(4) {
                    text.push_str(&format!("{:X}\n", u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
                }
            }
            OutputFormat::Typed(s) => {
                text.push_str(&format!("type: {}\n", type_name(s)));
                let size = (s.bits() / 8) as usize;
                for e in data.chunks_exact(size) {
                    let mut b = [0u8; 8];
                    b[..size].copy_from_slice(e);
                    let bits = u64::from_le_bytes(b);
                    let v = match s {
                        Scalar::I8 => (bits as u8 as i8).to_string(),
                        Scalar::I16 => (bits as u16 as i16).to_string(),
                        Scalar::I32 => (bits as u32 as i32).to_string(),
                        Scalar::I64 => (bits as i64).to_string(),
                        Scalar::F16 => format!("{:.6}", crate::exec::ops::f16_to_f32(bits as u32)),
                        Scalar::F32 => format!("{:.6}", f32::from_bits(bits as u32)),
                        Scalar::F64 => format!("{:.6}", f64::from_bits(bits)),
                        _ => bits.to_string(),
                    };
                    text.push_str(&v);
                    text.push('\n');
                }
            }
        }
    }
    Ok(text)
}

/// Compares the output text with the expectation; `Some(why)` when they differ.
pub fn compare(expect: &Expectation, actual: &str) -> Option<String> {
    match expect {
        Expectation::FileCheck { directives, .. } => filecheck::check(directives, actual).err(),
        Expectation::Lines { path, lines } => {
            let actual: Vec<&str> = actual.lines().collect();
            let mut float = false;
            let mut diffs = Vec::new();
            for (i, want) in lines.iter().enumerate() {
                let Some(got) = actual.get(i) else {
                    return Some(format!(
                        "`{}` has {} lines, the output only {}",
                        path.display(),
                        lines.len(),
                        actual.len()
                    ));
                };
                let (want, got) = (want.trim(), got.trim());
                if let Some(t) = want.strip_prefix("type:") {
                    float = matches!(t.trim(), "float" | "double" | "half");
                    if want != got {
                        diffs.push(format!("line {}: expected `{want}`, actual `{got}`", i + 1));
                    }
                    continue;
                }
                let same = if float {
                    match (want.parse::<f64>(), got.parse::<f64>()) {
                        (Ok(a), Ok(b)) => (a - b).abs() <= 1e-4 * a.abs().max(b.abs()).max(1.0),
                        _ => want == got,
                    }
                } else {
                    want == got
                };
                if !same {
                    diffs.push(format!("line {}: expected `{want}`, actual `{got}`", i + 1));
                }
            }
            if diffs.is_empty() {
                return None;
            }
            let n = diffs.len();
            diffs.truncate(super::MAX_DIFFS);
            let lines = if n == 1 { "1 line differs".to_string() } else { format!("{n} lines differ") };
            Some(format!("{lines} from `{}`:\n    {}", path.display(), diffs.join("\n    ")))
        }
    }
}

/// `//! widths` in a Slang-format file: wavec's own directive, for tests written to hold at
/// every width.
pub fn own_widths(source: &str) -> Result<Option<Vec<u32>>, String> {
    for l in source.lines() {
        if let Some(rest) = l.trim_start().strip_prefix("//!").map(str::trim) {
            if let Some(w) = rest.strip_prefix("widths") {
                return parse_widths(w.trim()).map(Some);
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_lines() {
        let t =
            test_line("//TEST(compute, vulkan):COMPARE_COMPUTE_EX(filecheck-buffer=CHECK):-vk -compute -xslang -DX=1")
                .unwrap();
        assert_eq!(t.command, "COMPARE_COMPUTE_EX");
        assert_eq!(t.options, ["filecheck-buffer=CHECK"]);
        assert_eq!(t.args, ["-vk", "-compute", "-xslang", "-DX=1"]);
        assert!(test_line("//DISABLE_TEST:SIMPLE:-target spirv").unwrap().disabled);
        assert!(test_line("//TEST_DISABLED(compute):COMPARE_COMPUTE:-vk").unwrap().disabled);
        assert!(test_line("//TEST_INPUT:ubuffer(data=[1]):out").is_none());
        let p = plan(
            &test_line("//TEST:COMPARE_COMPUTE:-vk -Xslang... -DA -D B=2 -X. -compute-dispatch 4,1,1").unwrap(),
            Path::new("."),
        );
        assert!(p.vulkan && p.unsupported.is_none());
        assert_eq!(p.defines, [("A".to_string(), Some(String::new())), ("B".to_string(), Some("2".to_string()))]);
        assert_eq!(p.dispatch, Some([4, 1, 1]));
        assert!(plan(&test_line("//TEST:COMPARE_COMPUTE:-vk -frobnicate").unwrap(), Path::new("."))
            .unsupported
            .is_some());
    }

    #[test]
    fn inputs_in_every_spelling() {
        let src = "//TEST_INPUT:ubuffer(data=[1 -1 0x10 2.5], stride=4):out,name outputBuffer\n\
                   // TEST_INPUT: set inputBuffer = ubuffer(data=[1 2 3], stride=2, count=4)\n\
                   //TEST_INPUT:cbuffer(data=[7]):name=C\n\
                   //TEST_INPUT:ubuffer(stride=4, count=3):out, name=r\n  //TEST_INPUT:Texture2D(size=4):name t\n";
        let i = inputs(src).unwrap().list;
        assert_eq!(i.len(), 4, "an indented line is not an input");
        assert_eq!(i[0].name.as_deref(), Some("outputBuffer"));
        assert!(i[0].out && !i[1].out && i[2].uniform);
        let words: Vec<u32> = i[0].data.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(words, [1, u32::MAX, 16, 2.5f32.to_bits()]);
        assert_eq!(i[1].data, [1, 0, 2, 0, 3, 0, 0, 0], "2-byte slots, 4 elements");
        assert_eq!(i[3].data.len(), 12);
        // After a `,`, not a `:`, render-test reads no bindings: the name only hints.
        let i = inputs("//TEST_INPUT:ubuffer(data=[1 2], stride=4),name=buf\n").unwrap().list;
        assert!(i[0].loose_name && i[0].name.as_deref() == Some("buf") && !i[0].out, "{i:?}");
        let i = inputs("//TEST_INPUT:TextureSampler2D(size=4):name t\n").unwrap().list;
        assert!(matches!(&i[0].resource, Some(BufferSpec { kind: Some(BufferKind::SampledImage(..)), .. })));
        let e = inputs("//TEST_INPUT: set p.tex = RWTexture2D(size=4)\n").unwrap_err();
        assert!(e.contains("SKIP:") && e.contains("member path"), "{e}");
        // A buffer of an array of buffers is named by its element; a member path is not one.
        let i = inputs("//TEST_INPUT:ubuffer(data=[1], stride=4):out,name buffers[2]\n").unwrap().list;
        assert_eq!((i[0].name.as_deref(), i[0].out), (Some("buffers[2]"), true));
        assert_eq!(element_of("buffers[2]"), Some(("buffers", 2)));
        for bad in ["b.c[1]", "b[1][2]", "b[x]", "[1]", "b[1"] {
            assert_eq!(element_of(bad), None, "{bad}");
        }
        let e = inputs("//TEST_INPUT:ubuffer(data=[1], stride=4):name=g.array[0]\n").unwrap_err();
        assert!(e.contains("SKIP:") && e.contains("member path"), "{e}");
        // A resource inside a value keeps its options as written, for the block it fills.
        let i = inputs("//TEST_INPUT: set block = new{ out ubuffer(data=[0 0], stride=4), Sampler }\n").unwrap().list;
        let Some(slang_values::Value::Object(None, content)) = &i[0].object else { panic!("{i:?}") };
        let slang_values::Value::Aggregate(fields) = content.as_ref() else { panic!("{i:?}") };
        assert_eq!(
            fields[0].1,
            slang_values::Value::Resource { out: true, kind: "ubuffer".into(), options: "data=[0 0], stride=4".into() }
        );
        assert_eq!(
            fields[1].1,
            slang_values::Value::Resource { out: false, kind: "Sampler".into(), options: String::new() }
        );
        assert_eq!(slang_values::resource_inside(content), Some("ubuffer"));
    }

    #[test]
    fn texture_sampler_and_member_inputs() {
        let src = "//TEST_INPUT: Texture2D(size=4, content = one):name t2D\n\
                   //TEST_INPUT: set img = RWTexture1D(format=R32Uint, size=8, content=zero, mipMaps = 1)\n\
                   //TEST_INPUT: Sampler:name s\n\
                   //TEST_INPUT: Sampler(filteringMode=point):name p\n\
                   //TEST_INPUT:set Constants.v1=4.0\n\
                   //TEST_INPUT: set Test.v3[1] = {8, 9};\n";
        let i = inputs(src).unwrap().list;
        let kind = |k: usize| i[k].resource.as_ref().and_then(|r| r.kind);
        assert!(matches!(kind(0), Some(BufferKind::Image(d)) if d.mips == 3), "{:?}", kind(0));
        assert_eq!(i[1].name.as_deref(), Some("img"));
        assert!(matches!(kind(1), Some(BufferKind::Image(d)) if d.size == [8, 1, 1] && d.mips == 1));
        assert_eq!(i[2].name.as_deref(), Some("s"));
        assert!(matches!(kind(2), Some(BufferKind::Sampler(d, 1)) if d.min == crate::image::Filter::Linear));
        assert!(matches!(kind(3), Some(BufferKind::Sampler(d, 1)) if d.min == crate::image::Filter::Nearest));
        assert_eq!(i[4].name.as_deref(), Some("Constants.v1"));
        assert_eq!(i[4].object, Some(slang_values::Value::Float(4.0)));
        assert_eq!(i[5].name.as_deref(), Some("Test.v3[1]"));
        assert!(matches!(i[5].object, Some(slang_values::Value::Aggregate(_))));
    }

    #[test]
    fn interface_inputs() {
        let src = "//TEST_INPUT: type_conformance Impl<float>:IFoo<float> = 3\n\
                   //TEST_INPUT: type_conformance A:IFoo=1;\n\
                   //TEST_INPUT: globalExistentialType __Dynamic\n\
                   //TEST_INPUT: set gObj = new StructuredBuffer<IFoo>[new A{1, 2.5}, new A{3}]\n";
        let i = inputs(src).unwrap();
        assert_eq!(
            i.conformances,
            [("Impl<float>".to_string(), "IFoo<float>".to_string(), 3), ("A".to_string(), "IFoo".to_string(), 1)]
        );
        assert_eq!(i.list.len(), 1, "the specialization line is no input");
        let value = i.list[0].object.as_ref().expect("an object value");
        let elements = slang_values::buffer_elements(value).expect("a buffer's elements");
        assert_eq!(elements.len(), 2);
        use slang_values::Value;
        let Value::Object(Some(t), content) = elements[0] else { panic!("{value:?}") };
        assert_eq!(t, "A");
        assert_eq!(**content, Value::Aggregate(vec![(None, Value::Int(1)), (None, Value::Float(2.5))]));
        assert!(type_conformance("A IFoo = 1").is_err());
    }

    #[test]
    fn output_text_and_comparison() {
        let data: Vec<u8> = [4u32, u32::MAX].iter().flat_map(|w| w.to_le_bytes()).collect();
        let b = BufferId { set: 0, binding: 0, element: 0 };
        let get = |_| Some(data.clone());
        let words =
            render(&[Output { buffer: b, format: OutputFormat::Words { header: None }, given: 8 }], get).unwrap();
        assert_eq!(words, "4\nFFFFFFFF\n");
        let typed = render(&[Output { buffer: b, format: OutputFormat::Typed(Scalar::I32), given: 8 }], get).unwrap();
        assert_eq!(typed, "type: int32_t\n4\n-1\n");
        let floats: Vec<u8> = [1.5f32, -3.0].iter().flat_map(|f| f.to_bits().to_le_bytes()).collect();
        let f = render(&[Output { buffer: b, format: OutputFormat::Typed(Scalar::F32), given: usize::MAX }], |_| {
            Some(floats.clone())
        })
        .unwrap();
        assert_eq!(f, "type: float\n1.500000\n-3.000000\n");
        let lines =
            |l: &[&str]| Expectation::Lines { path: "x".into(), lines: l.iter().map(|s| s.to_string()).collect() };
        assert_eq!(compare(&lines(&["type: float", "1.50001", "-3"]), &f), None);
        assert!(compare(&lines(&["type: float", "1.6"]), &f).is_some());
        assert!(compare(&lines(&["type: int32_t"]), &f).is_some());
        assert_eq!(compare(&lines(&["4"]), &words), None, "extra output lines are ignored");
        assert!(compare(&lines(&["4", "FFFFFFFF", "0"]), &words).is_some());
    }
}
