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
        self.module.atomic_structs.push(h);
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
        self.require_lvalue(object);
        let value = self.add_expr(ExprKind::Field { base: object, index: 0 }, elem.clone(), span);
        self.atomic_operation(value, &elem, name, args, span)
    }

    /// Slang's `__atomic_add(dest, v[, order])`, `__atomic_reduce_add(dest, v[, order])` and
    /// the other `__atomic_*` functions of its core module: the method of `Atomic<T>` of the
    /// same operation, on any place (`groupshared` memory, a buffer element); `None` for other
    /// names.
    pub(super) fn atomic_function(
        &mut self,
        name: &str,
        args: &[ExprId],
        span: Span,
        name_span: Span,
    ) -> Option<ExprId> {
        let method = match name.strip_prefix("__atomic_")? {
            "exchange" => "exchange",
            "compare_exchange" => "compareExchange",
            "add" => "add",
            "sub" => "sub",
            "max" => "max",
            "min" => "min",
            "and" => "and",
            "or" => "or",
            "xor" => "xor",
            "increment" => "increment",
            "decrement" => "decrement",
            "reduce_add" => "reduceAdd",
            "reduce_sub" => "reduceSub",
            "reduce_max" => "reduceMax",
            "reduce_min" => "reduceMin",
            "reduce_and" => "reduceAnd",
            "reduce_or" => "reduceOr",
            "reduce_xor" => "reduceXor",
            "reduce_inc" => "reduceInc",
            "reduce_dec" => "reduceDec",
            _ => return None,
        };
        let Some((&dest, rest)) = args.split_first() else {
            self.error("E0403", name_span, format!("`{name}` takes the place it changes first"));
            return Some(self.error_expr(span));
        };
        let elem = self.ty(dest);
        self.require_lvalue(dest);
        let ident = ast::Ident { name: method.to_string(), span: name_span };
        self.atomic_operation(dest, &elem, &ident, rest.to_vec(), span)
    }

    /// Atomic operation `name` (one of `Atomic<T>`'s methods) on the place `value` of type
    /// `elem`, with its operands and then its memory orders in `args`.
    fn atomic_operation(
        &mut self,
        value: ExprId,
        elem: &Type,
        name: &ast::Ident,
        args: Vec<ExprId>,
        span: Span,
    ) -> Option<ExprId> {
        let elem = elem.clone();
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
        // Slang's memory orders, after the operands (`compareExchange` takes one for success
        // and one for failure).
        let orders = if method == "compareExchange" { 2 } else { 1 };
        if args.len() != expected && args.len() != expected + orders {
            let msg = format!("`{method}` takes {expected} arguments, then optionally {orders} memory order(s)");
            self.error("E0403", name.span, msg);
            return Some(self.error_expr(span));
        }
        let mut args = args;
        let mut order = MemoryOrder::Relaxed;
        for o in args.split_off(expected) {
            let value = self.cur.as_ref().and_then(|st| st.func.const_value(o)?.as_u64());
            match value.and_then(MemoryOrder::from_value) {
                Some(v) => order = order.with(v),
                None => {
                    let at = self.span_of(o);
                    self.error("E0403", at, "a memory order must be a constant `MemoryOrder`");
                    return Some(self.error_expr(span));
                }
            }
        }
        let access = self.atomic_access(value, &elem, method, args, name, span)?;
        Some(self.ordered(access, order, &elem, method, span))
    }

    /// An atomic access made to order the thread's other memory accesses as `order` asks,
    /// with barriers as C++ fences do it: a release (or stronger) order puts a memory barrier
    /// before the access, an acquire (or stronger) one after it. The barrier is of every kind
    /// of memory, buffers and groupshared alike, whichever the atomic lives in.
    fn ordered(&mut self, access: ExprId, order: MemoryOrder, elem: &Type, method: &str, span: Span) -> ExprId {
        let releases = matches!(order, MemoryOrder::Release | MemoryOrder::AcquireRelease | MemoryOrder::SeqCst);
        let acquires = matches!(order, MemoryOrder::Acquire | MemoryOrder::AcquireRelease | MemoryOrder::SeqCst);
        let yields = !matches!(method, "store") && !method.starts_with("reduce");
        let barrier = |c: &mut Self| c.call_intrinsic("AllMemoryBarrier", Vec::new(), span, span);
        let mut e = access;
        if acquires {
            // The value the access gave, kept while the barrier runs.
            if yields {
                let Some(t) = self.hoisted_local("atomic_acquired", elem, span) else { return e };
                let target = self.add_expr(ExprKind::Local(t), elem.clone(), span);
                let keep = self.add_expr(ExprKind::Assign { op: None, target, value: e }, elem.clone(), span);
                let b = barrier(self);
                let read = self.add_expr(ExprKind::Local(t), elem.clone(), span);
                let after = self.add_expr(ExprKind::Comma(b, read), elem.clone(), span);
                e = self.add_expr(ExprKind::Comma(keep, after), elem.clone(), span);
            } else {
                let b = barrier(self);
                let ty = self.ty(b);
                e = self.add_expr(ExprKind::Comma(e, b), ty, span);
            }
        }
        if releases {
            let b = barrier(self);
            let ty = self.ty(e);
            e = self.add_expr(ExprKind::Comma(b, e), ty, span);
        }
        e
    }

    /// The access itself, on the place `value`.
    fn atomic_access(
        &mut self,
        value: ExprId,
        elem: &Type,
        method: &str,
        args: Vec<ExprId>,
        name: &ast::Ident,
        span: Span,
    ) -> Option<ExprId> {
        let elem = elem.clone();
        let args: Vec<ExprId> = args.into_iter().map(|a| self.coerce(a, &elem, span)).collect();
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

/// Slang's `MemoryOrder`, weakest first (`AcquireRelease` and `SeqCst` are both fences here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum MemoryOrder {
    Relaxed,
    Acquire,
    Release,
    AcquireRelease,
    SeqCst,
}

impl MemoryOrder {
    /// The order doing what both do (a release and an acquire make both).
    fn with(self, other: Self) -> Self {
        match (self.max(other), self.min(other)) {
            (Self::Release, Self::Acquire) => Self::AcquireRelease,
            (strongest, _) => strongest,
        }
    }

    fn from_value(v: u64) -> Option<Self> {
        Some(match v {
            0 => Self::Relaxed,
            1 => Self::Acquire,
            2 => Self::Release,
            3 => Self::AcquireRelease,
            4 => Self::SeqCst,
            _ => return None,
        })
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
