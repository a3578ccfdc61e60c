//! Intrinsic calls, from the stdlib's `[cuda("template", cond = value…)]` attributes (the
//! conditions of [`crate::back::template::form_applies`]; `arch = N` asks for sm_N, which the
//! prelude checks itself, so it is documentation here), and the methods of buffers.

use super::writer::{Ctx, Writer};
use crate::back::clike::expand_template;
use crate::back::precedence::{P_ASSIGN, P_COMMA, P_POSTFIX};
use crate::back::template::{form_applies, repeats_argument, Piece};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{Intrinsic, Lowering};

/// The native form of a call: the first `[cuda]` attribute whose conditions hold.
pub(super) fn native_form<'i>(intr: &'i Intrinsic, f: &Function, args: &[ExprId]) -> Option<&'i Lowering> {
    intr.lowerings_for("cuda").find(|form| form_applies(form, f, args, &|_| false))
}

/// What CUDA emits natively, for [`crate::lower::intrinsics`].
pub struct Natives;

impl crate::lower::intrinsics::Target for Natives {
    fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), Diagnostic> {
        if native_form(intr, f, args).is_some() {
            return Ok(());
        }
        let mut d = Diagnostic::error("E0640", format!("`{}` has no CUDA form for this call", intr.name));
        if intr.lowerings_for("cuda").next().is_some() {
            let first = args.first().map(|a| f.exprs[*a].ty.to_string()).unwrap_or_default();
            d = d.with_note(format!("CUDA has no form of it for `{first}`"));
        }
        Err(d)
    }
}

