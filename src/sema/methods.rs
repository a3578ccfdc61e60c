//! Struct member functions (HLSL 2021 and Slang), Slang interfaces and conformance.
//!
//! A method is an ordinary function of the module whose first parameter is the object,
//! `this`: `in` for a method that only reads it, `inout` for one that writes it (Slang's
//! `[mutating]`, or HLSL's methods that assign a field, found by reading the body). A static
//! method has no `this`. Inside a method, a field or method name alone means `this`'s. Calls
//! are `obj.m(…)`, `m(…)` inside another method, and `S::m(…)` for static ones. Functions are
//! keyed `S::m` in the checker's function table, so they never clash with free functions; the
//! IR names them `S_m`.
//!
//! An interface lists method requirements; a struct that names it in its bases must define
//! each (E0418), and a generic parameter constrained by it accepts exactly those structs (and
//! the interface's own values, [`super::dynamic`]). Each conforming struct gets a type id among
//! the interface's, for the interface's values to say which type they hold.

use super::generic::builtin_interface;
use super::{Checker, FnState};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{ConstValue, ExprId, ExprKind, ParamMode, Scalar, StructId, Type};
use crate::span::Span;
use crate::syntax::ast;

/// One method of a struct.
#[derive(Clone, Debug)]
pub(super) struct Method {
    pub name: String,
    pub is_static: bool,
}

/// An interface: the interfaces it refines and its requirements (as written; their types are
/// resolved when a struct's conformance is checked).
#[derive(Clone, Debug)]
pub(crate) struct Interface {
    pub bases: Vec<String>,
    /// Methods a conforming struct must have; one with a body is a default, added to a struct
    /// that lacks it.
    pub requirements: Vec<ast::FunctionDecl>,
    /// Associated constants, `static const uint Size;`: a conforming struct defines them.
    pub constants: Vec<(ast::TypeExpr, ast::Ident)>,
    /// Associated types, `associatedtype Assoc : IFoo;`: a conforming struct defines a nested
    /// type `Assoc` (a typedef, typealias or struct), which meets the constraint.
    pub associated: Vec<Associated>,
    /// `[anyValueSize(N)]`: the bytes a value of it holds.
    pub any_value_size: Option<u32>,
    /// An instance of a generic interface: its parameters and their arguments, bound while its
    /// requirements are read.
    pub generics: Option<(Vec<ast::GenericParam>, Vec<super::generic::Bound>)>,
    pub span: Span,
}

/// An interface's associated type: its name, the interface its type must conform to, and the
/// `where` requirements on it (`where Assoc.Inner == int`).
#[derive(Clone, Debug)]
pub(crate) struct Associated {
    pub name: ast::Ident,
    pub constraint: Option<ast::TypeExpr>,
    pub wheres: Vec<ast::WhereConstraint>,
}

/// Slang's generic extension, `extension<T : IFoo> T { … }` or `extension<T> Box<T> { … }`:
/// members for every struct its type pattern matches with the constraints met.
#[derive(Clone, Debug)]
pub(super) struct BlanketExtension {
    pub decl: ast::ExtensionDecl,
}

/// The key of method `m` of struct `s` in the function table.
pub(super) fn method_key(s: &str, m: &str) -> String {
    format!("{s}::{m}")
}

/// Slang's name for the type whose members are being declared.
const THIS: &str = "This";

/// The method name of Slang's constructors.
pub(super) const INIT: &str = "__init";

/// The method names of a property's accessors.
/// The property name a `__subscript` declares its accessors under.
pub(super) const SUBSCRIPT: &str = "__subscript";

pub(super) fn getter(property: &str) -> String {
    format!("__get_{property}")
}

pub(super) fn setter(property: &str) -> String {
    format!("__set_{property}")
}

/// The property a getter or setter name belongs to, and whether it is the setter.
fn accessor_of(method: &str) -> Option<(&str, bool)> {
    match method.strip_prefix("__get_") {
        Some(property) => Some((property, false)),
        None => method.strip_prefix("__set_").map(|property| (property, true)),
    }
}

/// A function's key as a message shows it: an accessor as its property (`S::__subscript`,
/// `S::value`), anything else as it is.
pub(super) fn shown_function(key: &str) -> String {
    let (owner, method) = key.rsplit_once("::").map_or(("", key), |(o, m)| (o, m));
    match accessor_of(method) {
        Some((property, _)) if owner.is_empty() => property.to_string(),
        Some((property, _)) => format!("{owner}::{property}"),
        None => key.to_string(),
    }
}

/// A requirement as its interface declares it: `float f(int)`, `__subscript(int) -> float {
/// get; }`, `property float x { set; }`. A setter's last parameter is the value.
fn shown_requirement(method: &str, mut params: Vec<String>, ret: String) -> String {
    match accessor_of(method) {
        Some((property, set)) => {
            let value = if set { params.pop().unwrap_or_default() } else { ret };
            let accessor = if set { "set" } else { "get" };
            if property == SUBSCRIPT {
                format!("__subscript({}) -> {value} {{ {accessor}; }}", params.join(", "))
            } else {
                format!("property {value} {property} {{ {accessor}; }}")
            }
        }
        None => format!("{ret} {method}({})", params.join(", ")),
    }
}

/// A method's name as a word for the output's function names: `operator+` is `operator_add`,
/// `__init` is `init`, `__get_x` is `get_x`.
fn ir_word(method: &str) -> String {
    operator_word(method).unwrap_or_else(|| method.trim_start_matches('_').to_string())
}

/// `operator+` as `operator_add`; `None` for a name that is no operator.
pub(super) fn operator_word(name: &str) -> Option<String> {
    let symbol = name.strip_prefix("operator")?;
    let word = match symbol {
        "+" => "add",
        "-" => "sub",
        "*" => "mul",
        "/" => "div",
        "%" => "mod",
        "==" => "eq",
        "!=" => "ne",
        "<" => "lt",
        ">" => "gt",
        "<=" => "le",
        ">=" => "ge",
        "&" => "and",
        "|" => "or",
        "^" => "xor",
        "<<" => "shl",
        ">>" => "shr",
        "!" => "not",
        "~" => "bitnot",
        "&&" => "logical_and",
        "||" => "logical_or",
        "++" => "inc",
        "--" => "dec",
        "[]" => "index",
        "()" => "call",
        "+=" => "add_assign",
        "-=" => "sub_assign",
        "*=" => "mul_assign",
        "/=" => "div_assign",
        "%=" => "mod_assign",
        "&=" => "and_assign",
        "|=" => "or_assign",
        "^=" => "xor_assign",
        "<<=" => "shl_assign",
        ">>=" => "shr_assign",
        _ => return None,
    };
    Some(format!("operator_{word}"))
}

impl Checker {
    /// Looks names up inside struct `name` (`Inner` alone finds `S::Inner`, `K` finds `S::K`);
    /// returns the scope to put back.
    pub(super) fn enter_struct_scope(&mut self, name: &str) -> Vec<String> {
        std::mem::replace(&mut self.namespaces, name.split("::").map(String::from).collect())
    }

    pub(super) fn interface_decl(&mut self, i: &ast::StructDecl) {
        let mut requirements = Vec::new();
        let mut constants = Vec::new();
        let mut associated = Vec::new();
        const WHAT: &str = "interfaces hold methods, associated constants (`static const uint Size;`) and associated types (`associatedtype T : IFoo;`)";
        for m in &i.members {
            match m {
                ast::StructMember::Method(f) => requirements.push(f.clone()),
                ast::StructMember::Fields(g) if g.modifiers.has(ast::Modifier::Static) => {
                    for d in &g.decls {
                        match &d.init {
                            Some(init) => self.error(
                                "E0502",
                                init.span(),
                                "an associated constant's value is the conforming struct's to give",
                            ),
                            None => constants.push((g.ty.clone(), d.name.clone())),
                        }
                    }
                }
                ast::StructMember::AssociatedType { name, constraint, wheres } => associated.push(Associated {
                    name: name.clone(),
                    constraint: constraint.clone(),
                    wheres: wheres.clone(),
                }),
                ast::StructMember::Property(p) => requirements.extend(self.accessors_of(p, true)),
                other => self.error("E0502", other.name_span(), WHAT),
            }
        }
        // A program's own `IFunc` replaces the core one.
        let core = self.generic_interfaces.get(&i.name.name).is_some_and(|d| d.span == Span::default());
        if self.interfaces.contains_key(&i.name.name)
            || (self.generic_interfaces.contains_key(&i.name.name) && !core)
            || self.types.contains_key(&i.name.name)
        {
            self.error("E0302", i.name.span, format!("`{}` is already defined", i.name.name));
            return;
        }
        if !i.generics.is_empty() {
            // Each instance (`IFoo<float>`) is an interface of its own, made on first use.
            self.generic_interfaces.insert(i.name.name.clone(), std::rc::Rc::new(i.clone()));
            return;
        }
        if i.bases.iter().any(|b| b.name() == "IDifferentiable") {
            self.autodiff.differentiable_interfaces.insert(i.name.name.clone());
        }
        if i.bases.iter().any(|b| b.name() == "IDifferentiablePtrType") {
            self.autodiff.ptr_interfaces.insert(i.name.name.clone());
        }
        let bases = self.interface_bases(&i.bases);
        let any_value_size = self.any_value_size_attr(&i.attrs);
        self.interfaces.insert(
            i.name.name.clone(),
            Interface { bases, requirements, constants, associated, any_value_size, generics: None, span: i.name.span },
        );
    }

