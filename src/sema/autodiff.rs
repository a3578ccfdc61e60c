//! Slang's forward-mode automatic differentiation. `fwd_diff(f)` (also `__fwd_diff`) of a
//! `[Differentiable]` function is an ordinary function written here, from `f`'s checked body:
//! every value of a differentiable type gets a differential beside it (a local `x` a local
//! `x_d`), each operation computes both, calls of differentiable functions call their
//! derivatives, and calls of intrinsics call the derivative the stdlib ties to them
//! (`stdlib/autodiff.slang`, `[ForwardDerivativeOf(f)]`). Its parameters and result are
//! `DifferentialPair<T>`s, structs of a primal `p` and a differential `d`. No backend sees any of
//! it.
//!
//! Differentiable types: float scalars, vectors and matrices (their own differentials), arrays
//! of differentiable elements, and structs declared `: IDifferentiable`, whose `Differential` is
//! a struct made of their differentiable fields (not `no_diff` ones).

mod existential;
mod reverse;

use super::{Checker, FnState};
use crate::arena::Arena;
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// How a function takes part in differentiation, from its attributes.
#[derive(Clone, Debug, Default)]
pub(super) struct DiffInfo {
    /// `[Differentiable]`, `[ForwardDifferentiable]`, `[BackwardDifferentiable]`.
    differentiable: bool,
    /// `[TreatAsDifferentiable]`: differentiable with a zero derivative.
    treat_as: bool,
    /// `[ForwardDerivative(g)]`: the user's derivative, by name.
    custom: Option<(String, Span)>,
    /// `[ForwardDerivative(g<T>)]`: the generic arguments written after the name, read where the
    /// function's own generic parameters are bound.
    custom_generic_args: Vec<ast::GenericArg>,
    /// `[BackwardDerivative(g)]`: the user's backward derivative, by name.
    custom_backward: Option<(String, Span)>,
    /// Parameters written `no_diff`.
    no_diff: Vec<bool>,
    /// `[NoDiffThis]` on a method: its object carries no derivative.
    no_diff_this: bool,
    /// `[PrimalSubstitute(g)]`: the function differentiated in its place, by name.
    substitute: Option<(String, Span)>,
}

#[derive(Default)]
pub(super) struct Autodiff {
    info: HashMap<FunctionId, DiffInfo>,
    /// Fields written `no_diff`.
    pub no_diff_fields: HashSet<(StructId, u32)>,
    /// `[DerivativeMember(D.x)]` fields: the field of the struct's `Differential` they map to.
    pub derivative_members: HashMap<(StructId, u32), String>,
    /// Interfaces that refine `IDifferentiable`: the structs conforming to them are differentiable.
    pub differentiable_interfaces: HashSet<String>,
    /// Structs that name `IDifferentiable` (or an interface refining it) among their bases.
    declared: HashSet<StructId>,
    /// Structs whose `Differential` is being made (a struct holding itself has none).
    making: HashSet<StructId>,
    /// `DifferentialPair<T>` structs, by `T`, and back.
    pairs: HashMap<Type, StructId>,
    pair_of: HashMap<StructId, Type>,
    /// Built-in interfaces whose types an extension made pointer-like (`__BuiltinArithmeticType`).
    ptr_builtins: Vec<String>,
    /// Interfaces that refine `IDifferentiablePtrType`.
    pub ptr_interfaces: HashSet<String>,
    /// Structs that name `IDifferentiablePtrType` (or an interface refining it) among their bases.
    ptr_declared: HashSet<StructId>,
    /// `DifferentialPtrPair<T>` structs, by `T`, and back.
    ptr_pairs: HashMap<Type, StructId>,
    ptr_pair_of: HashMap<StructId, Type>,
    /// Each differentiable struct's `Differential` (`None`: not differentiable).
    differentials: HashMap<StructId, Option<StructId>>,
    /// The forward derivative of each function differentiated so far.
    derivatives: HashMap<FunctionId, FunctionId>,
    /// Derivatives declared but not written yet: (primal, derivative).
    queue: Vec<(FunctionId, FunctionId)>,
    /// `[ForwardDerivativeOf(f)]` functions: `f`, the derivative, the attribute's span.
    derivative_of: Vec<(String, FunctionId, Span)>,
    /// `[BackwardDerivativeOf(f)]` functions: `f` and the derivative.
    backward_of: Vec<(String, FunctionId)>,
    /// Generic functions with `[ForwardDerivativeOf(f)]` (`backward: false`) or
    /// `[BackwardDerivativeOf(f)]`: `f`, the generic's index, which. Instantiated as the
    /// instance of `f` they differentiate is.
    generic_of: Vec<(String, usize, bool)>,
    /// `[PrimalSubstituteOf(f)]` functions: `f` and the substitute.
    substitute_of: Vec<(String, FunctionId)>,
    /// The backward derivative of each function differentiated so far.
    backward: HashMap<FunctionId, FunctionId>,
    /// Backward derivatives declared but not written yet: (primal, backward).
    backward_queue: Vec<(FunctionId, FunctionId)>,
    /// Stdlib bodies of intrinsics with no derivative of their own, made functions of the
    /// module to be differentiated (by instance).
    bodies: HashMap<crate::stdlib::InstanceKey, FunctionId>,
    /// Functions calling an intrinsic, made to differentiate it by name (`fwd_diff(sin)`), by
    /// the intrinsic and the argument types.
    wrappers: HashMap<(String, Vec<Type>), FunctionId>,
}

/// The field a `[DerivativeMember(D.x)]` attribute names.
pub(super) fn derivative_member(attrs: &[ast::Attribute]) -> Option<String> {
    let a = attrs.iter().find(|a| a.name.name == "DerivativeMember")?;
    match &a.args.first()?.kind {
        ast::ExprKind::Member { name, .. } | ast::ExprKind::Path { name, .. } => Some(name.name.clone()),
        ast::ExprKind::Ident(n) => Some(n.clone()),
        _ => None,
    }
}

fn attr_name_arg(a: &ast::Attribute) -> Option<(String, Span)> {
    let arg = a.args.first()?;
    let name = match &arg.kind {
        ast::ExprKind::Ident(n) => n.clone(),
        ast::ExprKind::Member { base, name } => match &base.kind {
            ast::ExprKind::Ident(b) => format!("{b}::{}", name.name),
            _ => return None,
        },
        ast::ExprKind::Path { ty, name } => format!("{}::{}", ty.name(), name.name),
        // `d_exp<T>`: the instance is the one whose signature fits the function's.
        ast::ExprKind::Instance { name, .. } => name.clone(),
        _ => return None,
    };
    Some((name, arg.span))
}

/// A primal local's place in the derivative: its copy, and its differential when its type has one.
#[derive(Clone, Copy)]
struct Mapped {
    primal: LocalId,
    diff: Option<LocalId>,
}

/// The derivative being written: the primal's body it reads, and where its locals went.
struct Writer {
    src: Function,
    no_diff: HashSet<ExprId>,
    locals: HashMap<LocalId, Mapped>,
    /// The parameters that take pairs (`out`/`inout` ones are written back before returning):
    /// the pair parameter and the primal local.
    pair_params: Vec<(LocalId, LocalId, ParamMode)>,
    /// The derivative returns a pair of its result.
    ret_pair: Option<Type>,
    /// `[TreatAsDifferentiable]`: every differential is zero.
    zero: bool,
    /// Reverse mode: the locals whose values the body reads (the others need no checkpoint).
    read: HashSet<LocalId>,
    /// Locals of pointer-like types (`IDifferentiablePtrType`): the local holding the
    /// differential location beside each. It is a value carried along, never an adjoint.
    companions: HashMap<LocalId, LocalId>,
}

impl Checker {
    /// Reads a function's differentiation attributes (`[Differentiable]`, `[ForwardDerivative]`,
    /// `no_diff` parameters…).
    pub(super) fn differentiability(&mut self, id: FunctionId, f: &ast::FunctionDecl) {
        self.differentiability_of(id, f, false);
    }

    /// [`Checker::differentiability`] of an interface requirement's dispatch function, whose
    /// first parameter is the interface's value.
    pub(super) fn dispatch_differentiability(&mut self, id: FunctionId, requirement: &ast::FunctionDecl) {
        self.differentiability_of(id, requirement, true);
    }

    fn differentiability_of(&mut self, id: FunctionId, f: &ast::FunctionDecl, object_first: bool) {
        // A parameter of a generic type whose constraint is not differentiable takes no
        // derivative, whatever type an instance binds (as Slang types it from the constraint).
        let plain_generics: Vec<&str> = f
            .generics
            .iter()
            .filter(|g| {
                // Constrained differentiable in the list (`T : IDifferentiable`, `T : IA & IB`) or
                // by a `where` clause (`where T : IA, IDifferentiable`).
                let by_where = f.wheres.iter().any(|w| {
                    matches!(w, ast::WhereConstraint::Conforms { ty, interface, optional: false }
                        if ty.args().is_empty() && ty.name() == g.name.name && self.differentiable_constraint(interface.name()))
                });
                g.value.is_none()
                    && !g.constraint.as_ref().is_some_and(|c| self.differentiable_constraint(c.name()))
                    && !g.also.iter().any(|a| self.differentiable_constraint(&a.name))
                    && !by_where
            })
            .map(|g| g.name.name.as_str())
            .collect();
        let no_diff: Vec<bool> = f
            .params
            .iter()
            .map(|p| {
                p.modifiers.has(ast::Modifier::NoDiff)
                    || matches!(&p.ty.kind, ast::TypeExprKind::Named { name, args } if args.is_empty() && (plain_generics.contains(&name.as_str()) || self.plain_associated(f, name)))
            })
            .collect();
        let no_diff = std::iter::once(false).filter(|_| object_first).chain(no_diff).collect();
        let mut info = DiffInfo { no_diff, ..DiffInfo::default() };
        let mut any = info.no_diff.iter().any(|b| *b);
        for a in &f.attrs {
            match a.name.name.as_str() {
                "Differentiable" | "ForwardDifferentiable" | "BackwardDifferentiable" => info.differentiable = true,
                // A function with a backward derivative only is forward-differentiated as one with
                // a zero derivative, as Slang does.
                "TreatAsDifferentiable" => info.treat_as = true,
                "BackwardDerivative" => {
                    info.treat_as = true;
                    info.custom_backward = attr_name_arg(a);
                }
                "NoDiffThis" => info.no_diff_this = true,
                "PrimalSubstitute" => info.substitute = attr_name_arg(a),
                "PrimalSubstituteOf" => {
                    if let Some((name, _)) = attr_name_arg(a) {
                        for name in sibling_first(&f.name.name, name) {
                            self.autodiff.substitute_of.push((name, id));
                        }
                    }
                    continue;
                }
                "ForwardDerivative" => {
                    info.custom = attr_name_arg(a);
                    if let Some(ast::ExprKind::Instance { generic_args, .. }) = a.args.first().map(|e| &e.kind) {
                        info.custom_generic_args = generic_args.clone();
                    }
                }
                "ForwardDerivativeOf" => {
                    if let Some((name, span)) = attr_name_arg(a) {
                        for name in sibling_first(&f.name.name, name) {
                            self.autodiff.derivative_of.push((name, id, span));
                        }
                    }
                    continue;
                }
                "BackwardDerivativeOf" => {
                    if let Some((name, _)) = attr_name_arg(a) {
                        for name in sibling_first(&f.name.name, name) {
                            self.autodiff.backward_of.push((name, id));
                        }
                    }
                    continue;
                }
                _ => continue,
            }
            any = true;
        }
        if any {
            self.autodiff.info.insert(id, info);
        }
    }

    /// Records a generic function's `[ForwardDerivativeOf(f)]` or `[BackwardDerivativeOf(f)]`:
    /// its instances are made when an instance of `f` is differentiated.
    pub(super) fn generic_derivative_of(&mut self, g: usize, f: &ast::FunctionDecl) {
        for a in &f.attrs {
            let backward = match a.name.name.as_str() {
                "ForwardDerivativeOf" => false,
                "BackwardDerivativeOf" => true,
                _ => continue,
            };
            if let Some((name, _)) = attr_name_arg(a) {
                for name in sibling_first(&f.name.name, name) {
                    self.autodiff.generic_of.push((name, g, backward));
                }
            }
        }
    }

    /// The instances of the generic derivatives declared `[…DerivativeOf(f)]` for instance `id`
    /// of generic `f`, bound as `id` is: by the generic parameters' names, else by position.
    fn generic_derivatives_of(&mut self, id: FunctionId, backward: bool, span: Span) -> Vec<FunctionId> {
        let Some((g, bound)) = self.instance_of(id) else { return Vec::new() };
        let name = self.generics[g].decl.name.name.clone();
        let derivatives: Vec<usize> =
            self.autodiff.generic_of.iter().filter(|(p, _, b)| *p == name && *b == backward).map(|x| x.1).collect();
        let names: Vec<String> = self.generics[g].decl.generics.iter().map(|p| p.name.name.clone()).collect();
        let mut out = Vec::new();
        for d in derivatives {
            let params: Vec<String> = self.generics[d].decl.generics.iter().map(|p| p.name.name.clone()).collect();
            let by_name: Option<Vec<super::generic::Bound>> =
                params.iter().map(|p| names.iter().position(|n| n == p).map(|i| bound[i].clone())).collect();
            let like = match by_name {
                Some(b) => Some(b),
                None if params.len() == names.len() => Some(bound.iter().take(params.len()).cloned().collect()),
                None => None,
            };
            if let Some(like) = like {
                out.extend(self.generic_instance(d, like, span));
            }
        }
        out
    }

    /// Whether function `id` has a backward derivative of the user's, declared on either side
    /// (`[BackwardDerivative(g)]` on it, `[BackwardDerivativeOf(f)]` on `g`, generic or not).
    pub(super) fn has_user_backward(&self, id: FunctionId) -> bool {
        let name = &self.sigs[id.index()].name;
        self.autodiff.info.get(&id).is_some_and(|i| i.custom_backward.is_some())
            || self.autodiff.backward_of.iter().any(|(p, _)| p == name)
            || (self.autodiff.generic_of.iter().any(|(_, _, b)| *b)
                && self.instance_of(id).is_some_and(|(g, _)| {
                    let gname = &self.generics[g].decl.name.name;
                    self.autodiff.generic_of.iter().any(|(p, _, b)| *b && p == gname)
                }))
    }

    /// Whether `name` is `T::A` (or `T.A`), an associated type of generic parameter `T`'s
    /// interface whose own constraint is not differentiable: seen through that interface, a
    /// value of it takes no derivative (as Slang types it from the constraint).
    fn plain_associated(&self, f: &ast::FunctionDecl, name: &str) -> bool {
        let Some((g, assoc)) = name.split_once("::").or_else(|| name.split_once('.')) else { return false };
        let Some(constraint) =
            f.generics.iter().find(|p| p.name.name == g && p.value.is_none()).and_then(|p| p.constraint.as_ref())
        else {
            return false;
        };
        let mut stack = vec![constraint.name().to_string()];
        let mut seen = HashSet::default();
        while let Some(i) = stack.pop() {
            if !seen.insert(i.clone()) {
                continue;
            }
            let Some(def) = self.interfaces.get(&i) else { continue };
            if let Some(a) = def.associated.iter().find(|a| a.name.name == assoc) {
                return !a.constraint.as_ref().is_some_and(|c| self.differentiable_constraint(c.name()));
            }
            stack.extend(def.bases.iter().cloned());
        }
        false
    }

    /// Whether a generic parameter constrained by `name` is differentiable.
    fn differentiable_constraint(&self, name: &str) -> bool {
        matches!(
            name,
            "IDifferentiable"
                | "IDifferentiablePtrType"
                | "IFloat"
                | "__BuiltinFloatingPointType"
                | "__BuiltinRealType"
        ) || self.autodiff.differentiable_interfaces.contains(name)
            || self.names_ptr_type(vec![name.to_string()])
    }

