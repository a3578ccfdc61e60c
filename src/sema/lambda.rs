//! Slang's lambdas: `(int x) => x + c` is a value of a struct made for it, whose fields are the
//! variables of the enclosing function the body names (captured by value, when the lambda is
//! made) and whose `operator()` is the body, its return type the type of what it returns. The
//! struct conforms to `IFunc<R, P…>`, so a lambda goes wherever an `IFunc` does: a generic
//! parameter, an interface value, a variable called like a function. No backend sees a lambda.

use super::{Checker, FnState, Sym};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// A lambda whose body is being checked: the function around it, set aside, and what the body
/// captured from it so far.
pub(super) struct LambdaFrame {
    outer: Option<FnState>,
    h: StructId,
    captures: Vec<String>,
    /// The type the body's first `return` gives; `None` until then.
    pub ret: Option<Type>,
}

impl Checker {
    pub(super) fn lambda(&mut self, l: &ast::Lambda, span: Span) -> ExprId {
        let mut param_types = Vec::new();
        let mut params = Vec::new();
        for p in &l.params {
            let ty = self.resolve_type(&p.ty);
            if ty.is_error() {
                return self.error_expr(span);
            }
            let mut q = p.clone();
            q.ty = self.pinned(ty.clone(), p.ty.span);
            params.push(q);
            param_types.push(ty);
        }
        let name = self.unique_global_name("lambda");
        let h = self.module.structs.append(StructDef { name: name.clone(), fields: Vec::new(), span });
        self.types.insert(name.clone(), Type::Struct(h));
        let call = ast::FunctionDecl {
            attrs: Vec::new(),
            modifiers: ast::Modifiers::default(),
            throws: None,
            ret: ast::TypeExpr { kind: ast::TypeExprKind::Inferred, span },
            name: ast::Ident { name: "operator()".into(), span },
            generics: Vec::new(),
            wheres: Vec::new(),
            params,
            ret_annotations: Vec::new(),
            body: Some(l.body.clone()),
            span,
        };
        // The body is checked as the struct's method, the enclosing function waiting aside.
        let outer = self.cur.take();
        self.lambdas.push(LambdaFrame { outer, h, captures: Vec::new(), ret: None });
        self.struct_members(h, &[ast::StructMember::Method(call)], &[]);
        let frame = self.lambdas.pop().expect("pushed above");
        self.cur = frame.outer;
        let ret = frame.ret.unwrap_or(Type::Void);
        let key = super::methods::method_key(&name, "operator()");
        for id in self.functions.get(&key).cloned().unwrap_or_default() {
            self.sigs[id.index()].ret = ret.clone();
            self.module.functions[id].ret = ret.clone();
        }
        // `IFunc<R, P…>`, met by the `operator()` now that its return type is known.
        let mut args = vec![ast::GenericArg::Type(self.pinned(ret, span))];
        for t in param_types {
            args.push(ast::GenericArg::Type(self.pinned(t, span)));
        }
        let ifunc = ast::TypeExpr { kind: ast::TypeExprKind::Named { name: "IFunc".into(), args }, span };
        self.check_conformance(h, &[ifunc]);
        let values: Vec<ExprId> = frame
            .captures
            .iter()
            .map(|n| self.expr(&ast::Expr { kind: ast::ExprKind::Ident(n.clone()), span }))
            .collect();
        self.add_expr(ExprKind::Construct(values), Type::Struct(h), span)
    }

    /// A name the innermost lambda's body does not declare, read from the function around the
    /// lambda: a local or a field of its `this`, captured as a field of the lambda's struct (a
    /// constant is read as it is).
    pub(super) fn lambda_capture(&mut self, name: &str, span: Span) -> Option<ExprId> {
        let frame = self.lambdas.last()?;
        let h = frame.h;
        // Only the lambda's own body captures (not a generic instance it calls).
        if self.this_object().map(|(_, t)| t) != Some(h) {
            return None;
        }
        let outer = frame.outer.as_ref()?;
        let ty = match outer.scopes.iter().rev().find_map(|s| s.get(name)) {
            Some(Sym::Local(l)) => outer.func.locals[*l].ty.clone(),
            Some(Sym::Const(v, ty)) => {
                let (v, ty) = (v.clone(), ty.clone());
                return Some(self.add_expr(ExprKind::Const(v), ty, span));
            }
            Some(Sym::Global(_)) => return None,
            None => {
                let (_, outer_this) = outer.this?;
                let field = self.module.structs[outer_this].fields.iter().find(|f| f.name == name)?;
                field.ty.clone()
            }
        };
        if matches!(ty, Type::Resource(..)) {
            let d = Diagnostic::error("E0446", format!("a lambda cannot capture `{name}`, a resource"))
                .with_label(span, "captured here")
                .with_note("a lambda captures values; pass the resource as a parameter, or use a global");
            self.push(d);
            return Some(self.error_expr(span));
        }
        let frame = self.lambdas.last_mut().expect("looked up above");
        if !frame.captures.iter().any(|c| c == name) {
            frame.captures.push(name.to_string());
            let field = Field { name: name.to_string(), ty, semantic: None, majorness: self.default_majorness, span };
            self.module.structs[h].fields.push(field);
        }
        let (this, _) = self.this_object()?;
        let object = self.add_expr(ExprKind::Local(this), Type::Struct(h), span);
        Some(self.field(object, h, &ast::Ident { name: name.to_string(), span }, span))
    }

    /// In a lambda's body, the type of what `return` gives: the first one's, which the others
    /// convert to. `None` outside a lambda's own body.
    pub(super) fn lambda_return(&mut self, value: &ast::Expr) -> Option<ExprId> {
        let h = self.lambdas.last()?.h;
        if self.this_object().map(|(_, t)| t) != Some(h) {
            return None;
        }
        match self.lambdas.last()?.ret.clone() {
            Some(t) => Some(self.value_of_type(value, &t)),
            None => {
                let e = self.expr(value);
                let ty = self.ty(e);
                self.lambdas.last_mut()?.ret = Some(ty.clone());
                if let Some(st) = self.cur.as_mut() {
                    st.func.ret = ty;
                }
                Some(e)
            }
        }
    }
}
