//! Backends: IR to target text or binary. Shared helpers live here; each target has a folder.
//!
//! Backends take the IR by shared reference. Lowering passes that a target needs (see
//! [`crate::lower`]) run on a clone inside the backend, so one module can feed several targets.

pub mod clike;
pub mod cuda;
pub mod glsl;
pub mod hlsl;
pub mod msl;
pub mod precedence;
pub mod spv;
pub mod template;
pub mod wgsl;

use crate::fast_hash::HashSet;
use std::fmt;

/// `s` as a C string literal (HLSL, GLSL, CUDA): quotes, backslashes and control characters
/// escaped, the last as three octal digits, which no following character can extend.
pub fn c_string_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\x7f' => out.push_str(&format!("\\{:03o}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One level of indentation in text output.
pub const INDENT: &str = "    ";

/// An indentation depth; `Display` prints the leading whitespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(pub usize);

impl Level {
    pub fn next(self) -> Level {
        Level(self.0 + 1)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.0 {
            f.write_str(INDENT)?;
        }
        Ok(())
    }
}

/// Hands out identifiers for the output.
///
/// Source names are kept whenever possible, because readable output is the point of a
/// source-to-source backend; a name is changed only when it is reserved in the target language
/// or already visible in an enclosing scope. The replacement appends `_1`, `_2`, … (the smallest
/// free suffix), so the result depends only on the order in which names are requested.
pub struct Namer {
    is_reserved: fn(&str) -> bool,
    reserved: HashSet<String>,
    scopes: Vec<HashSet<String>>,
}

impl Namer {
    /// `is_reserved` is the target's keyword test; `extra` adds names known only at run time
    /// (the stdlib's intrinsics).
    pub fn new(is_reserved: fn(&str) -> bool, extra: impl IntoIterator<Item = String>) -> Namer {
        Namer { is_reserved, reserved: extra.into_iter().collect(), scopes: vec![HashSet::default()] }
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(HashSet::default());
    }

    pub fn pop_scope(&mut self) {
        // The outermost (module) scope is never popped: helpers named late must still see it.
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    fn taken(&self, name: &str) -> bool {
        (self.is_reserved)(name) || self.reserved.contains(name) || self.scopes.iter().any(|s| s.contains(name))
    }

    /// Takes `name` in the innermost scope as it is (a name the output declares there that
    /// was handed out elsewhere: a kernel's parameters), so later names avoid it.
    pub fn claim(&mut self, name: &str) {
        self.scopes.last_mut().expect("module scope").insert(name.to_string());
    }

    /// A fresh name in the innermost scope, as close to `base` as the rules allow.
    pub fn name(&mut self, base: &str) -> String {
        let mut base = sanitize(base);
        // A reserved prefix (`__` in C++, MSL and WGSL) makes every numbered form reserved too:
        // drop the underscores it starts with.
        if (self.is_reserved)(&format!("{base}_1")) {
            base = sanitize(base.trim_start_matches('_'));
        }
        // Front ends limit identifiers (glslang to 1024 characters): a longer name is cut,
        // and numbered like any other collision.
        base.truncate(MAX_NAME);
        let mut candidate = base.clone();
        let mut n = 1;
        while self.taken(&candidate) {
            candidate = format!("{base}_{n}");
            n += 1;
        }
        self.scopes.last_mut().expect("module scope").insert(candidate.clone());
        candidate
    }
}

/// The longest name a backend writes (`sanitize`d names are ASCII, so any cut is a boundary).
const MAX_NAME: usize = 250;

/// Identifiers from the front end are already valid; this only guards synthetic names.
fn sanitize(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namer_keeps_source_names_and_renames_collisions() {
        let mut n = Namer::new(|s| s == "float", ["max".to_string()]);
        assert_eq!(n.name("max"), "max_1");
        assert_eq!(n.name("data"), "data");
        assert_eq!(n.name("float"), "float_1");
        assert_eq!(n.name("data"), "data_1");
        n.push_scope();
        assert_eq!(n.name("i"), "i");
        assert_eq!(n.name("data"), "data_2");
        n.pop_scope();
        n.push_scope();
        assert_eq!(n.name("i"), "i", "sibling scopes may reuse a name");
        n.pop_scope();
        assert_eq!(n.name("a b"), "a_b");
        assert_eq!(Level(2).to_string(), "        ");
        // A reserved prefix is dropped (numbering could never leave it).
        let mut n = Namer::new(|s| s.starts_with("__"), ["pack".to_string()]);
        assert_eq!(n.name("__pack"), "pack_1");
        assert_eq!(n.name("__"), "_");
        let long = "x".repeat(2000);
        assert_eq!(n.name(&long), "x".repeat(MAX_NAME));
        assert_eq!(n.name(&long), format!("{}_1", "x".repeat(MAX_NAME)));
    }
}
