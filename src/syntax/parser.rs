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
pub fn parse(tokens: Vec<SpannedToken>) -> (TranslationUnit, Vec<Diagnostic>) {
    let mut items = Vec::new();
    let (diags, replacement) = parse_into(tokens, true, &mut |item, _| items.push(item));
    (replacement.unwrap_or(TranslationUnit { items }), diags)
}

/// [`parse`] that hands each top-level item to `each` as soon as it is complete, with whether
/// the stream has been free of syntax errors up to and including it, and keeps no tree. After
/// an error the parser cannot recover from, the items before it have been handed over and no
/// more follow; the diagnostics are [`parse`]'s.
pub fn parse_each(tokens: Vec<SpannedToken>, each: &mut dyn FnMut(Item, bool)) -> Vec<Diagnostic> {
    parse_into(tokens, false, each).0
}

/// The parse behind [`parse`] and [`parse_each`]. When the parser stops at an error it
/// cannot recover from and `rebuild` is set, it also gives the tree `salvage` makes.
fn parse_into(
    mut tokens: Vec<SpannedToken>,
    rebuild: bool,
    each: &mut dyn FnMut(Item, bool),
) -> (Vec<Diagnostic>, Option<TranslationUnit>) {
    classify(&mut tokens);
    let eof = tokens.last().map_or(0, |t| t.span.end);
    let mut recovered = Vec::new();
    // The parser takes the tokens' names by move, not by copy. Only a stream that may stop at
    // an unexpected end of file (unclosed brackets, or not ending in `;` or `}`) keeps a copy,
    // for `salvage` to parse again.
    let backup = (rebuild && may_end_early(&tokens)).then(|| tokens.clone());
    let triples = tokens.iter_mut().map(|t| (t.span.start, std::mem::replace(&mut t.token, Token::Semi), t.span.end));
    // An item is held back until the next one arrives: a `;` after a struct or cbuffer joins
    // it (its span grows) instead of following it as an empty item.
    let mut held: Option<(Item, bool)> = None;
    let result = run(triples, &mut recovered, &mut |item, clean| {
        if let Some((before, was_clean)) = &mut held {
            if join_semicolon(before, &item) {
                *was_clean &= clean;
                return;
            }
        }
        if let Some((before, was_clean)) = held.replace((item, clean)) {
            each(before, was_clean);
        }
    });
    if let Some((item, clean)) = held {
        each(item, clean && result.is_ok());
    }
    let mut diags: Vec<Diagnostic> = Vec::new();
    let mut push = |d: Diagnostic| {
        // Item-level recovery can re-report the token statement-level recovery already did.
        if !diags.iter().any(|o| o.primary_span() == d.primary_span()) {
            diags.push(d);
        }
    };
    let index_of = |pos: u32| tokens.partition_point(|t| t.span.start < pos);
    // Index of the token a recovery resumed at; an error right after it is a cascade (an
    // item-level recovery that stopped at a `;` inside a body then trips on the body's `}`).
    let mut resumed_at: Option<usize> = None;
    for r in recovered {
        let at = error_start(&r.error).map(index_of);
        let cascade = matches!((resumed_at, at), (Some(s), Some(a)) if a <= s + 1);
        let last = r.dropped_tokens.last().map(|t| index_of(t.0)).or(at);
        resumed_at = last.map(|i| i + 1);
        if !cascade {
            push(to_diagnostic(r.error, eof));
        }
    }
    match result {
        Ok(()) => (diags, None),
        Err(e) => {
            push(to_diagnostic(e, eof));
            let unit = rebuild.then(|| match &backup {
                Some(tokens) => salvage(tokens, eof),
                None => unparsed(&tokens, eof),
            });
            (diags, unit)
        }
    }
}

/// The function definitions at the top level of a token stream, found without parsing it:
/// each one's name and the range of its leading attribute tokens (`[numthreads(8, 8, 1)]`…).
/// A definition is a name and a parenthesised list at bracket depth 0, followed by a body
/// `{` before any `;`. This is a guess for looking ahead: what it finds must be confirmed.
pub fn function_definitions(tokens: &[SpannedToken]) -> Vec<(String, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut item_start = 0;
    for (i, token) in tokens.iter().enumerate() {
        match &token.token {
            Token::LParen if depth == 0 => {
                let named = match i.checked_sub(1).map(|p| &tokens[p].token) {
                    Some(Token::Ident(name)) => Some(name.clone()),
                    _ => None,
                };
                let close = matching_close(tokens, i);
                if let (Some(name), Some(close)) = (named, close) {
                    // After the parameters: annotations (`: SV_Target`, `: register(…)`), then
                    // the body or a `;`.
                    let mut j = close + 1;
                    let mut nested = 0usize;
                    while let Some(t) = tokens.get(j) {
                        match t.token {
                            Token::LParen => nested += 1,
                            Token::RParen => nested = nested.saturating_sub(1),
                            Token::LBrace | Token::Semi if nested == 0 => break,
                            _ => {}
                        }
                        j += 1;
                    }
                    if tokens.get(j).is_some_and(|t| t.token == Token::LBrace) {
                        found.push((name, item_start..attributes_end(tokens, item_start)));
                    }
                }
                depth += 1;
            }
            Token::LParen | Token::LBracket | Token::LBrace => depth += 1,
            Token::RParen | Token::RBracket => depth = depth.saturating_sub(1),
            Token::RBrace => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    item_start = i + 1;
                }
            }
            Token::Semi if depth == 0 => item_start = i + 1,
            _ => {}
        }
    }
    found
}

