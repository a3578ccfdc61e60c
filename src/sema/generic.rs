//! User generic functions: Slang's `__generic<T : IFoo, let N : int>` and `T f<T : IFoo>(…)`,
//! and HLSL 2021's `template<typename T, int N>`.
//!
//! Generics are specialised at compile time, as Slang and DXC do: a generic function's body is
//! checked once per distinct set of generic arguments, when a call first needs it, with each
//! type parameter bound to a type and each value parameter to a constant. The arguments come
//! from the call's explicit `f<float, 4>(…)` list, then from the argument types (`T` from a `T`
//! parameter, `T` and `N` from a `vector<T, N>` one). Each instance is an ordinary IR function
//! named after its arguments (`sum_float_4`); a backend never sees a generic.
//!
//! Constraints are checked at the call: a stdlib type class (`numeric_svm`) or one of Slang's
//! built-in interfaces (`__BuiltinArithmeticType`, `IFloat`, …, [`builtin_interface`]).

use super::{data_layout, Checker, FnSig};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::layout::Rule;
use crate::span::Span;
use crate::syntax::ast;
use std::rc::Rc;

/// A generic function as declared, with the instances made so far.
pub(super) struct GenericFn {
    pub decl: Rc<ast::FunctionDecl>,
    /// A generic method's struct (its first parameter is `this`).
    pub this: Option<StructId>,
    /// The generic parameters around it, bound where it was declared (a generic struct
    /// instance's, or a generic interface's for a default method): bound again in each instance.
    pub outer: Option<(Vec<ast::GenericParam>, Vec<Bound>)>,
    /// A generic constructor's struct (`__init<T>(…)`: its body builds `this`).
    pub init: Option<StructId>,
    pub instances: Vec<(Vec<Bound>, FunctionId)>,
}

/// What a generic parameter is bound to.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Bound {
    Type(Type),
    Value(i64),
    /// A type pack's elements (`each T`).
    Pack(Vec<Type>),
}

/// Instances made while checking instances: deeper than this is a generic that instantiates
/// itself with ever new arguments.
const MAX_DEPTH: u32 = 32;

/// A Slang built-in interface: which scalar types conform, and whether vectors and matrices of
/// them conform too.
pub(super) struct BuiltinInterface {
    pub element: fn(Scalar) -> bool,
    pub shapes: bool,
}

/// Slang's built-in interfaces (`IArithmetic` & co. are implemented by vectors and matrices;
/// the `__Builtin…Type` interfaces by scalars only).
pub(super) fn builtin_interface(name: &str) -> Option<BuiltinInterface> {
    let (element, shapes): (fn(Scalar) -> bool, bool) = match name {
        "__BuiltinType" => (|_| true, false),
        "__BuiltinArithmeticType" => (|s| s != Scalar::Bool && !s.is_substandard(), false),
        // What cooperative matrices and vectors hold: numbers, the substandard floats too.
        "ICoopElement" => (|s| s != Scalar::Bool, false),
        "IFloatingPointCoopElement" => (|s| s.is_float() || s.is_substandard(), false),
        "__BuiltinSignedArithmeticType" => (|s| s.is_float() || s.is_signed_int(), false),
        "__BuiltinIntegerType" => (Scalar::is_int, false),
        "__BuiltinLogicalType" => (|s| s == Scalar::Bool || s.is_int(), false),
        "__BuiltinFloatingPointType" | "__BuiltinRealType" => (Scalar::is_float, false),
        "IArithmetic" => (|s| s != Scalar::Bool && !s.is_substandard(), true),
        "ILogical" => (|s| s == Scalar::Bool || s.is_int(), true),
        "IInteger" => (Scalar::is_int, true),
        "IFloat" => (Scalar::is_float, true),
        "IComparable" => (|s| !s.is_substandard(), true),
        // What a texture holds: a number or a vector of numbers (not a matrix: see `conforms`).
        "ITexelElement" => (|s| s != Scalar::Bool && !s.is_substandard(), true),
        "IDifferentiable" => (Scalar::is_float, true),
        // What `Atomic<T>` holds: 32- and 64-bit integers and floats (all of them arithmetic,
        // the integers also bitwise).
        "IAtomicable" | "IArithmeticAtomicable" => {
            (|s| matches!(s, Scalar::I32 | Scalar::U32 | Scalar::I64 | Scalar::U64) || s.is_float(), false)
        }
        "IBitAtomicable" => (|s| matches!(s, Scalar::I32 | Scalar::U32 | Scalar::I64 | Scalar::U64), false),
        _ => return None,
    };
    Some(BuiltinInterface { element, shapes })
}

/// The element of `ty` as Slang's core `IArray<T>` (`rw`: `IRWArray<T>`) sees it: an array's
/// element, a vector's scalar, a matrix's row, a structured buffer's element (only a `RW` one
/// is an `IRWArray`). `None` for a type that conforms to neither.
pub(super) fn array_element(ty: &Type, rw: bool) -> Option<Type> {
    use crate::ir::ResourceKind as K;
    match ty {
        Type::Array(e, Some(_)) => Some((**e).clone()),
        Type::Vector(s, _) => Some(Type::Scalar(*s)),
        Type::Matrix(s, _, c) => Some(Type::Vector(*s, *c)),
        Type::Resource(K::RWStructuredBuffer, Some(e)) => Some((**e).clone()),
        Type::Resource(K::StructuredBuffer, Some(e)) if !rw => Some((**e).clone()),
        _ => None,
    }
}

/// The [`Names`] that [`unify`] reads types through, made of checker `$c`'s lookups (closures
/// borrowing it, so a macro: a function could not hand them back).
macro_rules! names {
    ($c:expr) => {
        Names {
            name_of: &|t| $c.module.type_name(t),
            optional_of: &|t| $c.optional_of(t),
            interface_args: &|t, name| $c.generic_interface_args(t, name),
            tuple_of: &|t| $c.tuple_elems(t),
            struct_args: &|t, name| $c.generic_struct_args(t, name),
        }
    };
}

/// Whether constraint name `name` is Slang's `IArray` (`Some(false)`) or `IRWArray`
/// (`Some(true)`).
pub(super) fn array_interface(name: &str) -> Option<bool> {
    match name {
        "IArray" => Some(false),
        "IRWArray" => Some(true),
        _ => None,
    }
}

/// Whether Slang's interface `name` builds a value of a conforming type from an `int` only
/// (`__init(int)`): every built-in interface but the integer ones, which convert integers
/// directly. Slang's `T(x)` with `x` a `uint` then goes through `int`: sign-extending into a
/// 64-bit `T`, negative into a float `T`.
fn builds_through_int(name: &str) -> bool {
    builtin_interface(name).is_some()
        && !matches!(name, "__BuiltinIntegerType" | "IInteger" | "__BuiltinType" | "IComparable")
}

/// Whether `ty` meets constraint `name` (a built-in interface or a stdlib type class).
fn conforms(name: &str, ty: &Type) -> Option<bool> {
    if let Some(i) = builtin_interface(name) {
        return Some(match ty {
            Type::Scalar(s) => (i.element)(*s),
            Type::Matrix(..) if name == "ITexelElement" => false,
            Type::Vector(s, _) | Type::Matrix(s, _, _) => i.shapes && (i.element)(*s),
            _ => false,
        });
    }
    crate::stdlib::TypeClass::parse(name).map(|c| c.accepts(ty))
}

impl Checker {
    /// A function with a parameter of Slang's core `IArray<E>` or `IRWArray<E>` type, made
    /// generic over it: `float sum(IArray<float> a)` is `float sum<A : IArray<float>>(A a)`,
    /// specialised per argument type as every generic is. `None` when it has no such parameter.
    /// So is a function with a parameter of function type (`functype (A) -> B`, Slang's), over
    /// an `F : IFunc<B, A>` (see [`super::function_value`]), and one with an unsized array
    /// parameter (`int a[]`), over its length.
    pub(super) fn with_array_params(&self, f: &ast::FunctionDecl) -> Option<ast::FunctionDecl> {
        let is_array = |t: &ast::TypeExpr| self.core_array_interface(t).is_some();
        let is_fn = |t: &ast::TypeExpr| self.function_type_of(t).is_some();
        // Slang's unsized array parameter (`int sum(int a[])`): generic over its length.
        // Not of resources, nor of structs holding them: those are bindless arrays, of no
        // length, which an instance per array passed takes (`Checker::is_resource_struct_array`).
        let holds_resources = |name: &str| {
            ResourceKind::from_name(name).is_some()
                || crate::stdlib::COMBINED_SAMPLERS.contains(&name)
                || self.types.get(name).is_some_and(|t| matches!(t, Type::Struct(_)) && self.module.holds_resources(t))
        };
        let unsized_array =
            |p: &ast::Param| p.array_dims.first().is_some_and(Option::is_none) && !holds_resources(p.ty.name());
        if !f.params.iter().any(|p| is_array(&p.ty) || is_fn(&p.ty) || unsized_array(p)) {
            return None;
        }
        let mut g = f.clone();
        for (i, p) in g.params.iter_mut().enumerate() {
            if !unsized_array(p) {
                continue;
            }
            let span = p.span;
            let name = ast::Ident { name: format!("__{}_length{i}", p.name.name), span };
            p.array_dims[0] = Some(ast::Expr { kind: ast::ExprKind::Ident(name.name.clone()), span });
            let int = ast::TypeExpr { kind: ast::TypeExprKind::Named { name: "int".into(), args: Vec::new() }, span };
            g.generics.push(ast::GenericParam {
                name,
                constraint: None,
                value: Some(int),
                default: None,
                pack: false,
                also: Vec::new(),
            });
        }
        for (i, p) in g.params.iter_mut().enumerate() {
            let function = self.function_constraint(&p.ty);
            if !is_array(&p.ty) && function.is_none() {
                continue;
            }
            let span = p.ty.span;
            let kind = if function.is_some() { "fn" } else { "array" };
            let name = ast::Ident { name: format!("__{}_{kind}{i}", p.name.name), span };
            let own =
                ast::TypeExpr { kind: ast::TypeExprKind::Named { name: name.name.clone(), args: Vec::new() }, span };
            let written = std::mem::replace(&mut p.ty, own);
            let constraint = function.unwrap_or(written);
            g.generics.push(ast::GenericParam {
                name,
                constraint: Some(constraint),
                value: None,
                default: None,
                pack: false,
                also: Vec::new(),
            });
        }
        Some(g)
    }

