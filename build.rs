//! Generates the parser from `grammar/` (LALRPOP) and an index of the stdlib's declarations.
//!
//! The stdlib index lets a compilation parse only the declarations it calls: a process that
//! compiles one small shader would otherwise spend most of its time parsing the ~200 stdlib
//! declarations it never uses.

use std::fmt::Write as _;

const STDLIB_FILES: &[&str] = &[
    "stdlib/wave.slang",
    "stdlib/math.slang",
    "stdlib/sync.slang",
    "stdlib/subgroup.slang",
    "stdlib/virtual.slang",
    "stdlib/wide.slang",
    "stdlib/glsl.slang",
    "stdlib/autodiff.slang",
    "stdlib/substandard.slang",
];

fn main() {
    link_programs();
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("LALRPOP failed to generate the parser");

    // Declarations are indexed without the comments before them: the text is lexed again at
    // each first use, and doc comments are most of it.
    let mut intrinsics = String::new();
    let mut typedefs = String::new();
    let mut aliases = String::new();
    let mut derivatives = String::new();
    let mut by_name: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    let mut count = 0usize;
    for (file_index, path) in STDLIB_FILES.iter().enumerate() {
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
        for (start, end) in declarations(&text) {
            let start = skip_trivia(&text, start);
            let with_attributes = strip_comments(&text[start..end]);
            let code = strip_leading_attributes(&with_attributes);
            if let Some(rest) = code.trim_start().strip_prefix("typedef") {
                let name = last_identifier(rest.trim_end().trim_end_matches(';'));
                let _ = writeln!(typedefs, "    ({file_index}, {start}, {end}, {name:?}),");
                continue;
            }
            let name = function_name(&code);
            if name.is_empty() {
                continue;
            }
            let attributes = &with_attributes[..with_attributes.len() - code.len()];
            if let Some(primal) = attribute_argument(attributes, "ForwardDerivativeOf") {
                let entry = format!("    ({primal:?}, {name:?}),\n");
                if !derivatives.ends_with(&entry) {
                    derivatives.push_str(&entry);
                }
            }
            if let Some(target) = attribute_argument(attributes, "alias_of") {
                // Overloads of one alias (`pack_u8` of 32- and 16-bit vectors) are listed once.
                let entry = format!("    ({name:?}, {target:?}),\n");
                if !aliases.ends_with(&entry) {
                    aliases.push_str(&entry);
                }
            }
            by_name.entry(name.clone()).or_default().push(count);
            count += 1;
            let _ = writeln!(intrinsics, "    ({file_index}, {start}, {end}, {name:?}),");
        }
    }
    let mut out = String::from(
        "/// Every intrinsic declaration: (file index, byte range, name), in source order.\n\
         pub(crate) static INTRINSICS: &[(usize, usize, usize, &str)] = &[\n",
    );
    out.push_str(&intrinsics);
    out.push_str(
        "];\n/// Every typedef: (file index, byte range, name).\n\
         pub(crate) static TYPEDEFS: &[(usize, usize, usize, &str)] = &[\n",
    );
    out.push_str(&typedefs);
    out.push_str(
        "];\n/// Each `[alias_of(Target)]` declaration: (its name, the name it spells).\n\
         pub(crate) static ALIASES: &[(&str, &str)] = &[\n",
    );
    out.push_str(&aliases);
    out.push_str(
        "];\n/// Each `[ForwardDerivativeOf(f)]` declaration: (`f`, the derivative's name).\n\
         pub(crate) static DERIVATIVES: &[(&str, &str)] = &[\n",
    );
    out.push_str(&derivatives);
    out.push_str("];\n/// The overloads of each name (indices into `INTRINSICS`), sorted by name.\n");
    out.push_str("pub(crate) static BY_NAME: &[(&str, &[usize])] = &[\n");
    for (name, ids) in &by_name {
        let _ = writeln!(out, "    ({name:?}, &{ids:?}),");
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("stdlib_index.rs");
    std::fs::write(dest, out).expect("write the stdlib index");
}

/// The wavec command runs for about two milliseconds, so the dynamic loader's work counts.
///
/// Both programs are position-dependent: no relative relocations to apply (6,800 of them).
/// `wavec` is linked statically against glibc where its static archives are installed (they
/// come with the C compiler's libc6-dev), which saves loading libc, libm and libgcc_s: 0.4 ms
/// of a 2 ms sample compile. `wavec-vulkan` stays dynamic, with lazy binding, so that it can
/// load the Vulkan driver (src/main.rs).
///
/// rustc asks for the C libraries it needs as shared ones (`-Bdynamic -lgcc_s -lm -lc`) unless
/// the whole build is `crt-static`, which would also make the tests and the Vulkan host static.
/// For `wavec` alone, a folder searched first answers those three names with linker scripts
/// that name the static archives instead, and `-static` drops the program interpreter.
fn link_programs() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    println!("cargo:rustc-link-arg-bin=wavec-vulkan=-Wl,-z,lazy");
    // The archives are looked up with the host's C compiler, so a cross build stays dynamic.
    let native = std::env::var("TARGET").ok() == std::env::var("HOST").ok();
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if !native || !gnu || !["libc.a", "libgcc_eh.a", "libm.a"].into_iter().all(c_compiler_finds) {
        println!("cargo:warning=wavec is linked dynamically (a slower start): glibc's static archives were not found for this target");
        println!("cargo:rustc-link-arg-bin=wavec=-Wl,-z,lazy");
        return;
    }
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("static-c-libraries");
    std::fs::create_dir_all(&dir).expect("cannot create the static link folder");
    for (shared, archives) in
        [("libc.so", "libc.a libgcc.a libgcc_eh.a"), ("libgcc_s.so", "libgcc_eh.a libgcc.a"), ("libm.so", "libm.a")]
    {
        std::fs::write(dir.join(shared), format!("GROUP ( {archives} )\n")).expect("cannot write a linker script");
    }
    println!("cargo:rustc-link-arg-bin=wavec=-L{}", dir.display());
    println!("cargo:rustc-link-arg-bin=wavec=-static");
    // gcc leaves the unwinder's frame index out of static programs; Rust's panics use it.
    println!("cargo:rustc-link-arg-bin=wavec=-Wl,--eh-frame-hdr");
}

