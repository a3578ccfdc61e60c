//! Source positions.
//!
//! Every file that takes part in a compilation (the main file, each `#include`d file, the stdlib)
//! gets its own range in one global position space, as rustc's `SourceMap` does. A position is
//! then a single `u32`, a [`Span`] is two of them, and the file of any span is found by a binary
//! search over the file bases. This keeps spans `Copy` and small all the way from the lexer to the
//! backends, and makes multi-file diagnostics free.

use std::sync::Arc;

/// A half-open byte range `[start, end)` in the global position space of a [`SourceMap`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const DUMMY: Span = Span { start: 0, end: 0 };

    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both. Spans in different files keep `self`'s file.
    pub fn to(self, other: Span) -> Span {
        if other.start >= self.start && other.end >= self.end {
            Span { start: self.start, end: other.end.max(self.start) }
        } else {
            Span { start: self.start.min(other.start), end: self.end.max(other.end) }
        }
    }

    pub fn is_dummy(self) -> bool {
        self.start == 0 && self.end == 0
    }
}

/// Identifies a file inside a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

#[derive(Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics (the path as the user or `#include` spelled it).
    pub name: String,
    pub text: Arc<str>,
    /// First global position of this file. Position `base + i` is byte `i` of `text`.
    pub base: u32,
    /// Byte offsets of line starts, for line/column lookups.
    line_starts: Vec<u32>,
}

impl SourceFile {
    /// 1-based line and column (in chars) of a byte offset inside this file.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line] as usize;
        let end = (offset as usize).min(self.text.len());
        let col = self.text.get(start..end).map(|s| s.chars().count()).unwrap_or(end - start);
        (line + 1, col + 1)
    }
}

/// All source files of one compilation. Positions 0 is reserved so that [`Span::DUMMY`] never
/// points into a real file.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    next_base: u32,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap { files: Vec::new(), next_base: 1 }
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>) -> FileId {
        let text: Arc<str> = text.into();
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        let base = self.next_base;
        // One position past the end stays inside the file, so an end-of-file span has a home.
        self.next_base = base + text.len() as u32 + 1;
        self.files.push(SourceFile { name: name.into(), text, base, line_starts });
        FileId(self.files.len() as u32 - 1)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u32), f))
    }

    /// The global span of bytes `start..end` of `file`.
    pub fn span(&self, file: FileId, start: usize, end: usize) -> Span {
        let base = self.file(file).base;
        Span::new(base + start as u32, base + end as u32)
    }

    /// The file containing a position, if any.
    pub fn lookup(&self, pos: u32) -> Option<FileId> {
        if pos == 0 || self.files.is_empty() {
            return None;
        }
        let i = match self.files.binary_search_by_key(&pos, |f| f.base) {
            Ok(i) => i,
            Err(0) => return None,
            Err(i) => i - 1,
        };
        let f = &self.files[i];
        (pos <= f.base + f.text.len() as u32).then_some(FileId(i as u32))
    }

    /// File and local byte range of a span; the end is clamped to the start's file.
    pub fn resolve(&self, span: Span) -> Option<(FileId, usize, usize)> {
        let id = self.lookup(span.start)?;
        let f = self.file(id);
        let start = (span.start - f.base) as usize;
        let end = (span.end.max(span.start) - f.base) as usize;
        Some((id, start, end.min(f.text.len())))
    }

    /// `name:line:col` of a span's start, for plain messages and tests.
    pub fn describe(&self, span: Span) -> String {
        match self.resolve(span) {
            Some((id, start, _)) => {
                let f = self.file(id);
                let (l, c) = f.line_col(start as u32);
                format!("{}:{}:{}", f.name, l, c)
            }
            None => "<unknown>".to_string(),
        }
    }

    /// The source text of a span.
    pub fn snippet(&self, span: Span) -> &str {
        match self.resolve(span) {
            Some((id, s, e)) => self.file(id).text.get(s..e).unwrap_or(""),
            None => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_map_back_to_files_and_lines() {
        let mut sm = SourceMap::new();
        let a = sm.add("a.hlsl", "one\ntwo\n");
        let b = sm.add("b.hlsl", "x\ny z");
        let s = sm.span(b, 4, 5);
        assert_eq!(sm.resolve(s), Some((b, 4, 5)));
        assert_eq!(sm.describe(s), "b.hlsl:2:3");
        assert_eq!(sm.describe(sm.span(a, 4, 7)), "a.hlsl:2:1");
        assert_eq!(sm.snippet(sm.span(a, 4, 7)), "two");
        assert_eq!(sm.lookup(0), None);
    }
}