    /// The keys of the interfaces an interface refines; reports the names that are none.
    fn interface_bases(&mut self, bases: &[ast::TypeExpr]) -> Vec<String> {
        let mut out = Vec::new();
        for b in bases {
            // Slang's core `IDefaultInitializable` asks for `__init()`, which every struct has.
            if matches!(b.name(), "IDefaultInitializable" | "IDifferentiable" | "IDifferentiablePtrType")
                && b.args().is_empty()
            {
                continue;
            }
            match self.interface_key(b) {
                Some(key) => out.push(key),
                // Slang's core interfaces (`interface IMyFloat : IFloat`): a type conforming to the
                // interface is one of those they accept.
                None if builtin_interface(b.name()).is_some() && b.args().is_empty() => out.push(b.name().to_string()),
                None => {
                    if !self.diags.iter().any(|d| d.primary_span() == Some(b.span)) {
                        self.error("E0401", b.span, format!("`{}` is not an interface", super::generic::shown_type(b)));
                    }
                }
            }
        }
        out
    }

    /// The key of the interface `t` names in the checker's table: the name, or for a generic
    /// interface the instance its arguments make (`IFoo<float>`, made on first use). `None`
    /// when `t` names no interface (reported only for a generic one's bad arguments).
    pub(super) fn interface_key(&mut self, t: &ast::TypeExpr) -> Option<String> {
        let name = t.name();
        let args = t.args();
        if args.is_empty() {
            let key = self.scoped(name, |n| self.interfaces.contains_key(n));
            return self.interfaces.contains_key(&key).then_some(key);
        }
        let g = self.scoped(name, |n| self.generic_interfaces.contains_key(n));
        let decl = self.generic_interfaces.get(&g)?.clone();
        let flat = self.flatten_pack_args(args);
        let args = flat.as_deref().unwrap_or(args);
        let variadic = decl.generics.iter().any(|p| p.pack);
        let bound = if !variadic && args.len() != decl.generics.len() {
            Err(format!("`{g}` takes {} generic arguments", decl.generics.len()))
        } else {
            self.explicit_bounds(&decl.generics, args).and_then(|mut b| {
                // A pack not written is empty.
                for (p, b) in decl.generics.iter().zip(b.iter_mut()) {
                    if p.pack && b.is_none() {
                        *b = Some(super::generic::Bound::Pack(Vec::new()));
                    }
                }
                self.constrained(&decl.generics, b, "")
            })
        };
        let bound = match bound {
            Ok(b) => b,
            Err(why) => {
                let d = Diagnostic::error(
                    "E0416",
                    format!("cannot make `{}` from these arguments", super::generic::shown_type(t)),
                )
                .with_label(t.span, why);
                self.push(d);
                return None;
            }
        };
        let shown: Vec<String> = bound
            .iter()
            .map(|b| match b {
                super::generic::Bound::Type(t) => self.type_name(t),
                super::generic::Bound::Value(v) => v.to_string(),
                super::generic::Bound::Pack(ts) => ts.iter().map(|t| self.type_name(t)).collect::<Vec<_>>().join(", "),
            })
            .filter(|shown| !shown.is_empty())
            .collect();
        let key = format!("{g}<{}>", shown.join(", "));
        if !self.interfaces.contains_key(&key) {
            // Inserted before its bases are read, which may name it again.
            let any_value_size = self.any_value_size_attr(&decl.attrs);
            let placeholder = Interface {
                bases: Vec::new(),
                requirements: Vec::new(),
                constants: Vec::new(),
                associated: Vec::new(),
                any_value_size,
                generics: Some((decl.generics.clone(), bound.clone())),
                span: decl.name.span,
            };
            self.interfaces.insert(key.clone(), placeholder);
            let outer = self.bind_generics(&decl.generics, &bound);
            let bases = self.interface_bases(&decl.bases);
            // A requirement's pack parameters, one per element of this instance's packs.
            let outer_packs = std::mem::take(&mut self.value_packs);
            let mut requirements = Vec::new();
            for m in &decl.members {
                if let ast::StructMember::Method(f) = m {
                    requirements.push((*self.spread_pack_params(&std::rc::Rc::new(f.clone()))).clone());
                }
            }
            self.value_packs = outer_packs;
            self.unbind_generics(outer);
            let mut constants = Vec::new();
            let mut associated = Vec::new();
            for m in &decl.members {
                match m {
                    ast::StructMember::Method(_) => {}
                    ast::StructMember::Fields(g) if g.modifiers.has(ast::Modifier::Static) => {
                        constants.extend(g.decls.iter().map(|d| (g.ty.clone(), d.name.clone())))
                    }
                    ast::StructMember::AssociatedType { name, constraint, wheres } => associated.push(Associated {
                        name: name.clone(),
                        constraint: constraint.clone(),
                        wheres: wheres.clone(),
                    }),
                    ast::StructMember::Property(p) => requirements.extend(self.accessors_of(p, true)),
                    other => self.error(
                        "E0502",
                        other.name_span(),
                        "interfaces hold methods, associated constants and associated types",
                    ),
                }
            }
            let i = self.interfaces.get_mut(&key).expect("inserted above");
            i.bases = bases;
            i.requirements = requirements;
            i.constants = constants;
            i.associated = associated;
        }
        Some(key)
    }

    /// Gives a generic interface instance's parameters their arguments while its requirements
    /// are read; `None` for an interface that is no instance.
    pub(super) fn bind_interface_generics(&mut self, key: &str) -> Option<super::generic::OuterNames> {
        let (params, bound) = self.interfaces.get(key)?.generics.clone()?;
        Some(self.bind_generics(&params, &bound))
    }

    /// The members of struct `h` other than its fields: static members, methods, operators,
    /// constructors and properties; then its conformance to the interfaces it names. A struct's
    /// own declaration and each `extension` of it come here.
    /// Whether an explicit specialization's out-of-line definition, written for `owner_args`
    /// (`Table<float, 2>::`), is for the instance of arguments `bound`.
    fn written_for(&mut self, owner_args: &[ast::GenericArg], bound: &[super::generic::Bound]) -> bool {
        use super::generic::Bound;
        !owner_args.is_empty()
            && owner_args.len() == bound.len()
            && owner_args.iter().zip(bound).all(|(a, b)| match (a, b) {
                (ast::GenericArg::Type(t), Bound::Type(ty)) => self.resolve_type(t) == *ty,
                (ast::GenericArg::Expr(e), Bound::Value(v)) => {
                    matches!(&e.kind, ast::ExprKind::IntLit(i) if i.value as i64 == *v)
                }
                _ => false,
            })
    }

    /// The values of the static members of struct `owner` (`g`) declared without one, from
    /// their out-of-line definitions; and the definitions' own template parameters, bound as
    /// the instance binds the struct's, which the values are read with.
    pub(super) fn take_member_definitions(
        &mut self,
        owner: &str,
        g: &mut ast::VarDeclGroup,
    ) -> (Vec<ast::GenericParam>, Vec<super::generic::Bound>) {
        let (generic, bound) = match self.instantiating.iter().rev().find(|(i, _, _)| i == owner) {
            Some((_, generic, bound)) => (generic.clone(), bound.clone()),
            None => (owner.to_string(), Vec::new()),
        };
        let mut bindings = Vec::new();
        for d in g.decls.iter_mut().filter(|d| d.init.is_none()) {
            let key = method_key(&generic, &d.name.name);
            let defs = self.member_definitions.get(&key).cloned().unwrap_or_default();
            // An explicit specialization's member (`const float Table<float>::v[3] = …`) is
            // defined for its arguments; a template's (`template<typename U> … Table<U>::v`)
            // for the others.
            let explicit = defs.iter().find(|def| def.generics.is_empty() && self.written_for(&def.owner_args, &bound));
            let template = || defs.iter().find(|def| !def.generics.is_empty() || def.owner_args.is_empty());
            let Some(def) = explicit.or_else(template).cloned() else {
                // Checking item by item, the definition may come later: only the whole tree
                // can say.
                if self.entry_attrs_known != super::EntryAttrs::FromTree {
                    self.extern_unresolved = true;
                }
                continue;
            };
            self.member_defined.insert(key);
            let Some(value) = def.group.decls.first() else { continue };
            d.init = value.init.clone();
            if d.array_dims.iter().any(Option::is_none) {
                d.array_dims = value.array_dims.clone();
            }
            for (arg, b) in def.owner_args.iter().zip(&bound) {
                let ast::GenericArg::Type(t) = arg else { continue };
                if let Some(p) = def.generics.iter().find(|p| p.name.name == t.name()) {
                    if !bindings.iter().any(|(q, _): &(ast::GenericParam, _)| q.name.name == p.name.name) {
                        bindings.push((p.clone(), b.clone()));
                    }
                }
            }
        }
        bindings.into_iter().unzip()
    }