    /// The differential of a value of type `ty`; `None` when `ty` is not differentiable.
    pub(super) fn differential_type(&mut self, ty: &Type) -> Option<Type> {
        match ty {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) if s.is_float() => Some(ty.clone()),
            Type::Array(e, n) => Some(Type::Array(Box::new(self.differential_type(e)?), *n)),
            // A value of a differentiable interface type is its own differential.
            Type::Struct(_) if self.differentiable_existential(ty).is_some() => Some(ty.clone()),
            // A pair's differential is the pair of differentials (what high-order derivatives take).
            Type::Struct(h) if self.is_pair(*h) => {
                let primal = self.autodiff.pair_of[h].clone();
                let d = self.differential_type(&primal)?;
                Some(self.pair_type(&d, Span::default()))
            }
            Type::Struct(h) => self.differential_struct(*h).map(Type::Struct),
            _ => None,
        }
    }

    /// The `Differential` of struct `h`: a struct of its differentiable fields, made once.
    fn differential_struct(&mut self, h: StructId) -> Option<StructId> {
        if let Some(d) = self.autodiff.differentials.get(&h) {
            return *d;
        }
        // A tuple is differentiable when its elements all are: its differential is the tuple of
        // theirs (itself when each element is its own).
        if let Some(elems) = self.tuple_elems(&Type::Struct(h)) {
            if !self.autodiff.making.insert(h) {
                return None;
            }
            let diffs: Option<Vec<Type>> = elems.iter().map(|e| self.differential_type(e)).collect();
            self.autodiff.making.remove(&h);
            let d = match diffs {
                Some(ds) if ds == elems => Some(h),
                Some(ds) => match self.tuple_type(ds, self.module.structs[h].span) {
                    Type::Struct(d) => Some(d),
                    _ => None,
                },
                None => None,
            };
            self.autodiff.differentials.insert(h, d);
            if let Some(d) = d {
                self.autodiff.differentials.entry(d).or_insert(Some(d));
            }
            return d;
        }
        if !self.declared_differentiable(h) || !self.autodiff.making.insert(h) {
            return None;
        }
        let d = self.make_differential_struct(h);
        self.autodiff.making.remove(&h);
        d
    }

    fn make_differential_struct(&mut self, h: StructId) -> Option<StructId> {
        let def = self.module.structs[h].clone();
        // The struct's own `typealias Differential = D;` (possibly itself).
        if let Some(Type::Struct(d)) = self.types.get(&format!("{}::Differential", def.name)).cloned() {
            self.autodiff.differentials.insert(h, Some(d));
            if d != h && !self.autodiff.differentials.contains_key(&d) {
                self.differential_struct(d);
            }
            return Some(d);
        }
        let mut fields = Vec::new();
        for (i, f) in def.fields.iter().enumerate() {
            if self.autodiff.no_diff_fields.contains(&(h, i as u32)) {
                continue;
            }
            if let Some(ty) = self.differential_type(&f.ty) {
                fields.push(Field { ty, ..f.clone() });
            }
        }
        // Made of fields that are their own differentials, all of them: the struct is its own.
        if fields.len() == def.fields.len() && fields.iter().zip(&def.fields).all(|(a, b)| a.ty == b.ty) {
            self.autodiff.differentials.insert(h, Some(h));
            return Some(h);
        }
        let name = self.unique_global_name(&format!("{}_Differential", def.name));
        let d = self.module.structs.append(StructDef { name, fields, span: def.span });
        self.types.insert(format!("{}::Differential", def.name), Type::Struct(d));
        self.conformances.entry(d).or_default().push("IDifferentiable".into());
        self.autodiff.differentials.insert(h, Some(d));
        self.autodiff.differentials.insert(d, Some(d));
        Some(d)
    }

    /// Records that struct `h` names `IDifferentiable`, or an interface refining it, among its
    /// bases (before its conformances are checked).
    pub(super) fn note_differentiable_bases(&mut self, h: StructId, bases: &[ast::TypeExpr]) {
        let names: Vec<String> = bases.iter().map(|b| b.name().to_string()).collect();
        if self.names_ptr_type(names.clone()) {
            self.autodiff.ptr_declared.insert(h);
        } else if self.names_differentiable(names) {
            self.autodiff.declared.insert(h);
        }
    }

    /// Whether one of these interfaces is `IDifferentiablePtrType` or refines it.
    fn names_ptr_type(&self, list: Vec<String>) -> bool {
        let mut stack: Vec<String> = list;
        let mut seen = HashSet::default();
        while let Some(i) = stack.pop() {
            if i == "IDifferentiablePtrType" || self.autodiff.ptr_interfaces.contains(&i) {
                return true;
            }
            if seen.insert(i.clone()) {
                if let Some(def) = self.interfaces.get(&i) {
                    stack.extend(def.bases.iter().cloned());
                }
            }
        }
        false
    }

    /// `extension<T : __BuiltinArithmeticType> T : IDifferentiablePtrType { typealias
    /// Differential = T; }`: the built-in types meeting the constraint become pointer-like, their
    /// own differentials. Whether `e` is one (then recorded).
    pub(super) fn builtin_ptr_extension(&mut self, e: &ast::ExtensionDecl, constraint: &ast::TypeExpr) -> bool {
        let target = e.ty.name();
        let is_target = |t: &ast::TypeExpr| t.name() == target && t.args().is_empty();
        let only_differential = e.members.iter().all(|m| {
            matches!(m, ast::StructMember::Type(t) if t.name.name == "Differential" && is_target(&t.ty) && t.array_dims.is_empty())
        });
        let fits = super::generic::builtin_interface(constraint.name()).is_some()
            && constraint.args().is_empty()
            && e.bases.len() == 1
            && e.bases[0].name() == "IDifferentiablePtrType"
            && only_differential;
        if fits {
            self.autodiff.ptr_builtins.push(constraint.name().to_string());
        }
        fits
    }

    /// Whether pointer-like `ty` is a struct's (or an array of them) rather than a built-in
    /// type's: only those locals carry a differential location; a built-in one does as a
    /// parameter only, as every loop counter would otherwise need one.
    pub(super) fn ptr_struct_based(&self, ty: &Type) -> bool {
        match ty {
            Type::Array(e, _) => self.ptr_struct_based(e),
            Type::Struct(_) => self.ptr_differential(ty).is_some(),
            _ => false,
        }
    }

    /// The differential of a pointer-like value (a struct conforming to
    /// `IDifferentiablePtrType`): its `typealias Differential`, else itself; an array's is the
    /// array of its elements' (Slang's core extension of `Array<T, N>`); a built-in type's,
    /// made pointer-like by an extension, itself. `None` for any other type.
    pub(super) fn ptr_differential(&self, ty: &Type) -> Option<Type> {
        let builtin = |s: &Scalar, shaped: bool| {
            self.autodiff.ptr_builtins.iter().any(|name| {
                super::generic::builtin_interface(name).is_some_and(|i| (i.element)(*s) && (i.shapes || !shaped))
            })
        };
        let h = match ty {
            Type::Scalar(s) => return builtin(s, false).then(|| ty.clone()),
            Type::Vector(s, _) | Type::Matrix(s, _, _) => return builtin(s, true).then(|| ty.clone()),
            Type::Array(e, n) => return self.ptr_differential(e).map(|d| Type::Array(Box::new(d), *n)),
            Type::Struct(h) => h,
            _ => return None,
        };
        let declared = self.autodiff.ptr_declared.contains(h)
            || self.conformances.get(h).is_some_and(|list| self.names_ptr_type(list.clone()));
        if !declared {
            return None;
        }
        let name = &self.module.structs[*h].name;
        Some(self.types.get(&format!("{name}::Differential")).cloned().unwrap_or_else(|| ty.clone()))
    }

    /// Slang's `DifferentialPtrPair<T>`: `{ T p; T.Differential d; }` of a pointer-like `T`,
    /// whose differential is a location the derivative writes through rather than a value.
    pub(super) fn ptr_pair_type(&mut self, ty: &Type, span: Span) -> Type {
        if let Some(h) = self.autodiff.ptr_pairs.get(ty) {
            return Type::Struct(*h);
        }
        let Some(d) = self.ptr_differential(ty) else {
            let shown = self.type_name(ty);
            let d = Diagnostic::error("E0478", format!("`{shown}` is not a pointer-like differentiable type"))
                .with_label(span, "a `DifferentialPtrPair` needs a type conforming to `IDifferentiablePtrType`")
                .with_note("for a value type conforming to `IDifferentiable`, use `DifferentialPair<T>`");
            self.push(d);
            return Type::Error;
        };
        let word = super::dynamic::ir_word(&self.type_name(ty));
        let name = self.unique_global_name(&format!("DifferentialPtrPair_{word}"));
        let majorness = self.default_majorness;
        let fields = vec![
            Field { name: "p".into(), ty: ty.clone(), semantic: None, majorness, span },
            Field { name: "d".into(), ty: d, semantic: None, majorness, span },
        ];
        let h = self.module.structs.append(StructDef { name, fields, span });
        self.autodiff.ptr_pairs.insert(ty.clone(), h);
        self.autodiff.ptr_pair_of.insert(h, ty.clone());
        Type::Struct(h)
    }

    /// The `T` of struct `h` when it is a `DifferentialPtrPair<T>` (`ptr`) or a `DifferentialPair<T>`.
    pub(super) fn autodiff_pair_primal(&self, h: StructId, ptr: bool) -> Option<Type> {
        if ptr { self.autodiff.ptr_pair_of.get(&h) } else { self.autodiff.pair_of.get(&h) }.cloned()
    }

    /// Reports a pointer-like value, inside a derivative, whose differential location is not
    /// known: going on without one would read or add derivatives nowhere.
    fn unknown_location(&mut self, ty: &Type, span: Span) {
        // Reverse mode runs a statement forward more than once.
        if self.diags.iter().any(|d| d.code == "E0479" && d.primary_span() == Some(span)) {
            return;
        }
        let shown = self.type_name(ty);
        let d = Diagnostic::error("E0479", format!("the differential location of this `{shown}` value is not known"))
            .with_label(span, "a pointer-like value made here, inside a differentiable function")
            .with_note(
                "a pointer-like value takes its differential from a parameter's `DifferentialPtrPair`, from another \
                 pointer-like local, or from a call whose forward derivative returns a `DifferentialPtrPair`",
            );
        self.push(d);
    }

    /// Whether struct `h` is a `DifferentialPtrPair<T>`.
    pub(super) fn is_ptr_pair(&self, h: StructId) -> bool {
        self.autodiff.ptr_pair_of.contains_key(&h)
    }

    /// Whether struct `h` conforms to `IDifferentiable`, or to an interface that refines it.
    fn declared_differentiable(&self, h: StructId) -> bool {
        if self.autodiff.declared.contains(&h) {
            return true;
        }
        let Some(list) = self.conformances.get(&h) else { return false };
        self.names_differentiable(list.clone())
    }

    /// Whether one of these interfaces is `IDifferentiable` or refines it.
    fn names_differentiable(&self, list: Vec<String>) -> bool {
        let mut stack: Vec<String> = list;
        let mut seen = HashSet::default();
        while let Some(i) = stack.pop() {
            if i == "IDifferentiable" || self.autodiff.differentiable_interfaces.contains(&i) {
                return true;
            }
            if seen.insert(i.clone()) {
                if let Some(def) = self.interfaces.get(&i) {
                    stack.extend(def.bases.iter().cloned());
                }
            }
        }
        false
    }

    /// For each field of `h`, its index in `h`'s `Differential` (`None`: it has no differential).
    fn differential_fields(&mut self, h: StructId) -> Vec<Option<u32>> {
        // A pair's differential is a pair: its `p` and `d` carry the differentials of each.
        if self.is_pair(h) {
            return vec![Some(0), Some(1)];
        }
        let Some(d) = self.differential_struct(h) else { return vec![None; self.module.structs[h].fields.len()] };
        let names: Vec<String> = self.module.structs[d].fields.iter().map(|f| f.name.clone()).collect();
        let fields = self.module.structs[h].fields.clone();
        fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                if d == h {
                    return Some(i as u32);
                }
                if self.autodiff.no_diff_fields.contains(&(h, i as u32)) {
                    return None;
                }
                let name = self.autodiff.derivative_members.get(&(h, i as u32)).unwrap_or(&f.name);
                names.iter().position(|n| n == name).map(|p| p as u32)
            })
            .collect()
    }

    /// Slang's `DifferentialPair<T>`: `{ T p; T.Differential d; }`.
    pub(super) fn pair_type(&mut self, ty: &Type, span: Span) -> Type {
        if let Some(h) = self.autodiff.pairs.get(ty) {
            return Type::Struct(*h);
        }
        let Some(d) = self.differential_type(ty) else {
            let shown = self.type_name(ty);
            let d = Diagnostic::error("E0472", format!("`{shown}` is not differentiable"))
                .with_label(span, "a `DifferentialPair` needs a differentiable type")
                .with_note("float scalars, vectors and matrices are, and arrays of them, and structs declared `: IDifferentiable`");
            self.push(d);
            return Type::Error;
        };
        let word = super::dynamic::ir_word(&self.type_name(ty));
        let name = self.unique_global_name(&format!("DifferentialPair_{word}"));
        let majorness = self.default_majorness;
        let fields = vec![
            Field { name: "p".into(), ty: ty.clone(), semantic: None, majorness, span },
            Field { name: "d".into(), ty: d, semantic: None, majorness, span },
        ];
        let h = self.module.structs.append(StructDef { name, fields, span });
        self.autodiff.pairs.insert(ty.clone(), h);
        self.autodiff.pair_of.insert(h, ty.clone());
        Type::Struct(h)
    }

    /// Whether struct `h` is a `DifferentialPair<T>`.
    pub(super) fn is_pair(&self, h: StructId) -> bool {
        self.autodiff.pair_of.contains_key(&h)
    }

    /// `pair.v` (Slang's other name of `p`), `pair.getPrimal()`, `pair.getDifferential()`.
    pub(super) fn pair_member(&mut self, object: ExprId, name: &str, span: Span) -> Option<ExprId> {
        let Type::Struct(h) = self.ty(object) else { return None };
        if !self.is_pair(h) {
            return None;
        }
        let index = match name {
            "v" | "getPrimal" => 0,
            "getDifferential" => 1,
            _ => return None,
        };
        let ty = self.module.structs[h].fields[index as usize].ty.clone();
        Some(self.add_expr(ExprKind::Field { base: object, index }, ty, span))
    }

    /// `T.Differential` of a built-in type (a struct's is a nested type of its own).
    pub(super) fn differential_member(&mut self, outer: &Type, name: &str) -> Option<Type> {
        // A tuple's is made from its elements' (a struct's own is a nested type).
        if name != "Differential" || matches!(outer, Type::Struct(_)) && self.tuple_elems(outer).is_none() {
            return None;
        }
        self.differential_type(outer)
    }

    /// Slang's `no_diff(e)`, `detach(e)`, `diffPair(p, d)` and `fwd_diff(f)(…)`; `None` for
    /// another call.
    pub(super) fn autodiff_call(
        &mut self,
        callee: &ast::Expr,
        generic_args: &[ast::GenericArg],
        args: &[ast::Expr],
        span: Span,
    ) -> Option<ExprId> {
        if let (ast::ExprKind::Ident(name), [ast::GenericArg::Type(t)]) = (&callee.kind, generic_args) {
            if name == "diffPair" && self.unclaimed(name) && (1..=2).contains(&args.len()) {
                let ty = self.resolve_type(t);
                if ty.is_error() {
                    return Some(self.error_expr(span));
                }
                let p = self.value_of_type(&args[0], &ty);
                return Some(self.make_pair(p, args.get(1), span));
            }
        }
        if !generic_args.is_empty() {
            return None;
        }
        match &callee.kind {
            ast::ExprKind::Ident(name) if self.unclaimed(name) => match (name.as_str(), args) {
                ("no_diff" | "detach", [a]) => {
                    let e = self.expr(a);
                    if let Some(st) = self.cur.as_mut() {
                        st.facts.no_diff.insert(e);
                    }
                    Some(e)
                }
                ("diffPair", [p, rest @ ..]) if rest.len() <= 1 => {
                    let p = self.expr(p);
                    Some(self.make_pair(p, rest.first(), span))
                }
                ("updatePrimal" | "updateDiff" | "updatePair", [pair, rest @ ..]) => {
                    self.update_pair(name, pair, rest, span)
                }
                _ => None,
            },
            ast::ExprKind::Path { ty, name } if matches!(name.name.as_str(), "dzero" | "dadd" | "dmul") => {
                let t = self.resolve_type(ty);
                if let Type::Struct(h) = t {
                    if self.method_of(h, &name.name).is_some() {
                        return None;
                    }
                }
                if t.is_error() {
                    return Some(self.error_expr(span));
                }
                Some(self.differential_op(&t, &name.name, args, span))
            }
            ast::ExprKind::Call { callee: inner, args: fargs, .. } => {
                let ast::ExprKind::Ident(op) = &inner.kind else { return None };
                let backward = match op.as_str() {
                    "fwd_diff" | "__fwd_diff" => false,
                    "bwd_diff" | "__bwd_diff" => true,
                    _ => return None,
                };
                if !self.unclaimed(op) {
                    return None;
                }
                let [f] = fargs.as_slice() else { return None };
                Some(if backward {
                    self.call_backward_derivative(f, args, span)
                } else {
                    self.call_forward_derivative(f, args, span)
                })
            }
            _ => None,
        }
    }

    /// Slang's `T.dzero()`, `T.dadd(a, b)` and `T.dmul(s, a)` of a differentiable type `T`
    /// (a struct's own methods of those names are called instead).
    fn differential_op(&mut self, ty: &Type, op: &str, args: &[ast::Expr], span: Span) -> ExprId {
        let Some(dty) = self.differential_type(ty) else {
            let shown = self.type_name(ty);
            self.error("E0472", span, format!("`{shown}` is not differentiable: it has no `{op}`"));
            return self.error_expr(span);
        };
        let arity = if op == "dzero" { 0 } else { 2 };
        if args.len() != arity {
            self.error("E0409", span, format!("`{op}` takes {arity} arguments"));
            return self.error_expr(span);
        }
        match op {
            "dzero" => self.zero_value(&dty, span),
            "dadd" => {
                let a = self.value_of_type(&args[0], &dty);
                let b = self.value_of_type(&args[1], &dty);
                self.differential_sum(a, b, &dty, span)
            }
            _ => {
                let s = self.expr(&args[0]);
                let a = self.value_of_type(&args[1], &dty);
                self.differential_scale(s, a, &dty, span)
            }
        }
    }

    /// The zero of differential type `ty`: the `dzero()` of a struct whose `Differential` it is,
    /// where the struct gives one, else zeros.
    fn differential_zero(&mut self, ty: &Type, span: Span) -> ExprId {
        if let Type::Struct(d) = ty {
            let mut owners: Vec<StructId> =
                self.autodiff.differentials.iter().filter(|(_, v)| **v == Some(*d)).map(|(h, _)| *h).collect();
            owners.sort_by_key(|h| h.index());
            for h in owners {
                if self.method_of(h, "dzero") == Some(true) {
                    let key = super::methods::method_key(&self.module.structs[h].name, "dzero");
                    let ids = self.functions.get(&key).cloned().unwrap_or_default();
                    if let Some(id) = ids.into_iter().find(|id| self.sigs[id.index()].params.is_empty()) {
                        let zero = self.call_function(id, Vec::new(), span);
                        return self.coerce(zero, ty, span);
                    }
                }
            }
        }
        self.zero_value(ty, span)
    }

    /// `a + b` of two differentials, field by field and element by element.
    fn differential_sum(&mut self, a: ExprId, b: ExprId, ty: &Type, span: Span) -> ExprId {
        if let Some(x) = self.differentiable_existential(ty) {
            return self.existential_sum(x, a, b, span);
        }
        match ty {
            Type::Struct(h) => {
                let fields = self.module.structs[*h].fields.clone();
                let parts = (0..fields.len())
                    .map(|i| {
                        let fa =
                            self.add_expr(ExprKind::Field { base: a, index: i as u32 }, fields[i].ty.clone(), span);
                        let (a2, b2) = (
                            fa,
                            self.add_expr(ExprKind::Field { base: b, index: i as u32 }, fields[i].ty.clone(), span),
                        );
                        self.differential_sum(a2, b2, &fields[i].ty, span)
                    })
                    .collect::<Vec<_>>();
                // `a` and `b` are read once per field: copies keep the IR a tree.
                let parts = parts.into_iter().map(|p| self.dup(p)).collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            Type::Array(e, Some(n)) => {
                let parts = (0..*n)
                    .map(|i| {
                        let ia = self.add_expr(ExprKind::Const(ConstValue::Int(i as i64)), Type::INT, span);
                        let ib = self.add_expr(ExprKind::Const(ConstValue::Int(i as i64)), Type::INT, span);
                        let (a2, b2) = (self.dup(a), self.dup(b));
                        let ea = self.add_expr(ExprKind::Index { base: a2, index: ia }, (**e).clone(), span);
                        let eb = self.add_expr(ExprKind::Index { base: b2, index: ib }, (**e).clone(), span);
                        self.differential_sum(ea, eb, e, span)
                    })
                    .collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            _ => self.binary(BinaryOp::Add, a, b, span),
        }
    }

    /// `s * a` of a scalar and a differential, field by field and element by element.
    fn differential_scale(&mut self, s: ExprId, a: ExprId, ty: &Type, span: Span) -> ExprId {
        match ty {
            Type::Struct(h) => {
                let fields = self.module.structs[*h].fields.clone();
                let parts = (0..fields.len())
                    .map(|i| {
                        let (s2, a2) = (self.dup(s), self.dup(a));
                        let fa =
                            self.add_expr(ExprKind::Field { base: a2, index: i as u32 }, fields[i].ty.clone(), span);
                        self.differential_scale(s2, fa, &fields[i].ty, span)
                    })
                    .collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            Type::Array(e, Some(n)) => {
                let parts = (0..*n)
                    .map(|i| {
                        let (s2, a2) = (self.dup(s), self.dup(a));
                        let ia = self.add_expr(ExprKind::Const(ConstValue::Int(i as i64)), Type::INT, span);
                        let ea = self.add_expr(ExprKind::Index { base: a2, index: ia }, (**e).clone(), span);
                        self.differential_scale(s2, ea, e, span)
                    })
                    .collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            _ => {
                let p = self.binary(BinaryOp::Mul, s, a, span);
                self.coerce(p, ty, span)
            }
        }
    }

    /// `diffPair(p, d)`: a pair of `p`'s type (`d` zero when not given).
    fn make_pair(&mut self, p: ExprId, d: Option<&ast::Expr>, span: Span) -> ExprId {
        let mut p = p;
        let mut ty = self.ty(p);
        if ty.is_error() {
            return self.error_expr(span);
        }
        // An integer is no differentiable type: as in Slang, `diffPair(2)` pairs the float it
        // converts to (the constraint picks `float` for the literal's `int`).
        let float = match ty {
            Type::Scalar(s) if s.is_int() => Some(Type::FLOAT),
            Type::Vector(s, n) if s.is_int() => Some(Type::Vector(Scalar::F32, n)),
            _ => None,
        };
        if let Some(f) = float {
            p = self.coerce(p, &f, span);
            ty = f;
        }
        let pair = self.pair_type(&ty, span);
        let Type::Struct(h) = pair else { return self.error_expr(span) };
        let dty = self.module.structs[h].fields[1].ty.clone();
        let d = match d {
            Some(d) => self.value_of_type(d, &dty),
            None => self.differential_zero(&dty, span),
        };
        self.add_expr(ExprKind::Construct(vec![p, d]), pair, span)
    }

    /// Slang's core `updatePrimal(inout pair, p)`, `updateDiff(inout pair, d)` and
    /// `updatePair(inout pair, p, d)`: they overwrite (not accumulate) the pair's parts, so a
    /// custom backward derivative can hand back a parameter's differential.
    fn update_pair(&mut self, op: &str, pair: &ast::Expr, rest: &[ast::Expr], span: Span) -> Option<ExprId> {
        let want = if op == "updatePair" { 2 } else { 1 };
        if rest.len() != want {
            return None;
        }
        let target = self.expr(pair);
        let Type::Struct(h) = self.ty(target) else {
            if self.ty(target).is_error() {
                return Some(self.error_expr(span));
            }
            let shown = self.type_name(&self.ty(target));
            self.error("E0403", span, format!("`{op}` takes a `DifferentialPair`, not `{shown}`"));
            return Some(self.error_expr(span));
        };
        if !self.is_pair(h) {
            let shown = self.type_name(&Type::Struct(h));
            self.error("E0403", span, format!("`{op}` takes a `DifferentialPair`, not `{shown}`"));
            return Some(self.error_expr(span));
        }
        if !self.require_lvalue(target) {
            return Some(self.error_expr(span));
        }
        let fields = self.module.structs[h].fields.clone();
        let (place, value) = match op {
            "updatePair" => {
                let p = self.value_of_type(&rest[0], &fields[0].ty);
                let d = self.value_of_type(&rest[1], &fields[1].ty);
                (target, self.add_expr(ExprKind::Construct(vec![p, d]), Type::Struct(h), span))
            }
            _ => {
                let index = u32::from(op == "updateDiff");
                let ty = fields[index as usize].ty.clone();
                let place = self.add_expr(ExprKind::Field { base: target, index }, ty.clone(), span);
                (place, self.value_of_type(&rest[0], &ty))
            }
        };
        let ty = self.ty(place);
        Some(self.add_expr(ExprKind::Assign { op: None, target: place, value }, ty, span))
    }

    /// Whether no user function or variable takes the name of a core autodiff function.
    fn unclaimed(&self, name: &str) -> bool {
        !self.functions.contains_key(name)
            && !self.generic_fns.contains_key(name)
            && !self.cur.as_ref().is_some_and(|st| st.scopes.iter().any(|s| s.contains_key(name)))
    }

    /// `fwd_diff(f)(args)`: a call of `f`'s forward derivative.
    fn call_forward_derivative(&mut self, f: &ast::Expr, args: &[ast::Expr], span: Span) -> ExprId {
        let (name, mut ids) = self.differentiated(f);
        // A generic function: the instance the arguments' primal values call.
        let generic = match &f.kind {
            ast::ExprKind::Ident(n) if ids.is_empty() => {
                let key = self.scoped(n, |k| self.generic_fns.contains_key(k));
                self.generic_fns.contains_key(&key).then_some(key)
            }
            _ => None,
        };
        if let (true, ast::ExprKind::Ident(n)) = (ids.is_empty() && generic.is_none(), &f.kind) {
            if !self.stdlib.overloads(n).is_empty() {
                let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
                if let Some(b) = self.intrinsic_body_for(n, &arg_ids, span) {
                    let Some(d) = self.forward_derivative(b, f.span) else { return self.error_expr(span) };
                    return self.call_user(&format!("fwd_diff({name})"), &[d], arg_ids, span, f.span);
                }
                let Some(w) = self.wrapped_intrinsic(n, &arg_ids, arg_ids.len(), span) else {
                    return self.error_expr(span);
                };
                let Some(d) = self.forward_derivative(w, f.span) else { return self.error_expr(span) };
                return self.call_user(&format!("fwd_diff({name})"), &[d], arg_ids, span, f.span);
            }
        }
        // `fwd_diff(fwd_diff(sin))`: the intrinsic's wrapper differentiated as many times.
        if ids.is_empty() && generic.is_none() {
            if let Some(e) = self.nested_intrinsic_derivative(f, &name, args, span) {
                return e;
            }
        }
        if let Some(key) = generic {
            let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
            if arg_ids.iter().any(|a| self.ty(*a).is_error()) {
                return self.error_expr(span);
            }
            let primal_types: Vec<Type> = arg_ids
                .iter()
                .map(|a| match self.ty(*a) {
                    Type::Struct(h) if self.is_pair(h) => self.autodiff.pair_of[&h].clone(),
                    Type::Struct(h) if self.is_ptr_pair(h) => self.autodiff.ptr_pair_of[&h].clone(),
                    t => t,
                })
                .collect();
            ids.extend(self.generic_instance_for(&key, &primal_types, span));
            let derivatives: Vec<FunctionId> =
                ids.iter().filter_map(|id| self.forward_derivative(*id, f.span)).collect();
            if derivatives.is_empty() {
                let d = Diagnostic::error("E0470", format!("`{name}` is not differentiable with these arguments"))
                    .with_label(f.span, "differentiated here")
                    .with_note("mark it `[Differentiable]`, and pass pairs (`diffPair(x, dx)`) for its differentiable parameters");
                self.push(d);
                return self.error_expr(span);
            }
            return self.call_user(&format!("fwd_diff({name})"), &derivatives, arg_ids, span, f.span);
        }
        if ids.is_empty() {
            let d = Diagnostic::error("E0470", "`fwd_diff` takes the name of a function").with_label(
                f.span,
                if name.is_empty() { "not a function name".to_string() } else { format!("no function `{name}`") },
            );
            self.push(d);
            return self.error_expr(span);
        }
        let reported = self.diags.len();
        let derivatives: Vec<FunctionId> = ids.iter().filter_map(|id| self.forward_derivative(*id, f.span)).collect();
        if derivatives.is_empty() && self.diags.len() > reported {
            return self.error_expr(span);
        }
        if derivatives.is_empty() {
            let d = Diagnostic::error("E0470", format!("`{name}` is not differentiable"))
                .with_label(f.span, "differentiated here")
                .with_note("mark it `[Differentiable]`, or give it a derivative with `[ForwardDerivative(…)]`");
            self.push(d);
            return self.error_expr(span);
        }
        self.call_derivatives(&format!("fwd_diff({name})"), &derivatives, args, span, f.span)
    }

    /// `fwd_diff(fwd_diff(g))(args)` (nested any number of times) of intrinsic `g`: its
    /// wrapper differentiated as many times. `None` when `f` is no such nest.
    fn nested_intrinsic_derivative(
        &mut self,
        f: &ast::Expr,
        name: &str,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<ExprId> {
        let mut inner = f;
        let mut depth = 0;
        while let ast::ExprKind::Call { callee, args: a, generic_args } = &inner.kind {
            match (&callee.kind, a.as_slice()) {
                (ast::ExprKind::Ident(op), [x])
                    if generic_args.is_empty() && matches!(op.as_str(), "fwd_diff" | "__fwd_diff") =>
                {
                    inner = x;
                    depth += 1;
                }
                _ => break,
            }
        }
        let ast::ExprKind::Ident(n) = &inner.kind else { return None };
        if depth == 0 || self.stdlib.overloads(n).is_empty() || !self.unclaimed(n) {
            return None;
        }
        let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
        if arg_ids.iter().any(|a| self.ty(*a).is_error()) {
            return Some(self.error_expr(span));
        }
        // Each argument's type with all but one of its pair levels taken off.
        let probes: Vec<ExprId> = arg_ids
            .iter()
            .map(|a| {
                let mut t = self.ty(*a);
                for _ in 0..depth {
                    t = match t {
                        Type::Struct(h) if self.is_pair(h) => self.autodiff.pair_of[&h].clone(),
                        t => t,
                    };
                }
                self.zero_value(&t, span)
            })
            .collect();
        let Some(mut d) = self.wrapped_intrinsic(n, &probes, probes.len(), span) else {
            return Some(self.error_expr(span));
        };
        for _ in 0..=depth {
            let Some(next) = self.forward_derivative(d, f.span) else { return Some(self.error_expr(span)) };
            d = next;
        }
        Some(self.call_user(&format!("fwd_diff({name})"), &[d], arg_ids, span, f.span))
    }

    /// The functions `fwd_diff(f)` names by `f`: the overloads of a name, a struct's method
    /// (`S.method`), or the derivatives of another `fwd_diff`.
    fn differentiated(&mut self, f: &ast::Expr) -> (String, Vec<FunctionId>) {
        if let ast::ExprKind::Call { callee, args, generic_args } = &f.kind {
            if let (ast::ExprKind::Ident(op), [inner], true) = (&callee.kind, args.as_slice(), generic_args.is_empty())
            {
                if matches!(op.as_str(), "fwd_diff" | "__fwd_diff") {
                    let (name, ids) = self.differentiated(inner);
                    let ids = ids.iter().filter_map(|id| self.forward_derivative(*id, f.span)).collect();
                    return (format!("fwd_diff({name})"), ids);
                }
            }
        }
        match &f.kind {
            ast::ExprKind::Ident(n) => {
                let key = self.scoped(n, |k| self.functions.contains_key(k));
                let ids = self.functions.get(&key).cloned().unwrap_or_default();
                // Declared further on, perhaps: the body is checked again once it is.
                if ids.is_empty() && !self.generic_fns.contains_key(n) && self.stdlib.overloads(n).is_empty() {
                    self.unresolved_calls.push(n.clone());
                }
                (n.clone(), ids)
            }
            ast::ExprKind::Instance { name, generic_args } => {
                let key = self.scoped(name, |k| self.generic_fns.contains_key(k));
                let ids = self.explicit_instances(&key, generic_args, f.span);
                (name.clone(), ids)
            }
            // `fwd_diff(S.method)`: its object, when not `[NoDiffThis]`, is a pair too.
            ast::ExprKind::Path { ty, name } => {
                let t = self.resolve_type(ty);
                match t {
                    Type::Struct(h) => {
                        let key = super::methods::method_key(&self.module.structs[h].name, &name.name);
                        let ids = self.functions.get(&key).cloned().unwrap_or_default();
                        // A method an extension further on declares: checked again then.
                        if ids.is_empty() && !self.generic_fns.contains_key(&key) {
                            self.unresolved_calls.push(key.clone());
                        }
                        (key, ids)
                    }
                    _ => (name.name.clone(), Vec::new()),
                }
            }
            _ => (String::new(), Vec::new()),
        }
    }

    /// The signature `fwd_diff(f)` has: each differentiable parameter a pair, and the result.
    fn forward_signature(&mut self, id: FunctionId, span: Span) -> (Vec<(Type, ParamMode)>, Type) {
        let sig = self.sigs[id.index()].clone();
        let info = self.autodiff.info.get(&id).cloned().unwrap_or_default();
        let is_method = self.module.functions[id]
            .params
            .first()
            .is_some_and(|l| self.module.functions[id].locals[*l].name == "this");
        let mut params = Vec::new();
        for (i, (ty, mode)) in sig.params.iter().enumerate() {
            let no_diff = info.no_diff.get(i).copied().unwrap_or(false) || (i == 0 && is_method && info.no_diff_this);
            if !no_diff && self.differential_type(ty).is_some() {
                params.push((self.pair_type(ty, span), *mode));
            } else if !no_diff && self.ptr_differential(ty).is_some() {
                if *mode != ParamMode::In {
                    // Slang's rule: a location is an input of a derivative, never a result.
                    let shown = self.type_name(ty);
                    let at = self.sigs[id.index()].span;
                    let d = Diagnostic::error(
                        "E0477",
                        format!("a differentiable function cannot take the pointer-like `{shown}` as `out` or `inout`"),
                    )
                    .with_label(at, "differentiated here")
                    .with_note("take it `in`: its derivative goes through the location its differential names");
                    self.push(d);
                }
                params.push((self.ptr_pair_type(ty, span), *mode));
            } else {
                params.push((ty.clone(), *mode));
            }
        }
        let ret = if self.differential_type(&sig.ret).is_some() {
            self.pair_type(&sig.ret, span)
        } else if self.ptr_differential(&sig.ret).is_some() {
            self.ptr_pair_type(&sig.ret, span)
        } else {
            sig.ret.clone()
        };
        (params, ret)
    }

    /// The forward derivative of function `id`, declared on first use (its body is written at
    /// the end, [`Checker::write_forward_derivatives`]); `None` when `id` is not differentiable.
    pub(super) fn forward_derivative(&mut self, id: FunctionId, span: Span) -> Option<FunctionId> {
        let id = self.primal_substitute(id);
        if let Some(d) = self.autodiff.derivatives.get(&id) {
            return Some(*d);
        }
        if let Some(d) = self.marshal_derivative(id, false, span) {
            return Some(d);
        }
        let info = self.autodiff.info.get(&id).cloned();
        let sig_name = self.sigs[id.index()].name.clone();
        // A derivative the user wrote, named on either side.
        let named: Vec<(String, Span, bool)> =
            info.as_ref().and_then(|i| i.custom.clone()).map(|(n, s)| vec![(n, s, true)]).unwrap_or_default();
        let mut by_of: Vec<FunctionId> =
            self.autodiff.derivative_of.iter().filter(|(p, _, _)| *p == sig_name).map(|(_, d, _)| *d).collect();
        by_of.extend(self.generic_derivatives_of(id, false, span));
        if !named.is_empty() || !by_of.is_empty() {
            let (params, ret) = self.forward_signature(id, span);
            let matches = |c: &Checker, d: FunctionId| {
                let s = &c.sigs[d.index()];
                s.ret == ret && s.params.len() == params.len() && s.params.iter().zip(&params).all(|(a, b)| a.0 == b.0)
            };
            let mut candidates = by_of;
            for (n, _, _) in &named {
                let key = self.scoped(n, |k| self.functions.contains_key(k));
                candidates.extend(self.functions.get(&key).cloned().unwrap_or_default());
                // A generic derivative: the instance its written arguments make, read as the
                // function's instance binds its generic parameters, or the one for the
                // derivative's parameter types.
                let generic = self.scoped(n, |k| self.generic_fns.contains_key(k));
                let written = info.as_ref().map(|i| i.custom_generic_args.clone()).unwrap_or_default();
                if let (false, Some((g, bound))) = (written.is_empty(), self.instance_of(id)) {
                    let decl = self.generics[g].decl.clone();
                    let outer = self.bind_generics(&decl.generics, &bound);
                    candidates.extend(self.explicit_instances(&generic, &written, span));
                    self.unbind_generics(outer);
                } else if self.generic_fns.contains_key(&generic) {
                    candidates.extend(self.instances_like(&generic, id, span));
                    let types: Vec<Type> = params.iter().map(|(t, _)| t.clone()).collect();
                    candidates.extend(self.generic_instance_for(&generic, &types, span));
                }
                // A method's derivative is a method of its struct.
                if let Some((owner, _)) = sig_name.rsplit_once("::") {
                    candidates.extend(self.functions.get(&format!("{owner}::{n}")).cloned().unwrap_or_default());
                }
            }
            if let Some(d) = candidates.iter().copied().find(|d| matches(self, *d)) {
                self.autodiff.derivatives.insert(id, d);
                return Some(d);
            }
            if let Some((n, at, _)) = named.first() {
                let shown: Vec<String> = params.iter().map(|(t, _)| self.type_name(t)).collect();
                let d =
                    Diagnostic::error("E0473", format!("no function `{n}` is a forward derivative of `{sig_name}`"))
                        .with_label(*at, "named as the derivative here")
                        .with_note(format!(
                            "the derivative takes ({}) and returns `{}`",
                            shown.join(", "),
                            self.type_name(&ret)
                        ));
                self.push(d);
                return None;
            }
        }
        // A backward derivative only (`[BackwardDerivativeOf(f)]` on another function): forward
        // differentiated with a zero derivative, as `[BackwardDerivative]` on it would be.
        let backward_only = self.has_user_backward(id);
        let info = match info {
            None if backward_only => DiffInfo { treat_as: true, ..DiffInfo::default() },
            None => return None,
            Some(i) => DiffInfo { treat_as: i.treat_as || backward_only, ..i },
        };
        if !info.differentiable && !info.treat_as {
            return None;
        }
        self.autodiff.info.entry(id).or_insert(info);
        let (params, ret) = self.forward_signature(id, span);
        let name = format!("{}_fwd_diff", super::dynamic::ir_word(&self.module.functions[id].name));
        let d = self.declare_generated(&name, params, ret, self.sigs[id.index()].span);
        self.autodiff.derivatives.insert(id, d);
        self.autodiff.queue.push((id, d));
        // A derivative is differentiable in turn (`fwd_diff(fwd_diff(f))`).
        self.autodiff.info.insert(d, DiffInfo { differentiable: true, ..DiffInfo::default() });
        Some(d)
    }

    /// The function differentiated in place of `id`: its primal substitute
    /// (`[PrimalSubstitute(g)]` on it, `[PrimalSubstituteOf(f)]` on the other) of the same
    /// signature, whose body the derivatives are written from (as Slang does, the derivative's
    /// primal value is the substitute's too); else `id` itself.
    fn primal_substitute(&mut self, id: FunctionId) -> FunctionId {
        let sig = self.sigs[id.index()].clone();
        let same = |c: &Checker, s: FunctionId| {
            let t = &c.sigs[s.index()];
            s != id && t.ret == sig.ret && t.params == sig.params
        };
        let mut candidates: Vec<FunctionId> =
            self.autodiff.substitute_of.iter().filter(|(p, _)| *p == sig.name).map(|(_, s)| *s).collect();
        if let Some((n, _)) = self.autodiff.info.get(&id).and_then(|i| i.substitute.clone()) {
            let key = self.scoped(&n, |k| self.functions.contains_key(k));
            candidates.extend(self.functions.get(&key).cloned().unwrap_or_default());
            if let Some((owner, _)) = sig.name.rsplit_once("::") {
                candidates.extend(self.functions.get(&format!("{owner}::{n}")).cloned().unwrap_or_default());
            }
        }
        candidates.into_iter().find(|s| same(self, *s)).unwrap_or(id)
    }

    /// Writes the bodies of the derivatives declared so far (writing one may declare more).
    pub(super) fn write_forward_derivatives(&mut self) {
        // In order: a derivative of a derivative reads the body of the one before.
        loop {
            if !self.autodiff.queue.is_empty() {
                let (primal, d) = self.autodiff.queue.remove(0);
                self.write_forward_derivative(primal, d);
            } else if let Some((fwd, bwd)) = self.autodiff.backward_queue.pop() {
                self.write_backward_derivative(fwd, bwd);
            } else {
                break;
            }
        }
    }

    fn write_forward_derivative(&mut self, primal: FunctionId, id: FunctionId) {
        let src = self.module.functions[primal].clone();
        let info = self.autodiff.info.get(&primal).cloned().unwrap_or_default();
        let no_diff = self.facts.get(&primal).map(|f| f.no_diff.clone()).unwrap_or_default();
        let sig = self.sigs[id.index()].clone();
        let span = src.span;
        let mut func = Function {
            name: self.module.functions[id].name.clone(),
            ret: sig.ret.clone(),
            ret_semantic: None,
            locals: Arena::new(),
            params: Vec::new(),
            exprs: Arena::new(),
            body: Block::default(),
            span,
            uses: Uses::default(),
        };
        let mut w = Writer {
            src,
            no_diff,
            locals: HashMap::default(),
            pair_params: Vec::new(),
            ret_pair: (sig.ret != self.sigs[primal.index()].ret).then(|| self.sigs[primal.index()].ret.clone()),
            zero: info.treat_as && !info.differentiable,
            read: HashSet::default(),
            companions: HashMap::default(),
        };
        // Every local of the primal has its copy, and a differential if its type has one.
        let src_locals: Vec<(LocalId, Local)> = w.src.locals.iter().map(|(h, l)| (h, l.clone())).collect();
        for (h, l) in &src_locals {
            let primal_local = func.locals.append(Local { param: None, builtin: None, ..l.clone() });
            let diff = match self.differential_type(&l.ty) {
                Some(t) if !w.zero => Some(func.locals.append(Local::new(format!("{}_d", l.name), t, l.span))),
                _ => None,
            };
            w.locals.insert(*h, Mapped { primal: primal_local, diff });
            let carries = l.param.is_some() || self.ptr_struct_based(&l.ty);
            if let Some(t) = self.ptr_differential(&l.ty).filter(|_| !w.zero && carries) {
                let c = func.locals.append(Local::new(format!("{}_dp", l.name), t, l.span));
                w.companions.insert(*h, c);
            }
        }
        let mut prologue = Vec::new();
        for (i, p) in w.src.params.clone().iter().enumerate() {
            let (ty, mode) = sig.params[i].clone();
            let m = w.locals[p];
            let name = w.src.locals[*p].name.clone();
            if ty == self.sigs[primal.index()].params[i].0 {
                // Taken as it is: the parameter is the local, with no differential.
                let param = func.locals.append(Local::param(name, ty, mode, span));
                func.params.push(param);
                w.locals.insert(*p, Mapped { primal: param, diff: None });
                continue;
            }
            let param = func.locals.append(Local::param(format!("{name}_pair"), ty.clone(), mode, span));
            func.params.push(param);
            w.pair_params.push((param, *p, mode));
            prologue.push((param, m, w.companions.get(p).copied(), mode, ty));
        }
        let caller = self.cur.take();
        self.cur = Some(FnState::new(func));
        let mut stmts = Vec::new();
        for (param, m, companion, mode, ty) in prologue {
            let Type::Struct(h) = ty else { continue };
            let fields = self.module.structs[h].fields.clone();
            if let Some(c) = companion {
                let a = self.add_expr(ExprKind::Local(param), Type::Struct(h), span);
                let b = self.add_expr(ExprKind::Local(param), Type::Struct(h), span);
                let p = self.add_expr(ExprKind::Field { base: a, index: 0 }, fields[0].ty.clone(), span);
                let d = self.add_expr(ExprKind::Field { base: b, index: 1 }, fields[1].ty.clone(), span);
                stmts.push(Stmt::Local { local: m.primal, init: Some(p) });
                stmts.push(Stmt::Local { local: c, init: Some(d) });
                continue;
            }
            let (p, d) = if mode == ParamMode::Out {
                (None, m.diff.map(|_| self.differential_zero(&fields[1].ty, span)))
            } else {
                let a = self.add_expr(ExprKind::Local(param), Type::Struct(h), span);
                let b = self.add_expr(ExprKind::Local(param), Type::Struct(h), span);
                let p = self.add_expr(ExprKind::Field { base: a, index: 0 }, fields[0].ty.clone(), span);
                let d = self.add_expr(ExprKind::Field { base: b, index: 1 }, fields[1].ty.clone(), span);
                (Some(p), Some(d))
            };
            stmts.push(Stmt::Local { local: m.primal, init: p });
            if let Some(dl) = m.diff {
                stmts.push(Stmt::Local { local: dl, init: d });
            }
        }
        let body = w.src.body.clone();
        self.fwd_block(&mut w, &body, &mut stmts);
        if !super::stmt::always_returns(&Block { stmts: stmts.clone() }) {
            let write = self.write_back(&w, span);
            stmts.extend(write);
        }
        let state = self.cur.take().expect("the derivative being written");
        self.cur = caller;
        let mut func = state.func;
        func.body = Block { stmts };
        func.uses = func.gather_uses();
        self.module.functions[id] = func;
        self.facts.insert(id, state.facts);
        self.made_instances = true;
    }

    /// The `out` and `inout` pair parameters set from their locals.
    fn write_back(&mut self, w: &Writer, span: Span) -> Vec<Stmt> {
        let mut out = Vec::new();
        for &(param, src, mode) in &w.pair_params {
            if mode == ParamMode::In {
                continue;
            }
            let m = w.locals[&src];
            let ty = self.cur.as_ref().map(|st| st.func.locals[param].ty.clone()).unwrap_or(Type::Error);
            let Type::Struct(h) = ty else { continue };
            let fields = self.module.structs[h].fields.clone();
            let p = self.add_expr(ExprKind::Local(m.primal), fields[0].ty.clone(), span);
            let d = match m.diff {
                Some(dl) => self.add_expr(ExprKind::Local(dl), fields[1].ty.clone(), span),
                None => self.differential_zero(&fields[1].ty, span),
            };
            let value = self.add_expr(ExprKind::Construct(vec![p, d]), ty.clone(), span);
            let target = self.add_expr(ExprKind::Local(param), ty.clone(), span);
            out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target, value }, ty, span)));
        }
        out
    }

    fn fwd_block(&mut self, w: &mut Writer, b: &Block, out: &mut Vec<Stmt>) {
        for s in &b.stmts {
            self.fwd_stmt(w, s, out);
        }
    }

    fn fwd_sub_block(&mut self, w: &mut Writer, b: &Block) -> Block {
        let mut stmts = Vec::new();
        self.fwd_block(w, b, &mut stmts);
        Block { stmts }
    }

    fn fwd_stmt(&mut self, w: &mut Writer, s: &Stmt, out: &mut Vec<Stmt>) {
        match s {
            Stmt::Expr(e) => self.fwd_effect(w, *e, out),
            Stmt::Local { local, init } => {
                let m = w.locals[local];
                let span = w.src.locals[*local].span;
                match init {
                    Some(e) => {
                        let (p, d) = self.fwd_expr(w, *e, out);
                        out.push(Stmt::Local { local: m.primal, init: Some(p) });
                        if let Some(c) = w.companions.get(local).copied() {
                            let ty = self.local_ty(c);
                            if d.is_none() {
                                let primal_ty = w.src.locals[*local].ty.clone();
                                self.unknown_location(&primal_ty, w.src.exprs[*e].span);
                            }
                            out.push(Stmt::Local { local: c, init: d.map(|d| self.coerce(d, &ty, span)) });
                        }
                        if let Some(dl) = m.diff {
                            let dty = self.local_ty(dl);
                            let d = self.or_zero(d, &dty, span);
                            out.push(Stmt::Local { local: dl, init: Some(d) });
                        }
                    }
                    None => {
                        out.push(Stmt::Local { local: m.primal, init: None });
                        if let Some(c) = w.companions.get(local).copied() {
                            out.push(Stmt::Local { local: c, init: None });
                        }
                        if let Some(dl) = m.diff {
                            let dty = self.local_ty(dl);
                            let zero = self.differential_zero(&dty, span);
                            out.push(Stmt::Local { local: dl, init: Some(zero) });
                        }
                    }
                }
            }
            Stmt::Block(b) => out.push(Stmt::Block(self.fwd_sub_block(w, b))),
            Stmt::If { cond, then, els, hint } => {
                let cond = self.fwd_condition(w, *cond, out);
                let then = self.fwd_sub_block(w, then);
                let els = els.as_ref().map(|b| self.fwd_sub_block(w, b));
                out.push(Stmt::If { cond, then, els, hint: *hint });
            }
            Stmt::For { init, cond, step, body, hint } => {
                let mut head = Vec::new();
                for s in init {
                    self.fwd_stmt(w, s, &mut head);
                }
                let cond = cond.map(|c| self.copy_expr(w, c));
                let mut body = self.fwd_sub_block(w, body);
                let mut step_stmts = Vec::new();
                if let Some(s) = step {
                    self.fwd_effect(w, *s, &mut step_stmts);
                }
                let step = match step_stmts.as_slice() {
                    [] => None,
                    [Stmt::Expr(e)] => Some(*e),
                    _ => {
                        // A step that changes a differentiable value runs at the end of the body
                        // (and before each `continue`).
                        body = with_step(&body, &step_stmts);
                        None
                    }
                };
                head.push(Stmt::For { init: Vec::new(), cond, step, body, hint: *hint });
                out.push(Stmt::Block(Block { stmts: head }));
            }
            Stmt::While { cond, body, hint } => {
                let cond = self.copy_expr(w, *cond);
                let body = self.fwd_sub_block(w, body);
                out.push(Stmt::While { cond, body, hint: *hint });
            }
            Stmt::DoWhile { body, cond, hint } => {
                let body = self.fwd_sub_block(w, body);
                let cond = self.copy_expr(w, *cond);
                out.push(Stmt::DoWhile { body, cond, hint: *hint });
            }
            Stmt::Switch { selector, cases } => {
                let selector = self.fwd_condition(w, *selector, out);
                let cases = cases
                    .iter()
                    .map(|c| SwitchCase {
                        values: c.values.clone(),
                        is_default: c.is_default,
                        body: self.fwd_sub_block(w, &c.body),
                    })
                    .collect();
                out.push(Stmt::Switch { selector, cases });
            }
            Stmt::Return(value) => {
                let span = w.src.span;
                let Some(e) = value else {
                    let write = self.write_back(w, span);
                    out.extend(write);
                    out.push(Stmt::Return(None));
                    return;
                };
                let (p, d) = self.fwd_expr(w, *e, out);
                let ret = self.cur.as_ref().map(|st| st.func.ret.clone()).unwrap_or(Type::Error);
                let value = match (&w.ret_pair, &ret) {
                    (Some(_), Type::Struct(h)) => {
                        let fields = self.module.structs[*h].fields.clone();
                        let p = self.coerce(p, &fields[0].ty, span);
                        let d = self.or_zero(d, &fields[1].ty, span);
                        self.add_expr(ExprKind::Construct(vec![p, d]), ret.clone(), span)
                    }
                    _ => self.coerce(p, &ret, span),
                };
                let result = self.temp_local("result", &ret, span);
                out.push(Stmt::Local { local: result, init: Some(value) });
                let write = self.write_back(w, span);
                out.extend(write);
                let read = self.add_expr(ExprKind::Local(result), ret, span);
                out.push(Stmt::Return(Some(read)));
            }
            Stmt::Break => out.push(Stmt::Break),
            Stmt::Continue => out.push(Stmt::Continue),
            Stmt::Discard => out.push(Stmt::Discard),
        }
    }

    /// A condition or selector: its primal value (calls in it run as they are).
    fn fwd_condition(&mut self, w: &mut Writer, e: ExprId, out: &mut Vec<Stmt>) -> ExprId {
        self.fwd_expr(w, e, out).0
    }

    fn local_ty(&self, l: LocalId) -> Type {
        self.cur.as_ref().map(|st| st.func.locals[l].ty.clone()).unwrap_or(Type::Error)
    }

    fn temp_local(&mut self, name: &str, ty: &Type, span: Span) -> LocalId {
        self.temp_counter += 1;
        let n = format!("_{name}{}", self.temp_counter);
        let st = self.cur.as_mut().expect("inside the derivative");
        st.func.locals.append(Local::new(n, ty.clone(), span))
    }

    /// `local = value`, as an expression.
    fn set_local(&mut self, local: LocalId, value: ExprId, span: Span) -> ExprId {
        let ty = self.local_ty(local);
        let target = self.add_expr(ExprKind::Local(local), ty.clone(), span);
        self.add_expr(ExprKind::Assign { op: None, target, value }, ty, span)
    }

    fn or_zero(&mut self, d: Option<ExprId>, ty: &Type, span: Span) -> ExprId {
        match d {
            Some(d) => self.coerce(d, ty, span),
            None => self.differential_zero(ty, span),
        }
    }

    /// An expression whose value is not used: its effects, on primal and differential values.
    fn fwd_effect(&mut self, w: &mut Writer, e: ExprId, out: &mut Vec<Stmt>) {
        match w.src.exprs[e].kind.clone() {
            ExprKind::Assign { .. } => {
                self.fwd_assign(w, e, out);
            }
            ExprKind::Comma(a, b) => {
                self.fwd_effect(w, a, out);
                self.fwd_effect(w, b, out);
            }
            ExprKind::Call { .. } if !w.no_diff.contains(&e) => {
                self.fwd_call(w, e, out);
            }
            _ => {
                let (p, _) = self.fwd_expr(w, e, out);
                out.push(Stmt::Expr(p));
            }
        }
    }

    /// An assignment, as statements: the differential is computed from the values before it.
    /// Gives the target's primal and differential places.
    fn fwd_assign(&mut self, w: &mut Writer, e: ExprId, out: &mut Vec<Stmt>) -> (ExprId, Option<ExprId>) {
        let Expr { kind: ExprKind::Assign { op, target, value }, ty, span } = w.src.exprs[e].clone() else {
            unreachable!("an assignment")
        };
        // A pointer-like local takes the value's differential location with it.
        if let (None, ExprKind::Local(l)) = (op, w.src.exprs[target].kind.clone()) {
            if let Some(c) = w.companions.get(&l).copied() {
                let (vp, vd) = self.fwd_expr(w, value, out);
                let primal = w.locals[&l].primal;
                let vp = self.coerce(vp, &ty, span);
                let set = self.set_local(primal, vp, span);
                out.push(Stmt::Expr(set));
                match vd {
                    Some(vd) => {
                        let cty = self.local_ty(c);
                        let vd = self.coerce(vd, &cty, span);
                        let set = self.set_local(c, vd, span);
                        out.push(Stmt::Expr(set));
                    }
                    None => self.unknown_location(&ty, w.src.exprs[value].span),
                }
                let p = self.add_expr(ExprKind::Local(primal), ty, span);
                let cty = self.local_ty(c);
                return (p, Some(self.add_expr(ExprKind::Local(c), cty, span)));
            }
        }
        let (tp, td) = self.fwd_expr(w, target, out);
        if td.is_none() || w.no_diff.contains(&e) {
            let copy = self.copy_expr(w, e);
            out.push(Stmt::Expr(copy));
            let again = self.dup(tp);
            return (again, None);
        }
        let td = td.expect("checked above");
        self.share_indices(tp, td, out, span);
        let (vp, vd) = self.fwd_expr(w, value, out);
        let (vp, vd) = match op {
            None => (vp, vd),
            Some(op) => {
                let a = self.dup(tp);
                let da = self.dup(td);
                self.fwd_binary(op, (a, Some(da)), (vp, vd), &ty, span)
            }
        };
        let dty = self.ty(td);
        let d = self.or_zero(vd, &dty, span);
        let saved = self.temp_local("d", &dty, span);
        out.push(Stmt::Local { local: saved, init: Some(d) });
        let vp = self.coerce(vp, &ty, span);
        let set = self.add_expr(ExprKind::Assign { op: None, target: tp, value: vp }, ty.clone(), span);
        out.push(Stmt::Expr(set));
        let read = self.add_expr(ExprKind::Local(saved), dty.clone(), span);
        let set = self.add_expr(ExprKind::Assign { op: None, target: td, value: read }, dty, span);
        out.push(Stmt::Expr(set));
        let (p, d) = (self.dup(tp), self.dup(td));
        (p, Some(d))
    }

    /// A target's primal and differential places index alike: an index with effects
    /// (`data[offset++]`) is computed once, before both, into a temporary they both read.
    fn share_indices(&mut self, p: ExprId, d: ExprId, out: &mut Vec<Stmt>, span: Span) {
        let kinds = self.cur.as_ref().map(|st| (st.func.exprs[p].kind.clone(), st.func.exprs[d].kind.clone()));
        let Some((pk, dk)) = kinds else { return };
        match (pk, dk) {
            (ExprKind::Index { base: pb, index: pi }, ExprKind::Index { base: db, index: _ }) => {
                self.share_indices(pb, db, out, span);
                let pure = self.cur.as_ref().is_some_and(|st| st.func.is_pure(pi));
                if !pure {
                    let ity = self.ty(pi);
                    let t = self.temp_local("index", &ity, span);
                    out.push(Stmt::Local { local: t, init: Some(pi) });
                    let first = self.add_expr(ExprKind::Local(t), ity.clone(), span);
                    let second = self.add_expr(ExprKind::Local(t), ity, span);
                    if let Some(st) = self.cur.as_mut() {
                        st.func.exprs[p].kind = ExprKind::Index { base: pb, index: first };
                        st.func.exprs[d].kind = ExprKind::Index { base: db, index: second };
                    }
                }
            }
            (ExprKind::Field { base: pb, .. }, ExprKind::Field { base: db, .. })
            | (ExprKind::Swizzle { base: pb, .. }, ExprKind::Swizzle { base: db, .. }) => {
                self.share_indices(pb, db, out, span)
            }
            _ => {}
        }
    }

    /// The primal and differential of expression `e` of the primal (statements it needs first
    /// go to `out`). `None`: the differential is zero.
    fn fwd_expr(&mut self, w: &mut Writer, e: ExprId, out: &mut Vec<Stmt>) -> (ExprId, Option<ExprId>) {
        let Expr { kind, ty, span } = w.src.exprs[e].clone();
        if w.no_diff.contains(&e) || w.zero {
            return (self.copy_expr(w, e), None);
        }
        match kind {
            ExprKind::Call { .. } => return self.fwd_call(w, e, out),
            ExprKind::Assign { .. } => return self.fwd_assign(w, e, out),
            ExprKind::Comma(a, b) => {
                self.fwd_effect(w, a, out);
                return self.fwd_expr(w, b, out);
            }
            _ => {}
        }
        if let ExprKind::Local(l) = kind {
            if let Some(c) = w.companions.get(&l).copied() {
                let p = self.add_expr(ExprKind::Local(w.locals[&l].primal), ty, span);
                let cty = self.local_ty(c);
                return (p, Some(self.add_expr(ExprKind::Local(c), cty, span)));
            }
        }
        // An element of an array of pointer-like values: the element of its locations.
        if let (ExprKind::Index { base, index }, Some(dty)) = (&kind, self.ptr_differential(&ty)) {
            let (pb, db) = self.fwd_expr(w, *base, out);
            let i = self.copy_expr(w, *index);
            let p = self.add_expr(ExprKind::Index { base: pb, index: i }, ty, span);
            let d = db.map(|db| {
                let i = self.copy_expr(w, *index);
                self.add_expr(ExprKind::Index { base: db, index: i }, dty, span)
            });
            return (p, d);
        }
        let Some(dty) = self.differential_type(&ty) else { return (self.copy_expr(w, e), None) };
        match kind {
            ExprKind::Local(l) => {
                let m = w.locals[&l];
                let p = self.add_expr(ExprKind::Local(m.primal), ty, span);
                let d = m.diff.map(|dl| {
                    let t = self.local_ty(dl);
                    self.add_expr(ExprKind::Local(dl), t, span)
                });
                (p, d)
            }
            ExprKind::Unary(UnaryOp::Neg, a) => {
                let (pa, da) = self.fwd_expr(w, a, out);
                let p = self.add_expr(ExprKind::Unary(UnaryOp::Neg, pa), ty, span);
                let d = da.map(|d| {
                    let t = self.ty(d);
                    self.add_expr(ExprKind::Unary(UnaryOp::Neg, d), t, span)
                });
                (p, d)
            }
            ExprKind::Binary(op, a, b) => {
                let x = self.fwd_expr(w, a, out);
                let y = self.fwd_expr(w, b, out);
                let (p, d) = self.fwd_binary(op, x, y, &ty, span);
                let d = d.map(|d| self.coerce(d, &dty, span));
                (p, d)
            }
            ExprKind::Select { cond, then, els } => {
                let c = self.copy_expr(w, cond);
                let (pt, dt) = self.fwd_expr(w, then, out);
                let (pe, de) = self.fwd_expr(w, els, out);
                let p = self.add_expr(ExprKind::Select { cond: c, then: pt, els: pe }, ty, span);
                if dt.is_none() && de.is_none() {
                    return (p, None);
                }
                let c = self.copy_expr(w, cond);
                let dt = self.or_zero(dt, &dty, span);
                let de = self.or_zero(de, &dty, span);
                (p, Some(self.add_expr(ExprKind::Select { cond: c, then: dt, els: de }, dty, span)))
            }
            ExprKind::Convert(a) => {
                let (pa, da) = self.fwd_expr(w, a, out);
                let p = self.add_expr(ExprKind::Convert(pa), ty, span);
                let d = da.map(|d| if self.ty(d) == dty { d } else { self.add_expr(ExprKind::Convert(d), dty, span) });
                (p, d)
            }
            ExprKind::Construct(parts) => {
                let mut ps = Vec::new();
                let mut ds = Vec::new();
                for part in &parts {
                    let (p, d) = self.fwd_expr(w, *part, out);
                    ps.push(p);
                    ds.push(d);
                }
                let p = self.add_expr(ExprKind::Construct(ps.clone()), ty.clone(), span);
                if ds.iter().all(Option::is_none) {
                    return (p, None);
                }
                let mut dparts = Vec::new();
                match &ty {
                    Type::Struct(h) => {
                        let map = self.differential_fields(*h);
                        let Type::Struct(dh) = dty else { return (p, None) };
                        let dfields = self.module.structs[dh].fields.clone();
                        for (i, d) in ds.into_iter().enumerate() {
                            if let Some(Some(at)) = map.get(i) {
                                let fty = dfields[*at as usize].ty.clone();
                                dparts.push(self.or_zero(d, &fty, span));
                            }
                        }
                    }
                    _ => {
                        for (i, d) in ds.into_iter().enumerate() {
                            let pty = self.ty(ps[i]);
                            let part_ty = self.differential_type(&pty).unwrap_or(pty);
                            dparts.push(self.or_zero(d, &part_ty, span));
                        }
                    }
                }
                (p, Some(self.add_expr(ExprKind::Construct(dparts), dty, span)))
            }
            ExprKind::Swizzle { base, components } => {
                let (pb, db) = self.fwd_expr(w, base, out);
                let p = self.add_expr(ExprKind::Swizzle { base: pb, components: components.clone() }, ty, span);
                let d = db.map(|d| self.add_expr(ExprKind::Swizzle { base: d, components }, dty, span));
                (p, d)
            }
            ExprKind::Field { base, index } => {
                let (pb, db) = self.fwd_expr(w, base, out);
                let p = self.add_expr(ExprKind::Field { base: pb, index }, ty, span);
                let Type::Struct(h) = w.src.exprs[base].ty.clone() else { return (p, None) };
                let at = self.differential_fields(h).get(index as usize).copied().flatten();
                match (db, at) {
                    (Some(d), Some(at)) => (p, Some(self.add_expr(ExprKind::Field { base: d, index: at }, dty, span))),
                    _ => (p, None),
                }
            }
            ExprKind::Index { base, index } => {
                let i = self.copy_expr(w, index);
                let (pb, db) = self.fwd_expr(w, base, out);
                let p = self.add_expr(ExprKind::Index { base: pb, index: i }, ty, span);
                let d = db.map(|d| {
                    let i = self.copy_expr(w, index);
                    self.add_expr(ExprKind::Index { base: d, index: i }, dty, span)
                });
                (p, d)
            }
            ExprKind::Intrinsic { id, args, bound } => self.fwd_intrinsic(w, (id, args, bound), ty, span, out),
            ExprKind::IncDec { target, .. } => {
                let p = self.copy_expr(w, e);
                let (_, d) = self.fwd_expr(w, target, out);
                (p, d)
            }
            _ => (self.copy_expr(w, e), None),
        }
    }

    /// `a op b` and its differential, from those of its operands.
    fn fwd_binary(
        &mut self,
        op: BinaryOp,
        (pa, da): (ExprId, Option<ExprId>),
        (pb, db): (ExprId, Option<ExprId>),
        ty: &Type,
        span: Span,
    ) -> (ExprId, Option<ExprId>) {
        let p = self.binary(op, pa, pb, span);
        let p = self.coerce(p, ty, span);
        let d = match op {
            BinaryOp::Add | BinaryOp::Sub => match (da, db) {
                (None, None) => None,
                (Some(da), None) => Some(da),
                (None, Some(db)) if op == BinaryOp::Add => Some(db),
                (None, Some(db)) => {
                    let t = self.ty(db);
                    Some(self.add_expr(ExprKind::Unary(UnaryOp::Neg, db), t, span))
                }
                (Some(da), Some(db)) => Some(self.binary(op, da, db, span)),
            },
            BinaryOp::Mul => {
                let left = da.map(|da| {
                    let b = self.dup(pb);
                    self.binary(BinaryOp::Mul, da, b, span)
                });
                let right = db.map(|db| {
                    let a = self.dup(pa);
                    self.binary(BinaryOp::Mul, a, db, span)
                });
                match (left, right) {
                    (Some(l), Some(r)) => Some(self.binary(BinaryOp::Add, l, r, span)),
                    (l, r) => l.or(r),
                }
            }
            BinaryOp::Div => {
                // (da b - a db) / b², written da / b - a db / b².
                let left = da.map(|da| {
                    let b = self.dup(pb);
                    self.binary(BinaryOp::Div, da, b, span)
                });
                let right = db.map(|db| {
                    let a = self.dup(pa);
                    let num = self.binary(BinaryOp::Mul, a, db, span);
                    let (b1, b2) = (self.dup(pb), self.dup(pb));
                    let den = self.binary(BinaryOp::Mul, b1, b2, span);
                    self.binary(BinaryOp::Div, num, den, span)
                });
                match (left, right) {
                    (Some(l), Some(r)) => Some(self.binary(BinaryOp::Sub, l, r, span)),
                    (Some(l), None) => Some(l),
                    (None, Some(r)) => {
                        let t = self.ty(r);
                        Some(self.add_expr(ExprKind::Unary(UnaryOp::Neg, r), t, span))
                    }
                    (None, None) => None,
                }
            }
            // fmod's: the dividend's.
            BinaryOp::Rem => da,
            _ => None,
        };
        (p, d)
    }

    /// A call of an intrinsic and its differential: the stdlib's `[ForwardDerivativeOf]`
    /// declaration called with the arguments and their differentials.
    fn fwd_intrinsic(
        &mut self,
        w: &mut Writer,
        (id, args, bound): (IntrinsicId, Vec<ExprId>, Option<Box<Type>>),
        ty: Type,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> (ExprId, Option<ExprId>) {
        let mut ps = Vec::new();
        let mut ds = Vec::new();
        for a in &args {
            let (p, d) = self.fwd_expr(w, *a, out);
            ps.push(p);
            ds.push(d);
        }
        let idx = id.0 as usize;
        if let Some(st) = self.cur.as_mut() {
            st.facts.intrinsics.push((idx, span));
        }
        let p = self.add_expr(ExprKind::Intrinsic { id, args: ps.clone(), bound: bound.clone() }, ty, span);
        if ds.iter().all(Option::is_none) {
            return (p, None);
        }
        let intr = &self.stdlib.intrinsics[idx];
        let name = intr.alias_of.clone().unwrap_or_else(|| intr.name.clone());
        let Some(derivative) = self.stdlib.forward_derivative(&name) else {
            if let Some(d) = self.fwd_intrinsic_body(idx, &ps, &ds, &bound, span, out) {
                return (p, Some(d));
            }
            let d = Diagnostic::error("E0474", format!("`{name}` has no derivative"))
                .with_label(span, "differentiated here")
                .with_note("derivatives do not flow through it: wrap the call in `no_diff(…)` or `detach(…)`");
            self.push(d);
            return (p, None);
        };
        let mut dargs: Vec<ExprId> = ps.iter().map(|p| self.dup(*p)).collect();
        for (i, d) in ds.into_iter().enumerate() {
            let pty = self.ty(ps[i]);
            dargs.push(self.or_zero(d, &pty, span));
        }
        let d = self.call_intrinsic(derivative, dargs, span, span);
        (p, Some(d))
    }

    /// `fwd_diff(g)(args)` / `bwd_diff(g)(args)` of an intrinsic `g` with no derivative of its
    /// own that takes `out` parameters (`sincos`): its stdlib body, made a function, for the
    /// overload the arguments' primal types call (the `out` parameters' differentials given in
    /// their places, as `bwd_diff` takes them; the result's last, when there is one).
    fn intrinsic_body_for(&mut self, name: &str, args: &[ExprId], span: Span) -> Option<FunctionId> {
        if self.stdlib.forward_derivative(name).is_some() || args.iter().any(|a| self.ty(*a).is_error()) {
            return None;
        }
        let types: Vec<Type> = args
            .iter()
            .map(|a| match self.ty(*a) {
                Type::Struct(h) if self.is_pair(h) => self.autodiff.pair_of[&h].clone(),
                t => t,
            })
            .collect();
        let stdlib = self.stdlib;
        for count in [types.len(), types.len().saturating_sub(1)] {
            let probes: Vec<ExprId> = types[..count].iter().map(|t| self.zero_value(t, span)).collect();
            let mut best: Option<(u32, usize, Vec<Type>)> = None;
            for &idx in stdlib.overloads(name) {
                if let Some((cost, bound)) = self.match_intrinsic(&stdlib.intrinsics[idx], &probes) {
                    if best.as_ref().is_none_or(|(c, _, _)| cost < *c) {
                        best = Some((cost, idx, bound));
                    }
                }
            }
            let Some((_, idx, bound)) = best else { continue };
            let bound = bound.into_iter().next().map(Box::new);
            let f = self.intrinsic_body_function(idx, &bound, span)?;
            // Only one with `out` parameters: the others are differentiated by their wrappers.
            return self.sigs[f.index()].params.iter().any(|(_, m)| *m != ParamMode::In).then_some(f);
        }
        None
    }

    /// Intrinsic `idx`'s stdlib body, for generic arguments `bound`, made a differentiable
    /// function of the module (once per instance). `None` when it has no body, or takes a
    /// `constexpr` parameter.
    fn intrinsic_body_function(&mut self, idx: usize, bound: &Option<Box<Type>>, span: Span) -> Option<FunctionId> {
        let (index, intr) = crate::lower::intrinsics::declaration(self.stdlib, IntrinsicId(idx as u32));
        if intr.definition.is_none() || intr.params.iter().any(|p| p.constexpr) {
            return None;
        }
        let bound: Vec<Type> = bound.iter().map(|b| (**b).clone()).collect();
        let key = (index, bound.clone(), vec![None; intr.params.len()]);
        let f = match self.autodiff.bodies.get(&key) {
            Some(f) => *f,
            None => {
                let constants = vec![None; intr.params.len()];
                let func = self.stdlib.instance(key.clone(), || super::instantiate(intr, &bound, &constants)).ok()?;
                // A derivative's body (`__d_sin`) is differentiated; another body only when it
                // is made of intrinsics that have derivatives (`sincos`, not `nextafter`'s bit
                // manipulation, which would give a silent zero).
                let stdlib = self.stdlib;
                let known = |n: &str| stdlib.forward_derivative(n).is_some() || stdlib.is_forward_derivative(n);
                let made_of_differentiable = func.live_expr_iter().all(|(_, e)| match &e.kind {
                    ExprKind::Intrinsic { id, .. } => {
                        let i = &stdlib.intrinsics[id.0 as usize];
                        known(i.alias_of.as_deref().unwrap_or(&i.name))
                    }
                    ExprKind::Call { .. } => false,
                    _ => true,
                });
                if !stdlib.is_forward_derivative(&intr.name) && !made_of_differentiable {
                    return None;
                }
                let mut func = (*func).clone();
                func.name = self.unique_global_name(&format!("{}_body", super::dynamic::ir_word(&intr.name)));
                func.span = span;
                for (_, e) in func.exprs.iter_mut() {
                    e.span = span;
                }
                for (_, l) in func.locals.iter_mut() {
                    l.span = span;
                }
                let params: Vec<(Type, ParamMode)> = func
                    .params
                    .iter()
                    .map(|l| (func.locals[*l].ty.clone(), func.locals[*l].param.unwrap_or(ParamMode::In)))
                    .collect();
                let sig = super::FnSig {
                    name: func.name.clone(),
                    defaults: vec![None; params.len()],
                    params,
                    ret: func.ret.clone(),
                    defined: true,
                    span,
                };
                func.uses = func.gather_uses();
                let f = self.module.functions.append(func);
                self.sigs.push(sig);
                self.fn_attrs.push(Vec::new());
                self.facts.insert(f, Default::default());
                self.made_instances = true;
                self.autodiff.info.insert(f, DiffInfo { differentiable: true, ..DiffInfo::default() });
                self.autodiff.bodies.insert(key, f);
                f
            }
        };
        Some(f)
    }

    /// The differential of a call of intrinsic `idx` that has no derivative of its own but a
    /// body in the stdlib (a derivative's own `__d_sin`, when differentiated again): the body
    /// made a function of the module, and differentiated as one. `None` when it has no body, or
    /// takes `out` or `constexpr` parameters.
    fn fwd_intrinsic_body(
        &mut self,
        idx: usize,
        ps: &[ExprId],
        ds: &[Option<ExprId>],
        bound: &Option<Box<Type>>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<ExprId> {
        let f = self.intrinsic_body_function(idx, bound, span)?;
        if self.sigs[f.index()].params.iter().any(|(_, m)| *m != ParamMode::In) {
            return None;
        }
        let dfn = self.forward_derivative(f, span)?;
        let dsig = self.sigs[dfn.index()].clone();
        let psig = self.sigs[f.index()].clone();
        let mut args = Vec::new();
        for (i, p) in ps.iter().enumerate() {
            let p = self.dup(*p);
            let (pt, dt) = (&psig.params[i].0, &dsig.params[i].0);
            if pt == dt {
                args.push(p);
                continue;
            }
            let d = self.or_zero(ds[i], pt, span);
            args.push(self.add_expr(ExprKind::Construct(vec![p, d]), dt.clone(), span));
        }
        let call = self.add_expr(ExprKind::Call { function: dfn, args }, dsig.ret.clone(), span);
        if let Some(st) = self.cur.as_mut() {
            st.facts.calls.push((dfn, span));
        }
        let Type::Struct(h) = dsig.ret else { return None };
        let t = self.temp_local("r", &dsig.ret, span);
        out.push(Stmt::Local { local: t, init: Some(call) });
        let read = self.add_expr(ExprKind::Local(t), dsig.ret.clone(), span);
        let dty = self.module.structs[h].fields.get(1).map(|f| f.ty.clone())?;
        Some(self.add_expr(ExprKind::Field { base: read, index: 1 }, dty, span))
    }

    /// A call in the primal: of the callee's derivative when derivatives flow into or out of
    /// it, else of the callee itself.
    fn fwd_call(&mut self, w: &mut Writer, e: ExprId, out: &mut Vec<Stmt>) -> (ExprId, Option<ExprId>) {
        let Expr { kind: ExprKind::Call { function, args }, ty, span } = w.src.exprs[e].clone() else {
            unreachable!("a call")
        };
        let modes: Vec<ParamMode> = self.sigs[function.index()].params.iter().map(|(_, m)| *m).collect();
        let mut ps = Vec::new();
        let mut ds = Vec::new();
        for a in &args {
            let (p, d) = self.fwd_expr(w, *a, out);
            ps.push(p);
            ds.push(d);
        }
        let flows_in = ds.iter().zip(&modes).any(|(d, m)| d.is_some() && *m != ParamMode::Out);
        let flows_out = self.differential_type(&ty).is_some()
            || self.ptr_differential(&ty).is_some()
            || ds.iter().zip(&modes).any(|(d, m)| d.is_some() && *m != ParamMode::In);
        // A derivative of the user's own may give a differential where none flows in.
        // So may a differentiable callee through one further down (a value read with a
        // derivative of the user's: `load(i)` of a buffer).
        let user_derivative = self.autodiff.info.get(&function).is_some_and(|i| i.custom.is_some())
            || self.autodiff.derivative_of.iter().any(|(p, _, _)| *p == self.sigs[function.index()].name)
            || (self.autodiff.info.get(&function).is_some_and(|i| i.differentiable)
                && self.user_forward_below(function));
        let derivative =
            if (flows_in || user_derivative) && flows_out { self.forward_derivative(function, span) } else { None };
        let Some(dfn) = derivative else {
            if flows_in && flows_out && !w.no_diff.contains(&e) {
                let name = self.sigs[function.index()].name.clone();
                let d = Diagnostic::error(
                    "E0471",
                    format!("derivative cannot be propagated through call to non-differentiable function `{name}`"),
                )
                .with_label(span, "called here with differentiable arguments")
                .with_note("use `no_diff(…)` to clarify the intention, or mark the function `[Differentiable]`");
                self.push(d);
            }
            // The callee as it is; what it writes has no derivative.
            let call = self.add_expr(ExprKind::Call { function, args: ps.clone() }, ty.clone(), span);
            if let Some(st) = self.cur.as_mut() {
                st.facts.calls.push((function, span));
            }
            let result = if ty == Type::Void {
                out.push(Stmt::Expr(call));
                self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Void, span)
            } else {
                let t = self.temp_local("r", &ty, span);
                out.push(Stmt::Local { local: t, init: Some(call) });
                self.add_expr(ExprKind::Local(t), ty.clone(), span)
            };
            for (i, d) in ds.iter().enumerate() {
                if let (Some(d), Some(ParamMode::Out | ParamMode::InOut)) = (d, modes.get(i)) {
                    let dty = self.ty(*d);
                    let zero = self.differential_zero(&dty, span);
                    let target = self.dup(*d);
                    out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target, value: zero }, dty, span)));
                }
            }
            return (result, None);
        };
        let dsig = self.sigs[dfn.index()].clone();
        let mut call_args = Vec::new();
        // Pair arguments of `out`/`inout` parameters: the temporary, the primal and differential places.
        let mut written = Vec::new();
        for (i, (pty, mode)) in dsig.params.iter().enumerate() {
            let p = ps[i];
            let d = ds[i];
            let is_pair =
                matches!(pty, Type::Struct(h) if self.is_pair(*h) || self.is_ptr_pair(*h)) && self.ty(p) != *pty;
            if !is_pair {
                call_args.push(p);
                continue;
            }
            let Type::Struct(h) = pty else { unreachable!("a pair") };
            let fields = self.module.structs[*h].fields.clone();
            let pv = self.dup(p);
            let pv = self.coerce(pv, &fields[0].ty, span);
            let dv = match d {
                Some(d) => {
                    let d = self.dup(d);
                    self.coerce(d, &fields[1].ty, span)
                }
                None => self.differential_zero(&fields[1].ty, span),
            };
            if *mode == ParamMode::In {
                call_args.push(self.add_expr(ExprKind::Construct(vec![pv, dv]), pty.clone(), span));
                continue;
            }
            let t = self.temp_local("pair", pty, span);
            let init = (*mode == ParamMode::InOut)
                .then(|| self.add_expr(ExprKind::Construct(vec![pv, dv]), pty.clone(), span));
            out.push(Stmt::Local { local: t, init });
            call_args.push(self.add_expr(ExprKind::Local(t), pty.clone(), span));
            written.push((t, *h, p, d));
        }
        let call = self.add_expr(ExprKind::Call { function: dfn, args: call_args }, dsig.ret.clone(), span);
        if let Some(st) = self.cur.as_mut() {
            st.facts.calls.push((dfn, span));
        }
        let result = if dsig.ret == Type::Void {
            out.push(Stmt::Expr(call));
            None
        } else {
            let t = self.temp_local("r", &dsig.ret, span);
            out.push(Stmt::Local { local: t, init: Some(call) });
            Some(t)
        };
        for (t, h, p, d) in written {
            let fields = self.module.structs[h].fields.clone();
            let pair = Type::Struct(h);
            let read = self.add_expr(ExprKind::Local(t), pair.clone(), span);
            let value = self.add_expr(ExprKind::Field { base: read, index: 0 }, fields[0].ty.clone(), span);
            let target = self.dup(p);
            let tty = self.ty(target);
            let value = self.coerce(value, &tty, span);
            out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target, value }, tty, span)));
            if let Some(d) = d {
                let read = self.add_expr(ExprKind::Local(t), pair, span);
                let value = self.add_expr(ExprKind::Field { base: read, index: 1 }, fields[1].ty.clone(), span);
                let target = self.dup(d);
                let tty = self.ty(target);
                out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target, value }, tty, span)));
            }
        }
        match result {
            None => (self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Void, span), None),
            Some(t) if dsig.ret != ty => {
                let Type::Struct(h) = dsig.ret.clone() else { unreachable!("a pair") };
                let fields = self.module.structs[h].fields.clone();
                let a = self.add_expr(ExprKind::Local(t), dsig.ret.clone(), span);
                let b = self.add_expr(ExprKind::Local(t), dsig.ret.clone(), span);
                let p = self.add_expr(ExprKind::Field { base: a, index: 0 }, fields[0].ty.clone(), span);
                let d = self.add_expr(ExprKind::Field { base: b, index: 1 }, fields[1].ty.clone(), span);
                (p, Some(d))
            }
            Some(t) => (self.add_expr(ExprKind::Local(t), ty, span), None),
        }
    }

    /// Expression `e` of the primal, as it is, in the derivative (its locals the primal copies).
    fn copy_expr(&mut self, w: &Writer, e: ExprId) -> ExprId {
        let Expr { mut kind, ty, span } = w.src.exprs[e].clone();
        if let ExprKind::Local(l) = kind {
            kind = ExprKind::Local(w.locals[&l].primal);
        }
        kind.for_each_child_mut(|c| *c = self.copy_expr(w, *c));
        if let Some(st) = self.cur.as_mut() {
            match &kind {
                ExprKind::Call { function, .. } => st.facts.calls.push((*function, span)),
                ExprKind::Intrinsic { id, .. } => st.facts.intrinsics.push((id.0 as usize, span)),
                _ => {}
            }
        }
        self.add_expr(kind, ty, span)
    }

    /// A second copy of expression `e` of the derivative (the IR is a tree: a value used twice
    /// is written twice).
    fn dup(&mut self, e: ExprId) -> ExprId {
        let st = self.cur.as_ref().expect("inside the derivative");
        let Expr { mut kind, ty, span } = st.func.exprs[e].clone();
        kind.for_each_child_mut(|c| *c = self.dup(*c));
        self.add_expr(kind, ty, span)
    }
}

