//! Token stream to syntax tree: classification, then the LALRPOP parser, then diagnostics.
//!
//! This is the only module that names LALRPOP types; the rest of the compiler sees
//! [`parse`] returning a tree and a list of [`Diagnostic`]s.

use crate::diag::Diagnostic;
use crate::span::Span;
use crate::syntax::ast::*;
use crate::syntax::classify::classify;
use crate::syntax::lexer::SpannedToken;
use crate::syntax::token::Token;
use lalrpop_util::ParseError;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused)]
    wave
);

pub(crate) type ErrorRec = lalrpop_util::ErrorRecovery<u32, Token, ()>;

/// Parses a preprocessed token stream (no `Newline`s). Syntax errors are recovered from at
/// statement and item level, so the tree may hold `Error` nodes and the list several errors.
pub fn parse(mut tokens: Vec<SpannedToken>) -> (TranslationUnit, Vec<Diagnostic>) {
    classify(&mut tokens);
    let eof = tokens.last().map_or(0, |t| t.span.end);
    let mut recovered = Vec::new();
    let result = run(&tokens, &mut recovered);
    let mut diags: Vec<Diagnostic> = Vec::new();
    let mut push = |d: Diagnostic| {
        // Item-level recovery can re-report the token statement-level recovery already did.
        if !diags.iter().any(|o| o.primary_span() == d.primary_span()) {
            diags.push(d);
        }
    };
    for r in recovered {
        push(to_diagnostic(r.error, eof));
    }
    match result {
        Ok(unit) => (unit, diags),
        Err(e) => {
            push(to_diagnostic(e, eof));
            (salvage(&tokens, eof), diags)
        }
    }
}

fn run(
    tokens: &[SpannedToken],
    errors: &mut Vec<ErrorRec>,
) -> Result<TranslationUnit, ParseError<u32, Token, ()>> {
    let triples = tokens.iter().map(|t| (t.span.start, t.token.clone(), t.span.end));
    wave::UnitParser::new().parse(errors, triples)
}

/// LALRPOP cannot recover from an error at end of file, so the tree of such a run is lost.
/// Closing what is still open and parsing again keeps the items before the error for later
/// stages; the second run's diagnostics repeat the first's and are dropped.
fn salvage(tokens: &[SpannedToken], eof: u32) -> TranslationUnit {
    let (mut parens, mut brackets, mut braces) = (0usize, 0usize, 0usize);
    for t in tokens {
        match t.token {
            Token::LParen => parens += 1,
            Token::RParen => parens = parens.saturating_sub(1),
            Token::LBracket => brackets += 1,
            Token::RBracket => brackets = brackets.saturating_sub(1),
            Token::LBrace => braces += 1,
            Token::RBrace => braces = braces.saturating_sub(1),
            _ => {}
        }
    }
    let mut patched = tokens.to_vec();
    let at = Span::new(eof, eof);
    let mut close = |token: Token, n: usize| {
        patched.extend(std::iter::repeat_n(SpannedToken { token, span: at }, n));
    };
    close(Token::RParen, parens);
    close(Token::RBracket, brackets);
    close(Token::Semi, 1);
    close(Token::RBrace, braces);
    close(Token::Semi, 1);
    let mut scratch = Vec::new();
    run(&patched, &mut scratch).unwrap_or_else(|_| {
        let start = tokens.first().map_or(eof, |t| t.span.start);
        TranslationUnit { items: vec![Item::Error(Span::new(start, eof))] }
    })
}

fn to_diagnostic(e: ParseError<u32, Token, ()>, eof: u32) -> Diagnostic {
    match e {
        ParseError::UnrecognizedToken { token: (l, Token::Error(c), r), .. } => {
            Diagnostic::error("E0202", format!("unexpected character `{c}`"))
                .with_label(Span::new(l, r), "no token starts with this character")
        }
        ParseError::UnrecognizedToken { token: (l, tok, r), expected } => {
            let exp = describe_expected(&expected);
            Diagnostic::error("E0201", format!("expected {exp}, found {tok}"))
                .with_label(Span::new(l, r), format!("expected {exp}"))
        }
        ParseError::ExtraToken { token: (l, tok, r) } => {
            Diagnostic::error("E0201", format!("expected end of file, found {tok}"))
                .with_label(Span::new(l, r), "unexpected token")
        }
        ParseError::UnrecognizedEof { expected, .. } => {
            let exp = describe_expected(&expected);
            Diagnostic::error("E0203", format!("unexpected end of file, expected {exp}"))
                .with_label(Span::new(eof, eof), format!("expected {exp}"))
        }
        ParseError::InvalidToken { location } => Diagnostic::error("E0202", "invalid token")
            .with_label(Span::new(location, location), ""),
        ParseError::User { .. } => Diagnostic::error("E0201", "syntax error"),
    }
}

const EXPR_START: &[&str] = &[
    "Ident",
    "TypeName",
    "IntLit",
    "FloatLit",
    "StringLit",
    "true",
    "false",
    "(",
    "-",
    "+",
    "!",
    "~",
    "++",
    "--",
];
const STMT_START: &[&str] =
    &["if", "for", "while", "do", "switch", "return", "break", "continue", "discard", "{", "["];