    /// A free function with a parameter of interface type (`void shade(IRaytracer tracer)`),
    /// made generic over it, as Slang specializes such a function for the concrete type each
    /// call passes: `shade(RayQueryTracer())` calls an instance for that type, with no dynamic
    /// dispatch over every conforming type (whose methods may be another stage's); a value of
    /// the interface type instantiates it with the interface itself, dispatched at run time.
    /// Only `in` parameters (an `out` one may be given another type than the caller's), and not
    /// an entry point's nor a differentiable function's. `None` when it has none.
    pub(super) fn with_interface_params(&self, f: &ast::FunctionDecl) -> Option<ast::FunctionDecl> {
        let entry = super::marks_entry(&f.attrs);
        let differentiable =
            f.attrs.iter().any(|a| a.name.name.contains("Differentiable") || a.name.name.contains("Derivative"));
        if f.body.is_none() || entry || differentiable {
            return None;
        }
        let by_interface = |p: &ast::Param| {
            let plain = !p.modifiers.has(ast::Modifier::Out)
                && !p.modifiers.has(ast::Modifier::Inout)
                && !p.modifiers.has(ast::Modifier::Uniform)
                && p.array_dims.is_empty();
            plain
                && matches!(&p.ty.kind, ast::TypeExprKind::Named { name, args } if args.is_empty()
                    && self.interfaces.contains_key(name)
                    && !f.generics.iter().any(|g| g.name.name == *name))
        };
        if !f.params.iter().any(by_interface) {
            return None;
        }
        let mut g = f.clone();
        for (i, p) in g.params.iter_mut().enumerate() {
            if !by_interface(p) {
                continue;
            }
            let span = p.ty.span;
            let name = ast::Ident { name: format!("__{}_of{i}", p.name.name), span };
            let own =
                ast::TypeExpr { kind: ast::TypeExprKind::Named { name: name.name.clone(), args: Vec::new() }, span };
            let interface = std::mem::replace(&mut p.ty, own);
            g.generics.push(ast::GenericParam {
                name,
                constraint: Some(interface),
                value: None,
                default: None,
                pack: false,
                also: Vec::new(),
            });
        }
        Some(g)
    }

    /// Records a generic function; its body is checked per instance.
    /// `owner` is the struct whose member it is (a static method or constructor too, not only
    /// a method taking an object), whose `This` and generic parameters its instances see.
    pub(super) fn generic_function(&mut self, f: &ast::FunctionDecl, this: Option<StructId>, owner: Option<StructId>) {
        let expanded = Self::with_error_params(f);
        let f = expanded.as_ref().unwrap_or(f);
        let arrays = self.with_array_params(f);
        let f = arrays.as_ref().unwrap_or(f);
        if f.body.is_none() {
            self.error("E0416", f.name.span, "a generic function needs a body");
            return;
        }
        for g in &f.generics {
            if let Some(c) = &g.constraint {
                if !self.known_constraint(c) {
                    self.error("E0416", c.span, format!("unknown constraint `{}`", c.name()));
                }
            }
            if let Some(t) = &g.value {
                let ty = self.resolve_type(t);
                if !matches!(ty, Type::Scalar(s) if s.is_int() || s == Scalar::Bool) && !ty.is_error() {
                    self.error("E0416", t.span, "a generic value parameter must be an integer, an enum or a `bool`");
                }
            }
        }
        for w in &f.wheres {
            if let ast::WhereConstraint::Conforms { interface: c, .. } = w {
                if conforms(c.name(), &Type::INT).is_none() && !self.is_known_interface(c.name()) {
                    self.error("E0416", c.span, format!("unknown constraint `{}`", c.name()));
                }
            }
        }
        let index = self.generics.len();
        let outer = self.outer_generics.clone().or_else(|| owner.and_then(|h| self.instance_generics.get(&h).cloned()));
        // Slang's `This` names the struct in each instance, checked long after the struct's
        // own members are.
        let outer = match owner {
            Some(h) => {
                let (mut params, mut bound) = outer.unwrap_or_default();
                let name = ast::Ident { name: "This".into(), span: f.name.span };
                params.push(ast::GenericParam {
                    name,
                    constraint: None,
                    value: None,
                    default: None,
                    pack: false,
                    also: Vec::new(),
                });
                bound.push(Bound::Type(Type::Struct(h)));
                Some((params, bound))
            }
            None => outer,
        };
        let init = self.pending_init.take();
        self.generics.push(GenericFn { decl: Rc::new(f.clone()), this, outer, init, instances: Vec::new() });
        self.generic_fns.entry(f.name.name.clone()).or_default().push(index);
        self.used_global_names.insert(f.name.name.clone());
        self.generic_derivative_of(index, f);
    }

    /// A call of generic function `name`: a non-generic overload that takes the arguments as
    /// they are, else of the declarations whose generic arguments can be found and meet their
    /// constraints the most specialised (the first of equals), instantiated and called.
    pub(super) fn call_generic(
        &mut self,
        name: &str,
        explicit: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
        name_span: Span,
    ) -> ExprId {
        let mut candidates = self.generic_fns.get(name).cloned().unwrap_or_default();
        // `using namespace A;` adds `A`'s overloads to those of the file scope.
        if !name.contains("::") {
            for u in self.using.clone() {
                candidates.extend(self.generic_fns.get(&format!("{u}::{name}")).into_iter().flatten().copied());
            }
        }
        let arg_types: Vec<Type> = args.iter().map(|a| self.ty(*a)).collect();
        let arg_layouts: Vec<Option<Type>> = args.iter().map(|a| self.buffer_layout_of_arg(*a)).collect();
        let plain = self.functions.get(name).cloned().unwrap_or_default();
        let exact = plain.iter().any(|id| {
            let sig = &self.sigs[id.index()];
            sig.params.len() == arg_types.len() && sig.params.iter().zip(&arg_types).all(|((p, _), a)| p == a)
        });
        if explicit.is_empty() && exact {
            return self.call_user(name, &plain, args, span, name_span);
        }
        let mut reasons = Vec::new();
        let mut best: Option<(usize, usize, Vec<Bound>)> = None;
        for g in candidates {
            let decl = self.generics[g].decl.clone();
            // Parameters past the arguments must have defaults (`T tolerance = T(0.01)`).
            let required = decl.params.iter().filter(|p| p.default.is_none()).count();
            // A variadic generic's arity is the deduction's to check: its pack parameter takes
            // any number of arguments.
            let variadic = decl.generics.iter().any(|g| g.pack);
            if !variadic
                && (args.len() > decl.params.len()
                    || args.len() < required
                    || decl.params[args.len()..].iter().any(|p| p.default.is_none()))
            {
                reasons.push(format!("`{}` takes {} arguments", signature(&decl), decl.params.len()));
                continue;
            }
            let outer = self.generics[g].outer.clone();
            let deduced = self
                .deduce(&decl, explicit, &arg_types, &arg_layouts, outer.as_ref())
                .and_then(|bound| self.takes_arguments(g, &bound, &arg_types).map(|_| bound));
            match deduced {
                Ok(bound) => {
                    let rank = self.specialisation(&decl);
                    if best.as_ref().is_none_or(|(r, _, _)| rank > *r) {
                        best = Some((rank, g, bound));
                    }
                }
                Err(why) => reasons.push(format!("`{}`: {why}", signature(&decl))),
            }
        }
        if let Some((_, g, bound)) = best {
            let decl = self.generics[g].decl.clone();
            let Some(id) = self.instance(g, bound.clone(), span) else {
                return self.error_expr(span);
            };
            // The defaults of the parameters left out, read with the generic parameters bound
            // (`T(0.01)` is the instance's `T`); a variadic generic's pack takes what is given.
            let variadic = decl.generics.iter().any(|g| g.pack);
            let mut args = args;
            if !variadic && args.len() < decl.params.len() {
                let outer = self.bind_generics(&decl.generics, &bound);
                for p in &decl.params[args.len()..] {
                    if let Some(d) = &p.default {
                        args.push(self.expr(d));
                    }
                }
                self.unbind_generics(outer);
            }
            return self.call_user(name, &[id], args, span, name_span);
        }
        // A non-generic overload of the same name may take these arguments.
        if let Some(ids) = self.functions.get(name).cloned() {
            return self.call_user(name, &ids, args, span, name_span);
        }
        // So may an intrinsic that a generic overloads (`exp` of a `CoopVec` beside `exp`).
        if !self.stdlib.overloads(name).is_empty() {
            return self.call_intrinsic(name, args, span, name_span);
        }
        // A function's name given for a function type no overload (or several) fits: said as
        // such, at the argument.
        if let Some(why) =
            reasons.iter().find_map(|r| r.split_once("`: ").map(|(_, w)| w).filter(|w| w.contains(FN_VALUE)))
        {
            let at = args.iter().find(|&&a| self.fn_value_of(&self.ty(a)).is_some()).map(|&a| self.span_of(a));
            let d = Diagnostic::error("E0493", why.replace(FN_VALUE, ""))
                .with_label(at.unwrap_or(name_span), "given here")
                .with_label(name_span, format!("for `{}`", super::methods::shown_function(name)));
            self.push(d);
            return self.error_expr(span);
        }
        let shown: Vec<String> = arg_types.iter().map(|t| self.type_name(t)).collect();
        let mut d = Diagnostic::error(
            "E0416",
            format!("cannot call generic `{}` with ({})", super::methods::shown_function(name), shown.join(", ")),
        )
        .with_label(name_span, "no generic arguments fit this call");
        for r in reasons {
            d = d.with_note(r);
        }
        self.push(d);
        self.error_expr(span)
    }

    /// The instance of generic function `name` that arguments of these types call (the most
    /// specialised that takes them); `None` when none does.
    pub(super) fn generic_instance_for(&mut self, name: &str, arg_types: &[Type], span: Span) -> Option<FunctionId> {
        let candidates = self.generic_fns.get(name).cloned().unwrap_or_default();
        let layouts = vec![None; arg_types.len()];
        let mut best: Option<(usize, usize, Vec<Bound>)> = None;
        for g in candidates {
            let decl = self.generics[g].decl.clone();
            if decl.params.len() != arg_types.len() {
                continue;
            }
            let outer = self.generics[g].outer.clone();
            let deduced = self
                .deduce(&decl, &[], arg_types, &layouts, outer.as_ref())
                .and_then(|bound| self.takes_arguments(g, &bound, arg_types).map(|_| bound));
            if let Ok(bound) = deduced {
                let rank = self.specialisation(&decl);
                if best.as_ref().is_none_or(|(r, _, _)| rank > *r) {
                    best = Some((rank, g, bound));
                }
            }
        }
        let (_, g, bound) = best?;
        self.instance(g, bound, span)
    }

    /// The generic function and generic arguments function `id` is the instance of.
    pub(super) fn instance_of(&self, id: FunctionId) -> Option<(usize, Vec<Bound>)> {
        self.generics
            .iter()
            .enumerate()
            .find_map(|(g, generic)| generic.instances.iter().find(|(_, i)| *i == id).map(|(b, _)| (g, b.clone())))
    }

    /// The instances of generic function `name` whose generic parameters are all named as
    /// those of instance `of` and bound as there (`[BackwardDerivative(d)]` on `f<let M>` names
    /// `d<M>`).
    pub(super) fn instances_like(&mut self, name: &str, of: FunctionId, span: Span) -> Vec<FunctionId> {
        let Some((g, bound)) = self.instance_of(of) else { return Vec::new() };
        let names: Vec<String> = self.generics[g].decl.generics.iter().map(|p| p.name.name.clone()).collect();
        let mut instances = Vec::new();
        for d in self.generic_fns.get(name).cloned().unwrap_or_default() {
            let decl = self.generics[d].decl.clone();
            let like: Option<Vec<Bound>> = decl
                .generics
                .iter()
                .map(|p| names.iter().position(|n| *n == p.name.name).map(|i| bound[i].clone()))
                .collect();
            if let Some(like) = like {
                instances.extend(self.instance(d, like, span));
            }
        }
        instances
    }

