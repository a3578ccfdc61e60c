//! Intrinsic calls, from the stdlib's `[glsl("template", KEY…, cond = value…)]` attributes.
//!
//! The attributes of an intrinsic are tried in the order written; the first whose conditions
//! hold for the call is its native form:
//!
//! - `shape = s | v | sv | v2 | v3 | v4`: the first argument is a scalar, a vector, either, or a
//!   vector of that many components (GLSL's subgroup and math functions take no matrices);
//! - `when = "float" | "sint" | "uint" | "int" | "bool"`: the first argument's element type;
//! - `cap = NAME`: `--capability NAME` was given (`GL_NV_shader_subgroup_partitioned` and
//!   clustered operations are optional device features);
//! - `constant = I`: argument `I` is a compile-time constant.
//!
//! The positional names after the template are the extensions the form needs (`arithmetic`
//! is `GL_KHR_shader_subgroup_arithmetic`), written as `#extension … : require` lines once
//! the call is printed. Templates are read by [`crate::back::template`]: one that names an
//! argument twice, or drops one with side effects, becomes a helper function.

use super::writer::{Ctx, Writer, P_ASSIGN, P_POSTFIX};
use super::Options;
use crate::back::template::{
    has_side_effects, in_argument_slot, is_call_like, omitted_arguments, parse_template, repeats_argument, Piece,
};
use crate::back::Namer;
use crate::diag::Diagnostic;
use crate::ir::{ExprId, ExprKind, Function, IntrinsicId, ParamMode, Type};
use crate::span::Span;
use crate::stdlib::{AttrValue, Intrinsic, Lowering};
use std::fmt::Write as _;

/// The `#extension` an extension key of a `[glsl]` form names.
fn extension(key: &str) -> Option<&'static str> {
    Some(match key {
        "basic" => "GL_KHR_shader_subgroup_basic",
        "vote" => "GL_KHR_shader_subgroup_vote",
        "arithmetic" => "GL_KHR_shader_subgroup_arithmetic",
        "ballot" => "GL_KHR_shader_subgroup_ballot",
        "shuffle" => "GL_KHR_shader_subgroup_shuffle",
        "shuffle_relative" => "GL_KHR_shader_subgroup_shuffle_relative",
        "clustered" => "GL_KHR_shader_subgroup_clustered",
        "quad" => "GL_KHR_shader_subgroup_quad",
        "partitioned" => "GL_NV_shader_subgroup_partitioned",
        "atomic_int64" => "GL_EXT_shader_atomic_int64",
        "image_int64" => "GL_EXT_shader_image_int64",
        "atomic_float" => "GL_EXT_shader_atomic_float",
        "atomic_float2" => "GL_EXT_shader_atomic_float2",
        "shader_clock" => "GL_ARB_shader_clock",
        "realtime_clock" => "GL_EXT_shader_realtime_clock",
        "nonuniform" => "GL_EXT_nonuniform_qualifier",
        _ => return None,
    })
}

/// Whether the conditions of a `[glsl]` form hold for a call of `args` in `f`.
fn applies(options: &Options, form: &Lowering, f: &Function, args: &[ExprId]) -> bool {
    applies_to(options, form, args.first().map(|a| &f.exprs[*a].ty), f, args)
}

/// [`applies`], for a call whose first argument has type `first`.
fn applies_to(options: &Options, form: &Lowering, first: Option<&Type>, f: &Function, args: &[ExprId]) -> bool {
    crate::back::template::form_applies_to(form, first, f, args, &|c| options.allows(c))
}

/// The native form of a call: the first `[glsl]` attribute whose conditions hold. A texel
/// destination (an atomic's `inout` first argument) takes a `texel` form (`imageAtomic*`).
fn native_form<'i>(options: &Options, intr: &'i Intrinsic, f: &Function, args: &[ExprId]) -> Option<&'i Lowering> {
    let writes_texel = intr.params.first().is_some_and(|p| p.mode != ParamMode::In)
        && args.first().is_some_and(|&a| f.storage_texel(a).is_some());
    intr.lowerings_for("glsl").find(|form| applies(options, form, f, args) && (form.flag("texel") || !writes_texel))
}

