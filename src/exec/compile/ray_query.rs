//! `RayQuery` methods to bytecode: the query's state is registers of its variable
//! ([`super::super::ray_query::WORDS`] words), which one [`RayQueryInst`] reads and changes.

use super::*;
use crate::ir::RayQueryOp;

impl Compiler<'_> {
    pub(super) fn ray_query_method(
        &mut self,
        object: ExprId,
        op: RayQueryOp,
        args: &[ExprId],
        func: FunctionId,
        ty: &Type,
        span: Span,
    ) -> Vec<Reg> {
        let n = self.count(ty) as usize;
        let Some(place) = self.place(object, func) else { return vec![self.konst(0); n] };
        let mut accel = None;
        let mut operands = Vec::new();
        let mut rest = args;
        if op == RayQueryOp::TraceRayInline {
            match self.place(args[0], func).map(|p| p.root) {
                Some(Root::Descriptor { binding, element, .. }) => accel = Some((binding, element)),
                _ => {
                    self.errors.push(unsupported(span, "an acceleration structure that is not a binding"));
                    return vec![];
                }
            }
            rest = &args[1..];
        }
        for &a in rest {
            operands.extend(self.expr(a, func));
        }
        let state = self.load(place.clone(), span);
        let d = self.regs(n as u32);
        let dst: Vec<Reg> = (0..n as u32).map(|i| d + i).collect();
        self.p.ray_queries.push(RayQueryInst {
            op,
            state: state.clone(),
            accel,
            args: operands,
            dst: dst.clone(),
            span,
        });
        self.emit(Inst::RayQuery(self.p.ray_queries.len() as u32 - 1));
        if op.ty() == Type::Void || op == RayQueryOp::Proceed {
            self.store(place, &state, span);
        }
        dst
    }
}
