//! Diagnostics: one type for every stage, one renderer.
//!
//! This is the only module that knows ariadne, so an ariadne upgrade (0.7 drops `with_code`)
//! touches one file. Codes are grouped by stage:
//!
//! | range | stage |
//! |---|---|
//! | E00xx | command line and files |
//! | E01xx | preprocessor |
//! | E02xx | lexer and parser |
//! | E03xx | names and declarations |
//! | E04xx | types, conversions, overloads |
//! | E05xx | statements, entry points, stages, attributes |
//! | E06xx | target and profile support (backends) |

use crate::span::{SourceMap, Span};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    /// The first label is the primary one; its span is where the diagnostic "is".
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, code, message: message.into(), labels: Vec::new(), notes: Vec::new() }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, message: message.into() });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn primary_span(&self) -> Option<Span> {
        self.labels.first().map(|l| l.span)
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// What a failed compilation returns: every diagnostic found (warnings included), plus the
/// sources they point into so they can be rendered.
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
    pub sources: std::sync::Arc<SourceMap>,
}

impl Diagnostics {
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }

    /// Plain text, no colour: what tests compare against.
    pub fn render_plain(&self) -> String {
        render_all(&self.list, &self.sources, false)
    }

    pub fn render(&self, color: bool) -> String {
        render_all(&self.list, &self.sources, color)
    }
}

/// A diagnostic with its spans resolved to files, lines and columns: what editors read
/// (`--diagnostic-format json`, the C API). Serialises to one JSON object in the shape of
/// rustc's `--error-format=json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Structured {
    pub code: &'static str,
    /// `error` or `warning`.
    pub severity: &'static str,
    pub message: String,
    /// The labels, the primary one first; labels outside every file are left out.
    pub spans: Vec<StructuredSpan>,
    pub notes: Vec<String>,
    /// The diagnostic as the command line prints it, without colour.
    pub rendered: String,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StructuredSpan {
    /// The file's name as the compilation or `#include` spelled it.
    pub file: String,
    /// Byte offsets into that file, `[byte_start, byte_end)`.
    pub byte_start: usize,
    pub byte_end: usize,
    /// 1-based; columns count characters.
    pub line_start: usize,
    pub column_start: usize,
    pub line_end: usize,
    pub column_end: usize,
    pub label: String,
    pub is_primary: bool,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl Diagnostic {
    /// This diagnostic with its spans resolved against `sources`.
    pub fn structured(&self, sources: &SourceMap) -> Structured {
        let spans = self
            .labels
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                let (id, start, end) = sources.resolve(l.span)?;
                let f = sources.file(id);
                let (line_start, column_start) = f.line_col(start as u32);
                let (line_end, column_end) = f.line_col(end as u32);
                Some(StructuredSpan {
                    file: f.name.clone(),
                    byte_start: start,
                    byte_end: end,
                    line_start,
                    column_start,
                    line_end,
                    column_end,
                    label: l.message.clone(),
                    is_primary: i == 0,
                })
            })
            .collect();
        Structured {
            code: self.code,
            severity: self.severity.name(),
            message: self.message.clone(),
            spans,
            notes: self.notes.clone(),
            rendered: render(self, sources, false),
        }
    }
}

impl Diagnostics {
    /// Every diagnostic with resolved spans, in order.
    pub fn structured(&self) -> Vec<Structured> {
        self.list.iter().map(|d| d.structured(&self.sources)).collect()
    }

    /// One JSON object per line per diagnostic (JSON Lines), each ending in a newline.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        for d in self.structured() {
            out.push_str(&serde_json::to_string(&d).unwrap_or_default());
            out.push('\n');
        }
        out
    }
}

impl fmt::Debug for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_plain())
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_plain())
    }
}

pub fn render_all(list: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    let mut out = String::new();
    for d in list {
        out.push_str(&render(d, sources, color));
    }
    out
}

/// Renders one diagnostic with ariadne. Labels outside any file (or a diagnostic with no label)
/// fall back to a one-line `error[CODE]: message` header plus notes.
pub fn render(d: &Diagnostic, sources: &SourceMap, color: bool) -> String {
    use ariadne::{CharSet, Config, IndexType, Label as ALabel, Report, ReportKind};

    let kind = match d.severity {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
    };
    let resolved: Vec<(String, std::ops::Range<usize>, &str)> = d
        .labels
        .iter()
        .filter_map(|l| {
            let (id, s, e) = sources.resolve(l.span)?;
            Some((sources.file(id).name.clone(), s..e, l.message.as_str()))
        })
        .collect();

    let Some(first) = resolved.first() else {
        let sev = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut s = format!("[{}] {}: {}\n", d.code, sev, d.message);
        for n in &d.notes {
            s.push_str(&format!("  = note: {n}\n"));
        }
        return s;
    };

    let config = Config::default().with_color(color).with_index_type(IndexType::Byte).with_char_set(if color {
        CharSet::Unicode
    } else {
        CharSet::Ascii
    });
    let mut report = Report::build(kind, (first.0.clone(), first.1.clone()))
        .with_code(d.code)
        .with_message(&d.message)
        .with_config(config);
    for (i, (name, range, msg)) in resolved.iter().enumerate() {
        // ariadne draws no underline for a label without a message, so every label gets one.
        let text = if msg.is_empty() {
            if i == 0 {
                "here"
            } else {
                "and here"
            }
        } else {
            msg
        };
        let label = ALabel::new((name.clone(), range.clone())).with_order(i as i32).with_message(text);
        report = report.with_label(label);
    }
    for n in &d.notes {
        report = report.with_note(n);
    }
    let cache =
        ariadne::sources(sources.files().map(|(_, f)| (f.name.clone(), f.text.to_string())).collect::<Vec<_>>());
    let mut buf = Vec::new();
    if report.finish().write(cache, &mut buf).is_err() {
        return format!("[{}] {}\n", d.code, d.message);
    }
    let text = String::from_utf8_lossy(&buf).into_owned();
    // Trailing spaces depend on ariadne's padding, not on the diagnostic: strip them so golden
    // files stay stable.
    let mut out: String = text.lines().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n");
    out.push('\n');
    out
}
