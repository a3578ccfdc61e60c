//! Interface-typed values: Slang's existentials, dispatched at run time.
//!
//! A value of interface type `IFoo` is an ordinary struct `IFoo`, laid out as Slang lays out an
//! existential in memory: `{ uint2 rtti; uint2 witness; AnyValueN payload; }`. `witness.x` is
//! the *type id* of the concrete type the value holds, and `payload` holds that value's bytes in
//! `N / 4` `uint` fields, packed as Slang's `AnyValue` marshalling packs them
//! ([`crate::layout::any_value_leaves`]); `rtti` is zero, as Slang writes it. Type ids are
//! numbered per interface in the order types declare their conformance, unless the compilation
//! names them (`--conformance Impl:IFoo=3`, Slang's `type_conformance` test input).
//!
//! Everything else is generated code, so every target gets it at once: converting a `T` into
//! an `IFoo` calls `IFoo_wrap_T`, reading it back `IFoo_unwrap_T`; a method call on an `IFoo`
//! calls a dispatch function, a `switch` on the type id with a case per conforming type that
//! unwraps the value and calls that type's method (then wraps it again for a `[mutating]`
//! method); `x is T` compares the id and `x as T` makes an `Optional<T>`. A generic whose
//! parameter is bound to `IFoo` (a call of `f<T : IFoo>(T x)` with an `IFoo`) is an ordinary
//! instance whose calls dispatch. The set of conforming types and the payload size are only
//! known at the end of the module, so the functions are declared when first needed and their
//! bodies written at the end ([`Checker::finish_existentials`]).

use super::conv::ConvCost;
use super::{Checker, FnSig, FnState};
use crate::arena::Arena;
use crate::diag::Diagnostic;
use crate::ir::{
    BinaryOp, Block, ConstValue, ExprId, ExprKind, Field, Function, FunctionId, Local, LocalId, ParamMode, Scalar,
    Stmt, StructDef, StructId, SwitchCase, Type, UnaryOp, Uses,
};
use crate::layout::{any_value_leaves, natural_size, AnyValueLeaf, Step};
use crate::span::Span;
use crate::syntax::ast;

/// The largest `[anyValueSize(N)]` Slang accepts.
const MAX_ANY_VALUE_SIZE: u32 = 0x7FFF;

/// An interface used as a type.
pub(super) struct Existential {
    pub interface: String,
    pub ty: StructId,
    /// The payload struct (`uint` fields, set at the end of the module).
    pub payload: StructId,
    /// `[anyValueSize(N)]`, in bytes.
    pub declared_size: Option<u32>,
    pub span: Span,
    /// `IFoo_zero()`: a value of no type (id 0, zero payload).
    pub zero: FunctionId,
    /// `IFoo_tag(IFoo)`: the type id.
    pub tag: FunctionId,
    /// `IFoo_make(uint id)`: a value with type id `id` and a zero payload.
    pub make: Option<FunctionId>,
    /// Concrete types put into or taken out of it: `wrap(uint id, T) -> IFoo`, `unwrap(IFoo) -> T`.
    pub marshal: Vec<(Type, FunctionId, FunctionId)>,
    /// `as` casts to a concrete type: `(IFoo) -> Optional<T>`.
    pub casts: Vec<(Type, FunctionId)>,
    /// Conversions to the existential of an interface this one refines.
    pub upcasts: Vec<(usize, FunctionId)>,
    pub dispatch: Vec<Dispatch>,
    /// `IFoo_dadd(a, b)`, the sum of two differentials, for an interface refining
    /// `IDifferentiable` (declared when first needed; see `sema::autodiff::existential`).
    pub dadd: Option<FunctionId>,
}

/// A dispatch function: one requirement (one generic instance of it) of the interface.
pub(super) struct Dispatch {
    pub id: FunctionId,
    /// The requirement's method name (`__get_x` for a property getter).
    pub method: String,
    /// The generic arguments written at the call, for a generic requirement.
    pub generic_args: Vec<ast::GenericArg>,
    /// The resolved generic arguments (empty for a plain requirement).
    pub bound: Vec<super::generic::Bound>,
    pub is_static: bool,
    pub mutating: bool,
    /// How many conforming types the body has cases for (`None`: no body yet).
    pub cases: Option<usize>,
    pub span: Span,
}

impl Checker {
    /// The existential struct of interface `name` (made on first use).
    pub(super) fn existential_type(&mut self, name: &str, span: Span) -> Type {
        if let Some(&x) = self.existential_index.get(name) {
            return Type::Struct(self.existentials[x].ty);
        }
        let declared_size = self.any_value_size(name);
        let payload_name = self.unique_global_name(&format!("AnyValue_{}", ir_word(name)));
        let payload = self.module.structs.append(StructDef { name: payload_name, fields: Vec::new(), span });
        let struct_name = self.unique_global_name(&ir_word(name));
        let ty = self.module.structs.append(StructDef { name: struct_name.clone(), fields: Vec::new(), span });
        let me = Type::Struct(ty);
        let zero = self.declare_generated(&format!("{struct_name}_zero"), Vec::new(), me.clone(), span);
        let tag =
            self.declare_generated(&format!("{struct_name}_tag"), vec![(me.clone(), ParamMode::In)], Type::UINT, span);
        let x = self.existentials.len();
        self.existentials.push(Existential {
            interface: name.to_string(),
            ty,
            payload,
            declared_size,
            span,
            zero,
            tag,
            make: None,
            marshal: Vec::new(),
            casts: Vec::new(),
            upcasts: Vec::new(),
            dispatch: Vec::new(),
            dadd: None,
        });
        self.existential_index.insert(name.to_string(), x);
        self.existential_structs.insert(ty, x);
        // `T.Assoc` with `T` bound to this existential, and `obj.Assoc` of a value of it: a
        // value of whichever type the concrete type gives.
        for (_, super::methods::Associated { name: assoc, .. }) in self.associated_of(name) {
            let key = format!("{struct_name}::{}", assoc.name);
            let t = self.associated_existential(name, &assoc.name, span);
            self.types.insert(key, t);
        }
        me
    }

    /// The existential standing for associated type `assoc` of interface `iface`'s values: an
    /// interface of its own, `IFoo.Assoc`, refining the associated type's constraint, whose
    /// conforming types are each conforming type's `Assoc`, with that type's id.
    fn associated_existential(&mut self, iface: &str, assoc: &str, span: Span) -> Type {
        let key = associated_key(iface, assoc);
        if !self.interfaces.contains_key(&key) {
            let constraint = self
                .associated_of(iface)
                .into_iter()
                .find(|(_, a)| a.name.name == assoc)
                .and_then(|(_, a)| a.constraint);
            let generics = self.bind_interface_generics(iface);
            let bases = constraint.and_then(|c| self.interface_key(&c)).into_iter().collect();
            if let Some(g) = generics {
                self.unbind_generics(g);
            }
            let decl_span = self.interfaces.get(iface).map_or(span, |i| i.span);
            self.interfaces.insert(
                key.clone(),
                super::methods::Interface {
                    bases,
                    requirements: Vec::new(),
                    constants: Vec::new(),
                    associated: Vec::new(),
                    any_value_size: None,
                    generics: None,
                    span: decl_span,
                },
            );
        }
        self.existential_type(&key, span)
    }

    /// `[anyValueSize(N)]` on interface `name`.
    fn any_value_size(&mut self, name: &str) -> Option<u32> {
        self.interfaces.get(name)?.any_value_size
    }

    /// The value of an `[anyValueSize(N)]` among an interface's attributes; reports one that is
    /// no constant from 0 to 32767 (Slang's limit).
    pub(super) fn any_value_size_attr(&mut self, attrs: &[ast::Attribute]) -> Option<u32> {
        let attr = attrs.iter().find(|a| a.name.name == "anyValueSize")?;
        let value = attr.args.first().and_then(|a| self.const_of_ast(a)).and_then(|v| v.as_i64());
        match value {
            Some(v) if (0..=MAX_ANY_VALUE_SIZE as i64).contains(&v) => Some(v as u32),
            _ => {
                let d = Diagnostic::error("E0430", "`anyValueSize` must be a constant from 0 to 32767")
                    .with_label(attr.span, "the payload size of this interface's values, in bytes");
                self.push(d);
                None
            }
        }
    }

    /// Where type `ty` was declared to conform to `iface` (its span otherwise).
    fn conformance_span(&self, ty: &Type, iface: &str, otherwise: Span) -> Span {
        let Type::Struct(h) = ty else { return otherwise };
        match self.conformance_spans.get(&(*h, iface.to_string())) {
            Some(s) => *s,
            None => {
                // Declared as conforming to an interface that refines `iface`.
                let found =
                    self.conformance_spans.iter().find(|((s, i), _)| s == h && self.interface_refines(i, iface));
                found.map_or(self.module.structs[*h].span, |(_, s)| *s)
            }
        }
    }

    /// Whether `t` names an interface (a generic one with arguments).
    pub(super) fn known_interface(&self, t: &ast::TypeExpr) -> bool {
        if t.args().is_empty() {
            let key = self.scoped(t.name(), |n| self.interfaces.contains_key(n));
            self.interfaces.contains_key(&key)
        } else {
            let key = self.scoped(t.name(), |n| self.generic_interfaces.contains_key(n));
            self.generic_interfaces.contains_key(&key)
        }
    }

