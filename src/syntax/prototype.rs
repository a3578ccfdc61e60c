//! A direct reader for the one shape the stdlib is written in: a function prototype with
//! attributes, `[a(x, k = v, k = a | b)] T name<T : class>(in T x, uint y);`.
//!
//! Each intrinsic a compile calls is parsed on its first use; through the LALRPOP parser that
//! was a fifth of a sample compile (an attribute argument alone takes six reductions). This
//! reader builds the same tree, spans included, in one pass over the classified tokens. It
//! returns `None` for anything outside that shape, and the caller falls back to the full
//! parser; a test checks that both give identical trees for every stdlib declaration.

use super::ast::*;
use super::lexer::SpannedToken;
use super::token::Token;
use crate::span::Span;

/// The tree of `tokens` (classified, no newlines) if they are exactly one prototype.
pub fn read(tokens: &[SpannedToken]) -> Option<FunctionDecl> {
    let mut r = Reader { tokens, pos: 0 };
    let decl = r.prototype()?;
    (r.pos == tokens.len()).then_some(decl)
}

struct Reader<'t> {
    tokens: &'t [SpannedToken],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|t| &t.token)
    }

    fn span(&self) -> Option<Span> {
        self.tokens.get(self.pos).map(|t| t.span)
    }

    /// End of the last token taken (LALRPOP's `@R`).
    fn end(&self) -> u32 {
        self.tokens[self.pos - 1].span.end
    }

    fn eat(&mut self, t: &Token) -> Option<()> {
        (self.peek()? == t).then(|| self.pos += 1)
    }

    fn ident(&mut self) -> Option<Ident> {
        let t = self.tokens.get(self.pos)?;
        let Token::Ident(name) = &t.token else { return None };
        self.pos += 1;
        Some(Ident { name: name.clone(), span: t.span })
    }

    /// A name that may also have been classified as a type (`T` in `<T : any_svm>`).
    fn any_name(&mut self) -> Option<Ident> {
        let t = self.tokens.get(self.pos)?;
        let (Token::Ident(name) | Token::TypeName(name)) = &t.token else { return None };
        self.pos += 1;
        Some(Ident { name: name.clone(), span: t.span })
    }

    fn prototype(&mut self) -> Option<FunctionDecl> {
        let l = self.span()?.start;
        let attrs = self.attributes()?;
        let modifiers = self.modifiers();
        let ret = self.ty()?;
        let name = self.ident()?;
        let mut generics = Vec::new();
        if self.eat(&Token::TemplateLt).is_some() {
            loop {
                let name = self.any_name()?;
                let constraint = match self.eat(&Token::Colon) {
                    Some(()) => {
                        let c = self.any_name()?;
                        let kind = TypeExprKind::Named { name: c.name, args: Vec::new() };
                        Some(TypeExpr { kind, span: c.span })
                    }
                    None => None,
                };
                generics.push(GenericParam {
                    name,
                    constraint,
                    value: None,
                    default: None,
                    pack: false,
                    also: Vec::new(),
                });
                if self.eat(&Token::Comma).is_none() {
                    break;
                }
            }
            self.eat(&Token::Gt)?;
        }
        self.eat(&Token::LParen)?;
        let params = self.parenthesised(Self::param)?;
        self.eat(&Token::Semi)?;
        Some(FunctionDecl {
            attrs,
            modifiers,
            throws: None,
            ret,
            name,
            generics,
            wheres: Vec::new(),
            params,
            ret_annotations: Vec::new(),
            body: None,
            span: Span::new(l, self.end()),
        })
    }

    /// After a `(`: `item (, item)*` and the closing `)`, or just `)`.
    fn parenthesised<T>(&mut self, item: impl Fn(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let mut items = Vec::new();
        if self.eat(&Token::RParen).is_none() {
            loop {
                items.push(item(self)?);
                if self.eat(&Token::Comma).is_none() {
                    break;
                }
            }
            self.eat(&Token::RParen)?;
        }
        Some(items)
    }

    fn attributes(&mut self) -> Option<Vec<Attribute>> {
        let mut attrs = Vec::new();
        while let Some(Token::LBracket) = self.peek() {
            let l = self.span()?.start;
            self.pos += 1;
            let name = self.ident()?;
            let args = match self.eat(&Token::LParen) {
                Some(()) => self.parenthesised(Self::argument)?,
                None => Vec::new(),
            };
            self.eat(&Token::RBracket)?;
            attrs.push(Attribute { name, args, span: Span::new(l, self.end()) });
        }
        Some(attrs)
    }

    /// `x`, `"text"`, `4`, `key = value` or `key = a | b | c`.
    fn argument(&mut self) -> Option<Expr> {
        let lhs = self.operand()?;
        if self.eat(&Token::Assign).is_none() {
            return Some(lhs);
        }
        let mut rhs = self.operand()?;
        while self.eat(&Token::Pipe).is_some() {
            let next = self.operand()?;
            let span = Span::new(rhs.span.start, next.span.end);
            rhs = Expr { kind: ExprKind::Binary { op: BinOp::BitOr, lhs: Box::new(rhs), rhs: Box::new(next) }, span };
        }
        let span = Span::new(lhs.span.start, rhs.span.end);
        Some(Expr { kind: ExprKind::Assign { op: None, lhs: Box::new(lhs), rhs: Box::new(rhs) }, span })
    }

    fn operand(&mut self) -> Option<Expr> {
        let t = self.tokens.get(self.pos)?;
        let kind = match &t.token {
            Token::Ident(n) => ExprKind::Ident(n.clone()),
            Token::StringLit(s) => ExprKind::StringLit(s.clone()),
            Token::IntLit(v) => ExprKind::IntLit(*v),
            _ => return None,
        };
        self.pos += 1;
        Some(Expr { kind, span: t.span })
    }

    fn modifiers(&mut self) -> Modifiers {
        let mut list = Vec::new();
        while let Some(t) = self.tokens.get(self.pos) {
            let m = match t.token {
                Token::Static => Modifier::Static,
                Token::Const => Modifier::Const,
                Token::Groupshared => Modifier::Groupshared,
                Token::Uniform => Modifier::Uniform,
                Token::Extern => Modifier::Extern,
                Token::Precise => Modifier::Precise,
                Token::Globallycoherent => Modifier::Globallycoherent,
                Token::In => Modifier::In,
                Token::Out => Modifier::Out,
                Token::Inout => Modifier::Inout,
                Token::RowMajor => Modifier::RowMajor,
                Token::ColumnMajor => Modifier::ColumnMajor,
                Token::Nointerpolation => Modifier::Nointerpolation,
                Token::Volatile => Modifier::Volatile,
                Token::Inline => Modifier::Inline,
                Token::Export => Modifier::Export,
                Token::Constexpr => Modifier::Constexpr,
                Token::NoDiff => Modifier::NoDiff,
                _ => break,
            };
            list.push((m, t.span));
            self.pos += 1;
        }
        Modifiers { list }
    }

    fn ty(&mut self) -> Option<TypeExpr> {
        let t = self.tokens.get(self.pos)?;
        let Token::TypeName(name) = &t.token else { return None };
        let l = t.span.start;
        self.pos += 1;
        let mut args = Vec::new();
        if self.eat(&Token::TemplateLt).is_some() {
            loop {
                let arg = match self.peek()? {
                    Token::TypeName(_) => GenericArg::Type(self.ty()?),
                    Token::IntLit(_) | Token::Ident(_) => GenericArg::Expr(self.operand()?),
                    _ => return None,
                };
                args.push(arg);
                if self.eat(&Token::Comma).is_none() {
                    break;
                }
            }
            self.eat(&Token::Gt)?;
        }
        Some(TypeExpr { kind: TypeExprKind::Named { name: name.clone(), args }, span: Span::new(l, self.end()) })
    }

    fn param(&mut self) -> Option<Param> {
        let l = self.span()?.start;
        let modifiers = self.modifiers();
        let ty = self.ty()?;
        let name = self.ident()?;
        Some(Param {
            attrs: Vec::new(),
            modifiers,
            ty,
            name,
            array_dims: Vec::new(),
            annotations: Vec::new(),
            default: None,
            span: Span::new(l, self.end()),
        })
    }
}