/// Whether the C compiler that links the programs has `file` in its library search path.
fn c_compiler_finds(file: &str) -> bool {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    std::process::Command::new(cc).arg(format!("-print-file-name={file}")).output().is_ok_and(|o| {
        o.status.success() && std::path::Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute()
    })
}

/// Byte ranges of top-level declarations: each ends at a `;` outside brackets, strings and
/// comments, or at the `}` that closes a body, and starts after the previous one (so it includes its doc comment and attributes).
fn declarations(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let (mut i, mut start, mut depth) = (0, 0, 0i32);
    let mut out = Vec::new();
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' => depth -= 1,
            // A body's closing brace ends a definition (the stdlib's portable implementations).
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    out.push((start, i + 1));
                    start = i + 1;
                }
            }
            b';' if depth == 0 => {
                out.push((start, i + 1));
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The first position at or after `i` that is not whitespace or a comment.
fn skip_trivia(text: &str, mut i: usize) -> usize {
    loop {
        let rest = &text[i..];
        let trimmed = rest.trim_start();
        i += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            i += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if let Some(body) = trimmed.strip_prefix("/*") {
            i += body.find("*/").map_or(trimmed.len(), |n| n + 4);
        } else {
            return i;
        }
    }
}

fn strip_comments(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.find('\n').map_or("", |n| &r[n..]);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.find("*/").map_or("", |n| &r[n + 2..]);
        } else if rest.starts_with('"') {
            let end = rest[1..].find('"').map_or(rest.len(), |n| n + 2);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn strip_leading_attributes(s: &str) -> String {
    let mut rest = s.trim_start();
    while rest.starts_with('[') {
        let mut depth = 0;
        let mut in_string = false;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '[' if !in_string => depth += 1,
                ']' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = rest[end..].trim_start();
    }
    rest.to_string()
}

/// The target of an `[alias_of(Target)]` among a declaration's attributes.
/// The argument of attribute `[name(x)]` among a declaration's attributes.
fn attribute_argument(attributes: &str, name: &str) -> Option<String> {
    let rest = &attributes[attributes.find(&format!("[{name}"))? + name.len() + 1..];
    let rest = rest.trim_start().strip_prefix('(')?;
    let target = rest[..rest.find(')')?].trim();
    Some(target.to_string())
}

fn last_identifier(s: &str) -> String {
    let s = s.trim_end();
    let start = s.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
    s[start..].to_string()
}

/// `Ret Name<T : c>(…);` → `Name`.
fn function_name(code: &str) -> String {
    let Some(open) = code.find('(') else { return String::new() };
    let mut head = code[..open].trim_end();
    if head.ends_with('>') {
        let mut depth = 0;
        for (i, c) in head.char_indices().rev() {
            match c {
                '>' => depth += 1,
                '<' => {
                    depth -= 1;
                    if depth == 0 {
                        head = head[..i].trim_end();
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    last_identifier(head)
}
