//! Intrinsic calls, lowered from the stdlib's `[hlsl(…)]` attributes.
//!
//! An intrinsic is native at a shader model when [`crate::stdlib::Intrinsic::hlsl_for`] gives a
//! template there ([`Natives`]). Other calls never reach the writer: the
//! [`crate::lower::intrinsics`] pass has replaced them by calls of the stdlib's portable
//! implementation, or reported, where there is none:
//!
//! - E0601 when the intrinsic needs a later shader model than the target, or has no HLSL
//!   lowering at all;
//! - E0602 when the stdlib says HLSL has no equivalent (`[hlsl(unsupported, "why")]`).
//!
//! A template's text has `$0`, `$1`… replaced by the arguments, `$T` by the bound generic type
//! and `$R` by the return type. A template that names an argument twice would evaluate it
//! twice (and duplicate its side effects), so it becomes a helper function instead, written
//! once per intrinsic and argument types, whose body is the template over its parameters.

use super::writer::{Ctx, Writer, P_ASSIGN, P_POSTFIX};
use crate::back::template::{
    has_side_effects, in_argument_slot, is_call_like, omitted_arguments, parse_template, repeats_argument, Piece,
};
use crate::back::Namer;
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{ExprId, ExprKind, Function, IntrinsicId, ParamMode, Type};
use crate::span::Span;
use crate::stdlib::{HlslLowering, Intrinsic};
use std::fmt::Write as _;

#[derive(Default)]
pub(super) struct Helpers {
    /// Helper definitions in order of first use.
    pub text: String,
    /// Intrinsic name → helper function name (all overloads share it; HLSL overloads by type).
    names: HashMap<String, String>,
    written: HashSet<(IntrinsicId, Vec<String>)>,
    /// Result types that already have a `wavec_select` overload.
    selects: HashSet<String>,
}

fn sm_name((major, minor): (u32, u32)) -> String {
    format!("sm_{major}_{minor}")
}

/// What HLSL emits natively at a shader model, for [`crate::lower::intrinsics`]: a template
/// that applies at that model ([`Intrinsic::hlsl_for`]).
pub struct Natives {
    pub shader_model: (u32, u32),
}

impl crate::lower::intrinsics::Target for Natives {
    fn native(&self, intr: &Intrinsic, _: &Function, _: &[ExprId]) -> Result<(), Diagnostic> {
        let sm = self.shader_model;
        match intr.hlsl_for(sm) {
            Ok(HlslLowering::Template { .. }) => Ok(()),
            Ok(HlslLowering::Unsupported(why)) => {
                Err(Diagnostic::error("E0602", format!("`{}` has no HLSL equivalent: {why}", intr.name)))
            }
            Ok(HlslLowering::Emulated(pass)) => Err(Diagnostic::error(
                "E0699",
                format!("internal error: `{}` should have been replaced by the `{pass}` lowering pass", intr.name),
            )),
            Err(Some(min)) => Err(Diagnostic::error(
                "E0601",
                format!(
                    "`{}` requires shader model {}.{} or later; the target is {}",
                    intr.name,
                    min.0,
                    min.1,
                    sm_name(sm)
                ),
            )),
            Err(None) => Err(Diagnostic::error("E0601", format!("`{}` has no HLSL lowering", intr.name))),
        }
    }
}