    /// Which existential a type is.
    pub(super) fn existential_of(&self, ty: &Type) -> Option<usize> {
        match ty {
            Type::Struct(h) => self.existential_structs.get(h).copied(),
            _ => None,
        }
    }

    /// Whether interface `derived` is `base` or refines it.
    pub(super) fn interface_refines(&self, derived: &str, base: &str) -> bool {
        self.interface_and_bases(derived).iter().any(|(n, _)| n.as_str() == base)
    }

    /// Gives `ty` a type id among the conforming types of `iface` (once): the one the
    /// compilation names, else the lowest not taken.
    pub(super) fn assign_type_id(&mut self, iface: &str, ty: &Type) {
        let list = self.type_ids.entry(iface.to_string()).or_default();
        if list.iter().any(|(t, _)| t == ty) {
            return;
        }
        let type_name = normalize(&self.module.type_name(ty));
        let iface_key = normalize(iface);
        let explicit = self
            .explicit_ids
            .iter()
            .find(|(t, i, _)| normalize(t) == type_name && normalize(i) == iface_key)
            .map(|(_, _, id)| *id);
        let reserved: Vec<u32> =
            self.explicit_ids.iter().filter(|(_, i, _)| normalize(i) == iface_key).map(|(_, _, id)| *id).collect();
        let list = self.type_ids.entry(iface.to_string()).or_default();
        let id = explicit.unwrap_or_else(|| {
            (0u32..).find(|n| !reserved.contains(n) && !list.iter().any(|(_, id)| id == n)).expect("ids left")
        });
        list.push((ty.clone(), id));
        self.assign_associated_ids(iface, iface, ty, id, &mut Vec::new());
    }

    /// Gives the associated types `ty` defines for interface `source` the id `id` among those
    /// of `key.Assoc` (`IFoo.Assoc`), and theirs among `key.Assoc.Inner` for an associated
    /// type constrained by an interface with associated types of its own. `seen` holds the
    /// types and interfaces on the way: a type that is its own associated type (`typealias
    /// Next = S;`) ends the chain.
    fn assign_associated_ids(&mut self, key: &str, source: &str, ty: &Type, id: u32, seen: &mut Vec<(String, Type)>) {
        let Type::Struct(h) = ty else { return };
        if seen.iter().any(|(i, t)| i == source && t == ty) {
            return;
        }
        seen.push((source.to_string(), ty.clone()));
        let struct_name = self.module.structs[*h].name.clone();
        for (_, super::methods::Associated { name: assoc, constraint, .. }) in self.associated_of(source) {
            let Some(t) = self.types.get(&format!("{struct_name}::{}", assoc.name)).cloned() else { continue };
            if t.is_error() {
                continue;
            }
            let nested = associated_key(key, &assoc.name);
            self.type_ids.entry(nested.clone()).or_default().push((t.clone(), id));
            let inner = constraint.as_ref().map(|c| c.name().to_string()).filter(|c| self.interfaces.contains_key(c));
            if let Some(inner) = inner {
                self.assign_associated_ids(&nested, &inner, &t, id, seen);
            }
        }
    }

    /// The type id of `ty` among the conforming types of `iface`.
    pub(super) fn type_id(&self, iface: &str, ty: &Type) -> Option<u32> {
        self.type_ids.get(iface)?.iter().find(|(t, _)| t == ty).map(|(_, id)| *id)
    }

    /// Declares a function sema writes itself; its body comes at the end of the module.
    pub(super) fn declare_generated(
        &mut self,
        base: &str,
        params: Vec<(Type, ParamMode)>,
        ret: Type,
        span: Span,
    ) -> FunctionId {
        let name = self.unique_global_name(base);
        let id = self.module.functions.append(Function {
            name: name.clone(),
            ret: ret.clone(),
            ret_semantic: None,
            locals: Arena::new(),
            params: Vec::new(),
            exprs: Arena::new(),
            body: Block::default(),
            span,
            uses: Uses::default(),
        });
        let defaults = vec![None; params.len()];
        self.sigs.push(FnSig { name, params, defaults, ret, defined: true, span });
        self.fn_attrs.push(Vec::new());
        self.made_instances = true;
        id
    }

    /// Writes the body of generated function `id`: `build` gets its parameters, in a function
    /// of its own (whatever was being checked waits aside), and gives the statements.
    pub(super) fn generate_body(
        &mut self,
        id: FunctionId,
        names: &[&str],
        build: impl FnOnce(&mut Checker, &[LocalId]) -> Vec<Stmt>,
    ) {
        let sig = self.sigs[id.index()].clone();
        let mut func = Function {
            name: self.module.functions[id].name.clone(),
            ret: sig.ret.clone(),
            ret_semantic: None,
            locals: Arena::new(),
            params: Vec::new(),
            exprs: Arena::new(),
            body: Block::default(),
            span: sig.span,
            uses: Uses::default(),
        };
        for (i, (ty, mode)) in sig.params.iter().enumerate() {
            let name = names.get(i).copied().unwrap_or("arg");
            let l = func.locals.append(Local::param(name, ty.clone(), *mode, sig.span));
            func.params.push(l);
        }
        let params = func.params.clone();
        let caller = self.cur.take();
        self.cur = Some(FnState::new(func));
        let stmts = build(self, &params);
        let state = self.cur.take().expect("the generated function");
        self.cur = caller;
        let mut func = state.func;
        func.body = Block { stmts };
        func.uses = func.gather_uses();
        self.module.functions[id] = func;
        self.facts.insert(id, state.facts);
    }

    /// A call of module function `id` with `args` as they are.
    pub(super) fn call_function(&mut self, id: FunctionId, args: Vec<ExprId>, span: Span) -> ExprId {
        let ret = self.sigs[id.index()].ret.clone();
        if let Some(st) = self.cur.as_mut() {
            st.facts.calls.push((id, span));
        }
        self.add_expr(ExprKind::Call { function: id, args }, ret, span)
    }

    /// The zero value of existential `x`.
    pub(super) fn existential_zero(&mut self, x: usize, span: Span) -> ExprId {
        let zero = self.existentials[x].zero;
        self.call_function(zero, Vec::new(), span)
    }

    /// The wrap and unwrap functions of `ty` in existential `x` (declared on first use).
    pub(super) fn marshal_fns(&mut self, x: usize, ty: &Type, span: Span) -> (FunctionId, FunctionId) {
        if let Some((_, w, u)) = self.existentials[x].marshal.iter().find(|(t, _, _)| t == ty) {
            return (*w, *u);
        }
        let me = Type::Struct(self.existentials[x].ty);
        let base = format!("{}_{}", self.module.structs[self.existentials[x].ty].name, ir_word(&self.type_name(ty)));
        let wrap = self.declare_generated(
            &format!("{base}_wrap"),
            vec![(Type::UINT, ParamMode::In), (ty.clone(), ParamMode::In)],
            me.clone(),
            span,
        );
        let unwrap = self.declare_generated(&format!("{base}_unwrap"), vec![(me, ParamMode::In)], ty.clone(), span);
        self.existentials[x].marshal.push((ty.clone(), wrap, unwrap));
        (wrap, unwrap)
    }

    /// `value` of concrete type `ty` as a value of existential `x`, with type id `id`.
    pub(super) fn wrap(&mut self, x: usize, value: ExprId, id: ExprId, span: Span) -> ExprId {
        let ty = self.ty(value);
        let (wrap, _) = self.marshal_fns(x, &ty, span);
        self.call_function(wrap, vec![id, value], span)
    }

    /// The `ty` that existential value `value` (of existential `x`) holds.
    pub(super) fn unwrap(&mut self, x: usize, value: ExprId, ty: &Type, span: Span) -> ExprId {
        let (_, unwrap) = self.marshal_fns(x, ty, span);
        self.call_function(unwrap, vec![value], span)
    }

    /// The type id an existential value holds.
    pub(super) fn existential_tag(&mut self, x: usize, value: ExprId, span: Span) -> ExprId {
        let tag = self.existentials[x].tag;
        self.call_function(tag, vec![value], span)
    }

    /// Whether `from` converts to `to` by wrapping a conforming value into an interface, or by
    /// converting an interface value to one its interface refines.
    pub(super) fn existential_conversion(&self, from: &Type, to: &Type) -> bool {
        let Some(x) = self.existential_of(to) else { return false };
        let iface = &self.existentials[x].interface;
        match self.existential_of(from) {
            Some(y) => y != x && self.interface_refines(&self.existentials[y].interface, iface),
            None => self.conforms_to(from, iface),
        }
    }

    /// Whether concrete type `ty` conforms to interface `iface`: whether it has a type id there.
    pub(super) fn conforms_to(&self, ty: &Type, iface: &str) -> bool {
        self.existential_of(ty).is_none() && self.type_id(iface, ty).is_some()
    }

    /// The cost of converting `from` to `to` implicitly: HLSL's conversions, then Slang's
    /// wrapping of a value into an interface or an `Optional` (`none` is typed `void`).
    pub(super) fn conversion_cost(&self, from: &Type, to: &Type) -> Option<ConvCost> {
        if let Some(c) = self.implicit_cost(from, to) {
            return Some(c);
        }
        if self.existential_conversion(from, to) {
            return Some(ConvCost::Wrap);
        }
        if let Some(inner) = self.optional_of(to) {
            if *from == Type::Void
                || self.conversion_cost(from, &inner).is_some()
                || self.conditional_of(from).is_some_and(|(elem, _)| elem == inner)
            {
                return Some(ConvCost::Wrap);
            }
        }
        if let Some((inner, _)) = self.conditional_of(to) {
            if self.conversion_cost(from, &inner).is_some() {
                return Some(ConvCost::Wrap);
            }
        }
        if self.downcast_in_dispatch {
            if let Some(x) = self.existential_of(from) {
                if self.conforms_to(to, &self.existentials[x].interface) {
                    return Some(ConvCost::Wrap);
                }
            }
        }
        None
    }

