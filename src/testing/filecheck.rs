//! The part of LLVM FileCheck that Slang's tests use on buffer output (`filecheck-buffer=P`):
//! `P:`, `P-NEXT:`, `P-SAME:`, `P-EMPTY:`, `P-NOT:`, `P-COUNT-n:`, `P-DAG:` and `P-LABEL:` lines
//! of the test source, with `{{regex}}` blocks and FileCheck's whitespace rule (a run of spaces
//! or tabs in a pattern matches any run in the input). Variables (`[[X]]`) are not supported:
//! [`parse`] names them, and the caller reports the test as skipped.

use regex::Regex;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    Next,
    Same,
    Empty,
    Not,
    /// `-DAG`: one of a run of directives that match in any order, without overlapping.
    Dag,
}

/// One directive, compiled.
#[derive(Clone, Debug)]
pub struct Directive {
    kind: Kind,
    /// The source line it was written on (1-based) and its text, for messages.
    pub line: usize,
    pub text: String,
    pattern: Regex,
}

/// The directives of prefix `prefix` in `source`, in order. `Err` names the first directive
/// this implementation does not support or cannot read.
pub fn parse(source: &str, prefix: &str) -> Result<Vec<Directive>, String> {
    let mut out = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let Some((kind, count, pattern)) = directive_on(line, prefix)? else { continue };
        let text = format!("{prefix}{}: {pattern}", suffix_text(kind, count));
        let regex = compile(pattern).map_err(|e| format!("line {}: `{text}`: {e}", i + 1))?;
        if kind == Kind::Empty && !pattern.is_empty() {
            return Err(format!("line {}: `{prefix}-EMPTY:` takes no pattern", i + 1));
        }
        for _ in 0..count {
            out.push(Directive { kind, line: i + 1, text: text.clone(), pattern: regex.clone() });
        }
    }
    if out.is_empty() {
        return Err(format!("no `{prefix}:` lines in the file"));
    }
    Ok(out)
}

fn suffix_text(kind: Kind, count: usize) -> String {
    match kind {
        Kind::Plain if count > 1 => format!("-COUNT-{count}"),
        Kind::Plain => String::new(),
        Kind::Next => "-NEXT".into(),
        Kind::Same => "-SAME".into(),
        Kind::Empty => "-EMPTY".into(),
        Kind::Not => "-NOT".into(),
        Kind::Dag => "-DAG".into(),
    }
}

/// The directive on `line`, if it has one for `prefix`: kind, repeat count, pattern text.
fn directive_on<'l>(line: &'l str, prefix: &str) -> Result<Option<(Kind, usize, &'l str)>, String> {
    let mut from = 0;
    while let Some(at) = line[from..].find(prefix) {
        let start = from + at;
        from = start + prefix.len();
        // A prefix starts a word: `XCHECK:` is not a `CHECK:` directive.
        if line[..start].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
            continue;
        }
        let rest = &line[start + prefix.len()..];
        let Some(colon) = rest.find(':') else { continue };
        let (suffix, pattern) = (&rest[..colon], rest[colon + 1..].trim());
        let (kind, count) = match suffix {
            "" | "-LABEL" => (Kind::Plain, 1),
            "-NEXT" => (Kind::Next, 1),
            "-SAME" => (Kind::Same, 1),
            "-EMPTY" => (Kind::Empty, 1),
            "-NOT" => (Kind::Not, 1),
            "-DAG" => (Kind::Dag, 1),
            s => match s.strip_prefix("-COUNT-").and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if n > 0 => (Kind::Plain, n),
                _ => continue,
            },
        };
        return Ok(Some((kind, count, pattern)));
    }
    Ok(None)
}