/// A loop body with `step` run at its end and before each `continue` of this loop.
fn with_step(body: &Block, step: &[Stmt]) -> Block {
    fn walk(stmts: &[Stmt], step: &[Stmt]) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts {
            match s {
                Stmt::Continue => {
                    out.extend_from_slice(step);
                    out.push(Stmt::Continue);
                }
                Stmt::Block(b) => out.push(Stmt::Block(Block { stmts: walk(&b.stmts, step) })),
                Stmt::If { cond, then, els, hint } => out.push(Stmt::If {
                    cond: *cond,
                    then: Block { stmts: walk(&then.stmts, step) },
                    els: els.as_ref().map(|b| Block { stmts: walk(&b.stmts, step) }),
                    hint: *hint,
                }),
                Stmt::Switch { selector, cases } => out.push(Stmt::Switch {
                    selector: *selector,
                    cases: cases
                        .iter()
                        .map(|c| SwitchCase { body: Block { stmts: walk(&c.body.stmts, step) }, ..c.clone() })
                        .collect(),
                }),
                other => out.push(other.clone()),
            }
        }
        out
    }
    let mut stmts = walk(&body.stmts, step);
    stmts.extend_from_slice(step);
    Block { stmts }
}

/// One float a differential holds: the steps from the differential to it (a field, or an element
/// of an array, vector or matrix row), each with the type it reaches.
type Leaf = Vec<(Step, Type)>;

