//! Constant folding of integer and float expressions: array sizes, `[numthreads]`, case labels,
//! `static const` initializers. Folding works on the syntax tree so it is available where no
//! function is being checked (global declarations, attributes).

use super::Checker;
use crate::ir::{BinaryOp, ConstValue, Scalar, Type};
use crate::syntax::ast;

pub(super) fn convert(v: &ConstValue, s: Scalar) -> Option<ConstValue> {
    Some(match (v, s) {
        (ConstValue::Composite(_), _) => return None,
        (_, Scalar::Bool) => ConstValue::Bool(v.as_bool()?),
        (ConstValue::Float(f), s) if s.is_float() => ConstValue::Float(*f),
        (ConstValue::Float(f), s) if s.is_signed_int() => ConstValue::Int(*f as i64),
        (ConstValue::Float(f), _) => ConstValue::Uint(*f as u64),
        (v, s) if s.is_float() => ConstValue::Float(match v {
            ConstValue::Int(i) => *i as f64,
            ConstValue::Uint(u) => *u as f64,
            ConstValue::Bool(b) => *b as u8 as f64,
            _ => return None,
        }),
        (v, s) if s.is_signed_int() => ConstValue::Int(wrap_signed(v.as_i64()?, s)),
        (v, s) => ConstValue::Uint(wrap_unsigned(v.as_i64()? as u64, s)),
    })
}

fn wrap_signed(v: i64, s: Scalar) -> i64 {
    match s.bits() {
        16 => v as i16 as i64,
        32 => v as i32 as i64,
        _ => v,
    }
}

fn wrap_unsigned(v: u64, s: Scalar) -> u64 {
    match s.bits() {
        16 => v as u16 as u64,
        32 => v as u32 as u64,
        _ => v,
    }
}

/// Folds `a op b` for scalars; `None` when not foldable (division by zero, shifts out of range).
pub(super) fn binary(op: BinaryOp, a: &ConstValue, b: &ConstValue) -> Option<ConstValue> {
    use BinaryOp::*;
    use ConstValue as C;
    // Vectors and matrices component by component, a scalar operand splatted.
    match (a, b) {
        (C::Composite(x), C::Composite(y)) if x.len() == y.len() => {
            return x.iter().zip(y).map(|(x, y)| binary(op, x, y)).collect::<Option<_>>().map(C::Composite);
        }
        (C::Composite(_), C::Composite(_)) => return None,
        (C::Composite(x), y) => return x.iter().map(|x| binary(op, x, y)).collect::<Option<_>>().map(C::Composite),
        (x, C::Composite(y)) => return y.iter().map(|y| binary(op, x, y)).collect::<Option<_>>().map(C::Composite),
        _ => {}
    }
    let float = matches!(a, C::Float(_)) || matches!(b, C::Float(_));
    if float {
        let (x, y) = (as_f64(a)?, as_f64(b)?);
        return Some(match op {
            Add => C::Float(x + y),
            Sub => C::Float(x - y),
            Mul => C::Float(x * y),
            Div => C::Float(x / y),
            Rem => C::Float(x % y),
            Eq => C::Bool(x == y),
            Ne => C::Bool(x != y),
            Lt => C::Bool(x < y),
            Le => C::Bool(x <= y),
            Gt => C::Bool(x > y),
            Ge => C::Bool(x >= y),
            LogicAnd => C::Bool(x != 0.0 && y != 0.0),
            LogicOr => C::Bool(x != 0.0 || y != 0.0),
            _ => return None,
        });
    }
    let unsigned = matches!(a, C::Uint(_)) || matches!(b, C::Uint(_));
    if unsigned {
        let (x, y) = (a.as_i64()? as u64, b.as_i64()? as u64);
        let x32 = matches!(a, C::Uint(v) if *v <= u32::MAX as u64) || !matches!(a, C::Uint(_));
        let wrap = |v: u64| if x32 { v as u32 as u64 } else { v };
        return Some(match op {
            Add => C::Uint(wrap(x.wrapping_add(y))),
            Sub => C::Uint(wrap(x.wrapping_sub(y))),
            Mul => C::Uint(wrap(x.wrapping_mul(y))),
            Div => C::Uint(x.checked_div(y)?),
            Rem => C::Uint(x.checked_rem(y)?),
            Shl => C::Uint(wrap(x.checked_shl(y as u32 & 63)?)),
            Shr => C::Uint(x >> (y & 63)),
            BitAnd => C::Uint(x & y),
            BitOr => C::Uint(x | y),
            BitXor => C::Uint(x ^ y),
            LogicAnd => C::Bool(x != 0 && y != 0),
            LogicOr => C::Bool(x != 0 || y != 0),
            Eq => C::Bool(x == y),
            Ne => C::Bool(x != y),
            Lt => C::Bool(x < y),
            Le => C::Bool(x <= y),
            Gt => C::Bool(x > y),
            Ge => C::Bool(x >= y),
        });
    }
    let (x, y) = (a.as_i64()?, b.as_i64()?);
    let both_bool = matches!(a, C::Bool(_)) && matches!(b, C::Bool(_));
    let wrap = |v: i64| v as i32 as i64;
    Some(match op {
        Add => C::Int(wrap(x.wrapping_add(y))),
        Sub => C::Int(wrap(x.wrapping_sub(y))),
        Mul => C::Int(wrap(x.wrapping_mul(y))),
        Div => C::Int(wrap(x.checked_div(y)?)),
        Rem => C::Int(wrap(x.checked_rem(y)?)),
        Shl => C::Int(wrap(x.checked_shl(y as u32 & 31)?)),
        Shr => C::Int(x >> (y & 31)),
        BitAnd if both_bool => C::Bool(x & y != 0),
        BitOr if both_bool => C::Bool(x | y != 0),
        BitAnd => C::Int(x & y),
        BitOr => C::Int(x | y),
        BitXor => C::Int(x ^ y),
        LogicAnd => C::Bool(x != 0 && y != 0),
        LogicOr => C::Bool(x != 0 || y != 0),
        Eq => C::Bool(x == y),
        Ne => C::Bool(x != y),
        Lt => C::Bool(x < y),
        Le => C::Bool(x <= y),
        Gt => C::Bool(x > y),
        Ge => C::Bool(x >= y),
    })
}

