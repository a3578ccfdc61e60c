//! Slang's `spirv_asm { … }` blocks, read from the token stream after classification.
//!
//! The instructions inside are not HLSL: `$$int`, `%two`, `&x` and `AcquireRelease | 64` would
//! each need grammar rules of their own that apply nowhere else. The classification pass has the
//! tokens already (type names marked, so `$$MyStruct` is a type), so the block is read here by
//! hand and handed to the parser as one token carrying its instructions. A `$$T` or `$(e)` inside
//! is parsed by the real parser, as a typedef or an expression statement made for it.

use super::ast::{AsmEnumPart, AsmInst, AsmOperand, AsmOperandKind, Expr, Ident, SpirvAsm, StmtKind, TypeExpr};
use super::lexer::SpannedToken;
use super::token::{IntLit, Token};
use crate::span::Span;

/// Replaces each `spirv_asm { … }` in `tokens` by one [`Token::SpirvAsm`].
pub fn read_blocks(tokens: &mut Vec<SpannedToken>) {
    let is_start = |tokens: &[SpannedToken], i: usize| {
        matches!(&tokens[i].token, Token::Ident(n) if n == "spirv_asm")
            && tokens.get(i + 1).is_some_and(|t| t.token == Token::LBrace)
    };
    if !(0..tokens.len()).any(|i| is_start(tokens, i)) {
        return;
    }
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if !is_start(tokens, i) {
            out.push(std::mem::replace(&mut tokens[i], placeholder()));
            i += 1;
            continue;
        }
        let open = i + 1;
        let close = closing_brace(tokens, open).unwrap_or(tokens.len());
        let inner = &tokens[open + 1..close.min(tokens.len())];
        let mut block = read(inner);
        let end = tokens.get(close).map_or(tokens[tokens.len() - 1].span.end, |t| t.span.end);
        if close >= tokens.len() && block.error.is_none() {
            block.error = Some((tokens[open].span, "this `{` is never closed".into()));
        }
        out.push(SpannedToken { token: Token::SpirvAsm(Box::new(block)), span: Span::new(tokens[i].span.start, end) });
        i = close + 1;
    }
    *tokens = out;
}

fn placeholder() -> SpannedToken {
    SpannedToken { token: Token::Semi, span: Span::new(0, 0) }
}