impl<'a> Writer<'a> {
    /// Names the helpers that `f`'s intrinsic calls will need, before any local is named, so no
    /// local can shadow a helper.
    pub(super) fn name_helpers(&mut self, f: &Function) {
        let sm = self.options.shader_model;
        for (_, e) in f.exprs.iter() {
            let ExprKind::Intrinsic { id, args, .. } = &e.kind else {
                continue;
            };
            let Some(intr) = self.stdlib.intrinsics.get(id.0 as usize) else {
                continue;
            };
            if let Ok(HlslLowering::Template { text, .. }) = intr.hlsl_for(sm) {
                // A helper evaluates each argument exactly once: needed when the template would
                // evaluate one twice, or drop one whose evaluation matters.
                let drops_effects =
                    omitted_arguments(text, args.len()).into_iter().any(|i| has_side_effects(f, self.stdlib, args[i]));
                if (repeats_argument(text) || drops_effects) && !self.helpers.names.contains_key(&intr.name) {
                    let name = self.namer.name(&format!("wavec_{}", intr.name));
                    self.helpers.names.insert(intr.name.clone(), name);
                }
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
    ) -> (String, u8) {
        let stdlib = self.stdlib;
        let sm = self.options.shader_model;
        let Some(intr) = stdlib.intrinsics.get(id.0 as usize) else {
            self.internal(span, "call of an unknown intrinsic");
            return ("0".to_string(), P_POSTFIX);
        };
        let Ok(HlslLowering::Template { text, .. }) = intr.hlsl_for(sm) else {
            self.internal(span, &format!("`{}` reached the HLSL writer without a template", intr.name));
            return ("0".to_string(), P_POSTFIX);
        };
        let ep = &self.module.entry_points[self.entry];
        if intr.derivatives && ep.stage == crate::ir::Stage::Compute {
            self.compute_derivatives(ep, span, "takes a derivative");
        }
        if let Some(helper) = self.helpers.names.get(&intr.name).cloned() {
            self.write_helper(cx, id, intr, &helper, text, args, bound, ret);
            let parts: Vec<String> = args.iter().map(|a| self.expr(cx, *a, P_ASSIGN)).collect();
            return (format!("{helper}({})", parts.join(", ")), P_POSTFIX);
        }
        let pieces = parse_template(text);
        let mut out = String::new();
        for (k, p) in pieces.iter().enumerate() {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Arg(i) => match args.get(*i) {
                    Some(a) => {
                        let min = if in_argument_slot(&pieces, k) { P_ASSIGN } else { P_POSTFIX };
                        out.push_str(&self.expr(cx, *a, min));
                    }
                    None => self.internal(span, &format!("`{}`'s template names a missing argument ${i}", intr.name)),
                },
                Piece::Bound => out.push_str(&self.bound_name(bound, span, intr)),
                Piece::Ret => out.push_str(&self.ty(ret)),
                Piece::Mask => self.internal(span, "an [hlsl] template names $M, the CUDA backend's lane mask"),
            }
        }
        if is_call_like(&out) {
            (out, P_POSTFIX)
        } else {
            (format!("({out})"), P_POSTFIX)
        }
    }

    /// `select(c, a, b)` for a vector condition, as a helper: HLSL 2021 made `?:` scalar-only,
    /// while older HLSL and glslang lack `select`; a per-component `?:` works in all of them.
    pub(super) fn select_helper(&mut self, ty: &Type) -> String {
        let name = "wavec_select".to_string();
        let spelled = self.ty(ty);
        if !self.helpers.selects.insert(spelled.clone()) {
            return name;
        }
        let n = ty.vector_size().unwrap_or(1);
        let cond = self.ty(&ty.with_scalar(crate::ir::Scalar::Bool));
        let parts: Vec<String> = (0..n)
            .map(|i| {
                let c = ["x", "y", "z", "w"][i as usize];
                format!("c.{c} ? a.{c} : b.{c}")
            })
            .collect();
        let text = &mut self.helpers.text;
        if !text.is_empty() {
            text.push('\n');
        }
        let _ = writeln!(text, "{spelled} {name}({cond} c, {spelled} a, {spelled} b) {{");
        let _ = writeln!(text, "    return {spelled}({});", parts.join(", "));
        text.push_str("}\n");
        name
    }

    fn bound_name(&mut self, bound: Option<&Type>, span: Span, intr: &Intrinsic) -> String {
        match bound {
            Some(t) => self.ty(t),
            None => {
                self.internal(span, &format!("`{}`'s template uses $T but no generic type is bound", intr.name));
                "int".to_string()
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn write_helper(
        &mut self,
        cx: &Ctx<'a>,
        id: IntrinsicId,
        intr: &Intrinsic,
        helper: &str,
        text: &str,
        args: &[ExprId],
        bound: Option<&Type>,
        ret: &Type,
    ) {
        let arg_types: Vec<Type> = args.iter().map(|a| cx.f.exprs[*a].ty.clone()).collect();
        let key = (id, arg_types.iter().map(|t| self.ty(t)).collect::<Vec<_>>());
        if !self.helpers.written.insert(key) {
            return;
        }
        // Helper bodies see only their parameters, so a fresh namer (keywords only) suffices.
        let mut namer = Namer::new(super::is_reserved, self.stdlib.intrinsics.names().map(String::from));
        let mut params = Vec::new();
        let mut param_names = Vec::new();
        for (i, t) in arg_types.iter().enumerate() {
            let decl = intr.params.get(i);
            let name = namer.name(decl.map(|p| p.name.as_str()).unwrap_or("arg"));
            let mode = match decl.map(|p| p.mode) {
                Some(ParamMode::Out) => "out ",
                Some(ParamMode::InOut) => "inout ",
                _ => "",
            };
            params.push(format!("{mode}{}", self.decl(t, &name)));
            param_names.push(name);
        }
        let mut body = String::new();
        for p in parse_template(text) {
            match p {
                Piece::Text(t) => body.push_str(t),
                Piece::Arg(i) => body.push_str(param_names.get(i).map(String::as_str).unwrap_or("0")),
                Piece::Bound => body.push_str(&self.bound_name(bound, cx.f.span, intr)),
                Piece::Ret => body.push_str(&self.ty(ret)),
                Piece::Mask => self.internal(cx.f.span, "an [hlsl] template names $M, the CUDA backend's lane mask"),
            }
        }
        let ret_name = self.ty(ret);
        let text = &mut self.helpers.text;
        if !text.is_empty() {
            text.push('\n');
        }
        let _ = writeln!(text, "{ret_name} {helper}({}) {{", params.join(", "));
        if *ret == Type::Void {
            let _ = writeln!(text, "    {body};");
        } else {
            let _ = writeln!(text, "    return {body};");
        }
        text.push_str("}\n");
    }
}
