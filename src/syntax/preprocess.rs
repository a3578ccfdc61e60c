//! The C preprocessor, on tokens rather than text (as clang's is).
//!
//! Working on tokens lets every output token keep a real [`Span`]: tokens read from a file keep
//! their own, tokens that come out of a macro body take the span of the invocation in the
//! user's text, and substituted arguments keep theirs. Later stages can then point at the
//! right file and line even in expanded code.
//!
//! Macro expansion follows Prosser's algorithm (the one the C standard's wording was written
//! against): every token carries a *hide set* of macro names it must not be expanded by, which
//! makes `#define A A` and mutual recursion terminate without any special cases. Expansion
//! results are pushed back in front of the input and rescanned, so the only recursion is the
//! pre-expansion of arguments, which is depth-limited.
//!
//! Nothing in here may panic or loop forever on any input: every limit (include depth,
//! argument nesting, total tokens produced) turns into a diagnostic.
//!
//! | code | meaning |
//! |---|---|
//! | E0101 | `#if` without `#endif` in the same file |
//! | E0102 | `#error` (and, as a warning, `#warning`) |
//! | E0103 | include file not found |
//! | E0104 | malformed directive or macro definition |
//! | E0105 | wrong number of macro arguments |
//! | E0106 | bad `#if` expression, division by zero |
//! | E0107 | includes nested too deep (cycles), or too many includes in all |
//! | E0108 | unknown directive |
//! | E0109 | `#else`/`#elif`/`#endif` without `#if`, or after `#else` |
//! | E0110 | unterminated macro argument list |
//! | E0111 | expansion too large or too deeply nested; preprocessing stops |
//! | E0112 | `import`ed module not found, or a malformed `import` |
//!
//! Left out: `__VA_OPT__`, character literals in `#if` (the lexer has none), `__has_include`,
//! and resolving `..` in include paths (so `#pragma once` keys on the lexical path).

mod expr;

use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::span::{FileId, SourceMap, Span};
use crate::syntax::lexer::{lex_str, LexCursor, SpannedToken};
use crate::syntax::token::{IntLit, Token};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

/// The environment variable that names standard-module folders (a path list, as `PATH` is),
/// searched after the `-I` folders. Slang itself finds them beside its own library, in
/// `slang-standard-module-<version>`, which wavec has no library to look beside.
pub const STANDARD_MODULE_PATH_VAR: &str = "SLANG_STANDARD_MODULE_PATH";

/// The standard-module folders [`STANDARD_MODULE_PATH_VAR`] names (empty entries dropped).
pub fn standard_module_dirs_from_env() -> Vec<PathBuf> {
    std::env::var_os(STANDARD_MODULE_PATH_VAR)
        .map(|v| std::env::split_paths(&v).filter(|p| !p.as_os_str().is_empty()).collect())
        .unwrap_or_default()
}

#[derive(Clone, Debug, Default)]
pub struct PreprocessOptions {
    /// `-D NAME` (`None`, meaning `1`) and `-D NAME=VALUE`.
    pub defines: Vec<(String, Option<String>)>,
    /// `-I` directories, searched in order after the including file's own directory.
    pub include_dirs: Vec<PathBuf>,
    /// Standard-module folders (a Slang installation's `slang-standard-module-<version>`, which
    /// holds `slang/neural.slang`…): searched for an `import` after the importing file's folder
    /// and the `-I` folders; never for `#include`.
    pub module_dirs: Vec<PathBuf>,
    /// The compiler's own macros (`__spirv__`, `__HLSL_VERSION`…), seen before the command
    /// line's; a name the command line defines keeps the command line's value.
    pub predefined: Vec<(String, String)>,
}

/// Where `#include`d text comes from, so library users and tests need no real files.
pub trait FileLoader {
    /// Errors of kind `NotFound` make the search go on to the next directory.
    fn load(&self, path: &Path) -> std::io::Result<String>;
}

/// Reads the real file system.
pub struct FsLoader;

impl FileLoader for FsLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        read_source(path)
    }
}

/// A source file's text. Shaders are not all UTF-8: a header saved by an older Windows editor
/// holds Latin-1 bytes (a `©` in its licence comment), which DXC and FXC read without a word, so
/// a file that is not UTF-8 is read as Latin-1 (every byte one character). UTF-16 with a byte
/// order mark is decoded too, and a UTF-8 byte order mark dropped.
pub fn read_source(path: &Path) -> std::io::Result<String> {
    Ok(decode_source(std::fs::read(path)?))
}

/// [`read_source`]'s decoding of a file's bytes.
pub fn decode_source(bytes: Vec<u8>) -> String {
    let utf16 = |little: bool| {
        let units = bytes[2..].chunks_exact(2).map(|c| {
            if little {
                u16::from_le_bytes([c[0], c[1]])
            } else {
                u16::from_be_bytes([c[0], c[1]])
            }
        });
        char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
    };
    match bytes.as_slice() {
        [0xFF, 0xFE, ..] => return utf16(true),
        [0xFE, 0xFF, ..] => return utf16(false),
        _ => {}
    }
    match String::from_utf8(bytes) {
        Ok(text) => match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        },
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    }
}

/// Files held in memory, keyed by the path `#include` resolves to.
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader {
    pub files: BTreeMap<PathBuf, String>,
}

impl MemoryLoader {
    pub fn new() -> MemoryLoader {
        MemoryLoader::default()
    }

    pub fn with(mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> MemoryLoader {
        self.files.insert(path.into(), text.into());
        self
    }
}

impl FileLoader for MemoryLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, format!("{} not found", path.display())))
    }
}

/// Include nesting limit; also what stops include cycles that lack `#pragma once`.
const MAX_INCLUDE_DEPTH: usize = 200;
/// Total `#include`s executed and bytes they add. Include guards do not stop a file from
/// being read again, so without these a few files including each other many times could run
/// for hours, or overflow the `u32` position space of the [`SourceMap`].
const MAX_INCLUDES: usize = 100_000;
const MAX_INCLUDED_BYTES: usize = 1 << 30;
/// Cap on tokens produced (output plus macro expansion work), against exponential macros.
const MAX_TOKENS: usize = 10_000_000;
/// Nesting of macro invocations inside macro arguments; the only recursion in expansion.
const MAX_ARG_NESTING: u32 = 100;