#[derive(Clone, Copy)]
enum Step {
    Field(u32),
    Element(u32),
}

impl Checker {
    /// Every float of a value of differential type `ty`.
    fn leaves(&self, ty: &Type) -> Vec<Leaf> {
        let nest = |step: Step, inner: &Type, out: &mut Vec<Leaf>| {
            for mut l in self.leaves(inner) {
                l.insert(0, (step, inner.clone()));
                out.push(l);
            }
        };
        let mut out = Vec::new();
        match ty {
            Type::Scalar(_) => out.push(Vec::new()),
            Type::Vector(s, n) => (0..*n as u32).for_each(|i| nest(Step::Element(i), &Type::Scalar(*s), &mut out)),
            Type::Matrix(s, r, c) => {
                (0..*r as u32).for_each(|i| nest(Step::Element(i), &Type::Vector(*s, *c), &mut out))
            }
            Type::Array(e, Some(n)) => (0..*n).for_each(|i| nest(Step::Element(i), e, &mut out)),
            Type::Struct(h) => {
                for (i, f) in self.module.structs[*h].fields.iter().enumerate() {
                    nest(Step::Field(i as u32), &f.ty, &mut out);
                }
            }
            _ => {}
        }
        out
    }

    /// The place of `leaf` in the value `root` builds.
    fn leaf_place(&mut self, root: ExprId, leaf: &Leaf, span: Span) -> ExprId {
        let mut e = root;
        for (step, ty) in leaf {
            e = match step {
                Step::Field(i) => self.add_expr(ExprKind::Field { base: e, index: *i }, ty.clone(), span),
                Step::Element(i) => {
                    let index = self.add_expr(ExprKind::Const(ConstValue::Int(*i as i64)), Type::INT, span);
                    self.add_expr(ExprKind::Index { base: e, index }, ty.clone(), span)
                }
            };
        }
        e
    }

