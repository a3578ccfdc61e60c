//! Slang's `bit_cast<T>(value)`: the bytes of `value` read as a `T` of the same size, between
//! any scalars, vectors, matrices, arrays and structs of numbers.
//!
//! Both types are laid out as Slang lays them out for the cast, naturally (every value aligned
//! to its own size, `layout::Rule::D3dStructured`); the sizes must agree. A cast between 32-bit
//! types of one shape is `asuint`/`asint`/`asfloat`. Any other becomes a call of a function
//! sema writes once per pair of types, `wavec_bit_cast_<from>_<to>`, which builds each scalar
//! of `T` from the bits of the scalars of `value` it overlaps: each source scalar's bits as an
//! unsigned integer of its width (`asuint16`, `asuint`, `__double_as_uint64`), shifted into
//! place and or-ed, narrowed to the target scalar's width and read back as its type
//! (`asfloat16`, `asfloat`, `__uint64_as_double`). Every target then sees only those
//! same-width bit casts, integer conversions, shifts and constructors.

use super::*;
use crate::layout::Rule;

/// A scalar of a value in the cast's layout: its byte offset and type.
type Leaf = (u32, Scalar);

impl Checker {
    pub(super) fn bit_cast(
        &mut self,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
        name_span: Span,
    ) -> ExprId {
        let target = match generic_args {
            [ast::GenericArg::Type(t)] => self.resolve_type(t),
            [ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span })] => {
                self.resolve_type(&ast::TypeExpr {
                    kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] },
                    span: *span,
                })
            }
            _ => {
                self.error("E0403", name_span, "`bit_cast` takes one type argument: `bit_cast<T>(value)`");
                return self.error_expr(span);
            }
        };
        let [value] = args.as_slice() else {
            self.error("E0403", name_span, "`bit_cast<T>` takes one argument");
            return self.error_expr(span);
        };
        self.bit_cast_to(target, *value, span, name_span)
    }

    /// `bit_cast<target>(value)`.
    fn bit_cast_to(&mut self, target: Type, value: ExprId, span: Span, name_span: Span) -> ExprId {
        let from = self.ty(value);
        if target.is_error() || from.is_error() {
            return self.error_expr(span);
        }
        if from == target {
            return value;
        }
        // A pointer's bits are its address, a `uint64_t`: any other 8 bytes are cast through one.
        if from.is_pointer() || target.is_pointer() {
            let u64_ = Type::Scalar(Scalar::U64);
            let address = |t: &Type| t.is_pointer() || matches!(t, Type::Scalar(s) if s.is_int() && s.bits() == 64);
            if address(&from) && address(&target) {
                return self.convert_node(value, target);
            }
            if from.is_pointer() {
                let bits = self.convert_node(value, u64_);
                return self.bit_cast_to(target, bits, span, name_span);
            }
            let bits = self.bit_cast_to(u64_, value, span, name_span);
            return self.convert_node(bits, target);
        }
        let as32 = |t: &Type| t.is_numeric_like() && t.scalar().is_some_and(|s| s.bits() == 32 && s != Scalar::Bool);
        if as32(&from) && as32(&target) && from.with_scalar(Scalar::U32) == target.with_scalar(Scalar::U32) {
            let name = match target.scalar() {
                Some(Scalar::F32) => "asfloat",
                Some(Scalar::I32) => "asint",
                _ => "asuint",
            };
            return self.call_intrinsic(name, vec![value], span, name_span);
        }
        // Integers of one width and shape: a conversion keeps the bits.
        let int_of = |t: &Type| t.scalar().filter(|s| s.is_int()).map(|s| (s.bits(), t.with_scalar(Scalar::U32)));
        if matches!(from, Type::Scalar(_) | Type::Vector(..))
            && int_of(&from).is_some()
            && int_of(&from) == int_of(&target)
        {
            return self.convert_node(value, target);
        }
        let problem = match (self.castable(&from), self.castable(&target)) {
            (Err(why), _) | (_, Err(why)) => Some(why),
            (Ok(a), Ok(b)) if a != b => Some(format!("they differ in size ({a} and {b} bytes)")),
            _ => None,
        };
        if let Some(why) = problem {
            let msg = format!("`bit_cast` from `{}` to `{}`: {why}", self.type_name(&from), self.type_name(&target));
            let d = Diagnostic::error("E0405", msg)
                .with_label(span, "here")
                .with_note("`bit_cast` reads the bytes of numbers, vectors, matrices, arrays and structs of them as a type of the same size");
            self.push(d);
            return self.error_expr(span);
        }
        let function = self.bit_cast_function(&from, &target, span);
        if let Some(state) = self.cur.as_mut() {
            state.facts.calls.push((function, name_span));
        }
        self.add_expr(ExprKind::Call { function, args: vec![value] }, target, span)
    }

    /// Slang's `__floatAsInt(x)`: a float's bits as the signed integer of its width (`int16_t`,
    /// `int`, `int64_t`), folded when `x` is constant (usable in array sizes and `static const`s).
    pub(super) fn float_as_int(&mut self, args: Vec<ExprId>, span: Span, name_span: Span) -> ExprId {
        let [value] = args.as_slice() else {
            self.error("E0403", name_span, "`__floatAsInt` takes one argument");
            return self.error_expr(span);
        };
        let from = self.ty(*value);
        let Some(to) = from.scalar().filter(|s| s.is_float() && matches!(from, Type::Scalar(_))).map(float_as_int_type)
        else {
            if !from.is_error() {
                let msg =
                    format!("`__floatAsInt` takes a `half`, `float` or `double`, not `{}`", self.type_name(&from));
                self.error("E0405", span, msg);
            }
            return self.error_expr(span);
        };
        if let Some(ExprKind::Const(c)) = self.cur.as_ref().map(|s| &s.func.exprs[*value].kind) {
            if let Some(bits) = super::consts::float_bits_as_int(c, from.scalar().unwrap_or(Scalar::F32)) {
                return self.add_expr(ExprKind::Const(bits), Type::Scalar(to), span);
            }
        }
        let generic = [ast::GenericArg::Type(ast::TypeExpr {
            kind: ast::TypeExprKind::Named { name: to.hlsl_name().into(), args: vec![] },
            span,
        })];
        self.bit_cast(&generic, args, span, name_span)
    }

    /// The size of `ty` in a cast, or why it cannot be cast.
    fn castable(&self, ty: &Type) -> Result<u32, String> {
        let ok = match ty {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) => *s != Scalar::Bool,
            Type::Array(e, Some(_)) => self.castable(e).is_ok(),
            Type::Struct(h) => self.module.structs[*h].fields.iter().all(|f| self.castable(&f.ty).is_ok()),
            _ => false,
        };
        if !ok {
            return Err(format!("`{}` is not made of numbers only", self.type_name(ty)));
        }
        Ok(crate::layout::placement(&self.module, ty, Rule::D3dStructured, Majorness::Row).size)
    }

    /// The function that casts a `from` to a `to`, written on first use.
    fn bit_cast_function(&mut self, from: &Type, to: &Type, span: Span) -> FunctionId {
        let key = (from.clone(), to.clone());
        if let Some(id) = self.bit_casts.get(&key) {
            return *id;
        }
        // `uint[2]` is `uint_2`: GLSL reserves names with two underscores in a row.
        let word = |t: &Type| -> String {
            let name = self.module.type_name(t);
            name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join("_")
        };
        let name = format!("wavec_bit_cast_{}_{}", word(from), word(to));
        let (from, to) = (from.clone(), to.clone());
        let id =
            self.synthesized_function(name, vec![("value".into(), from.clone())], to.clone(), span, |c, params| {
                let value = c.add_expr(ExprKind::Local(params[0]), from.clone(), span);
                let mut sources = Vec::new();
                c.leaf_reads(value, &from, span, &mut sources);
                let mut source_leaves = Vec::new();
                crate::layout::components(&c.module, &from, Rule::D3dStructured, Majorness::Row, 0, &mut source_leaves);
                let bits: Vec<(Leaf, ExprId)> = source_leaves
                    .into_iter()
                    .zip(sources)
                    .map(|((at, s), e)| ((at, s), c.bits_of(e, s, span)))
                    .collect();
                let mut target_leaves = Vec::new();
                crate::layout::components(&c.module, &to, Rule::D3dStructured, Majorness::Row, 0, &mut target_leaves);
                let parts: Vec<ExprId> =
                    target_leaves.into_iter().map(|leaf| c.leaf_from_bits(leaf, &bits, span)).collect();
                let mut parts = parts.into_iter();
                c.build_from_leaves(&to, &mut parts, span)
            });
        self.bit_casts.insert(key, id);
        id
    }

    /// Reads of every scalar of `value` (of type `ty`), in the order the IR flattens values
    /// (`layout::components`' order).
    fn leaf_reads(&mut self, value: ExprId, ty: &Type, span: Span, out: &mut Vec<ExprId>) {
        match ty {
            Type::Scalar(_) => out.push(value),
            Type::Vector(s, n) => {
                for i in 0..*n {
                    out.push(self.add_expr(
                        ExprKind::Swizzle { base: value, components: vec![i] },
                        Type::Scalar(*s),
                        span,
                    ));
                }
            }
            Type::Matrix(s, r, c) => {
                for i in 0..*r {
                    let row = self.const_index(value, i as u64, Type::Vector(*s, *c), span);
                    self.leaf_reads(row, &Type::Vector(*s, *c), span, out);
                }
            }
            Type::Array(e, Some(n)) => {
                for i in 0..*n {
                    let elem = self.const_index(value, i as u64, (**e).clone(), span);
                    self.leaf_reads(elem, e, span, out);
                }
            }
            Type::Struct(h) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                for (i, f) in fields.iter().enumerate() {
                    let field = self.add_expr(ExprKind::Field { base: value, index: i as u32 }, f.clone(), span);
                    self.leaf_reads(field, f, span, out);
                }
            }
            _ => {}
        }
    }

    fn const_index(&mut self, base: ExprId, i: u64, ty: Type, span: Span) -> ExprId {
        let index = self.add_expr(ExprKind::Const(ConstValue::Uint(i)), Type::UINT, span);
        self.add_expr(ExprKind::Index { base, index }, ty, span)
    }

    /// A value of type `ty` built from its scalars, taken in flattening order.
    fn build_from_leaves(&mut self, ty: &Type, leaves: &mut impl Iterator<Item = ExprId>, span: Span) -> ExprId {
        match ty {
            Type::Scalar(_) => leaves.next().unwrap_or_else(|| self.error_expr(span)),
            Type::Vector(..) | Type::Matrix(..) => {
                let parts = (0..ty.element_count()).map_while(|_| leaves.next()).collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            Type::Array(e, Some(n)) => {
                let parts = (0..*n).map(|_| self.build_from_leaves(e, leaves, span)).collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            Type::Struct(h) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                let parts = fields.iter().map(|f| self.build_from_leaves(f, leaves, span)).collect();
                self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
            }
            _ => self.error_expr(span),
        }
    }

    /// The bits of scalar `e` of type `s` as the unsigned integer of its width.
    fn bits_of(&mut self, e: ExprId, s: Scalar, span: Span) -> ExprId {
        match s {
            Scalar::F16 => self.call_intrinsic("asuint16", vec![e], span, span),
            Scalar::F32 => self.call_intrinsic("asuint", vec![e], span, span),
            Scalar::F64 => self.call_intrinsic("__double_as_uint64", vec![e], span, span),
            s if s.is_substandard() => self.reinterpret_substandard(e, Type::Scalar(s.storage())),
            _ => self.converted(e, Type::Scalar(unsigned_of(s))),
        }
    }

    /// `e` converted to `ty` (itself when it has that type).
    fn converted(&mut self, e: ExprId, ty: Type) -> ExprId {
        if self.ty(e) == ty {
            e
        } else {
            self.convert_node(e, ty)
        }
    }

    /// The scalar `leaf` of the result, from the bits of the source scalars it overlaps.
    fn leaf_from_bits(&mut self, (at, s): Leaf, sources: &[(Leaf, ExprId)], span: Span) -> ExprId {
        let size = s.bits() / 8;
        let overlapping: Vec<(Leaf, ExprId)> =
            sources.iter().filter(|((p, q), _)| *p < at + size && at < p + q.bits() / 8).copied().collect();
        let unsigned = unsigned_of(s);
        let bits = match overlapping.as_slice() {
            [((p, q), e)] if *p == at && q.bits() == s.bits() => *e,
            _ => {
                // Gather in a word wide enough for every piece: 64 bits only where a 64-bit
                // value takes part, so targets without 64-bit integers never need them.
                let wide = if s.bits() == 64 || overlapping.iter().any(|((_, q), _)| q.bits() == 64) {
                    Scalar::U64
                } else {
                    Scalar::U32
                };
                let mut acc: Option<ExprId> = None;
                for ((p, _), e) in overlapping {
                    let w = self.converted(e, Type::Scalar(wide));
                    let (op, by) = if p >= at { (BinaryOp::Shl, p - at) } else { (BinaryOp::Shr, at - p) };
                    let piece = if by == 0 {
                        w
                    } else {
                        let amount =
                            self.add_expr(ExprKind::Const(ConstValue::Uint(by as u64 * 8)), Type::Scalar(wide), span);
                        self.add_expr(ExprKind::Binary(op, w, amount), Type::Scalar(wide), span)
                    };
                    acc = Some(match acc {
                        None => piece,
                        Some(a) => self.add_expr(ExprKind::Binary(BinaryOp::BitOr, a, piece), Type::Scalar(wide), span),
                    });
                }
                let acc = acc
                    .unwrap_or_else(|| self.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::Scalar(wide), span));
                self.converted(acc, Type::Scalar(unsigned))
            }
        };
        match s {
            Scalar::F16 => self.call_intrinsic("asfloat16", vec![bits], span, span),
            Scalar::F32 => self.call_intrinsic("asfloat", vec![bits], span, span),
            Scalar::F64 => self.call_intrinsic("__uint64_as_double", vec![bits], span, span),
            s if s.is_substandard() => self.reinterpret_substandard(bits, Type::Scalar(s)),
            _ => self.converted(bits, Type::Scalar(s)),
        }
    }
}

/// The signed integer type of a float's width.
pub(super) fn float_as_int_type(s: Scalar) -> Scalar {
    match s.bits() {
        16 => Scalar::I16,
        64 => Scalar::I64,
        _ => Scalar::I32,
    }
}

/// The unsigned integer type of a scalar's width.
fn unsigned_of(s: Scalar) -> Scalar {
    match s.bits() {
        8 => Scalar::U8,
        16 => Scalar::U16,
        64 => Scalar::U64,
        _ => Scalar::U32,
    }
}
