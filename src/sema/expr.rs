//! Expressions: typing, implicit conversions, lvalues, calls and overload resolution.

use super::conv::{self, ConvCost};
use super::{consts, methods, Checker, Sym};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{ElemClass, Intrinsic, TypePat};
use crate::syntax::ast;

pub(super) fn bin_op(op: ast::BinOp) -> BinaryOp {
    use ast::BinOp as A;
    match op {
        A::Add => BinaryOp::Add,
        A::Sub => BinaryOp::Sub,
        A::Mul => BinaryOp::Mul,
        A::Div => BinaryOp::Div,
        A::Rem => BinaryOp::Rem,
        A::Shl => BinaryOp::Shl,
        A::Shr => BinaryOp::Shr,
        A::BitAnd => BinaryOp::BitAnd,
        A::BitOr => BinaryOp::BitOr,
        A::BitXor => BinaryOp::BitXor,
        A::LogicAnd => BinaryOp::LogicAnd,
        A::LogicOr => BinaryOp::LogicOr,
        A::Eq => BinaryOp::Eq,
        A::Ne => BinaryOp::Ne,
        A::Lt => BinaryOp::Lt,
        A::Le => BinaryOp::Le,
        A::Gt => BinaryOp::Gt,
        A::Ge => BinaryOp::Ge,
    }
}

/// Edit distance, for "did you mean" notes.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// How Slang's substandard floats convert, for the notes of their conversion errors.
const SUBSTANDARD_CONVERSIONS: &str = "`BFloat16`, `FloatE4M3` and `FloatE5M2` convert explicitly only: `BFloat16(x)` from a number, `float(b)` (or `half`, `double`) out of one; to an integer through `float`: `int(float(b))`";

impl Checker {
    pub(super) fn add_expr(&mut self, kind: ExprKind, ty: Type, span: Span) -> ExprId {
        let state = self.cur.as_mut().expect("expressions are only built inside functions");
        state.func.exprs.append(Expr { kind, ty, span })
    }

    pub(super) fn ty(&self, e: ExprId) -> Type {
        self.cur.as_ref().map(|s| s.func.exprs[e].ty.clone()).unwrap_or(Type::Error)
    }

    pub(super) fn span_of(&self, e: ExprId) -> Span {
        self.cur.as_ref().map(|s| s.func.exprs[e].span).unwrap_or_default()
    }

    fn is_literal(&self, e: ExprId) -> bool {
        self.cur.as_ref().is_some_and(|s| s.literals.contains(&e))
    }

