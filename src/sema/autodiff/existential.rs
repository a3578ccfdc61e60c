//! Derivatives through values of an interface type that refines `IDifferentiable` (Slang's
//! differentiable existentials, dispatched at run time).
//!
//! Such a value is its own `Differential`: an existential of the same interface whose payload
//! holds the concrete type's `Differential` under that type's id. The derivatives of the
//! generated functions that put a `T` into it and take it out (`IFoo_wrap_T`, `IFoo_unwrap_T`)
//! put `T.Differential` in and take it out the same way, so a dispatch function, whose body
//! unwraps the value and calls the concrete type's method, is differentiated as any other body.
//!
//! A payload of zero words is the zero differential of every type: a float zero is all-zero
//! bits, so `dzero()` needs no type id, and the sum of two differentials
//! (`IFoo_dadd`, written once the conforming types are known) is the other one where either
//! is zero, else the sum of the type its id names.

use super::super::Checker;
use crate::ir::*;
use crate::span::Span;

impl Checker {
    /// The existential `ty` is, where its interface is differentiable.
    pub(in crate::sema) fn differentiable_existential(&self, ty: &Type) -> Option<usize> {
        let x = self.existential_of(ty)?;
        let interface = &self.existentials[x].interface;
        self.interface_and_bases(interface).iter().any(|(name, _)| self.differentiable_constraint(name)).then_some(x)
    }

    /// The forward (`backward`: the backward) derivative of a wrap or unwrap function of a
    /// differentiable existential; `None` for any other function.
    pub(in crate::sema) fn marshal_derivative(
        &mut self,
        id: FunctionId,
        backward: bool,
        span: Span,
    ) -> Option<FunctionId> {
        let (x, concrete, is_wrap) = self.existentials.iter().enumerate().find_map(|(x, e)| {
            e.marshal.iter().find_map(|(t, w, u)| (*w == id || *u == id).then(|| (x, t.clone(), *w == id)))
        })?;
        let me = Type::Struct(self.existentials[x].ty);
        self.differentiable_existential(&me)?;
        if let Some(d) = if backward { self.autodiff.backward.get(&id) } else { self.autodiff.derivatives.get(&id) } {
            return Some(*d);
        }
        let differential = self.differential_type(&concrete)?;
        let (wrap_d, unwrap_d) = self.marshal_fns(x, &differential, span);
        let tag = self.existentials[x].tag;
        let (params, ret) = self.forward_signature(id, span);
        let base = super::super::dynamic::ir_word(&self.module.functions[id].name);
        let fwd = self.declare_generated(&format!("{base}_fwd_diff"), params.clone(), ret.clone(), span);
        let field = |c: &mut Checker, l: LocalId, ty: &Type, i: u32| {
            let Type::Struct(h) = ty else { unreachable!("a pair") };
            let fty = c.module.structs[*h].fields[i as usize].ty.clone();
            let v = c.add_expr(ExprKind::Local(l), ty.clone(), span);
            c.add_expr(ExprKind::Field { base: v, index: i }, fty, span)
        };
        let pair_params = params.clone();
        let pair_ret = ret.clone();
        let names: &[&str] = if is_wrap { &["id", "value", "dOut"] } else { &["value", "dOut"] };
        self.generate_body(fwd, names, |c, p| {
            // wrap(id, t): (wrap(id, t.p), wrap_d(id, t.d)); unwrap(v): (unwrap(v.p), unwrap_d(v.d)).
            let (primal, diff) = if is_wrap {
                let id_p = c.add_expr(ExprKind::Local(p[0]), Type::UINT, span);
                let id_d = c.add_expr(ExprKind::Local(p[0]), Type::UINT, span);
                let tp = field(c, p[1], &pair_params[1].0, 0);
                let td = field(c, p[1], &pair_params[1].0, 1);
                (c.call_function(id, vec![id_p, tp], span), c.call_function(wrap_d, vec![id_d, td], span))
            } else {
                let vp = field(c, p[0], &pair_params[0].0, 0);
                let vd = field(c, p[0], &pair_params[0].0, 1);
                (c.call_function(id, vec![vp], span), c.call_function(unwrap_d, vec![vd], span))
            };
            vec![Stmt::Return(Some(c.add_expr(ExprKind::Construct(vec![primal, diff]), pair_ret.clone(), span)))]
        });
        self.autodiff.derivatives.insert(id, fwd);
        let (bparams, _) = self.backward_signature(id, fwd);
        let bwd = self.declare_generated(&format!("{base}_bwd_diff"), bparams.clone(), Type::Void, span);
        self.generate_body(bwd, names, |c, p| {
            // The gradient of the pair's value: the differential that came back, taken out of
            // the existential (wrap) or put into it under the value's type id (unwrap).
            let (pair, pair_ty, dout) = if is_wrap { (p[1], &bparams[1].0, p[2]) } else { (p[0], &bparams[0].0, p[1]) };
            let dout_ty = bparams[if is_wrap { 2 } else { 1 }].0.clone();
            let dout = c.add_expr(ExprKind::Local(dout), dout_ty, span);
            let gradient = if is_wrap {
                c.call_function(unwrap_d, vec![dout], span)
            } else {
                let primal = field(c, pair, pair_ty, 0);
                let id = c.call_function(tag, vec![primal], span);
                c.call_function(wrap_d, vec![id, dout], span)
            };
            let primal = field(c, pair, pair_ty, 0);
            let value = c.add_expr(ExprKind::Construct(vec![primal, gradient]), pair_ty.clone(), span);
            let target = c.add_expr(ExprKind::Local(pair), pair_ty.clone(), span);
            let assign = c.add_expr(ExprKind::Assign { op: None, target, value }, pair_ty.clone(), span);
            vec![Stmt::Expr(assign)]
        });
        self.autodiff.backward.insert(id, bwd);
        Some(if backward { bwd } else { fwd })
    }

