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
//! each (E0418), and a generic parameter constrained by it accepts exactly those structs.
//! Generics are specialised per type, so an interface is never a type of its own: a value of
//! interface type would need dynamic dispatch, which wavec does not do (E0419).

use super::{Checker, FnState};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{ConstValue, ExprId, ExprKind, Scalar, StructId, Type};
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
pub(super) struct Interface {
    pub bases: Vec<String>,
    /// Methods a conforming struct must have; one with a body is a default, added to a struct
    /// that lacks it.
    pub requirements: Vec<ast::FunctionDecl>,
    /// Associated constants, `static const uint Size;`: a conforming struct defines them.
    pub constants: Vec<(ast::TypeExpr, ast::Ident)>,
    /// Associated types, `associatedtype Assoc : IFoo;`: a conforming struct defines a nested
    /// type `Assoc` (a typedef, typealias or struct), which meets the constraint.
    pub associated: Vec<(ast::Ident, Option<ast::Ident>)>,
    pub span: Span,
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
                ast::StructMember::AssociatedType { name, constraint } => {
                    associated.push((name.clone(), constraint.clone()))
                }
                other => self.error("E0502", other.name_span(), WHAT),
            }
        }
        for b in &i.bases {
            if !self.interfaces.contains_key(&b.name) {
                self.error("E0401", b.span, format!("`{}` is not an interface", b.name));
            }
        }
        if self.interfaces.contains_key(&i.name.name) || self.types.contains_key(&i.name.name) {
            self.error("E0302", i.name.span, format!("`{}` is already defined", i.name.name));
            return;
        }
        let bases = i.bases.iter().map(|b| b.name.clone()).collect();
        self.interfaces
            .insert(i.name.name.clone(), Interface { bases, requirements, constants, associated, span: i.name.span });
    }

    /// The members of struct `h` other than its fields: static members, methods, operators,
    /// constructors and properties; then its conformance to the interfaces it names. A struct's
    /// own declaration and each `extension` of it come here.
    pub(super) fn struct_members(&mut self, h: StructId, members: &[ast::StructMember], bases: &[ast::Ident]) {
        // A base struct's methods and properties are the derived struct's too (checked again
        // with it as `this`: it has every field they use), but for those it defines itself.
        let own_name = |m: &ast::StructMember| match m {
            ast::StructMember::Method(f) => Some(f.name.name.clone()),
            ast::StructMember::Property(p) => Some(p.name.name.clone()),
            _ => None,
        };
        let defined: HashSet<String> = members.iter().filter_map(own_name).collect();
        let mut inherited: Vec<ast::StructMember> = Vec::new();
        for b in bases {
            if let Some(Type::Struct(base)) = self.types.get(&b.name).cloned() {
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

    fn struct_members_of(&mut self, h: StructId, members: &[ast::StructMember], bases: &[ast::Ident]) {
        let struct_name = self.module.structs[h].name.clone();
        // Properties are written like fields, so assigning one makes a method mutating too.
        let mut assignable: HashSet<String> = self.module.structs[h].fields.iter().map(|f| f.name.clone()).collect();
        let mut methods: Vec<ast::FunctionDecl> = Vec::new();
        let mut statics = Vec::new();
        for m in members {
            match m {
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
            for d in &mut g.decls {
                d.name.name = method_key(&struct_name, &d.name.name);
            }
            self.global_group(&g, None);
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
            if !f.generics.is_empty() {
                // Checked per instance, like any generic function.
                self.pending_init = is_init.then_some(h);
                self.generic_function(&d, (!is_static).then_some(h));
                self.pending_init = None;
                continue;
            }
            // Declared before any body is checked, so methods may call each other in any order.
            let prototype = ast::FunctionDecl { body: None, ..d.clone() };
            let ir_name = self.unique_global_name(&format!("{struct_name}_{}", ir_word(&f.name.name)));
            if let Some(id) = self.function(&prototype) {
                self.module.functions[id].name = ir_name.clone();
            }
            defs.push((d, is_static, is_init, ir_name));
        }
        self.methods.insert(h, list);
        for (d, is_static, is_init, ir_name) in defs {
            self.pending_this = (!is_static).then_some(h);
            self.pending_init = is_init.then_some(h);
            let id = self.function(&d);
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
        let fields: HashSet<String> = self.module.structs[h].fields.iter().map(|f| f.name.clone()).collect();
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
        let ty = self.resolve_type(&e.ty);
        let h = match ty {
            Type::Struct(h) => h,
            Type::Error => return,
            other => {
                let msg = format!("only structs can be extended, not `{}`", self.type_name(&other));
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

    /// A fresh object of struct `h`: each field's default (Slang's `float x = 1;`) or zero.
    pub(super) fn default_object(&mut self, h: StructId, span: Span) -> ExprId {
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
        let mut out = Vec::new();
        for a in &p.accessors {
            if a.body.is_none() {
                self.error("E0502", a.name.span, "a property accessor needs a body");
                continue;
            }
            let mut f = a.clone();
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
                    f.attrs.push(ast::Attribute {
                        name: ast::Ident { name: "mutating".into(), span: a.name.span },
                        args: Vec::new(),
                        span: a.name.span,
                    });
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

    fn check_conformance(&mut self, h: StructId, bases: &[ast::Ident]) {
        let struct_name = self.module.structs[h].name.clone();
        // Requirements are read inside the struct: an associated type `Assoc` is its `S::Assoc`.
        let outer = self.enter_struct_scope(&struct_name);
        self.check_conformance_inside(h, bases);
        self.namespaces = outer;
    }

    fn check_conformance_inside(&mut self, h: StructId, bases: &[ast::Ident]) {
        let struct_name = self.module.structs[h].name.clone();
        let mut conforms = self.conformances.remove(&h).unwrap_or_default();
        let mut defaults = Vec::new();
        for b in bases {
            // Slang's core `IDefaultInitializable` asks for `__init()`, which every struct has
            // (its fields' defaults, or zeros).
            if b.name == "IDefaultInitializable" {
                conforms.push(b.name.clone());
                continue;
            }
            if !self.interfaces.contains_key(&b.name) {
                if !matches!(self.types.get(&b.name), Some(Type::Struct(_))) {
                    self.error("E0401", b.span, format!("`{}` is not an interface", b.name));
                }
                continue;
            }
            for (iface, name, constraint) in self.associated_of(&b.name) {
                let given = self.types.get(&format!("{struct_name}::{}", name.name)).cloned();
                let problem = match (&given, &constraint) {
                    (None, _) => Some(format!(
                        "`{struct_name}` does not define the type `{}`, which `{iface}` requires (`typealias {} = …;` or a nested struct)",
                        name.name, name.name
                    )),
                    (Some(Type::Struct(a)), Some(c)) if !self.struct_conforms(*a, &c.name) => Some(format!(
                        "`{struct_name}::{}` must conform to `{}`, as `{iface}` requires",
                        name.name, c.name
                    )),
                    (Some(t), Some(c)) if !matches!(t, Type::Struct(_) | Type::Error) => Some(format!(
                        "`{struct_name}::{}` is `{}`, which cannot conform to `{}`, as `{iface}` requires",
                        name.name,
                        self.type_name(t),
                        c.name
                    )),
                    _ => None,
                };
                if let Some(message) = problem {
                    let d = Diagnostic::error("E0418", message)
                        .with_label(b.span, format!("`{struct_name}` promises `{}` here", b.name))
                        .with_label(name.span, "the requirement");
                    self.push(d);
                }
            }
            for (iface, req) in self.requirements_of(&b.name) {
                let params: Vec<Type> = req.params.iter().map(|p| self.resolve_type(&p.ty)).collect();
                let ret = self.resolve_type(&req.ret);
                let key = method_key(&struct_name, &req.name.name);
                // A non-static method's first parameter is `this`.
                let skip = usize::from(!req.modifiers.has(ast::Modifier::Static));
                let found = self.functions.get(&key).is_some_and(|ids| {
                    ids.iter().any(|id| {
                        let sig = &self.sigs[id.index()];
                        sig.ret == ret
                            && sig.params.len() == params.len() + skip
                            && sig.params[skip..].iter().zip(&params).all(|((a, _), b)| a == b)
                    })
                });
                if !found && req.body.is_some() {
                    if !defaults
                        .iter()
                        .any(|d: &ast::StructMember| matches!(d, ast::StructMember::Method(f) if f.name == req.name))
                    {
                        defaults.push(ast::StructMember::Method(req));
                    }
                } else if !found {
                    let sig = format!(
                        "{} {}({})",
                        self.type_name(&ret),
                        req.name.name,
                        params.iter().map(|t| self.type_name(t)).collect::<Vec<_>>().join(", ")
                    );
                    let d = Diagnostic::error(
                        "E0418",
                        format!("`{struct_name}` does not implement `{sig}`, which `{iface}` requires"),
                    )
                    .with_label(b.span, format!("`{struct_name}` promises `{}` here", b.name))
                    .with_label(req.name.span, "the requirement");
                    self.push(d);
                }
            }
            for (iface, ty, name) in self.constants_of(&b.name) {
                let want = self.resolve_type(&ty);
                let key = method_key(&struct_name, &name.name);
                let found = self.globals.get(&key).map(|g| &self.module.globals[*g]);
                let ok = found.is_some_and(|g| g.ty == want && g.space == crate::ir::AddressSpace::Constant);
                if !ok {
                    let d = Diagnostic::error(
                        "E0418",
                        format!(
                            "`{struct_name}` does not define `static const {} {}`, which `{iface}` requires",
                            self.type_name(&want),
                            name.name
                        ),
                    )
                    .with_label(b.span, format!("`{struct_name}` promises `{}` here", b.name))
                    .with_label(name.span, "the requirement");
                    self.push(d);
                }
            }
            conforms.push(b.name.clone());
        }
        self.conformances.insert(h, conforms);
        // Defaults the struct did not replace become its own methods.
        if !defaults.is_empty() {
            self.struct_members(h, &defaults, &[]);
        }
    }

    /// Interface `name` and every interface it refines, each once.
    fn interface_and_bases(&self, name: &str) -> Vec<(&String, &Interface)> {
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
    fn associated_of(&self, name: &str) -> Vec<(String, ast::Ident, Option<ast::Ident>)> {
        let all = self.interface_and_bases(name).into_iter();
        all.flat_map(|(n, i)| i.associated.iter().map(|(a, c)| (n.clone(), a.clone(), c.clone()))).collect()
    }

    /// The associated constants of interface `name` and of those it refines.
    fn constants_of(&self, name: &str) -> Vec<(String, ast::TypeExpr, ast::Ident)> {
        let all = self.interface_and_bases(name).into_iter();
        all.flat_map(|(n, i)| i.constants.iter().map(|(t, c)| (n.clone(), t.clone(), c.clone()))).collect()
    }

    /// The requirements of interface `name` and of the interfaces it refines, each with the
    /// interface that states it.
    fn requirements_of(&self, name: &str) -> Vec<(String, ast::FunctionDecl)> {
        let all = self.interface_and_bases(name).into_iter();
        all.flat_map(|(n, i)| i.requirements.iter().map(|r| (n.clone(), r.clone()))).collect()
    }

    /// Whether struct `h` conforms to interface `name` (directly or through a refinement).
    pub(super) fn struct_conforms(&self, h: StructId, name: &str) -> bool {
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
            }
        }
        false
    }

    /// A name used as a type that is an interface: an error that says why.
    pub(super) fn interface_as_type(&mut self, name: &str, span: Span) -> bool {
        let Some(i) = self.interfaces.get(name) else { return false };
        let d = Diagnostic::error(
            "E0419",
            format!("`{name}` is an interface: a value of it would need dynamic dispatch, which wavec does not do"),
        )
        .with_label(span, "used as a type here")
        .with_label(i.span, "the interface")
        .with_note(format!("take a generic parameter instead: `void f<T : {name}>(T value)`"));
        self.push(d);
        true
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
