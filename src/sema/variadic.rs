//! Slang's variadic generics: type packs (`each T`), their expansion in parameters, generic
//! argument lists and expressions (`expand each T v`, `Tuple<expand each T>`,
//! `expand f(each v)`), `countof`, and the pack queries `__trimFirst`/`__trimLast`.
//!
//! Generics are specialised per call (see `generic.rs`), so a pack is a fixed list of types in
//! each instance: `expand` repeats its pattern once per element, with `each` naming the element
//! it is at. A value pack parameter `expand each T v` becomes the parameters `v#0`, `v#1`… (a
//! name no source can spell); `each v` reads the one the expansion is at. Nothing of a pack is
//! left in the IR.

use super::Checker;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;
use std::rc::Rc;

/// The pattern a parameter's type repeats, when the parameter is a value pack: `expand P`, or
/// a pack's name alone (`T v` with `each T`, which Slang reads as `expand each T v`).
pub(super) fn pack_pattern(ty: &ast::TypeExpr, is_pack: impl Fn(&str) -> bool) -> Option<ast::TypeExpr> {
    match &ty.kind {
        ast::TypeExprKind::Expand(p) => Some((**p).clone()),
        ast::TypeExprKind::Named { name, args } if args.is_empty() && is_pack(name) => {
            Some(ast::TypeExpr { kind: ast::TypeExprKind::Each(Box::new(ty.clone())), span: ty.span })
        }
        _ => None,
    }
}

/// `pattern` with `each T` (for a pack `T` that `is_pack`) replaced by the name of its element
/// `j`, `T#j`: the parameter deduction binds the elements one by one.
pub(super) fn element_pattern(pattern: &ast::TypeExpr, j: usize, is_pack: &dyn Fn(&str) -> bool) -> ast::TypeExpr {
    let kind = match &pattern.kind {
        ast::TypeExprKind::Each(inner) => match &inner.kind {
            ast::TypeExprKind::Named { name, args } if args.is_empty() && is_pack(name) => {
                ast::TypeExprKind::Named { name: element_name(name, j), args: Vec::new() }
            }
            _ => pattern.kind.clone(),
        },
        ast::TypeExprKind::Named { name, args } => ast::TypeExprKind::Named {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    ast::GenericArg::Type(t) => ast::GenericArg::Type(element_pattern(t, j, is_pack)),
                    other => other.clone(),
                })
                .collect(),
        },
        ast::TypeExprKind::Array { elem, len } => {
            ast::TypeExprKind::Array { elem: Box::new(element_pattern(elem, j, is_pack)), len: len.clone() }
        }
        other => other.clone(),
    };
    ast::TypeExpr { kind, span: pattern.span }
}

/// The name of element `j` of pack (or value pack) `name`.
pub(super) fn element_name(name: &str, j: usize) -> String {
    format!("{name}#{j}")
}

/// The packs `pattern` names with `each` (or alone, as a parameter's whole type).
pub(super) fn packs_named(pattern: &ast::TypeExpr, is_pack: &dyn Fn(&str) -> bool, out: &mut Vec<String>) {
    match &pattern.kind {
        ast::TypeExprKind::Each(inner) => packs_named(inner, is_pack, out),
        ast::TypeExprKind::Named { name, args } => {
            if args.is_empty() && is_pack(name) && !out.contains(name) {
                out.push(name.clone());
            }
            for a in args {
                if let ast::GenericArg::Type(t) = a {
                    packs_named(t, is_pack, out);
                }
            }
        }
        ast::TypeExprKind::Array { elem, .. } => packs_named(elem, is_pack, out),
        _ => {}
    }
}

impl Checker {
    /// A written type that resolves to `ty`, whatever the scope: a pack expansion hands its
    /// elements on as generic arguments this way.
    pub(super) fn pinned(&mut self, ty: Type, span: Span) -> ast::TypeExpr {
        let k = match self.pinned_types.iter().position(|t| *t == ty) {
            Some(k) => k,
            None => {
                self.pinned_types.push(ty.clone());
                let k = self.pinned_types.len() - 1;
                self.types.insert(format!("#{k}"), ty);
                k
            }
        };
        ast::TypeExpr { kind: ast::TypeExprKind::Named { name: format!("#{k}"), args: Vec::new() }, span }
    }