    /// The conversion [`Checker::conversion_cost`] allows beyond HLSL's, applied to `e`; `None`
    /// when there is none.
    pub(super) fn wrapping_conversion(&mut self, e: ExprId, to: &Type, span: Span) -> Option<ExprId> {
        let from = self.ty(e);
        if self.existential_conversion(&from, to) {
            return Some(self.convert_to_existential(e, to, span));
        }
        if let Some(inner) = self.optional_of(to) {
            // A `Conditional<T, has>` is an `Optional<T>` holding its value when `has` (its `get()`).
            if self.conditional_of(&from).is_some_and(|(elem, _)| elem == inner) {
                return self.conditional_method(e, "get", &[], span);
            }
            let none = self.cur.as_ref().is_some_and(|st| st.nones.contains(&e));
            let (value, has) = if none {
                (self.zero_value(&inner, span), false)
            } else if from != Type::Void && self.conversion_cost(&from, &inner).is_some() {
                (self.coerce(e, &inner, span), true)
            } else {
                return None;
            };
            let has = self.add_expr(ExprKind::Const(ConstValue::Bool(has)), Type::BOOL, span);
            return Some(self.add_expr(ExprKind::Construct(vec![value, has]), to.clone(), span));
        }
        if let Some((inner, has)) = self.conditional_of(to) {
            self.conversion_cost(&from, &inner)?;
            let v = self.coerce(e, &inner, span);
            let parts = if has { vec![v] } else { Vec::new() };
            return Some(self.add_expr(ExprKind::Construct(parts), to.clone(), span));
        }
        if self.downcast_in_dispatch {
            if let Some(x) = self.existential_of(&from) {
                if self.conforms_to(to, &self.existentials[x].interface) {
                    return Some(self.unwrap(x, e, to, span));
                }
            }
        }
        None
    }

    /// The `T` and `has` of a `Conditional<T, has>`.
    fn conditional_of(&self, ty: &Type) -> Option<(Type, bool)> {
        match ty {
            Type::Struct(h) => self.conditional_structs.get(h).cloned(),
            _ => None,
        }
    }

    /// The conversion [`Checker::existential_conversion`] allows, applied to `e`.
    pub(super) fn convert_to_existential(&mut self, e: ExprId, to: &Type, span: Span) -> ExprId {
        let from = self.ty(e);
        let x = self.existential_of(to).expect("an existential");
        let iface = self.existentials[x].interface.clone();
        if let Some(y) = self.existential_of(&from) {
            let f = self.upcast_fn(y, x, span);
            return self.call_function(f, vec![e], span);
        }
        let id = self.type_id(&iface, &from).unwrap_or(0);
        let id = self.add_expr(ExprKind::Const(ConstValue::Uint(id as u64)), Type::UINT, span);
        self.wrap(x, e, id, span)
    }

    /// The conversion from existential `y` to existential `x`, whose interface `y`'s refines.
    fn upcast_fn(&mut self, y: usize, x: usize, span: Span) -> FunctionId {
        if let Some((_, f)) = self.existentials[y].upcasts.iter().find(|(t, _)| *t == x) {
            return *f;
        }
        let from = Type::Struct(self.existentials[y].ty);
        let to = Type::Struct(self.existentials[x].ty);
        let name = format!("{}_to_{}", self.type_name(&from), self.type_name(&to));
        let f = self.declare_generated(&name, vec![(from, ParamMode::In)], to, span);
        self.existentials[y].upcasts.push((x, f));
        f
    }

    /// `createDynamicObject<IFoo, T>(id, value)`: `value`'s bytes as the payload of an `IFoo`
    /// holding type id `id`.
    pub(super) fn create_dynamic_object(
        &mut self,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let iface_ty = match generic_args.first() {
            Some(ast::GenericArg::Type(t)) => self.resolve_type(t),
            _ => Type::Error,
        };
        // `createDynamicObject<IFoo>(id)`: a value of a type without fields.
        if let (Some(x), [id], 1) = (self.existential_of(&iface_ty), args.as_slice(), generic_args.len()) {
            let id = self.coerce(*id, &Type::UINT, span);
            let f = self.make_fn(x, span);
            return self.call_function(f, vec![id], span);
        }
        let (Some(x), [id, value]) = (self.existential_of(&iface_ty), args.as_slice()) else {
            self.error(
                "E0403",
                span,
                "`createDynamicObject<IFoo, T>(typeId, value)` takes an interface, the type of the value, a type id and the value",
            );
            return self.error_expr(span);
        };
        let value = match generic_args.get(1) {
            Some(ast::GenericArg::Type(t)) => {
                let t = self.resolve_type(t);
                self.coerce(*value, &t, span)
            }
            _ => *value,
        };
        let id = self.coerce(*id, &Type::UINT, span);
        self.wrap(x, value, id, span)
    }

    /// `IFoo_make(uint id)`: a value of existential `x` with type id `id` and a zero payload.
    fn make_fn(&mut self, x: usize, span: Span) -> FunctionId {
        if let Some(f) = self.existentials[x].make {
            return f;
        }
        let me = Type::Struct(self.existentials[x].ty);
        let name = format!("{}_make", self.module.structs[self.existentials[x].ty].name);
        let f = self.declare_generated(&name, vec![(Type::UINT, ParamMode::In)], me, span);
        self.existentials[x].make = Some(f);
        f
    }

