//! Intrinsic calls, from the stdlib's `[metal("template", cond = value…)]` attributes (the
//! conditions of [`crate::back::template::form_applies`]), and the methods of buffers.

use super::writer::Writer;
use crate::back::clike::{expand_template, Ctx};
use crate::back::precedence::{P_ASSIGN, P_COMMA, P_POSTFIX};
use crate::back::template::{form_applies, repeats_argument, Piece};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{Intrinsic, Lowering};

/// The native form of a call: the first `[metal]` attribute whose conditions hold.
fn native_form<'i>(intr: &'i Intrinsic, f: &Function, args: &[ExprId]) -> Option<&'i Lowering> {
    intr.lowerings_for("metal").find(|form| form_applies(form, f, args, &|_| false))
}

/// Element types MSL's SIMD-group and atomic functions do not take.
fn wide(t: &Type) -> bool {
    matches!(t.scalar(), Some(Scalar::I64 | Scalar::U64 | Scalar::F64))
}

/// Whether `intr`'s Metal forms are SIMD-group or quad functions (or the prelude's around them).
fn simd_form(intr: &Intrinsic) -> bool {
    intr.lowerings_for("metal").filter_map(|l| l.string(0)).any(|t| {
        ["simd_", "quad_", "wavec::read_", "wavec::broadcast", "wavec::all_equal"].iter().any(|k| t.contains(k))
    })
}

/// What Metal emits natively, for [`crate::lower::intrinsics`].
pub struct Natives;

