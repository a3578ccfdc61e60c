//! Expressions as MSL: native vectors, swizzles and `select`; matrices stored transposed (see
//! the module documentation); atomic locations read and written with explicit atomics.

use super::writer::{scalar_literal, Writer};
use crate::back::clike::Ctx;
use crate::back::precedence::{P_ASSIGN, P_COMMA, P_COND, P_LOR, P_POSTFIX, P_PREFIX};
use crate::ir::*;
use crate::span::Span;

const LANES: [char; 4] = ['x', 'y', 'z', 'w'];

/// Components of a scalar or vector.
fn width(t: &Type) -> usize {
    match t {
        Type::Vector(_, n) => *n as usize,
        _ => 1,
    }
}

fn lanes(components: &[u8]) -> String {
    components.iter().map(|c| LANES[(*c as usize).min(3)]).collect()
}

impl<'a> Writer<'a> {
    fn sub(&mut self, cx: &Ctx<'a>, e: ExprId, min: u8) -> String {
        let (s, p) = self.expr_prec(cx, e);
        if p < min {
            format!("({s})")
        } else {
            s
        }
    }

    pub fn expr(&mut self, cx: &Ctx<'a>, e: ExprId, min: u8) -> String {
        self.sub(cx, e, min)
    }

    pub fn args(&mut self, cx: &Ctx<'a>, args: &[ExprId]) -> String {
        let parts: Vec<String> = args.iter().map(|a| self.expr(cx, *a, P_ASSIGN)).collect();
        parts.join(", ")
    }

    fn postfix_base(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        if matches!(cx.f.exprs[e].kind, ExprKind::Const(_)) {
            let (s, _) = self.expr_prec(cx, e);
            return format!("({s})");
        }
        self.sub(cx, e, P_POSTFIX)
    }

    /// The atomic global that `e` names as a whole location (`Buf[i]`, `shared[i]`, `shared`).
    pub(super) fn atomic_location(&self, cx: &Ctx<'a>, e: ExprId) -> Option<GlobalId> {
        super::atomics::atomic_root(self.module, cx.f, e).filter(|g| self.atomic.contains(g))
    }

    /// An atomic location as an lvalue of atomic type (for `&` in an atomic function).
    pub(super) fn atomic_lvalue(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        match &cx.f.exprs[e].kind {
            ExprKind::Index { base, index } => {
                let b = self.postfix_base(cx, *base);
                let i = self.expr(cx, *index, 0);
                format!("{b}[{i}]")
            }
            ExprKind::Global(g) => self.global_access[g.index()].clone(),
            // Not an atomic location (already refused, or an atomic's non-atomic target).
            _ => self.sub(cx, e, P_POSTFIX),
        }
    }

    /// Expression `e` converted to type `to` (MSL converts vectors only explicitly).
    pub(super) fn convert_to(&mut self, cx: &Ctx<'a>, e: ExprId, to: &Type, span: Span) -> String {
        let from = cx.f.exprs[e].ty.clone();
        if &from == to {
            return self.expr(cx, e, P_ASSIGN);
        }
        let t = self.ty_at(to, span);
        match (&from, to) {
            (Type::Scalar(_), Type::Scalar(_)) | (Type::Vector(..), Type::Vector(..)) => {
                let (fs, ts) = (width(&from), width(to));
                if fs == ts {
                    let s = self.expr(cx, e, P_ASSIGN);
                    format!("{t}({s})")
                } else {
                    let b = self.postfix_base(cx, e);
                    format!("{t}({b}.{})", &"xyzw"[..ts.max(1)])
                }
            }
            (Type::Scalar(s), Type::Vector(ts, _)) => {
                let v = self.expr(cx, e, P_ASSIGN);
                if s == ts {
                    format!("{t}({v})")
                } else {
                    let st = self.ty_at(&Type::Scalar(*ts), span);
                    format!("{t}({st}({v}))")
                }
            }
            (Type::Vector(..), Type::Scalar(_)) => {
                let b = self.postfix_base(cx, e);
                format!("{t}({b}.x)")
            }
            (Type::Scalar(_), Type::Matrix(..)) => {
                let v = self.expr(cx, e, P_ASSIGN);
                format!("wavec::splat<{t}>({v})")
            }
            (Type::Matrix(_, r, c), Type::Matrix(_, r2, c2)) if r == r2 && c == c2 => {
                let s = self.expr(cx, e, P_ASSIGN);
                format!("{t}({s})")
            }
            (Type::Matrix(fs, r, c), Type::Matrix(ts, r2, c2)) if r2 <= r && c2 <= c => {
                let s = self.expr(cx, e, P_ASSIGN);
                let elem = self.ty_at(&Type::Scalar(*fs), span);
                let cut = format!("wavec::truncate<{elem}, {r2}, {c2}>({s})");
                if fs == ts {
                    cut
                } else {
                    format!("{t}({cut})")
                }
            }
            _ => {
                self.refuse(
                    span,
                    &format!("a conversion from `{}` to `{}`", self.module.type_name(&from), self.module.type_name(to)),
                );
                "0".into()
            }
        }
    }