    /// Slang's `reinterpret<T>(value)` (and `reinterpret<T, U>(value)`, `value` a `U`): the
    /// bytes of `value`, packed as an `AnyValue` packs them, read back as a `T`.
    pub(super) fn reinterpret(&mut self, generic_args: &[ast::GenericArg], args: Vec<ExprId>, span: Span) -> ExprId {
        let ty = |c: &mut Checker, a: Option<&ast::GenericArg>| match a {
            Some(ast::GenericArg::Type(t)) => Some(c.resolve_type(t)),
            Some(ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span })) => {
                let kind = ast::TypeExprKind::Named { name: n.clone(), args: Vec::new() };
                Some(c.resolve_type(&ast::TypeExpr { kind, span: *span }))
            }
            _ => None,
        };
        let (Some(to), [value]) = (ty(self, generic_args.first()), args.as_slice()) else {
            self.error("E0403", span, "`reinterpret<T>(value)` takes a type and a value");
            return self.error_expr(span);
        };
        let value = match ty(self, generic_args.get(1)) {
            Some(from) => self.coerce(*value, &from, span),
            None => *value,
        };
        let from = self.ty(value);
        if from.is_error() || to.is_error() {
            return self.error_expr(span);
        }
        if from == to {
            return value;
        }
        if from.is_pointer() || to.is_pointer() {
            return self.bit_cast(&generic_args[..1], vec![value], span, span);
        }
        let leaves = |c: &Checker, t: &Type| any_value_leaves(&c.module, t, c.default_majorness);
        let (from_leaves, to_leaves) = match (leaves(self, &from), leaves(self, &to)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(bad), _) | (_, Err(bad)) => {
                let msg = format!("`reinterpret` of a `{}`: it has no bytes to reinterpret", self.type_name(&bad));
                self.error("E0433", span, msg);
                return self.error_expr(span);
            }
        };
        let f = match self.reinterprets.get(&(from.clone(), to.clone())) {
            Some(f) => *f,
            None => {
                let name = format!("reinterpret_{}_{}", ir_word(&self.type_name(&from)), ir_word(&self.type_name(&to)));
                let f = self.declare_generated(&name, vec![(from.clone(), ParamMode::In)], to.clone(), span);
                self.reinterprets.insert((from.clone(), to.clone()), f);
                let size = |t: &Type, c: &Checker| natural_size(&c.module, t).map_or(0, |(s, _)| s);
                let words = size(&from, self).max(size(&to, self)).div_ceil(4) as usize;
                self.generate_body(f, &["value"], |c, p| {
                    let pieces = c.pack_words(p[0], &from, &from_leaves, words, span);
                    let mut stmts = Vec::new();
                    let mut locals = Vec::new();
                    for (k, w) in pieces.into_iter().enumerate() {
                        let Some(st) = c.cur.as_mut() else { break };
                        let l = st.func.locals.append(Local::new(format!("word{k}"), Type::UINT, span));
                        stmts.push(Stmt::Local { local: l, init: Some(w) });
                        locals.push(l);
                    }
                    let word = |c: &mut Checker, k: u32| match locals.get(k as usize) {
                        Some(l) => c.add_expr(ExprKind::Local(*l), Type::UINT, span),
                        None => c.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::UINT, span),
                    };
                    let value = c.unpack_words(&to, &to_leaves, word, span);
                    stmts.push(Stmt::Return(Some(value)));
                    stmts
                });
                f
            }
        };
        self.call_function(f, vec![value], span)
    }

    /// Whether the interface of existential `x` (or one it refines) requires method `name`.
    pub(super) fn interface_has_requirement(&self, x: usize, name: &str) -> bool {
        self.requirements_of(&self.existentials[x].interface).iter().any(|(_, r)| r.name.name == name)
    }

    /// A method call on a value of existential `x`: a call of the dispatch function of the
    /// requirement it names (each overload a dispatch function of its own).
    pub(super) fn dispatch_call(
        &mut self,
        x: usize,
        object: ExprId,
        name: &ast::Ident,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let iface = self.existentials[x].interface.clone();
        let mut requirements: Vec<ast::FunctionDecl> = Vec::new();
        for r in self.requirements_of(&iface).into_iter().map(|(_, r)| r).filter(|r| r.name.name == name.name) {
            // A refinement's requirement hides the same one of the interface it refines
            // (`IFunc`'s `operator()` hides `IMutatingFunc`'s).
            let same = |k: &ast::FunctionDecl| {
                k.params.len() == r.params.len() && k.params.iter().zip(&r.params).all(|(a, b)| a.ty.kind == b.ty.kind)
            };
            if !requirements.iter().any(same) {
                requirements.push(r);
            }
        }
        if requirements.is_empty() {
            // A blanket extension's method: an ordinary method of the interface's values.
            let h = self.existentials[x].ty;
            for i in 0..self.blanket_extensions.len() {
                self.apply_blanket_extension(i, h);
            }
            if let Some(is_static) = self.method_of(h, &name.name) {
                let key = super::methods::method_key(&self.module.structs[h].name, &name.name);
                let mut all = args;
                if !is_static {
                    all.insert(0, object);
                }
                return self.call_member(&key, generic_args, all, span, name.span);
            }
            let msg = format!("interface `{iface}` has no method `{}`", name.name);
            self.error("E0407", name.span, msg);
            return self.error_expr(span);
        }
        let arg_types: Vec<Type> = args.iter().map(|a| self.ty(*a)).collect();
        let mut ids = Vec::new();
        let mut reasons = Vec::new();
        for r in &requirements {
            match self.dispatch_fn(x, r, generic_args, &arg_types, span) {
                Ok(id) => ids.push(id),
                Err(why) => reasons.push(why),
            }
        }
        if ids.is_empty() {
            let mut d = Diagnostic::error("E0403", format!("cannot call `{iface}.{}` with these arguments", name.name))
                .with_label(name.span, "");
            for r in reasons {
                d = d.with_note(r);
            }
            self.push(d);
            return self.error_expr(span);
        }
        let mut all = args;
        all.insert(0, object);
        let key = format!("{iface}::{}", name.name);
        self.call_user(&key, &ids, all, span, name.span)
    }

    /// The dispatch function of requirement `r` of existential `x` (its instance for the
    /// generic arguments a call gives, for a generic requirement).
    fn dispatch_fn(
        &mut self,
        x: usize,
        r: &ast::FunctionDecl,
        generic_args: &[ast::GenericArg],
        arg_types: &[Type],
        span: Span,
    ) -> Result<FunctionId, String> {
        let me = Type::Struct(self.existentials[x].ty);
        let iface = self.existentials[x].interface.clone();
        let outer = self.bind_interface_names(x);
        let bound = if r.generics.is_empty() {
            Ok(Vec::new())
        } else if r.params.len() != arg_types.len() {
            Err(format!("`{}` takes {} arguments", r.name.name, r.params.len()))
        } else {
            self.deduce(r, generic_args, arg_types, &[], None)
        };
        let bound = match bound {
            Ok(b) => b,
            Err(e) => {
                self.unbind_interface_names(outer);
                return Err(e);
            }
        };
        if let Some(d) = self.existentials[x].dispatch.iter().find(|d| d.method == r.name.name && d.bound == bound) {
            let id = d.id;
            self.unbind_interface_names(outer);
            return Ok(id);
        }
        let generics = (!bound.is_empty()).then(|| self.bind_generics(&r.generics, &bound));
        let is_static = r.modifiers.has(ast::Modifier::Static);
        let mutating = r.attrs.iter().any(|a| a.name.name == "mutating");
        let mut params = vec![(me, if mutating { ParamMode::InOut } else { ParamMode::In })];
        for p in &r.params {
            let base = self.resolve_type(&p.ty);
            let ty = self.array_type(base, &p.array_dims, false);
            let mode = Checker::param_mode(&p.modifiers, &ty);
            params.push((ty, mode));
        }
        let ret = self.resolve_type(&r.ret);
        if let Some(g) = generics {
            self.unbind_generics(g);
        }
        self.unbind_interface_names(outer);
        let mut name = format!("{}_{}", self.module.structs[self.existentials[x].ty].name, ir_word(&r.name.name));
        for b in &bound {
            name.push('_');
            name.push_str(&ir_word(&match b {
                super::generic::Bound::Type(t) => self.type_name(t),
                super::generic::Bound::Value(v) => v.to_string(),
                super::generic::Bound::Pack(ts) => ts.iter().map(|t| self.type_name(t)).collect::<Vec<_>>().join("_"),
            }));
        }
        let id = self.declare_generated(&name, params, ret, span);
        // A call through the interface may leave out what the requirement gives defaults
        // (`bool inside = false`); the object comes first and has none.
        self.sigs[id.index()].defaults =
            std::iter::once(None).chain(r.params.iter().map(|p| p.default.clone())).collect();
        self.dispatch_differentiability(id, r);
        self.sigs[id.index()].name = format!("{iface}::{}", r.name.name);
        self.existentials[x].dispatch.push(Dispatch {
            id,
            method: r.name.name.clone(),
            generic_args: generic_args.to_vec(),
            bound,
            is_static,
            mutating,
            cases: None,
            span,
        });
        Ok(id)
    }

    /// Gives the names an interface's requirements use their meaning for existential `x`:
    /// `This` the existential itself, an associated type the existential of its constraint.
    /// Returns what the names meant before.
    fn bind_interface_names(&mut self, x: usize) -> InterfaceNames {
        let me = Type::Struct(self.existentials[x].ty);
        let iface = self.existentials[x].interface.clone();
        let generics = self.bind_interface_generics(&iface);
        let mut outer = vec![("This".to_string(), self.types.insert("This".into(), me))];
        let span = self.existentials[x].span;
        for (_, super::methods::Associated { name: assoc, .. }) in self.associated_of(&iface) {
            let t = self.associated_existential(&iface, &assoc.name, span);
            outer.push((assoc.name.clone(), self.types.insert(assoc.name.clone(), t)));
        }
        InterfaceNames { types: outer, generics }
    }

    fn unbind_interface_names(&mut self, outer: InterfaceNames) {
        for (n, old) in outer.types.into_iter().rev() {
            match old {
                Some(t) => self.types.insert(n, t),
                None => self.types.remove(&n),
            };
        }
        if let Some(g) = outer.generics {
            self.unbind_generics(g);
        }
    }

    /// `value is T` (`cast` false) and `value as T` (`cast`: an `Optional<T>`).
    pub(super) fn type_test(&mut self, value: &ast::Expr, ty: &ast::TypeExpr, cast: bool, span: Span) -> ExprId {
        let v = self.expr(value);
        let vt = self.ty(v);
        let target = self.resolve_type(ty);
        if vt.is_error() || target.is_error() {
            return self.error_expr(span);
        }
        let Some(x) = self.existential_of(&vt) else {
            // A value of a known type: the test is decided here (a generic's `T is int`, and
            // `T is IFoo` under `where optional T : IFoo`: whether it conforms).
            let same = match self.existential_of(&target) {
                Some(t) if !cast => self.type_conforms(&vt, &self.existentials[t].interface.clone()),
                _ => vt == target,
            };
            if !cast {
                return self.add_expr(ExprKind::Const(ConstValue::Bool(same)), Type::BOOL, span);
            }
            let opt = self.optional_type(&target, span);
            let (value, has) = if same { (v, true) } else { (self.zero_value(&target, span), false) };
            let has = self.add_expr(ExprKind::Const(ConstValue::Bool(has)), Type::BOOL, span);
            return self.add_expr(ExprKind::Construct(vec![value, has]), opt, span);
        };
        let iface = self.existentials[x].interface.clone();
        if self.existential_of(&target).is_some() || !self.conforms_to(&target, &iface) {
            let d = Diagnostic::error(
                "E0431",
                format!("`{}` does not conform to `{iface}`: no `{iface}` value holds one", self.type_name(&target)),
            )
            .with_label(ty.span, format!("`{}` cannot be tested for this type", if cast { "as" } else { "is" }));
            self.push(d);
            return self.error_expr(span);
        }
        if cast {
            let f = self.cast_fn(x, &target, span);
            return self.call_function(f, vec![v], span);
        }
        let id = self.type_id(&iface, &target).unwrap_or(0);
        let tag = self.existential_tag(x, v, span);
        let id = self.add_expr(ExprKind::Const(ConstValue::Uint(id as u64)), Type::UINT, span);
        self.add_expr(ExprKind::Binary(BinaryOp::Eq, tag, id), Type::BOOL, span)
    }

    /// `opt == none` and `opt != none`: whether the `Optional` is empty, or holds a value.
    pub(super) fn none_comparison(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Option<ExprId> {
        if !matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            return None;
        }
        let nones = &self.cur.as_ref()?.nones;
        let (opt, other) = match (nones.contains(&l), nones.contains(&r)) {
            (false, true) => (l, r),
            (true, false) => (r, l),
            _ => return None,
        };
        let _ = other;
        let ot = self.ty(opt);
        if self.optional_of(&ot).is_none() {
            let msg = format!("only an `Optional` compares with `none`, not `{}`", self.type_name(&ot));
            self.error("E0405", span, msg);
            return Some(self.error_expr(span));
        }
        let has = self.add_expr(ExprKind::Field { base: opt, index: 1 }, Type::BOOL, span);
        Some(match op {
            BinaryOp::Ne => has,
            _ => self.add_expr(ExprKind::Unary(UnaryOp::Not, has), Type::BOOL, span),
        })
    }

    /// `(IFoo) -> Optional<T>`, the `as T` of existential `x`.
    fn cast_fn(&mut self, x: usize, ty: &Type, span: Span) -> FunctionId {
        if let Some((_, f)) = self.existentials[x].casts.iter().find(|(t, _)| t == ty) {
            return *f;
        }
        let me = Type::Struct(self.existentials[x].ty);
        let opt = self.optional_type(ty, span);
        let name = format!("{}_as_{}", self.module.structs[self.existentials[x].ty].name, ir_word(&self.type_name(ty)));
        let f = self.declare_generated(&name, vec![(me, ParamMode::In)], opt, span);
        self.existentials[x].casts.push((ty.clone(), f));
        f
    }

    /// Slang's `Optional<T>`: `{ T value; bool hasValue; }`.
    pub(super) fn optional_type(&mut self, ty: &Type, span: Span) -> Type {
        if let Some(h) = self.optionals.get(ty) {
            return Type::Struct(*h);
        }
        let name = self.unique_global_name(&format!("Optional_{}", ir_word(&self.type_name(ty))));
        let majorness = self.default_majorness;
        let fields = vec![
            Field { name: "value".into(), ty: ty.clone(), semantic: None, majorness, span },
            Field { name: "hasValue".into(), ty: Type::BOOL, semantic: None, majorness, span },
        ];
        let h = self.module.structs.append(StructDef { name, fields, span });
        self.optionals.insert(ty.clone(), h);
        self.optional_structs.insert(h, ty.clone());
        Type::Struct(h)
    }

    /// Slang's `Conditional<T, has>`: `{ T value; }` when `has`, else no bytes at all.
    pub(super) fn conditional_type(&mut self, elem: &Type, has: bool, span: Span) -> Type {
        if let Some(h) = self.conditionals.get(&(elem.clone(), has)) {
            return Type::Struct(*h);
        }
        let name = self.unique_global_name(&format!("Conditional_{}_{has}", ir_word(&self.type_name(elem))));
        let majorness = self.default_majorness;
        let fields = if has {
            vec![Field { name: "value".into(), ty: elem.clone(), semantic: None, majorness, span }]
        } else {
            Vec::new()
        };
        let h = self.module.structs.append(StructDef { name, fields, span });
        self.conditionals.insert((elem.clone(), has), h);
        self.conditional_structs.insert(h, (elem.clone(), has));
        Type::Struct(h)
    }

    /// `c.get()` (an `Optional`) and `c.set(v)` of a `Conditional`; `None` for another method.
    pub(super) fn conditional_method(
        &mut self,
        object: ExprId,
        name: &str,
        args: &[ExprId],
        span: Span,
    ) -> Option<ExprId> {
        let Type::Struct(h) = self.ty(object) else { return None };
        let (elem, has) = self.conditional_structs.get(&h).cloned()?;
        match (name, args) {
            ("get", []) => {
                let opt = self.optional_type(&elem, span);
                let value = if has {
                    self.add_expr(ExprKind::Field { base: object, index: 0 }, elem.clone(), span)
                } else {
                    self.zero_value(&elem, span)
                };
                let flag = self.add_expr(ExprKind::Const(ConstValue::Bool(has)), Type::BOOL, span);
                Some(self.add_expr(ExprKind::Construct(vec![value, flag]), opt, span))
            }
            ("set", [v]) => {
                self.require_lvalue(object);
                let v = self.coerce(*v, &elem, span);
                let ty = Type::Struct(h);
                let value = if has {
                    self.add_expr(ExprKind::Construct(vec![v]), ty.clone(), span)
                } else {
                    self.add_expr(ExprKind::Construct(Vec::new()), ty.clone(), span)
                };
                Some(self.add_expr(ExprKind::Assign { op: None, target: object, value }, ty, span))
            }
            _ => None,
        }
    }

    /// The `T` of an `Optional<T>`.
    pub(super) fn optional_of(&self, ty: &Type) -> Option<Type> {
        match ty {
            Type::Struct(h) => self.optional_structs.get(h).cloned(),
            _ => None,
        }
    }

    /// Writes the bodies of every generated function, now that every conforming type is known.
    pub(super) fn finish_existentials(&mut self) {
        // A generic struct's instance the compilation names a type id for is a conforming type
        // even where the shader never names it (its values come from a buffer).
        for (ty, _, _) in self.explicit_ids.clone() {
            if ty.contains('<') {
                if let Some(t) = type_expr(&ty, self.existentials.first().map_or_else(Span::default, |e| e.span)) {
                    if self.generic_structs.contains_key(t.name()) {
                        self.resolve_type(&t);
                    }
                }
            }
        }
        // Dispatch cases call methods that may make more instances, and so more conforming
        // types: until nothing changes.
        loop {
            let mut changed = false;
            for x in 0..self.existentials.len() {
                let iface = self.existentials[x].interface.clone();
                let types = self.conforming_types(&iface);
                for d in 0..self.existentials[x].dispatch.len() {
                    if self.existentials[x].dispatch[d].cases != Some(types.len()) {
                        self.existentials[x].dispatch[d].cases = Some(types.len());
                        self.dispatch_body(x, d, &types);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // An interface value inside a conforming type takes its size from its own interface's
        // types: those are laid out first.
        let mut state = vec![Visit::No; self.existentials.len()];
        for x in 0..self.existentials.len() {
            self.layout_in_order(x, &mut state);
        }
        // Casts and upcasts first: they declare the wrap and unwrap functions they call.
        for x in 0..self.existentials.len() {
            self.cast_bodies(x);
        }
        for x in 0..self.existentials.len() {
            self.marshal_bodies(x);
        }
        self.module.existentials = self
            .existentials
            .iter()
            .map(|e| crate::ir::Existential {
                interface: e.interface.clone(),
                ty: e.ty,
                payload_bytes: self.module.structs[e.payload].fields.len() as u32 * 4,
                types: {
                    let mut t = self.type_ids.get(&e.interface).cloned().unwrap_or_default();
                    t.sort_by_key(|(_, id)| *id);
                    t
                },
            })
            .collect();
    }

    /// The concrete types of interface `iface` a value can hold, in type-id order.
    pub(super) fn conforming_types(&self, iface: &str) -> Vec<(Type, u32)> {
        let mut t = self.type_ids.get(iface).cloned().unwrap_or_default();
        t.sort_by_key(|(_, id)| *id);
        t
    }

    /// The body of dispatch function `d` of existential `x`: a case per conforming type.
    fn dispatch_body(&mut self, x: usize, d: usize, types: &[(Type, u32)]) {
        let (id, method, generic_args, is_static, mutating, span) = {
            let dd = &self.existentials[x].dispatch[d];
            (dd.id, dd.method.clone(), dd.generic_args.clone(), dd.is_static, dd.mutating, dd.span)
        };
        let ret = self.sigs[id.index()].ret.clone();
        let names: Vec<String> = (0..self.sigs[id.index()].params.len())
            .map(|i| if i == 0 { "this".to_string() } else { format!("arg{i}") })
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let types = types.to_vec();
        self.generate_body(id, &names, |c, params| {
            let this = params[0];
            let me = c.sigs[id.index()].params[0].0.clone();
            let mut cases = Vec::new();
            let outer_downcast = std::mem::replace(&mut c.downcast_in_dispatch, true);
            for (ty, type_id) in &types {
                if natural_size(&c.module, ty).is_none() {
                    continue; // holds resources: never wrapped, so never dispatched to
                }
                if matches!(ty, Type::Struct(h) if c.unmet_conformances.contains(h)) {
                    continue;
                }
                let mut body = Vec::new();
                let args: Vec<ExprId> = params[1..]
                    .iter()
                    .map(|p| {
                        let t = c.cur.as_ref().map(|s| s.func.locals[*p].ty.clone()).unwrap_or(Type::Error);
                        c.add_expr(ExprKind::Local(*p), t, span)
                    })
                    .collect();
                let name = ast::Ident { name: method.clone(), span };
                // A property requirement a field meets: the field, read or written.
                let field = match ty {
                    Type::Struct(h) if c.method_of(*h, &method).is_none() => method
                        .strip_prefix("__get_")
                        .or_else(|| method.strip_prefix("__set_"))
                        .and_then(|n| c.module.structs[*h].fields.iter().position(|f| f.name == n)),
                    _ => None,
                };
                let call = if let Some(i) = field {
                    let object = c.add_expr(ExprKind::Local(this), me.clone(), span);
                    let value = c.unwrap(x, object, ty, span);
                    let tmp = c.cur.as_mut().map(|s| s.func.locals.append(Local::new("object", ty.clone(), span)));
                    let Some(tmp) = tmp else { continue };
                    body.push(Stmt::Local { local: tmp, init: Some(value) });
                    let object = c.add_expr(ExprKind::Local(tmp), ty.clone(), span);
                    let Type::Struct(h) = ty else { continue };
                    let fty = c.module.structs[*h].fields[i].ty.clone();
                    let f = c.add_expr(ExprKind::Field { base: object, index: i as u32 }, fty.clone(), span);
                    match args.first() {
                        Some(v) if method.starts_with("__set_") => {
                            let v = c.coerce(*v, &fty, span);
                            c.add_expr(ExprKind::Assign { op: None, target: f, value: v }, fty, span)
                        }
                        _ => f,
                    }
                } else if is_static {
                    let Type::Struct(h) = ty else { continue };
                    let key = super::methods::method_key(&c.module.structs[*h].name, &method);
                    c.call_member(&key, &generic_args, args, span, span)
                } else {
                    let object = c.add_expr(ExprKind::Local(this), me.clone(), span);
                    let value = c.unwrap(x, object, ty, span);
                    let tmp = c.cur.as_mut().map(|s| s.func.locals.append(Local::new("object", ty.clone(), span)));
                    let Some(tmp) = tmp else { continue };
                    body.push(Stmt::Local { local: tmp, init: Some(value) });
                    let object = c.add_expr(ExprKind::Local(tmp), ty.clone(), span);
                    c.method_call(object, &name, &generic_args, args, span)
                };
                let result = if ret == Type::Void || c.ty(call).is_error() {
                    body.push(Stmt::Expr(call));
                    None
                } else {
                    let v = c.coerce(call, &ret, span);
                    let r = c.cur.as_mut().map(|s| s.func.locals.append(Local::new("result", ret.clone(), span)));
                    r.inspect(|r| body.push(Stmt::Local { local: *r, init: Some(v) }))
                };
                if mutating && !is_static {
                    // The method changed its copy of the value: put it back.
                    if let Some(Stmt::Local { local: tmp, .. }) = body.first() {
                        let tmp = *tmp;
                        let value = c.add_expr(ExprKind::Local(tmp), ty.clone(), span);
                        let id = c.add_expr(ExprKind::Const(ConstValue::Uint(*type_id as u64)), Type::UINT, span);
                        let wrapped = c.wrap(x, value, id, span);
                        let target = c.add_expr(ExprKind::Local(this), me.clone(), span);
                        let assign =
                            c.add_expr(ExprKind::Assign { op: None, target, value: wrapped }, me.clone(), span);
                        body.push(Stmt::Expr(assign));
                    }
                }
                let value = result.map(|r| c.add_expr(ExprKind::Local(r), ret.clone(), span));
                body.push(Stmt::Return(value));
                cases.push(SwitchCase {
                    values: vec![*type_id as i64],
                    is_default: false,
                    body: Block { stmts: body },
                });
            }
            c.downcast_in_dispatch = outer_downcast;
            let object = c.add_expr(ExprKind::Local(this), me.clone(), span);
            let selector = c.existential_tag(x, object, span);
            let mut stmts = Vec::new();
            if !cases.is_empty() {
                stmts.push(Stmt::Switch { selector, cases });
            }
            // No type has this id: the value a fresh variable of the return type holds.
            if ret == Type::Void {
                stmts.push(Stmt::Return(None));
            } else {
                let zero = c.zero_value(&ret, span);
                stmts.push(Stmt::Return(Some(zero)));
            }
            stmts
        });
    }

    /// Lays out existential `x` after every existential its conforming types hold; reports a
    /// type that holds (through its fields) a value of its own interface.
    fn layout_in_order(&mut self, x: usize, state: &mut Vec<Visit>) {
        match state[x] {
            Visit::Done => return,
            Visit::Open => return, // reported where the cycle closes
            Visit::No => {}
        }
        state[x] = Visit::Open;
        let iface = self.existentials[x].interface.clone();
        for (ty, _) in self.conforming_types(&iface) {
            let mut inner = Vec::new();
            self.existentials_in(&ty, &mut inner);
            for y in inner {
                if state[y] == Visit::Open {
                    let name = self.type_name(&ty);
                    let at = self.conformance_span(&ty, &iface, self.existentials[x].span);
                    let d = Diagnostic::error(
                        "E0434",
                        format!("`{name}` holds a value of interface `{}`, which holds `{name}`: its size would be infinite", self.existentials[y].interface),
                    )
                    .with_label(at, format!("`{name}` conforms to `{iface}`"))
                    .with_note("hold such a value through a buffer index instead");
                    self.push(d);
                    continue;
                }
                self.layout_in_order(y, state);
            }
        }
        self.layout_existential(x);
        state[x] = Visit::Done;
    }

    /// The existentials `ty` holds, through fields and arrays.
    fn existentials_in(&self, ty: &Type, out: &mut Vec<usize>) {
        match ty {
            Type::Array(e, _) => self.existentials_in(e, out),
            Type::Struct(h) => match self.existential_structs.get(h) {
                Some(&x) => out.push(x),
                None => {
                    for f in &self.module.structs[*h].fields {
                        self.existentials_in(&f.ty, out);
                    }
                }
            },
            _ => {}
        }
    }

    /// The payload size of existential `x` and its struct's fields; reports conforming types
    /// that do not fit.
    fn layout_existential(&mut self, x: usize) {
        let (iface, declared, span) = {
            let e = &self.existentials[x];
            (e.interface.clone(), e.declared_size, e.span)
        };
        let mut largest = 0;
        for (ty, _) in self.conforming_types(&iface) {
            let Some((size, _)) = natural_size(&self.module, &ty) else { continue };
            if let Some(limit) = declared {
                if size > limit {
                    let name = self.type_name(&ty);
                    let at = self.conformance_span(&ty, &iface, span);
                    let d = Diagnostic::error(
                        "E0432",
                        format!("`{name}` does not fit in the {limit} bytes `{iface}` holds: it takes {size}"),
                    )
                    .with_label(at, format!("`{name}` conforms to `{iface}`"))
                    .with_label(self.interfaces.get(&iface).map_or(span, |i| i.span), "declared with `[anyValueSize]`")
                    .with_note("give the interface a larger `[anyValueSize(N)]`, or leave it out to take the largest type's size");
                    self.push(d);
                }
            }
            largest = largest.max(size);
        }
        let bytes = declared.unwrap_or(largest);
        let words = bytes.div_ceil(4);
        let majorness = self.default_majorness;
        let field = |name: String, ty: Type| Field { name, ty, semantic: None, majorness, span };
        let payload = self.existentials[x].payload;
        self.module.structs[payload].fields = (0..words).map(|i| field(format!("field{i}"), Type::UINT)).collect();
        let handle = Type::Vector(Scalar::U32, 2);
        let mut fields = vec![field("rtti".into(), handle.clone()), field("witness".into(), handle)];
        if words > 0 {
            fields.push(field("payload".into(), Type::Struct(payload)));
        }
        let ty = self.existentials[x].ty;
        self.module.structs[ty].fields = fields;
    }

    /// The bodies of existential `x`'s zero, make, tag, wrap and unwrap functions.
    pub(super) fn marshal_bodies(&mut self, x: usize) {
        let (ty, payload, zero, tag, span) = {
            let e = &self.existentials[x];
            (e.ty, e.payload, e.zero, e.tag, e.span)
        };
        let me = Type::Struct(ty);
        let words = self.module.structs[payload].fields.len();
        let has_payload = words > 0;
        let uint = |c: &mut Checker, v: u64| c.add_expr(ExprKind::Const(ConstValue::Uint(v)), Type::UINT, span);
        let handle = |c: &mut Checker, id: ExprId| {
            let zero = uint(c, 0);
            c.add_expr(ExprKind::Construct(vec![id, zero]), Type::Vector(Scalar::U32, 2), span)
        };
        // The existential made of a type id and payload words.
        let make = move |c: &mut Checker, id: ExprId, words: Vec<ExprId>| {
            let zero = uint(c, 0);
            let rtti = handle(c, zero);
            let witness = handle(c, id);
            let mut parts = vec![rtti, witness];
            if has_payload {
                parts.push(c.add_expr(ExprKind::Construct(words), Type::Struct(payload), span));
            }
            c.add_expr(ExprKind::Construct(parts), me.clone(), span)
        };
        self.generate_body(zero, &[], |c, _| {
            let id = uint(c, 0);
            let w = (0..words).map(|_| uint(c, 0)).collect();
            vec![Stmt::Return(Some(make(c, id, w)))]
        });
        if let Some(f) = self.existentials[x].make {
            self.generate_body(f, &["id"], |c, p| {
                let id = c.add_expr(ExprKind::Local(p[0]), Type::UINT, span);
                let w = (0..words).map(|_| uint(c, 0)).collect();
                vec![Stmt::Return(Some(make(c, id, w)))]
            });
        }
        self.generate_body(tag, &["value"], |c, p| {
            let v = c.add_expr(ExprKind::Local(p[0]), Type::Struct(ty), span);
            let witness = c.add_expr(ExprKind::Field { base: v, index: 1 }, Type::Vector(Scalar::U32, 2), span);
            let id = c.add_expr(ExprKind::Swizzle { base: witness, components: vec![0] }, Type::UINT, span);
            vec![Stmt::Return(Some(id))]
        });
        let marshal = self.existentials[x].marshal.clone();
        for (concrete, wrap, unwrap) in marshal {
            let leaves = match any_value_leaves(&self.module, &concrete, self.default_majorness) {
                Ok(l) => l,
                Err(bad) => {
                    let d = Diagnostic::error(
                        "E0433",
                        format!(
                            "`{}` cannot be the value of an interface type: it holds a `{}`, which has no bytes to pack",
                            self.type_name(&concrete),
                            self.type_name(&bad)
                        ),
                    )
                    .with_label(self.sigs[wrap.index()].span, "converted to an interface type here")
                    .with_note("only types made of scalars, vectors, matrices, arrays and structs of them can be dispatched dynamically");
                    // The bodies are written again for the wrap functions derivatives declare.
                    if !self.diags.iter().any(|old| old.code == d.code && old.labels == d.labels) {
                        self.push(d);
                    }
                    continue;
                }
            };
            let leaves: Vec<AnyValueLeaf> = leaves.into_iter().filter(|l| (l.offset as usize) < words * 4).collect();
            self.generate_body(wrap, &["id", "value"], |c, p| {
                let w = c.pack_words(p[1], &concrete, &leaves, words, span);
                let id = c.add_expr(ExprKind::Local(p[0]), Type::UINT, span);
                vec![Stmt::Return(Some(make(c, id, w)))]
            });
            self.generate_body(unwrap, &["value"], |c, p| {
                let word = |c: &mut Checker, k: u32| {
                    if k as usize >= words {
                        return uint(c, 0);
                    }
                    let v = c.add_expr(ExprKind::Local(p[0]), Type::Struct(ty), span);
                    let pl = c.add_expr(ExprKind::Field { base: v, index: 2 }, Type::Struct(payload), span);
                    c.add_expr(ExprKind::Field { base: pl, index: k }, Type::UINT, span)
                };
                let value = c.unpack_words(&concrete, &leaves, word, span);
                vec![Stmt::Return(Some(value))]
            });
        }
    }

    /// The bodies of existential `x`'s `as` casts and upcasts.
    fn cast_bodies(&mut self, x: usize) {
        let (ty, span) = (self.existentials[x].ty, self.existentials[x].span);
        let uint = |c: &mut Checker, v: u64| c.add_expr(ExprKind::Const(ConstValue::Uint(v)), Type::UINT, span);
        let casts = self.existentials[x].casts.clone();
        let iface = self.existentials[x].interface.clone();
        for (target, f) in casts {
            let id = self.type_id(&iface, &target).unwrap_or(0);
            let opt = self.sigs[f.index()].ret.clone();
            self.generate_body(f, &["value"], |c, p| {
                let v = c.add_expr(ExprKind::Local(p[0]), Type::Struct(ty), span);
                let value = c.unwrap(x, v, &target, span);
                let v = c.add_expr(ExprKind::Local(p[0]), Type::Struct(ty), span);
                let tag = c.existential_tag(x, v, span);
                let id = uint(c, id as u64);
                let has = c.add_expr(ExprKind::Binary(BinaryOp::Eq, tag, id), Type::BOOL, span);
                vec![Stmt::Return(Some(c.add_expr(ExprKind::Construct(vec![value, has]), opt.clone(), span)))]
            });
        }
        let upcasts = self.existentials[x].upcasts.clone();
        for (target, f) in upcasts {
            let types = self.conforming_types(&iface);
            let target_iface = self.existentials[target].interface.clone();
            let to = Type::Struct(self.existentials[target].ty);
            self.generate_body(f, &["value"], |c, p| {
                let mut cases = Vec::new();
                for (t, id) in &types {
                    if natural_size(&c.module, t).is_none() {
                        continue;
                    }
                    let v = c.add_expr(ExprKind::Local(p[0]), Type::Struct(ty), span);
                    let value = c.unwrap(x, v, t, span);
                    let new_id = c.type_id(&target_iface, t).unwrap_or(0);
                    let new_id = uint(c, new_id as u64);
                    let wrapped = c.wrap(target, value, new_id, span);
                    cases.push(SwitchCase {
                        values: vec![*id as i64],
                        is_default: false,
                        body: Block { stmts: vec![Stmt::Return(Some(wrapped))] },
                    });
                }
                let v = c.add_expr(ExprKind::Local(p[0]), Type::Struct(ty), span);
                let selector = c.existential_tag(x, v, span);
                let zero = c.existential_zero(target, span);
                let mut stmts = Vec::new();
                if !cases.is_empty() {
                    stmts.push(Stmt::Switch { selector, cases });
                }
                let _ = &to;
                stmts.push(Stmt::Return(Some(zero)));
                stmts
            });
        }
    }

    /// The payload words of the value of local `value` (of type `ty`, its leaves `leaves`): an
    /// expression for each of `words` words.
    fn pack_words(
        &mut self,
        value: LocalId,
        ty: &Type,
        leaves: &[AnyValueLeaf],
        words: usize,
        span: Span,
    ) -> Vec<ExprId> {
        let mut pieces: Vec<Option<ExprId>> = vec![None; words];
        for leaf in leaves.iter().filter(|l| (l.offset as usize) < words * 4) {
            let k = leaf.offset as usize / 4;
            let mut put = |c: &mut Checker, k: usize, bits: ExprId| {
                pieces[k] = Some(match pieces[k] {
                    Some(prev) => c.add_expr(ExprKind::Binary(BinaryOp::BitOr, prev, bits), Type::UINT, span),
                    None => bits,
                });
            };
            let part = |c: &mut Checker| {
                let v = c.add_expr(ExprKind::Local(value), ty.clone(), span);
                let p = c.leaf_value(v, ty, &leaf.path, span);
                // A pointer packs as its address.
                if c.ty(p).is_pointer() {
                    c.convert_node(p, Type::Scalar(leaf.scalar))
                } else {
                    p
                }
            };
            if leaf.scalar.bits() == 64 {
                // Two words, low then high (Slang's order).
                let p = part(self);
                let low = self.wide_word(p, leaf.scalar, false, span);
                put(self, k, low);
                if k + 1 < words {
                    let p = part(self);
                    let high = self.wide_word(p, leaf.scalar, true, span);
                    put(self, k + 1, high);
                }
                continue;
            }
            let p = part(self);
            let bits = self.leaf_bits(p, leaf, span);
            put(self, k, bits);
        }
        pieces
            .into_iter()
            .map(|p| p.unwrap_or_else(|| self.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::UINT, span)))
            .collect()
    }

    /// A value of `ty` (its leaves `leaves`) read from payload words, `word(k)` the `k`th.
    fn unpack_words(
        &mut self,
        ty: &Type,
        leaves: &[AnyValueLeaf],
        word: impl Fn(&mut Checker, u32) -> ExprId,
        span: Span,
    ) -> ExprId {
        let mut values = Vec::new();
        for leaf in leaves {
            let k = leaf.offset / 4;
            let value = if leaf.scalar.bits() == 64 {
                let (low, high) = (word(self, k), word(self, k + 1));
                self.wide_from_words(low, high, leaf.scalar, span)
            } else {
                let w = word(self, k);
                self.payload_leaf_from_bits(w, leaf, span)
            };
            values.push((leaf.path.clone(), value));
        }
        self.assemble(ty, &mut Vec::new(), &values, span)
    }

    /// The part of `value` (of type `ty`) that `path` reaches.
    fn leaf_value(&mut self, value: ExprId, ty: &Type, path: &[Step], span: Span) -> ExprId {
        let mut e = value;
        let mut t = ty.clone();
        for step in path {
            let (kind, next) = match (step, &t) {
                (Step::Field(i), Type::Struct(h)) => {
                    (ExprKind::Field { base: e, index: *i }, self.module.structs[*h].fields[*i as usize].ty.clone())
                }
                (Step::Element(i), Type::Array(el, _)) => {
                    let index = self.add_expr(ExprKind::Const(ConstValue::Uint(*i as u64)), Type::UINT, span);
                    (ExprKind::Index { base: e, index }, (**el).clone())
                }
                (Step::Component(i), Type::Vector(s, _)) => {
                    (ExprKind::Swizzle { base: e, components: vec![*i] }, Type::Scalar(*s))
                }
                (Step::Entry(r, c), Type::Matrix(s, _, cols)) => {
                    let row = self.add_expr(ExprKind::Const(ConstValue::Uint(*r as u64)), Type::UINT, span);
                    let row = self.add_expr(ExprKind::Index { base: e, index: row }, Type::Vector(*s, *cols), span);
                    (ExprKind::Swizzle { base: row, components: vec![*c] }, Type::Scalar(*s))
                }
                _ => return self.error_expr(span),
            };
            e = self.add_expr(kind, next.clone(), span);
            t = next;
        }
        e
    }

    /// The bits of scalar `part` (a leaf of a packed value), shifted into place in its word.
    fn leaf_bits(&mut self, part: ExprId, leaf: &AnyValueLeaf, span: Span) -> ExprId {
        let uint = |c: &mut Checker, v: u64| c.add_expr(ExprKind::Const(ConstValue::Uint(v)), Type::UINT, span);
        let bits = match leaf.scalar {
            Scalar::F32 => self.call_intrinsic("asuint", vec![part], span, span),
            Scalar::F16 => {
                let f = self.add_expr(ExprKind::Convert(part), Type::FLOAT, span);
                self.call_intrinsic("f32tof16", vec![f], span, span)
            }
            Scalar::I32 | Scalar::U32 | Scalar::Bool => self.add_expr(ExprKind::Convert(part), Type::UINT, span),
            Scalar::I16 | Scalar::U16 | Scalar::I8 | Scalar::U8 => {
                let u = self.add_expr(ExprKind::Convert(part), Type::UINT, span);
                let mask = uint(self, if leaf.scalar.bits() == 16 { 0xFFFF } else { 0xFF });
                self.add_expr(ExprKind::Binary(BinaryOp::BitAnd, u, mask), Type::UINT, span)
            }
            s @ (Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2) => {
                // Its bits (`lower::substandard_floats`), as the integer of its width's.
                let bits = self.add_expr(ExprKind::Convert(part), Type::Scalar(s.storage()), span);
                let u = self.add_expr(ExprKind::Convert(bits), Type::UINT, span);
                let mask = uint(self, if s.bits() == 16 { 0xFFFF } else { 0xFF });
                self.add_expr(ExprKind::Binary(BinaryOp::BitAnd, u, mask), Type::UINT, span)
            }
            Scalar::I64 | Scalar::U64 | Scalar::F64 => {
                // Two words: this leaf is the low one; `leaf_bits_high` gives the other.
                return self.wide_word(part, leaf.scalar, false, span);
            }
        };
        let shift = (leaf.offset % 4) * 8;
        if shift == 0 {
            return bits;
        }
        let s = uint(self, shift as u64);
        self.add_expr(ExprKind::Binary(BinaryOp::Shl, bits, s), Type::UINT, span)
    }

    /// One word of a 64-bit scalar: the low one, or the high one.
    fn wide_word(&mut self, part: ExprId, s: Scalar, high: bool, span: Span) -> ExprId {
        let bits = match s {
            Scalar::F64 => {
                let both = self.call_intrinsic("__double_bits", vec![part], span, span);
                return self.add_expr(ExprKind::Swizzle { base: both, components: vec![high as u8] }, Type::UINT, span);
            }
            _ => self.add_expr(ExprKind::Convert(part), Type::Scalar(Scalar::U64), span),
        };
        let bits = if high {
            let s = self.add_expr(ExprKind::Const(ConstValue::Uint(32)), Type::UINT, span);
            self.add_expr(ExprKind::Binary(BinaryOp::Shr, bits, s), Type::Scalar(Scalar::U64), span)
        } else {
            bits
        };
        self.add_expr(ExprKind::Convert(bits), Type::UINT, span)
    }

    /// A leaf's value read back from its payload word.
    fn payload_leaf_from_bits(&mut self, word: ExprId, leaf: &AnyValueLeaf, span: Span) -> ExprId {
        let uint = |c: &mut Checker, v: u64| c.add_expr(ExprKind::Const(ConstValue::Uint(v)), Type::UINT, span);
        let shift = (leaf.offset % 4) * 8;
        let shifted = if shift == 0 {
            word
        } else {
            let s = uint(self, shift as u64);
            self.add_expr(ExprKind::Binary(BinaryOp::Shr, word, s), Type::UINT, span)
        };
        let ty = Type::Scalar(leaf.scalar);
        match leaf.scalar {
            Scalar::F32 => self.call_intrinsic("asfloat", vec![shifted], span, span),
            Scalar::U32 => shifted,
            Scalar::I32 => self.add_expr(ExprKind::Convert(shifted), ty, span),
            Scalar::Bool => {
                let zero = uint(self, 0);
                self.add_expr(ExprKind::Binary(BinaryOp::Ne, shifted, zero), Type::BOOL, span)
            }
            Scalar::F16 => {
                let mask = uint(self, 0xFFFF);
                let low = self.add_expr(ExprKind::Binary(BinaryOp::BitAnd, shifted, mask), Type::UINT, span);
                let f = self.call_intrinsic("f16tof32", vec![low], span, span);
                self.add_expr(ExprKind::Convert(f), ty, span)
            }
            Scalar::I16 | Scalar::U16 | Scalar::I8 | Scalar::U8 => {
                // The narrow unsigned value first: a signed one then takes its sign from it.
                let unsigned = if leaf.scalar.bits() == 16 { Scalar::U16 } else { Scalar::U8 };
                let u = self.add_expr(ExprKind::Convert(shifted), Type::Scalar(unsigned), span);
                if unsigned == leaf.scalar {
                    u
                } else {
                    self.add_expr(ExprKind::Convert(u), ty, span)
                }
            }
            s @ (Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2) => {
                let bits = self.add_expr(ExprKind::Convert(shifted), Type::Scalar(s.storage()), span);
                self.add_expr(ExprKind::Convert(bits), ty, span)
            }
            Scalar::I64 | Scalar::U64 | Scalar::F64 => self.error_expr(span),
        }
    }

    /// A 64-bit scalar from its two words.
    fn wide_from_words(&mut self, low: ExprId, high: ExprId, s: Scalar, span: Span) -> ExprId {
        if s == Scalar::F64 {
            let bits = self.add_expr(ExprKind::Construct(vec![low, high]), Type::Vector(Scalar::U32, 2), span);
            return self.call_intrinsic("__double_from_bits", vec![bits], span, span);
        }
        let u64 = Type::Scalar(Scalar::U64);
        let low = self.add_expr(ExprKind::Convert(low), u64.clone(), span);
        let high = self.add_expr(ExprKind::Convert(high), u64.clone(), span);
        let shift = self.add_expr(ExprKind::Const(ConstValue::Uint(32)), Type::UINT, span);
        let high = self.add_expr(ExprKind::Binary(BinaryOp::Shl, high, shift), u64.clone(), span);
        let bits = self.add_expr(ExprKind::Binary(BinaryOp::BitOr, low, high), u64.clone(), span);
        if s == Scalar::U64 {
            bits
        } else {
            self.add_expr(ExprKind::Convert(bits), Type::Scalar(s), span)
        }
    }

    /// A value of `ty` built from its leaves' values (each with its path).
    fn assemble(&mut self, ty: &Type, path: &mut Vec<Step>, values: &[(Vec<Step>, ExprId)], span: Span) -> ExprId {
        let leaf = |path: &[Step]| values.iter().find(|(p, _)| p.as_slice() == path).map(|(_, v)| *v);
        let parts: Vec<ExprId> = match ty {
            Type::Scalar(_) => return leaf(path).unwrap_or_else(|| self.zero_value(ty, span)),
            // Its address, a `uint64_t` in the payload.
            Type::Pointer(_) => {
                return match leaf(path) {
                    Some(v) => self.convert_node(v, ty.clone()),
                    None => self.zero_value(ty, span),
                }
            }
            Type::Vector(s, n) => (0..*n)
                .map(|i| {
                    path.push(Step::Component(i));
                    let v = leaf(path).unwrap_or_else(|| self.zero_value(&Type::Scalar(*s), span));
                    path.pop();
                    v
                })
                .collect(),
            Type::Matrix(s, r, c) => {
                let mut parts = Vec::new();
                for row in 0..*r {
                    for col in 0..*c {
                        path.push(Step::Entry(row, col));
                        parts.push(leaf(path).unwrap_or_else(|| self.zero_value(&Type::Scalar(*s), span)));
                        path.pop();
                    }
                }
                parts
            }
            Type::Array(e, Some(n)) => (0..*n)
                .map(|i| {
                    path.push(Step::Element(i));
                    let v = self.assemble(e, path, values, span);
                    path.pop();
                    v
                })
                .collect(),
            Type::Struct(h) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                fields
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        path.push(Step::Field(i as u32));
                        let v = self.assemble(t, path, values, span);
                        path.pop();
                        v
                    })
                    .collect()
            }
            _ => return self.error_expr(span),
        };
        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
    }
}