    /// The out-of-line body of method `f` that an instance of template struct `owner` declares
    /// without one (`template<typename U> U Box<U>::get() { … }`), and the definition's own
    /// template parameters bound as the instance binds the struct's, which the method is
    /// checked with. An explicit specialization's (`int Box<int>::get() { … }`) is for its
    /// arguments; a template's, written over its parameters in order, for the others.
    fn take_method_definition(
        &mut self,
        owner: &str,
        f: &ast::FunctionDecl,
    ) -> Option<(ast::FunctionDecl, Vec<ast::GenericParam>, Vec<super::generic::Bound>)> {
        let (generic, bound) =
            self.instantiating.iter().rev().find(|(i, _, _)| i == owner).map(|(_, g, b)| (g.clone(), b.clone()))?;
        let key = method_key(&generic, &f.name.name);
        let defs = self.method_definitions.get(&key).cloned().unwrap_or_default();
        if defs.is_empty() {
            // Checking item by item, the definition may come later: only the whole tree can say.
            if self.entry_attrs_known != super::EntryAttrs::FromTree {
                self.extern_unresolved = true;
            }
            return None;
        }
        let bare = |def: &ast::MethodDefinition, a: &ast::GenericArg| -> Option<usize> {
            let name = match a {
                ast::GenericArg::Type(t) if t.args().is_empty() => t.name().to_string(),
                ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => n.clone(),
                _ => return None,
            };
            def.generics.iter().position(|p| p.name.name == name)
        };
        let explicit = defs.iter().find(|def| def.generics.is_empty() && self.written_for(&def.owner_args, &bound));
        let primary = |def: &ast::MethodDefinition| {
            def.generics.len() == bound.len()
                && def.owner_args.len() == bound.len()
                && def.owner_args.iter().enumerate().all(|(i, a)| bare(def, a) == Some(i))
        };
        // An instance a partial specialization made (the most specialized that fits, as
        // instantiation chose) has the methods of a definition written over that
        // specialization's patterns: one with as many parameters whose patterns fit too.
        let partials = self.generic_structs.get(&generic).map(|g| g.partials.clone()).unwrap_or_default();
        let mut fitting: Vec<usize> = Vec::new();
        for p in &partials {
            if self.match_partial(p, &bound).is_some() {
                fitting.push(p.decl.generics.len());
            }
        }
        let from_partial = fitting.iter().min().copied();
        let mut chosen = explicit.map(|def| (def.clone(), Vec::new()));
        if chosen.is_none() {
            chosen = match from_partial {
                None => defs.iter().find(|def| primary(def)).map(|def| (def.clone(), bound.clone())),
                Some(n) => {
                    let mut found = None;
                    for def in defs.iter().filter(|def| !def.generics.is_empty() && !primary(def)) {
                        let pattern = super::generic::Partial {
                            patterns: def.owner_args.clone(),
                            decl: std::rc::Rc::new(ast::StructDecl {
                                attrs: Vec::new(),
                                modifiers: ast::Modifiers::default(),
                                name: ast::Ident { name: def.owner.clone(), span: def.function.name.span },
                                generics: def.generics.clone(),
                                bases: Vec::new(),
                                wheres: Vec::new(),
                                members: Vec::new(),
                                span: def.function.span,
                            }),
                        };
                        if def.generics.len() != n {
                            continue;
                        }
                        if let Some(own) = self.match_partial(&pattern, &bound) {
                            found = Some((def.clone(), own));
                            break;
                        }
                    }
                    found
                }
            };
        }
        let (def, own) = chosen?;
        let mut function = def.function.clone();
        function.name = f.name.clone();
        if function.params.len() != f.params.len() {
            let msg = format!(
                "`{}` declares `{}` with {} parameter(s); this definition has {}",
                generic,
                f.name.name,
                f.params.len(),
                function.params.len()
            );
            self.error("E0301", def.function.name.span, msg);
            return None;
        }
        // The declaration's modifiers (`static`) hold for the definition.
        function.modifiers.list.extend(f.modifiers.list.iter().cloned());
        Some((function, def.generics.clone(), own))
    }

    /// `template<typename T> T Box<T>::get() { … }`: taken where an instance of `Box` declares
    /// `get` ([`Checker::struct_members`]); here only checked to name a method it declares.
    pub(super) fn method_definition(&mut self, def: &ast::MethodDefinition) {
        let name = &def.function.name;
        let declares = |d: &ast::StructDecl| {
            d.members.iter().any(|m| matches!(m, ast::StructMember::Method(f) if f.name.name == name.name))
        };
        let declared = match self.generic_structs.get(&def.owner) {
            Some(g) => {
                declares(&g.decl)
                    || g.specializations.iter().any(|(_, d)| declares(d))
                    || g.partials.iter().any(|p| declares(&p.decl))
            }
            None => false,
        };
        if !declared {
            let msg = format!("template struct `{}` declares no method `{}` to define here", def.owner, name.name);
            self.error("E0301", name.span, msg);
        }
    }

    /// `const int S::table[2] = { 1, 2 };`: taken already where `S` declares `table`
    /// ([`Checker::struct_members`]); here only checked to name a static member.
    pub(super) fn member_definition(&mut self, def: &ast::MemberDefinition) {
        let Some(d) = def.group.decls.first() else { return };
        let key = method_key(&def.owner, &d.name.name);
        if self.member_defined.contains(&key) {
            return;
        }
        let declared = match self.generic_structs.get(&def.owner) {
            Some(g) => g.decl.members.iter().any(|m| {
                matches!(m, ast::StructMember::Fields(f)
                    if f.modifiers.has(ast::Modifier::Static) && f.decls.iter().any(|x| x.name.name == d.name.name))
            }),
            None => false,
        };
        if !declared {
            let msg =
                format!("`{}` declares no static member `{}` without a value to define here", def.owner, d.name.name);
            self.error("E0407", d.name.span, msg);
        }
    }

    pub(super) fn struct_members(&mut self, h: StructId, members: &[ast::StructMember], bases: &[ast::TypeExpr]) {
        // A base struct's methods and properties are the derived struct's too (checked again
        // with it as `this`: it has every field they use), but for those it defines itself.
        let own_name = |m: &ast::StructMember| match m {
            ast::StructMember::Method(f) => Some(f.name.name.clone()),
            ast::StructMember::Property(p) => Some(p.name.name.clone()),
            _ => None,
        };
        // Its methods may name its `Differential` before its conformances are checked.
        self.note_differentiable_bases(h, bases);
        let defined: HashSet<String> = members.iter().filter_map(own_name).collect();
        let mut inherited: Vec<ast::StructMember> = Vec::new();
        for b in bases {
            if let Some(base) = self.base_struct(b) {
                for m in self.inherited_members.get(&base).cloned().unwrap_or_default() {
                    if own_name(&m).is_some_and(|n| !defined.contains(&n)) {
                        inherited.push(m);
                    }
                }
            }
        }
        let own = members.iter().filter(|m| own_name(m).is_some()).cloned();
        self.inherited_members.insert(h, inherited.iter().cloned().chain(own).collect());
        let members: Vec<ast::StructMember> = inherited.into_iter().chain(members.iter().cloned()).collect();
        let members = &members[..];
        // Slang's `This`: the struct itself, in its members and in the requirements it meets.
        let outer_this = self.types.insert(THIS.into(), Type::Struct(h));
        self.struct_members_of(h, members, bases);
        match outer_this {
            Some(t) => self.types.insert(THIS.into(), t),
            None => self.types.remove(THIS),
        };
    }

