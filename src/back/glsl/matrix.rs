//! Integer and bool matrices, which GLSL has no type for: an `intRxC` is an array of its R rows
//! (`ivecC[R]`), as the SPIR-V backend gives it, so `m[i]` and `m[i][j]` keep their meaning and
//! a `row_major` one in a buffer has the bytes HLSL gives it. Whole-matrix operations
//! (arithmetic, comparisons, conversions, wave operations) work row by row in helper functions,
//! which evaluate each operand once; comparisons of float matrices, whose results are bool
//! matrices, are written the same way (GLSL's column `i` is HLSL's row `i`).

use super::writer::{Ctx, Writer, P_POSTFIX};
use crate::back::Namer;
use crate::ir::*;
use crate::span::Span;
use std::fmt::Write as _;

/// Whether GLSL writes `ty` as an array of rows.
pub(super) fn is_row_array(ty: &Type) -> bool {
    matches!(ty, Type::Matrix(s, _, _) if !s.is_float())
}

/// A matrix's rows and their type.
fn rows(ty: &Type) -> Option<(u8, Type)> {
    match ty {
        Type::Matrix(s, r, c) => Some((*r, Type::Vector(*s, *c))),
        _ => None,
    }
}

/// One operand of a row-wise helper: its parameter name and, for a matrix, its rows' type.
struct Operand {
    name: String,
    row: Option<Type>,
}

impl Operand {
    fn row(&self, i: u8) -> String {
        match self.row {
            Some(_) => format!("{}[{i}]", self.name),
            None => self.name.clone(),
        }
    }
}

impl<'a> Writer<'a> {
    /// Whether an operation on operands of these types has to be written row by row.
    pub(super) fn is_row_wise(&self, result: &Type, operands: &[&Type]) -> bool {
        is_row_array(result)
            || operands.iter().any(|t| is_row_array(t))
            || (matches!(result, Type::Matrix(Scalar::Bool, ..))
                && operands.iter().any(|t| matches!(t, Type::Matrix(..))))
    }

    /// `ret name(T0 a, T1 b, …)` whose result is built from its rows, each `row(i, operands)`;
    /// the helper is written once per family and parameter types (GLSL overloads).
    fn row_helper(
        &mut self,
        family: &str,
        ret: &Type,
        params: &[Type],
        span: Span,
        row: impl Fn(&mut Self, u8, &[Operand]) -> String,
    ) -> String {
        let mut name = self.helper_name(family);
        let spelled: Vec<String> = params.iter().map(|t| self.ty_at(t, span)).collect();
        let result = self.ty_at(ret, span);
        let signature = |name: &str| format!("{name}({})", spelled.join(", "));
        // GLSL overloads by parameters only: a helper of the same parameters and another result
        // (`uvec4[4]` to `mat4x4` and to `ivec4[4]`) is a family of its own.
        if self
            .helpers_written
            .iter()
            .any(|k| k.starts_with(&signature(&name)) && !k.ends_with(&format!(" -> {result}")))
        {
            let cleaned: String = result.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            name = self.helper_name(&format!("{family}_{}", cleaned.trim_end_matches('_')));
        }
        if !self.helpers_written.insert(format!("{} -> {result}", signature(&name))) {
            return name;
        }
        let mut namer = Namer::new(super::is_reserved, std::iter::empty());
        let operands: Vec<Operand> = params
            .iter()
            .enumerate()
            .map(|(i, t)| Operand {
                name: namer.name(["a", "b", "c", "d"].get(i).unwrap_or(&"x")),
                row: rows(t).map(|r| r.1),
            })
            .collect();
        let decls: Vec<String> = params.iter().zip(&operands).map(|(t, o)| self.decl(t, &o.name, span)).collect();
        let (n, _) = rows(ret).unwrap_or((1, Type::Void));
        let parts: Vec<String> = (0..n).map(|i| row(self, i, &operands)).collect();
        let r = self.ty_at(ret, span);
        if !self.helpers.is_empty() {
            self.helpers.push('\n');
        }
        let _ =
            writeln!(self.helpers, "{r} {name}({}) {{\n    return {r}({});\n}}", decls.join(", "), parts.join(", "));
        name
    }

