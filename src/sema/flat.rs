//! HLSL's flat conversions (DXC's `FlatConversion`): a struct, array, vector or matrix seen as
//! the list of its scalars (fields in order, elements in order, a matrix row by row; a bit
//! field's storage integer as one scalar), converted scalar by scalar into another such type.
//! `(Color)packed` of a struct by a scalar gives every scalar of the struct that value;
//! `(uint)pair` takes the first scalar; `(Vectors)colors` takes as many scalars as `Vectors`
//! holds from the front of `colors`. Implicitly, a struct becomes another struct of the same
//! scalars (two declarations of one layout) where it is assigned or initialized, and a matrix
//! a vector of as many elements (and back), in calls too. The value is built here, from its parts, so no target sees such a conversion.

use super::Checker;
use crate::ir::*;
use crate::span::Span;

impl Checker {
    /// The scalars of `ty` in flattening order; `None` for a type holding anything else
    /// (resources, pointers, unsized arrays).
    pub(super) fn flat_scalars(&self, ty: &Type) -> Option<Vec<Scalar>> {
        Some(match ty {
            Type::Scalar(s) => vec![*s],
            Type::Vector(s, n) => vec![*s; *n as usize],
            Type::Matrix(s, r, c) => vec![*s; *r as usize * *c as usize],
            Type::Array(e, Some(n)) => {
                let one = self.flat_scalars(e)?;
                (0..*n).flat_map(|_| one.iter().copied()).collect()
            }
            Type::Struct(h) if self.atomic_elem(ty).is_none() && self.existential_of(ty).is_none() => {
                let mut all = Vec::new();
                for f in &self.module.structs[*h].fields {
                    all.extend(self.flat_scalars(&f.ty)?);
                }
                all
            }
            _ => return None,
        })
    }

    /// Whether `from` becomes `to` implicitly by a flat conversion: structs of the same
    /// scalars, or a matrix and a vector of as many elements of one type.
    pub(super) fn flat_implicit(&self, from: &Type, to: &Type) -> bool {
        match (from, to) {
            (Type::Struct(a), Type::Struct(b)) if a != b => {
                self.flat_scalars(from).is_some_and(|s| !s.is_empty() && Some(&s) == self.flat_scalars(to).as_ref())
            }
            (Type::Matrix(a, r, c), Type::Vector(b, n)) | (Type::Vector(b, n), Type::Matrix(a, r, c)) => {
                a == b && u32::from(*r) * u32::from(*c) == u32::from(*n)
            }
            _ => false,
        }
    }

    /// Whether an explicit cast from `from` to `to` is a flat conversion: a struct or an
    /// array on either side (or a matrix and a vector of as many elements), the source a
    /// scalar (given to every scalar) or holding at least as many scalars as the target.
    pub(super) fn flat_cast(&self, from: &Type, to: &Type) -> bool {
        let aggregate = |t: &Type| matches!(t, Type::Struct(_) | Type::Array(..));
        let shapes = matches!((from, to), (Type::Matrix(..), Type::Vector(..)) | (Type::Vector(..), Type::Matrix(..)));
        if !(aggregate(from) || aggregate(to) || shapes) {
            return false;
        }
        let (Some(a), Some(b)) = (self.flat_scalars(from), self.flat_scalars(to)) else { return false };
        !b.is_empty() && (matches!(from, Type::Scalar(_)) || a.len() >= b.len())
    }