    fn struct_members_of(&mut self, h: StructId, members: &[ast::StructMember], bases: &[ast::TypeExpr]) {
        let struct_name = self.module.structs[h].name.clone();
        // Properties are written like fields, so assigning one makes a method mutating too.
        // A write through a resource field (`buffer[0] = v`) writes the resource, not `this`.
        let mut assignable: HashSet<String> = self.module.structs[h]
            .fields
            .iter()
            .filter(|f| !holds_resource_handle(&f.ty))
            .map(|f| f.name.clone())
            .collect();
        let mut methods: Vec<ast::FunctionDecl> = Vec::new();
        let mut statics = Vec::new();
        // Out-of-line bodies of a template instance's methods, with the definitions' own
        // template parameters bound.
        let mut defined_bindings: HashMap<String, (Vec<ast::GenericParam>, Vec<super::generic::Bound>)> =
            HashMap::default();
        for m in members {
            match m {
                ast::StructMember::Method(f) if f.body.is_none() && f.generics.is_empty() => {
                    match self.take_method_definition(&struct_name, f) {
                        Some((d, params, bound)) => {
                            defined_bindings.insert(f.name.name.clone(), (params, bound));
                            methods.push(d);
                        }
                        None => methods.push(f.clone()),
                    }
                }
                ast::StructMember::Method(f) => methods.push(f.clone()),
                ast::StructMember::Property(p) => {
                    assignable.insert(p.name.name.clone());
                    methods.extend(self.accessors(p));
                }
                ast::StructMember::Fields(g) if g.modifiers.has(ast::Modifier::Static) => statics.push(g),
                // Declared with the fields, which may use them.
                ast::StructMember::Fields(_) | ast::StructMember::Type(_) | ast::StructMember::Struct(_) => {}
                ast::StructMember::AssociatedType { name, .. } => self.error(
                    "E0502",
                    name.span,
                    "`associatedtype` belongs in an interface; a struct gives the type: `typealias Name = T;`",
                ),
            }
        }
        // Inside its members the struct is a scope: `K` alone finds the static member `S::K`.
        let outer = self.enter_struct_scope(&struct_name);
        for g in statics {
            let mut g = g.clone();
            g.decls.retain(|d| !self.early_statics.contains(&method_key(&struct_name, &d.name.name)));
            let (params, bound) = self.take_member_definitions(&struct_name, &mut g);
            for d in &mut g.decls {
                d.name.name = method_key(&struct_name, &d.name.name);
            }
            if !g.decls.is_empty() {
                let outer = self.bind_generics(&params, &bound);
                self.global_group(&g, None);
                self.unbind_generics(outer);
            }
        }
        let refs: Vec<&ast::FunctionDecl> = methods.iter().collect();
        let mutating = mutating_methods(&refs, &assignable);
        let mut list = self.methods.remove(&h).unwrap_or_default();
        let mut defs = Vec::new();
        for f in &methods {
            let is_init = f.name.name == INIT;
            let is_static = is_init || f.modifiers.has(ast::Modifier::Static);
            let mut d = f.clone();
            d.name.name = method_key(&struct_name, &f.name.name);
            let own_type = ast::TypeExpr {
                kind: ast::TypeExprKind::Named { name: struct_name.clone(), args: Vec::new() },
                span: f.name.span,
            };
            if is_init {
                d.ret = own_type.clone();
            }
            if !is_static {
                d.params.insert(0, this_param(own_type, mutating.contains(&f.name.name), f.name.span));
            }
            if !list.iter().any(|m: &Method| m.name == f.name.name) {
                list.push(Method { name: f.name.name.clone(), is_static });
            }
            if !f.generics.is_empty() || self.with_array_params(f).is_some() {
                // Checked per instance, like any generic function.
                self.pending_init = is_init.then_some(h);
                self.generic_function(&d, (!is_static).then_some(h), Some(h));
                self.pending_init = None;
                continue;
            }
            // Declared before any body is checked, so methods may call each other in any order.
            let prototype = ast::FunctionDecl { body: None, ..d.clone() };
            let ir_name = self.unique_global_name(&format!("{struct_name}_{}", ir_word(&f.name.name)));
            let binding = defined_bindings.get(&f.name.name).cloned();
            let outer_names = binding.as_ref().map(|(p, b)| self.bind_generics(p, b));
            if let Some(id) = self.function(&prototype) {
                self.module.functions[id].name = ir_name.clone();
            }
            if let Some(o) = outer_names {
                self.unbind_generics(o);
            }
            defs.push((d, is_static, is_init, ir_name, binding));
        }
        self.methods.insert(h, list);
        for (d, is_static, is_init, ir_name, binding) in defs {
            self.pending_this = (!is_static).then_some(h);
            self.pending_init = is_init.then_some(h);
            let outer_names = binding.as_ref().map(|(p, b)| self.bind_generics(p, b));
            let id = self.function(&d);
            if let Some(o) = outer_names {
                self.unbind_generics(o);
            }
            self.pending_this = None;
            self.pending_init = None;
            if let Some(id) = id {
                self.module.functions[id].name = ir_name;
            }
        }
        self.namespaces = outer;
        self.check_conformance(h, bases);
    }

    /// `R S::m(…) { … }`, the body of a method that struct `S` declares: checked as the
    /// struct's own methods are, after the struct (and whatever the struct could not name yet,
    /// such as a type declared after it). Returns false for a name that is no struct's method.
    pub(super) fn out_of_line_method(&mut self, f: &ast::FunctionDecl) -> bool {
        let Some((struct_name, method)) = f.name.name.rsplit_once("::") else { return false };
        let Some(Type::Struct(h)) = self.types.get(struct_name).cloned() else { return false };
        let declared =
            self.methods.get(&h).and_then(|list| list.iter().find(|m| m.name == method)).map(|m| m.is_static);
        let Some(declared_static) = declared else {
            self.error(
                "E0301",
                f.name.span,
                format!("struct `{struct_name}` declares no method `{method}` to define here"),
            );
            return true;
        };
        let struct_name = self.module.structs[h].name.clone();
        let is_static = declared_static || f.modifiers.has(ast::Modifier::Static);
        let plain = ast::FunctionDecl { name: ast::Ident { name: method.to_string(), span: f.name.span }, ..f.clone() };
        let fields: HashSet<String> = self.module.structs[h]
            .fields
            .iter()
            .filter(|f| !holds_resource_handle(&f.ty))
            .map(|f| f.name.clone())
            .collect();
        let mutating = !is_static && mutating_methods(&[&plain], &fields).contains(method);
        let mut d = plain.clone();
        d.name.name = method_key(&struct_name, method);
        if !is_static {
            let own_type = ast::TypeExpr {
                kind: ast::TypeExprKind::Named { name: struct_name.clone(), args: Vec::new() },
                span: f.name.span,
            };
            d.params.insert(0, this_param(own_type, mutating, f.name.span));
        }
        let outer = self.enter_struct_scope(&struct_name);
        self.pending_this = (!is_static).then_some(h);
        let id = self.function(&d);
        self.pending_this = None;
        self.namespaces = outer;
        if let Some(id) = id {
            // The prototype in the struct took `this` by value, not knowing the body: a body
            // that changes the object takes it `inout`, for the calls that follow.
            if mutating {
                if let Some(p) = self.sigs[id.index()].params.first_mut() {
                    p.1 = crate::ir::ParamMode::InOut;
                }
            }
        }
        true
    }

