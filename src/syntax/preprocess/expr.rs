//! `#if` expressions: C integer arithmetic on 64-bit values, after macro expansion.
//!
//! Parsing and evaluation happen in one pass. A `live` flag travels down the recursion so the
//! side that `&&`, `||` or `?:` does not evaluate is still parsed (syntax errors count) but
//! cannot report division by zero, as C requires.

use crate::span::Span;
use crate::syntax::lexer::SpannedToken;
use crate::syntax::token::Token;

/// A value of type `intmax_t` or `uintmax_t`: the bits are the same, only comparisons,
/// division and right shifts look at the signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    pub bits: u64,
    pub unsigned: bool,
}

impl Value {
    const ZERO: Value = Value { bits: 0, unsigned: false };

    fn truth(b: bool) -> Value {
        Value { bits: b as u64, unsigned: false }
    }

    fn is_true(self) -> bool {
        self.bits != 0
    }
}

/// Deeper nesting than any real condition; bounds the recursion so hostile input cannot
/// overflow the stack.
const MAX_DEPTH: u32 = 256;

struct Parser<'a> {
    toks: &'a [SpannedToken],
    pos: usize,
    end: Span,
    err: Option<(Span, String)>,
    depth: u32,
    is_defined: &'a dyn Fn(&str) -> bool,
}

