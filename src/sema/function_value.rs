//! Slang's function types and functions named as values, resolved before any backend.
//!
//! A parameter of type `functype (A, B) -> C` (written, or through a `typealias`) makes its
//! function generic over an `F : IFunc<C, A, B>`, so every call is specialised for the function
//! value it passes, as it is for a lambda. A function's name used as a value (`apply2(add, 1, 2)`,
//! `let g = add;`, `bap<bool>` of a generic) is a value of a struct made for that name, with no
//! fields and an `operator()` per overload that calls it; the struct conforms to `IFunc<R, P…>`
//! per overload. Which overload a parameter takes is chosen by the parameter's function type
//! when the call's generic arguments are deduced ([`Checker::choose_overload`]). A function value
//! is thus a type, known at compile time: one chosen at run time (`c ? add : mul`) is E0492. A
//! local declared of function type takes the type of the function it is initialized with.

use super::generic::Bound;
use super::Checker;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;
use std::rc::Rc;

/// The struct made for a function's name used as a value.
pub(super) struct FnValue {
    /// The name as written (`add`, `bap<bool>`).
    pub shown: String,
    /// Per overload, its `IFunc` arguments: the return type, then the parameter types.
    pub overloads: Vec<Vec<Type>>,
}

impl Checker {
    /// The parameter and result types of the function type `t` names: a `functype` written, or
    /// a `typealias` of one (its generic arguments put in).
    pub(super) fn function_type_of(&self, t: &ast::TypeExpr) -> Option<(Vec<ast::TypeExpr>, ast::TypeExpr)> {
        match &t.kind {
            ast::TypeExprKind::Func { params, ret } => Some((params.clone(), (**ret).clone())),
            ast::TypeExprKind::Named { name, args } => {
                let alias = self.fn_aliases.get(name)?;
                let ast::TypeExprKind::Func { params, ret } = &alias.ty.kind else { return None };
                let put = |t: &ast::TypeExpr| substitute(t, &alias.generics, args);
                Some((params.iter().map(put).collect(), put(ret)))
            }
            _ => None,
        }
    }

    /// `IFunc<C, A, B>` for `functype (A, B) -> C`.
    pub(super) fn function_constraint(&self, t: &ast::TypeExpr) -> Option<ast::TypeExpr> {
        let (params, ret) = self.function_type_of(t)?;
        let mut args = vec![ast::GenericArg::Type(ret)];
        args.extend(params.into_iter().map(ast::GenericArg::Type));
        Some(ast::TypeExpr { kind: ast::TypeExprKind::Named { name: "IFunc".into(), args }, span: t.span })
    }

    /// A function type where only a parameter's or a local's type may be one.
    pub(super) fn function_type_misplaced(&mut self, span: Span) {
        let d = Diagnostic::error("E0491", "a function type is only a parameter's or a local's type")
            .with_label(span, "here")
            .with_note(
                "a parameter of function type makes its function generic over the function passed, a local's \
                 type is the function it is initialized with; no function value is chosen at run time",
            );
        self.push(d);
    }