    /// A differentiable function calling intrinsic `name` with the primal values of the first
    /// `count` arguments (`fwd_diff(sin)`, `bwd_diff(cross)`), made once per argument types.
    fn wrapped_intrinsic(&mut self, name: &str, args: &[ExprId], count: usize, span: Span) -> Option<FunctionId> {
        if args.iter().any(|a| self.ty(*a).is_error()) {
            return None;
        }
        let types: Vec<Type> = args[..count.min(args.len())]
            .iter()
            .map(|a| match self.ty(*a) {
                Type::Struct(h) if self.is_pair(h) => self.autodiff.pair_of[&h].clone(),
                t => t,
            })
            .collect();
        let key = (name.to_string(), types.clone());
        if let Some(id) = self.autodiff.wrappers.get(&key) {
            return Some(*id);
        }
        // The result's type, from a call of values of the argument types.
        let probe: Vec<ExprId> = types.iter().map(|t| self.zero_value(t, span)).collect();
        let reported = self.diags.len();
        let call = self.call_intrinsic(name, probe, span, span);
        let ret = self.ty(call);
        if ret.is_error() || self.diags.len() > reported {
            return None;
        }
        let params: Vec<(String, Type)> = types.iter().enumerate().map(|(i, t)| (format!("x{i}"), t.clone())).collect();
        let fn_name = self.unique_global_name(&format!("{}_of", super::dynamic::ir_word(name)));
        let owned = name.to_string();
        let id = self.synthesized_function(fn_name, params, ret, span, |c, locals| {
            let args =
                locals.iter().zip(&types).map(|(l, t)| c.add_expr(ExprKind::Local(*l), t.clone(), span)).collect();
            c.call_intrinsic(&owned, args, span, span)
        });
        self.autodiff.info.insert(id, DiffInfo { differentiable: true, ..DiffInfo::default() });
        self.autodiff.wrappers.insert(key, id);
        Some(id)
    }