    /// Slang's `extension S : IFoo { … }`: more methods, static members and conformances for
    /// a struct declared elsewhere.
    pub(super) fn extension_decl(&mut self, e: &ast::ExtensionDecl) {
        if !e.generics.is_empty() {
            return self.blanket_extension(e);
        }
        let ty = self.resolve_type(&e.ty);
        let h = match ty {
            Type::Struct(h) => h,
            Type::Error => return,
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) => return self.value_extension(ty, e),
            other => {
                let msg = format!(
                    "only structs, scalars, vectors and matrices can be extended, not `{}`",
                    self.type_name(&other)
                );
                self.error("E0502", e.ty.span, msg);
                return;
            }
        };
        for m in &e.members {
            if let ast::StructMember::Fields(g) = m {
                if !g.modifiers.has(ast::Modifier::Static) {
                    let span = g.decls.first().map_or(g.span, |d| d.name.span);
                    self.error(
                        "E0502",
                        span,
                        "an extension cannot add fields (only methods, properties and static members)",
                    );
                }
            }
        }
        self.struct_members(h, &e.members, &e.bases);
    }

    /// Slang's `extension float : IFoo { … }`: methods, static members and conformances for a
    /// scalar, vector or matrix type. A method takes the value as `this` (`inout` when
    /// `[mutating]` or when it assigns `this`); calls and generic constraints then see the type
    /// as they see a struct that declared them.
    fn value_extension(&mut self, ty: Type, e: &ast::ExtensionDecl) {
        let type_name = self.type_name(&ty);
        let own_type =
            |span| ast::TypeExpr { kind: ast::TypeExprKind::Named { name: type_name.clone(), args: Vec::new() }, span };
        let mut methods: Vec<ast::FunctionDecl> = Vec::new();
        for m in &e.members {
            match m {
                ast::StructMember::Method(f) => methods.push(f.clone()),
                ast::StructMember::Property(p) => methods.extend(self.accessors(p)),
                ast::StructMember::Fields(g) if g.modifiers.has(ast::Modifier::Static) => {
                    let mut g = g.clone();
                    for d in &mut g.decls {
                        d.name.name = method_key(&type_name, &d.name.name);
                    }
                    self.global_group(&g, None);
                }
                other => {
                    let msg = format!("an extension of `{type_name}` adds methods, properties and static members");
                    self.error("E0502", other.name_span(), msg);
                }
            }
        }
        let outer_this = self.types.insert(THIS.into(), ty.clone());
        let refs: Vec<&ast::FunctionDecl> = methods.iter().collect();
        let mutating = mutating_methods(&refs, &HashSet::default());
        let mut defs = Vec::new();
        for f in &methods {
            let is_static = f.modifiers.has(ast::Modifier::Static);
            if f.name.name == INIT {
                self.error("E0502", f.name.span, format!("an extension of `{type_name}` cannot add constructors"));
                continue;
            }
            let mut d = f.clone();
            d.name.name = method_key(&type_name, &f.name.name);
            if !is_static {
                d.params.insert(0, this_param(own_type(f.name.span), mutating.contains(&f.name.name), f.name.span));
            }
            let list = self.value_methods.entry(ty.clone()).or_default();
            if !list.iter().any(|m| m.name == f.name.name) {
                list.push(Method { name: f.name.name.clone(), is_static });
            }
            if !f.generics.is_empty() {
                self.generic_function(&d, None, None);
                continue;
            }
            // Declared before any body is checked, so methods may call each other in any order.
            let prototype = ast::FunctionDecl { body: None, ..d.clone() };
            let ir_name = self.unique_global_name(&format!("{}_{}", ir_word(&type_name), ir_word(&f.name.name)));
            if let Some(id) = self.function(&prototype) {
                self.module.functions[id].name = ir_name.clone();
            }
            defs.push((d, ir_name));
        }
        for (d, ir_name) in defs {
            if let Some(id) = self.function(&d) {
                self.module.functions[id].name = ir_name;
            }
        }
        match outer_this {
            Some(t) => self.types.insert(THIS.into(), t),
            None => self.types.remove(THIS),
        };
        for b in &e.bases {
            let Some(key) = self.interface_key(b) else {
                if builtin_interface(b.name()).is_none() && !self.diags.iter().any(|d| d.primary_span() == Some(b.span))
                {
                    self.error("E0401", b.span, format!("`{}` is not an interface", super::generic::shown_type(b)));
                }
                continue;
            };
            let promised = format!("`{type_name}` promises `{key}` here");
            for (iface, i) in
                self.interface_and_bases(&key).into_iter().map(|(n, i)| (n.clone(), i.clone())).collect::<Vec<_>>()
            {
                for base in &i.bases {
                    if builtin_interface(base).is_some() && !self.type_conforms(&ty, base) {
                        let msg = format!("`{type_name}` does not conform to `{base}`, which `{iface}` refines");
                        self.push(Diagnostic::error("E0418", msg).with_label(b.span, promised.clone()));
                    }
                }
                for req in &i.requirements {
                    let has = self.value_methods.get(&ty).is_some_and(|l| l.iter().any(|m| m.name == req.name.name));
                    if !has && req.body.is_none() {
                        let msg =
                            format!("`{type_name}` does not define `{}`, which `{iface}` requires", req.name.name);
                        let d = Diagnostic::error("E0418", msg)
                            .with_label(b.span, promised.clone())
                            .with_label(req.name.span, "the requirement");
                        self.push(d);
                    }
                }
            }
            self.value_conformances.entry(ty.clone()).or_default().push(key);
        }
    }

    /// Whether scalar, vector or matrix type `ty` has a method `name` from an extension, and
    /// whether it is static; with its key in the function table.
    pub(super) fn value_method(&self, ty: &Type, name: &str) -> Option<(String, bool)> {
        let m = self.value_methods.get(ty)?.iter().find(|m| m.name == name)?;
        Some((method_key(&self.type_name(ty), name), m.is_static))
    }

    /// Whether an extension made scalar, vector or matrix type `ty` conform to `name` (or to
    /// an interface refining it).
    pub(super) fn value_conforms(&self, ty: &Type, name: &str) -> bool {
        let Some(list) = self.value_conformances.get(ty) else { return false };
        list.iter().any(|i| {
            self.interface_and_bases(i)
                .iter()
                .any(|(n, iface)| n.as_str() == name || iface.bases.iter().any(|b| b == name))
        })
    }

    /// Slang's generic extensions: `extension<T : IFoo> T { … }` (or `: IBar`) gives its
    /// members (and conformances) to every struct that conforms to `IFoo`, those conforming
    /// already and those to come, and to `IFoo`'s own values; `extension<T, U : IBuf<T>> U`
    /// reads `T` off the interface `U` conforms to; `extension<H : IArithmetic> Box<H>`
    /// extends the instances of generic struct `Box` whose arguments meet the constraints.
    fn blanket_extension(&mut self, e: &ast::ExtensionDecl) {
        let target = e.ty.name();
        let param = e.generics.iter().find(|p| p.name.name == target && p.value.is_none());
        let generic_struct = self.scoped(target, |n| self.generic_structs.contains_key(n));
        let fits = match param {
            // `extension<T : IFoo> T`: the constraint says which types; its interface may name
            // the other parameters (`IBuf<T>`), read per struct.
            Some(p) if e.ty.args().is_empty() => p.constraint.is_some(),
            None => !e.ty.args().is_empty() && self.generic_structs.contains_key(&generic_struct),
            Some(_) => false,
        };
        if !fits {
            self.error(
                "E0502",
                e.ty.span,
                "a generic extension extends a constrained parameter (`extension<T : IFoo> T`) or a generic struct (`extension<T> Box<T>`)",
            );
            return;
        }
        if let Some(c) = param.and_then(|p| p.constraint.as_ref()) {
            if self.builtin_ptr_extension(e, c) {
                return;
            }
            let names_param = e.generics.iter().any(|g| mentions(c, &g.name.name));
            if !names_param && self.interface_key(c).is_none() {
                self.error("E0401", c.span, "a generic extension's constraint must be an interface");
                return;
            }
        }
        let index = self.blanket_extensions.len();
        self.blanket_extensions.push(BlanketExtension { decl: e.clone() });
        let mut existing: Vec<StructId> = self.conformances.keys().chain(self.instance_of.keys()).copied().collect();
        existing.sort();
        existing.dedup();
        for h in existing {
            self.apply_blanket_extension(index, h);
        }
    }

    /// Extends struct `h` (a conforming struct, a generic struct's instance, or an
    /// interface's value) with blanket extension `index`, once, where it applies.
    pub(super) fn apply_blanket_extension(&mut self, index: usize, h: StructId) {
        if self.blanket_applied.contains(&(index, h)) {
            return;
        }
        let ext = self.blanket_extensions[index].clone();
        let Some(bound) = self.extension_bounds(&ext.decl.generics, &ext.decl.ty, h) else { return };
        if self.check_wheres(&ext.decl.generics, &bound, &ext.decl.wheres).is_err() {
            return;
        }
        self.blanket_applied.insert((index, h));
        // Checked as members of their own, in the middle of whatever needed them.
        let caller = self.cur.take();
        let pending_this = self.pending_this.take();
        let outer = self.bind_generics(&ext.decl.generics, &bound);
        let before = self.outer_generics.replace((ext.decl.generics.clone(), bound));
        let extending = std::mem::replace(&mut self.in_blanket_extension, true);
        self.struct_members(h, &ext.decl.members, &ext.decl.bases);
        self.in_blanket_extension = extending;
        self.outer_generics = before;
        self.unbind_generics(outer);
        self.pending_this = pending_this;
        self.cur = caller;
    }

    /// The blanket extensions struct `h` meets (after a conformance), applied.
    fn apply_blanket_extensions(&mut self, h: StructId) {
        for i in 0..self.blanket_extensions.len() {
            self.apply_blanket_extension(i, h);
        }
    }

    /// A fresh object of struct `h`: each field's default (Slang's `float x = 1;`) or zero.
    pub(super) fn default_object(&mut self, h: StructId, span: Span) -> ExprId {
        // An interface's value: its fields are only known at the end of the module.
        if let Some(&x) = self.existential_structs.get(&h) {
            return self.existential_zero(x, span);
        }
        let parts = (0..self.module.structs[h].fields.len()).map(|i| self.field_default(h, i, span)).collect();
        self.add_expr(ExprKind::Construct(parts), Type::Struct(h), span)
    }

    /// Field `i` of struct `h` as a fresh object holds it: its default, else zero.
    pub(super) fn field_default(&mut self, h: StructId, i: usize, span: Span) -> ExprId {
        let ty = self.module.structs[h].fields[i].ty.clone();
        let Some(init) = self.field_defaults.get(&h).and_then(|d| d.get(i)).cloned().flatten() else {
            return self.zero_value(&ty, span);
        };
        // Read as written inside the struct: its nested types and generic parameters in scope.
        let name = self.module.structs[h].name.clone();
        let outer = self.enter_struct_scope(&name);
        let generics = self.instance_generics.get(&h).cloned();
        let bound = generics.as_ref().map(|(params, bound)| self.bind_generics(params, bound));
        let value = self.initializer(&init, &mut ty.clone());
        if let Some(b) = bound {
            self.unbind_generics(b);
        }
        self.namespaces = outer;
        value
    }

    pub(super) fn zero_value(&mut self, ty: &Type, span: Span) -> ExprId {
        let scalar = |s: Scalar| match s {
            Scalar::Bool => ConstValue::Bool(false),
            s if s.is_float() => ConstValue::Float(0.0),
            s if s.is_unsigned_int() => ConstValue::Uint(0),
            _ => ConstValue::Int(0),
        };
        let parts = match ty {
            Type::Scalar(s) => return self.add_expr(ExprKind::Const(scalar(*s)), ty.clone(), span),
            Type::Vector(s, n) => (0..*n).map(|_| self.zero_value(&Type::Scalar(*s), span)).collect(),
            Type::Matrix(s, r, c) => (0..r * c).map(|_| self.zero_value(&Type::Scalar(*s), span)).collect(),
            Type::Array(e, Some(n)) => (0..*n).map(|_| self.zero_value(e, span)).collect(),
            Type::Struct(h) => return self.default_object(*h, span),
            // A pointer's zero is `nullptr`.
            Type::Pointer(_) => return self.add_expr(ExprKind::Const(ConstValue::Uint(0)), ty.clone(), span),
            _ => return self.error_expr(span),
        };
        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
    }

    /// HLSL's `(S)0`: constant `c` converted into every scalar of `ty` (struct fields, array
    /// elements, vector and matrix components alike).
    pub(super) fn splat_value(&mut self, ty: &Type, c: &ConstValue, span: Span) -> ExprId {
        let parts = match ty {
            Type::Scalar(s) => {
                let v = super::consts::convert(c, *s).unwrap_or_else(|| c.clone());
                return self.add_expr(ExprKind::Const(v), ty.clone(), span);
            }
            Type::Vector(s, n) => (0..*n).map(|_| self.splat_value(&Type::Scalar(*s), c, span)).collect(),
            Type::Matrix(s, r, k) => (0..r * k).map(|_| self.splat_value(&Type::Scalar(*s), c, span)).collect(),
            Type::Array(e, Some(n)) => (0..*n).map(|_| self.splat_value(e, c, span)).collect(),
            Type::Struct(h) if self.existential_structs.contains_key(h) => return self.default_object(*h, span),
            Type::Struct(h) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                fields.iter().map(|t| self.splat_value(t, c, span)).collect()
            }
            _ => return self.error_expr(span),
        };
        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
    }

    /// A property's accessors as methods: `get` returns the property's type, `set` takes one
    /// value (`newValue` unless named) and writes `this`.
    fn accessors(&mut self, p: &ast::PropertyDecl) -> Vec<ast::FunctionDecl> {
        self.accessors_of(p, false)
    }

    /// A property's accessors as methods; in an interface (`requirement`), without bodies.
    pub(super) fn accessors_of(&mut self, p: &ast::PropertyDecl, requirement: bool) -> Vec<ast::FunctionDecl> {
        let mut out = Vec::new();
        for a in &p.accessors {
            if a.body.is_none() && !requirement {
                self.error("E0502", a.name.span, "a property accessor needs a body");
                continue;
            }
            let mut f = a.clone();
            f.generics = p.generics.clone();
            f.wheres = p.wheres.clone();
            for param in &mut f.params {
                if param.ty.name() == crate::syntax::classify::PROPERTY_TYPE {
                    param.ty = p.ty.clone();
                }
            }
            match a.name.name.as_str() {
                "get" => {
                    if !a.params.is_empty() {
                        self.error("E0502", a.name.span, "a `get` accessor takes no parameters");
                        continue;
                    }
                    f.name.name = getter(&p.name.name);
                    f.ret = p.ty.clone();
                    f.params = p.params.clone();
                }
                "set" => {
                    match a.params.len() {
                        0 => f.params.push(ast::Param {
                            attrs: Vec::new(),
                            modifiers: ast::Modifiers::default(),
                            ty: p.ty.clone(),
                            name: ast::Ident { name: "newValue".into(), span: a.name.span },
                            array_dims: Vec::new(),
                            annotations: Vec::new(),
                            default: None,
                            span: a.name.span,
                        }),
                        1 => {}
                        _ => {
                            self.error("E0502", a.name.span, "a `set` accessor takes one value");
                            continue;
                        }
                    }
                    f.name.name = setter(&p.name.name);
                    f.params.splice(0..0, p.params.iter().cloned());
                    f.ret = ast::TypeExpr {
                        kind: ast::TypeExprKind::Named { name: "void".into(), args: Vec::new() },
                        span: a.name.span,
                    };
                    // A setter changes its object, unless it is `[nonmutating]` (it writes
                    // through a resource the object holds): then a read-only object has one too.
                    if !a.attrs.iter().any(|at| at.name.name == "nonmutating") {
                        f.attrs.push(ast::Attribute {
                            name: ast::Ident { name: "mutating".into(), span: a.name.span },
                            args: Vec::new(),
                            span: a.name.span,
                        });
                    }
                }
                other => {
                    let msg = format!("a property has `get` and `set` accessors, not `{other}`");
                    self.error("E0502", a.name.span, msg);
                    continue;
                }
            }
            out.push(f);
        }
        out
    }

    pub(super) fn check_conformance(&mut self, h: StructId, bases: &[ast::TypeExpr]) {
        let struct_name = self.module.structs[h].name.clone();
        // Requirements are read inside the struct: an associated type `Assoc` is its `S::Assoc`.
        let outer = self.enter_struct_scope(&struct_name);
        let unmet = |c: &Self| c.diags.iter().filter(|d| d.code == "E0418").count();
        let before = unmet(self);
        self.check_conformance_inside(h, bases);
        if unmet(self) > before {
            self.unmet_conformances.insert(h);
        }
        self.namespaces = outer;
    }

    fn check_conformance_inside(&mut self, h: StructId, bases: &[ast::TypeExpr]) {
        let struct_name = self.module.structs[h].name.clone();
        let mut conforms = self.conformances.remove(&h).unwrap_or_default();
        let mut defaults = Vec::new();
        for b in bases {
            // Slang's core `IDefaultInitializable` asks for `__init()`, which every struct has
            // (its fields' defaults, or zeros).
            if matches!(b.name(), "IDefaultInitializable" | "IDifferentiable" | "IDifferentiablePtrType") {
                conforms.push(b.name().to_string());
                continue;
            }
            // Slang's core `IComparable` and `IArithmetic`: a struct gives their methods, which
            // generic code (`min`, `max`) calls.
            if let Some(required) = builtin_requirements(b.name()).filter(|_| b.args().is_empty()) {
                for (method, arity) in required {
                    let key = method_key(&struct_name, method);
                    let has = self.method_of(h, method) == Some(false)
                        && self
                            .functions
                            .get(&key)
                            .is_some_and(|ids| ids.iter().any(|id| self.sigs[id.index()].params.len() == arity + 1));
                    if !has {
                        let d = Diagnostic::error(
                            "E0418",
                            format!(
                                "`{struct_name}` does not implement `{method}` (a method of {arity} parameter{}), which `{}` requires",
                                if *arity == 1 { "" } else { "s" },
                                b.name()
                            ),
                        )
                        .with_label(b.span, format!("`{struct_name}` promises `{}` here", b.name()));
                        self.push(d);
                    }
                }
                conforms.push(b.name().to_string());
                continue;
            }
            let Some(key) = self.interface_key(b) else {
                let struct_base = self.base_struct(b).is_some();
                if !struct_base && !self.diags.iter().any(|d| d.primary_span() == Some(b.span)) {
                    self.error("E0401", b.span, format!("`{}` is not an interface", super::generic::shown_type(b)));
                }
                continue;
            };
            let promised = format!("`{struct_name}` promises `{key}` here");
            for (iface, assoc) in self.associated_of(&key) {
                let name = &assoc.name;
                let given = self.types.get(&format!("{struct_name}::{}", name.name)).cloned();
                // The constraint and the `where` requirements are read as the interface reads
                // them (a generic interface's parameters bound), the type named by its name.
                let generics = self.bind_interface_generics(&iface);
                let constraint = assoc.constraint.as_ref().map(|c| match self.interface_key(c) {
                    Some(key) => (key.clone(), key),
                    None => (super::generic::shown_type(c), c.name().to_string()),
                });
                let unmet_where = match &given {
                    Some(t) if !assoc.wheres.is_empty() => {
                        let param = ast::GenericParam {
                            name: name.clone(),
                            constraint: None,
                            value: None,
                            default: None,
                            pack: false,
                            also: Vec::new(),
                        };
                        let bound = [super::generic::Bound::Type(t.clone())];
                        self.check_wheres(&[param], &bound, &assoc.wheres).err()
                    }
                    _ => None,
                };
                if let Some(g) = generics {
                    self.unbind_generics(g);
                }
                // The struct itself meets a constraint that the interface it is promising here
                // refines (`typealias Next = S;`), before its conformances are recorded.
                let meets = |c: &Self, t: &Type, want: &str| match t {
                    Type::Struct(a) if *a == h => c.interface_refines(&key, want) || c.type_conforms(t, want),
                    _ => c.type_conforms(t, want),
                };
                let problem = match (&given, &constraint) {
                    (None, _) => Some(format!(
                        "`{struct_name}` does not define the type `{}`, which `{iface}` requires (`typealias {} = …;` or a nested struct)",
                        name.name, name.name
                    )),
                    (Some(t), Some((shown, want))) if !t.is_error() && !meets(self, t, want) => Some(format!(
                        "`{struct_name}::{}` must conform to `{shown}`, as `{iface}` requires",
                        name.name
                    )),
                    _ => unmet_where
                        .map(|why| format!("`{struct_name}::{}` does not meet the `where` of `{iface}`: {why}", name.name)),
                };
                if let Some(message) = problem {
                    let d = Diagnostic::error("E0418", message)
                        .with_label(b.span, promised.clone())
                        .with_label(name.span, "the requirement");
                    self.push(d);
                }
            }
            for (iface, req) in self.requirements_of(&key) {
                // A generic requirement is met by a generic method of the name and arity (its
                // instances are checked where they are called).
                if !req.generics.is_empty() {
                    let key = method_key(&struct_name, &req.name.name);
                    let has = self.generic_fns.contains_key(&key);
                    if !has && req.body.is_some() {
                        defaults.push((iface.clone(), ast::StructMember::Method(req)));
                        continue;
                    }
                    // A constructor, like a static method, takes no `this`.
                    let takes_this = !req.modifiers.has(ast::Modifier::Static) && req.name.name != INIT;
                    let arity = req.params.len() + usize::from(takes_this);
                    let generic = self
                        .generic_fns
                        .get(&key)
                        .is_some_and(|gs| gs.iter().any(|g| written_params(&self.generics[*g].decl) == arity));
                    if !generic {
                        let d = Diagnostic::error(
                            "E0418",
                            format!(
                                "`{struct_name}` does not implement the generic {}, which `{iface}` requires",
                                match accessor_of(&req.name.name) {
                                    Some((SUBSCRIPT, _)) => "`__subscript`".to_string(),
                                    Some((property, _)) => format!("property `{property}`"),
                                    None => format!("method `{}`", req.name.name),
                                }
                            ),
                        )
                        .with_label(b.span, promised.clone())
                        .with_label(req.name.span, "the requirement");
                        self.push(d);
                    }
                    continue;
                }
                let generics = self.bind_interface_generics(&iface);
                let params: Vec<Type> = req
                    .params
                    .iter()
                    .map(|p| {
                        let base = self.resolve_type(&p.ty);
                        self.array_type(base, &p.array_dims, false)
                    })
                    .collect();
                let ret = self.resolve_type(&req.ret);
                let modes: Vec<ParamMode> =
                    req.params.iter().zip(&params).map(|(p, t)| Checker::param_mode(&p.modifiers, t)).collect();
                if let Some(g) = generics {
                    self.unbind_generics(g);
                }
                let key = method_key(&struct_name, &req.name.name);
                // A constructor requirement: a constructor with these parameters.
                if req.name.name == INIT {
                    let found = self.functions.get(&key).is_some_and(|ids| {
                        ids.iter().any(|id| {
                            let sig = &self.sigs[id.index()];
                            sig.params.len() == params.len() && sig.params.iter().zip(&params).all(|((a, _), b)| a == b)
                        })
                    });
                    if !found {
                        let d = Diagnostic::error(
                            "E0418",
                            format!("`{struct_name}` has no constructor `__init` that `{iface}` requires"),
                        )
                        .with_label(b.span, promised.clone())
                        .with_label(req.name.span, "the requirement");
                        self.push(d);
                    }
                    continue;
                }
                // A non-static method's first parameter is `this`; a static method meets a
                // non-static requirement too (Slang's), called without the object.
                let req_static = req.modifiers.has(ast::Modifier::Static);
                // A property's accessor is met by a field of its name and type, too.
                let field = req
                    .name
                    .name
                    .strip_prefix("__get_")
                    .or_else(|| req.name.name.strip_prefix("__set_"))
                    .and_then(|n| self.module.structs[h].fields.iter().find(|f| f.name == n))
                    .is_some_and(|f| f.ty == ret || params.first() == Some(&f.ty));
                let found = field
                    || self.functions.get(&key).is_some_and(|ids| {
                        ids.iter().any(|id| {
                            let sig = &self.sigs[id.index()];
                            let f = &self.module.functions[*id];
                            // A method declared without a body (`void foo();`) has no parameters
                            // yet: whether it is static says whether it takes `this`.
                            let has_this = f.params.first().is_some_and(|p| f.locals[*p].name == "this")
                                || (!sig.defined && self.method_of(h, &req.name.name) == Some(false));
                            let skip = usize::from(has_this && !req_static);
                            self.witness_fits(sig, skip, &params, &modes, &ret)
                        })
                    });
                if !found && req.body.is_some() {
                    if !defaults.iter().any(
                        |(_, d): &(String, ast::StructMember)| matches!(d, ast::StructMember::Method(f) if f.name == req.name),
                    ) {
                        defaults.push((iface.clone(), ast::StructMember::Method(req)));
                    }
                } else if !found {
                    let shown: Vec<String> = params
                        .iter()
                        .zip(&modes)
                        .map(|(t, mode)| match mode {
                            ParamMode::In => self.type_name(t),
                            ParamMode::Out => format!("out {}", self.type_name(t)),
                            ParamMode::InOut => format!("inout {}", self.type_name(t)),
                        })
                        .collect();
                    let sig = shown_requirement(&req.name.name, shown, self.type_name(&ret));
                    let d = Diagnostic::error(
                        "E0418",
                        format!("`{struct_name}` does not implement `{sig}`, which `{iface}` requires"),
                    )
                    .with_label(b.span, promised.clone())
                    .with_label(req.name.span, "the requirement");
                    self.push(d);
                }
            }
            for (iface, ty, name) in self.constants_of(&key) {
                let generics = self.bind_interface_generics(&iface);
                let want = self.resolve_type(&ty);
                if let Some(g) = generics {
                    self.unbind_generics(g);
                }
                let key = method_key(&struct_name, &name.name);
                // A constant, or a `static const` computed when the shader starts (`= This()`).
                let found = self.globals.get(&key).copied();
                let ok = found.is_some_and(|id| {
                    let g = &self.module.globals[id];
                    g.ty == want && (g.space == crate::ir::AddressSpace::Constant || self.runtime_consts.contains(&id))
                });
                if !ok {
                    let d = Diagnostic::error(
                        "E0418",
                        format!(
                            "`{struct_name}` does not define `static const {} {}`, which `{iface}` requires",
                            self.type_name(&want),
                            name.name
                        ),
                    )
                    .with_label(b.span, promised.clone())
                    .with_label(name.span, "the requirement");
                    self.push(d);
                }
            }
            self.conformance_spans.insert((h, key.clone()), b.span);
            conforms.push(key.clone());
            let all: Vec<String> = self.interface_and_bases(&key).into_iter().map(|(n, _)| n.clone()).collect();
            for iface in all {
                self.assign_type_id(&iface, &Type::Struct(h));
            }
        }
        self.conformances.insert(h, conforms);
        self.apply_blanket_extensions(h);
        // Defaults the struct did not replace become its own methods, read as their interface
        // reads them (a generic interface's parameters bound).
        let mut ifaces: Vec<String> = defaults.iter().map(|(i, _)| i.clone()).collect();
        ifaces.dedup();
        for iface in ifaces {
            let members: Vec<ast::StructMember> =
                defaults.iter().filter(|(i, _)| *i == iface).map(|(_, m)| m.clone()).collect();
            let generics = self.bind_interface_generics(&iface);
            let outer = self.interfaces.get(&iface).and_then(|i| i.generics.clone());
            let before = std::mem::replace(&mut self.outer_generics, outer);
            self.struct_members(h, &members, &[]);
            self.outer_generics = before;
            if let Some(g) = generics {
                self.unbind_generics(g);
            }
        }
    }

    /// Whether a method of signature `sig` (`skip` parameters before the requirement's: its
    /// `this`) meets a requirement taking `params` in `modes` and returning `ret`. As Slang
    /// synthesizes a witness that calls the method with the requirement's arguments, an `in`
    /// parameter may take them by implicit conversion (`uint` for `int`, and an `inout int` of
    /// the requirement) and the result may convert to the required one; an `out` or `inout`
    /// parameter takes only an `out` or `inout` one of its type.
    fn witness_fits(&self, sig: &super::FnSig, skip: usize, params: &[Type], modes: &[ParamMode], ret: &Type) -> bool {
        if sig.params.len() < params.len() + skip || !sig.defaults[params.len() + skip..].iter().all(Option::is_some) {
            return false;
        }
        let args_fit = sig.params[skip..].iter().zip(params).zip(modes).all(|(((have, have_mode), want), mode)| {
            match (mode, have_mode) {
                // The requirement's argument, whatever its mode, is a value an `in`
                // parameter takes by conversion.
                (_, ParamMode::In) => self.conversion_cost(want, have).is_some(),
                // An `in` one is no place an `out` or `inout` parameter could write.
                (ParamMode::In, _) => false,
                _ => have == want,
            }
        });
        let ret_fits = match (&sig.ret, ret) {
            (Type::Void, Type::Void) => true,
            (Type::Void, _) | (_, Type::Void) => false,
            (have, want) => self.conversion_cost(have, want).is_some(),
        };
        args_fit && ret_fits
    }

    /// Interface `name` and every interface it refines, each once.
    pub(super) fn interface_and_bases(&self, name: &str) -> Vec<(&String, &Interface)> {
        let mut out = Vec::new();
        let mut seen = HashSet::default();
        let mut stack = vec![name.to_string()];
        while let Some(n) = stack.pop() {
            if !seen.insert(n.clone()) {
                continue;
            }
            if let Some((key, i)) = self.interfaces.get_key_value(&n) {
                out.push((key, i));
                stack.extend(i.bases.iter().cloned());
            }
        }
        out
    }

    /// The associated types of interface `name` and of those it refines, with their constraints.
    pub(super) fn associated_of(&self, name: &str) -> Vec<(String, Associated)> {
        let all = self.interface_and_bases(name).into_iter();
        all.flat_map(|(n, i)| i.associated.iter().map(|a| (n.clone(), a.clone()))).collect()
    }

    /// The associated constants of interface `name` and of those it refines.
    fn constants_of(&self, name: &str) -> Vec<(String, ast::TypeExpr, ast::Ident)> {
        let all = self.interface_and_bases(name).into_iter();
        all.flat_map(|(n, i)| i.constants.iter().map(|(t, c)| (n.clone(), t.clone(), c.clone()))).collect()
    }

    /// The requirements of interface `name` and of the interfaces it refines, each with the
    /// interface that states it.
    pub(super) fn requirements_of(&self, name: &str) -> Vec<(String, ast::FunctionDecl)> {
        let all = self.interface_and_bases(name).into_iter();
        all.flat_map(|(n, i)| i.requirements.iter().map(|r| (n.clone(), r.clone()))).collect()
    }

    /// Whether struct `h` conforms to interface `name` (directly or through a refinement).
    pub(super) fn struct_conforms(&self, h: StructId, name: &str) -> bool {
        // A value of interface `I` meets a constraint `I` (or one `I` refines): calls dispatch.
        if let Some(&x) = self.existential_structs.get(&h) {
            return self.interface_refines(&self.existentials[x].interface, name);
        }
        let mut stack: Vec<String> = self.conformances.get(&h).cloned().unwrap_or_default();
        let mut seen = HashSet::default();
        while let Some(n) = stack.pop() {
            if n == name {
                return true;
            }
            if seen.insert(n.clone()) {
                if let Some(i) = self.interfaces.get(&n) {
                    stack.extend(i.bases.iter().cloned());
                }
                if n == "IArithmetic" {
                    stack.push("IComparable".into());
                }
            }
        }
        false
    }

    /// The struct whose method is being checked, and its `this`.
    pub(super) fn this_object(&self) -> Option<(crate::ir::LocalId, StructId)> {
        self.cur.as_ref().and_then(|s: &FnState| s.this)
    }

    /// Whether struct `h` has a method called `name`, and whether it is static.
    pub(super) fn method_of(&self, h: StructId, name: &str) -> Option<bool> {
        self.methods.get(&h)?.iter().find(|m| m.name == name).map(|m| m.is_static)
    }
}