/// A FileCheck pattern as a regex: literal text (runs of blanks match any run of blanks),
/// `{{…}}` blocks as regex syntax.
fn compile(pattern: &str) -> Result<Regex, String> {
    if pattern.contains("[[") {
        return Err("FileCheck variables (`[[…]]`) are not supported".into());
    }
    let mut re = String::from("(?m)");
    let mut rest = pattern;
    while !rest.is_empty() {
        match rest.find("{{") {
            Some(0) => {
                let end = rest[2..].find("}}").ok_or("a `{{` without its `}}`")? + 2;
                re.push_str(&format!("(?:{})", &rest[2..end]));
                rest = &rest[end + 2..];
            }
            Some(at) => {
                literal(&rest[..at], &mut re);
                rest = &rest[at..];
            }
            None => {
                literal(rest, &mut re);
                rest = "";
            }
        }
    }
    Regex::new(&re).map_err(|e| e.to_string())
}

fn literal(text: &str, re: &mut String) {
    let mut blanks = false;
    for c in text.chars() {
        if c == ' ' || c == '\t' {
            blanks = true;
            continue;
        }
        if blanks {
            re.push_str("[ \t]+");
            blanks = false;
        }
        re.push_str(&regex::escape(&c.to_string()));
    }
    if blanks {
        re.push_str("[ \t]+");
    }
}