    /// `v` converted to `to` scalar by scalar ([`Self::flat_cast`] holds).
    pub(super) fn flat_convert(&mut self, v: ExprId, to: &Type, span: Span) -> ExprId {
        let from = self.ty(v);
        // The source is read once, into a temporary, unless it is a local already.
        let local = self.cur.as_ref().and_then(|st| match st.func.exprs[v].kind {
            ExprKind::Local(l) => Some(l),
            _ => None,
        });
        let (source, setup) = match local {
            Some(l) => (l, None),
            None => {
                let Some(t) = self.hoisted_local("flattened", &from, span) else { return self.error_expr(span) };
                let target = self.add_expr(ExprKind::Local(t), from.clone(), span);
                (t, Some(self.add_expr(ExprKind::Assign { op: None, target, value: v }, from.clone(), span)))
            }
        };
        let mut paths = Vec::new();
        flat_paths(self, &from, &mut Vec::new(), &mut paths);
        let mut leaves = paths.into_iter().map(|path| {
            let mut e = self.add_expr(ExprKind::Local(source), from.clone(), span);
            for (step, ty) in path {
                let kind = match step {
                    Step::Field(i) => ExprKind::Field { base: e, index: i },
                    Step::Index(i) => {
                        let index = self.add_expr(ExprKind::Const(ConstValue::Int(i64::from(i))), Type::INT, span);
                        ExprKind::Index { base: e, index }
                    }
                    Step::Component(i) => ExprKind::Swizzle { base: e, components: vec![i] },
                };
                e = self.add_expr(kind, ty, span);
            }
            e
        });
        let mut leaves: Vec<ExprId> = leaves.by_ref().collect();
        if matches!(from, Type::Scalar(_)) {
            let n = self.flat_scalars(to).map_or(0, |s| s.len());
            let first = leaves[0];
            leaves = (0..n)
                .map(|i| if i == 0 { first } else { self.add_expr(ExprKind::Local(source), from.clone(), span) })
                .collect();
        }
        let mut next = leaves.into_iter();
        let built = self.flat_build(to, &mut next, span);
        match setup {
            Some(set) => self.add_expr(ExprKind::Comma(set, built), to.clone(), span),
            None => built,
        }
    }

    /// A value of `ty` from the next scalars of `leaves`, each converted to its place's type.
    fn flat_build(&mut self, ty: &Type, leaves: &mut std::vec::IntoIter<ExprId>, span: Span) -> ExprId {
        let parts: Vec<ExprId> = match ty {
            Type::Scalar(_) => {
                let Some(leaf) = leaves.next() else { return self.error_expr(span) };
                return self.convert_to(leaf, ty, span);
            }
            Type::Vector(s, n) => (0..*n).map(|_| self.flat_build(&Type::Scalar(*s), leaves, span)).collect(),
            Type::Matrix(s, r, c) => {
                (0..u32::from(*r) * u32::from(*c)).map(|_| self.flat_build(&Type::Scalar(*s), leaves, span)).collect()
            }
            Type::Array(e, Some(n)) => (0..*n).map(|_| self.flat_build(e, leaves, span)).collect(),
            Type::Struct(h) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                fields.iter().map(|f| self.flat_build(f, leaves, span)).collect()
            }
            _ => return self.error_expr(span),
        };
        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
    }
}

/// One step from a value to one of its parts, with the part's type.
#[derive(Clone, Copy)]
enum Step {
    Field(u32),
    Index(u32),
    Component(u8),
}

/// The paths from a value of `ty` to each of its scalars, in flattening order.
fn flat_paths(c: &Checker, ty: &Type, prefix: &mut Vec<(Step, Type)>, out: &mut Vec<Vec<(Step, Type)>>) {
    let down = |step: Step, part: Type, prefix: &mut Vec<(Step, Type)>, out: &mut Vec<Vec<(Step, Type)>>| {
        prefix.push((step, part.clone()));
        flat_paths(c, &part, prefix, out);
        prefix.pop();
    };
    match ty {
        Type::Vector(s, n) => (0..*n).for_each(|i| down(Step::Component(i), Type::Scalar(*s), prefix, out)),
        Type::Matrix(s, r, cols) => {
            for row in 0..*r {
                // A row of one element is that element.
                if *cols == 1 {
                    down(Step::Index(u32::from(row)), Type::Scalar(*s), prefix, out);
                    continue;
                }
                prefix.push((Step::Index(u32::from(row)), Type::Vector(*s, *cols)));
                for col in 0..*cols {
                    down(Step::Component(col), Type::Scalar(*s), prefix, out);
                }
                prefix.pop();
            }
        }
        Type::Array(e, Some(n)) => (0..*n).for_each(|i| down(Step::Index(i), (**e).clone(), prefix, out)),
        Type::Struct(h) => {
            let fields: Vec<Type> = c.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
            for (i, f) in fields.into_iter().enumerate() {
                down(Step::Field(i as u32), f, prefix, out);
            }
        }
        _ => out.push(prefix.clone()),
    }
}