/// The methods (name, parameters besides `this`) a struct gives to conform to Slang's core
/// interface `name`, for those a struct may conform to.
fn builtin_requirements(name: &str) -> Option<&'static [(&'static str, usize)]> {
    const COMPARABLE: &[(&str, usize)] = &[("equals", 1), ("lessThan", 1), ("lessThanOrEquals", 1)];
    const ARITHMETIC: &[(&str, usize)] = &[
        ("equals", 1),
        ("lessThan", 1),
        ("lessThanOrEquals", 1),
        ("add", 1),
        ("sub", 1),
        ("mul", 1),
        ("div", 1),
        ("mod", 1),
        ("neg", 0),
    ];
    match name {
        "IComparable" => Some(COMPARABLE),
        "IArithmetic" => Some(ARITHMETIC),
        _ => None,
    }
}

/// The parameters a function's author wrote (`this` included), not those `throws` adds.
fn written_params(f: &ast::FunctionDecl) -> usize {
    let added = |p: &&ast::Param| p.name.name == super::errors::THREW || p.name.name == super::errors::ERROR;
    f.params.iter().filter(|p| !added(p)).count()
}

/// Whether type `t` names `name` (itself or in its arguments).
/// Whether struct `s` (its fields, methods' signatures, nested structs) names type `name`.
pub(super) fn struct_mentions(s: &ast::StructDecl, name: &str) -> bool {
    s.members.iter().any(|m| match m {
        ast::StructMember::Fields(g) => mentions(&g.ty, name),
        ast::StructMember::Method(f) => mentions(&f.ret, name) || f.params.iter().any(|p| mentions(&p.ty, name)),
        ast::StructMember::Struct(inner) => struct_mentions(inner, name),
        _ => false,
    })
}