fn as_f64(v: &ConstValue) -> Option<f64> {
    Some(match v {
        ConstValue::Float(f) => *f,
        ConstValue::Int(i) => *i as f64,
        ConstValue::Uint(u) => *u as f64,
        ConstValue::Bool(b) => *b as u8 as f64,
        ConstValue::Composite(_) => return None,
    })
}

/// Whether a type has a size in every data layout (no resources, no runtime-sized arrays).
fn is_sized(ty: &Type) -> bool {
    match ty {
        Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) | Type::Struct(_) => true,
        Type::Array(e, n) => n.is_some() && is_sized(e),
        _ => false,
    }
}

pub(super) fn scalar_of_const(v: &ConstValue) -> Option<Scalar> {
    Some(match v {
        ConstValue::Bool(_) => Scalar::Bool,
        ConstValue::Int(_) => Scalar::I32,
        ConstValue::Uint(_) => Scalar::U32,
        ConstValue::Float(_) => Scalar::F32,
        ConstValue::Composite(_) => return None,
    })
}

impl Checker {
    /// `sizeof(…)`/`alignof(…)` (`align`), Slang's meaning: the bytes a type (or an
    /// expression's type) takes, or its alignment, in natural layout (`layout::natural`), or in
    /// the data layout named (`sizeof(T, Std430DataLayout)`). Reports what has no size.
    pub(super) fn size_of(&mut self, align: bool, of: &ast::SizeOperand, span: crate::span::Span) -> Option<u64> {
        let (ty, layout) = match of {
            ast::SizeOperand::Type { ty, layout } => {
                let rule = match layout {
                    Some(l) => Some(self.data_layout_rule(l)?),
                    None => None,
                };
                (self.resolve_type(ty), rule)
            }
            ast::SizeOperand::Expr(e) => (self.type_of_unevaluated(e)?, None),
        };
        if ty.is_error() {
            return None;
        }
        let placement = match layout {
            Some(Some(rule)) if is_sized(&ty) => Some(crate::layout::unpadded(&self.module, &ty, rule)),
            _ => crate::layout::natural(&self.module, &ty),
        };
        let Some(p) = placement else {
            let name = self.type_name(&ty);
            let kw = if align { "alignof" } else { "sizeof" };
            self.error("E0402", span, format!("`{kw}` needs a type with a size in memory, not `{name}`"));
            return None;
        };
        Some(if align { p.align } else { p.size } as u64)
    }