    /// `a op b` with a matrix operand whose GLSL form is an array of rows, or a comparison of
    /// matrices: one helper call.
    pub(super) fn row_binary(
        &mut self,
        cx: &Ctx<'a>,
        op: BinaryOp,
        l: ExprId,
        r: ExprId,
        ty: &Type,
        span: Span,
    ) -> (String, u8) {
        let lt = cx.f.exprs[l].ty.clone();
        let rt = cx.f.exprs[r].ty.clone();
        let family = format!("wavec_{}", binary_family(op));
        let helper = self.row_helper(&family, ty, &[lt.clone(), rt.clone()], span, |w, i, ops| {
            let (a, b) = (ops[0].row(i), ops[1].row(i));
            // A scalar operand meets a row: GLSL's vector functions want both as vectors.
            let row_ty = rows(&lt).or_else(|| rows(&rt)).map(|r| r.1).unwrap_or(Type::INT);
            let splat = |w: &mut Self, s: String, t: &Type| match t {
                Type::Matrix(..) => s,
                _ => format!("{}({s})", w.ty_at(&row_ty.with_scalar(t.scalar().unwrap_or(Scalar::I32)), span)),
            };
            if op.is_comparison() {
                let name = match op {
                    BinaryOp::Eq => "equal",
                    BinaryOp::Ne => "notEqual",
                    BinaryOp::Lt => "lessThan",
                    BinaryOp::Le => "lessThanEqual",
                    BinaryOp::Gt => "greaterThan",
                    _ => "greaterThanEqual",
                };
                let (a, b) = (splat(w, a, &lt), splat(w, b, &rt));
                return format!("{name}({a}, {b})");
            }
            if lt.scalar() == Some(Scalar::Bool) {
                // GLSL's bitwise operators take no bools and its `&&`/`||` no vectors.
                let u = w.ty_at(&row_ty.with_scalar(Scalar::U32), span);
                let bv = w.ty_at(&row_ty.with_scalar(Scalar::Bool), span);
                let sym = match op {
                    BinaryOp::BitAnd | BinaryOp::LogicAnd => "&",
                    BinaryOp::BitOr | BinaryOp::LogicOr => "|",
                    _ => "^",
                };
                return format!("{bv}({u}({a}) {sym} {u}({b}))");
            }
            format!("{a} {} {b}", op.symbol())
        });
        let a = self.args(cx, &[l, r]);
        (format!("{helper}({a})"), P_POSTFIX)
    }

    /// `-m`, `~m`, `!m` of an integer or bool matrix.
    pub(super) fn row_unary(&mut self, cx: &Ctx<'a>, op: UnaryOp, a: ExprId, ty: &Type, span: Span) -> (String, u8) {
        let at = cx.f.exprs[a].ty.clone();
        let family = match op {
            UnaryOp::Neg => "wavec_neg",
            UnaryOp::Not => "wavec_not",
            UnaryOp::BitNot => "wavec_bitnot",
        };
        let helper = self.row_helper(family, ty, &[at], span, |_, i, ops| match op {
            UnaryOp::Neg => format!("-{}", ops[0].row(i)),
            UnaryOp::Not => format!("not({})", ops[0].row(i)),
            UnaryOp::BitNot => format!("~{}", ops[0].row(i)),
        });
        let s = self.args(cx, &[a]);
        (format!("{helper}({s})"), P_POSTFIX)
    }