pub(super) fn mentions(t: &ast::TypeExpr, name: &str) -> bool {
    match &t.kind {
        ast::TypeExprKind::Named { name: n, args } => {
            n == name
                || args.iter().any(|a| match a {
                    ast::GenericArg::Type(t) => mentions(t, name),
                    ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => n == name,
                    ast::GenericArg::Expr(_) => false,
                })
        }
        ast::TypeExprKind::Array { elem, .. } => mentions(elem, name),
        _ => false,
    }
}

/// The methods that write `this`: Slang's `[mutating]` ones, those whose body assigns a field
/// (or `this`) or passes one to an `Interlocked*` call, and those that call a method that does.
/// A method's object, its first parameter: `inout` when the method changes it.
fn this_param(own_type: ast::TypeExpr, mutating: bool, span: Span) -> ast::Param {
    let mode = if mutating { ast::Modifier::Inout } else { ast::Modifier::In };
    ast::Param {
        attrs: Vec::new(),
        modifiers: ast::Modifiers { list: vec![(mode, span)] },
        ty: own_type,
        name: ast::Ident { name: "this".into(), span },
        array_dims: Vec::new(),
        annotations: Vec::new(),
        default: None,
        span,
    }
}

/// A resource, or an array of them: a field a method writes through, never to.
fn holds_resource_handle(ty: &Type) -> bool {
    match ty {
        Type::Resource(..) => true,
        Type::Array(e, _) => holds_resource_handle(e),
        _ => false,
    }
}

