//! What a struct's members mean in expressions: constructors (`S(…)` with `__init`),
//! properties (read through `get`, written through `set`), overloaded operators and static
//! members (`S::K`).
//!
//! All of it is sugar over ordinary calls: a backend sees a call of `S_init`, `S_get_x`,
//! `S_operator_add`, or a global, never a property or an operator of a struct.

use super::methods::{getter, method_key, setter, INIT};
use super::Checker;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

impl Checker {
    /// The overloads of method `m` of struct `h`, and its key in the function table.
    fn method_overloads(&self, h: StructId, m: &str) -> (String, Vec<FunctionId>) {
        let key = method_key(&self.module.structs[h].name, m);
        let ids = self.functions.get(&key).cloned().unwrap_or_default();
        (key, ids)
    }

    /// `S(args)` where `S` has constructors; `None` when it has none.
    pub(super) fn construct_object(&mut self, h: StructId, args: Vec<ExprId>, span: Span) -> Option<ExprId> {
        self.method_of(h, INIT)?;
        let (key, ids) = self.method_overloads(h, INIT);
        Some(self.call_user(&key, &ids, args, span, span))
    }

    /// Whether struct `h` has a constructor.
    pub(super) fn has_constructor(&self, h: StructId) -> bool {
        self.method_of(h, INIT).is_some()
    }

    /// Reads property `name` of `object`; `None` when `h` has no such property.
    pub(super) fn property_get(
        &mut self,
        object: ExprId,
        h: StructId,
        name: &ast::Ident,
        span: Span,
    ) -> Option<ExprId> {
        // A property of an interface's value: its getter, dispatched.
        if let Some(x) = self.existential_of(&Type::Struct(h)) {
            let get = ast::Ident { name: getter(&name.name), span: name.span };
            if !self.interface_has_requirement(x, &get.name) {
                return None;
            }
            let call = self.dispatch_call(x, object, &get, &[], Vec::new(), span);
            if let Some(st) = self.cur.as_mut() {
                st.property_reads.insert(call, (h, name.name.clone()));
            }
            return Some(call);
        }
        if self.method_of(h, &getter(&name.name)).is_none() {
            self.method_of(h, &setter(&name.name))?;
            let msg = format!("property `{}` has no `get` accessor: it can only be assigned", name.name);
            self.error("E0407", name.span, msg);
            return Some(self.error_expr(span));
        }
        let (key, ids) = self.method_overloads(h, &getter(&name.name));
        let call = self.call_user(&key, &ids, vec![object], span, name.span);
        if let Some(st) = self.cur.as_mut() {
            st.property_reads.insert(call, (h, name.name.clone()));
        }
        Some(call)
    }

    /// `target = value` where `target` was read through a property's getter: the setter,
    /// called on the same object. `None` when `target` is no property read.
    pub(super) fn property_set(&mut self, target: ExprId, value: ExprId, span: Span) -> Option<ExprId> {
        let (h, name) = self.cur.as_ref()?.property_reads.get(&target).cloned()?;
        // The getter's arguments: the object, then a subscript's indices.
        let getter_args = match &self.cur.as_ref()?.func.exprs[target].kind {
            ExprKind::Call { args, .. } => args.clone(),
            _ => return None,
        };
        let object = *getter_args.first()?;
        let mut rest: Vec<ExprId> = getter_args[1..].to_vec();
        rest.push(value);
        if let Some(x) = self.existential_of(&Type::Struct(h)) {
            let set = ast::Ident { name: setter(&name), span };
            if self.interface_has_requirement(x, &set.name) {
                return Some(self.dispatch_call(x, object, &set, &[], rest, span));
            }
            let msg = format!("property `{name}` has no `set` accessor: it cannot be assigned");
            self.error("E0406", span, msg);
            return Some(self.error_expr(span));
        }
        if self.method_of(h, &setter(&name)).is_none() {
            let msg = format!("property `{name}` has no `set` accessor: it cannot be assigned");
            self.error("E0406", span, msg);
            return Some(self.error_expr(span));
        }
        let mut all = vec![object];
        all.extend(rest);
        let key = method_key(&self.module.structs[h].name, &setter(&name));
        Some(self.call_member(&key, &[], all, span, span))
    }