    /// `bwd_diff(f)(args)`: a call of `f`'s backward derivative.
    fn call_backward_derivative(&mut self, f: &ast::Expr, args: &[ast::Expr], span: Span) -> ExprId {
        let (name, ids) = self.differentiated(f);
        if let (true, ast::ExprKind::Ident(n)) = (ids.is_empty(), &f.kind) {
            if !self.stdlib.overloads(n).is_empty() && !args.is_empty() {
                let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
                if let Some(b) = self.intrinsic_body_for(n, &arg_ids, span) {
                    let Some(d) = self.backward_derivative(b, f.span) else { return self.error_expr(span) };
                    return self.call_user(&format!("bwd_diff({name})"), &[d], arg_ids, span, f.span);
                }
                // The last argument is the result's differential.
                let Some(w) = self.wrapped_intrinsic(n, &arg_ids, arg_ids.len() - 1, span) else {
                    return self.error_expr(span);
                };
                let Some(d) = self.backward_derivative(w, f.span) else { return self.error_expr(span) };
                return self.call_user(&format!("bwd_diff({name})"), &[d], arg_ids, span, f.span);
            }
        }
        // A generic function: the instance the arguments' primal values call (the last argument
        // is the result's differential, unless the function returns nothing).
        let generic = match &f.kind {
            ast::ExprKind::Ident(n) if ids.is_empty() => {
                let key = self.scoped(n, |k| self.generic_fns.contains_key(k));
                self.generic_fns.contains_key(&key).then_some(key)
            }
            _ => None,
        };
        if let Some(key) = generic {
            let arg_ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
            if arg_ids.iter().any(|a| self.ty(*a).is_error()) {
                return self.error_expr(span);
            }
            let primal_types: Vec<Type> = arg_ids
                .iter()
                .map(|a| match self.ty(*a) {
                    Type::Struct(h) if self.is_pair(h) => self.autodiff.pair_of[&h].clone(),
                    Type::Struct(h) if self.is_ptr_pair(h) => self.autodiff.ptr_pair_of[&h].clone(),
                    t => t,
                })
                .collect();
            let n = primal_types.len();
            let instance = self
                .generic_instance_for(&key, &primal_types[..n.saturating_sub(1)], span)
                .or_else(|| self.generic_instance_for(&key, &primal_types, span));
            let derivative = instance.and_then(|id| self.backward_derivative(id, f.span));
            let Some(d) = derivative else {
                let d = Diagnostic::error("E0470", format!("`{name}` is not differentiable with these arguments"))
                    .with_label(f.span, "differentiated here")
                    .with_note("mark it `[Differentiable]`, and pass pairs (`diffPair(x, dx)`) for its differentiable parameters");
                self.push(d);
                return self.error_expr(span);
            };
            return self.call_user(&format!("bwd_diff({name})"), &[d], arg_ids, span, f.span);
        }
        let reported = self.diags.len();
        let derivatives: Vec<FunctionId> = ids.iter().filter_map(|id| self.backward_derivative(*id, f.span)).collect();
        if derivatives.is_empty() {
            if self.diags.len() == reported {
                let d = Diagnostic::error("E0470", format!("`{name}` is not differentiable"))
                    .with_label(f.span, "differentiated here")
                    .with_note("mark it `[Differentiable]`, or give it a derivative with `[BackwardDerivative(…)]`");
                self.push(d);
            }
            return self.error_expr(span);
        }
        self.call_derivatives(&format!("bwd_diff({name})"), &derivatives, args, span, f.span)
    }

