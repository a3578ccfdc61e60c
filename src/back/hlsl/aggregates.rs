//! Structs and arrays built in the middle of an expression (`return {a, b};`, `t = {x, t._1};`,
//! Slang's tuples): HLSL writes `{…}` only where a variable is declared, so such a value is
//! the call of a helper made once per type, `S wavec_make_S(int _0, float _1)`, which declares
//! it from its parameters and returns it.

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
            }
        }
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
        format!("{name}({args})")
    }

    fn write_aggregate_helper(&mut self, ty: &Type, name: &str) {
        let parts: Vec<Type> = match ty {
            Type::Struct(h) => self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect(),
            Type::Array(e, Some(n)) => vec![(**e).clone(); *n as usize],
            _ => Vec::new(),
        };
        if !self.helpers.text.is_empty() {
            self.helpers.text.push('\n');
        }
        // An array type is returned through a `typedef` of it.
        let ret = match ty {
            Type::Array(..) => {
                let alias = format!("{name}_t");
                let _ = writeln!(self.helpers.text, "typedef {};", self.decl(ty, &alias));
                alias
            }
            _ => self.ty(ty),
        };
        let params: Vec<String> = parts.iter().enumerate().map(|(i, t)| self.decl(t, &format!("p{i}"))).collect();
        let values: Vec<String> = (0..parts.len()).map(|i| format!("p{i}")).collect();
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