    pub(super) fn error_expr(&mut self, span: Span) -> ExprId {
        self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Error, span)
    }

    /// Converts `e` to `to` implicitly, or reports E0405.
    pub(super) fn coerce(&mut self, e: ExprId, to: &Type, span: Span) -> ExprId {
        let from = self.ty(e);
        if &from == to || from.is_error() || to.is_error() {
            return e;
        }
        if let (Type::Resource(ResourceKind::ConstantBuffer, Some(inner)), Type::Struct(h)) = (&from, to) {
            if **inner == *to {
                return self.constant_buffer_value(e, *h);
            }
        }
        // A descriptor handle stands for the resource it names wherever one is expected.
        if from.handle_resource() == Some(to) {
            let span = self.span_of(e);
            return self.deref(e, span);
        }
        if let (Type::Struct(d), Type::Struct(b)) = (&from, to) {
            if self.base_fields(*d, *b).is_some() {
                return self.upcast(e, *d, *b);
            }
        }
        // A constant that stands for something keeps standing for it as the type it meets:
        // `nullptr` becomes the null of the pointer, and a global array of resource structs
        // passed whole to an unsized parameter stays the constant naming it
        // (`Checker::whole_resource_struct_array`). The types decide before the expression is
        // looked at.
        let retyped = match (&from, to) {
            (Type::Pointer(_), Type::Pointer(_)) => from.pointee() == Some(&Type::Void),
            (Type::Array(_, Some(_)), Type::Array(_, None)) => self.is_resource_struct_array(&from),
            _ => false,
        };
        if retyped {
            if let Some(ExprKind::Const(c)) = self.cur.as_ref().map(|st| st.func.exprs[e].kind.clone()) {
                let span = self.span_of(e);
                return self.add_expr(ExprKind::Const(c), to.clone(), span);
            }
        }
        if self.flat_implicit(&from, to) {
            return self.flat_convert(e, to, span);
        }
        if self.implicit_cost(&from, to).is_none() {
            if let Some(v) = self.wrapping_conversion(e, to, span) {
                return v;
            }
        }
        match self.implicit_cost(&from, to) {
            Some(ConvCost::Truncate) => {
                let at = self.span_of(e);
                let msg = format!("implicit truncation of `{}` to `{}`", self.type_name(&from), self.type_name(to));
                self.push(
                    Diagnostic::warning("W0401", msg)
                        .with_label(at, format!("this `{}` loses components", self.type_name(&from))),
                );
                self.convert_node(e, to.clone())
            }
            Some(_) => self.convert_node(e, to.clone()),
            None if self.function_chosen_at_run_time(&from, to, span) => e,
            None => {
                let msg = format!("cannot convert `{}` to `{}` implicitly", self.type_name(&from), self.type_name(to));
                let at = self.span_of(e);
                let mut d =
                    Diagnostic::error("E0405", msg).with_label(at, format!("this is `{}`", self.type_name(&from)));
                if !at.is_dummy() && span != at && !span.is_dummy() {
                    d = d.with_label(span, format!("`{}` expected here", self.type_name(to)));
                }
                if [from.scalar(), to.scalar()].into_iter().flatten().any(Scalar::is_substandard) {
                    d = d.with_note(SUBSTANDARD_CONVERSIONS);
                }
                self.push(d);
                e
            }
        }
    }

    /// [`conv::implicit_cost`], and a struct to one it derives from (Slang's and DXC's upcast).
    pub(super) fn implicit_cost(&self, from: &Type, to: &Type) -> Option<ConvCost> {
        if let (Type::Struct(d), Type::Struct(b)) = (from, to) {
            if self.base_fields(*d, *b).is_some() {
                return Some(ConvCost::Truncate);
            }
        }
        // A matrix and a vector of as many elements convert for calls too; two structs of the
        // same scalars only where a value is assigned or initialized (`coerce`), so that no
        // overload on another struct is taken for one that fits exactly.
        if matches!((from, to), (Type::Matrix(..), Type::Vector(..)) | (Type::Vector(..), Type::Matrix(..)))
            && self.flat_implicit(from, to)
        {
            return Some(ConvCost::Scalar);
        }
        conv::implicit_cost(from, to)
    }

    /// Where base struct `base`'s fields start among `derived`'s, when `derived` inherits it
    /// (through any number of levels).
    fn base_fields(&self, derived: StructId, base: StructId) -> Option<usize> {
        self.struct_bases.get(&derived)?.iter().find_map(|&(b, at)| {
            if b == base {
                Some(at)
            } else {
                self.base_fields(b, base).map(|inner| at + inner)
            }
        })
    }

    /// A derived struct as its base: the base's fields, which the derived struct holds in order.
    fn upcast(&mut self, e: ExprId, derived: StructId, base: StructId) -> ExprId {
        let span = self.span_of(e);
        let first = self.base_fields(derived, base).unwrap_or(0);
        let fields: Vec<Type> = self.module.structs[base].fields.iter().map(|f| f.ty.clone()).collect();
        let parts = fields
            .into_iter()
            .enumerate()
            .map(|(i, ty)| self.add_expr(ExprKind::Field { base: e, index: (first + i) as u32 }, ty, span))
            .collect();
        self.add_expr(ExprKind::Construct(parts), Type::Struct(base), span)
    }

    /// A `ConstantBuffer<S>` read as the `S` it holds (`S copy = P;`, `f(P)`): the struct
    /// built from its fields, which every target reads from a uniform block.
    pub(super) fn constant_buffer_value(&mut self, e: ExprId, h: StructId) -> ExprId {
        let span = self.span_of(e);
        let fields: Vec<Type> = self.module.structs[h].fields.iter().map(|f| f.ty.clone()).collect();
        let parts: Vec<ExprId> = fields
            .into_iter()
            .enumerate()
            .map(|(i, ty)| self.add_expr(ExprKind::Field { base: e, index: i as u32 }, ty, span))
            .collect();
        self.add_expr(ExprKind::Construct(parts), Type::Struct(h), span)
    }

    pub(super) fn convert_node(&mut self, e: ExprId, to: Type) -> ExprId {
        // Fold conversions of literals right away so the output says `1.0f`, not `float(1)`.
        let span = self.span_of(e);
        if let Some(state) = &self.cur {
            if let ExprKind::Const(v) = &state.func.exprs[e].kind {
                if let Type::Scalar(s) = to {
                    if let Some(c) = consts::convert(v, s) {
                        let was_literal = state.literals.contains(&e);
                        let id = self.add_expr(ExprKind::Const(c), to, span);
                        if was_literal {
                            if let Some(st) = self.cur.as_mut() {
                                st.literals.insert(id);
                            }
                        }
                        return id;
                    }
                }
            }
        }
        // Between a substandard float and an integer or `bool` through `float`: a direct
        // conversion between one and its storage integer means its bits
        // (`lower::substandard_floats`).
        if let (Some(a), Some(b)) = (self.ty(e).scalar(), to.scalar()) {
            let numeric = |s: Scalar| s.is_int() || s == Scalar::Bool;
            if (a.is_substandard() && numeric(b)) || (numeric(a) && b.is_substandard()) {
                let via = self.ty(e).with_scalar(Scalar::F32);
                let f = self.add_expr(ExprKind::Convert(e), via, span);
                return self.add_expr(ExprKind::Convert(f), to, span);
            }
        }
        self.add_expr(ExprKind::Convert(e), to, span)
    }

    /// `e`, a substandard float's value, as its bits (`to`: its storage integer, one shape), or
    /// bits as the float (`bit_cast`, interface payloads).
    pub(super) fn reinterpret_substandard(&mut self, e: ExprId, to: Type) -> ExprId {
        let span = self.span_of(e);
        let from = self.ty(e);
        if let (Some(ExprKind::Const(c)), Type::Scalar(a), Type::Scalar(b)) =
            (self.cur.as_ref().map(|st| &st.func.exprs[e].kind), &from, &to)
        {
            let v = match c {
                ConstValue::Float(f) if a.is_substandard() => {
                    Some(ConstValue::Uint(crate::numeric::substandard_bits(*f, *a)))
                }
                ConstValue::Uint(u) if b.is_substandard() => {
                    Some(ConstValue::Float(crate::numeric::substandard_value(*u, *b)))
                }
                ConstValue::Int(i) if b.is_substandard() => {
                    Some(ConstValue::Float(crate::numeric::substandard_value(*i as u64, *b)))
                }
                _ => None,
            };
            if let Some(v) = v {
                return self.add_expr(ExprKind::Const(v), to, span);
            }
        }
        self.add_expr(ExprKind::Convert(e), to, span)
    }

    pub(super) fn condition(&mut self, e: ExprId) -> ExprId {
        let t = self.ty(e);
        let target = match &t {
            Type::Scalar(_) | Type::Vector(..) => t.with_scalar(Scalar::Bool),
            Type::Error => return e,
            _ => {
                let span = self.span_of(e);
                let msg = format!("a condition must be a scalar, found `{}`", self.type_name(&t));
                self.error("E0405", span, msg);
                return e;
            }
        };
        if let Type::Vector(..) = target {
            // Conditions of `if`/loops need scalars; vectors are only allowed in `?:`.
            let span = self.span_of(e);
            let msg = format!("a condition must be a scalar, found `{}`", self.type_name(&t));
            self.error("E0405", span, msg);
            return e;
        }
        self.coerce(e, &target, self.span_of(e))
    }

    /// Checks an expression used as a value.
    pub(super) fn expr(&mut self, e: &ast::Expr) -> ExprId {
        use ast::ExprKind as K;
        match &e.kind {
            K::IntLit(i) => {
                let (v, s) = consts::int_literal(i);
                let ty = Type::Scalar(s);
                let id = self.add_expr(ExprKind::Const(v), ty, e.span);
                if !i.unsigned && !i.long {
                    if let Some(s) = self.cur.as_mut() {
                        s.literals.insert(id);
                    }
                }
                id
            }
            K::FloatLit(f) => {
                let s = consts::float_literal_type(f);
                let id = self.add_expr(ExprKind::Const(ConstValue::Float(f.value)), Type::Scalar(s), e.span);
                if f.suffix.is_none() {
                    if let Some(st) = self.cur.as_mut() {
                        st.literals.insert(id);
                    }
                }
                id
            }
            K::BoolLit(b) => self.add_expr(ExprKind::Const(ConstValue::Bool(*b)), Type::BOOL, e.span),
            K::Expand(inner) => self.expand_expr(inner, e.span),
            K::Lambda(l) => self.lambda(l, e.span),
            K::SpirvAsm(block) => self.spirv_asm(block, e.span),
            K::Each(x) => self.each_value(x, e.span),
            K::PackTrim { .. } => {
                let d = Diagnostic::error("E0445", "a pack query makes a pack, not a value")
                    .with_label(e.span, "here")
                    .with_note(
                        "go through its elements with `expand … each __trimFirst(v) …`, or count them with `countof`",
                    );
                self.push(d);
                self.error_expr(e.span)
            }
            K::CountOf(of) => match self.count_of(of, e.span) {
                Some(n) => self.add_expr(ExprKind::Const(ConstValue::Int(n as i64)), Type::INT, e.span),
                None => self.error_expr(e.span),
            },
            K::SizeOf { align, of } => match self.size_of(*align, of, e.span) {
                Some(n) => self.add_expr(ExprKind::Const(ConstValue::Uint(n)), Type::UINT, e.span),
                None => self.error_expr(e.span),
            },
            K::Try(_) => {
                let d =
                    Diagnostic::error("E0520", "`try` is allowed in a statement's own expressions, one call at a time")
                        .with_label(e.span, "here")
                        .with_note("call it in a statement of its own: `let v = try f(…);`");
                self.push(d);
                self.error_expr(e.span)
            }
            K::InitList(_) => {
                let d = Diagnostic::error("E0409", "an initializer list needs a type to build here")
                    .with_label(e.span, "of no known type")
                    .with_note(
                        "name the type, `T(…)`, or give the list to a variable, argument or `return` of a known type",
                    );
                self.push(d);
                self.error_expr(e.span)
            }
            K::StringLit(_) => {
                self.error("E0405", e.span, "strings are only allowed in attributes");
                self.error_expr(e.span)
            }
            K::Ident(name) => self.ident(name, e.span),
            K::Instance { name, generic_args } => {
                if let Some(v) = self.function_value(name, generic_args, e.span) {
                    return v;
                }
                let d = Diagnostic::error("E0476", format!("the instance of `{name}` is named but not called"))
                    .with_label(e.span, "a function, not a value")
                    .with_note("call it (`f<T>(…)`), or differentiate it (`fwd_diff(f<T>)`, `bwd_diff(f<T>)`)");
                self.push(d);
                self.error_expr(e.span)
            }
            K::Binary { op, lhs, rhs } => {
                let l = self.expr(lhs);
                let r = self.expr(rhs);
                let op = bin_op(*op);
                if let Some(test) = self.none_comparison(op, l, r, e.span) {
                    return test;
                }
                if let Some(compared) = self.compare_tuples(op, l, r, e.span) {
                    return compared;
                }
                if let Some(call) = self.user_operator(op.symbol(), vec![l, r], e.span) {
                    return call;
                }
                self.binary(op, l, r, e.span)
            }
            K::Unary { op, expr } => self.unary(*op, expr, e.span),
            K::Assign { op: None, lhs, rhs } if matches!(&lhs.kind, K::Member { name, .. } if name.name.matches('_').count() > 1) =>
            {
                let K::Member { base, name } = &lhs.kind else { unreachable!("matched above") };
                let b = self.expr(base);
                if let Some(e) = self.assign_tuple_swizzle(b, name, rhs, e.span) {
                    return e;
                }
                let target = self.member(b, name, lhs.span);
                self.require_lvalue(target);
                let value = self.expr(rhs);
                let tt = self.ty(target);
                let value = self.coerce(value, &tt, e.span);
                self.add_expr(ExprKind::Assign { op: None, target, value }, tt, e.span)
            }
            K::Assign { op: None, lhs, rhs } if matches!(rhs.kind, K::InitList(_)) => {
                let target = self.expr(lhs);
                self.require_lvalue(target);
                let tt = self.ty(target);
                let value = self.value_of_type(rhs, &tt);
                self.add_expr(ExprKind::Assign { op: None, target, value }, tt, e.span)
            }
            K::Assign { op, lhs, rhs } => {
                let target = self.expr(lhs);
                self.assign_to(*op, target, lhs, rhs, e.span)
            }
            K::Ternary { cond, then, els } => {
                let c = self.expr(cond);
                let a = self.expr(then);
                let b = self.expr(els);
                let (ta, tb) = (self.ty(a), self.ty(b));
                if ta.is_error() || tb.is_error() {
                    return self.error_expr(e.span);
                }
                if self.function_chosen_at_run_time(&ta, &tb, e.span) {
                    return self.error_expr(e.span);
                }
                let ty = if ta == tb {
                    ta
                } else if ta.is_pointer() && tb.pointee() == Some(&Type::Void) {
                    // `nullptr` meets the pointer of the other branch.
                    ta
                } else if tb.is_pointer() && ta.pointee() == Some(&Type::Void) {
                    tb
                } else {
                    match (ta.scalar(), tb.scalar()) {
                        (Some(sa), Some(sb)) => {
                            let s = conv::common_scalar(sa, self.is_literal(a), sb, self.is_literal(b));
                            match conv::common_shape(&ta, &tb, s) {
                                Some(t) => t,
                                None => {
                                    self.mismatch(e.span, "the branches of `?:`", &ta, &tb);
                                    return self.error_expr(e.span);
                                }
                            }
                        }
                        _ => {
                            self.mismatch(e.span, "the branches of `?:`", &ta, &tb);
                            return self.error_expr(e.span);
                        }
                    }
                };
                let tc = self.ty(c);
                // A matrix condition (pre-2021 HLSL, which FXC-era shaders use) selects per
                // component too: row by row, as `select` of matrices does.
                if let Type::Matrix(_, rows, cols) = tc {
                    let ty = match &ty {
                        Type::Scalar(s) => Type::Matrix(*s, rows, cols),
                        Type::Matrix(_, r, k) if (*r, *k) == (rows, cols) => ty,
                        _ => {
                            self.mismatch(e.span, "the condition and the branches of `?:`", &tc, &ty);
                            return self.error_expr(e.span);
                        }
                    };
                    let c = self.coerce(c, &Type::Matrix(Scalar::BOOL_SCALAR, rows, cols), e.span);
                    let (a, b) = (self.coerce(a, &ty, e.span), self.coerce(b, &ty, e.span));
                    return match self.select_matrices(&[c, a, b], e.span, e.span) {
                        Some(v) => v,
                        None => self.error_expr(e.span),
                    };
                }
                // A vector condition selects per component: scalar branches widen to its size.
                let ty = match (&tc, &ty) {
                    (Type::Vector(_, n), Type::Scalar(s)) => Type::Vector(*s, *n),
                    (Type::Vector(_, n), Type::Vector(_, m)) if n != m => {
                        self.mismatch(e.span, "the condition and the branches of `?:`", &tc, &ty);
                        return self.error_expr(e.span);
                    }
                    _ => ty,
                };
                let c = match tc {
                    Type::Vector(_, n) => {
                        let want = Type::Vector(Scalar::BOOL_SCALAR, n);
                        self.coerce(c, &want, e.span)
                    }
                    _ => self.condition(c),
                };
                let (a, b) = (self.coerce(a, &ty, e.span), self.coerce(b, &ty, e.span));
                // A constant condition (`FAST ? 1 : 0` after macro expansion) picks its branch.
                let constant = self.cur.as_ref().and_then(|st| match &st.func.exprs[c].kind {
                    ExprKind::Const(v) => v.as_bool(),
                    _ => None,
                });
                if let Some(taken) = constant {
                    return if taken { a } else { b };
                }
                self.add_expr(ExprKind::Select { cond: c, then: a, els: b }, ty, e.span)
            }
            K::Call { callee, generic_args, args } => self.call(callee, generic_args, args, e.span),
            K::Construct { ty, args } => self.construct(ty, args, e.span),
            K::Cast { ty, expr } => {
                let target = self.resolve_type(ty);
                // `(Texture2D)ResourceDescriptorHeap[i]`: the cast types the heap's element.
                if matches!(target, Type::Resource(..)) {
                    if let Some(v) = self.heap_read(expr, &target) {
                        return v;
                    }
                }
                let v = self.expr(expr);
                self.cast(v, target, e.span)
            }
            K::Member { base, name } => {
                if let Some(m) = self.block_member(base, name, e.span) {
                    return m;
                }
                // Slang's `N.x` for `N::x`, `N` a namespace.
                if let Some(ns) = self.namespace_path(base) {
                    return self.ident(&format!("{ns}::{}", name.name), e.span);
                }
                let b = self.expr(base);
                self.member(b, name, e.span)
            }
            K::Path { ty, name } => {
                if let ast::TypeExprKind::Named { name: enum_name, args } = &ty.kind {
                    let key = self.scoped(&format!("{enum_name}::{}", name.name), |n| self.enum_cases.contains_key(n));
                    if let (true, Some((v, t))) = (args.is_empty(), self.enum_cases.get(&key).cloned()) {
                        return self.add_expr(ExprKind::Const(v), t, e.span);
                    }
                    let prefix =
                        self.scoped(enum_name, |n| self.enum_cases.keys().any(|k| k.starts_with(&format!("{n}::"))));
                    if self.enum_cases.keys().any(|k| k.starts_with(&format!("{prefix}::"))) {
                        let msg = format!("enum `{enum_name}` has no case `{}`", name.name);
                        self.error("E0407", name.span, msg);
                        return self.error_expr(e.span);
                    }
                }
                let t = self.resolve_type(ty);
                if let Type::Struct(h) = t {
                    if let Some(e) = self.static_member(h, name, e.span) {
                        return e;
                    }
                }
                if let Some(e) = self.value_static_member(&t, name, e.span) {
                    return e;
                }
                if !t.is_error() {
                    let msg = format!("`{}` has no static member `{}`", self.type_name(&t), name.name);
                    self.error("E0407", name.span, msg);
                }
                self.error_expr(e.span)
            }
            K::EmptyIndex(base) => {
                let b = self.expr(base);
                match self.subscript_get(b, &[], e.span) {
                    Some(call) => call,
                    None => {
                        if !self.ty(b).is_error() {
                            self.error("E0408", e.span, "`[]` needs an index (or a `__subscript` of no parameters)");
                        }
                        self.error_expr(e.span)
                    }
                }
            }
            K::Index { base, index } => {
                if let Some(m) = self.mips_index(base, index, e.span) {
                    return m;
                }
                // An element of an array of resource structs (`Sampler2D t[4]`): the struct of
                // its fields' elements, each subscripted by the one index.
                if let K::Ident(name) = &base.kind {
                    let shadowed = self
                        .cur
                        .as_ref()
                        .is_some_and(|st| st.scopes.iter().any(|scope| scope.get(name.as_str()).is_some()));
                    if self.resource_struct_global_array(name) && !shadowed {
                        let i = self.expr(index);
                        return self.resource_struct_element(name, i, e.span);
                    }
                    // A parameter an instance has bound to such an array.
                    if let Some(global) = self.resource_struct_array_param(name) {
                        let i = self.expr(index);
                        return self.resource_struct_element(&global, i, e.span);
                    }
                }
                if let Some(m) = self.sample_index(base, index, e.span) {
                    return m;
                }
                let mut b = self.expr(base);
                // A combined texture-sampler's texels are its texture's (`s[coord]`).
                if let Type::Struct(h) = self.ty(b) {
                    if self.is_combined_sampler(&Type::Struct(h)) {
                        b = self.field(b, h, &ast::Ident { name: "texture".into(), span: e.span }, e.span);
                    }
                }
                // A `ConstantBuffer<S>` (or `ParameterBlock<S>`) indexes as the `S` it holds.
                if let Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) = self.ty(b) {
                    if let Type::Struct(h) = *inner {
                        let indexable =
                            self.has_subscript(&Type::Struct(h)) || self.method_of(h, "operator[]").is_some();
                        if indexable && !self.is_constant_buffer_wrapper(h) {
                            b = self.constant_buffer_value(b, h);
                        }
                    }
                }
                // Slang's `tex[coord, sample]` of a multisampled texture.
                if let (Type::Resource(kind, Some(elem)), K::Comma { lhs, rhs }) = (self.ty(b), &index.kind) {
                    if kind.is_multisampled() {
                        let c = self.expr(lhs);
                        let s = self.expr(rhs);
                        return self.multisample_load(b, kind, &elem, c, Some(s), None, e.span);
                    }
                }
                if self.has_subscript(&self.ty(b)) {
                    // `s[i, j]`: the index list is the subscript's arguments.
                    let mut indices = Vec::new();
                    comma_list(index, &mut indices);
                    let args: Vec<ExprId> = indices.iter().map(|a| self.expr(a)).collect();
                    if let Some(call) = self.subscript_get(b, &args, e.span) {
                        return call;
                    }
                }
                let i = self.expr(index);
                if let Type::Struct(_) = self.ty(b) {
                    if let Some(call) = self.user_operator("[]", vec![b, i], e.span) {
                        return call;
                    }
                }
                self.index(b, i, e.span)
            }
            K::Comma { lhs, rhs } => {
                let a = self.expr(lhs);
                let b = self.expr(rhs);
                let t = self.ty(b);
                self.add_expr(ExprKind::Comma(a, b), t, e.span)
            }
            K::TypeTest { expr, ty, cast } => self.type_test(expr, ty, *cast, e.span),
            K::Error => self.error_expr(e.span),
        }
    }

    fn mismatch(&mut self, span: Span, what: &str, a: &Type, b: &Type) {
        let msg = format!("type mismatch in {what}: `{}` and `{}`", self.type_name(a), self.type_name(b));
        self.error("E0405", span, msg);
    }

    /// A global read by name: a scalar constant folds right here, so array sizes and the
    /// output both see the value.
    pub(super) fn global_expr(&mut self, g: GlobalId, span: Span) -> ExprId {
        let global = &self.module.globals[g];
        // A specialization constant is read where it is used: a pipeline may give it a value.
        let specializable = self.spec_defaults.contains_key(&g);
        if let (AddressSpace::Constant, Some(v), Type::Scalar(_), false) =
            (&global.space, &global.init, &global.ty, specializable)
        {
            let (v, ty) = (v.clone(), global.ty.clone());
            return self.add_expr(ExprKind::Const(v), ty, span);
        }
        let ty = global.ty.clone();
        let e = self.add_expr(ExprKind::Global(g), ty.clone(), span);
        // `ConstantBuffer<float4x4> M`: `M` is the matrix its block holds.
        if let Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) = &ty {
            if let Type::Struct(h) = **inner {
                if self.is_constant_buffer_wrapper(h) {
                    let value = self.module.structs[h].fields[0].ty.clone();
                    return self.add_expr(ExprKind::Field { base: e, index: 0 }, value, span);
                }
            }
        }
        e
    }

    /// A variable a `for`'s initializer declared, named after its loop where nothing else of
    /// the name is in scope: pre-2021 HLSL (FXC's, DXC's `-HV 2018`) declares it in the scope
    /// around the loop. It is used so, with a warning; its declaration moves before the loop.
    fn leaked_for_variable(&mut self, name: &str, span: Span) -> Option<ExprId> {
        let state = self.cur.as_mut()?;
        let local = state.for_init_leaks.iter().rev().find_map(|(_, n, s)| match s {
            Sym::Local(l) if n == name => Some(*l),
            _ => None,
        })?;
        let ty = state.func.locals[local].ty.clone();
        if state.leaked_for_locals.insert(local) {
            let declared = state.func.locals[local].span;
            self.push(
                Diagnostic::warning(
                    "W0507",
                    format!("`{name}` is used after the `for` loop that declares it (pre-2021 HLSL's scoping)"),
                )
                .with_label(span, "used here")
                .with_label(declared, "declared in the loop's initializer")
                .with_note("HLSL 2021 (DXC's default) ends its scope with the loop: declare it before the loop"),
            );
        }
        Some(self.add_expr(ExprKind::Local(local), ty, span))
    }

    fn ident(&mut self, name: &str, span: Span) -> ExprId {
        if let Some(state) = &self.cur {
            let found = state.scopes.iter().rev().find_map(|scope| scope.get(name)).cloned();
            match found {
                Some(Sym::Local(l)) => {
                    let ty = state.func.locals[l].ty.clone();
                    return self.add_expr(ExprKind::Local(l), ty, span);
                }
                Some(Sym::Global(g)) => return self.global_expr(g, span),
                Some(Sym::Const(v, ty)) => return self.add_expr(ExprKind::Const(v), ty, span),
                None => {
                    if let Some(e) = self.leaked_for_variable(name, span) {
                        return e;
                    }
                }
            }
        }
        if let Some((v, ty)) = self.generic_values.get(name).cloned() {
            return self.add_expr(ExprKind::Const(v), ty, span);
        }
        // GLSL: a member of a buffer block without an instance name, an invocation id.
        if let Some(&g) = self.block_fields.get(name) {
            return self.block_field(g, &ast::Ident { name: name.to_string(), span }, span);
        }
        if let Some(e) = self.invocation_id_global(name, span) {
            return e;
        }
        // In a method, a field's or property's name alone is `this`'s.
        if let Some((this, h)) = self.this_object() {
            let property = self.method_of(h, &methods::getter(name)).is_some()
                || self.method_of(h, &methods::setter(name)).is_some();
            if property || self.module.structs[h].fields.iter().any(|f| f.name == name) {
                let object = self.add_expr(ExprKind::Local(this), Type::Struct(h), span);
                return self.field(object, h, &ast::Ident { name: name.to_string(), span }, span);
            }
        }
        if let Some(e) = self.lambda_capture(name, span) {
            return e;
        }
        let key = self.scoped(name, |n| self.globals.contains_key(n));
        if let Some(g) = self.globals.get(&key).copied() {
            return self.global_expr(g, span);
        }
        if let Some(e) = self.resource_alias_use(name, span) {
            return e;
        }
        if let Some(e) = self.resource_struct_value(name, None, span) {
            return e;
        }
        // GLSL's built-in variables (`gl_SubgroupSize`) are stdlib functions marked `[variable]`.
        let variable = self.stdlib.overloads(name).iter().any(|&i| {
            self.stdlib
                .intrinsics
                .get(i)
                .is_some_and(|intr| intr.params.is_empty() && intr.lowerings_for("variable").next().is_some())
        });
        if variable {
            return self.call_intrinsic(name, Vec::new(), span, span);
        }
        if let Some(e) = self.function_value(name, &[], span) {
            return e;
        }
        if self.generic_fns.contains_key(&self.scoped(name, |n| self.generic_fns.contains_key(n))) {
            let d =
                Diagnostic::error("E0493", format!("generic `{name}` named as a value without its generic arguments"))
                    .with_label(span, "which instance?")
                    .with_note(format!(
                        "name one: `{name}<…>` (a function with a parameter of function type is generic over it)"
                    ));
            self.push(d);
            return self.error_expr(span);
        }
        if self.functions.contains_key(name) || !self.stdlib.overloads(name).is_empty() {
            self.error("E0301", span, format!("`{name}` is a function; call it with `{name}(…)`"));
            return self.error_expr(span);
        }
        if name == "nullptr" {
            return self.null_pointer(span);
        }
        if let Some(v) = super::ray_query::builtin_constant(name) {
            return self.add_expr(ExprKind::Const(ConstValue::Uint(v.into())), Type::UINT, span);
        }
        if crate::lower::descriptor_heaps::HLSL_HEAPS.contains(&name) {
            let d = Diagnostic::error("E0421", format!("`{name}[i]` has no type of its own"))
                .with_label(span, "read here without a typed destination")
                .with_note(
                    "a heap's element takes the type of the variable it initializes, the value it is assigned to or \
                     the result it returns: `Texture2D t = ResourceDescriptorHeap[i];`",
                );
            self.push(d);
            return self.error_expr(span);
        }
        // Slang's `none`: typed `void` until it converts to an `Optional<T>`.
        if name == "none" {
            let e = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Void, span);
            if let Some(st) = self.cur.as_mut() {
                st.nones.insert(e);
            }
            return e;
        }
        if let Some(owners) = self.enum_case_owners.get(name).filter(|o| o.len() > 1) {
            let d = Diagnostic::error("E0301", format!("`{name}` is a case of several enums"))
                .with_label(span, "ambiguous")
                .with_note(format!("name the enum: `{}.{name}`", owners.join(&format!(".{name}` or `"))));
            self.push(d);
            return self.error_expr(span);
        }
        // Perhaps a global declared further on: the body is checked again at the end.
        self.unresolved_calls.push(name.to_string());
        let mut d =
            Diagnostic::error("E0301", format!("undefined name `{name}`")).with_label(span, "not found in this scope");
        if let Some(s) = self.suggest(name) {
            d = d.with_note(format!("did you mean `{s}`?"));
        }
        self.push(d);
        self.error_expr(span)
    }

    /// The methods Slang's core interfaces give scalars, vectors and matrices (`IArithmetic`'s
    /// `a.add(b)`, `IComparable`'s `a.lessThan(b)`, `ILogical`'s `a.bitAnd(b)`, `IInteger`'s
    /// `n.toInt()`, `IFloat`'s `x.toFloat()`): the operation or conversion they name. `None`
    /// for other types and names.
    fn builtin_method(&mut self, object: ExprId, name: &ast::Ident, args: &[ExprId], span: Span) -> Option<ExprId> {
        let ot = self.ty(object);
        let s = ot.scalar().filter(|_| ot.is_numeric_like())?;
        let binary = match name.name.as_str() {
            "add" => Some(BinaryOp::Add),
            "sub" => Some(BinaryOp::Sub),
            "mul" => Some(BinaryOp::Mul),
            "div" => Some(BinaryOp::Div),
            "mod" => Some(BinaryOp::Rem),
            "equals" => Some(BinaryOp::Eq),
            "lessThan" => Some(BinaryOp::Lt),
            "lessThanOrEquals" => Some(BinaryOp::Le),
            "bitAnd" if s.is_int() || s == Scalar::Bool => Some(BinaryOp::BitAnd),
            "bitOr" if s.is_int() || s == Scalar::Bool => Some(BinaryOp::BitOr),
            "bitXor" if s.is_int() || s == Scalar::Bool => Some(BinaryOp::BitXor),
            "shl" if s.is_int() => Some(BinaryOp::Shl),
            "shr" if s.is_int() => Some(BinaryOp::Shr),
            _ => None,
        };
        if let Some(op) = binary {
            let [other] = args else { return None };
            let other =
                if matches!(op, BinaryOp::Shl | BinaryOp::Shr) { *other } else { self.coerce(*other, &ot, span) };
            return Some(self.binary(op, object, other, span));
        }
        // `IFloat.scale(s)`: every element times a floating-point scalar.
        if name.name == "scale" && s.is_float() {
            let [factor] = args else { return None };
            if !matches!(self.ty(*factor), Type::Scalar(f) if f.is_float()) {
                return None;
            }
            let factor = self.coerce(*factor, &Type::Scalar(s), span);
            return Some(self.binary(BinaryOp::Mul, object, factor, span));
        }
        let converted = match name.name.as_str() {
            "neg" if args.is_empty() && s != Scalar::Bool => {
                return Some(self.add_expr(ExprKind::Unary(UnaryOp::Neg, object), ot.clone(), span));
            }
            "toInt" if s.is_int() => Type::INT,
            "toInt64" if s.is_int() => Type::Scalar(Scalar::I64),
            "toUInt" if s.is_int() => Type::UINT,
            "toUInt64" if s.is_int() => Type::Scalar(Scalar::U64),
            "toFloat" if s.is_float() => Type::FLOAT,
            _ => return None,
        };
        if !args.is_empty() || !matches!(ot, Type::Scalar(_)) {
            return None;
        }
        Some(self.convert_node(object, converted))
    }

    /// `e` as a value of type `ty`: an initializer list built as one, anything else converted.
    pub(super) fn value_of_type(&mut self, e: &ast::Expr, ty: &Type) -> ExprId {
        if let ast::ExprKind::InitList(items) = &e.kind {
            let mut ty = ty.clone();
            return self.initializer(&ast::Initializer::List(items.clone(), e.span), &mut ty);
        }
        if let Some(v) = self.heap_read(e, ty) {
            return v;
        }
        let v = self.expr(e);
        self.coerce(v, ty, e.span)
    }

    /// The parameter types of each function `name` could call with `count` arguments.
    fn parameter_types_of(&self, name: &str, count: usize) -> Vec<Vec<Type>> {
        let key = self.scoped(name, |n| self.functions.contains_key(n));
        let Some(ids) = self.functions.get(&key) else { return Vec::new() };
        ids.iter()
            .map(|id| &self.sigs[id.index()])
            .filter(|s| s.params.len() >= count && s.defaults[count..].iter().all(Option::is_some))
            .map(|s| s.params.iter().map(|(t, _)| t.clone()).collect())
            .collect()
    }

    /// A call's arguments: each an expression, but an initializer list (`f({a, b})`), which is
    /// built as the parameter type every `candidates` signature agrees on at its place.
    pub(super) fn call_args(&mut self, args: &[ast::Expr], candidates: &[Vec<Type>]) -> Vec<ExprId> {
        if args.iter().any(|a| matches!(a.kind, ast::ExprKind::Expand(_))) {
            return self.spread_args(args);
        }
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            if !matches!(a.kind, ast::ExprKind::InitList(_)) {
                out.push(self.expr(a));
                continue;
            }
            let types: Vec<&Type> = candidates.iter().filter_map(|c| c.get(i)).collect();
            match types.first() {
                Some(t) if types.iter().all(|u| u == t) => {
                    let t = (*t).clone();
                    out.push(self.value_of_type(a, &t));
                }
                _ => out.push(self.expr(a)),
            }
        }
        out
    }

    /// Whether the code being checked is a member of struct `h` (a method, a nested type's, an
    /// extension's), where its `private` members may be used.
    fn inside_struct(&self, h: StructId) -> bool {
        if self.this_object().is_some_and(|(_, this)| this == h) {
            return true;
        }
        let name = &self.module.structs[h].name;
        let here = self.namespaces.join("::");
        here == *name || here.starts_with(&format!("{name}::"))
    }

    /// The namespace an expression names (`A` or `A.B` in `A.B.f()`), where no variable of
    /// that name hides it.
    fn namespace_path(&self, e: &ast::Expr) -> Option<String> {
        let path = match &e.kind {
            ast::ExprKind::Ident(n) => {
                let local = self.cur.as_ref().is_some_and(|st| st.scopes.iter().any(|s| s.contains_key(n)));
                let global = self.globals.contains_key(&self.scoped(n, |k| self.globals.contains_key(k)));
                if local || global {
                    return None;
                }
                n.clone()
            }
            ast::ExprKind::Member { base, name } => format!("{}::{}", self.namespace_path(base)?, name.name),
            _ => return None,
        };
        let full = self.scoped(&path, |n| self.known_namespaces.contains(n));
        self.known_namespaces.contains(&full).then_some(full)
    }

    fn suggest(&self, name: &str) -> Option<String> {
        let mut names: Vec<&str> = self.globals.keys().map(String::as_str).collect();
        if let Some(state) = &self.cur {
            for scope in &state.scopes {
                names.extend(scope.keys().map(String::as_str));
            }
        }
        names.sort();
        names
            .into_iter()
            .map(|n| (distance(name, n), n))
            .filter(|(d, n)| *d <= 2 && *d < n.len())
            .min()
            .map(|(_, n)| n.to_string())
    }

    /// `lhs op= rhs` once `lhs` is checked as `target`.
    pub(super) fn assign_to(
        &mut self,
        op: Option<ast::BinOp>,
        target: ExprId,
        lhs: &ast::Expr,
        rhs: &ast::Expr,
        span: Span,
    ) -> ExprId {
        // `a = v` and `a += v` on an `Atomic<T>`: its `store` and `add`.
        if self.atomic_elem(&self.ty(target)).is_some() {
            let value = self.expr(rhs);
            let done = match op {
                None => {
                    let store = ast::Ident { name: "store".into(), span };
                    self.atomic_method(target, &store, vec![value], span)
                }
                Some(op) => {
                    let symbol = format!("{}=", bin_op(op).symbol());
                    self.atomic_operator(target, &symbol, Some(value), span)
                }
            };
            return done.unwrap_or_else(|| self.error_expr(span));
        }
        if self.is_ref_read(target) {
            return self.ref_assign(op, target, lhs, rhs, span);
        }
        let property = self.cur.as_ref().is_some_and(|st| st.property_reads.contains_key(&target));
        if property || matches!(self.ty(target), Type::Struct(_)) {
            if let Some(e) = self.object_assign(op, target, lhs, rhs, span) {
                return e;
            }
        }
        let write_back = self.property_part(target, span);
        self.require_lvalue(target);
        let value = self.expr(rhs);
        let tt = self.ty(target);
        // GLSL's `m *= n` is `m = m * n`, the linear-algebra product.
        if let (true, Some(ast::BinOp::Mul)) = (self.glsl_semantics, op) {
            if let Some(product) = self.glsl_binary(BinaryOp::Mul, target, value, span) {
                let product = self.coerce(product, &tt, span);
                return self.add_expr(ExprKind::Assign { op: None, target, value: product }, tt, span);
            }
        }
        let value = match op {
            None => self.coerce(value, &tt, span),
            Some(op) => {
                // `a op= b` is `a = a op b`: type the operation, then convert back.
                let op = bin_op(op);
                self.check_binary_operands(op, target, value, span);
                if op == BinaryOp::Shl || op == BinaryOp::Shr || tt.scalar().is_some() {
                    let vt = self.ty(value);
                    // A shift's amount has the shape of the value shifted (SPIR-V's rule;
                    // `v <<= 1` shifts each component by 1), as in `v << 1`.
                    let shift = op == BinaryOp::Shl || op == BinaryOp::Shr;
                    let want = if !shift && matches!(vt, Type::Scalar(_)) && !matches!(tt, Type::Scalar(_)) {
                        Type::Scalar(tt.scalar().unwrap_or(Scalar::F32))
                    } else {
                        tt.clone()
                    };
                    self.coerce(value, &want, span)
                } else {
                    value
                }
            }
        };
        let assign = self.add_expr(ExprKind::Assign { op: op.map(bin_op), target, value }, tt.clone(), span);
        match write_back {
            // Read the property into a temporary, change the part, set it back.
            Some((read, set)) => {
                let changed = self.add_expr(ExprKind::Comma(read, assign), tt, span);
                self.add_expr(ExprKind::Comma(changed, set), Type::Void, span)
            }
            None => assign,
        }
    }

    pub(super) fn require_lvalue(&mut self, e: ExprId) -> bool {
        match self.lvalue_problem(e) {
            None => true,
            Some(why) => {
                let span = self.span_of(e);
                self.error("E0406", span, format!("cannot assign to this expression: {why}"));
                false
            }
        }
    }

    fn lvalue_problem(&self, e: ExprId) -> Option<String> {
        let state = self.cur.as_ref()?;
        let expr = &state.func.exprs[e];
        if expr.ty.is_error() {
            return None;
        }
        match &expr.kind {
            ExprKind::Local(l) => {
                let local = &state.func.locals[*l];
                local.is_const.then(|| match local.ty {
                    Type::Resource(..) => {
                        format!("`{}` is a `static` or `const` resource, which is read-only", local.name)
                    }
                    _ => format!("`{}` is const", local.name),
                })
            }
            ExprKind::Global(g) => {
                let global = &self.module.globals[*g];
                if self.runtime_consts.contains(g) {
                    return Some(format!("`{}` is const", global.name));
                }
                match global.space {
                    AddressSpace::Groupshared | AddressSpace::Private => None,
                    AddressSpace::Constant => Some(format!("`{}` is a constant", global.name)),
                    AddressSpace::Uniform { .. } | AddressSpace::PushConstant => {
                        Some(format!("`{}` is a uniform (read-only)", global.name))
                    }
                    AddressSpace::Resource => Some(format!("`{}` is a resource", global.name)),
                }
            }
            ExprKind::Swizzle { base, components } => {
                let mut seen = [false; 4];
                for c in components {
                    if std::mem::replace(&mut seen[*c as usize], true) {
                        return Some("a swizzle that repeats a component".into());
                    }
                }
                self.lvalue_problem(*base)
            }
            ExprKind::Field { base, .. } => self.lvalue_problem(*base),
            ExprKind::Deref(_) => None,
            ExprKind::Index { base, .. } => {
                let bt = &state.func.exprs[*base].ty;
                if let Type::Resource(kind, _) = bt {
                    return (!kind.is_writable()).then(|| format!("`{}` is read-only", kind.name()));
                }
                self.lvalue_problem(*base)
            }
            ExprKind::Const(_) => Some("it is a constant".into()),
            // A `ConstantBuffer<S>` read as its `S` (`constant_buffer_value`), as the object of
            // a method or setter that changes it.
            ExprKind::Construct(parts) => {
                let block = parts.first().and_then(|p| match &state.func.exprs[*p].kind {
                    ExprKind::Field { base, .. } => {
                        match (&state.func.exprs[*base].kind, &state.func.exprs[*base].ty) {
                            (ExprKind::Global(g), Type::Resource(ResourceKind::ConstantBuffer, _)) => Some(*g),
                            _ => None,
                        }
                    }
                    _ => None,
                });
                match block {
                    Some(g) => Some(format!(
                        "`{}` is read-only (a constant buffer or parameter block); a setter or method that only writes \
                         through a resource it holds can be marked `[nonmutating]`",
                        self.module.globals[g].name
                    )),
                    None => Some("it is not a variable, element or field".into()),
                }
            }
            _ => Some("it is not a variable, element or field".into()),
        }
    }

    /// The address space an lvalue lives in: atomics need groupshared or a writable resource.
    pub(super) fn lvalue_space(&self, e: ExprId) -> Option<AddressSpace> {
        let state = self.cur.as_ref()?;
        match &state.func.exprs[e].kind {
            ExprKind::Global(g) => Some(self.module.globals[*g].space.clone()),
            ExprKind::Local(_) => None,
            ExprKind::Swizzle { base, .. } | ExprKind::Field { base, .. } => self.lvalue_space(*base),
            ExprKind::Index { base, .. } => match &state.func.exprs[*base].ty {
                Type::Resource(..) => Some(AddressSpace::Resource),
                _ => self.lvalue_space(*base),
            },
            _ => None,
        }
    }

    pub(super) fn check_binary_operands(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> bool {
        let (tl, tr) = (self.ty(l), self.ty(r));
        if tl.is_error() || tr.is_error() {
            return false;
        }
        if !tl.is_numeric_like() || !tr.is_numeric_like() {
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`",
                op.symbol(),
                self.type_name(&tl),
                self.type_name(&tr)
            );
            self.error("E0405", span, msg);
            return false;
        }
        for (t, e) in [(&tl, l), (&tr, r)] {
            if t.scalar().is_some_and(Scalar::is_substandard) {
                let msg = format!("operator `{}` cannot be applied to `{}`", op.symbol(), self.type_name(t));
                let at = self.span_of(e);
                self.push(Diagnostic::error("E0405", msg).with_label(at, "a storage type").with_note(
                    "`BFloat16`, `FloatE4M3` and `FloatE5M2` have no arithmetic or comparisons: convert to `float` (`float(x)`) and back (`BFloat16(y)`)",
                ));
                return false;
            }
        }
        if op.is_bitwise() {
            for (t, e) in [(&tl, l), (&tr, r)] {
                if t.scalar().is_some_and(|s| s.is_float()) {
                    let msg =
                        format!("operator `{}` needs integer operands, found `{}`", op.symbol(), self.type_name(t));
                    let at = self.span_of(e);
                    self.error("E0405", at, msg);
                    return false;
                }
            }
        }
        true
    }

    /// GLSL's operators where they differ from HLSL's. A GLSL matrix is held as the HLSL matrix
    /// whose rows are its columns (so `m[i]`, the constructors and the layouts agree), which
    /// makes GLSL's `a * b` of a matrix and a matrix or vector HLSL's `mul(b, a)`. `==` and `!=`
    /// of vectors compare whole vectors.
    fn glsl_binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Option<ExprId> {
        let (tl, tr) = (self.ty(l), self.ty(r));
        let algebra = |t: &Type| matches!(t, Type::Matrix(..) | Type::Vector(..));
        match op {
            BinaryOp::Mul
                if (matches!(tl, Type::Matrix(..)) || matches!(tr, Type::Matrix(..)))
                    && algebra(&tl)
                    && algebra(&tr) =>
            {
                Some(self.call_intrinsic("mul", vec![r, l], span, span))
            }
            BinaryOp::Eq | BinaryOp::Ne if matches!(tl, Type::Vector(..)) && matches!(tr, Type::Vector(..)) => {
                self.glsl_semantics = false;
                let each = self.binary(op, l, r, span);
                self.glsl_semantics = true;
                let reduce = if op == BinaryOp::Eq { "all" } else { "any" };
                Some(self.call_intrinsic(reduce, vec![each], span, span))
            }
            _ => None,
        }
    }

    pub(super) fn binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> ExprId {
        if let Some(e) = self.pointer_binary(op, l, r, span) {
            return e;
        }
        if self.glsl_semantics {
            if let Some(e) = self.glsl_binary(op, l, r, span) {
                return e;
            }
        }
        if let Some(e) = self.substandard_binary(op, l, r, span) {
            return e;
        }
        if !self.check_binary_operands(op, l, r, span) {
            return self.error_expr(span);
        }
        let (tl, tr) = (self.ty(l), self.ty(r));
        let (sl, sr) = (tl.scalar().unwrap_or(Scalar::I32), tr.scalar().unwrap_or(Scalar::I32));
        let (ll, lr) = (self.is_literal(l), self.is_literal(r));
        let both_literal = ll && lr;
        let mut elem = conv::common_scalar(sl, ll, sr, lr);
        if op.is_logical() {
            elem = Scalar::Bool;
        } else if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            // A shift has the type of its left operand.
            elem = if sl == Scalar::Bool { Scalar::I32 } else { sl };
        } else if elem == Scalar::Bool
            && !op.is_comparison()
            && !matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor)
        {
            elem = Scalar::I32;
        } else if elem == Scalar::Bool && op.is_comparison() {
            // A `bool` compared by order, or with a number (`valid > 0`, `b == 2`), is the
            // integer 0 or 1, as in C and DXC: only `bool == bool` compares truth values.
            let ordered = !matches!(op, BinaryOp::Eq | BinaryOp::Ne);
            if ordered || sl != sr {
                elem = if sl == Scalar::Bool { sr } else { sl };
                if elem == Scalar::Bool {
                    elem = Scalar::I32;
                }
            }
        }
        let Some(operand_ty) = conv::common_shape(&tl, &tr, elem) else {
            self.mismatch(span, &format!("operator `{}`", op.symbol()), &tl, &tr);
            return self.error_expr(span);
        };
        let (l, r) = if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            let rt = operand_ty.with_scalar(if sr == Scalar::Bool || sr.is_float() { Scalar::U32 } else { sr });
            (self.coerce(l, &operand_ty, span), self.coerce(r, &rt, span))
        } else {
            (self.coerce(l, &operand_ty, span), self.coerce(r, &operand_ty, span))
        };
        let within = operand_ty.scalar().unwrap_or(Scalar::I32);
        let result =
            if op.is_comparison() || op.is_logical() { operand_ty.with_scalar(Scalar::Bool) } else { operand_ty };
        // Fold constant scalar operations (keeps literal-ness when both sides are literals).
        if let (Some(state), Type::Scalar(s)) = (&self.cur, &result) {
            if let (ExprKind::Const(a), ExprKind::Const(b)) = (&state.func.exprs[l].kind, &state.func.exprs[r].kind) {
                if let Some(v) = consts::binary_in(op, within, a, b).and_then(|v| consts::convert(&v, *s)) {
                    let id = self.add_expr(ExprKind::Const(v), result, span);
                    if both_literal {
                        if let Some(st) = self.cur.as_mut() {
                            st.literals.insert(id);
                        }
                    }
                    return id;
                }
            }
        }
        self.add_expr(ExprKind::Binary(op, l, r), result, span)
    }

    /// An arithmetic or comparison operator on substandard floats (two of one type, or one and
    /// a literal): computed in `float`, an arithmetic result rounded once back to the type, as
    /// Slang's cooperative matrices of them compute (Slang refuses it on scalars; wavec's
    /// extension). Bitwise and logical operators, and mixed types, are refused.
    fn substandard_binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Option<ExprId> {
        let (tl, tr) = (self.ty(l), self.ty(r));
        let sub = [tl.scalar(), tr.scalar()].into_iter().flatten().find(|s| s.is_substandard())?;
        let fits = |c: &Self, t: &Type, e: ExprId| {
            t.scalar() == Some(sub) || (c.is_literal(e) && t.scalar().is_some_and(|s| s.is_float() || s.is_int()))
        };
        let arithmetic = matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem);
        if !fits(self, &tl, l) || !fits(self, &tr, r) || !(arithmetic || op.is_comparison()) {
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`",
                op.symbol(),
                self.type_name(&tl),
                self.type_name(&tr)
            );
            self.push(Diagnostic::error("E0405", msg).with_label(span, "here").with_note(
                "`BFloat16`, `FloatE4M3` and `FloatE5M2` have arithmetic and comparisons with their own type only, computed in `float`: convert the other operand (`BFloat16(x)`), or this one (`float(x)`)",
            ));
            return Some(self.error_expr(span));
        }
        let fl = self.convert_node(l, tl.with_scalar(Scalar::F32));
        let fr = self.convert_node(r, tr.with_scalar(Scalar::F32));
        let v = self.binary(op, fl, fr, span);
        if op.is_comparison() || self.ty(v).is_error() {
            return Some(v);
        }
        let t = self.ty(v).with_scalar(sub);
        Some(self.convert_node(v, t))
    }

    fn unary(&mut self, op: ast::UnOp, operand: &ast::Expr, span: Span) -> ExprId {
        let unused = std::mem::take(&mut self.value_unused);
        let e = self.expr(operand);
        let t = self.ty(e);
        if t.is_error() {
            return e;
        }
        match op {
            ast::UnOp::Deref => return self.deref(e, span),
            ast::UnOp::AddressOf => return self.address_of(e, span),
            _ => {}
        }
        if self.atomic_elem(&t).is_some() {
            let symbol = match op {
                ast::UnOp::PreInc => "++x",
                ast::UnOp::PreDec => "--x",
                ast::UnOp::PostInc => "x++",
                ast::UnOp::PostDec => "x--",
                _ => "-",
            };
            return self.atomic_operator(e, symbol, None, span).unwrap_or_else(|| self.error_expr(span));
        }
        if let Type::Struct(_) = t {
            let symbol = match op {
                ast::UnOp::Neg => "-",
                ast::UnOp::Plus => "+",
                ast::UnOp::Not => "!",
                ast::UnOp::BitNot => "~",
                ast::UnOp::PreInc | ast::UnOp::PostInc => "++",
                ast::UnOp::PreDec | ast::UnOp::PostDec => "--",
                ast::UnOp::Deref | ast::UnOp::AddressOf => unreachable!("answered above"),
            };
            if symbol == "++" || symbol == "--" {
                self.require_lvalue(e);
            }
            if let Some(call) = self.user_operator(symbol, vec![e], span) {
                return call;
            }
        }
        let property = self.cur.as_ref().is_some_and(|st| st.property_reads.contains_key(&e)) || self.is_ref_read(e);
        if let (true, Some(inc)) = (property, op.increments()) {
            // `p.x++` of a property (a bit field): `p.x += 1` through its accessors; the
            // postfix forms give the value before, the new one less one (exact for integers).
            let literal = crate::syntax::token::IntLit { value: 1, unsigned: false, long: false, radix: 10 };
            let one = ast::Expr { kind: ast::ExprKind::IntLit(literal), span };
            let step = if inc { ast::BinOp::Add } else { ast::BinOp::Sub };
            let mut new = self.assign_to(Some(step), e, operand, &one, span);
            if unused {
                return new;
            }
            if self.ty(new) == Type::Void {
                // The setter gives nothing back: the new value is read again.
                let again = self.expr(operand);
                new = self.add_expr(ExprKind::Comma(new, again), t.clone(), span);
            }
            if matches!(op, ast::UnOp::PreInc | ast::UnOp::PreDec) {
                return new;
            }
            let one = self.add_expr(ExprKind::Const(ConstValue::Int(1)), Type::INT, span);
            let back = if inc { BinaryOp::Sub } else { BinaryOp::Add };
            return self.binary(back, new, one, span);
        }
        // `-x` of a substandard float: its sign flipped, through `float` as its arithmetic.
        if let (Some(sub), ast::UnOp::Neg) = (t.scalar().filter(|s| s.is_substandard()), op) {
            let f = self.convert_node(e, t.with_scalar(Scalar::F32));
            let neg = self.add_expr(ExprKind::Unary(UnaryOp::Neg, f), t.with_scalar(Scalar::F32), span);
            return self.convert_node(neg, t.with_scalar(sub));
        }
        if t.scalar().is_some_and(Scalar::is_substandard) && !matches!(op, ast::UnOp::Plus) {
            let msg = format!("unary operator cannot be applied to `{}`", self.type_name(&t));
            self.push(Diagnostic::error("E0405", msg).with_label(span, "a storage type").with_note(
                "`BFloat16`, `FloatE4M3` and `FloatE5M2` have only `-` and the arithmetic and comparison operators, computed in `float`",
            ));
            return self.error_expr(span);
        }
        match op {
            ast::UnOp::PreInc | ast::UnOp::PreDec | ast::UnOp::PostInc | ast::UnOp::PostDec => {
                self.require_lvalue(e);
                if !t.is_numeric_like() || t.scalar() == Some(Scalar::Bool) {
                    let msg = format!("`++`/`--` need a numeric variable, found `{}`", self.type_name(&t));
                    self.error("E0405", span, msg);
                }
                let op = match op {
                    ast::UnOp::PreInc => IncDec::PreInc,
                    ast::UnOp::PreDec => IncDec::PreDec,
                    ast::UnOp::PostInc => IncDec::PostInc,
                    _ => IncDec::PostDec,
                };
                self.add_expr(ExprKind::IncDec { op, target: e }, t, span)
            }
            ast::UnOp::Plus => e,
            ast::UnOp::Deref | ast::UnOp::AddressOf => unreachable!("answered above"),
            ast::UnOp::Neg | ast::UnOp::BitNot | ast::UnOp::Not => {
                if !t.is_numeric_like() {
                    let msg = format!("unary operator cannot be applied to `{}`", self.type_name(&t));
                    self.error("E0405", span, msg);
                    return self.error_expr(span);
                }
                let (uop, ty) = match op {
                    ast::UnOp::Neg => {
                        let ty = if t.scalar() == Some(Scalar::Bool) { t.with_scalar(Scalar::I32) } else { t.clone() };
                        (UnaryOp::Neg, ty)
                    }
                    ast::UnOp::Not => (UnaryOp::Not, t.with_scalar(Scalar::Bool)),
                    _ => {
                        if t.scalar().is_some_and(|s| s.is_float()) {
                            let msg = format!("operator `~` needs an integer operand, found `{}`", self.type_name(&t));
                            self.error("E0405", span, msg);
                            return self.error_expr(span);
                        }
                        let ty = if t.scalar() == Some(Scalar::Bool) { t.with_scalar(Scalar::I32) } else { t.clone() };
                        (UnaryOp::BitNot, ty)
                    }
                };
                let e = self.coerce(e, &ty, span);
                if let (Some(state), Type::Scalar(_)) = (&self.cur, &ty) {
                    if let ExprKind::Const(c) = &state.func.exprs[e].kind {
                        // `~x` stays as written (`~0u` reads better than its value); the
                        // targets compute it exactly.
                        let folded = match uop {
                            UnaryOp::BitNot => None,
                            _ => consts::unary_in(uop, ty.scalar().unwrap_or(Scalar::I32), c),
                        };
                        if let Some(v) = folded {
                            let lit = state.literals.contains(&e);
                            let id = self.add_expr(ExprKind::Const(v), ty, span);
                            if lit {
                                if let Some(st) = self.cur.as_mut() {
                                    st.literals.insert(id);
                                }
                            }
                            return id;
                        }
                    }
                }
                self.add_expr(ExprKind::Unary(uop, e), ty, span)
            }
        }
    }

    fn member(&mut self, b: ExprId, name: &ast::Ident, span: Span) -> ExprId {
        let bt = self.ty(b);
        // Slang's `p.f` is `p->f`.
        if bt.is_pointer() {
            let target = self.deref(b, span);
            return self.member(target, name, span);
        }
        if matches!(bt, Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..)) {
            if let Some((key, false)) = self.value_method(&bt, &methods::getter(&name.name)) {
                return self.call_member(&key, &[], vec![b], span, name.span);
            }
            if let Some(e) = self.value_static_member(&bt, name, span) {
                return e;
            }
        }
        match &bt {
            Type::Error => self.error_expr(span),
            Type::Struct(h) => match self.tuple_member(b, name, span) {
                Some(e) => e,
                None => self.field(b, *h, name, span),
            },
            Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) => match **inner {
                Type::Struct(h) => self.field(b, h, name, span),
                _ => self.error_expr(span),
            },
            Type::Scalar(s) | Type::Vector(s, _) => {
                let n = bt.vector_size().unwrap_or(1);
                let comps = match swizzle(&name.name, n) {
                    Some(c) => c,
                    None => {
                        let msg = format!("`{}` is not a valid swizzle of `{}`", name.name, self.type_name(&bt));
                        self.error("E0407", name.span, msg);
                        return self.error_expr(span);
                    }
                };
                let ty = if comps.len() == 1 { Type::Scalar(*s) } else { Type::Vector(*s, comps.len() as u8) };
                self.add_expr(ExprKind::Swizzle { base: b, components: comps }, ty, span)
            }
            // HLSL's matrix element swizzles: `m._12` (rows and columns from 1), `m._m01` (from
            // 0), several at once for a vector (`m._11_22_33`).
            Type::Matrix(s, r, c) => {
                let Some(elements) = matrix_elements(&name.name, *r, *c) else {
                    let msg = format!("`{}` is not an element swizzle of `{}`", name.name, self.type_name(&bt));
                    self.error("E0407", name.span, msg);
                    return self.error_expr(span);
                };
                let s = *s;
                let parts: Vec<ExprId> = elements
                    .iter()
                    .map(|&(row, col)| {
                        let ri = self.add_expr(ExprKind::Const(ConstValue::Uint(row.into())), Type::UINT, span);
                        let rv = self.index(b, ri, span);
                        let ci = self.add_expr(ExprKind::Const(ConstValue::Uint(col.into())), Type::UINT, span);
                        self.index(rv, ci, span)
                    })
                    .collect();
                match parts.as_slice() {
                    [one] => *one,
                    _ => self.add_expr(ExprKind::Construct(parts.clone()), Type::Vector(s, parts.len() as u8), span),
                }
            }
            other => {
                let msg = format!("`{}` has no member `{}`", self.type_name(other), name.name);
                self.error("E0407", name.span, msg);
                self.error_expr(span)
            }
        }
    }

    pub(super) fn field(&mut self, b: ExprId, h: StructId, name: &ast::Ident, span: Span) -> ExprId {
        let def = &self.module.structs[h];
        match def.fields.iter().position(|f| f.name == name.name) {
            Some(i) => {
                if self.private_fields.contains(&(h, i as u32)) && !self.inside_struct(h) {
                    let msg = format!("`{}` is private to `{}`", name.name, self.module.structs[h].name);
                    let d = Diagnostic::error("E0407", msg).with_label(name.span, "used outside the struct").with_note(
                        "a `private` member is for the struct's own methods (and its nested types' and extensions')",
                    );
                    self.push(d);
                }
                let def = &self.module.structs[h];
                let ty = def.fields[i].ty.clone();
                // A field of a struct read where it is built of parts without effects (a global
                // `Sampler2D`'s `texture`, a resource struct global's `count`): the part itself.
                // Only data structs remain after `lower::resource_structs`, so nothing may
                // read a struct holding resources by its field index later.
                if let Some(st) = self.cur.as_ref() {
                    if let ExprKind::Construct(parts) = &st.func.exprs[b].kind {
                        let pure = matches!(ty, Type::Resource(..)) || parts.iter().all(|p| st.func.is_pure(*p));
                        if let (Some(&part), true) = (parts.get(i), pure) {
                            return part;
                        }
                    }
                }
                self.add_expr(ExprKind::Field { base: b, index: i as u32 }, ty, span)
            }
            None => {
                if let Some(e) = self.property_get(b, h, name, span) {
                    return e;
                }
                if let Some(e) = self.pair_member(b, &name.name, span) {
                    return e;
                }
                // `s.K` of a static member: the object is not read.
                if let Some(e) = self.static_member(h, name, span) {
                    return e;
                }
                let def = &self.module.structs[h];
                let msg = format!("struct `{}` has no field `{}`", def.name, name.name);
                self.error("E0407", name.span, msg);
                self.error_expr(span)
            }
        }
    }

    /// The elements a matrix element swizzle (and swizzles of it) names, in order: each a
    /// `m[row][col]` with constant indices. `None` for anything else.
    pub(super) fn matrix_element_lvalues(&self, e: ExprId) -> Option<Vec<(ExprId, (u64, u64))>> {
        let f = &self.cur.as_ref()?.func;
        let const_index = |i: ExprId| f.const_value(i).and_then(|v| v.as_u64());
        match &f.exprs[e].kind {
            ExprKind::Construct(parts) if matches!(f.exprs[e].ty, Type::Vector(..)) => parts
                .iter()
                .map(|&p| match &f.exprs[p].kind {
                    // A row of one element (`Nx1`) is the element.
                    ExprKind::Index { base, index } if matches!(f.exprs[*base].ty, Type::Matrix(_, _, 1)) => {
                        Some((p, (const_index(*index)?, 0)))
                    }
                    ExprKind::Index { base: row, index: col } => match &f.exprs[*row].kind {
                        ExprKind::Index { base, index } if matches!(f.exprs[*base].ty, Type::Matrix(..)) => {
                            Some((p, (const_index(*index)?, const_index(*col)?)))
                        }
                        _ => None,
                    },
                    _ => None,
                })
                .collect(),
            ExprKind::Swizzle { base, components } => {
                let inner = self.matrix_element_lvalues(*base)?;
                components.iter().map(|&c| inner.get(c as usize).copied()).collect()
            }
            _ => None,
        }
    }

    pub(super) fn index(&mut self, b: ExprId, i: ExprId, span: Span) -> ExprId {
        let bt = self.ty(b);
        let it = self.ty(i);
        if bt.is_error() || it.is_error() {
            return self.error_expr(span);
        }
        // A descriptor handle indexes the resource it names (`h[i]` on a buffer's handle).
        if bt.handle_resource().is_some() {
            let target = self.deref(b, span);
            return self.index(target, i, span);
        }
        if bt.is_pointer() {
            return self.pointer_index(b, i, span);
        }
        // One element of a matrix element swizzle (`m._41_32[0]`) is that element, so it can be
        // assigned and passed as `out`.
        if let (Some(elements), Some(k)) =
            (self.matrix_element_lvalues(b), self.cur.as_ref().and_then(|st| st.func.const_value(i)?.as_u64()))
        {
            if let Some(&(element, _)) = elements.get(k as usize) {
                return element;
            }
        }
        // Slang's `vector<T, 1>` is a scalar here: its one component is index 0, and an index
        // known only at run time reads it too (any other index is out of range, undefined as a
        // vector's is); the index is still computed for its effects.
        if let Type::Scalar(_) = bt {
            let index = self.cur.as_ref().and_then(|st| match &st.func.exprs[i].kind {
                ExprKind::Const(c) => Some(c.as_i64()),
                _ => None,
            });
            if it.scalar().is_some_and(Scalar::is_int) && index.is_none_or(|k| k == Some(0)) {
                let pure = self.cur.as_ref().is_some_and(|st| st.func.is_pure(i));
                return if pure { b } else { self.add_expr(ExprKind::Comma(i, b), bt, span) };
            }
            let msg = format!("`{}` (a vector of one) takes only the index 0", self.type_name(&bt));
            let at = self.span_of(i);
            self.error("E0408", at, msg);
            return self.error_expr(span);
        }
        let (elem, index_ty) = match &bt {
            Type::Array(e, _) => ((**e).clone(), Type::UINT),
            Type::Vector(s, _) => (Type::Scalar(*s), Type::UINT),
            // A row of one element is that element (`float1` is a scalar here).
            Type::Matrix(s, _, 1) => (Type::Scalar(*s), Type::UINT),
            Type::Matrix(s, _, c) => (Type::Vector(*s, *c), Type::UINT),
            Type::Resource(kind, Some(e))
                if *kind != ResourceKind::ConstantBuffer
                    && !matches!(kind.texture_shape(), Some((TextureDim::Cube, _))) =>
            {
                let dims = kind.index_dims();
                let it = if dims == 1 { Type::UINT } else { Type::Vector(Scalar::U32, dims) };
                ((**e).clone(), it)
            }
            other => {
                let msg = format!("`{}` cannot be indexed", self.type_name(other));
                self.error("E0408", span, msg);
                return self.error_expr(span);
            }
        };
        // A float index converts as any HLSL argument does (DXC takes `tex[float3(uv, slice)]`),
        // and a scalar fills every coordinate of a texture's index, as Slang converts it.
        let splat = matches!(it, Type::Scalar(_)) && matches!(index_ty, Type::Vector(..));
        if it.scalar().is_none() || (it.element_count() != index_ty.element_count() && !splat) {
            let msg = format!("index must be `{}`, found `{}`", self.type_name(&index_ty), self.type_name(&it));
            let at = self.span_of(i);
            self.error("E0408", at, msg);
            return self.error_expr(span);
        }
        let i = if it.scalar() == Some(Scalar::I32) && index_ty == Type::UINT {
            i
        } else {
            self.coerce(i, &index_ty, span)
        };
        // Constant out-of-range indices into fixed arrays are certain bugs; but an index into
        // an array of no elements stands in code that a generic argument turns off (`if
        // (hasNormal) normal[0] = n;` beside `float3 normal[hasNormal]`).
        if let (Type::Array(_, Some(n @ 1..)), Some(state)) = (&bt, &self.cur) {
            if let ExprKind::Const(c) = &state.func.exprs[i].kind {
                if let Some(v) = c.as_i64() {
                    if v < 0 || v >= *n as i64 {
                        let at = self.span_of(i);
                        self.error("E0408", at, format!("index {v} is out of bounds for an array of {n}"));
                    }
                }
            }
        }
        if let Type::Resource(kind, _) = &bt {
            if kind.is_multisampled() {
                // Slang's `tex[coord]` of a multisampled texture reads its sample 0.
                return self.multisample_load(b, *kind, &elem, i, None, None, span);
            }
        }
        self.add_expr(ExprKind::Index { base: b, index: i }, elem, span)
    }

    /// `min(a, b)` and `max(a, b)` of a struct that conforms to Slang's `IComparable` (or
    /// `IArithmetic`): the one its `lessThan` orders first (last), in a function made once per
    /// struct. `None` for other calls.
    fn compare_structs(&mut self, name: &str, args: &[ExprId], span: Span) -> Option<ExprId> {
        let larger = match name {
            "min" => false,
            "max" => true,
            _ => return None,
        };
        let [a, b] = args else { return None };
        let Type::Struct(h) = self.ty(*a) else { return None };
        if self.ty(*b) != Type::Struct(h) || !self.struct_conforms(h, "IComparable") {
            return None;
        }
        let key = (h, larger);
        let f = match self.comparisons.get(&key) {
            Some(f) => *f,
            None => {
                let struct_name = self.module.structs[h].name.clone();
                let fname = self.unique_global_name(&format!("{struct_name}_{name}"));
                let ty = Type::Struct(h);
                let params = vec![("a".to_string(), ty.clone()), ("b".to_string(), ty.clone())];
                let less = methods::method_key(&struct_name, "lessThan");
                let f = self.synthesized_function(fname, params, ty.clone(), span, |c, p| {
                    let (x, y) = (
                        c.add_expr(ExprKind::Local(p[0]), ty.clone(), span),
                        c.add_expr(ExprKind::Local(p[1]), ty.clone(), span),
                    );
                    // min: `b < a ? b : a`; max: `a < b ? b : a` (the first of equals).
                    let (l, r) = if larger { (x, y) } else { (y, x) };
                    let cond = c.call_member(&less, &[], vec![l, r], span, span);
                    let then = c.add_expr(ExprKind::Local(p[1]), ty.clone(), span);
                    let els = c.add_expr(ExprKind::Local(p[0]), ty.clone(), span);
                    c.add_expr(ExprKind::Select { cond, then, els }, ty.clone(), span)
                });
                // Written as `if (cond) return b; return a;`: not every target selects
                // between structs.
                let func = &mut self.module.functions[f];
                if let [Stmt::Local { init: Some(select), .. }, _] = func.body.stmts[..] {
                    if let ExprKind::Select { cond, then, els } = func.exprs[select].kind {
                        let pick = Block { stmts: vec![Stmt::Return(Some(then))] };
                        func.body.stmts = vec![
                            Stmt::If { cond, then: pick, els: None, hint: BranchHint::None },
                            Stmt::Return(Some(els)),
                        ];
                        func.uses = func.gather_uses();
                    }
                }
                self.comparisons.insert(key, f);
                f
            }
        };
        Some(self.call_function(f, args.to_vec(), span))
    }

    /// `(T)v`: `v` converted to `target` as an explicit cast allows.
    fn cast(&mut self, v: ExprId, target: Type, span: Span) -> ExprId {
        let from = self.ty(v);
        if target.is_error() || from.is_error() {
            return self.error_expr(span);
        }
        if from == target {
            return v;
        }
        if target == Type::Void {
            let msg = "a `(void)` cast drops a value: it stands only as a statement of its own";
            self.error("E0405", span, msg.to_string());
            return self.error_expr(span);
        }
        if let Some(v) = self.handle_cast(v, &target, span) {
            return v;
        }
        let constant_splat = matches!((&from, &target), (Type::Scalar(_), Type::Struct(_)))
            && self.cur.as_ref().is_some_and(|st| matches!(st.func.exprs[v].kind, ExprKind::Const(_)));
        if !constant_splat && self.flat_cast(&from, &target) {
            return self.flat_convert(v, &target, span);
        }
        if !conv::explicit_ok(&from, &target) {
            let msg = format!("cannot cast `{}` to `{}`", self.type_name(&from), self.type_name(&target));
            self.error("E0405", span, msg);
            return self.error_expr(span);
        }
        let constant = self.cur.as_ref().and_then(|state| match &state.func.exprs[v].kind {
            ExprKind::Const(c) => Some(c.clone()),
            _ => None,
        });
        if let (Type::Scalar(s), Some(c)) = (&target, &constant) {
            if let Some(c) = consts::convert(c, *s) {
                return self.add_expr(ExprKind::Const(c), target, span);
            }
        }
        // `(S)0`: every scalar of the struct, built here for the targets with no such cast.
        if let (Type::Struct(_), Some(c)) = (&target, &constant) {
            return self.splat_value(&target, c, span);
        }
        self.add_expr(ExprKind::Convert(v), target, span)
    }

    /// Slang's core `__intCast<To, From>(v)` and `__realCast<To, From>(v)` (`__int_cast<To>(v)`,
    /// `__real_cast<To>(v)`): `v` converted to `To`, numbers of any shape.
    fn core_cast(&mut self, name: &str, generic_args: &[ast::GenericArg], args: Vec<ExprId>, span: Span) -> ExprId {
        let (Some(to), [v]) = (generic_args.first(), args.as_slice()) else {
            self.error("E0403", span, format!("`{name}<To, From>(v)` takes the type to convert to, and one value"));
            return self.error_expr(span);
        };
        let target = match to {
            ast::GenericArg::Type(t) => self.resolve_type(t),
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => {
                self.resolve_type(&ast::TypeExpr {
                    kind: ast::TypeExprKind::Named { name: n.clone(), args: Vec::new() },
                    span: *span,
                })
            }
            ast::GenericArg::Expr(e) => {
                self.error("E0403", e.span, format!("`{name}` converts to a type, not a value"));
                return self.error_expr(span);
            }
        };
        let from = self.ty(*v);
        let numeric = |t: &Type| matches!(t, Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..));
        let fits = target.is_error() || from.is_error() || (numeric(&target) && numeric(&from));
        if !fits {
            let msg =
                format!("`{name}` converts numbers, not `{}` to `{}`", self.type_name(&from), self.type_name(&target));
            self.error("E0405", span, msg);
            return self.error_expr(span);
        }
        self.cast(*v, target, span)
    }

    fn construct(&mut self, ty: &ast::TypeExpr, args: &[ast::Expr], span: Span) -> ExprId {
        let target = self.resolve_type(ty);
        // Slang's `S(a, b)` of a struct with no constructor: its fields, as `S s = {a, b};`.
        if let (Type::Struct(h), false) = (&target, args.is_empty()) {
            if !self.has_constructor(*h) && self.tuple_elems(&target).is_none() && self.atomic_elem(&target).is_none() {
                let items = args
                    .iter()
                    .map(|a| match &a.kind {
                        ast::ExprKind::InitList(items) => ast::Initializer::List(items.clone(), a.span),
                        _ => ast::Initializer::Expr(a.clone()),
                    })
                    .collect();
                let mut t = target.clone();
                return self.initializer(&ast::Initializer::List(items, span), &mut t);
            }
        }
        // `S({a, b})`: an initializer list is built as the constructors' parameter.
        let candidates = match &target {
            Type::Struct(h) if self.has_constructor(*h) => {
                let key = methods::method_key(&self.module.structs[*h].name, methods::INIT);
                self.parameter_types_of(&key, args.len())
            }
            _ => Vec::new(),
        };
        let parts: Vec<ExprId> = self.call_args(args, &candidates);
        if target.is_error() || parts.iter().any(|p| self.ty(*p).is_error()) {
            return self.error_expr(span);
        }
        // DXC's `vk::BufferPointer<T>(address)`: the cast `(T*)address`.
        if let (Type::Pointer(_), [address]) = (&target, parts.as_slice()) {
            return self.cast(*address, target.clone(), span);
        }
        if let Some(elems) = self.tuple_elems(&target) {
            return self.construct_tuple(&target, &elems, parts, span);
        }
        match &target {
            // `DescriptorHandle<T>(bits)`: the handle whose `uint2` is `bits`.
            Type::Pointer(_) if target.handle_resource().is_some() && parts.len() == 1 => {
                let bits = self.coerce(parts[0], &Type::Vector(Scalar::U32, 2), span);
                self.handle_cast(bits, &target, span).unwrap_or_else(|| self.error_expr(span))
            }
            Type::Struct(h) if self.has_constructor(*h) => {
                self.construct_object(*h, parts, span).unwrap_or_else(|| self.error_expr(span))
            }
            // Slang's `S()`: the default value (field defaults, zeros elsewhere).
            Type::Struct(h) if parts.is_empty() => self.default_object(*h, span),
            // `S(s)`: a copy, or a conversion into an interface type.
            Type::Struct(_) if parts.len() == 1 && self.conversion_cost(&self.ty(parts[0]), &target).is_some() => {
                self.coerce(parts[0], &target, span)
            }
            // Slang's member-wise constructor of a struct that declares none: `S(a, b)` gives
            // the fields in order, the rest their defaults.
            Type::Struct(h)
                if self.existential_of(&target).is_none() && parts.len() <= self.module.structs[*h].fields.len() =>
            {
                let h = *h;
                let fields: Vec<Type> = self.module.structs[h].fields.iter().map(|f| f.ty.clone()).collect();
                let mut values: Vec<ExprId> =
                    parts.iter().zip(&fields).map(|(p, t)| self.coerce(*p, t, span)).collect();
                for i in values.len()..fields.len() {
                    values.push(self.field_default(h, i, span));
                }
                self.add_expr(ExprKind::Construct(values), target.clone(), span)
            }
            // Slang's `T()` of a generic's `T` bound to a scalar, vector or matrix: zero.
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) if parts.is_empty() => self.zero_value(&target, span),
            Type::Scalar(_) => {
                if parts.len() != 1 {
                    self.error("E0409", span, format!("`{}` takes one argument", self.type_name(&target)));
                    return self.error_expr(span);
                }
                let mut p = parts[0];
                let mut pt = self.ty(p);
                let through_int = matches!(&ty.kind, ast::TypeExprKind::Named { name, args } if args.is_empty() && self.int_built_params.contains(name));
                if through_int && pt == Type::UINT && target != Type::UINT {
                    p = self.convert_node(p, Type::INT);
                    pt = Type::INT;
                }
                if !conv::explicit_ok(&pt, &target) {
                    let msg = format!("cannot convert `{}` to `{}`", self.type_name(&pt), self.type_name(&target));
                    let mut d = Diagnostic::error("E0405", msg).with_label(span, "here");
                    if pt.scalar().is_some_and(Scalar::is_substandard) {
                        d = d.with_note(SUBSTANDARD_CONVERSIONS);
                    }
                    self.push(d);
                    return self.error_expr(span);
                }
                // `uint64_t(2)` has the type it names: no longer a literal that bends to the
                // other operand's type (`(uint64_t(2) << 32) | x` is 64-bit).
                let converted = self.convert_node(p, target);
                if let Some(state) = self.cur.as_mut() {
                    state.literals.remove(&converted);
                }
                converted
            }
            // A matrix from a larger one keeps its top left (Slang's and GLSL's reshape, HLSL's
            // cast); GLSL's from a smaller one fills the rest from the identity.
            Type::Matrix(s, rows, cols)
                if parts.len() == 1 && matches!(self.ty(parts[0]), Type::Matrix(..)) && self.ty(parts[0]) != target =>
            {
                let from = self.ty(parts[0]);
                let Type::Matrix(_, from_rows, from_cols) = from else { unreachable!() };
                if from_rows >= *rows && from_cols >= *cols {
                    let same_scalar = self.coerce(parts[0], &from.with_scalar(*s), span);
                    return self.add_expr(ExprKind::Convert(same_scalar), target, span);
                }
                self.reshaped_matrix(parts[0], *s, *rows, *cols, span)
            }
            // GLSL's `mat3(x)` is `x` on the diagonal (HLSL's splats).
            Type::Matrix(s, rows, cols)
                if self.glsl_semantics && parts.len() == 1 && matches!(self.ty(parts[0]), Type::Scalar(_)) =>
            {
                let x = self.coerce(parts[0], &Type::Scalar(*s), span);
                let zero = self.add_expr(ExprKind::Const(consts::small(0, *s)), Type::Scalar(*s), span);
                let elements = (0..*rows * *cols).map(|k| if k / *cols == k % *cols { x } else { zero }).collect();
                self.add_expr(ExprKind::Construct(elements), target, span)
            }
            Type::Vector(s, _) | Type::Matrix(s, _, _) => {
                let want = target.element_count();
                let mut have = 0;
                let mut conv_parts = Vec::new();
                for p in parts {
                    let pt = self.ty(p);
                    if !pt.is_numeric_like() {
                        let msg = format!("cannot build `{}` from `{}`", self.type_name(&target), self.type_name(&pt));
                        self.error("E0409", span, msg);
                        return self.error_expr(span);
                    }
                    have += pt.element_count();
                    let t = pt.with_scalar(*s);
                    // A substandard float's constructor converts explicitly (Slang's
                    // `float4(v)` of a `vector<BFloat16, 4>`, `vector<BFloat16, 2>(1.0, x)`).
                    let substandard =
                        pt.scalar().is_some_and(|e| e != *s && (e.is_substandard() || s.is_substandard()));
                    if substandard {
                        if !conv::explicit_ok(&pt, &t) {
                            let msg = format!("cannot convert `{}` to `{}`", self.type_name(&pt), self.type_name(&t));
                            self.error("E0405", span, msg);
                            return self.error_expr(span);
                        }
                        conv_parts.push(self.convert_node(p, t));
                        continue;
                    }
                    conv_parts.push(self.coerce(p, &t, span));
                }
                if conv_parts.len() == 1 && have == 1 {
                    // `float4(x)` splats.
                    return self.add_expr(ExprKind::Convert(conv_parts[0]), target, span);
                }
                if have != want {
                    let msg =
                        format!("`{}` needs {want} components, the arguments give {have}", self.type_name(&target));
                    self.error("E0409", span, msg);
                    return self.error_expr(span);
                }
                self.add_expr(ExprKind::Construct(conv_parts), target, span)
            }
            // Slang's `Array<int, 2>(a, b)` (and `int[2](a, b)`): one argument per element, or
            // one array to copy.
            Type::Array(elem, Some(n)) if parts.len() as u32 == *n || parts.len() == 1 => {
                if parts.len() == 1 && matches!(self.ty(parts[0]), Type::Array(..)) {
                    return self.coerce(parts[0], &target, span);
                }
                if parts.len() as u32 != *n {
                    let msg = format!("`{}` needs {n} elements, the arguments give 1", self.type_name(&target));
                    self.error("E0409", span, msg);
                    return self.error_expr(span);
                }
                let elem = (**elem).clone();
                let conv: Vec<ExprId> = parts.into_iter().map(|p| self.coerce(p, &elem, span)).collect();
                self.add_expr(ExprKind::Construct(conv), target, span)
            }
            // GLSL's `float[](1, 2, 3)` (Slang takes it too): as long as the arguments are many.
            Type::Array(elem, None) if !parts.is_empty() => {
                let elem = (**elem).clone();
                let sized = Type::Array(Box::new(elem.clone()), Some(parts.len() as u32));
                let conv: Vec<ExprId> = parts.into_iter().map(|p| self.coerce(p, &elem, span)).collect();
                self.add_expr(ExprKind::Construct(conv), sized, span)
            }
            other => {
                let msg = format!("`{}` cannot be constructed with `(…)`", self.type_name(other));
                self.error("E0409", span, msg);
                self.error_expr(span)
            }
        }
    }

    /// `rows` × `cols` from a matrix smaller in some direction: its elements where it has them,
    /// the identity's elsewhere (GLSL's `mat4(mat3)`).
    fn reshaped_matrix(&mut self, m: ExprId, s: Scalar, rows: u8, cols: u8, span: Span) -> ExprId {
        let Type::Matrix(_, from_rows, from_cols) = self.ty(m) else { return self.error_expr(span) };
        let m = self.coerce(m, &Type::Matrix(s, from_rows, from_cols), span);
        let mut elements = Vec::new();
        for row in 0..rows {
            for col in 0..cols {
                let e = if row < from_rows && col < from_cols {
                    let ri = self.add_expr(ExprKind::Const(ConstValue::Uint(row.into())), Type::UINT, span);
                    let rv = self.index(m, ri, span);
                    let ci = self.add_expr(ExprKind::Const(ConstValue::Uint(col.into())), Type::UINT, span);
                    self.index(rv, ci, span)
                } else {
                    let v = consts::small(u8::from(row == col), s);
                    self.add_expr(ExprKind::Const(v), Type::Scalar(s), span)
                };
                elements.push(e);
            }
        }
        self.add_expr(ExprKind::Construct(elements), Type::Matrix(s, rows, cols), span)
    }

    /// Slang's `static_assert(condition, "message")`: the condition is a constant of the
    /// function being checked (in a generic, of its instance: `countof(U) == N`), and a false
    /// one is E0435 with the message. It computes nothing at run time.
    fn static_assert(&mut self, args: &[ast::Expr], span: Span) -> ExprId {
        let message = match args {
            [_] => None,
            [_, ast::Expr { kind: ast::ExprKind::StringLit(m), .. }] => Some(m.clone()),
            _ => {
                self.error("E0435", span, "`static_assert` takes a condition and a message string");
                return self.error_expr(span);
            }
        };
        match self.const_of_ast(&args[0]) {
            Some(ConstValue::Bool(true)) => {}
            Some(ConstValue::Bool(false)) => {
                let text = message
                    .map_or_else(|| "static assertion failed".to_string(), |m| format!("static assertion failed, {m}"));
                self.push(Diagnostic::error("E0435", text).with_label(args[0].span, "this is false"));
            }
            _ => self.error("E0435", args[0].span, "a `static_assert` condition must be a constant `bool`"),
        }
        self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Void, span)
    }

    // ---- calls ------------------------------------------------------------------------

    fn call(&mut self, callee: &ast::Expr, generic_args: &[ast::GenericArg], args: &[ast::Expr], span: Span) -> ExprId {
        if let Some(e) = self.autodiff_call(callee, generic_args, args, span) {
            return e;
        }
        match &callee.kind {
            ast::ExprKind::Ident(name) if name == "__getAddress" && args.len() == 1 && generic_args.is_empty() => {
                let place = self.expr(&args[0]);
                self.address_of(place, span)
            }
            ast::ExprKind::Ident(name)
                if (name == "vk::static_pointer_cast" || name == "vk::reinterpret_pointer_cast")
                    && matches!((generic_args, args), ([ast::GenericArg::Type(_), ..], [_])) =>
            {
                let ast::GenericArg::Type(ty) = &generic_args[0] else { unreachable!("matched above") };
                let pointee = self.resolve_type(ty);
                let p = self.expr(&args[0]);
                self.pointer_cast(p, pointee, span)
            }
            ast::ExprKind::Ident(name)
                if name == "static_assert"
                    && generic_args.is_empty()
                    && !self.functions.contains_key("static_assert") =>
            {
                self.static_assert(args, span)
            }
            ast::ExprKind::Ident(name)
                if name == "printf" && generic_args.is_empty() && !self.functions.contains_key("printf") =>
            {
                self.printf(args, span)
            }
            ast::ExprKind::Ident(name)
                if name == "getStringHash"
                    && args.len() == 1
                    && generic_args.is_empty()
                    && !self.functions.contains_key(name) =>
            {
                self.string_hash(&args[0], span)
            }
            // Slang's `unmodified(x)`: says an `inout` parameter is left unchanged on purpose;
            // it computes nothing.
            ast::ExprKind::Ident(name)
                if name == "unmodified"
                    && args.len() == 1
                    && generic_args.is_empty()
                    && !self.functions.contains_key("unmodified") =>
            {
                let place = self.expr(&args[0]);
                self.require_lvalue(place);
                self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Void, span)
            }
            ast::ExprKind::Ident(name) if name == "vk::RawBufferLoad" || name == "vk::RawBufferStore" => {
                let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
                self.raw_buffer_access(name == "vk::RawBufferStore", generic_args, arg_ids, span, callee.span)
            }
            ast::ExprKind::Ident(name) if name == "loadCoherent" || name == "storeCoherent" => {
                let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
                self.coherent_access(name == "storeCoherent", generic_args, arg_ids, span, callee.span)
            }
            ast::ExprKind::Ident(name)
                if self.glsl_semantics
                    && super::glsl::buffer_atomic(name).is_some()
                    && !self.functions.contains_key(name)
                    && !self.generic_fns.contains_key(name) =>
            {
                self.glsl_atomic_call(name, args, span)
            }
            // Slang's `__realCast<T>(x)`: a conversion between floating-point types.
            ast::ExprKind::Ident(name)
                if name == "__realCast"
                    && !self.functions.contains_key(name)
                    && !self.generic_fns.contains_key(name)
                    && matches!((generic_args, args), ([ast::GenericArg::Type(_)], [_])) =>
            {
                let ast::GenericArg::Type(ty) = &generic_args[0] else { unreachable!("matched above") };
                let cast = ast::ExprKind::Cast { ty: Box::new(ty.clone()), expr: Box::new(args[0].clone()) };
                self.expr(&ast::Expr { kind: cast, span })
            }
            // `fwd_diff(f<T>)` not called: the instance names a function to differentiate,
            // not a function value.
            ast::ExprKind::Ident(name)
                if matches!(name.as_str(), "fwd_diff" | "bwd_diff" | "__fwd_diff" | "__bwd_diff")
                    && matches!(args, [ast::Expr { kind: ast::ExprKind::Instance { .. }, .. }]) =>
            {
                let ast::ExprKind::Instance { name: f, .. } = &args[0].kind else { unreachable!("matched above") };
                let d = Diagnostic::error("E0476", format!("the instance of `{f}` is named but not called"))
                    .with_label(args[0].span, "a function, not a value")
                    .with_note("call it (`f<T>(…)`), or differentiate it (`fwd_diff(f<T>)`, `bwd_diff(f<T>)`)");
                self.push(d);
                self.error_expr(span)
            }
            ast::ExprKind::Ident(name) => {
                let candidates = self.parameter_types_of(name, args.len());
                let arg_ids = self.call_args(args, &candidates);
                if arg_ids.iter().any(|a| self.ty(*a).is_error()) {
                    return self.error_expr(span);
                }
                // In a method, another method of the struct called by name alone.
                if let Some((this, h)) = self.this_object() {
                    if let Some(is_static) = self.method_of(h, name) {
                        let key = methods::method_key(&self.module.structs[h].name, name);
                        let mut all = arg_ids;
                        if !is_static {
                            let object = self.add_expr(ExprKind::Local(this), Type::Struct(h), callee.span);
                            all.insert(0, object);
                        }
                        return self.call_member(&key, generic_args, all, span, callee.span);
                    }
                    // An extension of an interface's values calling a requirement by name.
                    if let Some(x) = self.existential_of(&Type::Struct(h)) {
                        if self.interface_has_requirement(x, name) {
                            let object = self.add_expr(ExprKind::Local(this), Type::Struct(h), callee.span);
                            let ident = ast::Ident { name: name.clone(), span: callee.span };
                            return self.dispatch_call(x, object, &ident, generic_args, arg_ids, span);
                        }
                    }
                }
                // A struct variable with `operator()` called like a function.
                let variable = self.cur.as_ref().is_some_and(|st| st.scopes.iter().any(|s| s.contains_key(name)));
                if variable {
                    let object = self.ident(name, callee.span);
                    if let Type::Struct(h) = self.ty(object) {
                        let dispatched = self
                            .existential_of(&Type::Struct(h))
                            .is_some_and(|x| self.interface_has_requirement(x, "operator()"));
                        if let Some(fv) = self.fn_value_of(&Type::Struct(h)) {
                            if !fv.overloads.iter().any(|o| o.len() == arg_ids.len() + 1) {
                                self.function_value_arity(&fv, arg_ids.len(), span);
                                return self.error_expr(span);
                            }
                        }
                        if dispatched || self.method_of(h, "operator()") == Some(false) {
                            let mut all = arg_ids;
                            all.insert(0, object);
                            return self.user_operator("()", all, span).unwrap_or_else(|| self.error_expr(span));
                        }
                    }
                }
                if let Some(d) = self.untried_call(name, arg_ids.len()) {
                    self.push(d.with_label(callee.span, "a call that may throw"));
                    return self.error_expr(span);
                }
                let key = self.scoped(name, |n| self.generic_fns.contains_key(n) || self.functions.contains_key(n));
                let name = key.as_str();
                if self.generic_fns.contains_key(name) {
                    return self.call_generic(name, generic_args, arg_ids, span, callee.span);
                }
                if let Some(ids) = self.functions.get(name).cloned() {
                    return self.call_user(name, &ids, arg_ids, span, callee.span);
                }
                if let Some(e) = self.compare_structs(name, &arg_ids, span) {
                    return e;
                }
                if !self.stdlib.overloads(name).is_empty() {
                    return self.call_intrinsic(name, arg_ids, span, callee.span);
                }
                // Slang's `reinterpret<T>(v)` is a bit cast too.
                if name == "bit_cast" {
                    return self.bit_cast(generic_args, arg_ids, span, callee.span);
                }
                if matches!(name, "__intCast" | "__realCast" | "__int_cast" | "__real_cast") {
                    return self.core_cast(name, generic_args, arg_ids, span);
                }
                if name == "__floatAsInt" {
                    return self.float_as_int(arg_ids, span, callee.span);
                }
                // Slang's core tuple functions.
                if name == "makeTuple" {
                    return self.make_tuple(arg_ids, span);
                }
                if name == "concat" {
                    if let Some(e) = self.concat_tuples(&arg_ids, span) {
                        return e;
                    }
                }
                if name == "reinterpret" {
                    return self.reinterpret(generic_args, arg_ids, span);
                }
                if name == "createDynamicObject" {
                    return self.create_dynamic_object(generic_args, arg_ids, span);
                }
                if let Some(e) = self.glsl_ray_query_call(name, &arg_ids, span) {
                    return e;
                }
                // Slang's `unused(x)` tells its compiler a value is unused on purpose: it
                // computes nothing (its arguments are still evaluated).
                if name == "unused" && !arg_ids.is_empty() {
                    let nothing = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Void, span);
                    let pure = |c: &Self, a: ExprId| {
                        c.cur.as_ref().is_some_and(|st| {
                            matches!(
                                st.func.exprs[a].kind,
                                ExprKind::Local(_) | ExprKind::Global(_) | ExprKind::Const(_)
                            )
                        })
                    };
                    // The arguments with effects, in order, as the statement (no void value, which
                    // not every target can write).
                    let effects: Vec<ExprId> = arg_ids.iter().copied().filter(|&a| !pure(self, a)).collect();
                    let mut effects = effects.into_iter().rev();
                    let Some(last) = effects.next() else { return nothing };
                    return effects.fold(last, |rest, a| {
                        let t = self.ty(rest);
                        self.add_expr(ExprKind::Comma(a, rest), t, span)
                    });
                }
                self.unresolved_calls.push(name.to_string());
                let mut d = Diagnostic::error("E0301", format!("undefined function `{name}`"))
                    .with_label(callee.span, "not found");
                let suffix = format!("::{name}");
                let in_namespace =
                    |k: &&String| k.strip_suffix(&suffix).is_some_and(|ns| self.known_namespaces.contains(ns));
                if let Some(full) = self.functions.keys().chain(self.generic_fns.keys()).find(in_namespace) {
                    let ns = &full[..full.len() - suffix.len()];
                    let note = format!("`{full}` is in namespace `{ns}`: write `{full}(…)` or `using namespace {ns};`");
                    self.push(d.with_note(note));
                    return self.error_expr(span);
                }
                let mut names: Vec<&str> = self.functions.keys().map(String::as_str).collect();
                names.extend(self.stdlib.intrinsics.names());
                names.sort();
                if let Some((_, n)) = names.into_iter().map(|n| (distance(name, n), n)).filter(|(d, _)| *d <= 2).min() {
                    d = d.with_note(format!("did you mean `{n}`?"));
                }
                self.push(d);
                self.error_expr(span)
            }
            ast::ExprKind::Path { ty, name } => {
                let t = self.resolve_type(ty);
                // `T.Element(x)`: a value of a generic number's scalar type.
                if name.name == "Element" && matches!(t, Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..)) {
                    let member = ast::TypeExprKind::Member { base: ty.clone(), name: name.name.clone() };
                    return self.construct(&ast::TypeExpr { kind: member, span: callee.span }, args, span);
                }
                let candidates = match &t {
                    Type::Struct(h) if args.iter().any(|a| matches!(a.kind, ast::ExprKind::InitList(_))) => {
                        let key = methods::method_key(&self.module.structs[*h].name, &name.name);
                        self.parameter_types_of(&key, args.len())
                    }
                    _ => Vec::new(),
                };
                let arg_ids =
                    if candidates.is_empty() { self.spread_args(args) } else { self.call_args(args, &candidates) };
                if t.is_error() || arg_ids.iter().any(|a| self.ty(*a).is_error()) {
                    return self.error_expr(span);
                }
                if let (Some((v, ty)), true) = (self.builtin_static(&t, &name.name), arg_ids.is_empty()) {
                    return self.add_expr(ExprKind::Const(v), ty, span);
                }
                if let Some((key, true)) = self.value_method(&t, &name.name) {
                    return self.call_member(&key, generic_args, arg_ids, span, name.span);
                }
                let Type::Struct(h) = t else {
                    let msg = format!("`{}` has no static member `{}`", self.type_name(&t), name.name);
                    self.error("E0407", name.span, msg);
                    return self.error_expr(span);
                };
                let key = methods::method_key(&self.module.structs[h].name, &name.name);
                match self.method_of(h, &name.name) {
                    Some(true) => self.call_member(&key, generic_args, arg_ids, span, name.span),
                    // C++'s qualified call of a method of the struct a method belongs to
                    // (`Grid::cellOf(p)` inside `Grid::sample`): a call on `this`.
                    Some(false) if self.this_object().is_some_and(|(_, this)| this == h) => {
                        let (this, _) = self.this_object().expect("checked above");
                        let object = self.add_expr(ExprKind::Local(this), Type::Struct(h), callee.span);
                        let mut all = arg_ids;
                        all.insert(0, object);
                        self.call_member(&key, generic_args, all, span, name.span)
                    }
                    Some(false) => {
                        let msg = format!("`{key}` is not static: call it on an object, `x.{}(…)`", name.name);
                        self.error("E0407", name.span, msg);
                        self.error_expr(span)
                    }
                    None => {
                        let msg = format!("`{}` has no method `{}`", self.type_name(&t), name.name);
                        self.error("E0407", name.span, msg);
                        self.error_expr(span)
                    }
                }
            }
            ast::ExprKind::Member { base, name } => {
                if let Some(ns) = self.namespace_path(base) {
                    let callee =
                        ast::Expr { kind: ast::ExprKind::Ident(format!("{ns}::{}", name.name)), span: callee.span };
                    return self.call(&callee, generic_args, args, span);
                }
                let object = self.expr(base);
                // An initializer list argument (`t.get({i, j})`) is built as the parameter type
                // the struct's methods of that name agree on.
                let candidates = match self.ty(object) {
                    Type::Struct(h) if args.iter().any(|a| matches!(a.kind, ast::ExprKind::InitList(_))) => {
                        match self.method_of(h, &name.name) {
                            Some(is_static) => {
                                let key = methods::method_key(&self.module.structs[h].name, &name.name);
                                let skip = usize::from(!is_static);
                                self.parameter_types_of(&key, args.len() + skip)
                                    .into_iter()
                                    .map(|ps| ps.into_iter().skip(skip).collect())
                                    .collect()
                            }
                            None => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                };
                let arg_ids =
                    if candidates.is_empty() { self.spread_args(args) } else { self.call_args(args, &candidates) };
                if self.ty(object).is_error() || arg_ids.iter().any(|a| self.ty(*a).is_error()) {
                    return self.error_expr(span);
                }
                self.method_call(object, name, generic_args, arg_ids, span)
            }
            _ => {
                self.error("E0410", callee.span, "this expression cannot be called");
                self.error_expr(span)
            }
        }
    }

    /// A call of method `key` (`S::m`), generic or not.
    pub(super) fn call_member(
        &mut self,
        key: &str,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
        name_span: Span,
    ) -> ExprId {
        if self.generic_fns.contains_key(key) {
            return self.call_generic(key, generic_args, args, span, name_span);
        }
        let ids = self.functions.get(key).cloned().unwrap_or_default();
        self.call_user(key, &ids, args, span, name_span)
    }

    pub(super) fn call_user(
        &mut self,
        name: &str,
        ids: &[FunctionId],
        args: Vec<ExprId>,
        span: Span,
        name_span: Span,
    ) -> ExprId {
        let arg_types: Vec<Type> = args.iter().map(|a| self.ty(*a)).collect();
        let literals: Vec<bool> = args.iter().map(|a| self.is_literal(*a)).collect();
        let mut best: Option<(u32, FunctionId)> = None;
        let mut ambiguous = false;
        for id in ids {
            let sig = &self.sigs[id.index()];
            // Parameters past the arguments must all have defaults.
            if sig.params.len() < args.len() || sig.defaults[args.len()..].iter().any(Option::is_none) {
                continue;
            }
            // Costs are doubled so that a literal taking another width or signedness of its
            // kind (DXC's literal types: `ffxMax(1, u)` picks the `uint` overload) costs less
            // than any conversion and more than an exact match.
            let mut cost = 0u32;
            let mut ok = true;
            for (((pt, mode), at), literal) in sig.params.iter().zip(&arg_types).zip(&literals) {
                let adapts = *literal
                    && *mode == ParamMode::In
                    && match (at, pt) {
                        (Type::Scalar(a), Type::Scalar(p)) => {
                            a != p && (a.is_int() && p.is_int() || a.is_float() && p.is_float())
                        }
                        _ => false,
                    };
                match self.conversion_cost(at, pt) {
                    Some(_) if adapts => cost += 1,
                    Some(c) if *mode == ParamMode::In || c <= ConvCost::Scalar => cost += 2 * c as u32,
                    _ => ok = false,
                }
            }
            if !ok {
                continue;
            }
            match best {
                Some((c, _)) if c < cost => {}
                Some((c, _)) if c == cost => ambiguous = true,
                _ => {
                    best = Some((cost, *id));
                    ambiguous = false;
                }
            }
        }
        let Some((_, id)) = best else {
            let shown: Vec<String> = arg_types.iter().map(|t| self.type_name(t)).collect();
            let callee = methods::shown_function(name);
            let mut d =
                Diagnostic::error("E0403", format!("no matching overload for `{callee}({})`", shown.join(", ")))
                    .with_label(name_span, "");
            for id in ids {
                let sig = &self.sigs[id.index()];
                let ps: Vec<String> = sig.params.iter().map(|(t, _)| self.type_name(t)).collect();
                d = d.with_note(format!("candidate: {} {}({})", self.type_name(&sig.ret), sig.name, ps.join(", ")));
            }
            // An overload declared further on may take them: the body is checked again at the
            // end if there is one.
            self.unresolved_calls.push(name.to_string());
            self.overloads_tried.entry(name.to_string()).or_insert(ids.len());
            self.push(d);
            return self.error_expr(span);
        };
        if ambiguous {
            self.error("E0403", name_span, format!("ambiguous call of overloaded `{name}`"));
        }
        let sig = self.sigs[id.index()].clone();
        let mut args = args;
        for d in sig.defaults[args.len()..].iter().flatten() {
            args.push(self.expr(d));
        }
        let mut conv_args = Vec::new();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for (a, (pt, mode)) in args.into_iter().zip(&sig.params) {
            if *mode != ParamMode::In {
                let a = self.side_effect_place(a, &mut before);
                self.require_lvalue(a);
                conv_args.push(self.out_argument(a, pt, *mode, span, &mut before, &mut after));
            } else {
                conv_args.push(self.coerce(a, pt, span));
            }
        }
        let modes: Vec<ParamMode> = sig.params.iter().map(|(_, m)| *m).collect();
        if let Some(e) = self.spirv_instruction_call(id, &conv_args, &modes, &sig.ret, span) {
            return e;
        }
        let (id, conv_args) = self.constexpr_call(id, conv_args);
        if let Some(state) = self.cur.as_mut() {
            state.facts.calls.push((id, name_span));
        }
        let call = self.add_expr(ExprKind::Call { function: id, args: conv_args }, sig.ret.clone(), span);
        self.note_ref_read(call, id);
        self.around_call(call, &sig.ret, before, after, span)
    }

    /// Slang's `getStringHash(s)`: the `int` hash of a string known when compiled (a literal
    /// or a `string` global), a constant.
    fn string_hash(&mut self, arg: &ast::Expr, span: Span) -> ExprId {
        let Some(text) = self.known_string(arg) else {
            let d = Diagnostic::error("E0405", "`getStringHash` needs a string known when compiled")
                .with_label(arg.span, "not a string literal or a `string` global");
            self.push(d);
            return self.error_expr(span);
        };
        let hash = stable_string_hash(&text);
        self.add_expr(ExprKind::Const(ConstValue::Int(i64::from(hash))), Type::INT, span)
    }

    /// The text of a string literal or of a `string` global named alone.
    pub(super) fn known_string(&self, e: &ast::Expr) -> Option<String> {
        match &e.kind {
            ast::ExprKind::StringLit(s) => Some(s.clone()),
            ast::ExprKind::Ident(n) => self.string_globals.get(n).cloned(),
            _ => None,
        }
    }

    /// `printf(format, args…)`: the format is a string literal or a `string` global; each
    /// argument a scalar or vector of numbers or `bool` (what DebugPrintf's `%d`, `%f`,
    /// `%v4f`… print). The format's conversions are the target's business, as in DXC.
    fn printf(&mut self, args: &[ast::Expr], span: Span) -> ExprId {
        let format = match args.first().map(|a| &a.kind) {
            Some(ast::ExprKind::StringLit(s)) => Some(s.clone()),
            Some(ast::ExprKind::Ident(n)) => self.string_globals.get(n).cloned(),
            _ => None,
        };
        let Some(format) = format else {
            let at = args.first().map_or(span, |a| a.span);
            self.error("E0405", at, "`printf`'s format is a string literal or a `string` global");
            return self.error_expr(span);
        };
        let mut vals = Vec::new();
        for a in &args[1..] {
            let v = self.expr(a);
            let t = self.ty(v);
            let printable =
                matches!(t, Type::Scalar(_) | Type::Vector(..)) && t.scalar().is_some_and(|s| !s.is_substandard());
            if !printable && !t.is_error() {
                let msg = format!("`printf` prints scalars and vectors, not `{}`", self.type_name(&t));
                self.error("E0405", a.span, msg);
            }
            vals.push(v);
        }
        self.add_expr(ExprKind::Printf { format: format.into(), args: vals }, Type::Void, span)
    }

    /// An `out`/`inout` argument that is a prefix `++`/`--` or an assignment (`f(++x)`,
    /// `f(x += 2)`): in HLSL, as in C++, these are lvalues naming their target, so the change
    /// happens first (into `before`) and the argument is the target itself. The target is read
    /// twice, so it must be pure (`a[i++]` is not); otherwise `a` stays as it is and is refused
    /// as no lvalue.
    pub(super) fn side_effect_place(&mut self, a: ExprId, before: &mut Vec<ExprId>) -> ExprId {
        let Some(st) = self.cur.as_mut() else { return a };
        let target = match st.func.exprs[a].kind {
            ExprKind::IncDec { op: IncDec::PreInc | IncDec::PreDec, target } => target,
            ExprKind::Assign { target, .. } => target,
            _ => return a,
        };
        if !st.func.is_pure(target) {
            return a;
        }
        before.push(a);
        super::tuple::duplicate(&mut st.func, target)
    }

    /// An `out`/`inout` argument whose type is not its parameter's (`f(myInt)` for `out uint`):
    /// HLSL copies it in and out with conversions, so the call gets a temporary of the
    /// parameter's type, set from the argument first (`inout`, into `before`) and converted back
    /// into it after (`after`). Any other argument is itself.
    pub(super) fn out_argument(
        &mut self,
        a: ExprId,
        pt: &Type,
        mode: ParamMode,
        span: Span,
        before: &mut Vec<ExprId>,
        after: &mut Vec<ExprId>,
    ) -> ExprId {
        let at = self.ty(a);
        if at == *pt || at.is_error() || pt.is_error() || self.conversion_cost(&at, pt).is_none() {
            return a;
        }
        let Some(local) = self.temp("out_arg", pt.clone(), span) else { return a };
        if mode == ParamMode::InOut {
            let read = match self.cur.as_mut() {
                Some(st) => super::tuple::duplicate(&mut st.func, a),
                None => a,
            };
            let value = self.coerce(read, pt, span);
            let target = self.add_expr(ExprKind::Local(local), pt.clone(), span);
            before.push(self.add_expr(ExprKind::Assign { op: None, target, value }, pt.clone(), span));
        }
        let held = self.add_expr(ExprKind::Local(local), pt.clone(), span);
        let value = self.coerce(held, &at, span);
        after.push(self.add_expr(ExprKind::Assign { op: None, target: a, value }, at, span));
        self.add_expr(ExprKind::Local(local), pt.clone(), span)
    }

    /// `call` with the copies [`Self::out_argument`] made: those in before it, those out after,
    /// its value (held in a temporary) last.
    pub(super) fn around_call(
        &mut self,
        call: ExprId,
        ret: &Type,
        before: Vec<ExprId>,
        after: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        if before.is_empty() && after.is_empty() {
            return call;
        }
        let mut e = call;
        if !after.is_empty() {
            if *ret == Type::Void {
                for a in after {
                    e = self.add_expr(ExprKind::Comma(e, a), Type::Void, span);
                }
            } else {
                let Some(result) = self.temp("call_result", ret.clone(), span) else { return call };
                let target = self.add_expr(ExprKind::Local(result), ret.clone(), span);
                e = self.add_expr(ExprKind::Assign { op: None, target, value: call }, ret.clone(), span);
                for a in after {
                    e = self.add_expr(ExprKind::Comma(e, a), Type::Void, span);
                }
                let value = self.add_expr(ExprKind::Local(result), ret.clone(), span);
                e = self.add_expr(ExprKind::Comma(e, value), ret.clone(), span);
            }
        }
        for b in before.into_iter().rev() {
            e = self.add_expr(ExprKind::Comma(b, e), ret.clone(), span);
        }
        e
    }

    /// Binds the generic parameters of `intr` to the argument types; returns the cost (lower is
    /// better) and the bound types, or `None` when the intrinsic does not apply.
    pub(super) fn match_intrinsic(&self, intr: &Intrinsic, args: &[ExprId]) -> Option<(u32, Vec<Type>)> {
        if intr.params.len() != args.len() {
            return None;
        }
        let mut cost = 0u32;
        let mut bound = Vec::new();
        for (g, (_, class)) in intr.generics.iter().enumerate() {
            let mut acc: Option<(Type, bool)> = None;
            // An `inout` argument (an atomic's destination) cannot be converted, so it fixes
            // the binding; else an `out` one does (copied out with a conversion where another
            // argument's type differs).
            let writes = |mode: ParamMode| {
                intr.params.iter().zip(args).find(|(p, _)| p.ty == TypePat::Generic(g) && p.mode == mode)
            };
            let exact = writes(ParamMode::InOut).or_else(|| writes(ParamMode::Out)).map(|(_, a)| self.ty(*a));
            if let Some(t) = &exact {
                acc = Some((t.clone(), false));
            }
            for (p, a) in intr.params.iter().zip(args) {
                if p.ty != TypePat::Generic(g) || acc.is_some() && exact.is_some() {
                    continue;
                }
                let at = self.ty(*a);
                let lit = self.is_literal(*a);
                acc = Some(match acc {
                    None => (at, lit),
                    Some((t, tlit)) => {
                        let s = conv::common_scalar(t.scalar()?, tlit, at.scalar()?, lit);
                        (conv::common_shape(&t, &at, s)?, tlit && lit)
                    }
                });
            }
            let (t, lit) = acc?;
            if !class.shape.accepts(&t) {
                return None;
            }
            let s = t.scalar()?;
            let s2 = if class.elem.accepts(s) {
                s
            } else {
                cost += 1;
                promote(s, class.elem, lit)?
            };
            bound.push(t.with_scalar(s2));
        }
        for (p, a) in intr.params.iter().zip(args) {
            let pt = p.ty.instantiate(&bound);
            let at = self.ty(*a);
            let c = conv::implicit_cost(&at, &pt)?;
            if p.mode == ParamMode::InOut && at != pt || p.mode == ParamMode::Out && c > ConvCost::Scalar {
                return None;
            }
            cost += c as u32;
        }
        Some((cost, bound))
    }

    /// HLSL 2021's `select` of matrices (`select(bool2x3, a, b)`): row by row, each a `select`
    /// of vectors, which every target has; each operand is computed once, before the rows.
    fn select_matrices(&mut self, args: &[ExprId], span: Span, name_span: Span) -> Option<ExprId> {
        let [cond, a, b] = args else { return None };
        let Type::Matrix(elem, rows, cols) = self.ty(*a) else { return None };
        let ty = Type::Matrix(elem, rows, cols);
        let b = self.coerce(*b, &ty, span);
        let cond_ty = match self.ty(*cond) {
            Type::Scalar(_) => Type::BOOL,
            _ => Type::Matrix(Scalar::Bool, rows, cols),
        };
        let cond = self.coerce(*cond, &cond_ty, span);
        // Operands with effects are held in temporaries, set in order before the rows.
        let mut setup = Vec::new();
        let mut held = Vec::new();
        for (operand, operand_ty) in [(cond, cond_ty.clone()), (*a, ty.clone()), (b, ty.clone())] {
            let pure = self.cur.as_ref().is_some_and(|st| st.func.is_pure(operand));
            if pure {
                held.push(operand);
                continue;
            }
            let local = self.temp("select_operand", operand_ty.clone(), span)?;
            let target = self.add_expr(ExprKind::Local(local), operand_ty.clone(), span);
            setup.push(self.add_expr(ExprKind::Assign { op: None, target, value: operand }, operand_ty.clone(), span));
            held.push(self.add_expr(ExprKind::Local(local), operand_ty, span));
        }
        let mut parts = Vec::new();
        for r in 0..rows {
            let row = |c: &mut Checker, m: ExprId, row_ty: Type| {
                let m = match c.cur.as_mut() {
                    Some(st) => super::tuple::duplicate(&mut st.func, m),
                    None => m,
                };
                let index = c.add_expr(ExprKind::Const(ConstValue::Uint(r as u64)), Type::UINT, span);
                c.add_expr(ExprKind::Index { base: m, index }, row_ty, span)
            };
            let c_row = match &cond_ty {
                Type::Scalar(_) => match self.cur.as_mut() {
                    Some(st) => super::tuple::duplicate(&mut st.func, held[0]),
                    None => held[0],
                },
                _ => self.matrix_row(held[0], r, cols, span),
            };
            let a_row = row(self, held[1], Type::Vector(elem, cols));
            let b_row = row(self, held[2], Type::Vector(elem, cols));
            parts.push(self.call_intrinsic("select", vec![c_row, a_row, b_row], span, name_span));
        }
        let mut result = self.add_expr(ExprKind::Construct(parts), ty.clone(), span);
        for set in setup.into_iter().rev() {
            result = self.add_expr(ExprKind::Comma(set, result), ty.clone(), span);
        }
        Some(result)
    }

    /// Row `r` of the matrix `m` (of `cols` columns), its operations taken row by row where it
    /// is a component-wise operation of matrices (`m > 0.5`): a matrix of `bool`, which WGSL
    /// and Metal cannot hold, then never exists.
    fn matrix_row(&mut self, m: ExprId, r: u8, cols: u8, span: Span) -> ExprId {
        let Some(st) = self.cur.as_mut() else { return m };
        let Type::Matrix(elem, _, _) = st.func.exprs[m].ty else { return m };
        let row_ty = Type::Vector(elem, cols);
        let kind = st.func.exprs[m].kind.clone();
        let is_matrix = |st: &super::FnState, e: ExprId| matches!(st.func.exprs[e].ty, Type::Matrix(..));
        match kind {
            ExprKind::Binary(op, a, b) if !op.is_logical() && is_matrix(st, a) && is_matrix(st, b) => {
                let a = self.matrix_row(a, r, cols, span);
                let b = self.matrix_row(b, r, cols, span);
                self.add_expr(ExprKind::Binary(op, a, b), row_ty, span)
            }
            // A scalar splat to the matrix is that scalar splat to the row.
            ExprKind::Convert(x) if matches!(st.func.exprs[x].ty, Type::Scalar(_)) => {
                self.add_expr(ExprKind::Convert(x), row_ty, span)
            }
            _ => {
                let m = super::tuple::duplicate(&mut st.func, m);
                let index = self.add_expr(ExprKind::Const(ConstValue::Uint(r as u64)), Type::UINT, span);
                self.add_expr(ExprKind::Index { base: m, index }, row_ty, span)
            }
        }
    }

    pub(super) fn call_intrinsic(&mut self, name: &str, args: Vec<ExprId>, span: Span, name_span: Span) -> ExprId {
        let mut args = args;
        if name == "select" {
            // `select(v >= 0, 1.0, -1.0)`: scalar choices take the condition's shape, as HLSL's
            // and Slang's `select` (and `?:`) splat them; the condition does not shrink.
            if let [cond, choices @ ..] = args.as_mut_slice() {
                let shape = self.ty(*cond);
                if matches!(shape, Type::Vector(..) | Type::Matrix(..)) {
                    for c in choices {
                        if let Type::Scalar(s) = self.ty(*c) {
                            *c = self.convert_node(*c, shape.with_scalar(s));
                        }
                    }
                }
            }
            if let Some(e) = self.select_matrices(&args, span, name_span) {
                return e;
            }
        }
        // Slang's `__atomic_add(dest, v[, order])` and the others: `Atomic<T>`'s operations.
        if let Some(e) = self.atomic_function(name, &args, span, name_span) {
            return e;
        }
        // `dot` of substandard vectors (Slang's, on SPIR-V and CUDA): summed in `float`,
        // rounded once to the element type.
        if let ("dot", [a, b]) = (name, args.as_slice()) {
            let (ta, tb) = (self.ty(*a), self.ty(*b));
            if let (Type::Vector(s, _), true) = (&ta, ta == tb) {
                if s.is_substandard() {
                    let s = *s;
                    let fa = self.convert_node(*a, ta.with_scalar(Scalar::F32));
                    let fb = self.convert_node(*b, tb.with_scalar(Scalar::F32));
                    let d = self.call_intrinsic("dot", vec![fa, fb], span, name_span);
                    return self.convert_node(d, Type::Scalar(s));
                }
            }
        }
        let stdlib = self.stdlib;
        let mut name = name.to_string();
        if let Some(first) = stdlib.find(&name) {
            if let Some(target) = &stdlib.intrinsics[first].alias_of {
                name = target.clone();
            }
        }
        let mut best: Option<(u32, usize, Vec<Type>)> = None;
        for &idx in stdlib.overloads(&name) {
            if let Some((cost, bound)) = self.match_intrinsic(&stdlib.intrinsics[idx], &args) {
                if best.as_ref().is_none_or(|(c, _, _)| cost < *c) {
                    best = Some((cost, idx, bound));
                }
            }
        }
        let Some((_, idx, bound)) = best else {
            let shown: Vec<String> = args.iter().map(|a| self.type_name(&self.ty(*a))).collect();
            let mut d = Diagnostic::error("E0403", format!("no matching overload for `{name}({})`", shown.join(", ")))
                .with_label(name_span, format!("no overload of `{name}` takes these arguments"));
            for &idx in stdlib.overloads(&name) {
                d = d.with_note(format!("candidate: {}", stdlib.intrinsics[idx].signature()));
            }
            self.push(d);
            return self.error_expr(span);
        };
        let intr = &stdlib.intrinsics[idx];
        let mut conv_args = Vec::new();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for (p, a) in intr.params.iter().zip(args) {
            let pt = p.ty.instantiate(&bound);
            if p.mode != ParamMode::In {
                let a = self.side_effect_place(a, &mut before);
                self.require_lvalue(a);
                conv_args.push(self.out_argument(a, &pt, p.mode, span, &mut before, &mut after));
            } else {
                conv_args.push(self.coerce(a, &pt, span));
            }
        }
        if intr.name.starts_with("Interlocked") {
            if let Some(dest) = conv_args.first() {
                let space = self.lvalue_space(*dest);
                // Through a pointer: `lower::shared_pointers` resolves a groupshared one to
                // its variable, and refuses a device one.
                if !matches!(space, Some(AddressSpace::Groupshared | AddressSpace::Resource))
                    && !self.through_pointer(*dest)
                {
                    let at = self.span_of(*dest);
                    self.push(
                        Diagnostic::error(
                            "E0411",
                            format!("`{}` needs a groupshared variable or a writable buffer element", intr.name),
                        )
                        .with_label(at, "this is neither"),
                    );
                }
            }
        }
        for (p, &a) in intr.params.iter().zip(&conv_args) {
            if p.constexpr && !matches!(self.cur.as_ref().map(|s| &s.func.exprs[a].kind), Some(ExprKind::Const(_))) {
                let at = self.span_of(a);
                self.push(
                    Diagnostic::error(
                        "E0415",
                        format!("the `{}` argument of `{}` must be a compile-time constant", p.name, intr.name),
                    )
                    .with_label(at, "not a constant"),
                );
            }
        }
        // `[power_of_two(param)]`: a cluster size, which every target needs to be a power of
        // two no larger than the widest wave.
        for attr in intr.lowerings_for("power_of_two") {
            let Some(name) = attr.ident(0) else { continue };
            let Some(&a) = intr.params.iter().position(|p| p.name == name).and_then(|i| conv_args.get(i)) else {
                continue;
            };
            let value = match self.cur.as_ref().map(|s| &s.func.exprs[a].kind) {
                Some(ExprKind::Const(c)) => c.as_i64(),
                _ => continue,
            };
            if value.is_none_or(|v| !(1..=128).contains(&v) || (v & (v - 1)) != 0) {
                let at = self.span_of(a);
                self.push(
                    Diagnostic::error(
                        "E0417",
                        format!("the `{name}` argument of `{}` must be a power of two from 1 to 128", intr.name),
                    )
                    .with_label(at, "not a power of two from 1 to 128"),
                );
            }
        }
        let ret = intr.ret.instantiate(&bound);
        if let Some(state) = self.cur.as_mut() {
            state.facts.intrinsics.push((idx, name_span));
        }
        // The stdlib's type queries (`[fold(…)]`) are constants of the bound type.
        if let Some(fold) = intr.lowerings_for("fold").next() {
            if fold.kind() == "workgroup_size" {
                return self.workgroup_size(&intr.name, &ret, span);
            }
            return self.fold_type_query(fold.kind(), &bound[0], &ret, span);
        }
        // With a fixed wave size the group wave count is a constant, folded into the output.
        if intr.alias_of.as_deref().unwrap_or(&intr.name) == "GetGroupWaveCount" {
            if let Some(count) = self.const_group_wave_count() {
                return self.add_expr(ExprKind::Const(ConstValue::Uint(count)), ret, span);
            }
        }
        let bound = bound.into_iter().next().map(Box::new);
        let call = self.add_expr(
            ExprKind::Intrinsic { id: IntrinsicId(idx as u32), args: conv_args, bound },
            ret.clone(),
            span,
        );
        self.around_call(call, &ret, before, after, span)
    }

    /// `WorkgroupSize()` / `gl_WorkGroupSize`: the entry point's workgroup size, a constant.
    fn workgroup_size(&mut self, name: &str, ret: &Type, span: Span) -> ExprId {
        let Some(size) = self.const_workgroup_size() else {
            let msg = format!("`{name}` needs the entry point's constant `[numthreads(x, y, z)]`");
            self.error("E0510", span, msg);
            return self.error_expr(span);
        };
        let scalar = ret.scalar().unwrap_or(Scalar::I32);
        let components = size
            .iter()
            .map(|&n| if scalar == Scalar::I32 { ConstValue::Int(n as i64) } else { ConstValue::Uint(n) })
            .collect();
        self.add_expr(ExprKind::Const(ConstValue::Composite(components)), ret.clone(), span)
    }

    /// `__length(x)`, `__max_value(x)`, `__min_value(x)` of the stdlib's bodies: the value the
    /// type `of` gives, as a constant of type `ret` (splat to every component).
    fn fold_type_query(&mut self, query: &str, of: &Type, ret: &Type, span: Span) -> ExprId {
        let scalar = of.scalar().unwrap_or(Scalar::U32);
        let value = match query {
            "length" => ConstValue::Uint(match of {
                Type::Vector(_, n) | Type::Matrix(_, n, _) => *n as u64,
                _ => 1,
            }),
            "max_value" | "min_value" => {
                let max = query == "max_value";
                match scalar {
                    s if s.is_float() => ConstValue::Float(if max { f64::INFINITY } else { f64::NEG_INFINITY }),
                    s if s.is_unsigned_int() => ConstValue::Uint(if max { u64::MAX >> (64 - s.bits()) } else { 0 }),
                    s => {
                        let m = i64::MAX >> (64 - s.bits());
                        ConstValue::Int(if max { m } else { -m - 1 })
                    }
                }
            }
            other => {
                self.error("E0699", span, format!("internal error: unknown stdlib type query `{other}`"));
                return self.error_expr(span);
            }
        };
        let elem = match ret {
            Type::Scalar(s) => *s,
            other => other.scalar().unwrap_or(scalar),
        };
        let c = self.add_expr(ExprKind::Const(value), Type::Scalar(elem), span);
        if matches!(ret, Type::Scalar(_)) {
            c
        } else {
            self.add_expr(ExprKind::Convert(c), ret.clone(), span)
        }
    }

    /// A method of a combined texture-sampler (`Sampler2D`): its texture's, the sampler
    /// first among the arguments of those that sample (`Sample*`, `Gather*`,
    /// `CalculateLevelOfDetail*`), so every overload of the texture's is there (offsets,
    /// clamps, status). An object with effects is read once, into a local.
    fn combined_sampler_method(
        &mut self,
        object: ExprId,
        name: &ast::Ident,
        generic_args: &[ast::GenericArg],
        mut args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let ty = self.ty(object);
        let Type::Struct(h) = ty else { return self.error_expr(span) };
        // A struct built where it is read (a global one, an array element) has its fields' reads
        // in order already: the first field's index does the array element's store.
        let pure = self
            .cur
            .as_ref()
            .is_some_and(|st| st.func.is_pure(object) || matches!(st.func.exprs[object].kind, ExprKind::Construct(_)));
        let (object, set) = if pure {
            (object, None)
        } else {
            let Some(temp) = self.hoisted_local("sampler", &ty, span) else { return self.error_expr(span) };
            let target = self.add_expr(ExprKind::Local(temp), ty.clone(), span);
            let set = self.add_expr(ExprKind::Assign { op: None, target, value: object }, ty.clone(), span);
            (self.add_expr(ExprKind::Local(temp), ty.clone(), span), Some(set))
        };
        let field = |c: &mut Self, i: &str| c.field(object, h, &ast::Ident { name: i.into(), span }, span);
        let texture = field(self, "texture");
        if SampleKind::from_method_name(&name.name).is_some() {
            let sampler = field(self, "sampler");
            args.insert(0, sampler);
        }
        let call = self.method_call(texture, name, generic_args, args, span);
        match set {
            Some(set) => {
                let ty = self.ty(call);
                self.add_expr(ExprKind::Comma(set, call), ty, span)
            }
            None => call,
        }
    }

    pub(super) fn method_call(
        &mut self,
        object: ExprId,
        name: &ast::Ident,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        if self.ty(object).is_pointer() {
            let target = self.deref(object, span);
            // DXC's `vk::BufferPointer<T>::Get()`: the memory itself, unless `T` has a `Get`.
            let own_get = match self.ty(target) {
                Type::Struct(h) => self.method_of(h, "Get").is_some(),
                _ => false,
            };
            if name.name == "Get" && args.is_empty() && generic_args.is_empty() && !own_get {
                return target;
            }
            return self.method_call(target, name, generic_args, args, span);
        }
        if let Some(e) = self.atomic_method(object, name, args.clone(), span) {
            return e;
        }
        let ot = self.ty(object);
        if let Some(x) = self.existential_of(&ot) {
            return self.dispatch_call(x, object, name, generic_args, args, span);
        }
        if let Some(e) = self.conditional_method(object, &name.name, &args, span) {
            return e;
        }
        if args.is_empty() && name.name != "v" {
            if let Some(e) = self.pair_member(object, &name.name, span) {
                return e;
            }
        }
        // A `ConstantBuffer<S>` (or `ParameterBlock<S>`) has `S`'s methods, called on the `S` it
        // holds (`gParams.calc()`, as in Slang).
        let own_struct = match &ot {
            Type::Struct(h) => Some(*h),
            Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) => match **inner {
                Type::Struct(h) if !self.is_constant_buffer_wrapper(h) => Some(h),
                _ => None,
            },
            _ => None,
        };
        if let Some(h) = own_struct {
            if let Some(is_static) = self.method_of(h, &name.name) {
                let key = methods::method_key(&self.module.structs[h].name, &name.name);
                let mut all = args;
                if !is_static {
                    let this =
                        if matches!(ot, Type::Struct(_)) { object } else { self.constant_buffer_value(object, h) };
                    all.insert(0, this);
                }
                return self.call_member(&key, generic_args, all, span, name.span);
            }
        }
        if let Some((key, is_static)) = self.value_method(&ot, &name.name) {
            let mut all = args;
            if !is_static {
                all.insert(0, object);
            }
            return self.call_member(&key, generic_args, all, span, name.span);
        }
        if self.is_combined_sampler(&ot) {
            return self.combined_sampler_method(object, name, generic_args, args, span);
        }
        if let Some(e) = self.builtin_method(object, name, &args, span) {
            return e;
        }
        // Slang's arrays, vectors and matrices know their length: `a.getCount()`, a constant
        // (a matrix's rows); GLSL's `a.length()` too (of a vector or matrix only in GLSL, where
        // a matrix's length is its columns, which are HLSL's rows).
        let glsl_length = name.name == "length" && (self.glsl_semantics || matches!(ot, Type::Array(..)));
        if (name.name == "getCount" || glsl_length) && args.is_empty() {
            let count = match &ot {
                Type::Array(_, Some(n)) => Some(*n as i64),
                Type::Vector(_, n) | Type::Matrix(_, n, _) => Some(*n as i64),
                Type::Scalar(_) => Some(1),
                _ => None,
            };
            if let Some(n) = count {
                return self.add_expr(ExprKind::Const(ConstValue::Int(n)), Type::INT, span);
            }
        }
        if let Type::RayQuery(flags) = ot {
            return self.ray_query_method(object, flags, name, args, span);
        }
        if let Some(e) = self.tuple_map_element(object, &ot, name, &args, span) {
            return e;
        }
        let Type::Resource(kind, elem) = &ot else {
            let msg = format!("`{}` has no method `{}`", self.type_name(&ot), name.name);
            self.error("E0407", name.span, msg);
            return self.error_expr(span);
        };
        let kind = *kind;
        let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
        // Slang's `Load2Aligned(at[, alignment])`, `LoadAligned<T>`, `Store2Aligned`,
        // `Store<T>(at, value, alignment)`: the alignment is a promise that lets a target use
        // wider accesses; the access is the same.
        let mut args = args;
        let aligned;
        let name = match name.name.strip_suffix("Aligned") {
            Some(base) if kind.is_byte_address() && (base.starts_with("Load") || base.starts_with("Store")) => {
                aligned = ast::Ident { name: base.to_string(), span: name.span };
                &aligned
            }
            _ => name,
        };
        if kind.is_byte_address() {
            let operands = if name.name.starts_with("Load") { 1 } else { 2 };
            if name.name.starts_with("Load") || name.name.starts_with("Store") {
                if let Some(&alignment) = args.get(operands).filter(|_| args.len() == operands + 1) {
                    let value = self.cur.as_ref().and_then(|st| st.func.const_value(alignment)?.as_u64());
                    if !value.is_some_and(u64::is_power_of_two) {
                        let at = self.span_of(alignment);
                        self.error("E0403", at, "an alignment must be a constant power of two");
                    }
                    args.truncate(operands);
                }
            }
        }
        if kind == ResourceKind::RWByteAddressBuffer {
            if let Some(e) = self.half_atomic(object, name, &args, span) {
                return e;
            }
        }
        if kind.is_texture() && generic_args.is_empty() {
            if let Some(e) = self.texture_method(object, kind, &elem, name, &args, span) {
                return e;
            }
        }
        let u = Type::UINT;
        let uvec = |n: u8| if n == 1 { Type::UINT } else { Type::Vector(Scalar::U32, n) };
        let templated = match generic_args {
            [] => None,
            [ast::GenericArg::Type(t)] => Some(self.resolve_type(t)),
            _ => {
                self.error("E0407", name.span, "expected one template argument");
                return self.error_expr(span);
            }
        };
        let words = |n: &str, base: &str| -> Option<u8> {
            match n.strip_prefix(base)? {
                "" => Some(1),
                "2" => Some(2),
                "3" => Some(3),
                "4" => Some(4),
                _ => None,
            }
        };
        // (method, parameter types with modes, return type)
        let sig: Option<MethodSig> = match name.name.as_str() {
            n if kind.is_byte_address() && words(n, "Load").is_some() => {
                let w = words(n, "Load").unwrap_or(1);
                let ret = templated.clone().unwrap_or_else(|| uvec(w));
                Some((ResourceMethod::Load(w), vec![(u.clone(), ParamMode::In)], ret))
            }
            n if kind == ResourceKind::RWByteAddressBuffer && words(n, "Store").is_some() => {
                let w = words(n, "Store").unwrap_or(1);
                let vt = match (&templated, args.get(1)) {
                    (Some(t), _) => t.clone(),
                    (None, Some(a)) if w == 1 && n == "Store" && self.ty(*a).scalar() != Some(Scalar::U32) => {
                        self.ty(*a)
                    }
                    _ => uvec(w),
                };
                Some((ResourceMethod::Store(w), vec![(u.clone(), ParamMode::In), (vt, ParamMode::In)], Type::Void))
            }
            "Load" if !kind.is_byte_address() && kind != ResourceKind::ConstantBuffer => {
                let coord = if kind.is_texture() && !kind.is_writable() {
                    Type::Vector(Scalar::I32, kind.index_dims() + 1)
                } else if kind.index_dims() == 1 {
                    Type::INT
                } else {
                    Type::Vector(Scalar::I32, kind.index_dims())
                };
                Some((ResourceMethod::Load(1), vec![(coord, ParamMode::In)], elem.clone()))
            }
            "GetDimensions" => {
                let n = if kind.is_texture() {
                    kind.index_dims() as usize
                } else if matches!(
                    kind,
                    ResourceKind::StructuredBuffer
                        | ResourceKind::RWStructuredBuffer
                        | ResourceKind::AppendStructuredBuffer
                        | ResourceKind::ConsumeStructuredBuffer
                ) {
                    2
                } else {
                    1
                };
                Some((ResourceMethod::GetDimensions, vec![(u.clone(), ParamMode::Out); n], Type::Void))
            }
            "IncrementCounter" if kind == ResourceKind::RWStructuredBuffer => {
                Some((ResourceMethod::IncrementCounter, vec![], u.clone()))
            }
            "DecrementCounter" if kind == ResourceKind::RWStructuredBuffer => {
                Some((ResourceMethod::DecrementCounter, vec![], u.clone()))
            }
            "Append" if kind == ResourceKind::AppendStructuredBuffer => {
                Some((ResourceMethod::Append, vec![(elem.clone(), ParamMode::In)], Type::Void))
            }
            "Consume" if kind == ResourceKind::ConsumeStructuredBuffer => {
                Some((ResourceMethod::Consume, vec![], elem.clone()))
            }
            n if kind == ResourceKind::RWByteAddressBuffer && n.starts_with("Interlocked") => {
                // The variable receiving the original value says its type (`uint previous`
                // with a literal `1`); else the value does.
                let original = args.len() >= 3 && !n.starts_with("InterlockedCompareStore");
                let hint = if original { args.last() } else { args.get(1) };
                byte_address_atomic(n, hint.map(|a| self.ty(*a)), args.len()).map(|a| {
                    let vt = a.value.clone();
                    let mut ps = vec![(u.clone(), ParamMode::In), (vt.clone(), ParamMode::In)];
                    match a.op {
                        AtomicOp::CompareExchange => {
                            ps.push((vt.clone(), ParamMode::In));
                            ps.push((vt, ParamMode::Out));
                        }
                        AtomicOp::CompareStore => ps.push((vt, ParamMode::In)),
                        _ if a.returns => {}
                        _ if args.len() == 3 => ps.push((vt, ParamMode::Out)),
                        _ => {}
                    }
                    let ret = if a.returns { a.value } else { Type::Void };
                    (ResourceMethod::Interlocked(a.op), ps, ret)
                })
            }
            _ => None,
        };
        let Some((method, params, ret)) = sig else {
            let msg = format!("`{}` has no method `{}`", kind.name(), name.name);
            self.error("E0407", name.span, msg);
            return self.error_expr(span);
        };
        if matches!(
            method,
            ResourceMethod::Store(_)
                | ResourceMethod::Interlocked(_)
                | ResourceMethod::IncrementCounter
                | ResourceMethod::DecrementCounter
                | ResourceMethod::Append
        ) && !kind.is_writable()
        {
            let msg = format!("`{}` is read-only; `{}` needs an RW resource", kind.name(), name.name);
            self.error("E0406", name.span, msg);
            return self.error_expr(span);
        }
        if params.len() != args.len() {
            let msg = format!("`{}.{}` takes {} arguments, found {}", kind.name(), name.name, params.len(), args.len());
            self.error("E0403", name.span, msg);
            return self.error_expr(span);
        }
        let mut conv_args = Vec::new();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for (a, (pt, mode)) in args.into_iter().zip(params) {
            if mode != ParamMode::In {
                self.require_lvalue(a);
                let at = self.ty(a);
                if conv::implicit_cost(&at, &pt).is_none_or(|c| c > ConvCost::Scalar) {
                    let msg = format!("expected a `{}` variable, found `{}`", self.type_name(&pt), self.type_name(&at));
                    let sp = self.span_of(a);
                    self.error("E0405", sp, msg);
                    conv_args.push(a);
                } else {
                    conv_args.push(self.out_argument(a, &pt, mode, span, &mut before, &mut after));
                }
            } else {
                conv_args.push(self.coerce(a, &pt, span));
            }
        }
        if let (ResourceMethod::Interlocked(_), false) = (method, ret == Type::Void) {
            // Slang's `InterlockedAddU64(address, value)` returns the original value: the
            // atomic writes it to a temporary, which the expression then reads.
            let Some(original) = self.temp("original", ret.clone(), span) else { return self.error_expr(span) };
            let read = self.add_expr(ExprKind::Local(original), ret.clone(), span);
            conv_args.push(read);
            let call = self.add_expr(ExprKind::Method { object, method, args: conv_args }, Type::Void, span);
            let value = self.add_expr(ExprKind::Local(original), ret.clone(), span);
            return self.add_expr(ExprKind::Comma(call, value), ret, span);
        }
        let call = self.add_expr(ExprKind::Method { object, method, args: conv_args }, ret.clone(), span);
        self.around_call(call, &ret, before, after, span)
    }
}

