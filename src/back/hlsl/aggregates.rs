//! Structs and arrays built in the middle of an expression (`return {a, b};`, `t = {x, t._1};`,
//! Slang's tuples): HLSL writes `{…}` only where a variable is declared, so such a value is
//! the call of a helper made once per type, `S wavec_make_S(int _0, float _1)`, which declares
//! it from its parameters and returns it.
//!
//! HLSL functions cannot return arrays (DXC: "function cannot return array type"), which
//! Slang's functions, sema's initializers of `static` arrays and these helpers do: such a
//! function returns a struct holding the array, `struct wavec_array_float_3 { float a[3]; }`,
//! and each call reads its `.a`.

use super::writer::{Ctx, Writer};
use crate::ir::*;
use std::fmt::Write as _;

impl<'a> Writer<'a> {
    /// Reserves a helper name for every struct or array type some function builds, before any
    /// function is written (so that no name of the program takes it).
    pub(super) fn name_aggregate_helpers(&mut self, f: &Function) {
        for (id, e) in f.exprs.iter() {
            if let (ExprKind::Construct(_), Type::Struct(_) | Type::Array(..)) = (&e.kind, &e.ty) {
                if f.constant_buffer_read(id).is_some() {
                    continue;
                }
                let key = self.ty_key(&e.ty);
                if !self.aggregate_helpers.contains_key(&key) {
                    let name = self.namer.name(&format!("wavec_make_{key}"));
                    self.aggregate_helpers.insert(key, (name, false));
                }
                if matches!(e.ty, Type::Array(..)) {
                    self.name_array_return(&e.ty);
                }
            }
        }
        if matches!(f.ret, Type::Array(..)) {
            self.name_array_return(&f.ret);
        }
    }

    fn name_array_return(&mut self, ty: &Type) {
        let key = self.ty_key(ty);
        if !self.array_returns.contains_key(&key) {
            let name = self.namer.name(&format!("wavec_array_{key}"));
            self.array_returns.insert(key, (name, false));
        }
    }

    /// The struct an array of type `ty` is returned in, declared on first use.
    pub(super) fn array_return(&mut self, ty: &Type) -> String {
        let key = self.ty_key(ty);
        let Some((name, written)) = self.array_returns.get(&key).cloned() else {
            self.internal(crate::span::Span::default(), "an array returned with no struct reserved");
            return String::new();
        };
        if !written {
            if !self.helpers.text.is_empty() {
                self.helpers.text.push('\n');
            }
            let _ = writeln!(self.helpers.text, "struct {name} {{\n    {};\n}};", self.decl(ty, "a"));
            if let Some(entry) = self.array_returns.get_mut(&key) {
                entry.1 = true;
            }
        }
        name
    }

    /// `wavec_make_S(a, b)` for the aggregate `Construct` `id`, its helper written on first use.
    pub(super) fn aggregate_call(&mut self, cx: &Ctx<'a>, id: ExprId) -> String {
        let expr = &cx.f.exprs[id];
        let ExprKind::Construct(parts) = &expr.kind else { return String::new() };
        let ty = expr.ty.clone();
        let key = self.ty_key(&ty);
        let Some((name, written)) = self.aggregate_helpers.get(&key).cloned() else {
            self.internal(expr.span, "an aggregate with no helper reserved");
            return String::new();
        };
        if !written {
            self.write_aggregate_helper(&ty, &name);
            if let Some(entry) = self.aggregate_helpers.get_mut(&key) {
                entry.1 = true;
            }
        }
        let args = self.args(cx, parts);
        match ty {
            Type::Array(..) => format!("{name}({args}).a"),
            _ => format!("{name}({args})"),
        }
    }

    fn write_aggregate_helper(&mut self, ty: &Type, name: &str) {
        let parts: Vec<Type> = match ty {
            Type::Struct(h) => self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect(),
            Type::Array(e, Some(n)) => vec![(**e).clone(); *n as usize],
            _ => Vec::new(),
        };
        // An array is returned in its struct (module docs), declared first.
        let wrapper = matches!(ty, Type::Array(..)).then(|| self.array_return(ty));
        if !self.helpers.text.is_empty() {
            self.helpers.text.push('\n');
        }
        let params: Vec<String> = parts.iter().enumerate().map(|(i, t)| self.decl(t, &format!("p{i}"))).collect();
        let values: Vec<String> = (0..parts.len()).map(|i| format!("p{i}")).collect();
        if let Some(wrapper) = wrapper {
            let _ = writeln!(
                self.helpers.text,
                "{wrapper} {name}({}) {{\n    {wrapper} r;\n    {} = {{{}}};\n    r.a = v;\n    return r;\n}}",
                params.join(", "),
                self.decl(ty, "v"),
                values.join(", ")
            );
            return;
        }
        let ret = self.ty(ty);
        let _ = writeln!(
            self.helpers.text,
            "{ret} {name}({}) {{\n    {ret} r = {{{}}};\n    return r;\n}}",
            params.join(", "),
            values.join(", ")
        );
    }

    /// A name-safe spelling of a type (`int_2` for `int[2]`).
    fn ty_key(&self, ty: &Type) -> String {
        match ty {
            Type::Array(e, Some(n)) => format!("{}_{n}", self.ty_key(e)),
            other => self.ty(other).chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect(),
        }
    }
}