    /// Whether `name` is a type pack bound in the instance being checked.
    pub(super) fn is_type_pack(&self, name: &str) -> bool {
        self.type_packs.contains_key(name)
    }

    /// The types generic argument `a` stands for when it is a pack: a pack's name, `expand P`,
    /// `__trimFirst(T)`. `None` for an ordinary argument.
    fn pack_arg_types(&mut self, a: &ast::GenericArg) -> Option<Vec<Type>> {
        match a {
            ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Named { name, args }, .. })
                if args.is_empty() && self.is_type_pack(name) =>
            {
                self.type_packs.get(name).cloned()
            }
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(name), .. }) if self.is_type_pack(name) => {
                self.type_packs.get(name).cloned()
            }
            ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Expand(p), .. }) => {
                Some(self.expand_type(p))
            }
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::PackTrim { first, of }, span }) => {
                let elems = match of.as_ref() {
                    ast::SizeOperand::Type { ty, layout: None } => {
                        match self.pack_arg_types(&ast::GenericArg::Type(ty.clone())) {
                            Some(e) => e,
                            None => {
                                let t = self.resolve_type(ty);
                                self.tuple_elems(&t).unwrap_or_default()
                            }
                        }
                    }
                    ast::SizeOperand::Expr(e) => match self.pack_arg_types(&ast::GenericArg::Expr(e.clone())) {
                        Some(e) => e,
                        None => self.value_pack_types(e).unwrap_or_default(),
                    },
                    ast::SizeOperand::Type { layout: Some(l), .. } => {
                        self.error("E0445", l.span, "`__trimFirst`/`__trimLast` take one pack");
                        return Some(Vec::new());
                    }
                };
                Some(trimmed(elems, *first, *span, self))
            }
            _ => None,
        }
    }

    /// The element types of value pack (or tuple value) `e`, for a pack query on values.
    fn value_pack_types(&mut self, e: &ast::Expr) -> Option<Vec<Type>> {
        if let ast::ExprKind::Ident(n) = &e.kind {
            if let Some(&len) = self.value_packs.get(n) {
                let mut out = Vec::new();
                for j in 0..len {
                    let id = self.ident_expr(&element_name(n, j), e.span);
                    out.push(self.ty(id));
                }
                return Some(out);
            }
        }
        let ty = self.type_of_unevaluated(e)?;
        self.tuple_elems(&ty)
    }

    /// Generic arguments with each pack spliced in as its element types (`Tuple<int, expand
    /// each T>` with `T` = `float, uint` is `Tuple<int, float, uint>`); `None` when none is a
    /// pack.
    pub(super) fn flatten_pack_args(&mut self, args: &[ast::GenericArg]) -> Option<Vec<ast::GenericArg>> {
        let maybe_pack = |a: &ast::GenericArg| match a {
            ast::GenericArg::Type(t) => match &t.kind {
                ast::TypeExprKind::Expand(_) => true,
                ast::TypeExprKind::Named { name, args } => args.is_empty() && self.is_type_pack(name),
                _ => false,
            },
            ast::GenericArg::Expr(e) => match &e.kind {
                ast::ExprKind::PackTrim { .. } => true,
                ast::ExprKind::Ident(n) => self.is_type_pack(n),
                _ => false,
            },
        };
        if !args.iter().any(maybe_pack) {
            return None;
        }
        let mut out = Vec::new();
        for a in args {
            match self.pack_arg_types(a) {
                Some(types) => {
                    let span = match a {
                        ast::GenericArg::Type(t) => t.span,
                        ast::GenericArg::Expr(e) => e.span,
                    };
                    for t in types {
                        out.push(ast::GenericArg::Type(self.pinned(t, span)));
                    }
                }
                None => out.push(a.clone()),
            }
        }
        Some(out)
    }

    /// `expand P`: `P` resolved once per element of the packs it names.
    pub(super) fn expand_type(&mut self, pattern: &ast::TypeExpr) -> Vec<Type> {
        let Some(n) = self.type_pattern_len(pattern) else { return Vec::new() };
        (0..n)
            .map(|i| {
                let saved = self.pack_at.replace(i);
                let t = self.resolve_type(pattern);
                self.pack_at = saved;
                t
            })
            .collect()
    }

    /// `each T`: the element of pack `T` the enclosing expansion is at.
    pub(super) fn resolve_each_type(&mut self, inner: &ast::TypeExpr, span: Span) -> Type {
        let name = match &inner.kind {
            ast::TypeExprKind::Named { name, args } if args.is_empty() && self.is_type_pack(name) => name.clone(),
            _ => {
                self.error("E0445", span, "`each` names a type pack (a generic parameter declared `each T`)");
                return Type::Error;
            }
        };
        let Some(i) = self.pack_at else {
            let d = Diagnostic::error("E0445", format!("`each {name}` outside an `expand`"))
                .with_label(span, "no expansion says which element this is")
                .with_note(format!("repeat it over the pack: `expand each {name}`"));
            self.push(d);
            return Type::Error;
        };
        self.type_packs[&name].get(i).cloned().unwrap_or(Type::Error)
    }

    /// How many times `expand P` repeats `P`: the length of the packs it names, which must agree.
    fn type_pattern_len(&mut self, pattern: &ast::TypeExpr) -> Option<usize> {
        let mut lens = Vec::new();
        self.pack_lens_in_type(pattern, &mut lens);
        self.agreed_len(&lens, pattern.span)
    }

    fn agreed_len(&mut self, lens: &[usize], span: Span) -> Option<usize> {
        let Some(&n) = lens.first() else {
            let d = Diagnostic::error("E0445", "`expand` without a pack to repeat over")
                .with_label(span, "names no pack with `each`")
                .with_note("`expand` repeats its pattern once per element of the packs it names: `expand each T`");
            self.push(d);
            return None;
        };
        if lens.iter().any(|&m| m != n) {
            let shown: Vec<String> = lens.iter().map(usize::to_string).collect();
            let msg = format!("the packs this `expand` names differ in length ({})", shown.join(", "));
            self.error("E0445", span, msg);
            return None;
        }
        Some(n)
    }

    fn pack_lens_in_type(&mut self, t: &ast::TypeExpr, out: &mut Vec<usize>) {
        match &t.kind {
            ast::TypeExprKind::Each(inner) => {
                if let ast::TypeExprKind::Named { name, .. } = &inner.kind {
                    if let Some(p) = self.type_packs.get(name) {
                        out.push(p.len());
                    }
                }
            }
            ast::TypeExprKind::Named { args, .. } => {
                for a in args {
                    match a {
                        ast::GenericArg::Type(t) => self.pack_lens_in_type(t, out),
                        ast::GenericArg::Expr(e) => self.pack_lens_in_expr(e, out),
                    }
                }
            }
            ast::TypeExprKind::Array { elem, .. } => self.pack_lens_in_type(elem, out),
            _ => {}
        }
    }

    /// The lengths of the packs expression `e` names with `each` (not those of a nested
    /// `expand`, which repeats on its own).
    fn pack_lens_in_expr(&mut self, e: &ast::Expr, out: &mut Vec<usize>) {
        use ast::ExprKind as K;
        match &e.kind {
            K::Each(x) => {
                if let Some(n) = self.each_len(x) {
                    out.push(n);
                }
            }
            K::Expand(_) => {}
            K::Binary { lhs, rhs, .. } | K::Assign { lhs, rhs, .. } | K::Comma { lhs, rhs } => {
                self.pack_lens_in_expr(lhs, out);
                self.pack_lens_in_expr(rhs, out);
            }
            K::Unary { expr, .. } | K::Try(expr) | K::EmptyIndex(expr) => self.pack_lens_in_expr(expr, out),
            K::Ternary { cond, then, els } => {
                for x in [cond, then, els] {
                    self.pack_lens_in_expr(x, out);
                }
            }
            K::Call { callee, generic_args, args } => {
                self.pack_lens_in_expr(callee, out);
                for a in generic_args {
                    match a {
                        ast::GenericArg::Type(t) => self.pack_lens_in_type(t, out),
                        ast::GenericArg::Expr(e) => self.pack_lens_in_expr(e, out),
                    }
                }
                for a in args {
                    self.pack_lens_in_expr(a, out);
                }
            }
            K::Construct { ty, args } => {
                self.pack_lens_in_type(ty, out);
                for a in args {
                    self.pack_lens_in_expr(a, out);
                }
            }
            K::Cast { ty, expr } => {
                self.pack_lens_in_type(ty, out);
                self.pack_lens_in_expr(expr, out);
            }
            K::TypeTest { expr, ty, .. } => {
                self.pack_lens_in_expr(expr, out);
                self.pack_lens_in_type(ty, out);
            }
            K::Path { ty, .. } => self.pack_lens_in_type(ty, out),
            K::Member { base, .. } => self.pack_lens_in_expr(base, out),
            K::Index { base, index } => {
                self.pack_lens_in_expr(base, out);
                self.pack_lens_in_expr(index, out);
            }
            _ => {}
        }
    }

    /// How many elements `each x` goes through: a value pack's, a pack query's, a tuple's.
    fn each_len(&mut self, x: &ast::Expr) -> Option<usize> {
        match &x.kind {
            ast::ExprKind::Ident(n) if self.value_packs.contains_key(n) => Some(self.value_packs[n]),
            ast::ExprKind::Ident(n) if self.is_type_pack(n) => Some(self.type_packs[n].len()),
            ast::ExprKind::PackTrim { of, .. } => match of.as_ref() {
                ast::SizeOperand::Expr(inner) => Some(self.each_len(inner)?.saturating_sub(1)),
                ast::SizeOperand::Type { .. } => None,
            },
            _ => {
                let ty = self.type_of_unevaluated(x)?;
                match self.tuple_elems(&ty) {
                    Some(elems) => Some(elems.len()),
                    None => {
                        if !ty.is_error() {
                            let msg = format!("`each` goes through a pack or a tuple, not a `{}`", self.type_name(&ty));
                            self.error("E0445", x.span, msg);
                        }
                        None
                    }
                }
            }
        }
    }

    /// `each x`: the element of value pack (or tuple) `x` the enclosing expansion is at.
    pub(super) fn each_value(&mut self, x: &ast::Expr, span: Span) -> ExprId {
        let Some(i) = self.pack_at else {
            let d = Diagnostic::error("E0445", "`each` outside an `expand`")
                .with_label(span, "no expansion says which element this is")
                .with_note("repeat the expression over the pack: `expand f(each v)`");
            self.push(d);
            return self.error_expr(span);
        };
        self.pack_element(x, i, span)
    }

    fn pack_element(&mut self, x: &ast::Expr, i: usize, span: Span) -> ExprId {
        match &x.kind {
            ast::ExprKind::Ident(n) if self.value_packs.contains_key(n) => {
                if i >= self.value_packs[n] {
                    self.error("E0445", span, format!("the pack `{n}` has no element {i}"));
                    return self.error_expr(span);
                }
                self.ident_expr(&element_name(n, i), x.span)
            }
            ast::ExprKind::PackTrim { first, of } => match of.as_ref() {
                ast::SizeOperand::Expr(inner) => self.pack_element(inner, i + usize::from(*first), span),
                ast::SizeOperand::Type { .. } => {
                    self.error("E0445", span, "`each` of a pack of types is no value");
                    self.error_expr(span)
                }
            },
            _ => {
                let v = self.expr(x);
                let ty = self.ty(v);
                match self.tuple_elems(&ty) {
                    Some(elems) if i < elems.len() => self.tuple_field(v, i, span),
                    _ => {
                        if !ty.is_error() {
                            let msg = format!("`each` goes through a pack or a tuple, not a `{}`", self.type_name(&ty));
                            self.error("E0445", x.span, msg);
                        }
                        self.error_expr(span)
                    }
                }
            }
        }
    }

    /// `expand e`: `e` checked once per element of the packs it names.
    pub(super) fn expand_values(&mut self, e: &ast::Expr, span: Span) -> Vec<ExprId> {
        let mut lens = Vec::new();
        self.pack_lens_in_expr(e, &mut lens);
        let Some(n) = self.agreed_len(&lens, span) else { return vec![self.error_expr(span)] };
        (0..n)
            .map(|i| {
                let saved = self.pack_at.replace(i);
                let v = self.expr(e);
                self.pack_at = saved;
                v
            })
            .collect()
    }

    /// `expand e` as an expression of its own (a statement, `expand (sum += each v)`): the
    /// expansions in order, as a comma expression.
    pub(super) fn expand_expr(&mut self, e: &ast::Expr, span: Span) -> ExprId {
        let values = self.expand_values(e, span);
        let mut iter = values.into_iter();
        let Some(mut acc) = iter.next() else {
            return self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
        };
        for v in iter {
            let ty = self.ty(v);
            acc = self.add_expr(ExprKind::Comma(acc, v), ty, span);
        }
        acc
    }

    /// Call arguments, with each `expand e` spliced in as its expansions.
    pub(super) fn spread_args(&mut self, args: &[ast::Expr]) -> Vec<ExprId> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            match &a.kind {
                ast::ExprKind::Expand(inner) => out.extend(self.expand_values(inner, a.span)),
                _ => out.push(self.expr(a)),
            }
        }
        out
    }

    /// `countof` of a pack: a type pack's, a value pack's, a pack query's length.
    pub(super) fn pack_count(&mut self, of: &ast::SizeOperand) -> Option<Option<u64>> {
        match of {
            ast::SizeOperand::Type {
                ty: ast::TypeExpr { kind: ast::TypeExprKind::Named { name, args }, .. },
                layout: None,
            } if args.is_empty() && self.is_type_pack(name) => Some(Some(self.type_packs[name].len() as u64)),
            ast::SizeOperand::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. })
                if self.value_packs.contains_key(n) =>
            {
                Some(Some(self.value_packs[n] as u64))
            }
            ast::SizeOperand::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) if self.is_type_pack(n) => {
                Some(Some(self.type_packs[n].len() as u64))
            }
            ast::SizeOperand::Expr(ast::Expr { kind: ast::ExprKind::PackTrim { of, .. }, .. }) => {
                Some(self.count_of(of, span_of_operand(of)).map(|n| n.saturating_sub(1)))
            }
            _ => None,
        }
    }

    /// A generic function's declaration with its value pack parameters spread into one
    /// parameter per element (`expand each T v` into `v#0`, `v#1`…), the packs bound.
    pub(super) fn spread_pack_params(&mut self, decl: &Rc<ast::FunctionDecl>) -> Rc<ast::FunctionDecl> {
        let is_pack = |n: &str| self.is_type_pack(n);
        if !decl.params.iter().any(|p| pack_pattern(&p.ty, is_pack).is_some()) {
            return decl.clone();
        }
        let mut spread = (**decl).clone();
        spread.params.clear();
        for p in &decl.params {
            let Some(pattern) = pack_pattern(&p.ty, |n| self.is_type_pack(n)) else {
                spread.params.push(p.clone());
                continue;
            };
            let types = self.expand_type(&pattern);
            self.value_packs.insert(p.name.name.clone(), types.len());
            for (j, t) in types.into_iter().enumerate() {
                let mut q = p.clone();
                q.ty = self.pinned(t, p.ty.span);
                q.name.name = element_name(&p.name.name, j);
                spread.params.push(q);
            }
        }
        Rc::new(spread)
    }

    fn ident_expr(&mut self, name: &str, span: Span) -> ExprId {
        self.expr(&ast::Expr { kind: ast::ExprKind::Ident(name.to_string()), span })
    }
}