impl Checker {
    /// Slang's `buffer.InterlockedAddF16(address, value[, out original])` (and its
    /// `…Emulated` spelling) and NVAPI's `buffer._NvInterlockedAddFp16x2(address, packed)`: calls
    /// of the core module's compare-exchange loops (`stdlib/half_atomics.slang`). `None` for
    /// other methods.
    fn half_atomic(&mut self, object: ExprId, name: &ast::Ident, args: &[ExprId], span: Span) -> Option<ExprId> {
        // The second gives the original value back through an argument, the first returns it.
        let (function, out_original) = match name.name.as_str() {
            "InterlockedAddF16" | "InterlockedAddF16Emulated" => ("__wavec_InterlockedAddF16", true),
            "_NvInterlockedAddFp16x2" => ("__wavec_InterlockedAddFp16x2", false),
            _ => return None,
        };
        let arity_ok = args.len() == 2 || (out_original && args.len() == 3);
        if !arity_ok {
            let takes = if out_original {
                "an address, a value and optionally the original value"
            } else {
                "an address and a value"
            };
            self.error("E0403", name.span, format!("`{}` takes {takes}", name.name));
            return Some(self.error_expr(span));
        }
        let original = args.get(2).copied();
        let ids = self.functions.get(function).cloned().unwrap_or_default();
        let mut call_args = vec![object];
        call_args.extend_from_slice(&args[..2]);
        let call = self.call_user(function, &ids, call_args, span, name.span);
        let Some(target) = original else { return Some(call) };
        self.require_lvalue(target);
        let ty = self.ty(target);
        let value = self.coerce(call, &ty, span);
        Some(self.add_expr(ExprKind::Assign { op: None, target, value }, ty, span))
    }
}