    /// A call of one of `derivatives` (`fwd_diff(f)`'s or `bwd_diff(f)`'s overloads, named `name`)
    /// with `args`, each checked against the overloads of its count.
    fn call_derivatives(
        &mut self,
        name: &str,
        derivatives: &[FunctionId],
        args: &[ast::Expr],
        span: Span,
        name_span: Span,
    ) -> ExprId {
        let candidates: Vec<Vec<Type>> = derivatives
            .iter()
            .filter(|id| self.sigs[id.index()].params.len() == args.len())
            .map(|id| self.sigs[id.index()].params.iter().map(|(t, _)| t.clone()).collect())
            .collect();
        let arg_ids = self.call_args(args, &candidates);
        if arg_ids.iter().any(|a| self.ty(*a).is_error()) {
            return self.error_expr(span);
        }
        self.call_user(name, derivatives, arg_ids, span, name_span)
    }

    /// The signature `bwd_diff(f)` has, from `fwd_diff(f)`'s: a pair parameter taken `inout`
    /// (its differential comes back as the gradient), an `out` one's differential taken in, and
    /// the result's differential last.
    fn backward_signature(&mut self, primal: FunctionId, fwd: FunctionId) -> (Vec<(Type, ParamMode)>, Vec<bool>) {
        let fsig = self.sigs[fwd.index()].clone();
        let psig = self.sigs[primal.index()].clone();
        let mut params = Vec::new();
        let mut pair = Vec::new();
        for (i, (ty, mode)) in fsig.params.iter().enumerate() {
            let is_pair = *ty != psig.params[i].0;
            pair.push(is_pair);
            match (is_pair, mode) {
                // A pointer-like parameter's pair stays an input: the gradient is written
                // through its differential location, not handed back.
                (true, _) if matches!(ty, Type::Struct(h) if self.is_ptr_pair(*h)) => {
                    params.push((ty.clone(), ParamMode::In))
                }
                (true, ParamMode::Out) => {
                    let d = self.differential_type(&psig.params[i].0).unwrap_or(Type::Error);
                    params.push((d, ParamMode::In));
                }
                (true, _) => params.push((ty.clone(), ParamMode::InOut)),
                // Slang's rules: a plain `out` parameter is dropped (the backward derivative
                // gives no primal values), a plain `inout` one only brings its value in.
                (false, ParamMode::Out) => {}
                (false, _) => params.push((ty.clone(), ParamMode::In)),
            }
        }
        if fsig.ret != psig.ret && !matches!(fsig.ret, Type::Struct(h) if self.is_ptr_pair(h)) {
            let d = self.differential_type(&psig.ret).unwrap_or(Type::Error);
            params.push((d, ParamMode::In));
        }
        (params, pair)
    }

