//! Intrinsic calls, from the stdlib's `[wgsl("template", KEY…, cond = value…)]` attributes.
//!
//! The attributes of an intrinsic are tried in the order written; the first whose conditions
//! (`shape`, `when`, `constant`: [`crate::back::template::form_applies`]) hold for the call is
//! its native form. A positional key after the template names a built-in value the form reads
//! (`subgroup_size`): the entry point takes it as an input and copies it into the
//! `var<private>` the template names. Templates are read by [`crate::back::template`]; one that
//! names an argument twice, or drops one with side effects, becomes a helper function. A
//! template holding `;` is a sequence of statements (the barriers).

use super::writer::{Ctx, Writer};
use crate::back::template::{has_side_effects, omitted_arguments, parse_template, repeats_argument, Piece};
use crate::diag::Diagnostic;
use crate::ir::{ExprId, Function, IntrinsicId, Scalar, Type};
use crate::span::Span;
use crate::stdlib::{AttrValue, Intrinsic, Lowering};
use std::fmt::Write as _;

/// The built-ins a `[wgsl]` form may read: (key, private variable, what it is, its type).
pub const BUILTINS: &[(&str, &str, &str, &str)] = &[
    ("subgroup_size", "wavec_subgroup_size", "the lane count", "u32"),
    ("subgroup_invocation_id", "wavec_subgroup_invocation_id", "the lane index", "u32"),
    ("subgroup_id", "wavec_subgroup_id", "the group wave index", "u32"),
    ("num_subgroups", "wavec_num_subgroups", "the group wave count", "u32"),
    ("num_workgroups", "wavec_num_workgroups", "the groups dispatched", "vec3<u32>"),
];

/// The native form of a call: the first `[wgsl]` attribute whose conditions hold.
fn native_form<'i>(intr: &'i Intrinsic, f: &Function, args: &[ExprId]) -> Option<&'i Lowering> {
    intr.lowerings_for("wgsl").find(|form| crate::back::template::form_applies(form, f, args, &|_| false))
}

/// The form applied to each row of a float matrix ([`crate::back::template::row_form`]): WGSL's
/// subgroup functions take no matrices.
fn row_form<'i>(intr: &'i Intrinsic, f: &Function, args: &[ExprId]) -> Option<&'i Lowering> {
    crate::back::template::row_form(intr, "wgsl", f, args, &|_| false)
}

/// What WGSL emits natively, for [`crate::lower::intrinsics`].
pub struct Natives;

impl crate::lower::intrinsics::Target for Natives {
    fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), Diagnostic> {
        if native_form(intr, f, args).is_some() || row_form(intr, f, args).is_some() {
            return Ok(());
        }
        // A call on 8-, 16- or 64-bit values has no form because WGSL has no such values: say so.
        let narrow_or_wide = args.iter().find_map(|a| {
            f.exprs[*a]
                .ty
                .scalar()
                .filter(|s| !matches!(s, Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16))
        });
        if let Some(s) = narrow_or_wide {
            return Err(Diagnostic::error(
                "E0651",
                format!(
                    "the WGSL backend cannot write `{}` values (WGSL has 32-bit scalars and `f16` only)",
                    s.hlsl_name()
                ),
            )
            .with_note("compile this shader to SPIR-V (`--target spirv`) or GLSL instead"));
        }
        let mut d = Diagnostic::error("E0650", format!("`{}` has no WGSL form for this call", intr.name));
        if intr.lowerings_for("wgsl").next().is_some() {
            let first = args.first().map(|a| f.exprs[*a].ty.to_string()).unwrap_or_default();
            d = d.with_note(format!("WGSL has no form of it for `{first}`"));
        } else {
            d = d.with_note("WGSL has no such operation, and the stdlib no portable implementation of it");
        }
        Err(d)
    }
}

impl<'a> Writer<'a> {
    /// Names, at module scope, the helper functions that `f`'s intrinsic calls will need (one
    /// per intrinsic and argument types: WGSL has no overloads).
    pub(super) fn name_helpers(&mut self, f: &Function) {
        for (_, e) in f.exprs.iter() {
            let crate::ir::ExprKind::Intrinsic { id, args, .. } = &e.kind else { continue };
            let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
            let Some(text) = native_form(intr, f, args).and_then(|form| form.string(0)) else { continue };
            let drops_effects =
                omitted_arguments(text, args.len()).into_iter().any(|i| has_side_effects(f, self.stdlib, args[i]));
            if !repeats_argument(text) && !drops_effects {
                continue;
            }
            let spelled: Vec<String> = args.iter().map(|a| self.ty(&f.exprs[*a].ty, e.span)).collect();
            let key = format!("{}({})", intr.name, spelled.join(", "));
            if !self.helper_names.contains_key(&key) {
                let name = self.namer.name(&format!("wavec_{}", intr.name));
                self.helper_names.insert(key, name);
            }
        }
    }