/// The index of the bracket closing the one at `open`.
fn matching_close(tokens: &[SpannedToken], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t.token {
            Token::LParen | Token::LBracket | Token::LBrace => depth += 1,
            Token::RParen | Token::RBracket | Token::RBrace => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Where the `[…]` groups starting at `start` end.
fn attributes_end(tokens: &[SpannedToken], start: usize) -> usize {
    let mut at = start;
    while tokens.get(at).is_some_and(|t| t.token == Token::LBracket) {
        match matching_close(tokens, at) {
            Some(close) => at = close + 1,
            None => break,
        }
    }
    at
}

/// Parses attribute tokens (as [`function_definitions`] delimits them) into attributes, by
/// parsing them before a stand-in declaration; `None` if they are not attributes.
pub fn parse_attributes(tokens: &[SpannedToken]) -> Option<Vec<Attribute>> {
    let at = tokens.last().map_or(0, |t| t.span.end);
    let mut probe = tokens.to_vec();
    probe.extend(crate::syntax::lexer::lex_str(" void wavec_attribute_probe();", at));
    let (unit, diags) = parse(probe);
    match unit.items.as_slice() {
        [Item::Function(f)] if diags.is_empty() => Some(f.attrs.clone()),
        _ => None,
    }
}

fn run(
    triples: impl Iterator<Item = (u32, Token, u32)>,
    errors: &mut Vec<ErrorRec>,
    deliver: &mut dyn FnMut(Item, bool),
) -> Result<(), ParseError<u32, Token, ()>> {
    wave::UnitParser::new().parse(errors, deliver, triples)
}

fn bracket_depths(tokens: &[SpannedToken]) -> (usize, usize, usize) {
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
    (parens, brackets, braces)
}

fn may_end_early(tokens: &[SpannedToken]) -> bool {
    !matches!(tokens.last(), None | Some(SpannedToken { token: Token::Semi | Token::RBrace, .. }))
        || bracket_depths(tokens) != (0, 0, 0)
}

/// LALRPOP cannot recover from an error at end of file, so the tree of such a run is lost.
/// Closing what is still open and parsing again keeps the items before the error for later
/// stages; the second run's diagnostics repeat the first's and are dropped.
fn salvage(tokens: &[SpannedToken], eof: u32) -> TranslationUnit {
    let (parens, brackets, braces) = bracket_depths(tokens);
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
    let mut items = Vec::new();
    match run(patched.into_iter().map(|t| (t.span.start, t.token, t.span.end)), &mut scratch, &mut |item, _| {
        items.push(item)
    }) {
        Ok(()) => TranslationUnit { items: join_semicolons(items) },
        Err(_) => unparsed(tokens, eof),
    }
}

/// The whole stream as one error item, when no tree could be kept.
fn unparsed(tokens: &[SpannedToken], eof: u32) -> TranslationUnit {
    let start = tokens.first().map_or(eof, |t| t.span.start);
    TranslationUnit { items: vec![Item::Error(Span::new(start, eof))] }
}

fn error_start(e: &ParseError<u32, Token, ()>) -> Option<u32> {
    match e {
        ParseError::UnrecognizedToken { token, .. } | ParseError::ExtraToken { token } => Some(token.0),
        _ => None,
    }
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
        ParseError::InvalidToken { location } => {
            Diagnostic::error("E0202", "invalid token").with_label(Span::new(location, location), "")
        }
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
    // Slang's `*p` and `&x`.
    "*",
    "&",
    "sizeof",
    "alignof",
    "countof",
    "::",
    "try",
    "each",
    "expand",
    "__trimFirst",
    "__trimLast",
    "no_diff expr",
];
const STMT_START: &[&str] = &["if", "for", "while", "do", "switch", "return", "break", "continue", "discard", "{", "["];
const BINARY_OPS: &[&str] = &[
    "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "&", "|", "^", "<<", ">>", "?", "=", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ".", "[",
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
    // A template `<` is only acceptable after a name; listing it next to `(` or `;` misleads.
    if names.len() > 1 {
        names.retain(|n| *n != "template<" && *n != "instance<");
        // Slang's `functype (…) -> T` starts any type, so any expression: a type is meant.
        names.retain(|n| *n != "functype");
    }
    // `spirv_asm { … }` is an expression like any other; naming it would only mislead, as
    // would Slang's rare `__target_intrinsic(…)` wherever an attribute may go.
    names.retain(|n| *n != "spirv_asm" && *n != "__target_intrinsic" && *n != "__intrinsic_op");
    let mut phrases: Vec<String> = Vec::new();
    let has = |names: &[&str], set: &[&str], min: usize| set.iter().filter(|s| names.contains(s)).count() >= min;
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
    // Where an expression goes, `{` opens an initializer list: an expression too.
    if groups.iter().any(|(phrase, _)| *phrase == "expression") {
        names.retain(|n| *n != "{");
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
        _ if more => format!("one of {}, …", out.join(", ")),
        _ => {
            let last = out.pop().unwrap_or_default();
            format!("{} or {last}", out.join(", "))
        }
    }
}

fn human(terminal: &str) -> String {
    match terminal {
        "Ident" => "identifier".into(),
        "TypeName" => "type".into(),
        "IntLit" | "FloatLit" => "number".into(),
        "StringLit" => "string".into(),
        "template<" | "instance<" => "`<`".into(),
        other => format!("`{other}`"),
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers for the grammar actions.

fn sp(l: u32, r: u32) -> Span {
    Span::new(l, r)
}

/// An operand with the positions of its first and last token (its own span leaves out
/// enclosing parentheses, a binary expression's span does not).
type Operand = (u32, Expr, u32);

/// Groups `first op operand op operand …` by C precedence, all operators left-associative
/// (precedence climbing over an operand stack).
fn climb(first: Operand, rest: Vec<(BinOp, u32, Expr, u32)>) -> Expr {
    fn precedence(op: BinOp) -> u8 {
        match op {
            BinOp::Mul | BinOp::Div | BinOp::Rem => 10,
            BinOp::Add | BinOp::Sub => 9,
            BinOp::Shl | BinOp::Shr => 8,
            BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge => 7,
            BinOp::Eq | BinOp::Ne => 6,
            BinOp::BitAnd => 5,
            BinOp::BitXor => 4,
            BinOp::BitOr => 3,
            BinOp::LogicAnd => 2,
            BinOp::LogicOr => 1,
        }
    }
    fn reduce(operands: &mut Vec<Operand>, op: BinOp) {
        let (Some((_, rhs, r)), Some((l, lhs, _))) = (operands.pop(), operands.pop()) else {
            unreachable!("an operator always has two operands on the stack")
        };
        let kind = ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) };
        operands.push((l, Expr { kind, span: sp(l, r) }, r));
    }
    let mut operands = Vec::with_capacity(rest.len() + 1);
    let mut operators: Vec<BinOp> = Vec::with_capacity(rest.len());
    operands.push(first);
    for (op, l, operand, r) in rest {
        while let Some(&top) = operators.last() {
            if precedence(top) < precedence(op) {
                break;
            }
            operators.pop();
            reduce(&mut operands, top);
        }
        operators.push(op);
        operands.push((l, operand, r));
    }
    while let Some(op) = operators.pop() {
        reduce(&mut operands, op);
    }
    match operands.pop() {
        Some((_, e, _)) => e,
        None => unreachable!("the first operand is always there"),
    }
}

fn un(op: UnOp, expr: Expr, span: Span) -> Expr {
    Expr { kind: ExprKind::Unary { op, expr: Box::new(expr) }, span }
}

/// A `;` right after a struct or cbuffer is its terminator, not a stray item. The grammar
/// cannot tell (both parses are valid), so the item list merges them.
/// Joins `item` into `before` if it is the `;` after a struct or cbuffer (whose span then
/// covers it); says whether it did.
fn join_semicolon(before: &mut Item, item: &Item) -> bool {
    let Item::Empty(semi) = item else { return false };
    let span = match before {
        Item::Struct(s) | Item::Interface(s) => &mut s.span,
        Item::Cbuffer(c) => &mut c.span,
        _ => return false,
    };
    if span.end > semi.start {
        return false;
    }
    *span = span.to(*semi);
    true
}

/// [`join_semicolon`] over a whole list.
fn join_semicolons(items: Vec<Item>) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(items.len());
    for item in items {
        if !out.last_mut().is_some_and(|before| join_semicolon(before, &item)) {
            out.push(item);
        }
    }
    out
}

/// An interface named in a `where` clause as the type a constraint holds.
fn interface_type(interface: &Ident) -> TypeExpr {
    TypeExpr { kind: TypeExprKind::Named { name: interface.name.clone(), args: Vec::new() }, span: interface.span }
}

/// Applies a `where` clause: each `T : IFoo` constrains the generic parameter `T`. A name that
/// is no parameter becomes one (sema reports it as unused). A conjunction's further interfaces
/// (`T : IA & IB`) become `where` clauses of their own.
fn constrain(generics: &mut Vec<GenericParam>, wheres: Vec<WhereConstraint>) -> Vec<WhereConstraint> {
    let mut rest: Vec<WhereConstraint> = generics
        .iter_mut()
        .flat_map(|g| {
            let ty = TypeExpr {
                kind: TypeExprKind::Named { name: g.name.name.clone(), args: Vec::new() },
                span: g.name.span,
            };
            std::mem::take(&mut g.also).into_iter().map(move |interface| WhereConstraint::Conforms {
                ty: ty.clone(),
                interface: interface_type(&interface),
                optional: false,
            })
        })
        .collect();
    for w in wheres {
        let WhereConstraint::Conforms { ty, interface, optional: false } = &w else {
            rest.push(w);
            continue;
        };
        let TypeExprKind::Named { name, args } = &ty.kind else {
            rest.push(w);
            continue;
        };
        if !args.is_empty() || name.contains("::") {
            rest.push(w);
            continue;
        }
        match generics.iter_mut().find(|g| g.name.name == *name) {
            Some(g) if g.constraint.is_none() => g.constraint = Some(interface.clone()),
            Some(_) => rest.push(w),
            None => generics.push(GenericParam {
                name: Ident { name: name.clone(), span: ty.span },
                constraint: Some(interface.clone()),
                value: None,
                default: None,
                pack: false,
                also: Vec::new(),
            }),
        }
    }
    rest
}

fn push_member(mut members: Vec<StructMember>, m: StructMember) -> Vec<StructMember> {
    members.push(m);
    members
}

pub(crate) enum SwitchItem {
    Label(CaseLabel),
    Stmt(Box<Stmt>),
}

/// Moves boxed nodes (the grammar boxes large nodes while parsing) into the AST's vectors.
/// GLSL's `layout(set = S, binding = B)` before a `uniform` variable, as the attribute HLSL
/// spells it (`[[vk::binding(B, S)]]`); any other qualifier stays a `layout` attribute of its
/// name, for sema to judge.
fn layout_attributes(qualifiers: Vec<LayoutQualifier>, span: Span) -> Vec<Attribute> {
    let find = |n: &str| qualifiers.iter().find(|q| q.name.name == n).and_then(|q| q.value.clone());
    let mut attrs = Vec::new();
    if let Some(binding) = find("binding") {
        let args = std::iter::once(binding).chain(find("set")).collect();
        attrs.push(Attribute { name: Ident { name: "vk::binding".into(), span }, args, span });
    }
    for q in qualifiers.iter().filter(|q| q.name.name != "binding" && q.name.name != "set") {
        let name = Ident { name: format!("layout({})", q.name.name), span: q.name.span };
        attrs.push(Attribute { name, args: q.value.clone().into_iter().collect(), span });
    }
    attrs
}

fn unbox<T>(v: Vec<Box<T>>) -> Vec<T> {
    v.into_iter().map(|b| *b).collect()
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
                _ => cases.push(SwitchCase { span: label.span, labels: vec![label], body: Vec::new() }),
            },
            SwitchItem::Stmt(s) => match cases.last_mut() {
                Some(c) => {
                    c.span = c.span.to(s.span);
                    c.body.push(*s);
                }
                None => cases.push(SwitchCase { span: s.span, labels: Vec::new(), body: vec![*s] }),
            },
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::SourceMap;
    use crate::syntax::parse_str;

    fn parse_src(src: &str) -> (SourceMap, TranslationUnit, Vec<Diagnostic>) {
        let mut sm = SourceMap::new();
        let (unit, diags) = parse_str(&mut sm, "t.hlsl", src);
        (sm, unit, diags)
    }

    fn parse_ok(src: &str) -> TranslationUnit {
        let (sm, unit, diags) = parse_src(src);
        let shown: Vec<String> =
            diags.iter().map(|d| format!("{}: {}", sm.describe(d.primary_span().unwrap()), d.message)).collect();
        assert!(diags.is_empty(), "unexpected diagnostics: {shown:#?}");
        unit
    }

    /// The `;` after a struct or cbuffer joins it (its span grows to cover it) rather than
    /// following as an empty item, and `parse_each` hands over the items `parse` gathers, with
    /// whether the stream was still free of errors.
    #[test]
    fn items_are_handed_over_with_trailing_semicolons_joined() {
        let src = "struct S { float a; };; cbuffer C { uint n; }; void f() {} ;\n";
        let unit = parse_ok(src);
        let kinds: Vec<String> = unit
            .items
            .iter()
            .map(|i| match i {
                Item::Struct(s) => format!("struct {}..{}", s.span.start, s.span.end),
                Item::Cbuffer(c) => format!("cbuffer {}..{}", c.span.start, c.span.end),
                Item::Function(f) => format!("fn {}", f.name.name),
                Item::Empty(s) => format!("empty {}..{}", s.start, s.end),
                _ => "other".into(),
            })
            .collect();
        // Spans are global positions: the file starts at 1.
        assert_eq!(kinds, ["struct 1..24", "cbuffer 25..47", "fn f", "empty 60..61"]);

        let mut sm = SourceMap::new();
        let file = sm.add("t.hlsl", format!("{src} void g() {{ x = ; }} void h() {{}}"));
        let mut tokens = crate::syntax::lexer::lex(&sm, file);
        tokens.retain(|t| t.token != Token::Newline);
        let mut seen = Vec::new();
        let diags = parse_each(tokens, &mut |item, clean| {
            if let Item::Function(f) = item {
                seen.push((f.name.name, clean));
            }
        });
        assert_eq!(diags.len(), 1, "{diags:?}");
        let expected = [("f".to_string(), true), ("g".to_string(), false), ("h".to_string(), false)];
        assert_eq!(seen, expected);
    }

    /// The token scan finds the top-level function definitions (not prototypes, cbuffers or
    /// calls) and their attributes, which parse to what the full parse gives.
    #[test]
    fn function_definitions_are_found_from_the_tokens() {
        let src = "cbuffer C : register(b0) { uint n; };\n\
                   struct S { float a; };\n\
                   uint helper(uint x);\n\
                   static const uint K = max(1, 2);\n\
                   uint helper(uint x) { return x + K; }\n\
                   [numthreads(8, 8, 1)] [WaveSize(32)]\n\
                   void main(uint3 id : SV_DispatchThreadID) { helper(id.x); }\n\
                   float4 ps() : SV_Target { return 0; }\n";
        let mut sm = SourceMap::new();
        let file = sm.add("t.hlsl", src);
        let mut tokens = crate::syntax::lexer::lex(&sm, file);
        tokens.retain(|t| t.token != Token::Newline);
        let found = function_definitions(&tokens);
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["helper", "main", "ps"]);
        let attrs = parse_attributes(&tokens[found[1].1.clone()]).expect("attributes parse");
        let Item::Function(main) = &parse_ok(src).items[5] else { panic!("main is the sixth item") };
        assert_eq!(attrs, main.attrs);
        assert_eq!(attrs.len(), 2);
        assert_eq!(parse_attributes(&tokens[found[0].1.clone()]), Some(Vec::new()));
    }

    /// Compact prefix form, so precedence tests read like the tree they check.
    fn sx(e: &Expr) -> String {
        match &e.kind {
            ExprKind::IntLit(i) => i.value.to_string(),
            ExprKind::FloatLit(f) => format!("{}", f.value),
            ExprKind::BoolLit(b) => b.to_string(),
            ExprKind::StringLit(s) => format!("{s:?}"),
            ExprKind::SizeOf { align, of } => {
                let kw = if *align { "alignof" } else { "sizeof" };
                match of.as_ref() {
                    SizeOperand::Type { ty, layout: None } => format!("({kw} {})", ty_s(ty)),
                    SizeOperand::Type { ty, layout: Some(l) } => format!("({kw} {} {})", ty_s(ty), ty_s(l)),
                    SizeOperand::Expr(e) => format!("({kw} {})", sx(e)),
                }
            }
            ExprKind::Ident(n) => n.clone(),
            ExprKind::CountOf(_) => "(countof)".into(),
            ExprKind::PackTrim { first, .. } => format!("(trim {first})"),
            ExprKind::Expand(e) => format!("(expand {})", sx(e)),
            ExprKind::Each(e) => format!("(each {})", sx(e)),
            ExprKind::Instance { name, generic_args } => format!("(instance {name} {})", generic_args.len()),
            ExprKind::Lambda(l) => format!("(lambda {})", l.params.len()),
            ExprKind::SpirvAsm(a) => format!("(spirv_asm {})", a.insts.len()),
            ExprKind::Try(e) => format!("(try {})", sx(e)),
            ExprKind::EmptyIndex(base) => format!("([] {})", sx(base)),
            ExprKind::InitList(items) => format!("{{{}}}", items.len()),
            ExprKind::Binary { op, lhs, rhs } => format!("({op:?} {} {})", sx(lhs), sx(rhs)),
            ExprKind::Unary { op, expr } => format!("({op:?} {})", sx(expr)),
            ExprKind::Assign { op, lhs, rhs } => format!("(= {op:?} {} {})", sx(lhs), sx(rhs)),
            ExprKind::Ternary { cond, then, els } => {
                format!("(? {} {} {})", sx(cond), sx(then), sx(els))
            }
            ExprKind::Call { callee, generic_args, args } => {
                let g: Vec<String> = generic_args.iter().map(ga).collect();
                let a: Vec<String> = args.iter().map(sx).collect();
                format!("(call {}<{}> {})", sx(callee), g.join(","), a.join(" "))
            }
            ExprKind::Construct { ty, args } => {
                let a: Vec<String> = args.iter().map(sx).collect();
                format!("(new {} {})", ty_s(ty), a.join(" "))
            }
            ExprKind::Cast { ty, expr } => format!("(cast {} {})", ty_s(ty), sx(expr)),
            ExprKind::Path { ty, name } => format!("(:: {} {})", ty_s(ty), name.name),
            ExprKind::Member { base, name } => format!("(. {} {})", sx(base), name.name),
            ExprKind::Index { base, index } => format!("([] {} {})", sx(base), sx(index)),
            ExprKind::Comma { lhs, rhs } => format!("(, {} {})", sx(lhs), sx(rhs)),
            ExprKind::TypeTest { expr, ty, cast } => {
                format!("({} {} {})", if *cast { "as" } else { "is" }, sx(expr), ty_s(ty))
            }
            ExprKind::Error => "ERR".into(),
        }
    }

    fn ga(g: &GenericArg) -> String {
        match g {
            GenericArg::Type(t) => ty_s(t),
            GenericArg::Expr(e) => sx(e),
        }
    }

    fn ty_s(t: &TypeExpr) -> String {
        match &t.kind {
            TypeExprKind::Named { name, args } if args.is_empty() => name.clone(),
            TypeExprKind::Named { name, args } => {
                format!("{name}<{}>", args.iter().map(ga).collect::<Vec<_>>().join(","))
            }
            TypeExprKind::Array { elem, len: Some(n) } => format!("{}[{}]", ty_s(elem), sx(n)),
            TypeExprKind::Array { elem, len: None } => format!("{}[]", ty_s(elem)),
            TypeExprKind::Pointer(elem) => format!("{}*", ty_s(elem)),
            TypeExprKind::Member { base, name } => format!("{}.{name}", ty_s(base)),
            TypeExprKind::Error => "ERR".into(),
            TypeExprKind::Inferred => "_".into(),
            TypeExprKind::MatrixLayout { row_major: true, inner } => format!("row_major {}", ty_s(inner)),
            TypeExprKind::MatrixLayout { row_major: false, inner } => format!("column_major {}", ty_s(inner)),
            TypeExprKind::Expand(p) => format!("(expand {})", ty_s(p)),
            TypeExprKind::Each(p) => format!("(each {})", ty_s(p)),
            TypeExprKind::Func { params, ret } => {
                format!("functype({}) -> {}", params.iter().map(ty_s).collect::<Vec<_>>().join(", "), ty_s(ret))
            }
        }
    }

    fn body(unit: &TranslationUnit, i: usize) -> &[Stmt] {
        match &unit.items[i] {
            Item::Function(f) => &f.body.as_ref().expect("a body").stmts,
            other => panic!("not a function: {other:?}"),
        }
    }

    fn expr_of(s: &Stmt) -> &Expr {
        match &s.kind {
            StmtKind::Expr(e) => e,
            other => panic!("not an expression statement: {other:?}"),
        }
    }

    /// The expression statement `e;` inside a function, in prefix form.
    fn ex(e: &str) -> String {
        let unit = parse_ok(&format!("void f() {{ {e}; }}"));
        sx(expr_of(&body(&unit, 0)[0]))
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(ex("a + b * c"), "(Add a (Mul b c))");
        assert_eq!(ex("a - b - c"), "(Sub (Sub a b) c)");
        assert_eq!(ex("a = b = c"), "(= None a (= None b c))");
        assert_eq!(ex("a <<= b += 1"), "(= Some(Shl) a (= Some(Add) b 1))");
        assert_eq!(ex("x ? y : z ? w : v"), "(? x y (? z w v))");
        assert_eq!(ex("-a.b[1]++"), "(Neg (PostInc ([] (. a b) 1)))");
        assert_eq!(ex("(float)a * b"), "(Mul (cast float a) b)");
        assert_eq!(ex("(a) * b"), "(Mul a b)");
        assert_eq!(
            ex("a || b && c | d ^ e & f == g < h << i + j"),
            "(LogicOr a (LogicAnd b (BitOr c (BitXor d (BitAnd e (Eq f (Lt g (Shl h (Add i j)))))))))"
        );
        assert_eq!(ex("a = 1, b = 2"), "(, (= None a 1) (= None b 2))");
        assert_eq!(ex("!~++x--"), "(Not (BitNot (PreInc (PostDec x))))");
        assert_eq!(ex("f(a, b)(c)"), "(call (call f<> a b)<> c)");
        assert_eq!(ex("float4(1, 2.5, true, x).xy"), "(. (new float4 1 2.5 true x) xy)");
        assert_eq!(ex("vector<float, 2>(a, b)"), "(new vector<float,2> a b)");
        assert_eq!(ex("(uint2)(x >> 1)"), "(cast uint2 (Shr x 1))");
        assert_eq!(ex("(float4(1, 2, 3, 4)).w"), "(. (new float4 1 2 3 4) w)");
    }

    #[test]
    fn templates_and_generic_calls() {
        let unit =
            parse_ok("RWStructuredBuffer<vector<float,4>> b; void f() { x = buf.Load<float2>(i); y = g<uint, 4>(z); }");
        let Item::Variables(g) = &unit.items[0] else { panic!() };
        assert_eq!(ty_s(&g.ty), "RWStructuredBuffer<vector<float,4>>");
        assert_eq!(g.decls[0].name.name, "b");
        assert_eq!(sx(expr_of(&body(&unit, 1)[0])), "(= None x (call (. buf Load)<float2> i))");
        assert_eq!(sx(expr_of(&body(&unit, 1)[1])), "(= None y (call g<uint,4> z))");
    }

    #[test]
    fn types_inside_generic_instances() {
        let unit = parse_ok(
            "struct Box<T> { typedef T Inner; } struct Pair { typedef int Leaf; } Box<Pair>.Inner.Leaf a; Box<int>::Inner b; void f() { c = Box<int>.make(); }",
        );
        let Item::Variables(a) = &unit.items[2] else { panic!() };
        assert_eq!(ty_s(&a.ty), "Box<Pair>.Inner.Leaf");
        let Item::Variables(b) = &unit.items[3] else { panic!() };
        assert_eq!(ty_s(&b.ty), "Box<int>.Inner");
        // A name that is no type stays a member of a value.
        assert_eq!(sx(expr_of(&body(&unit, 4)[0])), "(= None c (call (:: Box<int> make)<> ))");
    }

    #[test]
    fn stdlib_generic_prototype() {
        let unit = parse_ok(
            "[wave] [hlsl(\"WaveActiveSum($0)\")] [spirv(group, Reduce, iop = GroupNonUniformIAdd)]\n\
             T WaveActiveSum<T : numeric_svm>(T value);",
        );
        let Item::Function(f) = &unit.items[0] else { panic!() };
        assert_eq!(f.name.name, "WaveActiveSum");
        assert!(f.body.is_none());
        assert_eq!(ty_s(&f.ret), "T");
        assert_eq!(f.generics.len(), 1);
        assert_eq!(f.generics[0].name.name, "T");
        assert_eq!(f.generics[0].constraint.as_ref().unwrap().name(), "numeric_svm");
        let names: Vec<&str> = f.attrs.iter().map(|a| a.name.name.as_str()).collect();
        assert_eq!(names, ["wave", "hlsl", "spirv"]);
        assert_eq!(sx(&f.attrs[1].args[0]), "\"WaveActiveSum($0)\"");
        let args: Vec<String> = f.attrs[2].args.iter().map(sx).collect();
        assert_eq!(args, ["group", "Reduce", "(= None iop GroupNonUniformIAdd)"]);
        assert_eq!(ty_s(&f.params[0].ty), "T");
        assert_eq!(f.params[0].name.name, "value");
    }

    #[test]
    fn dangling_else_binds_to_nearest_if() {
        let unit = parse_ok("void f() { if (a) if (b) x(); else y(); }");
        let StmtKind::If { els: outer_else, then, .. } = &body(&unit, 0)[0].kind else { panic!() };
        assert!(outer_else.is_none());
        let StmtKind::If { els: inner_else, .. } = &then.kind else { panic!() };
        assert!(inner_else.is_some());
        let unit = parse_ok("void f() { if (a) { } else if (b) x(); else while (c) if (d) y(); }");
        let StmtKind::If { els: Some(e), .. } = &body(&unit, 0)[0].kind else { panic!() };
        let StmtKind::If { els: Some(e2), .. } = &e.kind else { panic!() };
        assert!(matches!(e2.kind, StmtKind::While { .. }));
    }

    #[test]
    fn switch_groups_labels() {
        let unit = parse_ok(
            "void f() { switch (x) { case 0: case 1: a(); break; case A ? 2 : 3: { b(); } default: break; } }",
        );
        let StmtKind::Switch { selector, cases } = &body(&unit, 0)[0].kind else { panic!() };
        assert_eq!(sx(selector), "x");
        assert_eq!(cases.len(), 3);
        assert_eq!(cases[0].labels.len(), 2);
        assert_eq!(cases[0].body.len(), 2);
        assert!(matches!(cases[0].body[1].kind, StmtKind::Break));
        assert_eq!(sx(cases[1].labels[0].value.as_ref().unwrap()), "(? A 2 3)");
        assert!(cases[2].labels[0].value.is_none());
    }

    const RICH: &str = r#"
typedef float4 Color;
typedef uint Pair[2];
static const uint N = 4, M[2] = { 1, 2, };
groupshared float g[64];
RWStructuredBuffer<uint> b : register(u0);
[[vk::binding(0, 1)]] StructuredBuffer<float> s : register(t1, space1);
ConstantBuffer<Params> p;
cbuffer Globals : register(b0) { float4 tint : packoffset(c0.x); uint count; };
cbuffer Other { uint k; }
struct Params { float scale; uint2 size[2] : SIZE; float get() { return scale; } };
struct Pair2<T> { T a, b; };

[numthreads(8, 8, 1)]
[shader("compute")]
void main(uint3 id : SV_DispatchThreadID, in const uint n = 3, inout float v[2], out Color c) : SV_Target
{
    const uint x = id.x * 2;
    static float t;
    groupshared float local[N];
    Pair2<float> pr;
    float2 q = { 1, 2 };
    x += 1;
    [unroll] for (uint i = 0; i < N; ++i) { v[i & 1] += (float)i; }
    [unroll(4)] for (i = 0; ; ) break;
    for (;;) { continue; }
    [loop] while (x > 0) x--;
    do { x >>= 1; } while (x);
    [branch] if (x == 0) return; else if (x) discard; else { ; }
    [flatten] if constexpr (N > 2) { }
    switch (x) { case 1: break; default: return; }
    c = Color(1, 0, 0, 1);
    return;
}
;
"#;

    #[test]
    fn rich_shader_structure() {
        let unit = parse_ok(RICH);
        let kinds: Vec<&str> = unit
            .items
            .iter()
            .map(|i| match i {
                Item::Function(_) => "fn",
                Item::Struct(_) => "struct",
                Item::Interface(_) => "interface",
                Item::Extension(_) => "extension",
                Item::LayoutIn(..) => "layout",
                Item::Enum(_) => "enum",
                Item::Namespace(..) => "namespace",
                Item::UsingNamespace(..) => "using",
                Item::BufferBlock(_) => "buffer",
                Item::Typedef(_) => "typedef",
                Item::Variables(_) => "vars",
                Item::Cbuffer(_) => "cbuffer",
                Item::Empty(_) => "empty",
                Item::ForwardStruct(..) => "struct;",
                Item::Specialization(..) => "specialization",
                Item::PartialSpecialization(..) => "partial specialization",
                Item::ForwardGenericStruct(..) => "template struct;",
                Item::MemberDefinition(..) => "member definition",
                Item::MethodDefinition(..) => "method definition",
                Item::Error(_) => "error",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "typedef", "typedef", "vars", "vars", "vars", "vars", "vars", "cbuffer", "cbuffer", "struct", "struct",
                "fn", "empty"
            ]
        );
        let Item::Typedef(t) = &unit.items[1] else { panic!() };
        assert_eq!((t.name.name.as_str(), t.array_dims.len()), ("Pair", 1));
        let Item::Variables(v) = &unit.items[2] else { panic!() };
        assert!(v.modifiers.has(Modifier::Static) && v.modifiers.has(Modifier::Const));
        assert_eq!(v.decls.len(), 2);
        let Some(Initializer::List(l, _)) = &v.decls[1].init else { panic!() };
        assert_eq!(l.len(), 2);
        let Item::Variables(v) = &unit.items[4] else { panic!() };
        assert!(
            matches!(&v.decls[0].annotations[0], Annotation::Register { slot, space: None, .. } if slot.name == "u0")
        );
        let Item::Variables(v) = &unit.items[5] else { panic!() };
        assert_eq!(v.attrs[0].name.name, "vk::binding");
        assert_eq!(v.attrs[0].args.len(), 2);
        assert!(
            matches!(&v.decls[0].annotations[0], Annotation::Register { space: Some(s), .. } if s.name == "space1")
        );
        let Item::Variables(v) = &unit.items[6] else { panic!() };
        assert_eq!(ty_s(&v.ty), "ConstantBuffer<Params>");
        let Item::Cbuffer(cb) = &unit.items[7] else { panic!() };
        assert_eq!(cb.name.name, "Globals");
        assert_eq!(cb.members.len(), 2);
        assert!(
            matches!(&cb.members[0].decls[0].annotations[0], Annotation::Packoffset { text, .. } if text == "c0.x")
        );
        let Item::Struct(st) = &unit.items[9] else { panic!() };
        assert_eq!(st.members.len(), 3);
        assert!(matches!(&st.members[2], StructMember::Method(m) if m.name.name == "get"));
        let Item::Struct(st) = &unit.items[10] else { panic!() };
        assert_eq!(st.generics[0].name.name, "T");

        let Item::Function(f) = &unit.items[11] else { panic!() };
        assert_eq!(f.attrs.len(), 2);
        assert_eq!(f.params.len(), 4);
        assert!(matches!(&f.params[0].annotations[0], Annotation::Semantic(s) if s.name == "SV_DispatchThreadID"));
        assert!(f.params[1].modifiers.has(Modifier::In) && f.params[1].modifiers.has(Modifier::Const));
        assert_eq!(sx(f.params[1].default.as_ref().unwrap()), "3");
        assert_eq!(f.params[2].array_dims.len(), 1);
        assert!(matches!(&f.ret_annotations[0], Annotation::Semantic(s) if s.name == "SV_Target"));
        let stmts = &f.body.as_ref().unwrap().stmts;
        let kinds: Vec<String> = stmts
            .iter()
            .map(|s| {
                let k = format!("{:?}", s.kind);
                let k = k.split([' ', '(', '{']).next().unwrap().to_string();
                let attrs: Vec<&str> = s.attrs.iter().map(|a| a.name.name.as_str()).collect();
                if attrs.is_empty() {
                    k
                } else {
                    format!("{}@{k}", attrs.join(","))
                }
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "Decl",
                "Decl",
                "Decl",
                "Decl",
                "Decl",
                "Expr",
                "unroll@For",
                "unroll@For",
                "For",
                "loop@While",
                "DoWhile",
                "branch@If",
                "flatten@If",
                "Switch",
                "Expr",
                "Return"
            ]
        );
        let StmtKind::Decl(d) = &stmts[2].kind else { panic!() };
        assert!(d.modifiers.has(Modifier::Groupshared));
        assert_eq!(sx(d.decls[0].array_dims[0].as_ref().unwrap()), "N");
        let StmtKind::For { init: Some(init), cond: Some(cond), step: Some(step), .. } = &stmts[6].kind else {
            panic!()
        };
        assert!(matches!(init.kind, StmtKind::Decl(_)));
        assert_eq!(sx(cond), "(Lt i N)");
        assert_eq!(sx(step), "(PreInc i)");
        assert_eq!(sx(&stmts[7].attrs[0].args[0]), "4");
        let StmtKind::For { init: Some(init), cond: None, step: None, .. } = &stmts[7].kind else { panic!() };
        assert!(matches!(init.kind, StmtKind::Expr(_)));
        let StmtKind::If { constexpr: true, cond, .. } = &stmts[12].kind else { panic!() };
        assert_eq!(sx(cond), "(Gt N 2)");
        assert_eq!(sx(expr_of(&stmts[14])), "(= None c (new Color 1 0 0 1))");
    }

    #[test]
    fn seed_min_max_z() {
        let unit = parse_ok(
            r#"
[numthreads (16, 16, 1)]
void ComputeMinMaxZ(uint2 tileID: SV_GroupID, uint waveIndex : SV_GroupWaveIndex)
{
    uint2 coord = GetLaneCoord2DSquare(tileID, 16, waveIndex, GroupGetWaveCount());
    float z = Depth[coord];
    float minZ = WaveActiveMin(z);
    if constexpr (GroupGetWaveCount() > 1)
    {
        groupshared float g_minZ[GroupGetWaveCount() - 1];
        if (waveIndex < GroupGetWaveCount() - 1) { g_minZ[waveIndex] = minZ; return; }
        GroupMemoryBarrierWithGroupSync();
        for (uint i = 0; i < GroupGetWaveCount() - 1; ++i) { minZ = min(minZ, g_minZ[i]); }
    }
    TileMinMaxDepthUAV[tileID.xy] = (f32tof16(maxZ) << 16) | f32tof16(minZ);
}
"#,
        );
        let Item::Function(f) = &unit.items[0] else { panic!() };
        assert_eq!(f.attrs[0].name.name, "numthreads");
        assert_eq!(f.params[1].name.name, "waveIndex");
        let stmts = body(&unit, 0);
        assert_eq!(stmts.len(), 5);
        assert_eq!(
            sx(expr_of(&stmts[4])),
            "(= None ([] TileMinMaxDepthUAV (. tileID xy)) (BitOr (Shl (call f32tof16<> maxZ) 16) (call f32tof16<> minZ)))"
        );
        let StmtKind::If { constexpr: true, then, .. } = &stmts[3].kind else { panic!() };
        let StmtKind::Block(b) = &then.kind else { panic!() };
        assert_eq!(b.stmts.len(), 4);
        let StmtKind::If { cond, .. } = &b.stmts[1].kind else { panic!() };
        assert_eq!(sx(cond), "(Lt waveIndex (Sub (call GroupGetWaveCount<> ) 1))");
    }

    #[test]
    fn seed_light_loop() {
        let unit = parse_ok(
            r#"
Buffer<float4> lightDatas; Texture2D<uint2> lightStartCounts; RWTexture2D<float4> output;
[numthreads(8, 8, 1)]
void CSMainWave(uint3 tid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gix : SV_GroupIndex)
{
    const uint WAVE_LANES = WaveGetLaneCount();
    uint2 lightStartCount = lightStartCounts[gid.xy];
    float4 lightAccumulator = 0;
    for (uint i = 0; i < divRoundUp(lightStartCount.y, WAVE_LANES); ++i)
    {
        float4 lightData64 = lightDatas[lightStartCount.x + gix + i * WAVE_LANES];
        uint loopIters = min(WAVE_LANES, lightStartCount.y - WAVE_LANES * i);
        for (uint i2 = 0; i2 < loopIters; ++i2) { lightAccumulator += WaveReadLaneAt(lightData64, i2); }
    }
    output[tid.xy] = lightAccumulator;
}
"#,
        );
        assert_eq!(unit.items.len(), 4);
        let Item::Variables(v) = &unit.items[1] else { panic!() };
        assert_eq!(ty_s(&v.ty), "Texture2D<uint2>");
        let stmts = body(&unit, 3);
        assert_eq!(stmts.len(), 5);
        let StmtKind::For { body: fb, .. } = &stmts[3].kind else { panic!() };
        let StmtKind::Block(b) = &fb.kind else { panic!() };
        let StmtKind::For { body: inner, .. } = &b.stmts[2].kind else { panic!() };
        let StmtKind::Block(ib) = &inner.kind else { panic!() };
        assert_eq!(sx(expr_of(&ib.stmts[0])), "(= Some(Add) lightAccumulator (call WaveReadLaneAt<> lightData64 i2))");
    }

    #[test]
    fn recovers_from_two_bad_statements() {
        let src = "void f() {\n  x = = 1;\n  y = 2;\n  z + / 3;\n}\nvoid g() { }\n";
        let (sm, unit, diags) = parse_src(src);
        assert_eq!(diags.len(), 2, "{diags:?}");
        assert!(diags.iter().all(|d| d.code == "E0201"));
        assert_eq!(sm.describe(diags[0].primary_span().unwrap()), "t.hlsl:2:7");
        assert_eq!(sm.snippet(diags[0].primary_span().unwrap()), "=");
        assert_eq!(sm.describe(diags[1].primary_span().unwrap()), "t.hlsl:4:7");
        assert_eq!(sm.snippet(diags[1].primary_span().unwrap()), "/");
        // After `=`: an expression (Slang's `{…}` list counts as one).
        assert!(diags[0].message.starts_with("expected expression"), "{}", diags[0].message);
        assert_eq!(unit.items.len(), 2);
        let kinds: Vec<bool> = body(&unit, 0).iter().map(|s| s.kind == StmtKind::Error).collect();
        assert_eq!(kinds, [true, false, true]);
    }

    #[test]
    fn item_level_recovery_and_bad_characters() {
        let (sm, unit, diags) = parse_src("int x y;\nfloat a = $;\nvoid f() { return }\nuint ok;");
        let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["E0201", "E0202", "E0201"], "{diags:?}");
        assert_eq!(diags[1].message, "unexpected character `$`");
        assert_eq!(sm.snippet(diags[2].primary_span().unwrap()), "}");
        assert!(matches!(unit.items[0], Item::Error(_)));
        assert!(matches!(unit.items.last(), Some(Item::Variables(v)) if v.decls[0].name.name == "ok"));
    }

    #[test]
    fn no_cascade_after_item_level_recovery() {
        let (sm, unit, diags) = parse_src("void f(int a b) { x; }\nvoid g() { y = ; }\nuint ok;");
        let spans: Vec<&str> = diags.iter().map(|d| sm.snippet(d.primary_span().unwrap())).collect();
        assert_eq!(spans, ["b", ";"], "{diags:?}");
        assert!(matches!(unit.items.last(), Some(Item::Variables(_))));
    }

    #[test]
    fn unexpected_end_of_file_keeps_earlier_items() {
        let src = "uint a;\nvoid f() { if (x) { y(";
        let (sm, unit, diags) = parse_src(src);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].code, "E0203");
        let span = diags[0].primary_span().unwrap();
        assert_eq!(sm.resolve(span).unwrap().1, src.len());
        assert!(matches!(&unit.items[0], Item::Variables(_)));
        assert!(matches!(&unit.items[1], Item::Function(_)));
    }

    #[test]
    fn expected_lists_are_short() {
        let (_, _, diags) = parse_src("void f() { x = ; }");
        let m = &diags[0].message;
        assert!(m.len() < 120, "{m}");
        assert!(m.ends_with("found `;`"), "{m}");
        let (_, _, diags) = parse_src("void f() { f(a b); }");
        assert!(diags[0].message.contains("`)`"), "{}", diags[0].message);
    }

    /// Every token kind, in random order: the parser must report, never panic.
    #[test]
    fn random_token_sequences_never_panic() {
        use crate::syntax::token::{FloatLit, IntLit};
        let mut pool = vec![
            Token::Ident("a".into()),
            Token::Ident("T".into()),
            Token::Ident("Load".into()),
            Token::TypeName("float4".into()),
            Token::IntLit(IntLit { value: 1, unsigned: false, long: false, radix: 10 }),
            Token::FloatLit(FloatLit { value: 1.5, suffix: None }),
            Token::StringLit("s".into()),
            Token::Error('$'),
            Token::Newline,
            Token::TemplateLt,
        ];
        for src in [
            "struct class cbuffer tbuffer typedef if else for while do switch case default break",
            "continue return discard true false in out inout static const groupshared uniform",
            "register packoffset precise nointerpolation volatile row_major column_major inline",
            "extern export constexpr ( ) [ ] { } ; , . :: : ? # ## + - * / % ++ -- == != < > <= >=",
            "&& || ! ~ & | ^ << >> = += -= *= /= %= &= |= ^= <<= >>= float uint2 Buffer vector",
        ] {
            pool.extend(crate::syntax::lexer::lex_str(src, 1).into_iter().map(|t| t.token));
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        // Half the sequences start inside a function body or a template list, so the parser
        // gets past the item level and recovers from deeper states.
        let prefixes: Vec<Vec<Token>> =
            ["", "void f() {", "[numthreads(1,1,1)] void f(uint a : X) { if (a) {", "Buffer<"]
                .iter()
                .map(|p| crate::syntax::lexer::lex_str(p, 1).into_iter().map(|t| t.token).collect())
                .collect();
        for round in 0..4000 {
            let len = (next() % 40) as usize;
            let prefix = &prefixes[round % prefixes.len()];
            let tokens: Vec<SpannedToken> = prefix
                .iter()
                .cloned()
                .chain((0..len).map(|_| pool[(next() % pool.len() as u64) as usize].clone()))
                .enumerate()
                .map(|(i, token)| SpannedToken { token, span: Span::new(1 + 2 * i as u32, 2 + 2 * i as u32) })
                .collect();
            let _ = parse(tokens);
        }
    }

    /// The stdlib is parsed by this same front end; every file must parse cleanly.
    #[test]
    fn stdlib_files_parse() {
        let dir = std::env::var("WAVEC_STDLIB_DIR")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/stdlib").to_string());
        let Ok(entries) = std::fs::read_dir(&dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("slang") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // A core module goes through the preprocessor as the shader's own text does (its
            // macros expanded), then the parser.
            let mut sm = SourceMap::new();
            let file = sm.add("t.hlsl", text.as_str());
            let loader = crate::syntax::preprocess::MemoryLoader::new();
            let opts = crate::syntax::preprocess::PreprocessOptions::default();
            let (tokens, mut diags) = crate::syntax::preprocess::preprocess(&mut sm, file, &opts, &loader);
            let (unit, parsed) = parse(tokens);
            diags.extend(parsed);
            let shown: Vec<String> =
                diags.iter().map(|d| format!("{}: {}", sm.describe(d.primary_span().unwrap()), d.message)).collect();
            assert!(diags.is_empty(), "{}: {shown:#?}", path.display());
            assert!(!unit.items.is_empty());
        }
    }
}