/// Runs the preprocessor over `main` and everything it includes. The output has no `Newline`
/// tokens. Included files and the command-line defines are added to `sources`. A core module
/// whose names the program uses comes first (`stdlib::CORE_MODULES`).
pub fn preprocess(
    sources: &mut SourceMap,
    main: FileId,
    opts: &PreprocessOptions,
    loader: &dyn FileLoader,
) -> (Vec<SpannedToken>, Vec<Diagnostic>) {
    let mut loaded = HashSet::default();
    // A module's file that includes itself (`__include m;` in `m.slang`) adds nothing.
    loaded.insert(normalize(Path::new(&sources.file(main).name)));
    let (tokens, mut diags) = with_imports(sources, main, opts, loader, &mut loaded, 0);
    let mut core: Vec<SpannedToken> = Vec::new();
    let modules = crate::stdlib::CORE_MODULES;
    let mut wanted: Vec<bool> = modules
        .iter()
        .map(|module| tokens.iter().any(|t| matches!(&t.token, Token::Ident(n) if module.names(n))))
        .collect();
    // A wanted module brings in those whose names its declarations use, and so on.
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..modules.len() {
            if !wanted[i] {
                continue;
            }
            for need in modules[i].needs {
                if let Some(j) = modules.iter().position(|m| m.names(need)) {
                    changed |= !std::mem::replace(&mut wanted[j], true);
                }
            }
        }
    }
    for (module, named) in modules.iter().zip(wanted) {
        let ours = |t: &SpannedToken| matches!(&t.token, Token::Ident(n) if module.names(n));
        // A shader that declares one of the module's names itself (its own `struct CoopVec`,
        // `namespace linalg`, as before the module existed) keeps its own, as a user
        // declaration hides Slang's core module's; `using namespace linalg;` only names it.
        let declares = tokens.windows(3).any(|w| {
            matches!(
                w[1].token,
                Token::Struct | Token::Class | Token::Enum | Token::Namespace | Token::Interface | Token::Typealias
            ) && w[0].token != Token::Using
                && ours(&w[2])
        }) || tokens
            .first()
            .zip(tokens.get(1))
            .is_some_and(|(a, b)| matches!(a.token, Token::Struct | Token::Enum) && ours(b));
        // Nor does one that defines a function of one of the module's exact names (an HLSL
        // shader's own `imageLoad`): a type, then the name, then `(`.
        let defines = !module.overloadable
            && tokens.windows(3).any(|w| {
                matches!(w[0].token, Token::Ident(_) | Token::TypeName(_))
                    && matches!(&w[1].token, Token::Ident(n) if module.names.contains(&n.as_str()))
                    && w[2].token == Token::LParen
            });
        if named && !declares && !defines {
            let id = sources.add(module.path, module.text);
            let (module_tokens, module_diags) = with_imports(sources, id, opts, loader, &mut loaded, 1);
            diags.extend(module_diags);
            core.extend(module_tokens);
        }
    }
    if core.is_empty() {
        return (tokens, diags);
    }
    core.extend(tokens);
    (core, diags)
}

/// Slang's modules: `import a.b;` (at the start of an item) brings in `a/b.slang` (or
/// `a/b-…` for `_` in the name), searched in the importing file's folder, then the `-I`
/// folders, then the standard-module folders. A module is preprocessed on its own (its macros stay in it; the command line's
/// defines reach it) and its tokens take the place of its first `import`; later ones of the
/// same module add nothing, so it is compiled once per compile. A module's own `module X;` and
/// `implementing X;` lines say nothing the compile needs and are dropped. `__include x;` (or
/// `__include "x.slang";`) brings in another file of the same module the same way: preprocessed
/// on its own, once, however often and in whatever cycles files include each other.
fn with_imports(
    sources: &mut SourceMap,
    file: FileId,
    opts: &PreprocessOptions,
    loader: &dyn FileLoader,
    loaded: &mut HashSet<PathBuf>,
    depth: usize,
) -> (Vec<SpannedToken>, Vec<Diagnostic>) {
    let (tokens, mut diags) = preprocess_limited(sources, file, opts, loader, MAX_TOKENS);
    let is_word = |t: &Token, w: &str| matches!(t, Token::Ident(n) if n == w);
    let mut out: Vec<SpannedToken> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        // Mode markers (`#language slang 2026`, `import glsl;`) stand between items too.
        let boundary =
            |t: &SpannedToken| matches!(t.token, Token::Semi | Token::RBrace | Token::Language2026 | Token::GlslMode);
        let item_start = out.last().is_none_or(boundary);
        let first = i + usize::from(is_word(&tokens[i].token, "__exported"));
        let keyword = tokens.get(first).map(|t| &t.token);
        // `[ExperimentalModule] module x;`: attributes of the module go with its line.
        let attributed = keyword
            .filter(|t| is_word(t, "module") || is_word(t, "implementing"))
            .and_then(|_| attributes_start(&out))
            .filter(|&a| a == 0 || boundary(&out[a - 1]));
        let kind = match keyword {
            Some(t) if item_start && (is_word(t, "import") || is_word(t, "__include")) => Some(true),
            Some(t) if (item_start || attributed.is_some()) && (is_word(t, "module") || is_word(t, "implementing")) => {
                out.truncate(attributed.unwrap_or(out.len()));
                Some(false)
            }
            _ => None,
        };
        let including = keyword.is_some_and(|t| is_word(t, "__include"));
        let what = if including { "__include" } else { "import" };
        let Some(import) = kind else {
            out.push(tokens[i].clone());
            i += 1;
            continue;
        };
        // The module's name: `a.b.c` or a string, up to the `;`.
        let mut parts: Vec<String> = Vec::new();
        let mut j = first + 1;
        let mut ok = true;
        while let Some(t) = tokens.get(j) {
            match &t.token {
                Token::Semi => break,
                Token::Ident(n) | Token::TypeName(n) => parts.push(n.clone()),
                Token::StringLit(sl) => parts.push(sl.clone()),
                Token::Dot => {}
                _ => ok = false,
            }
            j += 1;
        }
        let span = tokens[i].span.to(tokens.get(j).map_or(tokens[i].span, |t| t.span));
        i = j + 1;
        if !import {
            continue;
        }
        if !ok || parts.is_empty() || j >= tokens.len() {
            diags.push(
                Diagnostic::error(
                    "E0112",
                    format!("expected `{what} name;`, `{what} name.name;` or `{what} \"file\";`"),
                )
                .with_label(span, "here"),
            );
            continue;
        }
        // Slang's built-in `glsl` module: GLSL's functions, which wavec's library always has,
        // and GLSL's spellings of types and built-in variables (as `-allow-glsl` gives).
        if parts == ["glsl"] {
            out.push(SpannedToken { token: Token::GlslMode, span });
            continue;
        }
        let relative: PathBuf = if parts.len() == 1 && parts[0].ends_with(".slang") {
            PathBuf::from(&parts[0])
        } else {
            let mut p: PathBuf = parts.iter().collect();
            p.set_extension("slang");
            p
        };
        let here = sources.resolve(tokens[first].span).map(|(f, _, _)| PathBuf::from(&sources.file(f).name));
        let mut dirs: Vec<PathBuf> = here.and_then(|p| p.parent().map(Path::to_path_buf)).into_iter().collect();
        dirs.extend(opts.include_dirs.iter().cloned());
        // A file of a module includes its own files; only an import reaches the standard modules.
        let searched_here = dirs.len();
        if !including {
            dirs.extend(opts.module_dirs.iter().cloned());
        }
        let dashed = PathBuf::from(relative.to_string_lossy().replace('_', "-"));
        let found = dirs.iter().flat_map(|d| [d.join(&relative), d.join(&dashed)]).find_map(|p| {
            let p = normalize(&p);
            loader.load(&p).ok().map(|text| (p, text))
        });
        let Some((path, text)) = found else {
            let looked: Vec<String> = dirs.iter().map(|d| d.join(&relative).display().to_string()).collect();
            let noun = if including { "file" } else { "module" };
            let mut diag = Diagnostic::error("E0112", format!("cannot find {noun} `{}`", parts.join(".")))
                .with_label(span, if including { "included here" } else { "imported here" })
                .with_note(format!("looked for {}", looked.join(", ")));
            if !including && dirs.len() == searched_here {
                diag = diag.with_note(format!(
                    "no standard-module folder was given: name a Slang installation's \
                     `slang-standard-module-<version>` folder with {STANDARD_MODULE_PATH_VAR} or \
                     --standard-modules DIR"
                ));
            }
            diags.push(diag);
            continue;
        };
        if !loaded.insert(path.clone()) {
            continue;
        }
        if depth >= MAX_INCLUDE_DEPTH {
            diags.push(Diagnostic::error("E0107", "modules import each other too deeply").with_label(span, "here"));
            continue;
        }
        let id = sources.add(path.display().to_string(), text);
        let (module_tokens, module_diags) = with_imports(sources, id, opts, loader, loaded, depth + 1);
        diags.extend(module_diags);
        out.extend(module_tokens);
    }
    (out, diags)
}