    /// The instances of generic function `name` that the generic arguments written after its
    /// name make (`bwd_diff(apply<Foo>)`): one per declaration they fit.
    pub(super) fn explicit_instances(
        &mut self,
        name: &str,
        explicit: &[ast::GenericArg],
        span: Span,
    ) -> Vec<FunctionId> {
        let candidates = self.generic_fns.get(name).cloned().unwrap_or_default();
        let mut instances = Vec::new();
        for g in candidates {
            let decl = self.generics[g].decl.clone();
            let outer = self.generics[g].outer.clone();
            if let Ok(bound) = self.deduce(&decl, explicit, &[], &[], outer.as_ref()) {
                instances.extend(self.instance(g, bound, span));
            }
        }
        instances
    }

    /// Whether the instance of generic `g` for `bound` takes arguments of these types (the
    /// generic arguments written may make parameters the arguments do not convert to).
    fn takes_arguments(&mut self, g: usize, bound: &[Bound], args: &[Type]) -> Result<(), String> {
        let decl = self.generics[g].decl.clone();
        let around = self.generics[g].outer.clone().map(|(params, b)| self.bind_generics(&params, &b));
        let outer = self.bind_generics(&decl.generics, bound);
        let namespaces = std::mem::replace(&mut self.namespaces, namespace_of(&decl.name.name));
        let reported = self.diags.len();
        let mut result = Ok(());
        for (p, a) in decl.params.iter().zip(args) {
            let base = self.resolve_type(&p.ty);
            let ty = self.array_type(base, &p.array_dims, false);
            if !ty.is_error() && !a.is_error() && self.conversion_cost(a, &ty).is_none() {
                result = Err(format!("`{}` takes `{}`, not `{}`", p.name.name, self.type_name(&ty), self.type_name(a)));
                break;
            }
        }
        self.diags.truncate(reported);
        self.namespaces = namespaces;
        self.unbind_generics(outer);
        if let Some(a) = around {
            self.unbind_generics(a);
        }
        result
    }

    /// How specialised a generic is, for choosing among the overloads a call fits: each
    /// constraint counts the interfaces it names and refines (`T : IDerived` beats `T : IBase`,
    /// which beats an unconstrained `T`), each `where` requirement one more.
    fn specialisation(&self, decl: &ast::FunctionDecl) -> usize {
        let constraint = |c: &ast::TypeExpr| {
            let key = self.scoped(c.name(), |n| self.interfaces.contains_key(n));
            self.interface_and_bases(&key).len().max(1)
        };
        let constraints: usize = decl.generics.iter().filter_map(|g| g.constraint.as_ref()).map(constraint).sum();
        let wheres = decl.wheres.iter().filter(|w| !matches!(w, ast::WhereConstraint::Conforms { optional: true, .. }));
        constraints + wheres.count()
    }

    /// The generic arguments of a call: explicit ones first, then deduced from the argument
    /// types; every parameter bound, consistently, and every constraint met.
    pub(super) fn deduce(
        &mut self,
        decl: &ast::FunctionDecl,
        explicit: &[ast::GenericArg],
        args: &[Type],
        arg_layouts: &[Option<Type>],
        outer: Option<&(Vec<ast::GenericParam>, Vec<Bound>)>,
    ) -> Result<Vec<Bound>, String> {
        let flat = self.flatten_pack_args(explicit);
        let explicit = flat.as_deref().unwrap_or(explicit);
        let bound = self.explicit_bounds(&decl.generics, explicit)?;
        // A generic method of a generic struct reads the struct's parameters too (a default
        // `<U = T>`, a constraint `IFoo<T>`); the explicit arguments are the caller's.
        let around = outer.map(|(params, b)| self.bind_generics(params, b));
        // Constraints name what the generic's own namespace sees.
        let namespaces = std::mem::replace(&mut self.namespaces, namespace_of(&decl.name.name));
        let result = self.deduce_from(decl, bound, args, arg_layouts);
        self.namespaces = namespaces;
        if let Some(a) = around {
            self.unbind_generics(a);
        }
        result
    }

    /// [`Checker::deduce`] after the explicit arguments.
    fn deduce_from(
        &mut self,
        decl: &ast::FunctionDecl,
        bound: Vec<Option<Bound>>,
        args: &[Type],
        arg_layouts: &[Option<Type>],
    ) -> Result<Vec<Bound>, String> {
        // Each argument's parameter pattern; a pack parameter's pattern is repeated per
        // argument it takes, with a generic parameter per pack element (`T#0`, `T#1`…).
        let (generics, mut bound, pairs, elements) = variadic_pairs(decl, bound, args.len())?;
        let generics = &generics;
        let names = names!(self);
        // Written arguments are fixed; so is a type an `inout` argument gives (it cannot be
        // converted), read first. The other arguments may widen a type to their join (`int`
        // and `uint` make `uint`) and are converted at the call. An `out` argument comes last
        // and only where it agrees: its value is converted as it is copied out
        // (`InterlockedAdd(uintDest, -1, intOriginal)`, as DXC allows).
        let mut deduction = Deduction { fixed: bound.iter().map(Option::is_some).collect(), join: false };
        let phase_of =
            |p: &ast::Param| match (p.modifiers.has(ast::Modifier::Inout), p.modifiers.has(ast::Modifier::Out)) {
                (true, _) => 0,
                (false, false) => 1,
                (false, true) => 2,
            };
        for phase in 0..3 {
            deduction.join = phase > 0;
            for (pattern, p, at) in pairs.iter().map(|(t, p, a)| (t, &decl.params[*p], &args[*a])) {
                if phase_of(p) != phase {
                    continue;
                }
                if phase == 2 {
                    let mut tried = bound.clone();
                    let mut tried_deduction = Deduction { fixed: deduction.fixed.clone(), join: true };
                    if unify(pattern, at, generics, &mut tried, &mut tried_deduction, &names).is_ok() {
                        bound = tried;
                        deduction = tried_deduction;
                    }
                    continue;
                }
                // `T values[N]`: `N` is the array's length, `T` its element.
                let mut element = at;
                for dim in &p.array_dims {
                    let Type::Array(e, len) = element else { break };
                    if let (Some(n), Some(len)) = (dim, len) {
                        unify_value(n, *len as i64, generics, &mut bound)?;
                    }
                    element = e;
                }
                unify(pattern, element, generics, &mut bound, &mut deduction, &names)?;
            }
        }
        // A parameter named only in another's constraint (`<let y, T : IFoo<y>>`): from the
        // instance of the generic interface that parameter's type conforms to.
        for g in generics {
            let Some(c) = g.constraint.as_ref().filter(|c| !c.args().is_empty()) else { continue };
            let i = generics.iter().position(|p| p.name.name == g.name.name).expect("its own parameter");
            let Some(Bound::Type(t)) = bound[i].clone() else { continue };
            let names = names!(self);
            // A function's name given for a function type: the overload the type fits.
            let fv = self.fn_value_of(&t).filter(|_| is_function_interface(c.name()));
            let Some(fv) = fv else {
                unify(c, &t, generics, &mut bound, &mut deduction, &names)?;
                continue;
            };
            // Each overload against the types deduced so far: as they are, else (none
            // agreeing) widened as the arguments' own types may be (`int` to `float`).
            let mut tried = Vec::new();
            for join in [false, true] {
                tried.clear();
                for o in &fv.overloads {
                    let given: Vec<Bound> = o.iter().cloned().map(Bound::Type).collect();
                    let one = |ty: &Type, name: &str| {
                        if *ty == t && is_function_interface(name) {
                            Some(given.clone())
                        } else {
                            self.generic_interface_args(ty, name)
                        }
                    };
                    let names_o = Names { interface_args: &one, ..names };
                    let mut b = bound.clone();
                    let mut d = Deduction { fixed: deduction.fixed.clone(), join };
                    let ok = unify(c, &t, generics, &mut b, &mut d, &names_o).is_ok();
                    tried.push(ok.then_some((b, d)));
                }
                if tried.iter().any(Option::is_some) {
                    break;
                }
            }
            let bounds: Vec<Option<Vec<Option<Bound>>>> =
                tried.iter().map(|t| t.as_ref().map(|(b, _)| b.clone())).collect();
            let k = self.overload_for(&fv, c, generics, &bounds)?;
            let (b, d) = tried.swap_remove(k).expect("a fitting overload");
            bound = b;
            deduction = d;
        }
        let bound = collapse_packs(&decl.generics, bound, &elements)?;
        let generics = &decl.generics;
        let mut bound = bound;
        // `getData<L>(StructuredBuffer<float3, L> p)`: `L` is the data layout of the buffer the
        // argument names (a buffer's type does not carry it; its global does).
        for (p, layout) in decl.params.iter().zip(arg_layouts) {
            let (Some(layout), Some(i)) = (layout, layout_param(&p.ty, generics)) else { continue };
            match &bound[i] {
                None => bound[i] = Some(Bound::Type(layout.clone())),
                Some(Bound::Type(t)) if t == layout => {}
                Some(_) => {
                    return Err(format!(
                        "`{}` would be both its argument and the data layout of the buffer given for `{}`",
                        generics[i].name.name, p.name.name
                    ))
                }
            }
        }
        self.apply_defaults(generics, &mut bound)?;
        let how = format!("from the arguments; give it: `{}<…>(…)`", decl.name.name);
        let bound = self.constrained(generics, bound, &how)?;
        self.check_wheres(generics, &bound, &decl.wheres)?;
        Ok(bound)
    }

    /// The data layout type of a buffer argument that names a global (`ScalarDataLayout` for
    /// a `StructuredBuffer<T, ScalarDataLayout>`, `DefaultDataLayout` for one declared
    /// without), for deducing a parameter's `StructuredBuffer<T, L>`.
    fn buffer_layout_of_arg(&mut self, a: ExprId) -> Option<Type> {
        let (g, span) = match self.cur.as_ref().map(|st| &st.func.exprs[a]) {
            Some(e) => match e.kind {
                ExprKind::Global(g) => (g, e.span),
                _ => return None,
            },
            None => return None,
        };
        let global = &self.module.globals[g];
        let Type::Resource(kind, _) = global.ty else { return None };
        if !data_layout::takes_data_layout(kind) {
            return None;
        }
        let name = match global.layout {
            None => "DefaultDataLayout",
            Some(Rule::Scalar) => "ScalarDataLayout",
            Some(Rule::Std430) => "Std430DataLayout",
            Some(Rule::Std140) => "Std140DataLayout",
            Some(_) => return None,
        };
        self.data_layout_type(name, span)
    }