fn span_of_operand(of: &ast::SizeOperand) -> Span {
    match of {
        ast::SizeOperand::Type { ty, .. } => ty.span,
        ast::SizeOperand::Expr(e) => e.span,
    }
}

/// A pack without its first (`first`) or last element.
fn trimmed(mut elems: Vec<Type>, first: bool, span: Span, c: &mut Checker) -> Vec<Type> {
    if elems.is_empty() {
        c.error("E0445", span, "an empty pack has no element to trim");
        return elems;
    }
    if first {
        elems.remove(0);
    } else {
        elems.pop();
    }
    elems
}

/// Slang's function interfaces, as if declared `interface IFunc<TR, each TP> { TR operator()(expand
/// each TP p); }` (`IMutatingFunc`'s `operator()` is `[mutating]`): a struct with a matching
/// `operator()` conforms, and a lambda is such a struct.
pub(super) fn core_function_interfaces() -> Vec<ast::StructDecl> {
    let span = Span::default();
    let ident = |name: &str| ast::Ident { name: name.into(), span };
    let named =
        |name: &str| ast::TypeExpr { kind: ast::TypeExprKind::Named { name: name.into(), args: Vec::new() }, span };
    let generic = |name: &str, pack: bool| ast::GenericParam {
        name: ident(name),
        constraint: None,
        value: None,
        default: None,
        pack,
        also: Vec::new(),
    };
    // Each refines the one whose `operator()` it can stand in for, as in Slang's core module.
    [
        ("IFunc", false, Some("IMutatingFunc")),
        ("IMutatingFunc", true, None),
        ("IDifferentiableFunc", false, Some("IFunc")),
        ("IDifferentiableMutatingFunc", true, Some("IMutatingFunc")),
    ]
    .into_iter()
    .map(|(name, mutating, base)| {
        let each = ast::TypeExpr { kind: ast::TypeExprKind::Each(Box::new(named("TP"))), span };
        let param = ast::Param {
            attrs: Vec::new(),
            modifiers: ast::Modifiers::default(),
            ty: ast::TypeExpr { kind: ast::TypeExprKind::Expand(Box::new(each)), span },
            name: ident("p"),
            array_dims: Vec::new(),
            annotations: Vec::new(),
            default: None,
            span,
        };
        let attrs = if mutating {
            vec![ast::Attribute { name: ident("mutating"), args: Vec::new(), span }]
        } else {
            Vec::new()
        };
        let call = ast::FunctionDecl {
            attrs,
            modifiers: ast::Modifiers::default(),
            throws: None,
            ret: named("TR"),
            name: ident("operator()"),
            generics: Vec::new(),
            wheres: Vec::new(),
            params: vec![param],
            ret_annotations: Vec::new(),
            body: None,
            span,
        };
        ast::StructDecl {
            attrs: Vec::new(),
            modifiers: ast::Modifiers::default(),
            name: ident(name),
            generics: vec![generic("TR", false), generic("TP", true)],
            bases: base
                .map(|b| {
                    let each = ast::TypeExpr { kind: ast::TypeExprKind::Each(Box::new(named("TP"))), span };
                    let args = vec![
                        ast::GenericArg::Type(named("TR")),
                        ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Expand(Box::new(each)), span }),
                    ];
                    ast::TypeExpr { kind: ast::TypeExprKind::Named { name: b.into(), args }, span }
                })
                .into_iter()
                .collect(),
            members: vec![ast::StructMember::Method(call)],
            wheres: Vec::new(),
            span,
        }
    })
    .collect()
}