    /// `countof(…)`: the elements of a tuple, vector or array type or value.
    pub(super) fn count_of(&mut self, of: &ast::SizeOperand, span: crate::span::Span) -> Option<u64> {
        let ty = match of {
            ast::SizeOperand::Type { ty, layout: None } => self.resolve_type(ty),
            ast::SizeOperand::Type { layout: Some(l), .. } => {
                self.error("E0402", l.span, "`countof` takes one type or value");
                return None;
            }
            ast::SizeOperand::Expr(e) => self.type_of_unevaluated(e)?,
        };
        if let Some(elems) = self.tuple_elems(&ty) {
            return Some(elems.len() as u64);
        }
        match ty {
            Type::Error => None,
            Type::Vector(_, n) => Some(n as u64),
            Type::Array(_, Some(n)) => Some(n as u64),
            other => {
                let name = self.type_name(&other);
                self.error(
                    "E0402",
                    span,
                    format!("`countof` counts a tuple's, vector's or array's elements, not `{name}`'s"),
                );
                None
            }
        }
    }

    /// The layout rule a data layout type (`Std430DataLayout`…, or a generic parameter bound
    /// to one) stands for: `None` for natural layout (`DefaultDataLayout`, `ScalarDataLayout`).
    fn data_layout_rule(&mut self, t: &ast::TypeExpr) -> Option<Option<crate::layout::Rule>> {
        let ty = self.resolve_type(t);
        match self.data_layout_of(&ty) {
            Some(layout) => Some(layout.rule()),
            None => {
                if !ty.is_error() {
                    let name = self.type_name(&ty);
                    self.error("E0402", t.span, format!("`{name}` is not a data layout (`IBufferDataLayout`)"));
                }
                None
            }
        }
    }

    /// The type of an expression that is measured, not run (`sizeof(x)`): checked as any
    /// expression inside a function, where nothing it computes is kept; outside one, a name
    /// of a global.
    fn type_of_unevaluated(&mut self, e: &ast::Expr) -> Option<Type> {
        if self.cur.is_some() {
            let id = self.expr(e);
            return Some(self.ty(id));
        }
        if let ast::ExprKind::Ident(name) = &e.kind {
            let key = self.scoped(name, |n| self.globals.contains_key(n));
            if let Some(g) = self.globals.get(&key) {
                return Some(self.module.globals[*g].ty.clone());
            }
        }
        self.error("E0402", e.span, "outside a function, `sizeof` measures a type or a global's name");
        None
    }