    /// The arguments that make generic extension type `pattern` (`U`, `Box<H>`) struct `h`,
    /// with every constraint met; `None` where the extension does not apply to `h`.
    pub(super) fn extension_bounds(
        &mut self,
        generics: &[ast::GenericParam],
        pattern: &ast::TypeExpr,
        h: StructId,
    ) -> Option<Vec<Bound>> {
        let mut bound = vec![None; generics.len()];
        let names = names!(self);
        let mut deduction = Deduction { fixed: vec![false; generics.len()], join: false };
        let ty = Type::Struct(h);
        unify(pattern, &ty, generics, &mut bound, &mut deduction, &names).ok()?;
        // `U` of `extension<T, U : IBuf<T>> U` is the struct; `T` comes from its interface.
        for (i, g) in generics.iter().enumerate() {
            let Some(c) = g.constraint.as_ref().filter(|c| !c.args().is_empty()) else { continue };
            if let Some(Bound::Type(t)) = bound[i].clone() {
                unify(c, &t, generics, &mut bound, &mut deduction, &names).ok()?;
            }
        }
        // A pattern that does not name the struct binds nothing of it.
        if bound.iter().all(Option::is_none) {
            return None;
        }
        // A constraint the struct misses is no error: the extension is not for it.
        let reported = self.diags.len();
        let result = self.constrained(generics, bound, "").ok();
        self.diags.truncate(reported);
        result
    }

    /// Gives each parameter neither written nor deduced its default (`T = int`,
    /// `let N : int = 4`), read with the parameters before it bound.
    fn apply_defaults(&mut self, generics: &[ast::GenericParam], bound: &mut [Option<Bound>]) -> Result<(), String> {
        for i in 0..generics.len() {
            let Some(default) = generics[i].default.as_ref().filter(|_| bound[i].is_none()) else { continue };
            let (known, values): (Vec<ast::GenericParam>, Vec<Bound>) =
                generics[..i].iter().zip(bound.iter()).filter_map(|(g, b)| b.clone().map(|b| (g.clone(), b))).unzip();
            let outer = self.bind_generics(&known, &values);
            let value = self.bound_of(&generics[i], default);
            self.unbind_generics(outer);
            bound[i] = Some(value?);
        }
        Ok(())
    }

    /// Whether `ty` meets constraint `name`: a built-in interface, a stdlib type class, or an
    /// interface a struct conforms to.
    pub(super) fn type_conforms(&self, ty: &Type, name: &str) -> bool {
        let user = match ty {
            Type::Struct(h) => self.struct_conforms(*h, name),
            _ => self.value_conforms(ty, name),
        };
        // Pointer-like by Slang's core extensions (arrays of such) or the user's.
        let ptr = name == "IDifferentiablePtrType" && self.ptr_differential(ty).is_some();
        user || ptr || conforms(name, ty) == Some(true)
    }

    /// The `where` requirements beyond the parameters' own constraints, with the parameters
    /// bound: `where vector<T, N> : IArithmetic`, `where T.Assoc == int`.
    pub(super) fn check_wheres(
        &mut self,
        generics: &[ast::GenericParam],
        bound: &[Bound],
        wheres: &[ast::WhereConstraint],
    ) -> Result<(), String> {
        if wheres.is_empty() {
            return Ok(());
        }
        let outer = self.bind_generics(generics, bound);
        let mut result = Ok(());
        for w in wheres {
            match w {
                ast::WhereConstraint::Conforms { optional: true, .. } => {}
                ast::WhereConstraint::Nonempty(t) => {
                    if self.type_packs.get(t.name()).is_some_and(Vec::is_empty) {
                        result =
                            Err(format!("the pack `{}` is empty, and `where nonempty` requires an element", t.name()));
                        break;
                    }
                }
                ast::WhereConstraint::Conforms { ty, interface, .. } => {
                    // A pack's requirement holds for each of its elements.
                    let types = match self.type_packs.get(ty.name()).filter(|_| ty.args().is_empty()) {
                        Some(ts) => ts.clone(),
                        None => vec![self.resolve_type(ty)],
                    };
                    if let Some(t) = types.iter().find(|t| !t.is_error() && !self.type_conforms(t, interface.name())) {
                        result = Err(format!("`{}` does not conform to `{}`", self.type_name(t), interface.name()));
                        break;
                    }
                }
                ast::WhereConstraint::Equal { lhs, rhs } => {
                    let b = self.resolve_type(rhs);
                    let lhs_types = match self.type_packs.get(lhs.name()).filter(|_| lhs.args().is_empty()) {
                        Some(ts) => ts.clone(),
                        None => vec![self.resolve_type(lhs)],
                    };
                    let a = lhs_types.iter().find(|a| **a != b).cloned().unwrap_or_else(|| b.clone());
                    if !a.is_error() && !b.is_error() && a != b {
                        result = Err(format!(
                            "`{}` is `{}`, not `{}` as `where` requires",
                            type_expr_shown(lhs),
                            self.type_name(&a),
                            self.type_name(&b)
                        ));
                        break;
                    }
                }
            }
        }
        self.unbind_generics(outer);
        result
    }

    /// The generic arguments written in `<…>`, in order; those not given are `None`.
    pub(super) fn explicit_bounds(
        &mut self,
        generics: &[ast::GenericParam],
        explicit: &[ast::GenericArg],
    ) -> Result<Vec<Option<Bound>>, String> {
        let mut bound: Vec<Option<Bound>> = vec![None; generics.len()];
        let mut next = 0;
        for (i, g) in generics.iter().enumerate() {
            let Some(a) = explicit.get(next) else { break };
            if g.pack {
                // A pack takes all the arguments left.
                let mut elems = Vec::new();
                for a in &explicit[next..] {
                    match self.bound_of(g, a)? {
                        Bound::Type(t) => elems.push(t),
                        _ => return Err(format!("the pack `{}` takes types", g.name.name)),
                    }
                }
                bound[i] = Some(Bound::Pack(elems));
                next = explicit.len();
            } else {
                bound[i] = Some(self.bound_of(g, a)?);
                next += 1;
            }
        }
        if next < explicit.len() {
            return Err(format!("{} generic arguments given, {} declared", explicit.len(), generics.len()));
        }
        Ok(bound)
    }

    /// What generic argument `a` binds parameter `g` to.
    fn bound_of(&mut self, g: &ast::GenericParam, a: &ast::GenericArg) -> Result<Bound, String> {
        Ok(match (&g.value, a) {
            (Some(_), ast::GenericArg::Expr(e)) => {
                let v = self.const_of_ast(e).and_then(|v| v.as_i64());
                Bound::Value(v.ok_or_else(|| format!("`{}` needs a constant", g.name.name))?)
            }
            (Some(_), ast::GenericArg::Type(_)) => {
                return Err(format!("`{}` is a value parameter, given a type", g.name.name))
            }
            (None, ast::GenericArg::Type(t)) => Bound::Type(self.resolve_type(t)),
            (None, ast::GenericArg::Expr(e)) => match &e.kind {
                ast::ExprKind::Ident(n) => Bound::Type(self.resolve_type(&ast::TypeExpr {
                    kind: ast::TypeExprKind::Named { name: n.clone(), args: Vec::new() },
                    span: e.span,
                })),
                _ => return Err(format!("`{}` is a type parameter, given a value", g.name.name)),
            },
        })
    }

    /// Every parameter bound, and every constraint met; `how` tells how to bind a missing one.
    pub(super) fn constrained(
        &mut self,
        generics: &[ast::GenericParam],
        bound: Vec<Option<Bound>>,
        how: &str,
    ) -> Result<Vec<Bound>, String> {
        let mut out = Vec::new();
        for (g, b) in generics.iter().zip(bound) {
            out.push(b.ok_or_else(|| format!("cannot deduce `{}` {how}", g.name.name))?);
        }
        // A constraint may name the other parameters (`where C : IEnumerable<T>`).
        let outer = self.bind_generics(generics, &out);
        let mut result = Ok(());
        let each: Vec<(&ast::GenericParam, &Type)> = generics
            .iter()
            .zip(&out)
            .flat_map(|(g, b)| match b {
                Bound::Type(t) => vec![(g, t)],
                Bound::Pack(ts) => ts.iter().map(|t| (g, t)).collect(),
                Bound::Value(_) => Vec::new(),
            })
            .collect();
        for (g, t) in each {
            if let Some(c) = &g.constraint {
                let builtin = conforms(c.name(), t) == Some(true) || self.is_array_of(t, c);
                let user = !builtin
                    && match (t, self.interface_key(c)) {
                        (Type::Struct(h), Some(key)) => self.struct_conforms(*h, &key),
                        // The core interfaces wavec knows without a declaration
                        // (`IBufferDataLayout`, `IDefaultInitializable`).
                        _ => c.args().is_empty() && self.type_conforms(t, c.name()),
                    };
                // A lambda or function value whose `operator()` converts to the function type.
                let user = user
                    || match t {
                        Type::Struct(h) if is_function_interface(c.name()) && self.is_function_like(t) => {
                            self.conforms_by_conversion(*h, c)
                        }
                        _ => false,
                    };
                if !builtin && !user {
                    result = Err(format!("`{}` does not conform to `{}`", self.type_name(t), shown_type(c)));
                    break;
                }
            }
        }
        self.unbind_generics(outer);
        result.map(|_| out)
    }

    /// Whether `t` meets constraint `c` as Slang's core `IArray<E>` or `IRWArray<E>`.
    fn is_array_of(&mut self, t: &Type, c: &ast::TypeExpr) -> bool {
        let Some(rw) = self.core_array_interface(c) else { return false };
        let [arg] = c.args() else { return false };
        let elem = match self.explicit_bounds(&[element_param()], std::slice::from_ref(arg)) {
            Ok(b) => b.into_iter().next().flatten(),
            Err(_) => None,
        };
        matches!(elem, Some(Bound::Type(e)) if array_element(t, rw).as_ref() == Some(&e))
    }

    /// Whether `c` names Slang's core `IArray`/`IRWArray` (`Some(rw)`), not a user's
    /// interface of the name.
    fn core_array_interface(&self, c: &ast::TypeExpr) -> Option<bool> {
        let user = self.scoped(c.name(), |n| self.generic_interfaces.contains_key(n));
        if self.generic_interfaces.contains_key(&user) || c.args().len() != 1 {
            return None;
        }
        array_interface(c.name())
    }

    /// Whether constraint `c` names a built-in interface, a stdlib type class or an interface
    /// (a generic one with its arguments).
    pub(super) fn known_constraint(&self, c: &ast::TypeExpr) -> bool {
        let name = c.name();
        if conforms(name, &Type::INT).is_some() || self.core_array_interface(c).is_some() {
            return true;
        }
        if c.args().is_empty() {
            let key = self.scoped(name, |n| self.interfaces.contains_key(n));
            self.interfaces.contains_key(&key) || self.is_known_interface(name)
        } else {
            let key = self.scoped(name, |n| self.generic_interfaces.contains_key(n));
            self.generic_interfaces.contains_key(&key)
        }
    }

    /// The arguments of the instance of generic interface `name` that `ty` conforms to (a
    /// struct through its conformances, an interface value through its interface).
    fn generic_interface_args(&self, ty: &Type, name: &str) -> Option<Vec<Bound>> {
        // Slang's core `IArray<T>`: arrays, vectors, matrices and structured buffers.
        if let (Some(rw), None) = (array_interface(name), self.generic_interfaces.get(name)) {
            if self.existential_of(ty).is_none() {
                return array_element(ty, rw).map(|e| vec![Bound::Type(e)]);
            }
        }
        let keys: Vec<String> = match (ty, self.existential_of(ty)) {
            (_, Some(x)) => vec![self.existentials[x].interface.clone()],
            (Type::Struct(h), None) => self.conformances.get(h).cloned().unwrap_or_default(),
            _ => return None,
        };
        let prefix = format!("{name}<");
        keys.iter()
            .flat_map(|k| self.interface_and_bases(k).into_iter().map(|(n, _)| n.clone()).collect::<Vec<_>>())
            .find(|k| k.starts_with(&prefix))
            .and_then(|k| self.interfaces.get(&k)?.generics.clone())
            .map(|(_, bound)| bound)
    }