impl Checker {
    /// `expand f(each v)` with `f` returning `void` makes a pack of `void` values: a parameter
    /// of such a pack carries nothing, and no target can declare one. Each function loses its
    /// `void` parameters, and each call its `void` arguments, which keep their effects: they
    /// run, in order, before the call's other arguments (the one reordering, which only an
    /// earlier argument with effects of its own could observe). A `void` argument that
    /// only reads a `void` parameter (a pack passed on) has no effect and goes.
    pub(super) fn drop_void_arguments(&mut self) {
        let ids: Vec<FunctionId> = self.module.functions.iter().map(|(h, _)| h).collect();
        let mut dropped = vec![false; ids.len()];
        for &id in &ids {
            let f = &mut self.module.functions[id];
            let before = f.params.len();
            let locals = &f.locals;
            f.params.retain(|&p| locals[p].ty != Type::Void);
            dropped[id.index()] = f.params.len() != before;
        }
        for &id in &ids {
            let f = &mut self.module.functions[id];
            let calls: Vec<ExprId> = f
                .exprs
                .iter()
                .filter(|(_, e)| match &e.kind {
                    ExprKind::Call { function, args } => {
                        dropped[function.index()] || args.iter().any(|&a| f.exprs[a].ty == Type::Void)
                    }
                    _ => false,
                })
                .map(|(h, _)| h)
                .collect();
            for call in calls {
                let ExprKind::Call { function, args } = f.exprs[call].kind.clone() else { continue };
                let (voids, kept): (Vec<ExprId>, Vec<ExprId>) =
                    args.into_iter().partition(|&a| f.exprs[a].ty == Type::Void);
                let (ty, span) = (f.exprs[call].ty.clone(), f.exprs[call].span);
                let mut acc =
                    f.exprs.append(Expr { kind: ExprKind::Call { function, args: kept }, ty: ty.clone(), span });
                for v in voids.into_iter().rev() {
                    if matches!(f.exprs[v].kind, ExprKind::Local(_)) {
                        continue;
                    }
                    acc = f.exprs.append(Expr { kind: ExprKind::Comma(v, acc), ty: ty.clone(), span });
                }
                f.exprs[call].kind = f.exprs[acc].kind.clone();
            }
        }
    }
}