/// The form applied to each row of a matrix ([`crate::back::template::row_form`]): GLSL's
/// subgroup functions take no matrices, and integer matrices are arrays of rows
/// ([`super::matrix`]).
fn row_form<'i>(options: &Options, intr: &'i Intrinsic, f: &Function, args: &[ExprId]) -> Option<&'i Lowering> {
    crate::back::template::row_form(intr, "glsl", f, args, &|c| options.allows(c))
}

/// What GLSL emits natively, for [`crate::lower::intrinsics`].
pub struct Natives<'a>(pub &'a Options);

impl crate::lower::intrinsics::Target for Natives<'_> {
    fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), Diagnostic> {
        if native_form(self.0, intr, f, args).is_some() || row_form(self.0, intr, f, args).is_some() {
            return Ok(());
        }
        let mut d = Diagnostic::error("E0620", format!("`{}` has no GLSL form for this call", intr.name));
        let needs_cap = intr.lowerings_for("glsl").find_map(|l| l.named_ident("cap"));
        if let Some(cap) = needs_cap {
            d = d.with_note(format!("its GLSL form needs `--capability {cap}`"));
        } else if intr.lowerings_for("glsl").next().is_some() {
            let first = args.first().map(|a| f.exprs[*a].ty.to_string()).unwrap_or_default();
            d = d.with_note(format!("GLSL has no form of it for `{first}` (64-bit bit counts have none)"));
        }
        Err(d)
    }
}