    /// The arguments of `ty` as an instance of generic struct `name` (`GenFoo<float>` for
    /// `GenFoo`).
    fn generic_struct_args(&self, ty: &Type, name: &str) -> Option<Vec<Bound>> {
        let Type::Struct(h) = ty else { return None };
        // The core module's pairs: `DifferentialPair<T>` and `DifferentialPtrPair<T>` of `T`.
        let pair = match name {
            "DifferentialPair" => self.autodiff_pair_primal(*h, false),
            "DifferentialPtrPair" => self.autodiff_pair_primal(*h, true),
            _ => None,
        };
        if let Some(t) = pair {
            return Some(vec![Bound::Type(t)]);
        }
        let of = self.instance_of.get(h)?;
        let key = self.scoped(name, |n| self.generic_structs.contains_key(n));
        (*of == key).then(|| self.instance_generics.get(h).map(|(_, b)| b.clone())).flatten()
    }

    /// The instance of generic `g` for `bound`, checked on first use.
    /// [`Checker::instance`] for the autodiff module.
    pub(super) fn generic_instance(&mut self, g: usize, bound: Vec<Bound>, span: Span) -> Option<FunctionId> {
        self.instance(g, bound, span)
    }

    fn instance(&mut self, g: usize, bound: Vec<Bound>, span: Span) -> Option<FunctionId> {
        if let Some((_, id)) = self.generics[g].instances.iter().find(|(b, _)| *b == bound) {
            return Some(*id);
        }
        if self.instance_depth >= MAX_DEPTH {
            self.error(
                "E0416",
                span,
                "generic instantiation nests too deeply (a generic function that calls itself with new arguments?)",
            );
            return None;
        }
        let decl = self.generics[g].decl.clone();
        let body = decl.body.as_ref()?;
        // The instance is checked as a function of its own: the caller's state waits aside,
        // and the parameters' names mean their arguments.
        let caller = self.cur.take();
        let around = self.generics[g].outer.clone().map(|(params, b)| self.bind_generics(&params, &b));
        let outer = self.bind_generics(&decl.generics, &bound);
        let outer_packs = (std::mem::take(&mut self.value_packs), self.pack_at.take());
        let decl = self.spread_pack_params(&decl);
        // Names in the body mean what they mean where the generic was declared.
        let outer_namespaces = std::mem::replace(&mut self.namespaces, namespace_of(&decl.name.name));
        let ret = self.resolve_type(&decl.ret);
        let params: Vec<(Type, ParamMode)> = decl
            .params
            .iter()
            .map(|p| {
                let base = self.resolve_type(&p.ty);
                let ty = self.array_type(base, &p.array_dims, false);
                let mode = Checker::param_mode(&p.modifiers, &ty);
                (ty, mode)
            })
            .collect();
        // An operator is named by its word (`operator_add_Money`), as a plain one is.
        let base = match decl.name.name.rsplit_once("::") {
            Some((owner, method)) => super::methods::operator_word(method).map(|w| format!("{owner}::{w}")),
            None => super::methods::operator_word(&decl.name.name),
        };
        let name = instance_name(base.as_deref().unwrap_or(&decl.name.name), &bound, |t| self.module.type_name(t));
        let id = self.module.functions.append(Function {
            name: name.clone(),
            ret: ret.clone(),
            ret_semantic: None,
            locals: Default::default(),
            params: Vec::new(),
            exprs: Default::default(),
            body: Block::default(),
            span: decl.span,
            uses: Uses::default(),
        });
        self.sigs.push(FnSig {
            name: name.clone(),
            params: params.clone(),
            defaults: decl.params.iter().map(|p| p.default.clone()).collect(),
            ret: ret.clone(),
            defined: true,
            span: decl.name.span,
        });
        // An instance is never an entry point, whatever attributes its generic has.
        self.fn_attrs.push(Vec::new());
        self.note_stage_limit(id, &decl.name.name, &decl.attrs);
        if super::reference::returns_ref(&decl) {
            self.ref_functions.insert(id);
        }
        self.differentiability(id, &decl);
        self.generics[g].instances.push((bound, id));
        self.instance_depth += 1;
        let before = self.diags.len();
        let unresolved = self.unresolved_calls.len();
        self.pending_this = self.generics[g].this;
        self.pending_init = self.generics[g].init;
        let (mut func, facts) = self.definition(&decl, body, &ret, &params, &[]);
        self.pending_this = None;
        self.pending_init = None;
        self.instance_depth -= 1;
        // A mistake in the body shows up in one instance: say which, and where it was made.
        let shown = shown_instance(&decl, &self.generics[g].instances.last().expect("just pushed").0, |t| {
            self.module.type_name(t)
        });
        for d in &mut self.diags[before..] {
            if d.is_error() {
                d.labels.push(crate::diag::Label { span, message: format!("in `{shown}`, instantiated here") });
            }
        }
        func.name = name;
        self.module.functions[id] = func;
        self.facts.insert(id, facts);
        self.made_instances = true;
        // A body that names what is declared after it is checked again at the end.
        if self.unresolved_calls.len() > unresolved {
            let names = self.unresolved_calls.split_off(unresolved);
            let diags = self.diags[before..].to_vec();
            let bound = self.generics[g].instances.last().expect("just pushed").0.clone();
            self.deferred_bodies.push(super::DeferredBody {
                id,
                decl: (*decl).clone(),
                names,
                diags,
                this: self.generics[g].this,
                init: self.generics[g].init,
                instance: Some((g, bound)),
            });
        }
        (self.value_packs, self.pack_at) = outer_packs;
        self.unbind_generics(outer);
        if let Some(a) = around {
            self.unbind_generics(a);
        }
        self.namespaces = outer_namespaces;
        self.cur = caller;
        Some(id)
    }

    /// Gives each generic parameter's name its argument: a type parameter names the type, a
    /// value parameter reads as the constant. Returns what the names meant before.
    pub(super) fn bind_generics(&mut self, generics: &[ast::GenericParam], bound: &[Bound]) -> OuterNames {
        let mut shadowed = Vec::new();
        let mut values = std::mem::take(&mut self.generic_values);
        let outer_values = values.clone();
        let outer_int_built = self.int_built_params.clone();
        let outer_packs = self.type_packs.clone();
        for (p, b) in generics.iter().zip(bound) {
            // An inner generic's parameter hides an outer pack of its name.
            self.type_packs.remove(&p.name.name);
            match b {
                Bound::Pack(ts) => {
                    self.type_packs.insert(p.name.name.clone(), ts.clone());
                    continue;
                }
                Bound::Type(t) => {
                    let name = &p.name.name;
                    if p.constraint.as_ref().is_some_and(|c| builds_through_int(c.name())) {
                        self.int_built_params.insert(name.clone());
                    } else {
                        self.int_built_params.remove(name);
                    }
                    shadowed.push((name.clone(), self.types.insert(name.clone(), t.clone())))
                }
                Bound::Value(v) => {
                    let ty = p.value.as_ref().map(|t| self.resolve_type(t)).unwrap_or(Type::INT);
                    let c = if ty == Type::BOOL {
                        ConstValue::Bool(*v != 0)
                    } else if ty.scalar().is_some_and(|s| s.is_unsigned_int()) {
                        ConstValue::Uint(*v as u64)
                    } else {
                        ConstValue::Int(*v)
                    };
                    values.insert(p.name.name.clone(), (c, ty));
                }
            }
        }
        self.generic_values = values;
        OuterNames { shadowed, values: outer_values, int_built: outer_int_built, packs: outer_packs }
    }

    pub(super) fn unbind_generics(&mut self, outer: OuterNames) {
        for (n, old) in outer.shadowed.into_iter().rev() {
            match old {
                Some(t) => self.types.insert(n, t),
                None => self.types.remove(&n),
            };
        }
        self.generic_values = outer.values;
        self.int_built_params = outer.int_built;
        self.type_packs = outer.packs;
    }

    /// The arguments of a generic type as written (`Pair<float>`), completed by the
    /// parameters' defaults, every one given and its constraint met.
    fn written_bounds(
        &mut self,
        generics: &[ast::GenericParam],
        args: &[ast::GenericArg],
    ) -> Result<Vec<Bound>, String> {
        let mut b = self.explicit_bounds(generics, args)?;
        for (g, b) in generics.iter().zip(b.iter_mut()) {
            if g.pack && b.is_none() {
                *b = Some(Bound::Pack(Vec::new()));
            }
        }
        self.apply_defaults(generics, &mut b)?;
        let missing: Vec<&str> =
            generics.iter().zip(&b).filter(|(_, b)| b.is_none()).map(|(g, _)| g.name.name.as_str()).collect();
        if !missing.is_empty() {
            return Err(format!("`{}` not given", missing.join("`, `")));
        }
        self.constrained(generics, b, "")
    }

    /// A generic `typealias Name<T> = …;` with its arguments: the aliased type, read with the
    /// parameters bound.
    pub(super) fn generic_alias_type(
        &mut self,
        alias: &ast::TypedefDecl,
        args: &[ast::GenericArg],
        span: Span,
    ) -> Type {
        let bound = match self.written_bounds(&alias.generics, args) {
            Ok(b) => b,
            Err(why) => {
                let d = Diagnostic::error(
                    "E0416",
                    format!("cannot make `{}` from these arguments", generic_shown(&alias.name.name, &alias.generics)),
                )
                .with_label(span, why)
                .with_label(alias.name.span, "declared here");
                self.push(d);
                return Type::Error;
            }
        };
        let outer = self.bind_generics(&alias.generics, &bound);
        let ty = self.resolve_type(&alias.ty);
        self.unbind_generics(outer);
        ty
    }

    /// Records a generic struct; its members are checked per instance.
    pub(super) fn generic_struct(&mut self, s: &ast::StructDecl) {
        for g in &s.generics {
            if let Some(c) = &g.constraint {
                if !self.known_constraint(c) {
                    self.error("E0416", c.span, format!("unknown constraint `{}`", c.name()));
                }
            }
        }
        // The definition of a template struct declared ahead (`template<typename T> struct S;`).
        if let Some(g) = self.generic_structs.get_mut(&s.name.name).filter(|g| g.declared_only) {
            g.decl = Rc::new(s.clone());
            g.declared_only = false;
            return;
        }
        if self.generic_structs.contains_key(&s.name.name) || self.types.contains_key(&s.name.name) {
            self.error("E0302", s.name.span, format!("`{}` is already defined", s.name.name));
            return;
        }
        self.used_global_names.insert(s.name.name.clone());
        self.generic_structs.insert(
            s.name.name.clone(),
            GenericStruct {
                decl: Rc::new(s.clone()),
                instances: Vec::new(),
                specializations: Vec::new(),
                partials: Vec::new(),
                declared_only: false,
            },
        );
    }