    /// Folds an AST expression to a constant, or `None` when it is not constant. Names resolve to
    /// `static const` globals and to `const` locals with constant initializers.
    pub(super) fn const_of_ast(&mut self, e: &ast::Expr) -> Option<ConstValue> {
        use ast::ExprKind as K;
        match &e.kind {
            K::IntLit(i) => Some(if i.unsigned { ConstValue::Uint(i.value) } else { ConstValue::Int(i.value as i64) }),
            K::FloatLit(f) => Some(ConstValue::Float(f.value)),
            K::BoolLit(b) => Some(ConstValue::Bool(*b)),
            K::SizeOf { align, of } => self.size_of(*align, of, e.span).map(ConstValue::Uint),
            K::CountOf(of) => self.count_of(of, e.span).map(|n| ConstValue::Int(n as i64)),
            K::Ident(name) => {
                if let Some(state) = &self.cur {
                    match state.scopes.iter().rev().find_map(|scope| scope.get(name)) {
                        Some(super::Sym::Local(l)) => return state.local_consts.get(l).cloned(),
                        Some(super::Sym::Global(g)) => return self.global_consts.get(g).cloned(),
                        Some(super::Sym::Const(v, _)) => return Some(v.clone()),
                        None => {}
                    }
                }
                if let Some((v, _)) = self.generic_values.get(name) {
                    return Some(v.clone());
                }
                let key = self.scoped(name, |n| self.globals.contains_key(n));
                let g = self.globals.get(&key)?;
                match self.global_consts.get(g) {
                    Some(v) => Some(v.clone()),
                    None if self.folding_global_init => self.static_inits.get(g).cloned(),
                    None => None,
                }
            }
            K::Path { ty, name } => {
                let ast::TypeExprKind::Named { name: enum_name, .. } = &ty.kind else { return None };
                let key = self.scoped(&format!("{enum_name}::{}", name.name), |n| self.enum_cases.contains_key(n));
                if let Some((v, _)) = self.enum_cases.get(&key) {
                    return Some(v.clone());
                }
                // A struct's static constant, `S::K`.
                let key = self.scoped(&format!("{enum_name}::{}", name.name), |n| self.globals.contains_key(n));
                let g = self.globals.get(&key)?;
                self.global_consts.get(g).cloned()
            }
            K::Unary { op, expr } => {
                let v = self.const_of_ast(expr)?;
                Some(match (op, v) {
                    (ast::UnOp::Plus, v) => v,
                    (ast::UnOp::Neg, ConstValue::Int(i)) => ConstValue::Int(i.wrapping_neg()),
                    (ast::UnOp::Neg, ConstValue::Uint(u)) => ConstValue::Uint((u as u32).wrapping_neg() as u64),
                    (ast::UnOp::Neg, ConstValue::Float(f)) => ConstValue::Float(-f),
                    (ast::UnOp::Not, v) => ConstValue::Bool(!v.as_bool()?),
                    (ast::UnOp::BitNot, ConstValue::Int(i)) => ConstValue::Int(!i),
                    (ast::UnOp::BitNot, ConstValue::Uint(u)) => ConstValue::Uint(!u & 0xffff_ffff),
                    _ => return None,
                })
            }
            K::Binary { op, lhs, rhs } => {
                let a = self.const_of_ast(lhs)?;
                let b = self.const_of_ast(rhs)?;
                binary(super::expr::bin_op(*op), &a, &b)
            }
            K::Ternary { cond, then, els } => {
                let c = self.const_of_ast(cond)?.as_bool()?;
                if c {
                    self.const_of_ast(then)
                } else {
                    self.const_of_ast(els)
                }
            }
            K::Cast { ty, expr } => {
                let target = self.resolve_type(ty);
                let v = self.const_of_ast(expr)?;
                match target {
                    Type::Scalar(s) => convert(&v, s),
                    _ => None,
                }
            }
            K::Construct { ty, args } if args.len() == 1 => {
                let target = self.resolve_type(ty);
                let v = self.const_of_ast(&args[0])?;
                match target {
                    Type::Scalar(s) => convert(&v, s),
                    _ => None,
                }
            }
            K::Call { callee, args, .. } if args.is_empty() => self.const_call(callee),
            // A swizzle of a constant: `0.5.xx`, `DIMS.yx`.
            K::Member { base, name } if self.swizzlable_constant(base) => {
                let v = self.const_of_ast(base)?;
                let parts = match &v {
                    ConstValue::Composite(parts) => parts.clone(),
                    scalar => vec![scalar.clone()],
                };
                let picked: Option<Vec<ConstValue>> = name
                    .name
                    .chars()
                    .map(|c| {
                        let i = "xyzw".find(c).or_else(|| "rgba".find(c))?;
                        parts.get(i).filter(|p| !matches!(p, ConstValue::Composite(_))).cloned()
                    })
                    .collect();
                let picked = picked.filter(|p| (1..=4).contains(&p.len()))?;
                Some(if picked.len() == 1 { picked[0].clone() } else { ConstValue::Composite(picked) })
            }
            _ => None,
        }
    }