/// An atomic method of a byte-address buffer, read from its name: HLSL's `InterlockedAdd`
/// (32-bit, of the value's signedness) and `InterlockedAdd64` (shader model 6.6), Slang's
/// `InterlockedAddI64`, `InterlockedMaxU64` (returning the original value),
/// `InterlockedCompareExchangeU64` and `InterlockedAddF32`.
struct ByteAddressAtomic {
    op: AtomicOp,
    value: Type,
    /// The original value is the method's result (Slang's two-argument `…U64` forms).
    returns: bool,
}

fn byte_address_atomic(name: &str, value: Option<Type>, args: usize) -> Option<ByteAddressAtomic> {
    let ops = [
        AtomicOp::Add,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Exchange,
        AtomicOp::CompareExchange,
        AtomicOp::CompareStore,
    ];
    let (op, suffix) = ops.into_iter().find_map(|o| name.strip_prefix(o.method_name()).map(|rest| (o, rest)))?;
    let int64 = |t: &Option<Type>| t.clone().filter(|t| t.scalar() == Some(Scalar::I64));
    let at = |value: Type, returns: bool| Some(ByteAddressAtomic { op, value, returns });
    match suffix {
        "" => at(value.filter(|t| t.scalar() == Some(Scalar::I32)).unwrap_or(Type::UINT), false),
        "64" => at(int64(&value).unwrap_or(Type::Scalar(Scalar::U64)), false),
        "I64" if op == AtomicOp::Add => at(Type::Scalar(Scalar::I64), false),
        "U64" if matches!(op, AtomicOp::CompareExchange | AtomicOp::CompareStore) => {
            at(Type::Scalar(Scalar::U64), false)
        }
        "U64" => at(Type::Scalar(Scalar::U64), args == 2),
        "F32" if op == AtomicOp::Add => at(Type::FLOAT, false),
        _ => None,
    }
}