    /// `template<typename T> struct S;`: a template struct whose definition (or partial
    /// specializations) come later.
    pub(super) fn forward_generic_struct(&mut self, s: &ast::StructDecl) {
        if self.generic_structs.contains_key(&s.name.name) {
            return;
        }
        self.generic_struct(s);
        if let Some(g) = self.generic_structs.get_mut(&s.name.name) {
            g.declared_only = true;
        }
    }

    /// `template<typename T, int N> struct S<vector<T, N> > { … }`: recorded for generic struct
    /// `S`; an instance whose arguments match its patterns is made of its members.
    pub(super) fn partial_specialization(&mut self, args: &[ast::GenericArg], s: &ast::StructDecl) {
        let name = self.scoped(&s.name.name, |n| self.generic_structs.contains_key(n));
        let Some(generic) = self.generic_structs.get_mut(&name) else {
            self.error("E0416", s.name.span, format!("`{}` is not a generic struct to specialize", s.name.name));
            return;
        };
        if args.len() != generic.decl.generics.len() {
            let msg = format!(
                "`{}` takes {} generic arguments, and this specialization gives {}",
                s.name.name,
                generic.decl.generics.len(),
                args.len()
            );
            self.error("E0416", s.name.span, msg);
            return;
        }
        generic.partials.push(Partial { patterns: args.to_vec(), decl: Rc::new(s.clone()) });
    }

    /// The partial specialization of generic struct `name` whose patterns `bound` matches,
    /// with its own parameters' values: of several, the one with the fewest parameters (the
    /// most specialized); two as specialized are ambiguous (reported).
    fn matching_partial(
        &mut self,
        name: &str,
        bound: &[Bound],
        span: Span,
    ) -> Option<(Rc<ast::StructDecl>, Vec<Bound>)> {
        let partials = self.generic_structs[name].partials.clone();
        let mut found: Vec<(Rc<ast::StructDecl>, Vec<Bound>)> = Vec::new();
        for p in &partials {
            if let Some(b) = self.match_partial(p, bound) {
                found.push((p.decl.clone(), b));
            }
        }
        let fewest = found.iter().map(|(d, _)| d.generics.len()).min()?;
        let best: Vec<_> = found.into_iter().filter(|(d, _)| d.generics.len() == fewest).collect();
        if best.len() > 1 {
            let d = Diagnostic::error(
                "E0416",
                format!("`{name}` has {} partial specializations that fit these arguments equally well", best.len()),
            )
            .with_label(span, "instantiated here")
            .with_label(best[0].0.name.span, "one")
            .with_label(best[1].0.name.span, "another")
            .with_note("a specialization whose patterns bind fewer parameters is more specialized, and wins");
            self.push(d);
            return None;
        }
        best.into_iter().next()
    }