/// Where the run of `[…]` attribute groups that `out` ends with starts, if it ends with one.
fn attributes_start(out: &[SpannedToken]) -> Option<usize> {
    let mut at = out.len();
    while matches!(out.get(at.wrapping_sub(1)).map(|t| &t.token), Some(Token::RBracket)) {
        let mut depth = 0usize;
        let mut k = at;
        loop {
            k = k.checked_sub(1)?;
            match out[k].token {
                Token::RBracket => depth += 1,
                Token::LBracket => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        at = k;
    }
    (at < out.len()).then_some(at)
}

fn preprocess_limited(
    sources: &mut SourceMap,
    main: FileId,
    opts: &PreprocessOptions,
    loader: &dyn FileLoader,
    max_tokens: usize,
) -> (Vec<SpannedToken>, Vec<Diagnostic>) {
    let mut pp = Pp {
        sources,
        loader,
        include_dirs: opts.include_dirs.clone(),
        macros: HashMap::default(),
        ids: HashMap::default(),
        files: Vec::new(),
        once: HashSet::default(),
        diags: Vec::new(),
        out: Vec::new(),
        produced: 0,
        max_tokens,
        aborted: false,
        include_overflow: false,
        includes: 0,
        included_bytes: 0,
        nesting: 0,
    };
    let main_path = PathBuf::from(&pp.sources.file(main).name);
    pp.push_file(main, Some(main_path));
    // The main file's own tokens are nearly all of the output: one allocation, no regrowth.
    // Source runs at four to six bytes a token; reserving for three costs address space only.
    let main_tokens = pp.sources.file(main).text.len() / 3 + 16;
    pp.out.reserve(main_tokens.min(max_tokens));
    // The stack is last-in first-out: command-line defines are seen before the main file and
    // the built-ins before both.
    if !opts.defines.is_empty() {
        let mut text = String::new();
        for (name, value) in &opts.defines {
            // A newline inside a value would end the directive early and turn the rest into
            // output tokens.
            let value = value.as_deref().unwrap_or("1").replace(['\n', '\r'], " ");
            text.push_str(&format!("#define {} {}\n", name.replace(['\n', '\r'], " "), value));
        }
        let id = pp.sources.add("<command line>", text);
        pp.push_file(id, None);
    }
    let mut text = String::from("#define __WAVEC__ 1\n");
    for (name, value) in &opts.predefined {
        if !opts.defines.iter().any(|(d, _)| d == name) {
            text.push_str(&format!("#define {name} {value}\n"));
        }
    }
    let id = pp.sources.add("<built-in>", text);
    pp.push_file(id, None);
    pp.run();
    (pp.out, pp.diags)
}

/// Hide set: sorted macro-name ids. `None` is the empty set, by far the common case.
type HideSet = Option<Rc<[u32]>>;

fn hs_contains(hs: &HideSet, id: u32) -> bool {
    hs.as_ref().is_some_and(|s| s.binary_search(&id).is_ok())
}

fn hs_with(hs: &HideSet, id: u32) -> HideSet {
    let mut v = hs.as_deref().unwrap_or(&[]).to_vec();
    if let Err(i) = v.binary_search(&id) {
        v.insert(i, id);
    }
    Some(v.into())
}

fn hs_union(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some(x), Some(y)) if Rc::ptr_eq(x, y) => a.clone(),
        (Some(x), Some(y)) => {
            let mut v: Vec<u32> = x.iter().chain(y.iter()).copied().collect();
            v.sort_unstable();
            v.dedup();
            Some(v.into())
        }
    }
}

fn hs_intersect(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (Some(x), Some(y)) => {
            let v: Vec<u32> = x.iter().filter(|i| y.binary_search(i).is_ok()).copied().collect();
            (!v.is_empty()).then(|| v.into())
        }
        _ => None,
    }
}

/// A token during preprocessing.
#[derive(Clone, Debug)]
struct PTok {
    tok: Token,
    span: Span,
    hs: HideSet,
    /// The span covers exactly this token's source text, so stringizing and pasting can use
    /// the text as written (`0x1F`, `1.0f`) instead of a normalised spelling.
    exact: bool,
}

impl PTok {
    fn from_file(t: &SpannedToken) -> PTok {
        PTok { tok: t.token.clone(), span: t.span, hs: None, exact: true }
    }

    fn made(tok: Token, span: Span) -> PTok {
        PTok { tok, span, hs: None, exact: false }
    }

    fn plain(&self) -> SpannedToken {
        SpannedToken { token: self.tok.clone(), span: self.span }
    }
}