    /// Whether `e` is a literal or names a scalar or vector constant: a `.xy` after it is a
    /// swizzle (after a struct constant, a field).
    fn swizzlable_constant(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            ast::ExprKind::IntLit(_) | ast::ExprKind::FloatLit(_) | ast::ExprKind::BoolLit(_) => true,
            ast::ExprKind::Ident(name) => {
                let key = self.scoped(name, |n| self.globals.contains_key(n));
                self.globals
                    .get(&key)
                    .is_some_and(|g| matches!(self.module.globals[*g].ty, Type::Scalar(_) | Type::Vector(..)))
            }
            _ => false,
        }
    }

    /// Compile-time calls: `GetGroupWaveCount()` (and its alias) when the wave size is fixed.
    fn const_call(&mut self, callee: &ast::Expr) -> Option<ConstValue> {
        if let ast::ExprKind::Path { ty, name } = &callee.kind {
            let ty = self.resolve_type(ty);
            return self.builtin_static(&ty, &name.name).map(|(v, _)| v);
        }
        let ast::ExprKind::Ident(name) = &callee.kind else { return None };
        if self.functions.contains_key(name) {
            return None;
        }
        let first = self.stdlib.find(name)?;
        let intr = &self.stdlib.intrinsics[first];
        if intr.alias_of.as_deref().unwrap_or(&intr.name) != "GetGroupWaveCount" {
            return None;
        }
        self.const_group_wave_count().map(ConstValue::Uint)
    }

    /// Slang's static methods of the built-in scalar types (IFloat's `float.getPi()`), as a
    /// constant and its type.
    pub(super) fn builtin_static(&self, ty: &Type, name: &str) -> Option<(ConstValue, Type)> {
        match (ty, name) {
            (Type::Scalar(s), "getPi") if s.is_float() => Some((ConstValue::Float(std::f64::consts::PI), ty.clone())),
            _ => None,
        }
    }

    /// The scalar components of a constant expression, constructors flattened
    /// (`float3(1, float2(2, 3))` is 1, 2, 3).
    fn const_components(&mut self, e: &ast::Expr) -> Option<Vec<ConstValue>> {
        if let ast::ExprKind::Construct { args, .. } = &e.kind {
            let mut out = Vec::new();
            for a in args {
                out.extend(self.const_components(a)?);
            }
            return Some(out);
        }
        fn flatten(v: ConstValue, out: &mut Vec<ConstValue>) {
            match v {
                ConstValue::Composite(parts) => parts.into_iter().for_each(|p| flatten(p, out)),
                v => out.push(v),
            }
        }
        let mut out = Vec::new();
        flatten(self.const_of_ast(e)?, &mut out);
        Some(out)
    }

    /// A `static const` initializer: a constant of the declared type. Unsized arrays take their
    /// length from the list.
    pub(super) fn const_initializer(&mut self, init: &ast::Initializer, ty: &mut Type) -> Option<ConstValue> {
        match (init, &mut *ty) {
            (ast::Initializer::Expr(e), Type::Scalar(s)) => {
                let s = *s;
                convert(&self.const_of_ast(e)?, s)
            }
            (ast::Initializer::Expr(e), t @ (Type::Vector(..) | Type::Matrix(..))) => {
                let s = t.scalar()?;
                let n = t.element_count() as usize;
                // `float3 v = 1;` splats; `float2x3(float3(…), float3(…))` folds component-wise.
                let parts = self.const_components(e)?;
                let parts: Vec<ConstValue> = parts.iter().map(|v| convert(v, s)).collect::<Option<_>>()?;
                match parts.len() {
                    1 => Some(ConstValue::Composite(vec![parts[0].clone(); n])),
                    len if len == n => Some(ConstValue::Composite(parts)),
                    _ => None,
                }
            }
            (ast::Initializer::List(items, _), Type::Array(elem, len)) => {
                if len.is_none() {
                    *len = Some(items.len() as u32);
                }
                if *len != Some(items.len() as u32) {
                    return None;
                }
                let mut out = Vec::new();
                for i in items {
                    let mut et = (**elem).clone();
                    out.push(self.const_initializer(i, &mut et)?);
                }
                Some(ConstValue::Composite(out))
            }
            (ast::Initializer::List(items, _), t @ (Type::Vector(..) | Type::Matrix(..))) => {
                let s = t.scalar()?;
                let mut out = Vec::new();
                for i in items {
                    match i {
                        ast::Initializer::Expr(e) => out.push(convert(&self.const_of_ast(e)?, s)?),
                        _ => return None,
                    }
                }
                (out.len() == t.element_count() as usize).then_some(ConstValue::Composite(out))
            }
            (ast::Initializer::List(items, _), Type::Struct(h)) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                if fields.len() != items.len() {
                    return None;
                }
                let mut out = Vec::new();
                for (i, mut t) in items.iter().zip(fields) {
                    out.push(self.const_initializer(i, &mut t)?);
                }
                Some(ConstValue::Composite(out))
            }
            _ => None,
        }
    }
}