    /// Partial `p`'s parameters bound so that its patterns are `bound`, if they can be.
    pub(super) fn match_partial(&mut self, p: &Partial, bound: &[Bound]) -> Option<Vec<Bound>> {
        let generics = &p.decl.generics;
        let mut own: Vec<Option<Bound>> = vec![None; generics.len()];
        let names = names!(self);
        for (pattern, actual) in p.patterns.iter().zip(bound) {
            match (pattern, actual) {
                (ast::GenericArg::Type(t), Bound::Type(ty)) => {
                    // `vector<T, N>` matches vectors only: a scalar is no `vector<T, 1>` here,
                    // as DXC keeps `int` and `int1` apart.
                    let shape_differs = match t.name() {
                        "vector" => !matches!(ty, Type::Vector(..)),
                        "matrix" => !matches!(ty, Type::Matrix(..)),
                        _ => false,
                    };
                    if shape_differs {
                        return None;
                    }
                    let mut deduction = Deduction { fixed: vec![false; generics.len()], join: false };
                    unify(t, ty, generics, &mut own, &mut deduction, &names).ok()?;
                }
                (ast::GenericArg::Expr(e), Bound::Value(v)) => {
                    if let ast::ExprKind::Ident(n) = &e.kind {
                        if let Some(i) = generics.iter().position(|g| &g.name.name == n) {
                            match &own[i] {
                                Some(Bound::Value(old)) if old != v => return None,
                                _ => own[i] = Some(Bound::Value(*v)),
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let own: Vec<Bound> = own.into_iter().collect::<Option<_>>()?;
        // What the patterns make with those values must be the arguments themselves (a
        // pattern's constants and shapes are checked here).
        let outer = self.bind_generics(generics, &own);
        let made: Vec<Option<Bound>> = p
            .patterns
            .iter()
            .map(|pattern| match pattern {
                ast::GenericArg::Type(t) => {
                    let errors = self.diags.len();
                    let ty = self.resolve_type(t);
                    let ok = self.diags.len() == errors && !ty.is_error();
                    self.diags.truncate(errors);
                    ok.then_some(Bound::Type(ty))
                }
                ast::GenericArg::Expr(e) => self.const_of_ast(e).and_then(|v| v.as_i64()).map(Bound::Value),
            })
            .collect();
        self.unbind_generics(outer);
        (made.iter().zip(bound).all(|(m, b)| m.as_ref() == Some(b))).then_some(own)
    }

    /// `template<> struct S<Sampler> { … }`: recorded for generic struct `S`, whose instance
    /// for those arguments it becomes (declared before any use of that instance, as C++
    /// requires).
    pub(super) fn struct_specialization(&mut self, args: &[ast::GenericArg], s: &ast::StructDecl) {
        let name = self.scoped(&s.name.name, |n| self.generic_structs.contains_key(n));
        let Some(generic) = self.generic_structs.get(&name) else {
            self.error("E0416", s.name.span, format!("`{}` is not a generic struct to specialize", s.name.name));
            return;
        };
        let decl = generic.decl.clone();
        let bound = match self.written_bounds(&decl.generics, args) {
            Ok(b) => b,
            Err(why) => {
                self.error(
                    "E0416",
                    s.name.span,
                    format!("cannot specialize `{}` for these arguments: {why}", s.name.name),
                );
                return;
            }
        };
        let generic = &self.generic_structs[&name];
        if generic.instances.iter().any(|(b, _)| *b == bound) {
            let msg = format!("`{}` is specialized for arguments it was already used with", s.name.name);
            self.error("E0416", s.name.span, msg);
            return;
        }
        if generic.specializations.iter().any(|(b, _)| *b == bound) {
            self.error("E0302", s.name.span, format!("`{}` is already specialized for these arguments", s.name.name));
            return;
        }
        let mut members = s.clone();
        members.name.name = name.clone();
        members.generics = decl.generics.clone();
        let generic = self.generic_structs.get_mut(&name).expect("looked up above");
        generic.specializations.push((bound, Rc::new(members)));
    }

    /// `Pair<float>`: the instance of generic struct `name` for the arguments written.
    pub(super) fn generic_struct_type(&mut self, name: &str, args: &[ast::GenericArg], span: Span) -> Type {
        let decl = self.generic_structs[name].decl.clone();
        let bound = self.written_bounds(&decl.generics, args);
        let bound = bound.and_then(|b| self.check_wheres(&decl.generics, &b, &decl.wheres).map(|_| b));
        let bound = match bound {
            Ok(b) => b,
            Err(why) => {
                let d = Diagnostic::error(
                    "E0416",
                    format!("cannot make `{}` from these arguments", generic_shown(&decl.name.name, &decl.generics)),
                )
                .with_label(span, why)
                .with_label(decl.name.span, "declared here");
                self.push(d);
                return Type::Error;
            }
        };
        if let Some((_, h)) = self.generic_structs[name].instances.iter().find(|(b, _)| *b == bound) {
            return Type::Struct(*h);
        }
        if self.instance_depth >= MAX_DEPTH {
            self.error(
                "E0416",
                span,
                "generic instantiation nests too deeply (a generic struct that contains itself?)",
            );
            return Type::Error;
        }
        let specialized = self.generic_structs[name].specializations.iter().find(|(b, _)| *b == bound).cloned();
        let partial = if specialized.is_none() { self.matching_partial(name, &bound, span) } else { None };
        if specialized.is_none() && partial.is_none() && self.generic_structs[name].declared_only {
            let d = Diagnostic::error(
                "E0416",
                format!(
                    "`{}` is declared but not defined, and no partial specialization fits these arguments",
                    decl.name.name
                ),
            )
            .with_label(span, "instantiated here")
            .with_label(decl.name.span, "declared here");
            self.push(d);
            return Type::Error;
        }
        // The members are checked as a struct of its own, in the middle of whatever needed
        // it: the function being checked waits aside.
        let caller = self.cur.take();
        let pending_this = self.pending_this.take();
        let extending = std::mem::replace(&mut self.in_blanket_extension, false);
        let outer = self.bind_generics(&decl.generics, &bound);
        let outer_namespaces = std::mem::replace(&mut self.namespaces, namespace_of(name));
        // A partial specialization's members read its own parameters.
        let partial_outer = partial.as_ref().map(|(d, own)| self.bind_generics(&d.generics, own));
        let mut instance = match (&specialized, &partial) {
            (Some((_, members)), _) => (**members).clone(),
            (None, Some((members, _))) => {
                let mut m = (**members).clone();
                m.name = decl.name.clone();
                m
            }
            (None, None) => (*decl).clone(),
        };
        instance.generics.clear();
        let base = instance_name(name, &bound, |t| self.module.type_name(t));
        instance.name.name = self.unique_global_name(&base);
        self.instance_depth += 1;
        let before = self.diags.len();
        // A nested typedef may name this very instance (`typealias Next = Box<T.Next>;` where
        // `T.Next` is `T`): it is known before its members are read.
        let own = decl.name.name.rsplit("::").next().unwrap_or(name);
        let named_inside = decl
            .members
            .iter()
            .any(|m| matches!(m, ast::StructMember::Type(t) if super::methods::mentions(&t.ty, own)));
        // What the instance's methods see: the struct's parameters, and a partial
        // specialization's own.
        let (mut seen_generics, mut seen_bound) = (decl.generics.clone(), bound.clone());
        if let Some((d, own)) = &partial {
            seen_generics.extend(d.generics.iter().cloned());
            seen_bound.extend(own.iter().cloned());
        }
        let known = |c: &mut Self, h: StructId| {
            c.instance_generics.insert(h, (seen_generics.clone(), seen_bound.clone()));
            c.instance_of.insert(h, name.to_string());
            c.generic_structs.get_mut(name).expect("looked up above").instances.push((bound.clone(), h));
        };
        if named_inside {
            self.item(&ast::Item::ForwardStruct(instance.name.clone(), span));
            if let Some(Type::Struct(h)) = self.types.get(&instance.name.name).cloned() {
                known(self, h);
            }
        }
        self.instantiating.push((instance.name.name.clone(), name.to_string(), bound.clone()));
        let h = self.struct_fields(&instance);
        if !named_inside {
            known(self, h);
        }
        // Inside its own body, the struct's name alone means this instance (as in C++).
        let injected = decl.name.name.rsplit("::").next().unwrap_or(name).to_string();
        let old = self.types.insert(injected.clone(), Type::Struct(h));
        self.struct_members(h, &instance.members, &instance.bases);
        self.instantiating.pop();
        match old {
            Some(t) => self.types.insert(injected, t),
            None => self.types.remove(&injected),
        };
        self.instance_depth -= 1;
        let shown = format!(
            "{}<{}>",
            decl.name.name,
            bound
                .iter()
                .map(|b| match b {
                    Bound::Type(t) => self.module.type_name(t),
                    Bound::Value(v) => v.to_string(),
                    Bound::Pack(ts) => ts.iter().map(|t| self.module.type_name(t)).collect::<Vec<_>>().join(", "),
                })
                .collect::<Vec<_>>()
                .join(", ")
        );
        for d in &mut self.diags[before..] {
            if d.is_error() {
                d.labels.push(crate::diag::Label { span, message: format!("in `{shown}`, instantiated here") });
            }
        }
        self.made_instances = true;
        if let Some(p) = partial_outer {
            self.unbind_generics(p);
        }
        self.unbind_generics(outer);
        self.namespaces = outer_namespaces;
        self.pending_this = pending_this;
        self.in_blanket_extension = extending;
        self.cur = caller;
        Type::Struct(h)
    }
}

/// The namespaces around a declaration named `A::B::f`: `A`, `B`.
pub(super) fn namespace_of(qualified: &str) -> Vec<String> {
    let mut parts: Vec<String> = qualified.split("::").map(String::from).collect();
    parts.pop();
    parts
}

/// What generic parameter names meant before an instance bound them.
pub(super) struct OuterNames {
    shadowed: Vec<(String, Option<Type>)>,
    values: crate::fast_hash::HashMap<String, (ConstValue, Type)>,
    int_built: crate::fast_hash::HashSet<String>,
    packs: crate::fast_hash::HashMap<String, Vec<Type>>,
}

/// A generic struct as declared, with the instances made so far.
pub(super) struct GenericStruct {
    pub decl: Rc<ast::StructDecl>,
    pub instances: Vec<(Vec<Bound>, StructId)>,
    /// Explicit specializations (`template<> struct S<Sampler> { … }`): the arguments they
    /// are for, and the members an instance for those arguments has instead.
    pub specializations: Vec<(Vec<Bound>, Rc<ast::StructDecl>)>,
    /// Partial specializations (`template<typename T> struct S<vector<T, 3> > { … }`).
    pub partials: Vec<Partial>,
    /// Declared (`template<typename T> struct S;`) and not defined yet.
    pub declared_only: bool,
}

/// A partial specialization: patterns over its own generic parameters, one per parameter of
/// the generic struct, and its members.
#[derive(Clone)]
pub(super) struct Partial {
    pub patterns: Vec<ast::GenericArg>,
    pub decl: Rc<ast::StructDecl>,
}

/// The one type parameter of `IArray<T>`, for reading its argument.
fn element_param() -> ast::GenericParam {
    let name = ast::Ident { name: "T".into(), span: Span::default() };
    ast::GenericParam { name, constraint: None, value: None, default: None, pack: false, also: Vec::new() }
}

/// `Pair<T, let N : int>`, for messages.
fn generic_shown(name: &str, generics: &[ast::GenericParam]) -> String {
    let params: Vec<String> = generics
        .iter()
        .map(|g| match (&g.value, &g.constraint) {
            (Some(_), _) => format!("let {}", g.name.name),
            (None, Some(c)) if g.pack => format!("each {} : {}", g.name.name, shown_type(c)),
            (None, None) if g.pack => format!("each {}", g.name.name),
            (None, Some(c)) => format!("{} : {}", g.name.name, shown_type(c)),
            (None, None) => g.name.name.clone(),
        })
        .collect();
    format!("{name}<{}>", params.join(", "))
}

/// `IFoo<float>` as written.
pub(super) fn shown_type(t: &ast::TypeExpr) -> String {
    let args: Vec<String> = t
        .args()
        .iter()
        .map(|a| match a {
            ast::GenericArg::Type(t) => shown_type(t),
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => n.clone(),
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::IntLit(i), .. }) => i.value.to_string(),
            ast::GenericArg::Expr(_) => "…".to_string(),
        })
        .collect();
    if args.is_empty() {
        t.name().to_string()
    } else {
        format!("{}<{}>", t.name(), args.join(", "))
    }
}

/// Marks a deduction's failure as a function value's (E0493).
pub(super) const FN_VALUE: &str = " (E0493)";

/// Slang's function interfaces, which a function's name given as a value conforms to per
/// overload.
fn is_function_interface(name: &str) -> bool {
    matches!(name, "IFunc" | "IMutatingFunc" | "IDifferentiableFunc" | "IDifferentiableMutatingFunc")
}

/// What deduction needs to know of the module: type names for messages, and the `T` of an
/// `Optional<T>` struct.
#[derive(Clone, Copy)]
struct Names<'a> {
    name_of: &'a dyn Fn(&Type) -> String,
    optional_of: &'a dyn Fn(&Type) -> Option<Type>,
    /// The arguments of the instance of generic interface `name` a type conforms to (or is a
    /// value of).
    interface_args: &'a dyn Fn(&Type, &str) -> Option<Vec<Bound>>,
    /// The element types of a tuple type.
    tuple_of: &'a dyn Fn(&Type) -> Option<Vec<Type>>,
    /// The arguments of the instance of generic struct `name` a type is.
    struct_args: &'a dyn Fn(&Type, &str) -> Option<Vec<Bound>>,
}

/// Binds the generic parameters `pattern` mentions from the argument type `arg`: `T` is the
/// argument's type; `vector<T, N>` and `matrix<T, R, C>` give the element and dimensions; a
/// resource's element binds its parameter. A parameter bound twice must agree.
fn unify(
    pattern: &ast::TypeExpr,
    arg: &Type,
    generics: &[ast::GenericParam],
    bound: &mut [Option<Bound>],
    deduction: &mut Deduction,
    names: &Names,
) -> Result<(), String> {
    let ast::TypeExprKind::Named { name, args } = &pattern.kind else { return Ok(()) };
    let index = |n: &str| generics.iter().position(|g| g.name.name == n);
    let bind = |bound: &mut [Option<Bound>], deduction: &mut Deduction, i: usize, b: Bound| -> Result<(), String> {
        match &bound[i] {
            None => {
                bound[i] = Some(b);
                deduction.fixed[i] |= !deduction.join;
                Ok(())
            }
            Some(old) if *old == b => Ok(()),
            Some(Bound::Type(_)) if deduction.join && deduction.fixed[i] => Ok(()),
            Some(Bound::Type(old)) if deduction.join && join(old, &b).is_some() => {
                bound[i] = join(old, &b).map(Bound::Type);
                Ok(())
            }
            Some(old) => {
                let show = |b: &Bound| match b {
                    Bound::Type(t) => format!("`{}`", (names.name_of)(t)),
                    Bound::Value(v) => v.to_string(),
                    Bound::Pack(ts) => ts.iter().map(|t| (names.name_of)(t)).collect::<Vec<_>>().join(", "),
                };
                Err(format!(
                    "`{}` would be both {} and {} (ambiguous deduction)",
                    generics[i].name.name,
                    show(old),
                    show(&b)
                ))
            }
        }
    };
    let value_arg = |a: &ast::GenericArg| match a {
        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => index(n),
        _ => None,
    };
    let type_arg = |a: &ast::GenericArg| -> Option<ast::TypeExpr> {
        match a {
            ast::GenericArg::Type(t) => Some(t.clone()),
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => Some(ast::TypeExpr {
                kind: ast::TypeExprKind::Named { name: n.clone(), args: Vec::new() },
                span: *span,
            }),
            _ => None,
        }
    };
    // A `ConstantBuffer<S>` (or parameter block) passes as the `S` it holds.
    if let Type::Resource(crate::ir::ResourceKind::ConstantBuffer, Some(inner)) = arg {
        if name != "ConstantBuffer" && name != "ParameterBlock" && index(name).is_none() {
            return unify(pattern, inner, generics, bound, deduction, names);
        }
    }
    if args.is_empty() {
        if let Some(i) = index(name).filter(|&i| generics[i].value.is_none()) {
            bind(bound, deduction, i, Bound::Type(arg.clone()))?;
        }
        return Ok(());
    }
    match (name.as_str(), args.as_slice(), arg) {
        ("vector", [t, n], _) => {
            let (s, len) = match arg {
                Type::Vector(s, len) => (*s, *len as i64),
                Type::Scalar(s) => (*s, 1),
                _ => return Ok(()),
            };
            if let Some(t) = type_arg(t) {
                unify(&t, &Type::Scalar(s), generics, bound, deduction, names)?;
            }
            if let Some(i) = value_arg(n).filter(|&i| generics[i].value.is_some()) {
                bind(bound, deduction, i, Bound::Value(len))?;
            }
        }
        ("matrix", [t, r, c], Type::Matrix(s, rows, cols)) => {
            if let Some(t) = type_arg(t) {
                unify(&t, &Type::Scalar(*s), generics, bound, deduction, names)?;
            }
            for (a, v) in [(r, *rows), (c, *cols)] {
                if let Some(i) = value_arg(a).filter(|&i| generics[i].value.is_some()) {
                    bind(bound, deduction, i, Bound::Value(v as i64))?;
                }
            }
        }
        // Slang's `Array<T, N>`, the array type `T[N]` spelled as a generic.
        ("Array", [t, n], Type::Array(e, len)) => {
            if let Some(t) = type_arg(t) {
                unify(&t, e, generics, bound, deduction, names)?;
            }
            if let (Some(i), Some(len)) = (value_arg(n).filter(|&i| generics[i].value.is_some()), len) {
                bind(bound, deduction, i, Bound::Value(*len as i64))?;
            }
        }
        ("RayQuery", [f], Type::RayQuery(flags)) => {
            // `RayQuery<Flags>` reads its argument as a type until the name is looked up.
            let named =
                value_arg(f).or_else(|| type_arg(f).filter(|t| t.args().is_empty()).and_then(|t| index(t.name())));
            if let Some(i) = named.filter(|&i| generics[i].value.is_some()) {
                bind(bound, deduction, i, Bound::Value(*flags as i64))?;
            }
        }
        (_, [t], Type::Resource(k, Some(e))) if k.name() == name => {
            if let Some(t) = type_arg(t) {
                unify(&t, e, generics, bound, deduction, names)?;
            }
        }
        ("Tuple", pattern_args, Type::Struct(_)) if (names.tuple_of)(arg).is_some() => {
            let elems = (names.tuple_of)(arg).unwrap_or_default();
            // A pack among the element patterns takes the elements the others leave.
            let pack_of = |a: &ast::GenericArg| -> Option<usize> {
                let n = match a {
                    ast::GenericArg::Type(t) => match &t.kind {
                        ast::TypeExprKind::Named { name, args } if args.is_empty() => name.as_str(),
                        ast::TypeExprKind::Expand(p) => match &p.kind {
                            ast::TypeExprKind::Each(inner) => inner.name(),
                            _ => return None,
                        },
                        _ => return None,
                    },
                    ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => n.as_str(),
                    _ => return None,
                };
                index(n).filter(|&i| generics[i].pack)
            };
            match pattern_args.iter().position(|a| pack_of(a).is_some()) {
                Some(k) if elems.len() + 1 >= pattern_args.len() => {
                    let after = pattern_args.len() - k - 1;
                    let taken = elems[k..elems.len() - after].to_vec();
                    for (a, e) in pattern_args[..k].iter().zip(&elems) {
                        if let Some(t) = type_arg(a) {
                            unify(&t, e, generics, bound, deduction, names)?;
                        }
                    }
                    for (a, e) in pattern_args[k + 1..].iter().zip(&elems[elems.len() - after..]) {
                        if let Some(t) = type_arg(a) {
                            unify(&t, e, generics, bound, deduction, names)?;
                        }
                    }
                    let i = pack_of(&pattern_args[k]).expect("found above");
                    bind(bound, deduction, i, Bound::Pack(taken))?;
                }
                None if elems.len() == pattern_args.len() => {
                    for (a, e) in pattern_args.iter().zip(&elems) {
                        if let Some(t) = type_arg(a) {
                            unify(&t, e, generics, bound, deduction, names)?;
                        }
                    }
                }
                _ => {}
            }
        }
        ("Optional", [t], Type::Struct(_)) => {
            if let (Some(t), Some(inner)) = (type_arg(t), (names.optional_of)(arg)) {
                unify(&t, &inner, generics, bound, deduction, names)?;
            }
        }
        // `GenFoo<T>` of a generic struct, given an instance of it; `IFoo<T>` of a generic
        // interface, given a type that conforms to an instance of it.
        (_, pattern_args, _) => {
            if let Some(given) = (names.struct_args)(arg, name).or_else(|| (names.interface_args)(arg, name)) {
                // `IFunc<C, A, B>` against `IFunc<R, (P, Q)>`: a pack given where the pattern
                // names its elements one by one.
                let mut given = given;
                if let Some(Bound::Pack(ts)) = given.last().cloned() {
                    let k = given.len() - 1;
                    let spelled = pattern_args.get(k).is_none_or(|a| {
                        !matches!(a, ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Expand(_), .. }))
                            && !type_arg(a).and_then(|p| index(p.name())).is_some_and(|i| generics[i].pack)
                    });
                    if spelled && pattern_args.len() == k + ts.len() {
                        given.pop();
                        given.extend(ts.into_iter().map(Bound::Type));
                    }
                }
                for (a, b) in pattern_args.iter().zip(given) {
                    match b {
                        Bound::Value(v) => {
                            if let Some(i) = value_arg(a).filter(|&i| generics[i].value.is_some()) {
                                bind(bound, deduction, i, Bound::Value(v))?;
                            }
                        }
                        Bound::Type(t) => {
                            if let Some(p) = type_arg(a) {
                                unify(&p, &t, generics, bound, deduction, names)?;
                            }
                        }
                        Bound::Pack(ts) => {
                            let pack = type_arg(a).and_then(|p| index(p.name())).filter(|&i| generics[i].pack);
                            if let Some(i) = pack {
                                bind(bound, deduction, i, Bound::Pack(ts))?;
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// How argument types bind type parameters: which bindings may not change, and whether this
/// argument may widen a binding to the join of the two types.
struct Deduction {
    fixed: Vec<bool>,
    join: bool,
}

/// The type both of two numeric types of one shape convert to: the wider element (HLSL's
/// promotion rank), as Slang joins `int` and `uint` into `uint`.
fn join(a: &Type, b: &Bound) -> Option<Type> {
    let Bound::Type(b) = b else { return None };
    let (sa, sb) = (a.scalar()?, b.scalar()?);
    if a.with_scalar(sb) != *b {
        return None;
    }
    Some(if sb.rank() > sa.rank() { b.clone() } else { a.clone() })
}

/// Binds value parameter `n` (an array parameter's length, `uint a[N]`) to `len`.
fn unify_value(
    n: &ast::Expr,
    len: i64,
    generics: &[ast::GenericParam],
    bound: &mut [Option<Bound>],
) -> Result<(), String> {
    let ast::ExprKind::Ident(name) = &n.kind else { return Ok(()) };
    let Some(i) = generics.iter().position(|g| g.name.name == *name && g.value.is_some()) else { return Ok(()) };
    match &bound[i] {
        None => bound[i] = Some(Bound::Value(len)),
        Some(Bound::Value(v)) if *v == len => {}
        Some(_) => return Err(format!("`{name}` would be both its value and {len} (ambiguous deduction)")),
    }
    Ok(())
}

/// Which generic parameter a buffer type's data layout argument names (`L` in
/// `StructuredBuffer<float3, L>`).
fn layout_param(ty: &ast::TypeExpr, generics: &[ast::GenericParam]) -> Option<usize> {
    let ast::TypeExprKind::Named { name, args } = &ty.kind else { return None };
    data_layout::buffer_kind(name).filter(|k| data_layout::takes_data_layout(*k))?;
    let layout_name = match args.get(1)? {
        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => n.clone(),
        ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Named { name, args }, .. })
            if args.is_empty() =>
        {
            name.clone()
        }
        _ => return None,
    };
    generics.iter().position(|g| g.name.name == layout_name && g.value.is_none())
}

/// A type as written, for messages (`T::Assoc`).
fn type_expr_shown(t: &ast::TypeExpr) -> String {
    match &t.kind {
        ast::TypeExprKind::Named { name, args } if args.is_empty() => name.clone(),
        ast::TypeExprKind::Named { name, .. } => format!("{name}<…>"),
        ast::TypeExprKind::Array { elem, .. } => format!("{}[]", type_expr_shown(elem)),
        _ => "_".into(),
    }
}

/// `sum_float_4`: the generic's name and its arguments.
fn instance_name(base: &str, bound: &[Bound], name_of: impl Fn(&Type) -> String) -> String {
    let mut name = base.to_string();
    for b in bound {
        name.push('_');
        match b {
            Bound::Type(t) => name.extend(name_of(t).chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })),
            Bound::Pack(ts) => {
                name.push_str("pack");
                for t in ts {
                    name.push('_');
                    name.extend(name_of(t).chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }));
                }
            }
            Bound::Value(v) if *v < 0 => name.push_str(&format!("m{}", -v)),
            Bound::Value(v) => name.push_str(&v.to_string()),
        }
    }
    name
}

/// `first<int, 1>`: an instance as the user would write it.
fn shown_instance(decl: &ast::FunctionDecl, bound: &[Bound], name_of: impl Fn(&Type) -> String) -> String {
    let args: Vec<String> = bound
        .iter()
        .map(|b| match b {
            Bound::Type(t) => name_of(t),
            Bound::Value(v) => v.to_string(),
            Bound::Pack(ts) => ts.iter().map(&name_of).collect::<Vec<_>>().join(", "),
        })
        .collect();
    format!("{}<{}>", decl.name.name, args.join(", "))
}

/// `f<T : IFoo, let N : int>(…)`, for notes.
fn signature(decl: &ast::FunctionDecl) -> String {
    generic_shown(&decl.name.name, &decl.generics)
}

/// An argument's parameter pattern and where it comes from: (pattern, parameter, argument).
type Pairs = Vec<(ast::TypeExpr, usize, usize)>;

/// The deduction's view of a call of `decl` with `count` arguments: its generic parameters
/// extended by one per element of each pack a pack parameter names (`T#0`, `T#1`…, bound where
/// the pack was written), and each argument's pattern. `elements`: per such pack, its index
/// and where its elements start.
#[allow(clippy::type_complexity)]
fn variadic_pairs(
    decl: &ast::FunctionDecl,
    bound: Vec<Option<Bound>>,
    count: usize,
) -> Result<(Vec<ast::GenericParam>, Vec<Option<Bound>>, Pairs, Vec<(usize, usize)>), String> {
    let generics = &decl.generics;
    let is_pack = |n: &str| generics.iter().any(|g| g.pack && g.name.name == n);
    let spread: Vec<usize> = (0..decl.params.len())
        .filter(|&i| super::variadic::pack_pattern(&decl.params[i].ty, is_pack).is_some())
        .collect();
    if spread.is_empty() {
        let pairs = decl.params.iter().enumerate().take(count).map(|(i, p)| (p.ty.clone(), i, i)).collect();
        return Ok((generics.clone(), bound, pairs, Vec::new()));
    }
    if spread.len() > 1 {
        return Err("more than one parameter is a pack: give the packs as generic arguments".into());
    }
    let fixed = decl.params.len() - 1;
    let Some(taken) = count.checked_sub(fixed) else {
        return Err(format!("takes at least {fixed} arguments"));
    };
    let mut ext = generics.clone();
    let mut ext_bound = bound.clone();
    let mut elements = Vec::new();
    let mut pairs = Vec::new();
    let mut arg = 0;
    for (pi, p) in decl.params.iter().enumerate() {
        let Some(pattern) = super::variadic::pack_pattern(&p.ty, is_pack) else {
            pairs.push((p.ty.clone(), pi, arg));
            arg += 1;
            continue;
        };
        let mut named = Vec::new();
        super::variadic::packs_named(&pattern, &is_pack, &mut named);
        for n in &named {
            let gi = generics.iter().position(|g| g.name.name == *n).expect("a pack of this generic");
            if let Some(Bound::Pack(e)) = &bound[gi] {
                if e.len() != taken {
                    return Err(format!("the pack `{n}` has {} types, given {taken} arguments for it", e.len()));
                }
            }
            let start = ext.len();
            for j in 0..taken {
                ext.push(ast::GenericParam {
                    name: ast::Ident { name: super::variadic::element_name(n, j), span: generics[gi].name.span },
                    constraint: generics[gi].constraint.clone(),
                    value: None,
                    default: None,
                    pack: false,
                    also: Vec::new(),
                });
                ext_bound.push(match &bound[gi] {
                    Some(Bound::Pack(e)) => Some(Bound::Type(e[j].clone())),
                    _ => None,
                });
            }
            elements.push((gi, start));
        }
        for j in 0..taken {
            pairs.push((super::variadic::element_pattern(&pattern, j, &is_pack), pi, arg));
            arg += 1;
        }
    }
    Ok((ext, ext_bound, pairs, elements))
}

/// Each pack's elements gathered back into the pack (`T#0`, `T#1` into `T`); a pack nothing
/// binds is empty.
fn collapse_packs(
    generics: &[ast::GenericParam],
    mut bound: Vec<Option<Bound>>,
    elements: &[(usize, usize)],
) -> Result<Vec<Option<Bound>>, String> {
    for (k, &(gi, start)) in elements.iter().enumerate() {
        let end = elements.get(k + 1).map_or(bound.len(), |&(_, s)| s);
        let mut types = Vec::new();
        for (j, b) in bound[start..end].iter().enumerate() {
            match b {
                Some(Bound::Type(t)) => types.push(t.clone()),
                _ => return Err(format!("cannot deduce element {j} of the pack `{}`", generics[gi].name.name)),
            }
        }
        bound[gi] = Some(Bound::Pack(types));
    }
    bound.truncate(generics.len());
    for (g, b) in generics.iter().zip(bound.iter_mut()) {
        if g.pack && b.is_none() {
            *b = Some(Bound::Pack(Vec::new()));
        }
    }
    Ok(bound)
}
