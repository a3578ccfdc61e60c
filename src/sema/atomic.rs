//! Slang's `Atomic<T>`: a value every access to which is atomic, as a buffer element, a
//! `groupshared` variable or a field. It is a struct of one `T` named `value` (`T`'s layout,
//! `Atomic_int`), so it keeps a type of its own (no plain arithmetic on it), and each method is
//! the stdlib's `Interlocked*` on that field: `x.add(v)` is `InterlockedAdd(x.value, v, old)`
//! yielding `old`, read from a temporary declared at the top of the function. `load` and `store`
//! are plain accesses (which the WGSL writer makes `atomicLoad`/`atomicStore`); `+=`, `++` and
//! the others are the methods, as in Slang's core module.

use super::Checker;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

impl Checker {
    /// The struct standing for `Atomic<elem>`.
    pub(super) fn atomic_type(&mut self, elem: Type, span: Span) -> Type {
        if let Some((_, h)) = self.atomics.iter().find(|(e, _)| *e == elem) {
            return Type::Struct(*h);
        }
        if !super::generic::builtin_interface("IAtomicable")
            .is_some_and(|i| matches!(elem, Type::Scalar(s) if (i.element)(s)))
        {
            let name = self.type_name(&elem);
            self.error("E0402", span, format!("`Atomic<{name}>`: an atomic holds a 32- or 64-bit integer or a float"));
            return Type::Error;
        }
        let base = format!("Atomic_{}", self.module.type_name(&elem));
        let name = self.unique_global_name(&base);
        let field =
            Field { name: "value".into(), ty: elem.clone(), semantic: None, majorness: self.default_majorness, span };
        let h = self.module.structs.append(StructDef { name, fields: vec![field], span });
        self.atomics.push((elem, h));
        Type::Struct(h)
    }

    /// `Atomic<T>`'s `T`, `None` for other types.
    pub(super) fn atomic_elem(&self, ty: &Type) -> Option<Type> {
        let Type::Struct(h) = ty else { return None };
        self.atomics.iter().find(|(_, a)| a == h).map(|(e, _)| e.clone())
    }

    /// `x.add(v)` and the other methods of `Atomic<T>`; `None` when `object` is no atomic.
    pub(super) fn atomic_method(
        &mut self,
        object: ExprId,
        name: &ast::Ident,
        args: Vec<ExprId>,
        span: Span,
    ) -> Option<ExprId> {
        let elem = self.atomic_elem(&self.ty(object))?;
        let method = name.name.as_str();
        let expected = match method {
            "load" | "increment" | "decrement" | "reduceInc" | "reduceDec" => 0,
            "compareExchange" => 2,
            "store" | "exchange" | "add" | "sub" | "max" | "min" | "and" | "or" | "xor" | "reduceAdd" | "reduceSub"
            | "reduceMax" | "reduceMin" | "reduceAnd" | "reduceOr" | "reduceXor" => 1,
            _ => {
                let msg = format!("`Atomic<{}>` has no method `{method}`", self.type_name(&elem));
                self.error("E0407", name.span, msg);
                return Some(self.error_expr(span));
            }
        };
        if args.len() != expected {
            let msg = format!(
                "`{method}` takes {expected} arguments (a memory order, which Slang also takes, is not supported)"
            );
            self.error("E0403", name.span, msg);
            return Some(self.error_expr(span));
        }
        self.require_lvalue(object);
        let args: Vec<ExprId> = args.into_iter().map(|a| self.coerce(a, &elem, span)).collect();
        let value = self.add_expr(ExprKind::Field { base: object, index: 0 }, elem.clone(), span);
        let one = |c: &mut Self| {
            let one = c.add_expr(ExprKind::Const(ConstValue::Int(1)), Type::INT, span);
            c.coerce(one, &elem, span)
        };
        let negated = |c: &mut Self, v: ExprId| {
            let zero = c.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
            let zero = c.coerce(zero, &elem, span);
            c.binary(BinaryOp::Sub, zero, v, span)
        };
        Some(match method {
            "load" => value,
            "store" => self.add_expr(ExprKind::Assign { op: None, target: value, value: args[0] }, elem, span),
            "exchange" => self.interlocked_old("InterlockedExchange", value, args, &elem, span),
            "compareExchange" => self.interlocked_old("InterlockedCompareExchange", value, args, &elem, span),
            "add" => self.interlocked_old("InterlockedAdd", value, args, &elem, span),
            "sub" => {
                let v = negated(self, args[0]);
                self.interlocked_old("InterlockedAdd", value, vec![v], &elem, span)
            }
            "increment" => {
                let v = one(self);
                self.interlocked_old("InterlockedAdd", value, vec![v], &elem, span)
            }
            "decrement" => {
                let v = one(self);
                let v = negated(self, v);
                self.interlocked_old("InterlockedAdd", value, vec![v], &elem, span)
            }
            "max" | "min" | "and" | "or" | "xor" => {
                let op = atomic_op(method);
                self.interlocked_old(op, value, args, &elem, span)
            }
            "reduceSub" => {
                let v = negated(self, args[0]);
                self.call_intrinsic("InterlockedAdd", vec![value, v], span, name.span)
            }
            "reduceInc" => {
                let v = one(self);
                self.call_intrinsic("InterlockedAdd", vec![value, v], span, name.span)
            }
            "reduceDec" => {
                let v = one(self);
                let v = negated(self, v);
                self.call_intrinsic("InterlockedAdd", vec![value, v], span, name.span)
            }
            _ => {
                let op = atomic_op(method.strip_prefix("reduce").unwrap_or(method));
                let mut all = vec![value];
                all.extend(args);
                self.call_intrinsic(op, all, span, name.span)
            }
        })
    }