/// A resource method: what it is, its parameters with their modes, and its return type.
type MethodSig = (ResourceMethod, Vec<(Type, ParamMode)>, Type);

/// The element type a generic argument promotes to when its own element is not in the class.
/// DXC's strictness is kept: bitwise ops refuse floats, only literals bend from signed to
/// unsigned.
fn promote(s: Scalar, class: ElemClass, literal: bool) -> Option<Scalar> {
    if s == Scalar::Bool && class.accepts(Scalar::I32) {
        return Some(Scalar::I32);
    }
    if (s.is_int() || s == Scalar::Bool) && class.accepts(Scalar::F32) && !class.accepts(Scalar::I32) {
        return Some(Scalar::F32);
    }
    if literal && s.is_int() && class.accepts(Scalar::U32) {
        return Some(Scalar::U32);
    }
    if s.is_float() && class.accepts(Scalar::F32) {
        return Some(Scalar::F32);
    }
    // A literal has no width of its own in DXC: it takes the class's (`asuint16(1)`,
    // `asfloat16(1.0)`), keeping its signedness where it can.
    if literal {
        use Scalar::*;
        let widths: &[Scalar] = match s {
            U32 | U64 => &[U16, I16, U64, I64],
            _ if s.is_int() => &[I16, U16, I64, U64],
            _ if s.is_float() => &[F16, F64],
            _ => &[],
        };
        return widths.iter().copied().find(|w| class.accepts(*w));
    }
    None
}

