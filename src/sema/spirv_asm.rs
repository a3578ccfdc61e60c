//! Slang's `spirv_asm { … }`: the operands that name Slang things (`$$T`, `$x`, `&x`,
//! `__sampledType(T)`, `builtin(N : T)`) are resolved here; the instructions themselves are the
//! SPIR-V backend's to check against the SPIR-V grammar. The block has the type of its
//! `result`, which only its last instruction may define.

use super::Checker;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

impl Checker {
    /// A call of a declaration DXC gives a SPIR-V instruction, `[[vk::spirv_instruction(op)]]` or
    /// `[[vk::ext_instruction(op, "GLSL.std.450")]]`: that instruction applied to the arguments
    /// (an `out`/`inout` one by its pointer), as a `spirv_asm` block with the declaration's result.
    /// `None` for any other function.
    pub(super) fn spirv_instruction_call(
        &mut self,
        function: FunctionId,
        args: &[ExprId],
        modes: &[ParamMode],
        ret: &Type,
        span: Span,
    ) -> Option<ExprId> {
        let attr = self
            .fn_attrs
            .get(function.index())?
            .iter()
            .find(|a| matches!(a.name.name.as_str(), "vk::spirv_instruction" | "vk::ext_instruction"))?;
        let at = attr.span;
        let opcode = attr.args.first().and_then(|a| match &a.kind {
            ast::ExprKind::IntLit(i) => Some(i.value),
            _ => None,
        });
        let set = match attr.args.get(1).map(|a| &a.kind) {
            None => None,
            Some(ast::ExprKind::StringLit(s)) => Some(s.clone()),
            Some(_) => Some(String::new()),
        };
        let Some(opcode) = opcode.filter(|_| attr.args.len() <= 2 && set.as_deref() != Some("")) else {
            let msg = format!("`{}` takes an opcode and, for an extended instruction, its set's name", attr.name.name);
            self.error("E0427", at, msg);
            return Some(self.error_expr(span));
        };
        let mut operands = Vec::new();
        if let Some(set) = set {
            operands.push(AsmOperand::Str(set));
            operands.push(AsmOperand::Int(opcode as i64));
        }
        for (a, mode) in args.iter().zip(modes) {
            operands.push(match mode {
                ParamMode::In => AsmOperand::Value(*a),
                _ => AsmOperand::Address(*a),
            });
        }
        let opcode_name = if operands.first().is_some_and(|o| matches!(o, AsmOperand::Str(_))) {
            "OpExtInst".to_string()
        } else {
            opcode.to_string()
        };
        let result = (*ret != Type::Void).then(|| (AsmOperand::Result, Some(AsmOperand::Type(ret.clone()))));
        let inst = AsmInst { opcode: opcode_name, result, operands, span };
        Some(self.add_expr(ExprKind::SpirvAsm(Box::new(AsmBlock { insts: vec![inst] })), ret.clone(), span))
    }

    pub(super) fn spirv_asm(&mut self, block: &ast::SpirvAsm, span: Span) -> ExprId {
        if let Some((at, msg)) = &block.error {
            self.error("E0427", *at, format!("in `spirv_asm`: {msg}"));
            return self.error_expr(span);
        }
        let mut insts = Vec::with_capacity(block.insts.len());
        let mut ty = Type::Void;
        let mut failed = false;
        for (n, inst) in block.insts.iter().enumerate() {
            let mut operand = |c: &mut Checker, o: &ast::AsmOperand| {
                let r = c.asm_operand(o);
                failed |= r.is_none();
                r.unwrap_or(AsmOperand::Result)
            };
            let result = match &inst.result {
                Some((id, t)) => {
                    let id = operand(self, id);
                    let t = t.as_ref().map(|t| operand(self, t));
                    Some((id, t))
                }
                None => None,
            };
            let operands: Vec<AsmOperand> = inst.operands.iter().map(|o| operand(self, o)).collect();
            // `result : T = …`, or positional `OpX T result …`: the type written just before it.
            let result_type = match &result {
                Some((AsmOperand::Result, Some(t))) => Some(Some(t.clone())),
                // `result = OpX $$T …`: the type is the first operand.
                Some((AsmOperand::Result, None)) => Some(operands.first().cloned()),
                _ => operands
                    .iter()
                    .position(|o| matches!(o, AsmOperand::Result))
                    .map(|at| at.checked_sub(1).map(|t| operands[t].clone())),
            };
            if let Some(t) = result_type {
                if n + 1 != block.insts.len() {
                    self.error("E0427", inst.span, "in `spirv_asm`: only the last instruction may define `result`");
                    failed = true;
                }
                ty = match t {
                    Some(AsmOperand::Type(t)) => t,
                    Some(AsmOperand::SampledType(s)) => Type::Vector(s, 4),
                    _ => {
                        let msg =
                            "in `spirv_asm`: `result` needs a Slang type (`result : $$T = …` or `OpX $$T result …`)";
                        self.error("E0427", inst.span, msg);
                        failed = true;
                        Type::Error
                    }
                };
            }
            insts.push(AsmInst { opcode: inst.opcode.name.clone(), result, operands, span: inst.span });
        }
        if failed {
            return self.error_expr(span);
        }
        self.add_expr(ExprKind::SpirvAsm(Box::new(AsmBlock { insts })), ty, span)
    }