/// What the names of an interface's requirements meant before they were bound for one
/// existential.
struct InterfaceNames {
    types: Vec<(String, Option<Type>)>,
    generics: Option<super::generic::OuterNames>,
}

/// A type written as text (`Impl<float, 4>`), as a type expression.
fn type_expr(text: &str, span: Span) -> Option<ast::TypeExpr> {
    fn parse(s: &mut std::iter::Peekable<std::str::Chars>, span: Span) -> Option<ast::GenericArg> {
        while s.peek().is_some_and(|c| c.is_whitespace()) {
            s.next();
        }
        let mut word = String::new();
        while let Some(&c) = s.peek() {
            if c.is_alphanumeric() || c == '_' || c == ':' {
                word.push(c);
                s.next();
            } else {
                break;
            }
        }
        if word.is_empty() {
            return None;
        }
        if let Ok(v) = word.parse::<u64>() {
            let lit = ast::IntLit { value: v, unsigned: false, long: false, radix: 10 };
            return Some(ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::IntLit(lit), span }));
        }
        let mut args = Vec::new();
        while s.peek().is_some_and(|c| c.is_whitespace()) {
            s.next();
        }
        if s.peek() == Some(&'<') {
            s.next();
            loop {
                args.push(parse(s, span)?);
                while s.peek().is_some_and(|c| c.is_whitespace()) {
                    s.next();
                }
                match s.next()? {
                    ',' => continue,
                    '>' => break,
                    _ => return None,
                }
            }
        }
        Some(ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Named { name: word, args }, span }))
    }
    match parse(&mut text.chars().peekable(), span)? {
        ast::GenericArg::Type(t) => Some(t),
        ast::GenericArg::Expr(_) => None,
    }
}

/// The key of the interface standing for associated type `assoc` of `iface`'s values.
fn associated_key(iface: &str, assoc: &str) -> String {
    format!("{iface}.{assoc}")
}

/// Where a depth-first walk over the existentials stands with one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    No,
    Open,
    Done,
}

/// A name as a word of an output identifier: `IFoo<float>` is `IFoo_float`.
pub(super) fn ir_word(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_string()
}

/// A type or interface name as the compilation names it and as the module does (`Impl<float>`
/// and `Impl_float` are one name).
fn normalize(name: &str) -> String {
    ir_word(name)
}