    /// `name` (or `name<args>`) used as a value: the struct made for it, `None` when no
    /// function has that name.
    pub(super) fn function_value(
        &mut self,
        name: &str,
        generic_args: &[ast::GenericArg],
        span: Span,
    ) -> Option<ExprId> {
        let key_name = self.scoped(name, |n| self.functions.contains_key(n) || self.generic_fns.contains_key(n));
        let ids: Vec<FunctionId> = if generic_args.is_empty() {
            self.functions.get(&key_name).cloned()?
        } else {
            if !self.generic_fns.contains_key(&key_name) {
                return None;
            }
            self.explicit_instances(&key_name, generic_args, span)
        };
        let shown = if generic_args.is_empty() {
            name.to_string()
        } else {
            let args: Vec<String> = generic_args
                .iter()
                .map(|a| match a {
                    ast::GenericArg::Type(t) => super::generic::shown_type(t),
                    ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => n.clone(),
                    ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::IntLit(i), .. }) => i.value.to_string(),
                    ast::GenericArg::Expr(_) => "…".into(),
                })
                .collect();
            format!("{name}<{}>", args.join(", "))
        };
        if ids.is_empty() {
            let d = Diagnostic::error("E0493", format!("no function `{shown}` to use as a value"))
                .with_label(span, "these generic arguments fit no declaration");
            self.push(d);
            return Some(self.error_expr(span));
        }
        // One struct per function (a name in two namespaces is two functions).
        let key = format!("{key_name}{}", &shown[name.len()..]);
        let h = match self.fn_value_types.get(&key) {
            Some(&h) => h,
            None => {
                let h = self.function_value_struct(&key_name, generic_args, &shown, &ids, span);
                self.fn_value_types.insert(key, h);
                h
            }
        };
        Some(self.add_expr(ExprKind::Construct(Vec::new()), Type::Struct(h), span))
    }

    fn function_value_struct(
        &mut self,
        name: &str,
        generic_args: &[ast::GenericArg],
        shown: &str,
        ids: &[FunctionId],
        span: Span,
    ) -> StructId {
        let base: String = name.chars().map(|c| if c.is_alphanumeric() { c } else { '_' }).collect();
        let struct_name = self.unique_global_name(&format!("{base}_fn"));
        let h = self.module.structs.append(StructDef { name: struct_name.clone(), fields: Vec::new(), span });
        self.types.insert(struct_name.clone(), Type::Struct(h));
        let mut methods = Vec::new();
        let mut overloads = Vec::new();
        let mut bases = Vec::new();
        for id in ids {
            let sig = &self.sigs[id.index()];
            let (params, ret) = (sig.params.clone(), sig.ret.clone());
            if overloads.iter().any(|o: &Vec<Type>| o[1..].iter().eq(params.iter().map(|(t, _)| t))) {
                continue;
            }
            let mut decl_params = Vec::new();
            let mut call_args = Vec::new();
            for (i, (ty, mode)) in params.iter().enumerate() {
                let pname = ast::Ident { name: format!("p{i}"), span };
                let modifier = match mode {
                    ParamMode::In => None,
                    ParamMode::Out => Some(ast::Modifier::Out),
                    ParamMode::InOut => Some(ast::Modifier::Inout),
                };
                decl_params.push(ast::Param {
                    attrs: Vec::new(),
                    modifiers: ast::Modifiers { list: modifier.map(|m| (m, span)).into_iter().collect() },
                    ty: self.pinned(ty.clone(), span),
                    name: pname.clone(),
                    array_dims: Vec::new(),
                    annotations: Vec::new(),
                    default: None,
                    span,
                });
                call_args.push(ast::Expr { kind: ast::ExprKind::Ident(pname.name), span });
            }
            let call = ast::Expr {
                kind: ast::ExprKind::Call {
                    callee: Box::new(ast::Expr { kind: ast::ExprKind::Ident(name.to_string()), span }),
                    generic_args: generic_args.to_vec(),
                    args: call_args,
                },
                span,
            };
            let stmt = if ret == Type::Void { ast::StmtKind::Expr(call) } else { ast::StmtKind::Return(Some(call)) };
            let ret_ty = self.pinned(ret.clone(), span);
            methods.push(ast::StructMember::Method(ast::FunctionDecl {
                attrs: Vec::new(),
                modifiers: ast::Modifiers::default(),
                throws: None,
                ret: ret_ty.clone(),
                name: ast::Ident { name: "operator()".into(), span },
                generics: Vec::new(),
                wheres: Vec::new(),
                params: decl_params,
                ret_annotations: Vec::new(),
                body: Some(ast::Block { stmts: vec![ast::Stmt { attrs: Vec::new(), kind: stmt, span }], span }),
                span,
            }));
            let mut args = vec![ast::GenericArg::Type(ret_ty)];
            for (t, _) in &params {
                args.push(ast::GenericArg::Type(self.pinned(t.clone(), span)));
            }
            bases.push(ast::TypeExpr { kind: ast::TypeExprKind::Named { name: "IFunc".into(), args }, span });
            let mut o = vec![ret];
            o.extend(params.into_iter().map(|(t, _)| t));
            overloads.push(o);
        }
        self.fn_values.insert(h, Rc::new(FnValue { shown: shown.to_string(), overloads }));
        // The bodies are checked as the struct's methods, any function around waiting aside.
        let outer = self.cur.take();
        self.struct_members(h, &methods, &[]);
        self.cur = outer;
        self.check_conformance(h, &bases);
        h
    }

    /// The function value a type is the struct of.
    pub(super) fn fn_value_of(&self, ty: &Type) -> Option<Rc<FnValue>> {
        match ty {
            Type::Struct(h) => self.fn_values.get(h).cloned(),
            _ => None,
        }
    }

    /// Whether `ty` is a function value's or a lambda's struct (a value known only as a type).
    pub(super) fn is_function_like(&self, ty: &Type) -> bool {
        match ty {
            Type::Struct(h) => self.fn_values.contains_key(h) || self.module.structs[*h].name.starts_with("lambda"),
            _ => false,
        }
    }

    /// `c ? f : g` or an assignment of one function value (or lambda) where another is: a
    /// function value is a type, so which one cannot wait for run time.
    pub(super) fn function_chosen_at_run_time(&mut self, a: &Type, b: &Type, span: Span) -> bool {
        if a == b || !(self.is_function_like(a) && self.is_function_like(b)) {
            return false;
        }
        let d = Diagnostic::error("E0492", "a function value must be known at compile time")
            .with_label(span, format!("`{}` or `{}`, chosen at run time", self.type_name(a), self.type_name(b)))
            .with_note(
                "function values are resolved when the program is compiled (no function pointers); branch \
                 around the calls instead: `c ? f(x) : g(x)`",
            );
        self.push(d);
        true
    }

    /// Whether local `local`, declared of function type `c` (`IFunc<R, P…>`), holds a function
    /// of that type; E0493 when not.
    pub(super) fn function_local_fits(&mut self, local: LocalId, c: &ast::TypeExpr) {
        let Some((name, ty, span)) =
            self.cur.as_ref().map(|st| &st.func.locals[local]).map(|l| (l.name.clone(), l.ty.clone(), l.span))
        else {
            return;
        };
        if ty.is_error() {
            return;
        }
        let fits = match (&ty, self.interface_key(c)) {
            (Type::Struct(h), Some(key)) => self.struct_conforms(*h, &key) || self.conforms_by_conversion(*h, c),
            _ => false,
        };
        if !fits {
            let given = match self.fn_value_of(&ty) {
                Some(fv) => {
                    let have: Vec<String> = fv.overloads.iter().map(|o| overload_shown(o, self)).collect();
                    format!("`{}` ({})", fv.shown, have.join(" or "))
                }
                None => format!("`{}`", self.type_name(&ty)),
            };
            let d = Diagnostic::error(
                "E0493",
                format!("`{name}` is declared `{}`, which {given} is not", function_type_shown(c)),
            )
            .with_label(span, "declared here");
            self.push(d);
        }
    }

    /// `makeTuple(a, b, c).MapElement(f)` of cooperative matrices of one type: the core
    /// module's `__mapElements(f, a, b, c)` (2 to 4 matrices), the tuple read once.
    pub(super) fn tuple_map_element(
        &mut self,
        object: ExprId,
        ty: &Type,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> Option<ExprId> {
        let elems = self.tuple_elems(ty)?;
        let Type::Struct(first) = elems.first()? else { return None };
        let coop = self.module.structs[*first].name.contains("CoopMat");
        if name.name != "MapElement" || args.len() != 1 || !(2..=4).contains(&elems.len()) || !coop {
            return None;
        }
        if elems.iter().any(|e| *e != elems[0]) {
            return None;
        }
        let Type::Struct(h) = ty else { return None };
        let tmp = self.temp("tuple", ty.clone(), span)?;
        let target = self.add_expr(ExprKind::Local(tmp), ty.clone(), span);
        let store = self.add_expr(ExprKind::Assign { op: None, target, value: object }, ty.clone(), span);
        let mut call_args = vec![args[0]];
        for i in 0..elems.len() {
            let t = self.add_expr(ExprKind::Local(tmp), ty.clone(), span);
            call_args.push(self.field(t, *h, &ast::Ident { name: format!("_{i}"), span }, span));
        }
        let call = self.call_generic("linalg::__mapElements", &[], call_args, span, name.span);
        let result = self.ty(call);
        Some(self.add_expr(ExprKind::Comma(store, call), result, span))
    }

    /// Function value `fv` called with `n` arguments, which no overload takes.
    pub(super) fn function_value_arity(&mut self, fv: &FnValue, n: usize, span: Span) {
        let have: Vec<String> = fv.overloads.iter().map(|o| format!("`{}`", overload_shown(o, self))).collect();
        let d = Diagnostic::error(
            "E0493",
            format!("`{}` called with {n} argument{}", fv.shown, if n == 1 { "" } else { "s" }),
        )
        .with_label(span, "no overload takes these")
        .with_note(format!("`{}` is {}", fv.shown, have.join(" or ")));
        self.push(d);
    }

    /// A lambda's or function value's struct made to conform to `c` (an `IFunc<R, P…>` whose
    /// arguments are bound) where its `operator()` takes the parameters and its result converts
    /// (`() => 2` for a `functype () -> vector<float, N>`), as Slang coerces one to a function
    /// type. Nothing changes when it cannot.
    pub(super) fn conforms_by_conversion(&mut self, h: StructId, c: &ast::TypeExpr) -> bool {
        let mut args = Vec::new();
        let reported = self.diags.len();
        for a in c.args() {
            let ast::GenericArg::Type(t) = a else { return false };
            let ty = self.resolve_type(t);
            if ty.is_error() {
                self.diags.truncate(reported);
                return false;
            }
            args.push(ast::GenericArg::Type(self.pinned(ty, t.span)));
        }
        let pinned =
            ast::TypeExpr { kind: ast::TypeExprKind::Named { name: c.name().to_string(), args }, span: c.span };
        let conformances = self.conformances.get(&h).cloned();
        let unmet = self.unmet_conformances.contains(&h);
        self.check_conformance(h, &[pinned]);
        if self.diags[reported..].iter().any(|d| d.severity == crate::diag::Severity::Error) {
            self.diags.truncate(reported);
            match conformances {
                Some(c) => self.conformances.insert(h, c),
                None => self.conformances.remove(&h),
            };
            if !unmet {
                self.unmet_conformances.remove(&h);
            }
            return false;
        }
        true
    }

    /// The overload of function value `fv` that constraint `c` (`IFunc<C, A, B>`) takes:
    /// `tried` holds, per overload, the generic arguments deduced with it (`None`: they
    /// conflict). Exactly one must fit.
    pub(super) fn overload_for(
        &mut self,
        fv: &FnValue,
        c: &ast::TypeExpr,
        generics: &[ast::GenericParam],
        tried: &[Option<Vec<Option<Bound>>>],
    ) -> Result<usize, String> {
        let (mut chosen, mut converting) = (Vec::new(), Vec::new());
        for (k, (o, b)) in fv.overloads.iter().zip(tried).enumerate() {
            let Some(b) = b else { continue };
            // The types the constraint names, once the parameters bound so far are put in,
            // must be the overload's own.
            let (params, bounds): (Vec<ast::GenericParam>, Vec<Bound>) =
                generics.iter().zip(b).filter_map(|(g, b)| b.clone().map(|b| (g.clone(), b))).unzip();
            let outer = self.bind_generics(&params, &bounds);
            let reported = self.diags.len();
            let (mut same, mut converts) = (true, true);
            for (j, (a, t)) in c.args().iter().zip(o).enumerate() {
                if let ast::GenericArg::Type(a) = a {
                    let resolved = self.resolve_type(a);
                    if !resolved.is_error() && resolved != *t {
                        same = false;
                        // The result converts to the one required; a parameter takes the
                        // required one by conversion.
                        let (from, to) = if j == 0 { (t, &resolved) } else { (&resolved, t) };
                        converts &=
                            *from != Type::Void && *to != Type::Void && self.conversion_cost(from, to).is_some();
                    }
                }
            }
            self.diags.truncate(reported);
            self.unbind_generics(outer);
            if c.args().len() == o.len() {
                if same {
                    chosen.push((o.clone(), k));
                } else if converts {
                    converting.push((o.clone(), k));
                }
            }
        }
        // Overloads the function type names exactly come first.
        if chosen.is_empty() {
            chosen = converting;
        }
        let shown_o = overload_shown;
        match chosen.len() {
            1 => Ok(chosen[0].1),
            0 => {
                let have: Vec<String> = fv.overloads.iter().map(|o| format!("`{}`", shown_o(o, self))).collect();
                Err(format!(
                    "no overload of `{}` fits `{}`{}: it is {}",
                    fv.shown,
                    function_type_shown(c),
                    super::generic::FN_VALUE,
                    have.join(" or ")
                ))
            }
            _ => {
                let have: Vec<String> = chosen.iter().map(|(o, _)| format!("`{}`", shown_o(o, self))).collect();
                Err(format!(
                    "`{}` is ambiguous as `{}`{}: {} all fit (the other arguments leave the types open)",
                    fv.shown,
                    function_type_shown(c),
                    super::generic::FN_VALUE,
                    have.join(" and ")
                ))
            }
        }
    }
}