    pub(super) fn expr_prec(&mut self, cx: &Ctx<'a>, id: ExprId) -> (String, u8) {
        let f = cx.f;
        let expr = &f.exprs[id];
        let span = expr.span;
        if let Some(g) = self.atomic_location(cx, id) {
            let _ = g;
            let l = self.atomic_lvalue(cx, id);
            return (format!("atomic_load_explicit(&{l}, memory_order_relaxed)"), P_POSTFIX);
        }
        match &expr.kind {
            ExprKind::SpirvAsm(_) => unreachable!("lower::spirv_asm refuses inline SPIR-V before this backend"),
            // Metal has no print: the arguments are evaluated for their effects, and nothing is
            // printed (the driver warns, W0620).
            ExprKind::Printf { args, .. } => {
                let a = self.args(cx, args);
                (if a.is_empty() { "(void)0".to_string() } else { format!("(void)({a})") }, P_POSTFIX)
            }
            ExprKind::Const(v) => self.constant(v, &expr.ty, span),
            ExprKind::Local(l) => (cx.names[l.index()].clone(), P_POSTFIX),
            ExprKind::Global(g) => (self.global_access[g.index()].clone(), P_POSTFIX),
            ExprKind::Unary(op, a) => {
                let sym = match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::Not => "!",
                    UnaryOp::BitNot => "~",
                };
                let s = self.sub(cx, *a, P_PREFIX);
                // `-x` of a narrow integer is an `int` in C++: the cast keeps HLSL's type.
                if matches!(expr.ty, Type::Scalar(s) if s.bits() < 32 && s != Scalar::Bool && !s.is_float()) {
                    let t = self.ty_at(&expr.ty, span);
                    return (format!("{t}({sym}{s})"), P_POSTFIX);
                }
                (format!("{sym}{s}"), P_PREFIX)
            }
            ExprKind::Binary(op, l, r) => self.binary(cx, *op, *l, *r, &expr.ty, span),
            ExprKind::Select { cond, then, els } => {
                if matches!(f.exprs[*cond].ty, Type::Vector(..)) {
                    let a = self.args(cx, &[*els, *then, *cond]);
                    (format!("select({a})"), P_POSTFIX)
                } else {
                    let c = self.sub(cx, *cond, P_LOR);
                    let t = self.sub(cx, *then, P_ASSIGN);
                    let e = self.sub(cx, *els, P_COND);
                    (format!("{c} ? {t} : {e}"), P_COND)
                }
            }
            ExprKind::Convert(a) => match &expr.ty {
                Type::Struct(_) | Type::Array(..) => {
                    let t = self.ty_at(&expr.ty, span);
                    (format!("{t}{{}}"), P_POSTFIX)
                }
                to => (self.convert_to(cx, *a, to, span), P_POSTFIX),
            },
            ExprKind::Construct(parts) => self.construct(cx, parts, &expr.ty, span),
            ExprKind::Swizzle { base, components } => {
                let base_ty = f.exprs[*base].ty.clone();
                match &base_ty {
                    Type::Matrix(s, _, cols) => {
                        let b = self.postfix_base(cx, *base);
                        let cols = (*cols).max(1);
                        let parts: Vec<String> =
                            components.iter().map(|c| format!("{b}[{}][{}]", c / cols, c % cols)).collect();
                        if parts.len() == 1 {
                            (parts[0].clone(), P_POSTFIX)
                        } else {
                            let t = self.ty_at(&Type::Vector(*s, parts.len() as u8), span);
                            (format!("{t}({})", parts.join(", ")), P_POSTFIX)
                        }
                    }
                    Type::Scalar(_) if components.len() == 1 => self.expr_prec(cx, *base),
                    Type::Scalar(_) => {
                        let t = self.ty_at(&expr.ty, span);
                        let b = self.expr(cx, *base, P_ASSIGN);
                        (format!("{t}({b})"), P_POSTFIX)
                    }
                    _ => {
                        let b = self.postfix_base(cx, *base);
                        (format!("{b}.{}", lanes(components)), P_POSTFIX)
                    }
                }
            }
            ExprKind::Field { base, index } => {
                let b = self.postfix_base(cx, *base);
                let field = f.exprs[*base]
                    .ty
                    .field_struct()
                    .and_then(|s| self.field_names[s.index()].get(*index as usize).cloned());
                let field = field.unwrap_or_else(|| {
                    self.internal(span, "field access on a value that is not a struct");
                    format!("field{index}")
                });
                (format!("{b}.{field}"), P_POSTFIX)
            }
            ExprKind::Index { base, index } => {
                if let Type::Resource(kind, _) = &f.exprs[*base].ty {
                    if kind.is_texture() {
                        return self.texel_read(cx, *base, *index, &expr.ty, span);
                    }
                }
                let b = self.postfix_base(cx, *base);
                let i = self.expr(cx, *index, 0);
                (format!("{b}[{i}]"), P_POSTFIX)
            }
            ExprKind::Call { function, args } => {
                let callee = &self.module.functions[*function];
                for (k, a) in args.iter().enumerate() {
                    let mode = callee.params.get(k).and_then(|p| callee.locals[*p].param);
                    if matches!(mode, Some(ParamMode::Out | ParamMode::InOut)) {
                        self.check_out_argument(cx, *a);
                    }
                }
                let mut a = self.args(cx, args);
                if self.takes_state[function.index()] {
                    a = if a.is_empty() { "state".into() } else { format!("state, {a}") };
                }
                (format!("{}({a})", self.function_names[function.index()]), P_POSTFIX)
            }
            ExprKind::Intrinsic { id, args, bound } => self.intrinsic(cx, span, *id, args, bound.as_deref(), &expr.ty),
            ExprKind::Method { object, method, args } => self.method(cx, *object, *method, args, &expr.ty, span),
            ExprKind::Assign { op, target, value } => {
                if self.atomic_location(cx, *target).is_some() {
                    if op.is_some() {
                        self.refuse_code(
                            "E0664",
                            span,
                            "a compound assignment to an atomic location (use `Interlocked*`)",
                        );
                    }
                    let t = self.atomic_lvalue(cx, *target);
                    let v = self.expr(cx, *value, P_ASSIGN);
                    return (format!("atomic_store_explicit(&{t}, {v}, memory_order_relaxed)"), P_POSTFIX);
                }
                if let ExprKind::Index { base, .. } = f.exprs[*target].kind {
                    if matches!(&f.exprs[base].ty, Type::Resource(kind, _) if kind.is_texture()) {
                        return self.texel_write(cx, *target, *op, *value, span);
                    }
                }
                let tt = f.exprs[*target].ty.clone();
                let t = self.sub(cx, *target, P_PREFIX);
                match op {
                    Some(o) if self.needs_function(*o, &tt, &f.exprs[*value].ty) => {
                        let (v, _) = self.binary(cx, *o, *target, *value, &tt, span);
                        (format!("{t} = {v}"), P_ASSIGN)
                    }
                    _ => {
                        let v = self.sub(cx, *value, P_ASSIGN);
                        let op = op.map(|o| o.symbol()).unwrap_or("");
                        (format!("{t} {op}= {v}"), P_ASSIGN)
                    }
                }
            }
            ExprKind::IncDec { op, target } => {
                if self.atomic_location(cx, *target).is_some() {
                    self.refuse_code("E0664", span, "`++`/`--` of an atomic location (use `InterlockedAdd`)");
                }
                let (sym, prefix) = match op {
                    IncDec::PreInc => ("++", true),
                    IncDec::PreDec => ("--", true),
                    IncDec::PostInc => ("++", false),
                    IncDec::PostDec => ("--", false),
                };
                if prefix {
                    let t = self.sub(cx, *target, P_PREFIX);
                    (format!("{sym}{t}"), P_PREFIX)
                } else {
                    let t = self.sub(cx, *target, P_POSTFIX);
                    (format!("{t}{sym}"), P_POSTFIX)
                }
            }
            ExprKind::Comma(a, b) => {
                let a = self.sub(cx, *a, P_COMMA);
                let b = self.sub(cx, *b, P_ASSIGN);
                (format!("{a}, {b}"), P_COMMA)
            }
            ExprKind::Deref(_) | ExprKind::AddressOf(_) => {
                unreachable!("lower::pointers refuses pointers before this backend")
            }
            ExprKind::GroupWave(v) => {
                let name = match v {
                    GroupWaveValue::Index => "state.simd_group",
                    GroupWaveValue::Count => "state.simd_groups",
                };
                (name.to_string(), P_POSTFIX)
            }
        }
    }

    /// An `out`/`inout` argument binds a `thread T&`: it must live in thread memory (a local or a
    /// `static`), and a vector's components must be one.
    pub(super) fn check_out_argument(&mut self, cx: &Ctx<'a>, e: ExprId) {
        let f = cx.f;
        if self.atomic_location(cx, e).is_some() {
            self.refuse_code("E0664", f.exprs[e].span, "an atomic location passed as `out` or `inout`");
            return;
        }
        let mut at = e;
        loop {
            match &f.exprs[at].kind {
                ExprKind::Swizzle { base, components } => {
                    if components.len() > 1 {
                        break self.refuse(f.exprs[e].span, "several components of a vector as one `out` argument");
                    }
                    at = *base;
                }
                ExprKind::Index { base, .. } | ExprKind::Field { base, .. } => at = *base,
                ExprKind::Local(_) => break,
                ExprKind::Global(g) if self.module.globals[*g].space == AddressSpace::Private => break,
                _ => {
                    break self.refuse(
                        f.exprs[e].span,
                        "an `out` argument outside thread memory (copy it to a local variable first)",
                    )
                }
            }
        }
    }

    fn construct(&mut self, cx: &Ctx<'a>, parts: &[ExprId], ty: &Type, span: Span) -> (String, u8) {
        let f = cx.f;
        if let [part] = parts {
            if &f.exprs[*part].ty == ty {
                return self.expr_prec(cx, *part);
            }
        }
        let t = self.ty_at(ty, span);
        match ty {
            Type::Vector(s, _) => {
                let parts: Vec<String> = parts
                    .iter()
                    .map(|p| {
                        let pt = f.exprs[*p].ty.clone();
                        let want = match &pt {
                            Type::Vector(_, n) => Type::Vector(*s, *n),
                            _ => Type::Scalar(*s),
                        };
                        self.convert_to(cx, *p, &want, span)
                    })
                    .collect();
                (format!("{t}({})", parts.join(", ")), P_POSTFIX)
            }
            Type::Matrix(s, r, c) => {
                let row = Type::Vector(*s, *c);
                let rt = self.ty_at(&row, span);
                let all_scalars = parts.iter().all(|p| matches!(f.exprs[*p].ty, Type::Scalar(_)));
                let all_rows = parts.iter().all(|p| matches!(f.exprs[*p].ty, Type::Vector(_, n) if n == *c));
                if all_scalars && parts.len() == (*r as usize) * (*c as usize) {
                    let scalar = Type::Scalar(*s);
                    let rows: Vec<String> = parts
                        .chunks((*c).max(1) as usize)
                        .map(|chunk| {
                            let e: Vec<String> = chunk.iter().map(|p| self.convert_to(cx, *p, &scalar, span)).collect();
                            format!("{rt}({})", e.join(", "))
                        })
                        .collect();
                    (format!("{t}({})", rows.join(", ")), P_POSTFIX)
                } else if all_rows && parts.len() == *r as usize {
                    let rows: Vec<String> = parts.iter().map(|p| self.convert_to(cx, *p, &row, span)).collect();
                    (format!("{t}({})", rows.join(", ")), P_POSTFIX)
                } else {
                    self.refuse(span, "a matrix built from a mix of vectors and scalars");
                    ("0".into(), P_POSTFIX)
                }
            }
            _ => {
                let a = self.args(cx, parts);
                (format!("{t}{{{a}}}"), P_POSTFIX)
            }
        }
    }

    /// Whether `a op= b` must be written `a = a op b` (MSL has no operator of HLSL's meaning).
    fn needs_function(&self, op: BinaryOp, a: &Type, b: &Type) -> bool {
        let float_rem = op == BinaryOp::Rem && a.scalar().is_some_and(Scalar::is_float);
        let shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr);
        let bool_bits = a.scalar() == Some(Scalar::Bool) && op.is_bitwise();
        let matrices =
            matches!((a, b), (Type::Matrix(..), Type::Matrix(..))) && matches!(op, BinaryOp::Mul | BinaryOp::Div);
        float_rem || shift || bool_bits || matrices
    }

    fn binary(&mut self, cx: &Ctx<'a>, op: BinaryOp, l: ExprId, r: ExprId, ty: &Type, span: Span) -> (String, u8) {
        let f = cx.f;
        let lt = f.exprs[l].ty.clone();
        let rt = f.exprs[r].ty.clone();
        let vector =
            matches!(lt, Type::Vector(..) | Type::Matrix(..)) || matches!(rt, Type::Vector(..) | Type::Matrix(..));
        if op.is_logical() && vector {
            let name = if op == BinaryOp::LogicAnd { "logic_and" } else { "logic_or" };
            let a = self.args(cx, &[l, r]);
            return (format!("wavec::{name}({a})"), P_POSTFIX);
        }
        if let (Type::Matrix(..), Type::Matrix(..)) = (&lt, &rt) {
            let name = match op {
                BinaryOp::Mul => Some("mat_mul"),
                BinaryOp::Div => Some("mat_div"),
                BinaryOp::Add | BinaryOp::Sub => None,
                _ => {
                    self.refuse(span, &format!("`{}` of two matrices", op.symbol()));
                    return ("0".into(), P_POSTFIX);
                }
            };
            if let Some(name) = name {
                let a = self.args(cx, &[l, r]);
                return (format!("wavec::{name}({a})"), P_POSTFIX);
            }
        }
        if op == BinaryOp::Rem && ty.scalar().is_some_and(Scalar::is_float) {
            let a = self.args(cx, &[l, r]);
            return (format!("fmod({a})"), P_POSTFIX);
        }
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            let name = if op == BinaryOp::Shl { "shl" } else { "shr" };
            let count_ok = f
                .const_value(r)
                .and_then(|v| v.as_u64())
                .is_some_and(|c| c < lt.scalar().map(Scalar::bits).unwrap_or(32) as u64);
            if !count_ok || vector {
                let a = self.expr(cx, l, P_ASSIGN);
                let b = self.convert_to(cx, r, &lt, span);
                return (format!("wavec::{name}({a}, {b})"), P_POSTFIX);
            }
        }
        let (text, p) = crate::back::clike::infix(f, op, l, r, &mut |e, min| self.sub(cx, e, min));
        // C++ computes narrow integers and bools as `int`: the conversion keeps HLSL's type.
        if let Type::Scalar(s) = ty {
            if (s.bits() < 32 && !s.is_float()) || (*s == Scalar::Bool && op.is_bitwise()) {
                let t = self.ty_at(ty, span);
                return (format!("{t}({text})"), P_POSTFIX);
            }
        }
        (text, p)
    }

    fn constant(&mut self, v: &ConstValue, ty: &Type, span: Span) -> (String, u8) {
        match ty {
            Type::Scalar(s) => scalar_literal(v, *s),
            _ => (self.const_value(v, ty, span), P_POSTFIX),
        }
    }
}