    /// An operator applied to a struct: the struct's `operator…` method (called on the first
    /// operand) or a free `operator…` function. `None` when no operand is a struct.
    pub(super) fn user_operator(&mut self, symbol: &str, operands: Vec<ExprId>, span: Span) -> Option<ExprId> {
        let types: Vec<Type> = operands.iter().map(|o| self.ty(*o)).collect();
        if !types.iter().any(|t| matches!(t, Type::Struct(_))) {
            return None;
        }
        let name = format!("operator{symbol}");
        if let Type::Struct(h) = types[0] {
            // An operator of an interface's values: dispatched.
            if let Some(x) = self.existential_of(&types[0]) {
                if self.interface_has_requirement(x, &name) {
                    let mut operands = operands;
                    let object = operands.remove(0);
                    let ident = ast::Ident { name: name.clone(), span };
                    let call = self.dispatch_call(x, object, &ident, &[], operands, span);
                    if symbol == "[]" {
                        self.note_subscript_read(call, h);
                    }
                    return Some(call);
                }
            }
            if self.method_of(h, &name) == Some(false) {
                let key = method_key(&self.module.structs[h].name, &name);
                let call = self.call_member(&key, &[], operands, span, span);
                if symbol == "[]" && self.method_of(h, &setter("subscript")).is_some() {
                    self.note_subscript_read(call, h);
                }
                return Some(call);
            }
        }
        let key = self.scoped(&name, |n| self.functions.contains_key(n));
        if let Some(ids) = self.functions.get(&key).cloned() {
            return Some(self.call_user(&key, &ids, operands, span, span));
        }
        let shown: Vec<String> = types.iter().map(|t| format!("`{}`", self.type_name(t))).collect();
        let d = Diagnostic::error("E0405", format!("no `{name}` for {}", shown.join(" and ")))
            .with_label(span, "this operator is not defined for a struct")
            .with_note(format!("define it in the struct, `{name}(…)`, or as a function"));
        self.push(d);
        Some(self.error_expr(span))
    }

    /// A subscript read: an assignment to it calls the subscript's setter.
    fn note_subscript_read(&mut self, call: ExprId, h: StructId) {
        if let Some(st) = self.cur.as_mut() {
            st.property_reads.insert(call, (h, "subscript".to_string()));
        }
    }

    /// `S::K`: static member `K` of struct `h`; `None` when it has none.
    pub(super) fn static_member(&mut self, h: StructId, name: &ast::Ident, span: Span) -> Option<ExprId> {
        let key = method_key(&self.module.structs[h].name, &name.name);
        let g = self.globals.get(&key).copied()?;
        Some(self.global_expr(g, span))
    }
}

impl Checker {
    /// An assignment whose target is a property or a struct: `p.x = v` calls the setter,
    /// `p.x += v` reads, adds and sets, `s += t` calls `operator+=` or assigns `s + t`.
    /// `None` for a plain assignment of a struct, which needs nothing special.
    pub(super) fn object_assign(
        &mut self,
        op: Option<ast::BinOp>,
        target: ExprId,
        lhs: &ast::Expr,
        rhs: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let is_property = self.cur.as_ref().is_some_and(|st| st.property_reads.contains_key(&target));
        let tt = self.ty(target);
        if !is_property && op.is_none() {
            return None;
        }
        let value = self.expr(rhs);
        if self.ty(value).is_error() || tt.is_error() {
            return Some(self.error_expr(span));
        }
        let value = match op {
            None => value,
            Some(op) => {
                let op = super::expr::bin_op(op);
                let compound = format!("operator{}=", op.symbol());
                if let (false, Type::Struct(h)) = (is_property, &tt) {
                    if self.method_of(*h, &compound) == Some(false) {
                        self.require_lvalue(target);
                        let (key, ids) = self.method_overloads(*h, &compound);
                        return Some(self.call_user(&key, &ids, vec![target, value], span, span));
                    }
                }
                // `a op= b` is `a = a op b`, with `a` read again.
                let current = self.expr(lhs);
                match self.user_operator(op.symbol(), vec![current, value], span) {
                    Some(v) => v,
                    None => self.binary(op, current, value, span),
                }
            }
        };
        let value = self.coerce(value, &tt, span);
        if is_property {
            return self.property_set(target, value, span);
        }
        self.require_lvalue(target);
        Some(self.add_expr(ExprKind::Assign { op: None, target, value }, tt, span))
    }
}