    /// `x op= v`, `++x`, `x++` on an atomic: the method of the operation, and the value Slang
    /// gives (the new value; the old one for `x++`).
    pub(super) fn atomic_operator(
        &mut self,
        object: ExprId,
        op: &str,
        rhs: Option<ExprId>,
        span: Span,
    ) -> Option<ExprId> {
        let elem = self.atomic_elem(&self.ty(object))?;
        let (method, combine) = match op {
            "+=" => ("add", Some(BinaryOp::Add)),
            "-=" => ("sub", Some(BinaryOp::Sub)),
            "&=" => ("and", Some(BinaryOp::BitAnd)),
            "|=" => ("or", Some(BinaryOp::BitOr)),
            "^=" => ("xor", Some(BinaryOp::BitXor)),
            "++x" => ("increment", Some(BinaryOp::Add)),
            "--x" => ("decrement", Some(BinaryOp::Sub)),
            "x++" => ("increment", None),
            "x--" => ("decrement", None),
            _ => {
                let msg = format!("`{op}` is not an operation of `Atomic<{}>`", self.type_name(&elem));
                self.error("E0405", span, msg);
                return Some(self.error_expr(span));
            }
        };
        let name = ast::Ident { name: method.to_string(), span };
        let Some(rhs) = rhs else {
            // `++x`, `x--`…: the old value, or the new one worked out from it.
            let old = self.atomic_method(object, &name, Vec::new(), span)?;
            let Some(op) = combine else { return Some(old) };
            let one = self.add_expr(ExprKind::Const(ConstValue::Int(1)), Type::INT, span);
            let one = self.coerce(one, &elem, span);
            return Some(self.binary(op, old, one, span));
        };
        // The operand is read once, into a temporary: the new value is the old one combined
        // with it, as Slang's core module computes it.
        let operand = self.coerce(rhs, &elem, span);
        let temp = self.hoisted_local("atomic_operand", &elem, span)?;
        let target = self.add_expr(ExprKind::Local(temp), elem.clone(), span);
        let set = self.add_expr(ExprKind::Assign { op: None, target, value: operand }, elem.clone(), span);
        let first = self.add_expr(ExprKind::Local(temp), elem.clone(), span);
        let old = self.atomic_method(object, &name, vec![first], span)?;
        let second = self.add_expr(ExprKind::Local(temp), elem.clone(), span);
        let new = self.binary(combine.unwrap_or(BinaryOp::Add), old, second, span);
        Some(self.add_expr(ExprKind::Comma(set, new), elem, span))
    }

    /// A local of the function being checked, declared at its top (for a value an expression
    /// needs to hold).
    pub(super) fn hoisted_local(&mut self, name: &str, ty: &Type, span: Span) -> Option<LocalId> {
        let st = self.cur.as_mut()?;
        let local = st.func.locals.append(Local::new(name, ty.clone(), span));
        st.hoisted.push(local);
        Some(local)
    }

    /// `Interlocked*(value, args…, old)` then `old`: the original value of an atomic operation,
    /// through a temporary declared at the top of the function.
    pub(super) fn interlocked_old(
        &mut self,
        name: &str,
        value: ExprId,
        args: Vec<ExprId>,
        elem: &Type,
        span: Span,
    ) -> ExprId {
        let Some(old) = self.hoisted_local("atomic_original", elem, span) else { return self.error_expr(span) };
        let out = self.add_expr(ExprKind::Local(old), elem.clone(), span);
        let mut all = vec![value];
        all.extend(args);
        all.push(out);
        let call = self.call_intrinsic(name, all, span, span);
        let read = self.add_expr(ExprKind::Local(old), elem.clone(), span);
        self.add_expr(ExprKind::Comma(call, read), elem.clone(), span)
    }
}

fn atomic_op(method: &str) -> &'static str {
    match method {
        "Add" | "add" => "InterlockedAdd",
        "Max" | "max" => "InterlockedMax",
        "Min" | "min" => "InterlockedMin",
        "And" | "and" => "InterlockedAnd",
        "Or" | "or" => "InterlockedOr",
        _ => "InterlockedXor",
    }
}