impl<'a> Writer<'a> {
    pub(super) fn intrinsic(
        &mut self,
        cx: &Ctx<'a>,
        span: Span,
        id: IntrinsicId,
        args: &[ExprId],
        bound: Option<&Type>,
        ret: &Type,
    ) -> (String, u8) {
        let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, id);
        let Some(text) = native_form(intr, cx.f, args).and_then(|form| form.string(0)) else {
            self.internal(span, &format!("`{}` reached the CUDA writer without a template", intr.name));
            return ("0".to_string(), P_POSTFIX);
        };
        // Every `[cuda]` template names each argument once (a device function does the rest).
        if repeats_argument(text) {
            self.internal(span, &format!("`{}`'s [cuda] template names an argument twice", intr.name));
        }
        let expanded = expand_template(text, &mut |p, min| match p {
            // An atomic's destination in a texture: the texel's word.
            Piece::Arg(i) if intr.params.get(*i).is_some_and(|q| q.mode != ParamMode::In) => {
                let a = *args.get(*i)?;
                self.texel_lvalue(cx, a, span).or_else(|| Some(self.expr(cx, a, min)))
            }
            Piece::Arg(i) => args.get(*i).map(|a| self.expr(cx, *a, min)),
            Piece::Bound => bound.map(|t| self.ty_at(t, span)),
            Piece::Mask => self.current_mask().map(String::from),
            _ => Some(self.ty_at(ret, span)),
        });
        expanded.unwrap_or_else(|e| {
            self.internal(span, &format!("`{}`: {e}", intr.name));
            ("0".to_string(), P_POSTFIX)
        })
    }

    pub(super) fn method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let obj_ty = cx.f.exprs[object].ty.clone();
        let Type::Resource(kind, _) = &obj_ty else {
            self.internal(span, "a method of a value that is not a resource");
            return ("0".into(), P_POSTFIX);
        };
        if kind.is_texture() {
            return self.texture_method(cx, object, method, args, ret, span);
        }
        let ExprKind::Global(g) = cx.f.exprs[object].kind else {
            self.refuse(span, "a method of a resource that is not a global (resources as values)");
            return ("0".into(), P_POSTFIX);
        };
        let name = self.global_access[g.index()].clone();
        let count = self.counts.get(&g.index()).cloned().unwrap_or_else(|| "0u".into());
        let counter = self.counters.get(&g.index()).cloned();
        let arg = |w: &mut Self, i: usize| w.expr(cx, args[i], P_ASSIGN);
        use ResourceKind::*;
        match (kind, method) {
            (StructuredBuffer | RWStructuredBuffer | Buffer | RWBuffer, ResourceMethod::Load(_)) => {
                let i = arg(self, 0);
                (format!("{name}[{i}]"), P_POSTFIX)
            }
            (
                StructuredBuffer
                | RWStructuredBuffer
                | AppendStructuredBuffer
                | ConsumeStructuredBuffer
                | Buffer
                | RWBuffer,
                ResourceMethod::GetDimensions,
            ) => {
                let mut parts = vec![format!("{} = {count}", arg(self, 0))];
                if args.len() > 1 {
                    let elem = match &obj_ty {
                        Type::Resource(_, Some(e)) => (**e).clone(),
                        _ => Type::UINT,
                    };
                    let stride =
                        crate::layout::array_stride(self.module, &elem, crate::layout::Rule::Scalar, Majorness::Column);
                    parts.push(format!("{} = {stride}u", arg(self, 1)));
                }
                (parts.join(", "), P_COMMA)
            }
            (
                RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer,
                ResourceMethod::IncrementCounter
                | ResourceMethod::DecrementCounter
                | ResourceMethod::Append
                | ResourceMethod::Consume,
            ) => {
                let Some(counter) = counter else {
                    self.internal(span, "a counter without a parameter");
                    return ("0".into(), P_POSTFIX);
                };
                // DXC's meaning: the old value after an increment, the new one after a decrement.
                match method {
                    ResourceMethod::IncrementCounter => (format!("atomicAdd({counter}, 1u)"), P_POSTFIX),
                    ResourceMethod::DecrementCounter => (format!("atomicSub({counter}, 1u) - 1u"), P_POSTFIX),
                    ResourceMethod::Append => {
                        let v = arg(self, 0);
                        (format!("{name}[atomicAdd({counter}, 1u)] = {v}"), P_ASSIGN)
                    }
                    _ => (format!("{name}[atomicSub({counter}, 1u) - 1u]"), P_POSTFIX),
                }
            }
            (ByteAddressBuffer | RWByteAddressBuffer, ResourceMethod::GetDimensions) => {
                let d = arg(self, 0);
                (format!("{d} = {count}"), P_ASSIGN)
            }
            (ByteAddressBuffer | RWByteAddressBuffer, ResourceMethod::Load(_)) => {
                let t = self.ty_at(ret, span);
                let a = arg(self, 0);
                (format!("wavec::load_bytes<{t}>({name}, {a})"), P_POSTFIX)
            }
            (RWByteAddressBuffer, ResourceMethod::Store(_)) => {
                let a = self.args(cx, args);
                (format!("wavec::store_bytes({name}, {a})"), P_POSTFIX)
            }
            (RWByteAddressBuffer, ResourceMethod::Interlocked(op)) => {
                let f = match op {
                    AtomicOp::Add => "InterlockedAdd",
                    AtomicOp::Min => "InterlockedMin",
                    AtomicOp::Max => "InterlockedMax",
                    AtomicOp::And => "InterlockedAnd",
                    AtomicOp::Or => "InterlockedOr",
                    AtomicOp::Xor => "InterlockedXor",
                    AtomicOp::Exchange => "InterlockedExchange",
                    AtomicOp::CompareExchange => "InterlockedCompareExchange",
                    AtomicOp::CompareStore => "InterlockedCompareStore",
                };
                let value_ty = args.get(1).map(|v| cx.f.exprs[*v].ty.clone()).unwrap_or(Type::UINT);
                let t = self.ty_at(&value_ty, span);
                let address = arg(self, 0);
                let rest: Vec<String> = (1..args.len()).map(|i| arg(self, i)).collect();
                (format!("wavec::{f}(wavec::word<{t}>({name}, {address}), {})", rest.join(", ")), P_POSTFIX)
            }
            _ => {
                self.refuse(span, &format!("a method of a `{}` (textures and samplers)", kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }
}