/// Runs `directives` over `input`; `Err` says which directive failed and where.
pub fn check(directives: &[Directive], input: &str) -> Result<(), String> {
    // Start offset of each line, to number matches.
    let starts: Vec<usize> = std::iter::once(0).chain(input.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let line_of = |offset: usize| starts.partition_point(|&s| s <= offset) - 1;
    let mut pos = 0usize;
    let mut last_line: Option<usize> = None;
    let mut pending_not: Vec<&Directive> = Vec::new();
    let near = |offset: usize| -> String {
        let l = line_of(offset.min(input.len()));
        let text: String = input.lines().nth(l).unwrap_or("").chars().take(80).collect();
        format!("output line {}: `{text}`", l + 1)
    };
    let check_nots = |nots: &mut Vec<&Directive>, from: usize, to: usize| -> Result<(), String> {
        for d in nots.drain(..) {
            if let Some(m) = d.pattern.find(&input[from..to]) {
                return Err(format!("line {}: `{}` matched at {}", d.line, d.text, near(from + m.start())));
            }
        }
        Ok(())
    };
    let mut dag: Vec<(usize, usize)> = Vec::new();
    for (i, d) in directives.iter().enumerate() {
        match d.kind {
            Kind::Dag => {
                // Each from where the run began, clear of the run's other matches; the run ends
                // at its furthest match.
                let mut from = pos;
                let m = loop {
                    let Some(m) = d.pattern.find_at(input, from) else {
                        return Err(format!("line {}: `{}`: no match after {}", d.line, d.text, near(pos)));
                    };
                    match dag.iter().find(|&&(s, e)| m.start() < e && s < m.end()) {
                        Some(&(_, e)) => from = e.max(m.start() + 1),
                        None => break m,
                    }
                };
                dag.push((m.start(), m.end()));
                if directives.get(i + 1).is_none_or(|n| n.kind != Kind::Dag) {
                    let first = dag.iter().map(|&(s, _)| s).min().unwrap_or(pos);
                    check_nots(&mut pending_not, pos, first)?;
                    pos = dag.iter().map(|&(_, e)| e).max().unwrap_or(pos);
                    last_line = Some(line_of(pos.saturating_sub(1)));
                    dag.clear();
                }
                continue;
            }
            Kind::Not => {
                pending_not.push(d);
                continue;
            }
            Kind::Empty => {
                let want = last_line.map_or(0, |l| l + 1);
                let ok = want < starts.len() && input.lines().nth(want).is_some_and(str::is_empty);
                if !ok {
                    return Err(format!("line {}: `{}`: output line {} is not empty", d.line, d.text, want + 1));
                }
                let end = starts.get(want).copied().unwrap_or(input.len());
                check_nots(&mut pending_not, pos, end)?;
                pos = end;
                last_line = Some(want);
                continue;
            }
            _ => {}
        }
        // SAME matches on the line of the previous match; NEXT and plain search on.
        let found = d.pattern.find_at(input, pos);
        let Some(m) = found else {
            return Err(format!("line {}: `{}`: no match after {}", d.line, d.text, near(pos)));
        };
        let line = line_of(m.start());
        match (d.kind, last_line) {
            (Kind::Next, prev) if line != prev.map_or(0, |l| l + 1) => {
                let want = prev.map_or(1, |l| l + 2);
                return Err(format!(
                    "line {}: `{}`: the next match is on output line {}, not line {want}",
                    d.line,
                    d.text,
                    line + 1
                ));
            }
            (Kind::Same, prev) if Some(line) != prev => {
                return Err(format!("line {}: `{}`: no match on the same output line", d.line, d.text));
            }
            _ => {}
        }
        check_nots(&mut pending_not, pos, m.start())?;
        pos = m.end();
        last_line = Some(line);
    }
    check_nots(&mut pending_not, pos.min(input.len()), input.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(checks: &str, input: &str) -> Result<(), String> {
        check(&parse(checks, "CHECK")?, input)
    }

    #[test]
    fn plain_next_count_same_not() {
        let out = "type: int32_t\n4\n10\n1\n1\n1\n";
        assert!(run("// CHECK: type: int32_t\n// CHECK-NEXT: 4\n// CHECK-NEXT: 10", out).is_ok());
        // Substrings: `1` matches inside `10`.
        assert!(run("// CHECK: 4\n// CHECK-NEXT: 1", out).is_ok());
        assert!(run("// CHECK: 4\n// CHECK-NEXT: {{^}}1{{$}}", out).is_err());
        assert!(run("// CHECK: 10\n// CHECK-COUNT-3: {{^}}1{{$}}", out).is_ok());
        assert!(run("// CHECK: 10\n// CHECK-COUNT-4: {{^}}1{{$}}", out).is_err());
        assert!(run("// CHECK: type:\n// CHECK-SAME: int{{[0-9]+}}_t", out).is_ok());
        assert!(run("// CHECK: type:\n// CHECK-SAME: 4", out).is_err());
        assert!(run("// CHECK: 4\n// CHECK-NOT: 7\n// CHECK: 10", out).is_ok());
        assert!(run("// CHECK: type\n// CHECK-NOT: 4\n// CHECK: 10", out).is_err());
        assert!(run("// CHECK: 10\n// CHECK-NOT: 4", out).is_ok());
        assert!(run("// CHECK: 4\n// CHECK-NOT: 10", out).is_err());
        // Blanks: any run matches any run.
        assert!(run("// CHECK: a  b", "a \t b\n").is_ok());
        // NEXT after the last line fails rather than wrapping.
        assert!(run("// CHECK: 1\n// CHECK-NEXT: 1\n// CHECK-NEXT: 1\n// CHECK-NEXT: 1", "1\n1\n1\n").is_err());
    }

    #[test]
    fn dag_runs_match_in_any_order_without_overlap() {
        let checks = "// CHECK: 0\n// CHECK-DAG: 1\n// CHECK-DAG: 3\n// CHECK-DAG: 2\n// CHECK: 8";
        assert!(run(checks, "0\n3\n1\n2\n8\n").is_ok());
        // The run ends at its furthest match: `8` must come after all of it.
        assert!(run(checks, "0\n3\n8\n1\n2\n").is_err());
        // Two directives of a run may not take the same line.
        assert!(run("// CHECK-DAG: 1\n// CHECK-DAG: 1", "1\n2\n").is_err());
        assert!(run("// CHECK-DAG: 1\n// CHECK-DAG: 1", "1\n1\n").is_ok());
    }

    #[test]
    fn unsupported_forms_are_named() {
        assert!(parse("// CHECK: [[X:[0-9]+]]", "CHECK").unwrap_err().contains("variables"));
        assert!(parse("// OTHER: x", "CHECK").unwrap_err().contains("no `CHECK:`"));
        // Another prefix that merely ends in the name is not this prefix.
        assert_eq!(parse("// XCHECK: 1\n// CHECK: 2", "CHECK").unwrap().len(), 1);
    }
}