fn is_keyword(t: &Token) -> bool {
    use Token::*;
    matches!(
        t,
        Struct
            | Class
            | Cbuffer
            | Tbuffer
            | Typedef
            | If
            | Else
            | For
            | While
            | Do
            | Switch
            | Case
            | Default
            | Break
            | Continue
            | Return
            | Discard
            | True
            | False
            | In
            | Out
            | Inout
            | Static
            | Const
            | Groupshared
            | Uniform
            | Register
            | Packoffset
            | Precise
            | Nointerpolation
            | Volatile
            | RowMajor
            | ColumnMajor
            | Inline
            | Extern
            | Export
            | Constexpr
            | TargetIntrinsic
            | IntrinsicOp
            | Typealias
            | Associatedtype
            | Generic
            | Template
            | Typename
            | Let
            | Var
            | Interface
            | Enum
            | Namespace
            | Using
            | Where
            | Operator
            | Init
            | Property
            | Extension
            | Globallycoherent
    )
}

/// The identifier a token spells. The lexer turns keywords into their own tokens, but to the
/// preprocessor they are identifiers: `#if`, `#else` and `#define inline` depend on it.
pub(crate) fn name_of(t: &Token) -> Option<Cow<'_, str>> {
    match t {
        Token::Ident(s) | Token::TypeName(s) => Some(Cow::Borrowed(s)),
        t if is_keyword(t) => Some(Cow::Owned(t.spelling())),
        _ => None,
    }
}

#[derive(Debug)]
struct Macro {
    /// Interned name, what hide sets hold.
    id: u32,
    /// `None` for object-like macros. A variadic macro's last parameter is the variadic one.
    params: Option<Vec<String>>,
    variadic: bool,
    body: Vec<Token>,
}

impl Macro {
    fn param(&self, t: &Token) -> Option<usize> {
        let name = name_of(t)?;
        self.params.as_ref()?.iter().position(|p| *p == name)
    }
}

#[derive(Clone, Copy, Debug)]
struct Cond {
    /// The opening directive, for "unterminated" errors.
    span: Span,
    /// Lines in the current branch are kept.
    active: bool,
    /// Some branch was already taken (or the whole group is inside a skipped region), so
    /// later `#elif`/`#else` branches are skipped.
    taken: bool,
    seen_else: bool,
    parent_active: bool,
}

struct FileState {
    /// `None` for pseudo-files; includes from them search only the `-I` directories.
    path: Option<PathBuf>,
    toks: LexCursor,
    line_start: bool,
    conds: Vec<Cond>,
}

impl FileState {
    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }
}

/// Where the expander reads from: pushed-back tokens first, then (for the main stream only)
/// the files. Argument pre-expansion and `#if` lines use a list with no file behind it.
struct Src {
    stack: Vec<PTok>,
    file: bool,
}

impl Src {
    fn list(toks: Vec<PTok>) -> Src {
        let mut stack = toks;
        stack.reverse();
        Src { stack, file: false }
    }

    fn push_front(&mut self, toks: Vec<PTok>) {
        self.stack.extend(toks.into_iter().rev());
    }
}

struct Pp<'a> {
    sources: &'a mut SourceMap,
    loader: &'a dyn FileLoader,
    include_dirs: Vec<PathBuf>,
    macros: HashMap<String, Rc<Macro>>,
    ids: HashMap<String, u32>,
    files: Vec<FileState>,
    /// Resolved paths of files that said `#pragma once`.
    once: HashSet<PathBuf>,
    diags: Vec<Diagnostic>,
    out: Vec<SpannedToken>,
    /// Tokens created by expansion or read from included files, against `max_tokens`.
    produced: usize,
    max_tokens: usize,
    aborted: bool,
    /// After the include depth limit is hit every further `#include` is dropped: otherwise a
    /// file including itself twice would take 2^200 steps to unwind.
    include_overflow: bool,
    includes: usize,
    included_bytes: usize,
    nesting: u32,
}