/// Evaluates a fully macro-expanded `#if` line. `end` is where "unexpected end" errors point.
pub fn evaluate(toks: &[SpannedToken], end: Span, is_defined: &dyn Fn(&str) -> bool) -> Result<Value, (Span, String)> {
    let mut p = Parser { toks, pos: 0, end, err: None, depth: 0, is_defined };
    if toks.is_empty() {
        return Err((end, "expected an expression".into()));
    }
    let v = p.comma(true);
    if p.err.is_none() {
        if let Some(t) = p.toks.get(p.pos) {
            p.fail(t.span, format!("unexpected {} in `#if` expression", t.token));
        }
    }
    match p.err {
        Some(e) => Err(e),
        None => Ok(v),
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos).map(|t| &t.token)
    }

    fn here(&self) -> Span {
        self.toks.get(self.pos).map_or(self.end, |t| t.span)
    }

    fn fail(&mut self, span: Span, msg: impl Into<String>) {
        if self.err.is_none() {
            self.err = Some((span, msg.into()));
        }
    }

    fn expect(&mut self, want: Token, what: &str) {
        if self.peek() == Some(&want) {
            self.pos += 1;
        } else {
            let span = self.here();
            self.fail(span, format!("expected `{what}`"));
        }
    }

    fn comma(&mut self, live: bool) -> Value {
        let mut v = self.cond(live);
        while self.err.is_none() && self.peek() == Some(&Token::Comma) {
            self.pos += 1;
            v = self.cond(live);
        }
        v
    }

    fn cond(&mut self, live: bool) -> Value {
        let c = self.binary(1, live);
        if self.err.is_some() || self.peek() != Some(&Token::Question) {
            return c;
        }
        self.pos += 1;
        let t = c.is_true();
        let a = self.comma(live && t);
        self.expect(Token::Colon, ":");
        let b = self.cond(live && !t);
        let v = if t { a } else { b };
        Value { bits: v.bits, unsigned: a.unsigned || b.unsigned }
    }

    fn binop(&self) -> Option<u8> {
        use Token::*;
        Some(match self.peek()? {
            OrOr => 1,
            AndAnd => 2,
            Pipe => 3,
            Caret => 4,
            Amp => 5,
            EqEq | NotEq => 6,
            Lt | Gt | Le | Ge => 7,
            Shl | Shr => 8,
            Plus | Minus => 9,
            Star | Slash | Percent => 10,
            _ => return None,
        })
    }

    /// Precedence climbing: all binary operators are left-associative.
    fn binary(&mut self, min_prec: u8, live: bool) -> Value {
        let mut lhs = self.unary(live);
        while self.err.is_none() {
            let Some(prec) = self.binop() else { break };
            if prec < min_prec {
                break;
            }
            let op = self.toks[self.pos].clone();
            self.pos += 1;
            lhs = match op.token {
                Token::OrOr => {
                    let l = lhs.is_true();
                    let r = self.binary(prec + 1, live && !l);
                    Value::truth(l || r.is_true())
                }
                Token::AndAnd => {
                    let l = lhs.is_true();
                    let r = self.binary(prec + 1, live && l);
                    Value::truth(l && r.is_true())
                }
                _ => {
                    let r = self.binary(prec + 1, live);
                    self.apply(&op, lhs, r, live)
                }
            };
        }
        lhs
    }

    fn apply(&mut self, op: &SpannedToken, l: Value, r: Value, live: bool) -> Value {
        let unsigned = l.unsigned || r.unsigned;
        let (a, b) = (l.bits, r.bits);
        let (sa, sb) = (a as i64, b as i64);
        let arith = |bits| Value { bits, unsigned };
        match op.token {
            Token::Star => arith(a.wrapping_mul(b)),
            Token::Plus => arith(a.wrapping_add(b)),
            Token::Minus => arith(a.wrapping_sub(b)),
            Token::Slash | Token::Percent => {
                if b == 0 {
                    if live {
                        self.fail(op.span, "division by zero in `#if` expression");
                    }
                    return Value { bits: 0, unsigned };
                }
                let div = op.token == Token::Slash;
                arith(match (unsigned, div) {
                    (true, true) => a / b,
                    (true, false) => a % b,
                    (false, true) => sa.wrapping_div(sb) as u64,
                    (false, false) => sa.wrapping_rem(sb) as u64,
                })
            }
            Token::Shl | Token::Shr => {
                // Out-of-range shifts are undefined in C; pick the mathematically natural
                // answer instead of panicking.
                let negative_amount = !r.unsigned && sb < 0;
                let amount = if negative_amount { 64 } else { b.min(64) as u32 };
                let bits = if op.token == Token::Shl {
                    a.checked_shl(amount).unwrap_or(0)
                } else if l.unsigned {
                    a.checked_shr(amount).unwrap_or(0)
                } else {
                    sa.checked_shr(amount).unwrap_or(if sa < 0 { -1 } else { 0 }) as u64
                };
                Value { bits, unsigned: l.unsigned }
            }
            Token::Lt | Token::Gt | Token::Le | Token::Ge => {
                let ord = if unsigned { a.cmp(&b) } else { sa.cmp(&sb) };
                Value::truth(match op.token {
                    Token::Lt => ord.is_lt(),
                    Token::Gt => ord.is_gt(),
                    Token::Le => ord.is_le(),
                    _ => ord.is_ge(),
                })
            }
            Token::EqEq => Value::truth(a == b),
            Token::NotEq => Value::truth(a != b),
            Token::Amp => arith(a & b),
            Token::Pipe => arith(a | b),
            Token::Caret => arith(a ^ b),
            _ => Value::ZERO,
        }
    }

    fn unary(&mut self, live: bool) -> Value {
        if self.err.is_some() {
            return Value::ZERO;
        }
        self.depth += 1;
        let v = if self.depth > MAX_DEPTH {
            let span = self.here();
            self.fail(span, "`#if` expression nested too deeply");
            Value::ZERO
        } else {
            self.unary_inner(live)
        };
        self.depth -= 1;
        v
    }

    fn unary_inner(&mut self, live: bool) -> Value {
        let toks = self.toks;
        let Some(tok) = toks.get(self.pos) else {
            self.fail(self.end, "expected a value in `#if` expression, found end of line");
            return Value::ZERO;
        };
        let span = tok.span;
        match &tok.token {
            Token::Plus => {
                self.pos += 1;
                self.unary(live)
            }
            Token::Minus => {
                self.pos += 1;
                let v = self.unary(live);
                Value { bits: v.bits.wrapping_neg(), unsigned: v.unsigned }
            }
            Token::Tilde => {
                self.pos += 1;
                let v = self.unary(live);
                Value { bits: !v.bits, unsigned: v.unsigned }
            }
            Token::Bang => {
                self.pos += 1;
                Value::truth(!self.unary(live).is_true())
            }
            Token::LParen => {
                self.pos += 1;
                let v = self.comma(live);
                self.expect(Token::RParen, ")");
                v
            }
            Token::IntLit(i) => {
                self.pos += 1;
                Value { bits: i.value, unsigned: i.unsigned || i.value > i64::MAX as u64 }
            }
            Token::True => {
                self.pos += 1;
                Value::truth(true)
            }
            Token::FloatLit(_) => {
                self.fail(span, "floating-point literal in `#if` expression");
                Value::ZERO
            }
            Token::Ident(name) if name == "defined" => {
                // Only reached when a macro expanded to `defined`; the directive handler
                // resolves the ones written directly.
                self.pos += 1;
                let paren = self.peek() == Some(&Token::LParen);
                if paren {
                    self.pos += 1;
                }
                let name = match self.peek() {
                    Some(Token::Ident(n)) => n.clone(),
                    _ => {
                        let span = self.here();
                        self.fail(span, "expected a macro name after `defined`");
                        return Value::ZERO;
                    }
                };
                self.pos += 1;
                if paren {
                    self.expect(Token::RParen, ")");
                }
                Value::truth((self.is_defined)(&name))
            }
            t if super::name_of(t).is_some() => {
                // Identifiers left after expansion are not macros: C says they are 0.
                self.pos += 1;
                Value::ZERO
            }
            t => {
                self.fail(span, format!("expected a value in `#if` expression, found {t}"));
                Value::ZERO
            }
        }
    }
}