    /// `None` after reporting an operand that names no Slang type, value or variable.
    fn asm_operand(&mut self, o: &ast::AsmOperand) -> Option<AsmOperand> {
        use ast::AsmOperandKind as K;
        Some(match &o.kind {
            K::Type(t) => AsmOperand::Type(self.asm_type(t)?),
            K::Value(e) => {
                let v = self.expr(e);
                if self.ty(v).is_error() {
                    return None;
                }
                AsmOperand::Value(v)
            }
            K::Address(e) => {
                let place = self.expr(e);
                if self.ty(place).is_error() {
                    return None;
                }
                if let Some(why) = self.address_problem(place) {
                    self.error("E0427", o.span, format!("in `spirv_asm`: `&` needs a variable with an address: {why}"));
                    return None;
                }
                AsmOperand::Address(place)
            }
            K::SampledType(t) => match self.asm_type(t)? {
                Type::Scalar(s) | Type::Vector(s, _) => AsmOperand::SampledType(s),
                other => {
                    let msg = format!(
                        "in `spirv_asm`: `__sampledType` takes a scalar or vector type, not `{}`",
                        self.type_name(&other)
                    );
                    self.error("E0427", o.span, msg);
                    return None;
                }
            },
            K::Builtin(name, t) => AsmOperand::Builtin(name.clone(), self.asm_type(t)?),
            K::Id(n) => AsmOperand::Id(n.clone()),
            K::Result => AsmOperand::Result,
            K::Int(v) => AsmOperand::Int(*v),
            K::Float(v) => AsmOperand::Float(*v),
            K::Str(s) => AsmOperand::Str(s.clone()),
            K::Enum(parts) => AsmOperand::Enum(
                parts
                    .iter()
                    .map(|p| match p {
                        ast::AsmEnumPart::Name(n) => AsmEnumPart::Name(n.clone()),
                        ast::AsmEnumPart::Int(v) => AsmEnumPart::Int(*v),
                    })
                    .collect(),
            ),
        })
    }

    fn asm_type(&mut self, t: &ast::TypeExpr) -> Option<Type> {
        // A groupshared pointer is an element index by the time SPIR-V is written
        // (`lower::shared_pointers`): no instruction can make or take one.
        if Self::names_groupshared_pointer(t) {
            let d = crate::diag::Diagnostic::error("E0427", "inline SPIR-V cannot name a pointer into groupshared memory")
                .with_label(t.span, "a `Ptr<…, AddressSpace::GroupShared>`")
                .with_note("wavec resolves such pointers to their variable and an element index: take `__getAddress(gs[i])` in Slang");
            self.push(d);
            return None;
        }
        let ty = self.resolve_type(t);
        (!ty.is_error()).then_some(ty)
    }

    /// Why `e` has no SPIR-V pointer: it is a value, a swizzle, a constant or a resource.
    fn address_problem(&self, e: ExprId) -> Option<String> {
        let state = self.cur.as_ref()?;
        match &state.func.exprs[e].kind {
            ExprKind::Local(l) => {
                let local = &state.func.locals[*l];
                local.is_const.then(|| format!("`{}` is a constant", local.name))
            }
            ExprKind::Global(g) => {
                let global = &self.module.globals[*g];
                match global.space {
                    AddressSpace::Constant => Some(format!("`{}` is a constant", global.name)),
                    AddressSpace::Resource => Some(format!("`{}` is a resource: pass an element of it", global.name)),
                    _ => None,
                }
            }
            ExprKind::Field { base, .. } => self.address_problem(*base),
            ExprKind::Index { base, .. } => match &state.func.exprs[*base].ty {
                Type::Resource(..) => None,
                _ => self.address_problem(*base),
            },
            ExprKind::Deref(_) => None,
            ExprKind::Swizzle { .. } => Some("a swizzle has none".into()),
            _ => Some("it is a value".into()),
        }
    }
}
