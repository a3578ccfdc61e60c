//! Slang's tuples: `Tuple<int, float>` is a struct with the fields `_0`, `_1`, made once per
//! element list (`Tuple_int_float`), so every target lays it out and copies it as a struct.
//! On top of the struct: `makeTuple(a, b)` and `Tuple<…>(a, b)`, element swizzles that read or
//! write several elements as a tuple (`t._2_0`), `concat(a, b)`, `countof`, and lexicographic
//! comparisons when every element compares.

use super::Checker;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

impl Checker {
    /// The tuple struct of `elems`.
    pub(super) fn tuple_type(&mut self, elems: Vec<Type>, span: Span) -> Type {
        if let Some((_, h)) = self.tuples.iter().find(|(e, _)| *e == elems) {
            return Type::Struct(*h);
        }
        let mut base = String::from("Tuple");
        for t in &elems {
            base.push('_');
            base.extend(self.module.type_name(t).chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }));
        }
        let name = self.unique_global_name(&base);
        let fields = elems
            .iter()
            .enumerate()
            .map(|(i, t)| Field {
                name: format!("_{i}"),
                ty: t.clone(),
                semantic: None,
                majorness: self.default_majorness,
                span,
            })
            .collect();
        let h = self.module.structs.append(StructDef { name, fields, span });
        self.tuples.push((elems, h));
        Type::Struct(h)
    }

    /// The element types of a tuple type, `None` for any other type.
    pub(super) fn tuple_elems(&self, ty: &Type) -> Option<Vec<Type>> {
        let Type::Struct(h) = ty else { return None };
        self.tuples.iter().find(|(_, t)| t == h).map(|(e, _)| e.clone())
    }

    /// `Tuple<int, float>`: each argument is a type.
    pub(super) fn resolve_tuple(&mut self, args: &[ast::GenericArg], span: Span) -> Type {
        let mut elems = Vec::new();
        for a in args {
            let t = match a {
                ast::GenericArg::Type(t) => self.resolve_type(t),
                ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => {
                    self.resolve_type(&ast::TypeExpr {
                        kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] },
                        span: *span,
                    })
                }
                ast::GenericArg::Expr(e) => {
                    self.error("E0402", e.span, "a `Tuple`'s arguments are its element types");
                    return Type::Error;
                }
            };
            if t.is_error() {
                return Type::Error;
            }
            elems.push(t);
        }
        self.tuple_type(elems, span)
    }

    /// `makeTuple(a, b)`: a tuple of the arguments' types (an unsuffixed literal is `int` or
    /// `float`).
    pub(super) fn make_tuple(&mut self, args: Vec<ExprId>, span: Span) -> ExprId {
        let elems: Vec<Type> = args.iter().map(|a| self.ty(*a)).collect();
        let ty = self.tuple_type(elems, span);
        self.add_expr(ExprKind::Construct(args), ty, span)
    }

    /// `Tuple<A, B>(a, b)`: the arguments converted to the elements.
    pub(super) fn construct_tuple(&mut self, ty: &Type, elems: &[Type], args: Vec<ExprId>, span: Span) -> ExprId {
        if args.len() != elems.len() {
            let msg = format!("`{}` takes {} values, given {}", self.type_name(ty), elems.len(), args.len());
            self.error("E0409", span, msg);
            return self.error_expr(span);
        }
        let parts = args.into_iter().zip(elems).map(|(a, t)| self.coerce(a, t, span)).collect();
        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
    }

    /// `concat(a, b)`: the elements of `a`, then those of `b`.
    pub(super) fn concat_tuples(&mut self, args: &[ExprId], span: Span) -> Option<ExprId> {
        let [a, b] = args else { return None };
        let (ea, eb) = (self.tuple_elems(&self.ty(*a))?, self.tuple_elems(&self.ty(*b))?);
        let mut parts = Vec::new();
        for (value, n) in [(*a, ea.len()), (*b, eb.len())] {
            let Some(copies) = self.copies(value, n, span) else { return Some(self.error_expr(span)) };
            for (i, c) in copies.into_iter().enumerate() {
                parts.push(self.tuple_field(c, i, span));
            }
        }
        Some(self.make_tuple(parts, span))
    }

    /// The elements a tuple swizzle names (`_2_0` is elements 2 and 0), `None` if `name` is
    /// none: underscores and element numbers below `count`.
    pub(super) fn tuple_swizzle_of(name: &str, count: usize) -> Option<Vec<usize>> {
        let rest = name.strip_prefix('_')?;
        rest.split('_').map(|d| d.parse::<usize>().ok().filter(|&i| i < count && !d.is_empty())).collect()
    }

    /// `t._1` (an element) or `t._1_0` (a tuple of elements), on a tuple `t`.
    pub(super) fn tuple_member(&mut self, base: ExprId, name: &ast::Ident, span: Span) -> Option<ExprId> {
        let elems = self.tuple_elems(&self.ty(base))?;
        let picked = Self::tuple_swizzle_of(&name.name, elems.len())?;
        if let [i] = picked.as_slice() {
            return Some(self.tuple_field(base, *i, span));
        }
        let Some(copies) = self.copies(base, picked.len(), span) else { return Some(self.error_expr(span)) };
        let parts = copies.into_iter().zip(&picked).map(|(c, i)| self.tuple_field(c, *i, span)).collect();
        Some(self.make_tuple(parts, span))
    }

    /// `t._1_2 = v`: each element named takes its part of `v`, a tuple of their types. Written
    /// as `t = Tuple(v._0, t._1, v._1)`, so every part of `v` is read before any is stored.
    pub(super) fn assign_tuple_swizzle(
        &mut self,
        base: ExprId,
        name: &ast::Ident,
        rhs: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let base_ty = self.ty(base);
        let elems = self.tuple_elems(&base_ty)?;
        let picked = Self::tuple_swizzle_of(&name.name, elems.len()).filter(|p| p.len() > 1)?;
        self.require_lvalue(base);
        if let Some(twice) = picked.iter().enumerate().find_map(|(k, i)| picked[..k].contains(i).then_some(*i)) {
            self.error("E0407", name.span, format!("element `_{twice}` is assigned twice"));
            return Some(self.error_expr(span));
        }
        let ty = self.tuple_type(picked.iter().map(|&i| elems[i].clone()).collect(), span);
        let value = self.value_of_type(rhs, &ty);
        let parts = match self.cur.as_ref().map(|st| &st.func.exprs[value].kind) {
            Some(ExprKind::Construct(parts)) => parts.clone(),
            _ => {
                let Some(copies) = self.copies(value, picked.len(), rhs.span) else {
                    return Some(self.error_expr(span));
                };
                copies.into_iter().enumerate().map(|(k, c)| self.tuple_field(c, k, span)).collect()
            }
        };
        let kept = elems.len() - picked.len();
        let Some(mut bases) = self.copies(base, kept + 1, span) else { return Some(self.error_expr(span)) };
        let target = bases.remove(0);
        let mut whole = Vec::with_capacity(elems.len());
        for i in 0..elems.len() {
            match picked.iter().position(|&p| p == i) {
                Some(k) => whole.push(parts[k]),
                None => {
                    let old = bases.remove(0);
                    whole.push(self.tuple_field(old, i, span));
                }
            }
        }
        let value = self.add_expr(ExprKind::Construct(whole), base_ty.clone(), span);
        Some(self.add_expr(ExprKind::Assign { op: None, target, value }, base_ty, span))
    }

    /// `a == b`, `a < b`…: element by element, `<` and the others in lexicographic order.
    pub(super) fn compare_tuples(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Option<ExprId> {
        let (lt, rt) = (self.ty(l), self.ty(r));
        let elems = self.tuple_elems(&lt)?;
        match op {
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Ge => {}
            // `a > b` is `b < a`, `a <= b` is `b >= a`.
            BinaryOp::Gt => return self.compare_tuples(BinaryOp::Lt, r, l, span),
            BinaryOp::Le => return self.compare_tuples(BinaryOp::Ge, r, l, span),
            _ => return None,
        }
        if lt != rt {
            let msg = format!("cannot compare `{}` with `{}`", self.type_name(&lt), self.type_name(&rt));
            self.error("E0405", span, msg);
            return Some(self.error_expr(span));
        }
        if let Some(bad) = elems.iter().find(|t| !matches!(t, Type::Scalar(_)) && self.tuple_elems(t).is_none()) {
            let msg = format!("a tuple compares element by element, and `{}` has no order", self.type_name(bad));
            self.error("E0405", span, msg);
            return Some(self.error_expr(span));
        }
        // Each element of each side is read three times.
        let Some(ls) = self.copies(l, 3 * elems.len(), span) else { return Some(self.error_expr(span)) };
        let Some(rs) = self.copies(r, 3 * elems.len(), span) else { return Some(self.error_expr(span)) };
        let field = |c: &mut Self, from: &[ExprId], i: usize, k: usize| c.tuple_field(from[3 * i + k], i, span);
        let boolean = |c: &mut Self, v: bool| c.add_expr(ExprKind::Const(ConstValue::Bool(v)), Type::BOOL, span);
        // Built from the last element back: `eq` is whether elements i.. are equal, `less`
        // whether they are less in lexicographic order.
        let mut eq = boolean(self, true);
        let mut less = boolean(self, false);
        for i in (0..elems.len()).rev() {
            let (a, b) = (field(self, &ls, i, 0), field(self, &rs, i, 0));
            let (a2, b2) = (field(self, &ls, i, 1), field(self, &rs, i, 1));
            let first_less = self.binary(BinaryOp::Lt, a, b, span);
            let first_eq = self.binary(BinaryOp::Eq, a2, b2, span);
            let first_eq_then = self.binary(BinaryOp::LogicAnd, first_eq, less, span);
            less = self.binary(BinaryOp::LogicOr, first_less, first_eq_then, span);
            let (a3, b3) = (field(self, &ls, i, 2), field(self, &rs, i, 2));
            let same = self.binary(BinaryOp::Eq, a3, b3, span);
            eq = self.binary(BinaryOp::LogicAnd, same, eq, span);
        }
        let not = |c: &mut Self, e: ExprId| c.add_expr(ExprKind::Unary(UnaryOp::Not, e), Type::BOOL, span);
        Some(match op {
            BinaryOp::Eq => eq,
            BinaryOp::Ne => not(self, eq),
            BinaryOp::Lt => less,
            _ => not(self, less),
        })
    }

    pub(super) fn tuple_field(&mut self, base: ExprId, i: usize, span: Span) -> ExprId {
        let ty = match self.ty(base) {
            Type::Struct(h) => self.module.structs[h].fields[i].ty.clone(),
            _ => Type::Error,
        };
        self.add_expr(ExprKind::Field { base, index: i as u32 }, ty, span)
    }

    /// `n` uses of `e`: `e` itself and copies, which read the same value only when reading it
    /// changes nothing (a variable, an element of one); otherwise an error.
    fn copies(&mut self, e: ExprId, n: usize, span: Span) -> Option<Vec<ExprId>> {
        let st = self.cur.as_mut()?;
        if n > 1 && !st.func.is_pure(e) {
            let d = Diagnostic::error("E0405", "this tuple value has effects, and would be computed more than once")
                .with_label(span, "here")
                .with_note("hold it in a variable first: `let t = …;`");
            self.push(d);
            return None;
        }
        let mut out = vec![e];
        while out.len() < n {
            out.push(duplicate(&mut st.func, e));
        }
        Some(out)
    }
}

/// Copies expression `e` of `f` within `f`.
pub(super) fn duplicate(f: &mut Function, e: ExprId) -> ExprId {
    let mut x = f.exprs[e].clone();
    x.kind.for_each_child_mut(|c| *c = duplicate(f, *c));
    f.exprs.append(x)
}