fn closing_brace(tokens: &[SpannedToken], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t.token {
            Token::LBrace => depth += 1,
            Token::RBrace => {
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

type Read<T> = Result<T, (Span, String)>;

struct Reader<'a> {
    t: &'a [SpannedToken],
    i: usize,
}

/// The instructions of a block's inner tokens; the first problem stops the reading.
fn read(t: &[SpannedToken]) -> SpirvAsm {
    let mut r = Reader { t, i: 0 };
    let mut insts = Vec::new();
    loop {
        while r.at(&Token::Semi) {
            r.i += 1;
        }
        if r.i >= t.len() {
            return SpirvAsm { insts, error: None };
        }
        match r.instruction() {
            Ok(inst) => insts.push(inst),
            Err(e) => return SpirvAsm { insts, error: Some(e) },
        }
    }
}

impl Reader<'_> {
    fn peek(&self, k: usize) -> Option<&Token> {
        self.t.get(self.i + k).map(|t| &t.token)
    }
    fn at(&self, tok: &Token) -> bool {
        self.peek(0) == Some(tok)
    }
    fn span(&self) -> Span {
        match (self.t.get(self.i), self.t.last()) {
            (Some(t), _) => t.span,
            (None, Some(last)) => Span::new(last.span.end, last.span.end),
            (None, None) => Span::new(0, 0),
        }
    }
    fn fail<T>(&self, msg: impl Into<String>) -> Read<T> {
        Err((self.span(), msg.into()))
    }
    fn name_at(&self, k: usize) -> Option<&str> {
        match self.peek(k)? {
            Token::Ident(n) | Token::TypeName(n) => Some(n),
            _ => None,
        }
    }
    fn expect(&mut self, tok: Token, what: &str) -> Read<()> {
        if self.at(&tok) {
            self.i += 1;
            Ok(())
        } else {
            self.fail(format!("expected {what}"))
        }
    }

    /// `%id :` / `%id =` / `result :` / `result =` here: a result named before its opcode.
    fn named_result_ahead(&self) -> bool {
        let after = if self.at(&Token::Percent) && self.name_at(1).is_some() {
            2
        } else if self.name_at(0) == Some("result") {
            1
        } else {
            return false;
        };
        matches!(self.peek(after), Some(Token::Colon | Token::Assign))
    }

    /// An instruction's opcode where an operand was expected: the `;` before it is missing.
    fn opcode_ahead(&self) -> bool {
        self.named_result_ahead()
            || self.name_at(0).is_some_and(|n| {
                n.strip_prefix("Op").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
            })
    }

    fn instruction(&mut self) -> Read<AsmInst> {
        let start = self.span();
        let mut result = None;
        if self.named_result_ahead() {
            let id = self.operand()?;
            let ty = if self.at(&Token::Colon) {
                self.i += 1;
                Some(self.operand()?)
            } else {
                None
            };
            self.expect(Token::Assign, "`=` before the instruction")?;
            result = Some((id, ty));
        }
        let Some(name) = self.name_at(0).map(str::to_string) else {
            return self.fail("expected a SPIR-V opcode (`OpIAdd`, …)");
        };
        let opcode = Ident { name, span: self.span() };
        self.i += 1;
        let mut operands = Vec::new();
        let mut end = opcode.span;
        while self.i < self.t.len() && !self.at(&Token::Semi) {
            if self.opcode_ahead() {
                return self.fail("expected `;` before the next instruction");
            }
            let o = self.operand()?;
            end = o.span;
            operands.push(o);
        }
        Ok(AsmInst { result, opcode, operands, span: start.to(end) })
    }

    fn operand(&mut self) -> Read<AsmOperand> {
        let start = self.span();
        let kind = match self.peek(0) {
            Some(Token::Error('$')) if self.peek(1) == Some(&Token::Error('$')) => {
                self.i += 2;
                AsmOperandKind::Type(self.type_expr()?)
            }
            Some(Token::Error('$')) => {
                self.i += 1;
                AsmOperandKind::Value(self.value()?)
            }
            Some(Token::Amp) => {
                self.i += 1;
                AsmOperandKind::Address(self.value()?)
            }
            Some(Token::Percent) => {
                self.i += 1;
                let Some(n) = self.name_at(0).map(str::to_string) else {
                    return self.fail("expected an id's name after `%`");
                };
                self.i += 1;
                AsmOperandKind::Id(n)
            }
            Some(Token::StringLit(s)) => {
                let s = s.clone();
                self.i += 1;
                AsmOperandKind::Str(s)
            }
            Some(Token::FloatLit(f)) => {
                let v = f.value;
                self.i += 1;
                AsmOperandKind::Float(v)
            }
            Some(Token::Minus) => {
                self.i += 1;
                match self.peek(0) {
                    Some(Token::IntLit(v)) => {
                        let v = -(v.value as i64);
                        self.i += 1;
                        AsmOperandKind::Int(v)
                    }
                    Some(Token::FloatLit(f)) => {
                        let v = -f.value;
                        self.i += 1;
                        AsmOperandKind::Float(v)
                    }
                    _ => return self.fail("expected a number after `-`"),
                }
            }
            Some(Token::IntLit(_)) | Some(Token::Ident(_)) | Some(Token::TypeName(_)) => {
                if self.name_at(0) == Some("result") {
                    self.i += 1;
                    AsmOperandKind::Result
                } else if self.name_at(0) == Some("__sampledType") && self.peek(1) == Some(&Token::LParen) {
                    self.i += 2;
                    let ty = self.type_expr()?;
                    self.expect(Token::RParen, "`)`")?;
                    AsmOperandKind::SampledType(ty)
                } else if self.name_at(0) == Some("builtin") && self.peek(1) == Some(&Token::LParen) {
                    self.i += 2;
                    let Some(n) = self.name_at(0).map(str::to_string) else {
                        return self.fail("expected a built-in's name");
                    };
                    self.i += 1;
                    self.expect(Token::Colon, "`:` and the built-in's type")?;
                    let ty = self.type_expr()?;
                    self.expect(Token::RParen, "`)`")?;
                    AsmOperandKind::Builtin(n, ty)
                } else {
                    self.enumerants()?
                }
            }
            _ => {
                return self
                    .fail("expected a SPIR-V operand (`%id`, `$value`, `$$Type`, `&variable`, a number or a name)")
            }
        };
        let end = self.t.get(self.i.saturating_sub(1)).map_or(start, |t| t.span);
        Ok(AsmOperand { kind, span: start.to(end) })
    }

    /// A number, or names and numbers joined by `|`.
    fn enumerants(&mut self) -> Read<AsmOperandKind> {
        let mut parts = Vec::new();
        loop {
            match self.peek(0) {
                Some(Token::IntLit(IntLit { value, .. })) => parts.push(AsmEnumPart::Int(*value)),
                Some(Token::Ident(n) | Token::TypeName(n)) => parts.push(AsmEnumPart::Name(n.clone())),
                _ => return self.fail("expected a SPIR-V enumerant or a number after `|`"),
            }
            self.i += 1;
            if !self.at(&Token::Pipe) {
                break;
            }
            self.i += 1;
        }
        Ok(match parts.as_slice() {
            [AsmEnumPart::Int(v)] => AsmOperandKind::Int(*v as i64),
            _ => AsmOperandKind::Enum(parts),
        })
    }

    /// After `$`: a name, or a parenthesised expression.
    fn value(&mut self) -> Read<Expr> {
        if self.at(&Token::LParen) {
            let open = self.i;
            let close = self.matching(open, &Token::LParen, &Token::RParen)?;
            self.i = close + 1;
            return expression(&self.t[open..=close]);
        }
        let Some(n) = self.name_at(0).map(str::to_string) else {
            return self.fail("expected a variable's name or `(expression)`");
        };
        let span = self.span();
        self.i += 1;
        Ok(Expr { kind: super::ast::ExprKind::Ident(n), span })
    }

    /// After `$$` (or inside `__sampledType(…)`): a type name and its generic arguments.
    fn type_expr(&mut self) -> Read<TypeExpr> {
        let first = self.i;
        if self.name_at(0).is_none() {
            return self.fail("expected a type after `$$`");
        }
        self.i += 1;
        while self.at(&Token::ColonColon) && self.name_at(1).is_some() {
            self.i += 2;
        }
        if matches!(self.peek(0), Some(Token::Lt | Token::TemplateLt)) {
            let mut depth = 0i32;
            while let Some(t) = self.peek(0) {
                match t {
                    Token::Lt | Token::TemplateLt => depth += 1,
                    Token::Gt => depth -= 1,
                    Token::Shr => depth -= 2,
                    _ => {}
                }
                self.i += 1;
                if depth <= 0 {
                    break;
                }
            }
            if depth != 0 {
                return self.fail("expected `>` closing the type's arguments");
            }
        }
        type_of(&self.t[first..self.i])
    }

    fn matching(&self, open: usize, l: &Token, r: &Token) -> Read<usize> {
        let mut depth = 0usize;
        for (i, t) in self.t.iter().enumerate().skip(open) {
            if &t.token == l {
                depth += 1;
            } else if &t.token == r {
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
        }
        Err((self.t[open].span, "this `(` is never closed".into()))
    }
}

fn synthetic(token: Token, at: Span) -> SpannedToken {
    SpannedToken { token, span: Span::new(at.start, at.start) }
}

/// `tokens` read as a type, through the parser: `typedef TOKENS t;`.
fn type_of(tokens: &[SpannedToken]) -> Read<TypeExpr> {
    let at = tokens[0].span;
    let mut stream = vec![synthetic(Token::Typedef, at)];
    stream.extend_from_slice(tokens);
    stream.push(synthetic(Token::Ident("wavec_asm_type".into()), at));
    stream.push(synthetic(Token::Semi, at));
    let (unit, errors) = super::parser::parse(stream);
    match unit.items.into_iter().next() {
        Some(super::ast::Item::Typedef(t)) if errors.is_empty() => Ok(t.ty),
        _ => Err((at.to(tokens[tokens.len() - 1].span), "expected a type after `$$`".into())),
    }
}

/// `tokens` (a parenthesised expression) read through the parser: `void f() { TOKENS; }`.
fn expression(tokens: &[SpannedToken]) -> Read<Expr> {
    let at = tokens[0].span;
    let whole = at.to(tokens[tokens.len() - 1].span);
    let mut stream = vec![
        synthetic(Token::TypeName("void".into()), at),
        synthetic(Token::Ident("wavec_asm_value".into()), at),
        synthetic(Token::LParen, at),
        synthetic(Token::RParen, at),
        synthetic(Token::LBrace, at),
    ];
    stream.extend_from_slice(tokens);
    stream.push(synthetic(Token::Semi, at));
    stream.push(synthetic(Token::RBrace, at));
    let (unit, errors) = super::parser::parse(stream);
    let expr = match unit.items.into_iter().next() {
        Some(super::ast::Item::Function(f)) if errors.is_empty() => {
            f.body.and_then(|b| b.stmts.into_iter().next()).and_then(|s| match s.kind {
                StmtKind::Expr(e) => Some(e),
                _ => None,
            })
        }
        _ => None,
    };
    expr.ok_or((whole, "expected an expression inside `$( … )`".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{ExprKind, Item, StmtKind};
    use crate::syntax::lexer::lex_str;

    fn block(src: &str) -> SpirvAsm {
        let mut tokens = lex_str(src, 1);
        tokens.retain(|t| t.token != Token::Newline);
        let (unit, errors) = crate::syntax::parse(tokens);
        assert!(errors.is_empty(), "{errors:?}");
        let Some(Item::Function(f)) = unit.items.into_iter().next() else { panic!("a function") };
        let stmt = f.body.expect("a body").stmts.into_iter().next().expect("a statement");
        let StmtKind::Return(Some(e)) = stmt.kind else { panic!("a return") };
        let ExprKind::SpirvAsm(a) = e.kind else { panic!("a spirv_asm block, not {:?}", e.kind) };
        *a
    }

    #[test]
    fn three_spellings_of_an_instruction_and_every_operand_form() {
        let a = block(
            "int f(int x) { return spirv_asm {\n\
             %a : $$vector<int, 2> = OpIAdd $x $(x + 1);\n\
             OpMemoryBarrier Device AcquireRelease | 0x40;\n\
             %c = OpConvertSToF __sampledType(float) &x;\n\
             OpExtInst $$float %d glsl450 FMix -1.5 \"s\" builtin(SubgroupSize : uint);\n\
             result = OpIMul $$int %a %a\n\
             }; }",
        );
        assert_eq!(a.error, None);
        let kinds: Vec<Vec<String>> = a
            .insts
            .iter()
            .map(|i| {
                let mut v = vec![i.opcode.name.clone()];
                if let Some((id, ty)) = &i.result {
                    v.push(format!("{:?} :", id.kind).chars().take(12).collect());
                    v.push(format!("{}", ty.is_some()));
                }
                v.extend(i.operands.iter().map(|o| match &o.kind {
                    AsmOperandKind::Type(_) => "type".into(),
                    AsmOperandKind::Value(e) => format!("value {}", matches!(e.kind, ExprKind::Ident(_))),
                    AsmOperandKind::Address(_) => "address".into(),
                    AsmOperandKind::Id(n) => format!("%{n}"),
                    AsmOperandKind::Result => "result".into(),
                    AsmOperandKind::Int(v) => v.to_string(),
                    AsmOperandKind::Float(v) => v.to_string(),
                    AsmOperandKind::Str(s) => format!("{s:?}"),
                    AsmOperandKind::Enum(parts) => format!("enum {}", parts.len()),
                    AsmOperandKind::SampledType(_) => "sampled".into(),
                    AsmOperandKind::Builtin(n, _) => format!("builtin {n}"),
                }));
                v
            })
            .collect();
        assert_eq!(
            kinds,
            [
                vec!["OpIAdd", "Id(\"a\") :", "true", "value true", "value false"],
                vec!["OpMemoryBarrier", "enum 1", "enum 2"],
                vec!["OpConvertSToF", "Id(\"c\") :", "false", "sampled", "address"],
                vec!["OpExtInst", "type", "%d", "enum 1", "enum 1", "-1.5", "\"s\"", "builtin SubgroupSize"],
                vec!["OpIMul", "Result :", "false", "type", "%a", "%a"],
            ]
        );
    }

    #[test]
    fn a_missing_semicolon_and_a_stray_token_are_reported() {
        let a = block("int f(int x) { return spirv_asm { %a = OpIAdd $$int $x $x result : $$int = OpIMul %a %a }; }");
        assert_eq!(a.error.map(|e| e.1), Some("expected `;` before the next instruction".to_string()));
        let a = block("int f(int x) { return spirv_asm { OpIAdd $$int result ( }; }");
        assert!(a.error.is_some_and(|e| e.1.starts_with("expected a SPIR-V operand")));
    }
}