const BINARY_OPS: &[&str] = &[
    "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "&", "|", "^", "<<",
    ">>", "?", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ".", "[",
];
const MODIFIERS: &[&str] = &[
    "static",
    "const",
    "groupshared",
    "uniform",
    "extern",
    "precise",
    "in",
    "out",
    "inout",
    "row_major",
    "column_major",
    "nointerpolation",
    "volatile",
    "inline",
    "export",
    "constexpr",
];
/// Tokens most worth naming first: closers and separators are usually what is missing.
const PREFERRED: &[&str] = &[";", ")", "]", "}", ",", ">", ":", "=", "(", "{", "Ident", "TypeName"];

/// LALRPOP lists every acceptable terminal, often dozens; group them into phrases a reader
/// recognizes and keep at most six.
fn describe_expected(expected: &[String]) -> String {
    let mut names: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    let mut phrases: Vec<String> = Vec::new();
    let has = |names: &[&str], set: &[&str], min: usize| {
        set.iter().filter(|s| names.contains(s)).count() >= min
    };
    let mut groups: Vec<(&str, &[&str])> = Vec::new();
    if has(&names, STMT_START, 4) {
        groups.push(("statement", STMT_START));
    }
    if has(&names, EXPR_START, 4) {
        groups.push(("expression", EXPR_START));
    }
    if has(&names, BINARY_OPS, 6) {
        groups.push(("operator", BINARY_OPS));
    }
    if has(&names, MODIFIERS, 4) {
        groups.push(("modifier", MODIFIERS));
    }
    for (phrase, set) in &groups {
        phrases.push((*phrase).to_string());
        names.retain(|n| !set.contains(n) || PREFERRED[..5].contains(n));
    }
    names.sort_by_key(|n| PREFERRED.iter().position(|p| p == n).unwrap_or(PREFERRED.len()));
    let mut out: Vec<String> = names.iter().map(|n| human(n)).collect();
    out.extend(phrases);
    out.dedup();
    let more = out.len() > 6;
    out.truncate(6);
    match out.len() {
        0 => "something else".to_string(),
        1 => out.remove(0),
        _ => {
            let last = out.pop().unwrap_or_default();
            let sep = if more { ", …" } else { "" };
            format!("{}{sep} or {last}", out.join(", "))
        }
    }
}

fn human(terminal: &str) -> String {
    match terminal {
        "Ident" => "identifier".into(),
        "TypeName" => "type".into(),
        "IntLit" | "FloatLit" => "number".into(),
        "StringLit" => "string".into(),
        "template<" => "`<`".into(),
        other => format!("`{other}`"),
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers for the grammar actions.

fn sp(l: u32, r: u32) -> Span {
    Span::new(l, r)
}

fn bin(op: BinOp, lhs: Expr, rhs: Expr, span: Span) -> Expr {
    Expr { kind: ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, span }
}

fn un(op: UnOp, expr: Expr, span: Span) -> Expr {
    Expr { kind: ExprKind::Unary { op, expr: Box::new(expr) }, span }
}

/// A `;` right after a struct or cbuffer is its terminator, not a stray item. The grammar
/// cannot tell (both parses are valid), so the item list merges them.
fn push_item(mut items: Vec<Item>, item: Item) -> Vec<Item> {
    if let Item::Empty(semi) = item {
        match items.last_mut() {
            Some(Item::Struct(s)) if s.span.end <= semi.start => {
                s.span = s.span.to(semi);
                return items;
            }
            Some(Item::Cbuffer(c)) if c.span.end <= semi.start => {
                c.span = c.span.to(semi);
                return items;
            }
            _ => {}
        }
    }
    items.push(item);
    items
}

fn push_member(mut members: Vec<StructMember>, m: StructMember) -> Vec<StructMember> {
    members.push(m);
    members
}

pub(crate) enum SwitchItem {
    Label(CaseLabel),
    Stmt(Stmt),
}

/// The grammar reads a switch body as a flat run of labels and statements (grouping in the
/// grammar is ambiguous for `case 1: case 2:`); a new case starts at a label after statements.
/// Statements before the first label land in a case without labels, for sema to reject.
fn group_cases(items: Vec<SwitchItem>) -> Vec<SwitchCase> {
    let mut cases: Vec<SwitchCase> = Vec::new();
    for item in items {
        match item {
            SwitchItem::Label(label) => match cases.last_mut() {
                Some(c) if c.body.is_empty() && !c.labels.is_empty() => {
                    c.span = c.span.to(label.span);
                    c.labels.push(label);
                }
                _ => cases.push(SwitchCase {
                    span: label.span,
                    labels: vec![label],
                    body: Vec::new(),
                }),
            },
            SwitchItem::Stmt(s) => match cases.last_mut() {
                Some(c) => {
                    c.span = c.span.to(s.span);
                    c.body.push(s);
                }
                None => cases.push(SwitchCase { span: s.span, labels: Vec::new(), body: vec![s] }),
            },
        }
    }
    cases
}
