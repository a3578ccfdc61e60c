//! What a struct's members mean in expressions: constructors (`S(…)` with `__init`),
//! properties (read through `get`, written through `set`), overloaded operators and static
//! members (`S::K`).
//!
//! All of it is sugar over ordinary calls: a backend sees a call of `S_init`, `S_get_x`,
//! `S_operator_add`, or a global, never a property or an operator of a struct.

use super::methods::{getter, method_key, setter, INIT, SUBSCRIPT};
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
        // Generic constructors (`__init<T : IInteger>(T a)`), with the plain ones.
        if self.generic_fns.contains_key(&key) {
            return Some(self.call_generic(&key, &[], args, span, span));
        }
        Some(self.call_user(&key, &ids, args, span, span))
    }

    /// Whether an initializer list of `count` items sets a C-style struct's fields: its own
    /// declaration has no constructor, and none it has (an `extension`'s) takes `count`
    /// arguments.
    pub(super) fn c_style_list(&self, h: StructId, count: usize) -> bool {
        if self.own_constructors.contains(&h) {
            return false;
        }
        let (_, ids) = self.method_overloads(h, INIT);
        !ids.iter().any(|id| {
            let sig = &self.sigs[id.index()];
            sig.params.len() >= count && sig.defaults[count..].iter().all(Option::is_some)
        })
    }

    /// Whether struct `h` declares a constructor that takes no arguments (`__init()`).
    pub(super) fn default_constructor(&self, h: StructId) -> bool {
        if !self.own_constructors.contains(&h) {
            return false;
        }
        let (_, ids) = self.method_overloads(h, INIT);
        ids.iter().any(|id| self.sigs[id.index()].defaults.iter().all(Option::is_some))
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

    /// `p.x = v` or `s[i].yz = v` where `p`/`s[i]` is read through a property's getter: the
    /// property is read into a temporary that the assignment then changes (the read in
    /// `target` is replaced by it), and the pair of that read and the setter call to store the
    /// temporary back. `None` when no part of `target` is a property read.
    pub(super) fn property_part(&mut self, target: ExprId, span: Span) -> Option<(ExprId, ExprId)> {
        let st = self.cur.as_ref()?;
        let mut parent = target;
        let read = loop {
            let child = match &st.func.exprs[parent].kind {
                ExprKind::Swizzle { base, .. } | ExprKind::Field { base, .. } | ExprKind::Index { base, .. } => *base,
                _ => return None,
            };
            if st.property_reads.contains_key(&child) {
                break child;
            }
            parent = child;
        };
        let ty = self.ty(read);
        let (h, name) = self.cur.as_ref()?.property_reads.get(&read).cloned()?;
        let ExprKind::Call { args, .. } = self.cur.as_ref()?.func.exprs[read].kind.clone() else { return None };
        if self.method_of(h, &setter(&name)).is_none() {
            self.error("E0406", span, no_setter(&name));
            return None;
        }
        let st = self.cur.as_mut()?;
        if !args.iter().all(|a| st.func.is_pure(*a)) {
            let d =
                Diagnostic::error("E0406", "a part of a property is assigned through an object or index with effects")
                    .with_label(span, "here")
                    .with_note("hold the object and the indices in variables first");
            self.push(d);
            return None;
        }
        let temp = st.func.locals.append(Local::new("property_value", ty.clone(), span));
        st.hoisted.push(temp);
        let again: Vec<ExprId> = args.iter().map(|a| super::tuple::duplicate(&mut st.func, *a)).collect();
        // The assignment's target now reaches the temporary: every part of it that read the
        // property (the elements of `s[]._12_21` each reach it).
        let local = self.add_expr(ExprKind::Local(temp), ty.clone(), span);
        if let Some(st) = self.cur.as_mut() {
            let ids: Vec<ExprId> = st.func.exprs.iter().map(|(id, _)| id).collect();
            for id in ids {
                st.func.exprs[id].kind.for_each_child_mut(|c| {
                    if *c == read {
                        *c = local;
                    }
                });
            }
        }
        let into = self.add_expr(ExprKind::Local(temp), ty.clone(), span);
        let read = self.add_expr(ExprKind::Assign { op: None, target: into, value: read }, ty.clone(), span);
        let (key, _) = self.method_overloads(h, &setter(&name));
        let mut set_args = again;
        let back = self.add_expr(ExprKind::Local(temp), ty, span);
        set_args.push(back);
        let set = self.call_member(&key, &[], set_args, span, span);
        Some((read, set))
    }

    /// Whether `ty` is a struct with a `__subscript`.
    pub(super) fn has_subscript(&self, ty: &Type) -> bool {
        let Type::Struct(h) = ty else { return false };
        if let Some(x) = self.existential_of(ty) {
            return self.interface_has_requirement(x, &getter(SUBSCRIPT))
                || self.interface_has_requirement(x, &setter(SUBSCRIPT));
        }
        self.method_of(*h, &getter(SUBSCRIPT)).is_some() || self.method_of(*h, &setter(SUBSCRIPT)).is_some()
    }

    /// `s[i, j]` on a struct with a `__subscript`: its getter, recorded as a property read so
    /// that an assignment calls the setter with the same indices.
    pub(super) fn subscript_get(&mut self, object: ExprId, indices: &[ExprId], span: Span) -> Option<ExprId> {
        let Type::Struct(h) = self.ty(object) else { return None };
        if !self.has_subscript(&Type::Struct(h)) {
            return None;
        }
        // An interface's value: its type's getter, dispatched.
        if let Some(x) = self.existential_of(&Type::Struct(h)) {
            let get = ast::Ident { name: getter(SUBSCRIPT), span };
            if !self.interface_has_requirement(x, &get.name) {
                let msg = "this `__subscript` has no `get` accessor: it can only be assigned";
                self.error("E0407", span, msg);
                return Some(self.error_expr(span));
            }
            let call = self.dispatch_call(x, object, &get, &[], indices.to_vec(), span);
            self.note_subscript_read(call, h);
            return Some(call);
        }
        let name = ast::Ident { name: SUBSCRIPT.into(), span };
        if self.method_of(h, &getter(SUBSCRIPT)).is_none() {
            let msg = "this `__subscript` has no `get` accessor: it can only be assigned";
            self.error("E0407", span, msg);
            return Some(self.error_expr(span));
        }
        let (key, _) = self.method_overloads(h, &getter(SUBSCRIPT));
        let mut args = vec![object];
        args.extend_from_slice(indices);
        let call = self.call_member(&key, &[], args, span, name.span);
        if let Some(st) = self.cur.as_mut() {
            st.property_reads.insert(call, (h, SUBSCRIPT.into()));
        }
        Some(call)
    }

    /// `target = value` where `target` was read through a property's getter: the setter,
    /// called on the same object (with the same indices, for a `__subscript`). `None` when
    /// `target` is no property read.
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
            let msg = no_setter(&name);
            self.error("E0406", span, msg);
            return Some(self.error_expr(span));
        }
        if self.method_of(h, &setter(&name)).is_none() {
            let msg = no_setter(&name);
            self.error("E0406", span, msg);
            return Some(self.error_expr(span));
        }
        let (key, _) = self.method_overloads(h, &setter(&name));
        let mut args = vec![object];
        args.extend(rest);
        Some(self.call_member(&key, &[], args, span, span))
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
                if symbol == "[]" && self.method_of(h, &setter(SUBSCRIPT)).is_some() {
                    self.note_subscript_read(call, h);
                }
                return Some(call);
            }
        }
        let key = self.scoped(&name, |n| self.functions.contains_key(n) || self.generic_fns.contains_key(n));
        // A generic free operator (`__generic<T, let N : int> V<T, N> operator*(T, V<T, N>)`),
        // with the plain ones of its name.
        if self.generic_fns.contains_key(&key) {
            return Some(self.call_generic(&key, &[], operands, span, span));
        }
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
            st.property_reads.insert(call, (h, SUBSCRIPT.to_string()));
        }
    }

    /// `S::K`: static member `K` of struct `h` or of a struct it inherits from; `None` when
    /// none has it.
    /// `float.K`: a static member an extension gave a scalar, vector or matrix type.
    pub(super) fn value_static_member(&mut self, ty: &Type, name: &ast::Ident, span: Span) -> Option<ExprId> {
        if !matches!(ty, Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..)) {
            return None;
        }
        let g = self.globals.get(&method_key(&self.type_name(ty), &name.name)).copied()?;
        Some(self.global_expr(g, span))
    }

    pub(super) fn static_member(&mut self, h: StructId, name: &ast::Ident, span: Span) -> Option<ExprId> {
        let mut pending = vec![h];
        while let Some(s) = pending.pop() {
            let key = method_key(&self.module.structs[s].name, &name.name);
            if let Some(g) = self.globals.get(&key).copied() {
                return Some(self.global_expr(g, span));
            }
            pending.extend(self.struct_bases.get(&s).into_iter().flatten().map(|(base, _)| *base));
        }
        None
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

/// Why property `name` (or a `__subscript`) cannot be assigned.
fn no_setter(name: &str) -> String {
    if name == SUBSCRIPT {
        "this `__subscript` has no `set` accessor: it cannot be assigned".to_string()
    } else {
        format!("property `{name}` has no `set` accessor: it cannot be assigned")
    }
}