    /// For each parameter of `primal`, the parameter of its backward derivative that stands for
    /// it (`None`: a plain `out` one, dropped), from which of them `fwd_diff` takes pairs.
    pub(super) fn backward_slots(&self, primal: FunctionId, pair: &[bool]) -> Vec<Option<usize>> {
        let mut next = 0;
        self.sigs[primal.index()]
            .params
            .iter()
            .zip(pair)
            .map(|((_, mode), pair)| {
                (*pair || *mode != ParamMode::Out).then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    }

    /// The backward derivative of function `id`: the user's (`[BackwardDerivative(g)]`), or one
    /// written from the forward derivative, which it calls once per float of the
    /// differentiable inputs (each call gives a column of the Jacobian, whose product with the
    /// differentials of the results is the gradient).
    pub(super) fn backward_derivative(&mut self, id: FunctionId, span: Span) -> Option<FunctionId> {
        let id = self.primal_substitute(id);
        if let Some(d) = self.autodiff.backward.get(&id) {
            return Some(*d);
        }
        if let Some(d) = self.marshal_derivative(id, true, span) {
            return Some(d);
        }
        let info = self.autodiff.info.get(&id).cloned().unwrap_or_default();
        let sig_name = self.sigs[id.index()].name.clone();
        let by_of = self.autodiff.backward_of.iter().find(|(p, _)| *p == sig_name).map(|(_, d)| *d);
        let by_of = by_of.or_else(|| self.generic_derivatives_of(id, true, span).first().copied());
        if let Some(d) = by_of {
            self.autodiff.backward.insert(id, d);
            return Some(d);
        }
        if let Some((n, at)) = info.custom_backward.clone() {
            let key = self.scoped(&n, |k| self.functions.contains_key(k));
            let mut candidates = self.functions.get(&key).cloned().unwrap_or_default();
            // A generic derivative of a generic function: the instance bound as `id` is.
            let generic = self.scoped(&n, |k| self.generic_fns.contains_key(k));
            if candidates.is_empty() && self.generic_fns.contains_key(&generic) {
                candidates.extend(self.instances_like(&generic, id, span));
            }
            if let Some((owner, _)) = self.sigs[id.index()].name.clone().rsplit_once("::") {
                candidates.extend(self.functions.get(&format!("{owner}::{n}")).cloned().unwrap_or_default());
            }
            if let Some(&d) = candidates.first() {
                self.autodiff.backward.insert(id, d);
                return Some(d);
            }
            let sig_name = self.sigs[id.index()].name.clone();
            self.push(
                Diagnostic::error("E0473", format!("no function `{n}` is a backward derivative of `{sig_name}`"))
                    .with_label(at, "named as the derivative here"),
            );
            return None;
        }
        if !info.differentiable {
            return None;
        }
        // Written from forward derivatives, it cannot use a backward derivative of the user's
        // own further down: refused rather than differentiated as zero.
        if let Some(g) = self.only_backward_below(id).filter(|_| !self.by_reverse_mode(id)) {
            let inner = self.sigs[g.index()].name.clone();
            let d = Diagnostic::error(
                "E0475",
                format!(
                    "`bwd_diff({sig_name})` would pass through `{inner}`, whose backward derivative cannot be \
                     used there"
                ),
            )
            .with_label(span, "differentiated here")
            .with_note(format!(
                "reverse mode does not undo `{sig_name}` (a `switch` case falling through or leaving by an \
                 early `break`, a `discard`, an assignment inside an expression, taking an address), so its backward derivative is made from forward ones: a callee needs a \
                 `[ForwardDerivative]`, and one whose backward derivative writes memory (a gradient added into a \
                 buffer) cannot be replaced by it"
            ));
            self.push(d);
            return None;
        }
        let fwd = self.forward_derivative(id, span)?;
        let (params, _) = self.backward_signature(id, fwd);
        let name = format!("{}_bwd_diff", super::dynamic::ir_word(&self.module.functions[id].name));
        let d = self.declare_generated(&name, params, Type::Void, self.sigs[id.index()].span);
        self.autodiff.backward.insert(id, d);
        self.autodiff.backward_queue.push((id, d));
        Some(d)
    }

    /// Whether a function `id` calls, directly or not, has a forward derivative of the user's.
    fn user_forward_below(&self, id: FunctionId) -> bool {
        let mut seen = HashSet::default();
        let mut stack: Vec<FunctionId> = self.module.functions[id].uses.calls.clone();
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            let name = &self.sigs[f.index()].name;
            if self.autodiff.info.get(&f).is_some_and(|i| i.custom.is_some())
                || self.autodiff.derivative_of.iter().any(|(p, _, _)| p == name)
            {
                return true;
            }
            stack.extend(self.module.functions[f].uses.calls.iter().copied());
        }
        false
    }

    /// A function `id` calls, directly or not, that has a user backward derivative and no
    /// forward one.
    fn only_backward_below(&self, id: FunctionId) -> Option<FunctionId> {
        let mut seen = HashSet::default();
        let mut stack: Vec<FunctionId> = self.module.functions[id].uses.calls.clone();
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            let info = self.autodiff.info.get(&f);
            let name = &self.sigs[f.index()].name;
            let has_backward = self.has_user_backward(f);
            let has_forward = info.is_some_and(|i| i.custom.is_some())
                || self.autodiff.derivative_of.iter().any(|(p, _, _)| p == name);
            // With a forward derivative too, the forward one serves, unless the backward one
            // does more than compute (writes memory: accumulates a gradient into a buffer),
            // which going through the forward one would silently skip.
            if has_backward && (!has_forward || self.user_backward_writes_memory(f)) {
                return Some(f);
            }
            stack.extend(self.module.functions[f].uses.calls.iter().copied());
        }
        None
    }

    /// Whether the user's backward derivative of `f` (`[BackwardDerivative(g)]` on `f`, or
    /// `[BackwardDerivativeOf(f)]` on it) writes memory: a buffer, a texture, a global, through a
    /// pointer, or in a function it calls.
    fn user_backward_writes_memory(&self, f: FunctionId) -> bool {
        let name = &self.sigs[f.index()].name;
        let by_of = self.autodiff.backward_of.iter().find(|(p, _)| p == name).map(|(_, d)| *d);
        let named = || {
            let (n, _) = self.autodiff.info.get(&f)?.custom_backward.clone()?;
            self.functions.get(&n).and_then(|ids| ids.first().copied())
        };
        match by_of.or_else(named) {
            Some(d) => self.writes_memory(d, &mut HashSet::default()),
            None => false,
        }
    }

    /// Whether function `f`, or one it calls, writes anything but its own locals and parameters.
    fn writes_memory(&self, f: FunctionId, seen: &mut HashSet<FunctionId>) -> bool {
        if !seen.insert(f) {
            return false;
        }
        let func = &self.module.functions[f];
        let outside = |mut e: ExprId| loop {
            match &func.exprs[e].kind {
                ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => e = *base,
                ExprKind::Index { base, .. } => {
                    if matches!(func.exprs[*base].ty, Type::Resource(..)) {
                        return true;
                    }
                    e = *base;
                }
                // Its own locals and parameters (a backward derivative's results are its
                // `inout` pairs).
                ExprKind::Local(_) => return false,
                _ => return true,
            }
        };
        func.live_expr_iter().any(|(_, e)| match &e.kind {
            ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => outside(*target),
            ExprKind::Method { method, .. } => !matches!(
                method,
                ResourceMethod::Load(_)
                    | ResourceMethod::GetDimensions
                    | ResourceMethod::Sample(_)
                    | ResourceMethod::GetDimensionsMip
                    | ResourceMethod::MipLoad
                    | ResourceMethod::LoadSample
                    | ResourceMethod::GetDimensionsSamples
            ),
            ExprKind::Call { function, .. } => self.writes_memory(*function, seen),
            _ => false,
        })
    }

    /// Whether `bwd_diff(id)` is written by reverse-mode differentiation: unless its forward
    /// derivative is the user's or the stdlib's (an intrinsic's wrapper), or zero, or its body
    /// has what reverse mode does not undo (then it is made from the forward derivative).
    fn by_reverse_mode(&self, id: FunctionId) -> bool {
        let info = self.autodiff.info.get(&id);
        let name = &self.sigs[id.index()].name;
        let forward_given =
            info.is_some_and(|i| i.custom.is_some()) || self.autodiff.derivative_of.iter().any(|(p, _, _)| p == name);
        let zero = info.is_some_and(|i| i.treat_as && !i.differentiable);
        let wrapper = self.autodiff.wrappers.values().any(|w| *w == id);
        !forward_given && !zero && !wrapper && reverse::reversible(&self.module.functions[id])
    }

    fn write_backward_derivative(&mut self, primal: FunctionId, bwd: FunctionId) {
        if self.by_reverse_mode(primal) {
            self.write_reverse_derivative(primal, bwd);
            return;
        }
        let Some(fwd) = self.autodiff.derivatives.get(&primal).copied() else { return };
        let (_, pair) = self.backward_signature(primal, fwd);
        let fsig = self.sigs[fwd.index()].clone();
        let psig = self.sigs[primal.index()].clone();
        let span = psig.span;
        let slots = self.backward_slots(primal, &pair);
        let kept = slots.iter().flatten().count();
        let primal_fn = &self.module.functions[primal];
        let mut names: Vec<String> = primal_fn
            .params
            .iter()
            .enumerate()
            .filter(|(i, _)| slots[*i].is_some())
            .map(|(i, l)| {
                let name = &primal_fn.locals[*l].name;
                if pair[i] {
                    format!("{name}_pair")
                } else {
                    name.clone()
                }
            })
            .collect();
        names.push("dOut".into());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.generate_body(bwd, &names, |c, params| {
            let mut stmts = Vec::new();
            let d_out = params.get(kept).copied();
            // Each primal parameter's local: its parameter, or for a dropped `out` one a local
            // the forward derivative writes and nothing reads.
            let locals: Vec<LocalId> = slots
                .iter()
                .enumerate()
                .map(|(i, slot)| match slot {
                    Some(k) => params[*k],
                    None => {
                        let t = c.temp_local("unused", &fsig.params[i].0, span);
                        stmts.push(Stmt::Local { local: t, init: None });
                        t
                    }
                })
                .collect();
            // The gradient of each differentiable input, and the differential each `inout`
            // pair brings in (that of its value when the function returns).
            let mut gradients: Vec<Option<LocalId>> = Vec::new();
            let mut incoming: Vec<Option<LocalId>> = Vec::new();
            for (i, (ty, mode)) in fsig.params.iter().enumerate() {
                if !pair[i] || *mode == ParamMode::Out {
                    gradients.push(None);
                    incoming.push(None);
                    continue;
                }
                let dty = c.differential_type(&psig.params[i].0).unwrap_or(Type::Error);
                let g = c.temp_local("grad", &dty, span);
                let zero = c.differential_zero(&dty, span);
                stmts.push(Stmt::Local { local: g, init: Some(zero) });
                gradients.push(Some(g));
                if *mode == ParamMode::InOut {
                    let a = c.temp_local("adjoint", &dty, span);
                    let read = c.add_expr(ExprKind::Local(locals[i]), ty.clone(), span);
                    let d = c.add_expr(ExprKind::Field { base: read, index: 1 }, dty.clone(), span);
                    stmts.push(Stmt::Local { local: a, init: Some(d) });
                    incoming.push(Some(a));
                } else {
                    incoming.push(None);
                }
            }
            let mut columns: Vec<(usize, Leaf)> = Vec::new();
            for (i, g) in gradients.iter().enumerate() {
                if let Some(g) = g {
                    let t = c.local_ty(*g);
                    columns.extend(c.leaves(&t).into_iter().map(|l| (i, l)));
                }
            }
            // No input to differentiate: the forward derivative still runs once, for its effects.
            let runs: Vec<Option<(usize, Leaf)>> =
                if columns.is_empty() { vec![None] } else { columns.into_iter().map(Some).collect() };
            for run in runs {
                let mut args = Vec::new();
                let mut temps: Vec<Option<LocalId>> = vec![None; fsig.params.len()];
                for (j, (ty, mode)) in fsig.params.iter().enumerate() {
                    if !pair[j] {
                        if *mode == ParamMode::In {
                            args.push(c.add_expr(ExprKind::Local(locals[j]), ty.clone(), span));
                            continue;
                        }
                        // A plain `out`/`inout` argument: each run starts from the caller's value.
                        let t = c.temp_local("arg", ty, span);
                        let init = (*mode == ParamMode::InOut)
                            .then(|| c.add_expr(ExprKind::Local(locals[j]), ty.clone(), span));
                        stmts.push(Stmt::Local { local: t, init });
                        args.push(c.add_expr(ExprKind::Local(t), ty.clone(), span));
                        continue;
                    }
                    let Type::Struct(h) = ty else { continue };
                    let fields = c.module.structs[*h].fields.clone();
                    let value = if *mode == ParamMode::Out {
                        None
                    } else {
                        let read = c.add_expr(ExprKind::Local(locals[j]), ty.clone(), span);
                        let p = c.add_expr(ExprKind::Field { base: read, index: 0 }, fields[0].ty.clone(), span);
                        let direction = c.temp_local("direction", &fields[1].ty, span);
                        let zero = c.differential_zero(&fields[1].ty, span);
                        stmts.push(Stmt::Local { local: direction, init: Some(zero) });
                        if let Some((_, leaf)) = run.as_ref().filter(|(i, _)| *i == j) {
                            let root = c.add_expr(ExprKind::Local(direction), fields[1].ty.clone(), span);
                            let place = c.leaf_place(root, leaf, span);
                            let pty = c.ty(place);
                            let one = c.add_expr(ExprKind::Const(ConstValue::Float(1.0)), pty.clone(), span);
                            stmts.push(Stmt::Expr(c.add_expr(
                                ExprKind::Assign { op: None, target: place, value: one },
                                pty,
                                span,
                            )));
                        }
                        let d = c.add_expr(ExprKind::Local(direction), fields[1].ty.clone(), span);
                        Some(c.add_expr(ExprKind::Construct(vec![p, d]), ty.clone(), span))
                    };
                    if *mode == ParamMode::In {
                        args.push(value.expect("an input"));
                        continue;
                    }
                    let t = c.temp_local("pair", ty, span);
                    stmts.push(Stmt::Local { local: t, init: value });
                    temps[j] = Some(t);
                    args.push(c.add_expr(ExprKind::Local(t), ty.clone(), span));
                }
                let call = c.call_function(fwd, args, span);
                let result = if fsig.ret == Type::Void {
                    stmts.push(Stmt::Expr(call));
                    None
                } else {
                    let r = c.temp_local("r", &fsig.ret, span);
                    stmts.push(Stmt::Local { local: r, init: Some(call) });
                    Some(r)
                };
                let Some((i, leaf)) = run else { continue };
                // The column's product with the differentials of the results.
                let mut terms: Vec<(ExprId, ExprId)> = Vec::new();
                let mut products = |c: &mut Checker,
                                    out: Box<dyn Fn(&mut Checker) -> ExprId>,
                                    adjoint: Box<dyn Fn(&mut Checker) -> ExprId>| {
                    let probe = out(c);
                    let dty = c.ty(probe);
                    for l in c.leaves(&dty) {
                        let a = out(c);
                        let a = c.leaf_place(a, &l, span);
                        let b = adjoint(c);
                        let b = c.leaf_place(b, &l, span);
                        terms.push((a, b));
                    }
                };
                if let (Some(r), Some(d_out)) = (result, d_out) {
                    if fsig.ret != psig.ret {
                        let (rt, dt) = (fsig.ret.clone(), c.local_ty(d_out));
                        let Type::Struct(h) = rt.clone() else { continue };
                        let fty = c.module.structs[h].fields[1].ty.clone();
                        products(
                            c,
                            Box::new(move |c| {
                                let read = c.add_expr(ExprKind::Local(r), rt.clone(), span);
                                c.add_expr(ExprKind::Field { base: read, index: 1 }, fty.clone(), span)
                            }),
                            Box::new(move |c| c.add_expr(ExprKind::Local(d_out), dt.clone(), span)),
                        );
                    }
                }
                for (j, (ty, mode)) in fsig.params.iter().enumerate() {
                    let Some(t) = temps[j] else { continue };
                    let adjoint = match mode {
                        ParamMode::Out => locals[j],
                        _ => match incoming[j] {
                            Some(a) => a,
                            None => continue,
                        },
                    };
                    let Type::Struct(h) = ty.clone() else { continue };
                    let fty = c.module.structs[h].fields[1].ty.clone();
                    let at = c.local_ty(adjoint);
                    let pt = ty.clone();
                    products(
                        c,
                        Box::new(move |c| {
                            let read = c.add_expr(ExprKind::Local(t), pt.clone(), span);
                            c.add_expr(ExprKind::Field { base: read, index: 1 }, fty.clone(), span)
                        }),
                        Box::new(move |c| c.add_expr(ExprKind::Local(adjoint), at.clone(), span)),
                    );
                }
                let mut sum: Option<ExprId> = None;
                for (a, b) in terms {
                    let p = c.binary(BinaryOp::Mul, a, b, span);
                    sum = Some(match sum {
                        Some(s) => c.binary(BinaryOp::Add, s, p, span),
                        None => p,
                    });
                }
                let g = gradients[i].expect("a differentiable input");
                let gty = c.local_ty(g);
                let root = c.add_expr(ExprKind::Local(g), gty, span);
                let place = c.leaf_place(root, &leaf, span);
                let pty = c.ty(place);
                let value = match sum {
                    Some(s) => c.coerce(s, &pty, span),
                    None => c.add_expr(ExprKind::Const(ConstValue::Float(0.0)), pty.clone(), span),
                };
                stmts.push(Stmt::Expr(c.add_expr(ExprKind::Assign { op: None, target: place, value }, pty, span)));
            }
            // Each pair's differential becomes its gradient; plain `out`s take the primal's values.
            for (j, (ty, _)) in fsig.params.iter().enumerate() {
                if let Some(g) = gradients[j] {
                    let Type::Struct(h) = ty.clone() else { continue };
                    let fields = c.module.structs[h].fields.clone();
                    let read = c.add_expr(ExprKind::Local(locals[j]), ty.clone(), span);
                    let p = c.add_expr(ExprKind::Field { base: read, index: 0 }, fields[0].ty.clone(), span);
                    let d = c.add_expr(ExprKind::Local(g), fields[1].ty.clone(), span);
                    let value = c.add_expr(ExprKind::Construct(vec![p, d]), ty.clone(), span);
                    let target = c.add_expr(ExprKind::Local(locals[j]), ty.clone(), span);
                    stmts.push(Stmt::Expr(c.add_expr(ExprKind::Assign { op: None, target, value }, ty.clone(), span)));
                }
            }
            stmts
        });
        self.made_instances = true;
    }
}

/// The functions a `[…Of(name)]` attribute on function `own` may name, first found first: in a
/// struct's method, the struct's method `S::name` before a free function `name`.
fn sibling_first(own: &str, name: String) -> Vec<String> {
    match own.rsplit_once("::") {
        Some((owner, _)) if !name.contains("::") => vec![format!("{owner}::{name}"), name],
        _ => vec![name],
    }
}