/// `xyzw`/`rgba` swizzle components of a vector of `n` components (scalars are 1-vectors).
pub(super) fn swizzle(s: &str, n: u8) -> Option<Vec<u8>> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    let xyzw = s.chars().all(|c| "xyzw".contains(c));
    let rgba = s.chars().all(|c| "rgba".contains(c));
    if !xyzw && !rgba {
        return None;
    }
    let set = if xyzw { "xyzw" } else { "rgba" };
    let comps: Vec<u8> = s.chars().map(|c| set.find(c).unwrap_or(0) as u8).collect();
    comps.iter().all(|c| *c < n).then_some(comps)
}

trait BoolScalar {
    const BOOL_SCALAR: Scalar;
}
impl BoolScalar for Scalar {
    const BOOL_SCALAR: Scalar = Scalar::Bool;
}

/// `_12_21` (from 1) or `_m01_m10` (from 0): the (row, column) pairs, up to four, each inside an
/// `rows` × `cols` matrix; `None` for anything else.
fn matrix_elements(name: &str, rows: u8, cols: u8) -> Option<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        rest = rest.strip_prefix('_')?;
        let (zero_based, digits) = match rest.strip_prefix('m') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let mut chars = digits.chars();
        let (a, b) = (chars.next()?.to_digit(10)? as u8, chars.next()?.to_digit(10)? as u8);
        let (row, col) = if zero_based { (a, b) } else { (a.checked_sub(1)?, b.checked_sub(1)?) };
        if row >= rows || col >= cols {
            return None;
        }
        out.push((row, col));
        rest = chars.as_str();
    }
    (!out.is_empty() && out.len() <= 4).then_some(out)
}

/// The operands of `a, b, c` in order (one for anything else).
fn comma_list<'e>(e: &'e ast::Expr, out: &mut Vec<&'e ast::Expr>) {
    match &e.kind {
        ast::ExprKind::Comma { lhs, rhs } => {
            comma_list(lhs, out);
            comma_list(rhs, out);
        }
        _ => out.push(e),
    }
}

/// Slang's stable string hash, which `getStringHash` gives and a host can compute again:
/// `h = c + (h << 6) + (h << 16) - h` over the UTF-8 bytes, from 0, wrapping at 32 bits.
pub(super) fn stable_string_hash(text: &str) -> i32 {
    let hash = text.bytes().fold(0u32, |h, c| u32::from(c).wrapping_add(h << 6).wrapping_add(h << 16).wrapping_sub(h));
    hash as i32
}