impl crate::lower::intrinsics::Target for Natives {
    fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), Diagnostic> {
        let first = args.first().map(|a| f.exprs[*a].ty.clone());
        if intr.name.starts_with("Interlocked") {
            if first.as_ref().is_none_or(|t| !matches!(t, Type::Scalar(Scalar::I32 | Scalar::U32))) {
                let t = first.map(|t| t.to_string()).unwrap_or_default();
                return Err(Diagnostic::error("E0663", format!("Metal has no `{}` on `{t}`", intr.name))
                    .with_note("MSL's atomics are 32-bit integers (`atomic_int`, `atomic_uint`)"));
            }
        } else if simd_form(intr) && first.as_ref().is_some_and(wide) {
            let t = first.map(|t| t.to_string()).unwrap_or_default();
            return Err(Diagnostic::error("E0661", format!("`{}` has no Metal form for `{t}`", intr.name))
                .with_note("MSL's SIMD-group functions take no 64-bit types"));
        }
        if native_form(intr, f, args).is_some() {
            return Ok(());
        }
        let mut d = Diagnostic::error("E0661", format!("`{}` has no Metal form for this call", intr.name));
        if intr.lowerings_for("metal").next().is_some() {
            let first = first.map(|t| t.to_string()).unwrap_or_default();
            d = d.with_note(format!("Metal has no form of it for `{first}`"));
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
            self.internal(span, &format!("`{}` reached the Metal writer without a template", intr.name));
            return ("0".to_string(), P_POSTFIX);
        };
        if repeats_argument(text) {
            self.internal(span, &format!("`{}`'s [metal] template names an argument twice", intr.name));
        }
        let interlocked = super::atomics::is_interlocked(self.stdlib, id);
        for (k, param) in intr.params.iter().enumerate() {
            if param.mode != ParamMode::In && !(interlocked && k == 0) {
                if let Some(a) = args.get(k) {
                    self.check_out_argument(cx, *a);
                }
            }
        }
        let expanded = expand_template(text, &mut |p, min| match p {
            // The target of an atomic: the atomic object itself, not a load of it.
            Piece::Arg(0) if interlocked => args.first().map(|a| self.atomic_lvalue(cx, *a)),
            Piece::Arg(i) => args.get(*i).map(|a| self.expr(cx, *a, min)),
            Piece::Bound => bound.map(|t| self.ty_at(t, span)),
            Piece::Ret => Some(self.ty_at(ret, span)),
            // Metal's SIMD functions act on the active lanes themselves: no mask to pass.
            Piece::Mask | Piece::Text(_) => None,
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
        let ExprKind::Global(g) = cx.f.exprs[object].kind else {
            self.refuse(span, "a method of a resource that is not a global (arrays of resources, resources as values)");
            return ("0".into(), P_POSTFIX);
        };
        let name = self.global_access[g.index()].clone();
        let count = self.counts.get(&g.index()).cloned().unwrap_or_else(|| "0u".into());
        let counter = self.counters.get(&g.index()).cloned();
        let atomic = self.atomic.contains(&g);
        let arg = |w: &mut Self, i: usize| w.expr(cx, args[i], P_ASSIGN);
        use ResourceKind::*;
        match (kind, method) {
            (StructuredBuffer | RWStructuredBuffer | Buffer | RWBuffer, ResourceMethod::Load(_)) => {
                let i = arg(self, 0);
                if atomic {
                    (format!("atomic_load_explicit(&{name}[{i}], memory_order_relaxed)"), P_POSTFIX)
                } else {
                    (format!("{name}[{i}]"), P_POSTFIX)
                }
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
                    self.internal(span, "a counter without an argument");
                    return ("0".into(), P_POSTFIX);
                };
                let add = format!("atomic_fetch_add_explicit({counter}, 1u, memory_order_relaxed)");
                let sub = format!("atomic_fetch_sub_explicit({counter}, 1u, memory_order_relaxed) - 1u");
                // DXC's meaning: the old value after an increment, the new one after a decrement.
                match method {
                    ResourceMethod::IncrementCounter => (add, P_POSTFIX),
                    ResourceMethod::DecrementCounter => (sub, crate::back::precedence::P_ADD),
                    ResourceMethod::Append => {
                        let v = arg(self, 0);
                        (format!("{name}[{add}] = {v}"), P_ASSIGN)
                    }
                    _ => (format!("{name}[{sub}]"), P_POSTFIX),
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
                // The word at the address, reinterpreted as an atomic object of the type of the
                // original value's variable (exact, an lvalue), else of the value's.
                let out_at = match op {
                    AtomicOp::CompareExchange => Some(3),
                    AtomicOp::CompareStore => None,
                    _ => Some(2),
                };
                let typed_by = out_at.and_then(|i| args.get(i)).or(args.get(1));
                let value_ty = typed_by.map(|v| cx.f.exprs[*v].ty.clone()).unwrap_or(Type::UINT);
                let word = match value_ty {
                    Type::Scalar(Scalar::U32) => "word_uint",
                    Type::Scalar(Scalar::I32) => "word_int",
                    _ => {
                        let t = value_ty.to_string();
                        self.refuse_code(
                            "E0663",
                            span,
                            &format!("an atomic of `{t}` on a byte-address buffer (MSL's atomics are 32-bit integers)"),
                        );
                        return ("0".into(), P_POSTFIX);
                    }
                };
                if let Some(a) = out_at.and_then(|i| args.get(i)) {
                    self.check_out_argument(cx, *a);
                }
                let address = arg(self, 0);
                let object = format!("wavec::{word}({name}, {address})");
                let rest: Vec<String> = (1..args.len()).map(|i| arg(self, i)).collect();
                let f = match op {
                    AtomicOp::Add => "atomic_fetch_add_explicit",
                    AtomicOp::Min => "atomic_fetch_min_explicit",
                    AtomicOp::Max => "atomic_fetch_max_explicit",
                    AtomicOp::And => "atomic_fetch_and_explicit",
                    AtomicOp::Or => "atomic_fetch_or_explicit",
                    AtomicOp::Xor => "atomic_fetch_xor_explicit",
                    AtomicOp::Exchange => "atomic_exchange_explicit",
                    AtomicOp::CompareExchange => {
                        return (format!("wavec::compare_exchange({object}, {})", rest.join(", ")), P_POSTFIX)
                    }
                    AtomicOp::CompareStore => {
                        return (format!("wavec::compare_store({object}, {})", rest.join(", ")), P_POSTFIX)
                    }
                };
                let call =
                    format!("{f}({object}, {}, memory_order_relaxed)", rest.first().cloned().unwrap_or_default());
                match rest.get(1) {
                    Some(original) => (format!("{original} = {call}"), P_ASSIGN),
                    None => (call, P_POSTFIX),
                }
            }
            _ if kind.is_texture() => self.texture_method(cx, object, method, args, ret, span),
            _ => {
                self.refuse(span, &format!("`{method:?}` of a `{}`", kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }
}