    pub(super) fn intrinsic(
        &mut self,
        cx: &Ctx<'a>,
        span: Span,
        id: IntrinsicId,
        args: &[ExprId],
        bound: Option<&Type>,
        ret: &Type,
    ) -> String {
        let stdlib = self.stdlib;
        let (_, intr) = crate::lower::intrinsics::declaration(stdlib, id);
        if native_form(intr, cx.f, args).is_none() {
            if let Some(form) = row_form(intr, cx.f, args) {
                return self.row_intrinsic(cx, form, args, ret, span);
            }
        }
        let Some(text) = native_form(intr, cx.f, args).map(|form| (form, form.string(0))) else {
            self.internal(span, &format!("`{}` reached the WGSL writer without a form", intr.name));
            return "0".into();
        };
        let (form, Some(text)) = text else {
            self.internal(span, &format!("`{}`'s [wgsl] attribute has no template", intr.name));
            return "0".into();
        };
        for key in form.positional.iter().skip(1) {
            match key {
                AttrValue::Ident(k) => match BUILTINS.iter().find(|(b, ..)| b == k) {
                    Some((b, ..)) => {
                        self.builtins.insert(b);
                    }
                    None => self.internal(span, &format!("unknown key `{k}` in `{}`'s [wgsl] form", intr.name)),
                },
                _ => self.internal(span, &format!("malformed [wgsl] attribute of `{}`", intr.name)),
            }
        }
        if text.contains("subgroup") || text.contains("quad") {
            self.enables.insert("subgroups");
        }
        let atomic = text.contains("(&$0");
        // `$2 = atomicAdd(&$0, $1)`: argument 2 is assigned.
        let assigned =
            text.strip_prefix('$').and_then(|t| t.split_once(" = ")).and_then(|(n, _)| n.parse::<usize>().ok());
        let drops_effects =
            omitted_arguments(text, args.len()).into_iter().any(|i| has_side_effects(cx.f, stdlib, args[i]));
        if repeats_argument(text) || drops_effects {
            return self.helper_call(cx, intr, text, args, bound, ret, span);
        }
        // The value arguments, evaluated in HLSL's order (the template may name them in another:
        // `$1 * $0`).
        let value_args: Vec<ExprId> = args
            .iter()
            .enumerate()
            .filter(|(i, _)| !(*i == 0 && atomic) && assigned != Some(*i))
            .map(|(_, a)| *a)
            .collect();
        let mut values = self.in_order(cx, &value_args).into_iter();
        let mut value_of: Vec<Option<String>> = vec![None; args.len()];
        for (i, slot) in value_of.iter_mut().enumerate() {
            if !(i == 0 && atomic) && assigned != Some(i) {
                *slot = values.next().map(|(s, p)| if p { s } else { format!("({s})") });
            }
        }
        let mut out = String::new();
        for p in parse_template(text) {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Arg(i) => match args.get(i) {
                    Some(a) if i == 0 && atomic => {
                        if !self.is_atomic_place(cx, *a) {
                            self.refuse_code("E0653", span, "an atomic operation on memory that is not a 32-bit integer element of a buffer or `groupshared` variable");
                        }
                        let p = self.place(cx, *a);
                        out.push_str(&p);
                    }
                    Some(a) if assigned == Some(i) => {
                        let p = self.place(cx, *a);
                        out.push_str(&p);
                    }
                    Some(_) => out.push_str(value_of[i].as_deref().unwrap_or("0")),
                    None => self.internal(span, &format!("`{}`'s template names a missing argument ${i}", intr.name)),
                },
                Piece::Bound => match bound {
                    Some(t) => {
                        let s = self.ty(t, span);
                        out.push_str(&s);
                    }
                    None => self.internal(span, "a template uses $T but no generic type is bound"),
                },
                Piece::Ret => {
                    let s = self.ty(ret, span);
                    out.push_str(&s);
                }
                Piece::Mask => self.internal(span, "a [wgsl] template names $M, the CUDA backend's lane mask"),
            }
        }
        // A sequence of statements: all but the last run first.
        if let Some((first, last)) = out.rsplit_once("; ") {
            let _ = writeln!(self.pre, "{first};");
            return last.to_string();
        }
        out
    }

    /// An element-wise intrinsic applied to each row of a matrix: `matRxC(f(m[0], …), …)`, the
    /// matrix and the other arguments evaluated once.
    fn row_intrinsic(&mut self, cx: &Ctx<'a>, form: &Lowering, args: &[ExprId], ret: &Type, span: Span) -> String {
        let Type::Matrix(_, rows, _) = ret else {
            self.internal(span, "a row-wise intrinsic without a matrix result");
            return "0".into();
        };
        let text = form.string(0).unwrap_or_default();
        if text.contains("subgroup") || text.contains("quad") {
            self.enables.insert("subgroups");
        }
        let values: Vec<String> = args.iter().map(|a| self.pure_operand(cx, *a)).collect();
        // Every matrix argument is taken row by row (`max(m, n)`), the others whole.
        let matrix: Vec<bool> = args.iter().map(|a| matches!(cx.f.exprs[*a].ty, Type::Matrix(..))).collect();
        let mut parts = Vec::new();
        for r in 0..*rows {
            let mut out = String::new();
            for p in parse_template(text) {
                match p {
                    Piece::Text(t) => out.push_str(t),
                    Piece::Arg(i) if matrix.get(i) == Some(&true) => {
                        let _ = write!(out, "{}[{r}]", values[i]);
                    }
                    Piece::Arg(i) => out.push_str(values.get(i).map(String::as_str).unwrap_or("0")),
                    Piece::Bound | Piece::Ret | Piece::Mask => {}
                }
            }
            parts.push(out);
        }
        format!("{}({})", self.ty(ret, span), parts.join(", "))
    }

    /// A helper function whose body is the template over its parameters, so each argument is
    /// evaluated once, where the call is. WGSL has no overloads: one name per signature.
    #[allow(clippy::too_many_arguments)]
    fn helper_call(
        &mut self,
        cx: &Ctx<'a>,
        intr: &Intrinsic,
        text: &str,
        args: &[ExprId],
        bound: Option<&Type>,
        ret: &Type,
        span: Span,
    ) -> String {
        let arg_types: Vec<Type> = args.iter().map(|a| cx.f.exprs[*a].ty.clone()).collect();
        let spelled: Vec<String> = arg_types.iter().map(|t| self.ty(t, span)).collect();
        let key = format!("{}({})", intr.name, spelled.join(", "));
        let name = match self.helper_names.get(&key) {
            Some(n) if self.helpers_written.contains(&key) => n.clone(),
            named => {
                let name = match named {
                    Some(n) => n.clone(),
                    None => {
                        self.internal(span, &format!("a helper for `{}` that was not named beforehand", intr.name));
                        format!("wavec_{}", intr.name)
                    }
                };
                self.helpers_written.insert(key);
                let params: Vec<String> = spelled.iter().enumerate().map(|(i, t)| format!("a{i}: {t}")).collect();
                let mut body = String::new();
                for p in parse_template(text) {
                    match p {
                        Piece::Text(t) => body.push_str(t),
                        Piece::Arg(i) => {
                            let _ = write!(body, "a{i}");
                        }
                        Piece::Bound => {
                            let b = bound.map(|t| self.ty(t, span)).unwrap_or_else(|| "i32".into());
                            body.push_str(&b);
                        }
                        Piece::Ret => {
                            let r = self.ty(ret, span);
                            body.push_str(&r);
                        }
                        Piece::Mask => self.internal(span, "a [wgsl] template names $M, the CUDA backend's lane mask"),
                    }
                }
                let r = self.ty(ret, span);
                if !self.helpers.is_empty() {
                    self.helpers.push('\n');
                }
                if *ret == Type::Void {
                    let _ = writeln!(self.helpers, "fn {name}({}) {{\n    {body};\n}}", params.join(", "));
                } else {
                    let _ =
                        writeln!(self.helpers, "fn {name}({}) -> {r} {{\n    return {body};\n}}", params.join(", "));
                }
                name
            }
        };
        let a = self.args(cx, args);
        format!("{name}({a})")
    }
}