impl Pp<'_> {
    fn error(&mut self, code: &'static str, span: Span, msg: impl Into<String>, label: &str) {
        self.diags.push(Diagnostic::error(code, msg).with_label(span, label));
    }

    fn abort(&mut self, span: Span, msg: String) {
        if !self.aborted {
            self.error("E0111", span, msg, "while expanding this");
            self.aborted = true;
        }
    }

    fn charge(&mut self, n: usize, span: Span) -> bool {
        self.produced = self.produced.saturating_add(n);
        if self.produced > self.max_tokens {
            let msg = format!("preprocessing produces more than {} tokens", self.max_tokens);
            self.abort(span, msg);
        }
        !self.aborted
    }

    fn push_file(&mut self, id: FileId, path: Option<PathBuf>) {
        let toks = LexCursor::of_file(self.sources, id);
        self.files.push(FileState { path, toks, line_start: true, conds: Vec::new() });
    }

    fn run(&mut self) {
        let mut src = Src { stack: Vec::new(), file: true };
        while let Some(t) = self.next_expanded(&mut src) {
            if self.out.len() >= self.max_tokens {
                let msg = format!("preprocessed output exceeds {} tokens", self.max_tokens);
                self.abort(t.span, msg);
                break;
            }
            self.out.push(SpannedToken { token: t.tok, span: t.span });
        }
    }

    // ---------------------------------------------------------------- reading files

    fn end_file(&mut self) {
        if let Some(f) = self.files.pop() {
            for c in f.conds {
                self.error("E0101", c.span, "unterminated conditional directive", "this `#if` has no `#endif`");
            }
        }
    }

    /// The next token of the files that is not part of a directive nor skipped by a
    /// conditional. Directives are executed as they are passed.
    fn next_raw(&mut self) -> Option<PTok> {
        loop {
            if self.aborted {
                return None;
            }
            let fs = self.files.last_mut()?;
            let Some(t) = fs.toks.next() else {
                self.end_file();
                continue;
            };
            match t.token {
                Token::Newline => fs.line_start = true,
                Token::Hash if fs.line_start => {
                    let hash = t.span;
                    let mut line = Vec::new();
                    while let Some(t) = fs.toks.next_if(|t| t.token != Token::Newline) {
                        line.push(t);
                    }
                    fs.line_start = false;
                    self.directive(hash, &line);
                }
                _ => {
                    fs.line_start = false;
                    if fs.active() {
                        return Some(PTok { tok: t.token, span: t.span, hs: None, exact: true });
                    }
                }
            }
        }
    }

    fn next_from(&mut self, src: &mut Src) -> Option<PTok> {
        if self.aborted {
            return None;
        }
        match src.stack.pop() {
            Some(t) => Some(t),
            None if src.file => self.next_raw(),
            None => None,
        }
    }

    // ---------------------------------------------------------------- directives

    fn directive(&mut self, hash: Span, line: &[SpannedToken]) {
        let Some(cur) = self.files.last() else { return };
        let active = cur.active();
        let Some(first) = line.first() else { return }; // the null directive
        let dspan = hash.to(first.span);
        let Some(name) = name_of(&first.token) else {
            // `# 12 "file"` line markers, as other preprocessors emit them.
            if active && !matches!(first.token, Token::IntLit(_)) {
                self.error("E0108", dspan, "invalid preprocessing directive", "expected a directive name");
            }
            return;
        };
        let name = name.into_owned();
        let rest = &line[1..];
        match name.as_str() {
            "if" | "ifdef" | "ifndef" => {
                let value = active
                    && match name.as_str() {
                        "if" => self.eval_if(dspan, rest),
                        _ => self.ifdef(dspan, rest) == (name == "ifdef"),
                    };
                let c = Cond {
                    span: dspan,
                    active: value,
                    taken: value || !active,
                    seen_else: false,
                    parent_active: active,
                };
                if let Some(f) = self.files.last_mut() {
                    f.conds.push(c);
                }
            }
            "elif" | "else" => {
                let Some(mut c) = self.files.last().and_then(|f| f.conds.last().copied()) else {
                    self.error("E0109", dspan, format!("`#{name}` without `#if`"), "no matching `#if`");
                    return;
                };
                if c.seen_else {
                    self.error("E0109", dspan, format!("`#{name}` after `#else`"), "the group already had its `#else`");
                    return;
                }
                if name == "else" {
                    c.seen_else = true;
                    c.active = c.parent_active && !c.taken;
                    c.taken = true;
                } else if c.taken {
                    c.active = false;
                } else {
                    c.active = self.eval_if(dspan, rest);
                    c.taken = c.active;
                }
                if let Some(top) = self.files.last_mut().and_then(|f| f.conds.last_mut()) {
                    *top = c;
                }
            }
            "endif" => {
                if self.files.last_mut().and_then(|f| f.conds.pop()).is_none() {
                    self.error("E0109", dspan, "`#endif` without `#if`", "no matching `#if`");
                }
            }
            _ if !active => {}
            "define" => self.define(dspan, rest),
            "undef" => match rest.first().map(|t| (name_of(&t.token).map(Cow::into_owned), t.span)) {
                Some((Some(n), _)) => {
                    self.macros.remove(&n);
                }
                Some((None, span)) => {
                    self.error("E0104", span, "macro name must be an identifier", "not an identifier")
                }
                None => self.error("E0104", dspan, "`#undef` without a macro name", "expected a name"),
            },
            "include" => self.include(dspan, rest),
            "pragma" => {
                let once = rest.first().is_some_and(|t| matches!(&t.token, Token::Ident(n) if n == "once"));
                if once {
                    if let Some(p) = self.files.last().and_then(|f| f.path.clone()) {
                        self.once.insert(p);
                    }
                }
            }
            "error" => {
                let msg = format!("#error {}", self.line_text(rest)).trim_end().to_string();
                self.error("E0102", dspan, msg, "`#error` directive");
            }
            "warning" => {
                let msg = format!("#warning {}", self.line_text(rest)).trim_end().to_string();
                self.diags.push(Diagnostic::warning("E0102", msg).with_label(dspan, "`#warning` directive"));
            }
            "line" => {}
            // GLSL's `#version 450`: the file is GLSL-flavoured source (Slang's `-allow-glsl`),
            // which the type-name pass reads with GLSL's words (`buffer`, `layout`, `vec3`…).
            "version" => self.out.push(SpannedToken { token: Token::GlslMode, span: dspan }),
            "extension" => {}
            // Slang's `#language slang 2026`: the language version. From 2026 a parenthesized
            // comma list is a tuple; the other differences (members of a `public` struct
            // public by default) change nothing wavec checks.
            "language" => {
                let version = match rest {
                    [t, v] if matches!(&t.token, Token::Ident(n) if n == "slang") => Some(v),
                    [v] => Some(v),
                    _ => None,
                };
                let known = version.is_some_and(|v| match &v.token {
                    Token::IntLit(i) => (2018..=2026).contains(&i.value),
                    Token::Ident(n) => n == "latest" || n == "legacy",
                    _ => false,
                });
                let tuples = version.is_some_and(|v| match &v.token {
                    Token::IntLit(i) => i.value >= 2026,
                    Token::Ident(n) => n == "latest",
                    _ => false,
                });
                if tuples {
                    self.out.push(SpannedToken { token: Token::Language2026, span: dspan });
                }
                if !known {
                    self.error(
                        "E0104",
                        dspan,
                        "malformed `#language`",
                        "expected `#language slang 2026` (a version from 2018 to 2026, `latest` or `legacy`)",
                    );
                }
            }
            _ => self.error("E0108", dspan, format!("unknown directive `#{name}`"), "unknown directive"),
        }
    }

    /// The source text of a directive's operands, as written.
    fn line_text(&self, rest: &[SpannedToken]) -> String {
        match (rest.first(), rest.last()) {
            (Some(a), Some(b)) => self.sources.snippet(Span::new(a.span.start, b.span.end)).to_string(),
            _ => String::new(),
        }
    }

    fn ifdef(&mut self, dspan: Span, rest: &[SpannedToken]) -> bool {
        match rest.first().map(|t| (name_of(&t.token).map(Cow::into_owned), t.span)) {
            Some((Some(n), _)) => self.is_defined(&n),
            Some((None, span)) => {
                self.error("E0104", span, "macro name must be an identifier", "not an identifier");
                false
            }
            None => {
                self.error("E0104", dspan, "expected a macro name", "this directive needs a name");
                false
            }
        }
    }

    fn is_defined(&self, name: &str) -> bool {
        self.macros.contains_key(name) || name == "__LINE__" || name == "__FILE__"
    }

    fn eval_if(&mut self, dspan: Span, rest: &[SpannedToken]) -> bool {
        // `defined` must see the names before they are expanded.
        let mut toks = Vec::with_capacity(rest.len());
        let mut i = 0;
        while i < rest.len() {
            if !matches!(&rest[i].token, Token::Ident(n) if n == "defined") {
                toks.push(PTok::from_file(&rest[i]));
                i += 1;
                continue;
            }
            let start = rest[i].span;
            let paren = matches!(rest.get(i + 1).map(|t| &t.token), Some(Token::LParen));
            let at = i + 1 + paren as usize;
            let name = rest.get(at).and_then(|t| name_of(&t.token)).map(Cow::into_owned);
            let closed = !paren || matches!(rest.get(at + 1).map(|t| &t.token), Some(Token::RParen));
            let (Some(name), true) = (name, closed) else {
                let span = rest.get(at).map_or(start, |t| t.span);
                self.error("E0106", span, "`defined` needs a macro name", "expected `NAME` or `(NAME)`");
                return false;
            };
            let end = at + paren as usize;
            let v = self.is_defined(&name) as u64;
            let lit = IntLit { value: v, unsigned: false, long: false, radix: 10 };
            toks.push(PTok::made(Token::IntLit(lit), start.to(rest[end].span)));
            i = end + 1;
        }
        let expanded: Vec<SpannedToken> = self.expand_list(toks).iter().map(PTok::plain).collect();
        if self.aborted {
            return false;
        }
        let end = rest.last().map_or(dspan, |t| Span::new(t.span.end, t.span.end));
        let result = expr::evaluate(&expanded, end, &|n| self.is_defined(n));
        match result {
            Ok(v) => v.bits != 0,
            Err((span, msg)) => {
                self.error("E0106", span, msg, "in this `#if` expression");
                false
            }
        }
    }

    fn define(&mut self, dspan: Span, rest: &[SpannedToken]) {
        let Some(nt) = rest.first() else {
            self.error("E0104", dspan, "`#define` without a macro name", "expected a name");
            return;
        };
        let Some(name) = name_of(&nt.token).map(Cow::into_owned) else {
            self.error("E0104", nt.span, "macro name must be an identifier", "not an identifier");
            return;
        };
        if name == "defined" {
            self.error("E0104", nt.span, "`defined` cannot be a macro name", "reserved");
            return;
        }
        let mut i = 1;
        let mut params = None;
        let mut variadic = false;
        // Only a `(` touching the name makes a function-like macro: `#define F (x)` is an
        // object-like macro whose body starts with a parenthesis.
        if rest.get(1).is_some_and(|t| t.token == Token::LParen && t.span.start == nt.span.end) {
            match parse_params(rest, 2) {
                Ok((ps, v, next)) => {
                    params = Some(ps);
                    variadic = v;
                    i = next;
                }
                Err((span, msg)) => {
                    self.error("E0104", span.unwrap_or(dspan), msg, "in this macro definition");
                    return;
                }
            }
        }
        let body = self.macro_body(&rest[i..]);
        let id = match self.ids.get(&name) {
            Some(&id) => id,
            None => {
                let id = self.ids.len() as u32;
                self.ids.insert(name.clone(), id);
                id
            }
        };
        let m = Macro { id, params, variadic, body };
        let body_spans = &rest[i..];
        let edge = if m.body.first() == Some(&Token::HashHash) {
            body_spans.first()
        } else if m.body.last() == Some(&Token::HashHash) {
            body_spans.last()
        } else {
            None
        };
        if let Some(t) = edge {
            let span = t.span;
            self.error("E0104", span, "`##` cannot be at either end of a macro body", "nothing to paste with");
            return;
        }
        if m.params.is_some() {
            for (k, t) in m.body.iter().enumerate() {
                if *t == Token::Hash && m.body.get(k + 1).and_then(|n| m.param(n)).is_none() {
                    self.error(
                        "E0104",
                        body_spans[k].span,
                        "`#` is not followed by a macro parameter",
                        "expected a parameter name after this",
                    );
                    return;
                }
            }
        }
        self.macros.insert(name, Rc::new(m));
    }

    fn include(&mut self, dspan: Span, rest: &[SpannedToken]) {
        if self.include_overflow {
            return;
        }
        let Some(name) = self.include_name(dspan, rest) else {
            return;
        };
        if self.files.len() >= MAX_INCLUDE_DEPTH {
            self.include_overflow = true;
            self.diags.push(
                Diagnostic::error("E0107", format!("`#include` nested more than {MAX_INCLUDE_DEPTH} deep"))
                    .with_label(dspan, "this include goes too deep")
                    .with_note("an include cycle needs `#pragma once` or an include guard"),
            );
            return;
        }
        let name_path = PathBuf::from(&name);
        let mut dirs: Vec<PathBuf> = Vec::new();
        if !name_path.is_absolute() {
            if let Some(p) = self.files.last().and_then(|f| f.path.as_ref()) {
                dirs.push(p.parent().map(Path::to_path_buf).unwrap_or_default());
            }
            dirs.extend(self.include_dirs.iter().cloned());
        }
        let candidates: Vec<PathBuf> = if name_path.is_absolute() {
            vec![name_path.clone()]
        } else {
            dirs.iter().map(|d| normalize(&d.join(&name_path))).collect()
        };
        let mut failures = Vec::new();
        for path in candidates {
            if self.once.contains(&path) {
                return;
            }
            match self.loader.load(&path) {
                Ok(text) => {
                    self.includes += 1;
                    self.included_bytes = self.included_bytes.saturating_add(text.len());
                    if self.includes > MAX_INCLUDES || self.included_bytes > MAX_INCLUDED_BYTES {
                        self.include_overflow = true;
                        let msg =
                            format!("more than {MAX_INCLUDES} includes or {MAX_INCLUDED_BYTES} bytes of included text");
                        self.error("E0107", dspan, msg, "this include is one too many");
                        return;
                    }
                    let id = self.sources.add(path.to_string_lossy().into_owned(), text);
                    self.push_file(id, Some(path));
                    return;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => failures.push(format!("{}: {e}", path.display())),
            }
        }
        let searched: Vec<String> = dirs
            .iter()
            .map(|d| if d.as_os_str().is_empty() { ".".to_string() } else { d.display().to_string() })
            .collect();
        let mut d = Diagnostic::error("E0103", format!("include file `{name}` not found"))
            .with_label(dspan, "included here")
            .with_note(if searched.is_empty() {
                "no directories were searched".to_string()
            } else {
                format!("searched: {}", searched.join(", "))
            });
        for f in failures {
            d = d.with_note(format!("could not read {f}"));
        }
        self.diags.push(d);
    }

    /// The file name of `#include "name"`, `#include <name>` or a macro expanding to either.
    fn include_name(&mut self, dspan: Span, rest: &[SpannedToken]) -> Option<String> {
        let toks: Vec<PTok> = rest.iter().map(PTok::from_file).collect();
        if let Some(n) = self.header_name(&toks) {
            return Some(n);
        }
        let expanded = self.expand_list(toks);
        if let Some(n) = self.header_name(&expanded) {
            return Some(n);
        }
        let span = rest.first().map_or(dspan, |t| t.span);
        self.error("E0104", span, "expected \"FILENAME\" or <FILENAME> after `#include`", "malformed `#include`");
        None
    }

    fn header_name(&self, toks: &[PTok]) -> Option<String> {
        let name = match &toks.first()?.tok {
            Token::StringLit(value) => {
                // The raw text, so that Windows paths keep their backslashes.
                let t = &toks[0];
                let raw = self.sources.snippet(t.span);
                if t.exact && raw.len() >= 2 {
                    raw[1..raw.len() - 1].to_string()
                } else {
                    value.clone()
                }
            }
            Token::Lt => {
                let close = toks.iter().position(|t| t.tok == Token::Gt)?;
                let inner = &toks[1..close];
                let all_exact = toks[..=close].iter().all(|t| t.exact);
                if all_exact {
                    self.sources.snippet(Span::new(toks[0].span.end, toks[close].span.start)).trim().to_string()
                } else {
                    inner.iter().map(|t| t.tok.spelling()).collect()
                }
            }
            _ => return None,
        };
        (!name.is_empty()).then_some(name)
    }

    // ---------------------------------------------------------------- macro expansion

    /// The next fully expanded token of `src`.
    fn next_expanded(&mut self, src: &mut Src) -> Option<PTok> {
        loop {
            let t = self.next_from(src)?;
            let Some(m) = name_of(&t.tok).and_then(|n| self.macros.get(&*n).cloned()) else {
                if let Token::Ident(n) = &t.tok {
                    if n == "__LINE__" || n == "__FILE__" {
                        return Some(self.builtin(t));
                    }
                }
                return Some(t);
            };
            if hs_contains(&t.hs, m.id) {
                return Some(t);
            }
            if m.params.is_none() {
                let hs = hs_with(&t.hs, m.id);
                let body = self.substitute(&m, &[], t.span, &hs);
                src.push_front(body);
                continue;
            }
            // A function-like macro name is only an invocation when `(` follows, possibly on
            // a later line.
            match self.next_from(src) {
                Some(p) if p.tok == Token::LParen => {}
                Some(p) => {
                    src.stack.push(p);
                    return Some(t);
                }
                None => return Some(t),
            }
            let Some((args, rparen)) = self.collect_args(src, &t) else {
                continue;
            };
            let span = t.span.to(rparen.span);
            let Some(args) = self.check_arity(&m, args, span) else {
                continue;
            };
            let hs = hs_with(&hs_intersect(&t.hs, &rparen.hs), m.id);
            let body = self.substitute(&m, &args, span, &hs);
            src.push_front(body);
        }
    }

    fn builtin(&self, t: PTok) -> PTok {
        let (file, line) = match self.sources.resolve(t.span) {
            Some((id, start, _)) => {
                let f = self.sources.file(id);
                (f.name.clone(), f.line_col(start as u32).0 as u64)
            }
            None => (String::new(), 0),
        };
        let tok = if matches!(&t.tok, Token::Ident(n) if n == "__LINE__") {
            Token::IntLit(IntLit { value: line, unsigned: false, long: false, radix: 10 })
        } else {
            Token::StringLit(file)
        };
        PTok { tok, ..t }
    }

    /// Reads the arguments after the `(` of an invocation: top-level commas separate them,
    /// nested parentheses protect commas. Returns the raw arguments, the commas between them
    /// (variadic arguments are rejoined with them) and the closing parenthesis.
    #[allow(clippy::type_complexity)]
    fn collect_args(&mut self, src: &mut Src, name: &PTok) -> Option<((Vec<Vec<PTok>>, Vec<PTok>), PTok)> {
        let mut args = vec![Vec::new()];
        let mut commas = Vec::new();
        let mut depth = 0usize;
        loop {
            let Some(t) = self.next_from(src) else {
                if !self.aborted {
                    let n = name_of(&name.tok).unwrap_or_default().into_owned();
                    self.error(
                        "E0110",
                        name.span,
                        format!("unterminated argument list invoking macro `{n}`"),
                        "this invocation has no closing `)`",
                    );
                }
                return None;
            };
            match t.tok {
                Token::LParen => depth += 1,
                Token::RParen if depth == 0 => return Some(((args, commas), t)),
                Token::RParen => depth -= 1,
                Token::Comma if depth == 0 => {
                    args.push(Vec::new());
                    commas.push(t);
                    continue;
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        }
    }

    fn check_arity(
        &mut self,
        m: &Macro,
        (mut args, commas): (Vec<Vec<PTok>>, Vec<PTok>),
        span: Span,
    ) -> Option<Vec<Vec<PTok>>> {
        let n = m.params.as_ref().map_or(0, Vec::len);
        if n == 0 && args.len() == 1 && args[0].is_empty() {
            return Some(Vec::new());
        }
        if m.variadic && args.len() > n {
            // Everything from the variadic parameter on is one argument, commas included.
            let mut va = Vec::new();
            for (k, a) in args.drain(n - 1..).enumerate() {
                if k > 0 {
                    va.push(commas[n + k - 2].clone());
                }
                va.extend(a);
            }
            args.push(va);
        } else if m.variadic && args.len() + 1 == n {
            args.push(Vec::new());
        }
        if args.len() == n {
            return Some(args);
        }
        let want = if m.variadic { format!("at least {}", n - 1) } else { n.to_string() };
        self.error(
            "E0105",
            span,
            format!("macro expects {want} argument(s), but {} were given", args.len()),
            "wrong number of arguments",
        );
        None
    }

    /// Fully expands a token list on its own: arguments before substitution, `#if` and
    /// `#include` lines.
    fn expand_list(&mut self, toks: Vec<PTok>) -> Vec<PTok> {
        if self.nesting >= MAX_ARG_NESTING {
            let span = toks.first().map_or(Span::DUMMY, |t| t.span);
            let msg = format!("macro invocations nested more than {MAX_ARG_NESTING} deep in arguments");
            self.abort(span, msg);
            return Vec::new();
        }
        self.nesting += 1;
        let mut src = Src::list(toks);
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded(&mut src) {
            out.push(t);
        }
        self.nesting -= 1;
        out
    }

    /// The replacement of one invocation, before rescanning: parameters replaced, `#` and
    /// `##` applied, `hs` added to every token.
    fn substitute(&mut self, m: &Macro, args: &[Vec<PTok>], span: Span, hs: &HideSet) -> Vec<PTok> {
        let function_like = m.params.is_some();
        let va_index = if m.variadic { m.params.as_ref().map(|p| p.len() - 1) } else { None };
        let mut expanded: Vec<Option<Vec<PTok>>> = vec![None; args.len()];
        let mut out: Vec<PTok> = Vec::new();
        let body = &m.body;
        let mut i = 0;
        // A `##` is waiting for its right operand.
        let mut paste = false;
        // Whether the last operand produced no tokens (a C "placemarker").
        let mut last_empty = false;
        let mut left_empty = false;
        while i < body.len() {
            let tok = &body[i];
            if *tok == Token::HashHash {
                if !paste {
                    left_empty = last_empty;
                }
                paste = true;
                i += 1;
                continue;
            }
            let mut param = None;
            let piece: Vec<PTok> = if function_like && *tok == Token::Hash {
                match body.get(i + 1).and_then(|t| m.param(t)) {
                    Some(p) if p < args.len() => {
                        i += 1;
                        vec![self.stringize(&args[p], span)]
                    }
                    _ => vec![PTok::made(tok.clone(), span)],
                }
            } else if let Some(p) = m.param(tok).filter(|&p| p < args.len()) {
                param = Some(p);
                let next_paste = body.get(i + 1) == Some(&Token::HashHash);
                if paste || next_paste {
                    args[p].clone()
                } else {
                    if expanded[p].is_none() {
                        expanded[p] = Some(self.expand_list(args[p].clone()));
                    }
                    expanded[p].clone().unwrap_or_default()
                }
            } else {
                vec![PTok::made(tok.clone(), span)]
            };
            i += 1;
            let piece_empty = piece.is_empty();
            if paste {
                paste = false;
                if piece_empty {
                    // GNU `, ## __VA_ARGS__`: an empty variadic argument swallows the comma.
                    if !left_empty
                        && param.is_some()
                        && param == va_index
                        && out.last().is_some_and(|t| t.tok == Token::Comma)
                    {
                        out.pop();
                    }
                    last_empty = left_empty;
                } else if left_empty {
                    out.extend(piece);
                    last_empty = false;
                } else {
                    let mut piece = piece.into_iter();
                    if let (Some(l), Some(r)) = (out.pop(), piece.next()) {
                        out.extend(self.paste(&l, &r, span));
                    }
                    out.extend(piece);
                    last_empty = false;
                }
            } else {
                out.extend(piece);
                last_empty = piece_empty;
            }
        }
        // Hide-set unions cost their length too: a long chain of macros must not run
        // quadratically under the token budget.
        let hs_len = hs.as_ref().map_or(0, |h| h.len());
        if !self.charge(out.len() + hs_len, span) {
            return Vec::new();
        }
        for t in &mut out {
            t.hs = hs_union(&t.hs, hs);
        }
        out
    }

    fn text_of<'t>(&'t self, t: &'t PTok) -> Cow<'t, str> {
        if t.exact {
            let s = self.sources.snippet(t.span);
            if !s.is_empty() {
                return Cow::Borrowed(s);
            }
        }
        Cow::Owned(t.tok.spelling())
    }

    /// A macro's replacement list. An operand of `##` that is a number with letters or digits
    /// written right after it (`16_t` in `T##16_t`) is one C preprocessing number, which the
    /// lexer splits in two (`16`, `_t`): it is kept whole, so the paste makes `float16_t`.
    fn macro_body(&self, tokens: &[SpannedToken]) -> Vec<Token> {
        let mut body: Vec<Token> = Vec::with_capacity(tokens.len());
        let mut k = 0;
        while k < tokens.len() {
            let t = &tokens[k];
            let number = matches!(t.token, Token::IntLit(_) | Token::FloatLit(_));
            let pasted = (k > 0 && tokens[k - 1].token == Token::HashHash)
                || tokens.get(k + 1).is_some_and(|n| n.token == Token::HashHash);
            if number && k + 1 < tokens.len() {
                let mut end = k;
                while tokens.get(end + 1).is_some_and(|n| {
                    n.span.start == tokens[end].span.end
                        && matches!(n.token, Token::Ident(_) | Token::IntLit(_) | Token::FloatLit(_))
                }) {
                    end += 1;
                }
                let pasted = pasted || tokens.get(end + 1).is_some_and(|n| n.token == Token::HashHash);
                if end > k && pasted {
                    let text: String = tokens[k..=end].iter().map(|t| self.sources.snippet(t.span)).collect();
                    body.push(Token::Ident(text));
                    k = end + 1;
                    continue;
                }
            }
            body.push(t.token.clone());
            k += 1;
        }
        body
    }

    /// `a ## b`: the spellings glued together and lexed again. A result that is not one token
    /// is kept as the several tokens it lexes to, which is more useful than an error.
    fn paste(&self, l: &PTok, r: &PTok, span: Span) -> Vec<PTok> {
        let text = format!("{}{}", self.text_of(l), self.text_of(r));
        lex_str(&text, 0).into_iter().filter(|t| t.token != Token::Newline).map(|t| PTok::made(t.token, span)).collect()
    }

    /// `#x`: the argument as written, with one space where the source had any whitespace.
    fn stringize(&self, arg: &[PTok], span: Span) -> PTok {
        let mut s = String::new();
        for (k, t) in arg.iter().enumerate() {
            if k > 0 {
                let prev = &arg[k - 1];
                if !(prev.exact && t.exact && prev.span.end == t.span.start) {
                    s.push(' ');
                }
            }
            s.push_str(&self.text_of(t));
        }
        PTok::made(Token::StringLit(s), span)
    }
}

/// Drops `.` components, so that `dir/./a.h` and `dir/a.h` are one file for `#pragma once`.
/// `..` is kept: resolving it lexically would be wrong across symbolic links.
fn normalize(p: &Path) -> PathBuf {
    p.components().filter(|c| !matches!(c, Component::CurDir)).collect()
}

type ParamList = (Vec<String>, bool, usize);

/// Parses `a, b, ...)` starting at `rest[i]`; returns the names, whether the macro is
/// variadic, and the index after the `)`.
fn parse_params(rest: &[SpannedToken], mut i: usize) -> Result<ParamList, (Option<Span>, String)> {
    let is_ellipsis = |i: usize| (i..i + 3).all(|k| rest.get(k).is_some_and(|t| t.token == Token::Dot));
    let mut params: Vec<String> = Vec::new();
    if rest.get(i).is_some_and(|t| t.token == Token::RParen) {
        return Ok((params, false, i + 1));
    }
    loop {
        let Some(t) = rest.get(i) else {
            return Err((rest.last().map(|t| t.span), "missing `)` in macro parameter list".into()));
        };
        let variadic = if is_ellipsis(i) {
            params.push("__VA_ARGS__".into());
            i += 3;
            true
        } else if let Some(n) = name_of(&t.token) {
            if params.iter().any(|p| *p == n) {
                return Err((Some(t.span), format!("duplicate macro parameter `{n}`")));
            }
            params.push(n.into_owned());
            i += 1;
            // GNU named variadic parameter: `args...`.
            if is_ellipsis(i) {
                i += 3;
                true
            } else {
                false
            }
        } else {
            return Err((Some(t.span), format!("expected a parameter name, found {}", t.token)));
        };
        match rest.get(i).map(|t| &t.token) {
            Some(Token::RParen) => return Ok((params, variadic, i + 1)),
            Some(Token::Comma) if !variadic => i += 1,
            _ => {
                let span = rest.get(i).or(rest.last()).map(|t| t.span);
                return Err((span, "expected `,` or `)` in macro parameter list".into()));
            }
        }
    }
}

#[cfg(test)]
mod tests;