impl<'a> Writer<'a> {
    /// Names the helpers that `f`'s intrinsic calls will need, before any local is named.
    pub(super) fn name_helpers(&mut self, f: &Function) {
        for (_, e) in f.exprs.iter() {
            let ExprKind::Intrinsic { id, args, .. } = &e.kind else {
                continue;
            };
            let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
            let Some(form) = native_form(self.options, intr, f, args) else { continue };
            let Some(text) = form.string(0) else { continue };
            let drops_effects =
                omitted_arguments(text, args.len()).into_iter().any(|i| has_side_effects(f, self.stdlib, args[i]));
            if repeats_argument(text) || drops_effects {
                self.helper_name(&format!("wavec_{}", intr.name));
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
        let (_, intr) = crate::lower::intrinsics::declaration(stdlib, id);
        // A built-in's 8-, 16- or 64-bit result or operand needs its type's extension even
        // where the template never spells the type (`float16BitsToUint16`).
        for s in args.iter().map(|a| &cx.f.exprs[*a].ty).chain([ret]).filter_map(Type::scalar) {
            self.scalar_name(s);
        }
        let (form, per_row) = match native_form(self.options, intr, cx.f, args) {
            Some(form) => (form, false),
            None => match row_form(self.options, intr, cx.f, args) {
                Some(form) => (form, true),
                None => {
                    self.internal(span, &format!("`{}` reached the GLSL writer without a form", intr.name));
                    return ("0".to_string(), P_POSTFIX);
                }
            },
        };
        let Some(text) = form.string(0) else {
            self.internal(span, &format!("`{}`'s [glsl] attribute has no template", intr.name));
            return ("0".to_string(), P_POSTFIX);
        };
        for key in form.positional.iter().skip(1) {
            match key {
                AttrValue::Ident(k) if k == "texel" => {}
                AttrValue::Ident(k) => match extension(k) {
                    Some(e) => {
                        self.extensions.insert(e);
                    }
                    None => self.internal(span, &format!("unknown extension key `{k}` in `{}`", intr.name)),
                },
                _ => self.internal(span, &format!("malformed [glsl] attribute of `{}`", intr.name)),
            }
        }
        if per_row {
            return self.row_intrinsic(cx, &format!("wavec_{}", intr.name), text, args, ret, span);
        }
        if let Some(helper) = self.helper_names.get(&format!("wavec_{}", intr.name)).cloned() {
            self.write_helper(cx, intr, &helper, text, args, bound, ret, span);
            let parts: Vec<String> = args.iter().map(|a| self.expr(cx, *a, P_ASSIGN)).collect();
            return (format!("{helper}({})", parts.join(", ")), P_POSTFIX);
        }
        let pieces = parse_template(text);
        let mut out = String::new();
        for (k, p) in pieces.iter().enumerate() {
            match p {
                Piece::Text(t) => out.push_str(t),
                // `imageAtomicAdd($0, $1)`: a texel destination is the image and its coordinate.
                Piece::Arg(0) if form.flag("texel") => out.push_str(&self.texel_operands(cx, args[0], span)),
                Piece::Arg(i) => match args.get(*i) {
                    Some(a) => {
                        let min = if in_argument_slot(&pieces, k) { P_ASSIGN } else { P_POSTFIX };
                        out.push_str(&self.expr(cx, *a, min));
                    }
                    None => self.internal(span, &format!("`{}`'s template names a missing argument ${i}", intr.name)),
                },
                Piece::Bound => match bound {
                    Some(t) => out.push_str(&self.ty_at(t, span)),
                    None => self.internal(span, "a template uses $T but no generic type is bound"),
                },
                Piece::Ret => out.push_str(&self.ty_at(ret, span)),
                Piece::Mask => self.internal(span, "a [glsl] template names $M, the CUDA backend's lane mask"),
            }
        }
        if is_call_like(&out) || out.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            (out, P_POSTFIX)
        } else if text.starts_with('$') && text.contains(" = ") {
            // `$2 = atomicAdd($0, $1)`: an assignment, parenthesized only where one may not stand.
            (out, P_ASSIGN)
        } else if text.split("), ").all(|part| is_call_like(&format!("{part})")) || is_call_like(part)) {
            // `memoryBarrierShared(), barrier()`: a sequence of calls.
            (out, super::writer::P_COMMA)
        } else {
            (format!("({out})"), P_POSTFIX)
        }
    }

    /// A helper function whose body is the template over its parameters: each argument is
    /// evaluated once, where the call is. One per intrinsic and argument types (GLSL overloads).
    #[allow(clippy::too_many_arguments)]
    fn write_helper(
        &mut self,
        cx: &Ctx<'a>,
        intr: &Intrinsic,
        helper: &str,
        text: &str,
        args: &[ExprId],
        bound: Option<&Type>,
        ret: &Type,
        span: Span,
    ) {
        let arg_types: Vec<Type> = args.iter().map(|a| cx.f.exprs[*a].ty.clone()).collect();
        let spelled: Vec<String> = arg_types.iter().map(|t| self.ty_at(t, span)).collect();
        if !self.helpers_written.insert(format!("{helper}({})", spelled.join(", "))) {
            return;
        }
        let mut namer = Namer::new(super::is_reserved, std::iter::empty());
        let mut params = Vec::new();
        let mut names = Vec::new();
        for (i, t) in arg_types.iter().enumerate() {
            let decl = intr.params.get(i);
            let name = namer.name(decl.map(|p| p.name.as_str()).unwrap_or("arg"));
            let mode = match decl.map(|p| p.mode) {
                Some(ParamMode::Out) => "out ",
                Some(ParamMode::InOut) => "inout ",
                _ => "",
            };
            params.push(format!("{mode}{}", self.decl(t, &name, span)));
            names.push(name);
        }
        let mut body = String::new();
        for p in parse_template(text) {
            match p {
                Piece::Text(t) => body.push_str(t),
                Piece::Arg(i) => body.push_str(names.get(i).map(String::as_str).unwrap_or("0")),
                Piece::Bound => {
                    let b = bound.map(|t| self.ty_at(t, span)).unwrap_or_else(|| "int".into());
                    body.push_str(&b);
                }
                Piece::Ret => {
                    let r = self.ty_at(ret, span);
                    body.push_str(&r);
                }
                Piece::Mask => self.internal(span, "a [glsl] template names $M, the CUDA backend's lane mask"),
            }
        }
        let ret_name = self.ty_at(ret, span);
        if !self.helpers.is_empty() {
            self.helpers.push('\n');
        }
        let _ = writeln!(self.helpers, "{ret_name} {helper}({}) {{", params.join(", "));
        if *ret == Type::Void {
            let _ = writeln!(self.helpers, "    {body};");
        } else {
            let _ = writeln!(self.helpers, "    return {body};");
        }
        self.helpers.push_str("}\n");
    }
}