fn mutating_methods(methods: &[&ast::FunctionDecl], fields: &HashSet<String>) -> HashSet<String> {
    let mut calls: HashMap<String, HashSet<String>> = HashMap::default();
    let mut writes = HashSet::default();
    for f in methods {
        let params: HashSet<&str> = f.params.iter().map(|p| p.name.name.as_str()).collect();
        let mut scan = Scan { fields, params: &params, writes: false, calls: HashSet::default() };
        if let Some(b) = &f.body {
            scan.block(b);
        }
        let attributed = f.attrs.iter().any(|a| a.name.name == "mutating");
        if scan.writes || attributed {
            writes.insert(f.name.name.clone());
        }
        calls.entry(f.name.name.clone()).or_default().extend(scan.calls);
    }
    loop {
        let more: Vec<String> = calls
            .iter()
            .filter(|(m, called)| !writes.contains(*m) && called.iter().any(|c| writes.contains(c)))
            .map(|(m, _)| m.clone())
            .collect();
        if more.is_empty() {
            return writes;
        }
        writes.extend(more);
    }
}

struct Scan<'a> {
    fields: &'a HashSet<String>,
    params: &'a HashSet<&'a str>,
    writes: bool,
    /// Methods called on `this` (by name alone or as `this.m(…)`).
    calls: HashSet<String>,
}

impl Scan<'_> {
    fn block(&mut self, b: &ast::Block) {
        for s in &b.stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &ast::Stmt) {
        use ast::StmtKind as K;
        match &s.kind {
            K::Expr(e) => self.expr(e),
            K::Decl(g) => {
                for d in &g.decls {
                    self.init(d.init.as_ref());
                }
            }
            K::Block(b) => self.block(b),
            K::If { cond, then, els, .. } => {
                self.expr(cond);
                self.stmt(then);
                if let Some(e) = els {
                    self.stmt(e);
                }
            }
            K::For { init, cond, step, body } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                for e in cond.iter().chain(step) {
                    self.expr(e);
                }
                self.stmt(body);
            }
            K::While { cond, body } | K::DoWhile { body, cond } => {
                self.expr(cond);
                self.stmt(body);
            }
            K::Switch { selector, cases } => {
                self.expr(selector);
                for c in cases {
                    for s in &c.body {
                        self.stmt(s);
                    }
                }
            }
            K::Return(Some(e)) => self.expr(e),
            _ => {}
        }
    }

    fn init(&mut self, i: Option<&ast::Initializer>) {
        match i {
            Some(ast::Initializer::Expr(e)) => self.expr(e),
            Some(ast::Initializer::List(l, _)) => {
                for x in l {
                    self.init(Some(x));
                }
            }
            None => {}
        }
    }

    /// Whether `e` names part of `this`: a field (not shadowed by a parameter) or `this`.
    fn is_this(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            ast::ExprKind::Ident(n) => n == "this" || (self.fields.contains(n) && !self.params.contains(n.as_str())),
            ast::ExprKind::Member { base, .. } | ast::ExprKind::Index { base, .. } => self.is_this(base),
            _ => false,
        }
    }

    fn expr(&mut self, e: &ast::Expr) {
        use ast::ExprKind as K;
        match &e.kind {
            K::Assign { lhs, rhs, .. } => {
                self.writes |= self.is_this(lhs);
                self.expr(lhs);
                self.expr(rhs);
            }
            K::Unary { op, expr } => {
                if matches!(op, ast::UnOp::PreInc | ast::UnOp::PreDec | ast::UnOp::PostInc | ast::UnOp::PostDec) {
                    self.writes |= self.is_this(expr);
                }
                self.expr(expr);
            }
            K::Call { callee, args, .. } => {
                match &callee.kind {
                    K::Ident(n) if n.starts_with("Interlocked") => {
                        self.writes |= args.first().is_some_and(|a| self.is_this(a));
                    }
                    K::Ident(n) => {
                        self.calls.insert(n.clone());
                    }
                    K::Member { base, name } if matches!(&base.kind, K::Ident(t) if t == "this") => {
                        self.calls.insert(name.name.clone());
                    }
                    _ => self.expr(callee),
                }
                for a in args {
                    self.expr(a);
                }
            }
            K::Binary { lhs, rhs, .. } | K::Comma { lhs, rhs } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            K::Ternary { cond, then, els } => {
                self.expr(cond);
                self.expr(then);
                self.expr(els);
            }
            K::Construct { args, .. } => {
                for a in args {
                    self.expr(a);
                }
            }
            K::Cast { expr, .. } => self.expr(expr),
            K::Member { base, .. } => self.expr(base),
            K::Index { base, index } => {
                self.expr(base);
                self.expr(index);
            }
            _ => {}
        }
    }
}