    /// `a + b` of two differentials of existential `x`: a call of its `dadd`.
    pub(in crate::sema) fn existential_sum(&mut self, x: usize, a: ExprId, b: ExprId, span: Span) -> ExprId {
        let me = Type::Struct(self.existentials[x].ty);
        let dadd = match self.existentials[x].dadd {
            Some(f) => f,
            None => {
                let name = format!("{}_dadd", self.module.structs[self.existentials[x].ty].name);
                let params = vec![(me.clone(), ParamMode::In), (me.clone(), ParamMode::In)];
                let f = self.declare_generated(&name, params, me, span);
                self.existentials[x].dadd = Some(f);
                f
            }
        };
        self.call_function(dadd, vec![a, b], span)
    }

    /// The bodies of the existentials' `dadd` functions, and of the wrap and unwrap functions
    /// the derivatives declared after the existentials were finished.
    pub(in crate::sema) fn finish_existential_derivatives(&mut self) {
        for x in 0..self.existentials.len() {
            if let Some(dadd) = self.existentials[x].dadd {
                self.dadd_body(x, dadd);
            }
        }
        for x in 0..self.existentials.len() {
            let unwritten =
                self.existentials[x].marshal.iter().any(|(_, w, _)| self.module.functions[*w].body.stmts.is_empty());
            if unwritten {
                self.marshal_bodies(x);
            }
        }
    }

    /// `IFoo_dadd(a, b)`: `b` where `a`'s payload is zero, `a` where `b`'s is, else the sum of
    /// the differentials of the type `a`'s id names.
    fn dadd_body(&mut self, x: usize, dadd: FunctionId) {
        let (ty, payload, tag, span) = {
            let e = &self.existentials[x];
            (e.ty, e.payload, e.tag, e.span)
        };
        let me = Type::Struct(ty);
        let words = self.module.structs[payload].fields.len() as u32;
        let types = self.conforming_types(&self.existentials[x].interface.clone());
        self.generate_body(dadd, &["a", "b"], |c, p| {
            let read = |c: &mut Checker, l: LocalId| c.add_expr(ExprKind::Local(l), me.clone(), span);
            if words == 0 {
                return vec![Stmt::Return(Some(read(c, p[0])))];
            }
            let is_zero = |c: &mut Checker, l: LocalId| {
                let mut any: Option<ExprId> = None;
                for k in 0..words {
                    let v = read(c, l);
                    let pl = c.add_expr(ExprKind::Field { base: v, index: 2 }, Type::Struct(payload), span);
                    let w = c.add_expr(ExprKind::Field { base: pl, index: k }, Type::UINT, span);
                    any = Some(match any {
                        Some(a) => c.add_expr(ExprKind::Binary(BinaryOp::BitOr, a, w), Type::UINT, span),
                        None => w,
                    });
                }
                let zero = c.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::UINT, span);
                let any = any.unwrap_or(zero);
                let zero = c.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::UINT, span);
                c.add_expr(ExprKind::Binary(BinaryOp::Eq, any, zero), Type::BOOL, span)
            };
            let mut stmts = Vec::new();
            for (zero_one, other) in [(p[0], p[1]), (p[1], p[0])] {
                let cond = is_zero(c, zero_one);
                let value = read(c, other);
                stmts.push(Stmt::If {
                    cond,
                    then: Block { stmts: vec![Stmt::Return(Some(value))] },
                    els: None,
                    hint: BranchHint::None,
                });
            }
            let mut cases = Vec::new();
            for (concrete, type_id) in &types {
                let Some(d) = c.differential_type(concrete) else { continue };
                if crate::layout::natural_size(&c.module, &d).is_none() {
                    continue;
                }
                let (wrap_d, unwrap_d) = c.marshal_fns(x, &d, span);
                let a = read(c, p[0]);
                let b = read(c, p[1]);
                let da = c.call_function(unwrap_d, vec![a], span);
                let db = c.call_function(unwrap_d, vec![b], span);
                let sum = c.differential_sum(da, db, &d, span);
                let id = c.add_expr(ExprKind::Const(ConstValue::Uint(*type_id as u64)), Type::UINT, span);
                let wrapped = c.call_function(wrap_d, vec![id, sum], span);
                cases.push(SwitchCase {
                    values: vec![*type_id as i64],
                    is_default: false,
                    body: Block { stmts: vec![Stmt::Return(Some(wrapped))] },
                });
            }
            if !cases.is_empty() {
                let a = read(c, p[0]);
                let selector = c.call_function(tag, vec![a], span);
                stmts.push(Stmt::Switch { selector, cases });
            }
            stmts.push(Stmt::Return(Some(read(c, p[0]))));
            stmts
        });
    }
}