/// An overload's function type (`functype (int, int) -> int`).
fn overload_shown(o: &[Type], c: &Checker) -> String {
    let ps: Vec<String> = o[1..].iter().map(|t| c.type_name(t)).collect();
    format!("functype ({}) -> {}", ps.join(", "), c.type_name(&o[0]))
}

/// `functype (A, B) -> C` for the constraint `IFunc<C, A, B>`.
fn function_type_shown(c: &ast::TypeExpr) -> String {
    let args: Vec<String> = c
        .args()
        .iter()
        .map(|a| match a {
            ast::GenericArg::Type(t) => super::generic::shown_type(t),
            ast::GenericArg::Expr(_) => "…".into(),
        })
        .collect();
    match args.split_first() {
        Some((ret, params)) => format!("functype ({}) -> {ret}", params.join(", ")),
        None => "functype () -> void".into(),
    }
}

/// `t` with each generic parameter of `generics` named alone replaced by its argument.
fn substitute(t: &ast::TypeExpr, generics: &[ast::GenericParam], args: &[ast::GenericArg]) -> ast::TypeExpr {
    let arg_type = |a: &ast::GenericArg| match a {
        ast::GenericArg::Type(t) => Some(t.clone()),
        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => {
            Some(ast::TypeExpr { kind: ast::TypeExprKind::Named { name: n.clone(), args: Vec::new() }, span: *span })
        }
        ast::GenericArg::Expr(_) => None,
    };
    let sub_arg = |a: &ast::GenericArg| match a {
        ast::GenericArg::Type(t) => ast::GenericArg::Type(substitute(t, generics, args)),
        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => {
            match generics.iter().position(|g| g.name.name == *n).and_then(|i| args.get(i)) {
                Some(a) => a.clone(),
                None => a.clone(),
            }
        }
        other => other.clone(),
    };
    let kind = match &t.kind {
        ast::TypeExprKind::Named { name, args: targs } if targs.is_empty() => {
            match generics.iter().position(|g| g.name.name == *name).and_then(|i| args.get(i)).and_then(arg_type) {
                Some(a) => return a,
                None => t.kind.clone(),
            }
        }
        ast::TypeExprKind::Named { name, args: targs } => {
            ast::TypeExprKind::Named { name: name.clone(), args: targs.iter().map(sub_arg).collect() }
        }
        ast::TypeExprKind::Array { elem, len } => {
            ast::TypeExprKind::Array { elem: Box::new(substitute(elem, generics, args)), len: len.clone() }
        }
        ast::TypeExprKind::Func { params, ret } => ast::TypeExprKind::Func {
            params: params.iter().map(|p| substitute(p, generics, args)).collect(),
            ret: Box::new(substitute(ret, generics, args)),
        },
        other => other.clone(),
    };
    ast::TypeExpr { kind, span: t.span }
}