    /// A conversion between matrices of other element types, row by row.
    pub(super) fn row_convert(&mut self, cx: &Ctx<'a>, a: ExprId, to: &Type, span: Span) -> (String, u8) {
        let from = cx.f.exprs[a].ty.clone();
        let Some((_, row_to)) = rows(to) else {
            self.refuse(span, &format!("a conversion from `{from}` to `{to}`"));
            return ("0".into(), P_POSTFIX);
        };
        let helper = self.row_helper("wavec_convert", to, &[from], span, |w, i, ops| {
            let t = w.ty_at(&row_to, span);
            format!("{t}({})", ops[0].row(i))
        });
        let s = self.args(cx, &[a]);
        (format!("{helper}({s})"), P_POSTFIX)
    }

    /// A matrix of one scalar with side effects, evaluated once.
    pub(super) fn row_splat(&mut self, cx: &Ctx<'a>, a: ExprId, to: &Type, span: Span) -> (String, u8) {
        let from = cx.f.exprs[a].ty.clone();
        let Some((_, row)) = rows(to) else { return ("0".into(), P_POSTFIX) };
        let helper = self.row_helper("wavec_splat", to, &[from], span, |w, i, ops| {
            format!("{}({})", w.ty_at(&row, span), ops[0].row(i))
        });
        let s = self.args(cx, &[a]);
        (format!("{helper}({s})"), P_POSTFIX)
    }

    /// `intRxC(…)` from scalars or from whole rows.
    pub(super) fn row_construct(&mut self, cx: &Ctx<'a>, parts: &[ExprId], ty: &Type, span: Span) -> (String, u8) {
        let Some((r, row)) = rows(ty) else { return ("0".into(), P_POSTFIX) };
        let t = self.ty_at(ty, span);
        let types: Vec<Type> = parts.iter().map(|p| cx.f.exprs[*p].ty.clone()).collect();
        if let ([one], [Type::Matrix(..)]) = (parts, types.as_slice()) {
            return (self.expr(cx, *one, P_POSTFIX), P_POSTFIX);
        }
        if types.iter().all(|p| *p == row) && parts.len() == r as usize {
            return (format!("{t}({})", self.args(cx, parts)), P_POSTFIX);
        }
        let c = row.vector_size().unwrap_or(1) as usize;
        if types.iter().all(|p| matches!(p, Type::Scalar(_))) && parts.len() == r as usize * c {
            let rt = self.ty_at(&row, span);
            let rows: Vec<String> = parts.chunks(c).map(|ch| format!("{rt}({})", self.args(cx, ch))).collect();
            return (format!("{t}({})", rows.join(", ")), P_POSTFIX);
        }
        self.refuse(span, &format!("a `{ty}` built from parts that are neither all scalars nor all rows"));
        ("0".into(), P_POSTFIX)
    }

    /// An element-wise intrinsic (a wave operation) of a matrix: `template` per row, over the
    /// rows of every matrix argument.
    pub(super) fn row_intrinsic(
        &mut self,
        cx: &Ctx<'a>,
        family: &str,
        template: &str,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let params: Vec<Type> = args.iter().map(|a| cx.f.exprs[*a].ty.clone()).collect();
        let helper = self.row_helper(family, ret, &params, span, |_, i, ops| {
            let mut out = String::new();
            for p in crate::back::template::parse_template(template) {
                match p {
                    crate::back::template::Piece::Text(t) => out.push_str(t),
                    crate::back::template::Piece::Arg(k) => {
                        out.push_str(&ops.get(k).map(|o| o.row(i)).unwrap_or_default())
                    }
                    _ => {}
                }
            }
            out
        });
        let s = self.args(cx, args);
        (format!("{helper}({s})"), P_POSTFIX)
    }
}

fn binary_family(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Add => "add",
        Sub => "sub",
        Mul => "mul",
        Div => "div",
        Rem => "rem",
        Shl => "shl",
        Shr => "shr",
        BitAnd => "and",
        BitOr => "or",
        BitXor => "xor",
        LogicAnd => "logic_and",
        LogicOr => "logic_or",
        Eq => "eq",
        Ne => "ne",
        Lt => "lt",
        Le => "le",
        Gt => "gt",
        Ge => "ge",
    }
}
