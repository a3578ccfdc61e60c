//! `Load<T>` and `Store<T>` of byte-address buffers for the targets whose byte-address buffer
//! is an array of 32-bit words (GLSL, WGSL): a value of any other type (`half`, 8-, 16- and
//! 64-bit numbers, `bool`, and structs, arrays and matrices of anything) becomes a call of a
//! function that reads or writes it word by word, each component at the offset
//! [`layout::packed_components`] gives it, as the SPIR-V writer places it.
//!
//! - A 32-bit component is the target's own word access; a `bool` is a word that is not zero.
//! - A 64-bit component is two words, low first (a `double` through `__double_from_bits`).
//! - An 8- or 16-bit component is the bits of its word at its byte: a read shifts them out, a
//!   write clears them with an atomic AND and sets them with an atomic OR, so that threads
//!   writing the other bytes of a word at the same time keep theirs (`half` through
//!   `f16tof32`/`f32tof16`).
//!
//! One function per buffer type and value type, taking the buffer as a parameter (the targets'
//! resource-parameter pass resolves it to the buffer each call names).

use crate::ir::{
    AtomicOp, BinaryOp, Block, ConstValue, Expr, ExprId, ExprKind, Function, FunctionId, GlobalId, IntrinsicId, Local,
    LocalId, Module, ParamMode, ResourceKind, ResourceMethod, Scalar, Stmt, Type,
};
use crate::layout;
use crate::span::Span;
use std::borrow::Cow;

/// Whether the targets' own word access serves a value of `ty`.
fn is_word_value(ty: &Type) -> bool {
    match ty {
        Type::Scalar(s) | Type::Vector(s, _) => s.bits() == 32 && *s != Scalar::Bool,
        _ => false,
    }
}

/// Rewrites every byte-address `Load<T>`/`Store<T>` of a non-word `T` in `module`.
pub fn byte_address_words(module: &mut Cow<Module>) {
    let byte_address = |_: &Module, f: &Function, object: ExprId| matches!(&f.exprs[object].ty, Type::Resource(k, _) if k.is_byte_address());
    let wanted = module.functions.iter().any(|(_, f)| {
        f.exprs.iter().any(|(_, e)| match &e.kind {
            ExprKind::Method { object, method: ResourceMethod::Load(_), .. } => {
                byte_address(module, f, *object) && !is_word_value(&e.ty)
            }
            ExprKind::Method { object, method: ResourceMethod::Store(_), args } => {
                byte_address(module, f, *object) && args.get(1).is_some_and(|v| !is_word_value(&f.exprs[*v].ty))
            }
            _ => false,
        })
    });
    if !wanted {
        return;
    }
    let m = module.to_mut();
    let mut made: Vec<(bool, Type, Type, FunctionId)> = Vec::new();
    let handles: Vec<FunctionId> = m.functions.iter().map(|(h, _)| h).collect();
    for h in handles {
        let ids: Vec<ExprId> = m.functions[h].exprs.iter().map(|(id, _)| id).collect();
        let mut changed = false;
        for id in ids {
            let f = &m.functions[h];
            let e = &f.exprs[id];
            let ExprKind::Method { object, method, args } = &e.kind else { continue };
            let (object, args) = (*object, args.clone());
            if !byte_address(m, f, object) {
                continue;
            }
            let buffer = f.exprs[object].ty.clone();
            let (store, value) = match method {
                ResourceMethod::Load(_) if !is_word_value(&e.ty) => (false, e.ty.clone()),
                ResourceMethod::Store(_) if args.len() == 2 && !is_word_value(&f.exprs[args[1]].ty) => {
                    (true, f.exprs[args[1]].ty.clone())
                }
                _ => continue,
            };
            let span = e.span;
            let function = match made.iter().find(|(s, b, v, _)| *s == store && *b == buffer && *v == value) {
                Some((.., f)) => *f,
                None => {
                    let f = if store {
                        storer(m, &buffer, &value, made.len(), span)
                    } else {
                        loader(m, &buffer, &value, made.len(), span)
                    };
                    let f = m.functions.append(f);
                    made.push((store, buffer, value, f));
                    f
                }
            };
            let mut call_args = vec![object];
            call_args.extend(args);
            m.functions[h].exprs[id].kind = ExprKind::Call { function, args: call_args };
            changed = true;
        }
        if changed {
            let f = &mut m.functions[h];
            f.uses = f.gather_uses();
        }
    }
    m.order_callees_first();
}

/// A function being built: its arena and the handful of expression forms the bodies use.
pub(super) struct Builder {
    pub(super) f: Function,
    span: Span,
}

/// Where a loader's words come from: a byte-address buffer parameter, or a uniform block's
/// `uint4` array global ([`super::uniform_words`]), word `a / 4` being component `a / 4 % 4`
/// of element `a / 16`.
#[derive(Clone, Copy)]
pub(super) enum Words {
    Buffer(LocalId),
    /// The global and its length in `uint4`s.
    Uniform(GlobalId, u32),
}

impl Builder {
    pub(super) fn new(name: String, ret: Type, span: Span) -> Builder {
        let mut f = Function::placeholder();
        f.name = name;
        f.ret = ret;
        f.span = span;
        Builder { f, span }
    }

    pub(super) fn param(&mut self, name: &str, ty: Type) -> LocalId {
        let l = self.f.locals.append(Local::param(name, ty, ParamMode::In, self.span));
        self.f.params.push(l);
        l
    }

    pub(super) fn add(&mut self, kind: ExprKind, ty: Type) -> ExprId {
        self.f.exprs.append(Expr { kind, ty, span: self.span })
    }

    fn local(&mut self, l: LocalId) -> ExprId {
        let ty = self.f.locals[l].ty.clone();
        self.add(ExprKind::Local(l), ty)
    }

    fn uint(&mut self, v: u64) -> ExprId {
        self.add(ExprKind::Const(ConstValue::Uint(v)), Type::UINT)
    }

    fn binary(&mut self, op: BinaryOp, a: ExprId, b: ExprId) -> ExprId {
        let ty = self.f.exprs[a].ty.clone();
        self.add(ExprKind::Binary(op, a, b), ty)
    }

    fn convert(&mut self, a: ExprId, to: Scalar) -> ExprId {
        if self.f.exprs[a].ty == Type::Scalar(to) {
            return a;
        }
        self.add(ExprKind::Convert(a), Type::Scalar(to))
    }

    fn intrinsic(&mut self, name: &str, args: Vec<ExprId>, ret: Type) -> ExprId {
        let lib = crate::stdlib::Stdlib::get();
        let id = lib.find(name).unwrap_or_else(|| panic!("the stdlib declares `{name}`"));
        self.add(ExprKind::Intrinsic { id: IntrinsicId(id as u32), args, bound: None }, ret)
    }

    /// `address + offset` (the address itself at offset 0).
    fn at(&mut self, address: LocalId, offset: u32) -> ExprId {
        let a = self.local(address);
        if offset == 0 {
            return a;
        }
        let o = self.uint(offset as u64);
        self.binary(BinaryOp::Add, a, o)
    }

    /// The word at byte `address` (a multiple of 4) of `words`.
    fn word(&mut self, words: Words, address: ExprId) -> ExprId {
        match words {
            Words::Buffer(buffer) => {
                let object = self.local(buffer);
                self.add(ExprKind::Method { object, method: ResourceMethod::Load(1), args: vec![address] }, Type::UINT)
            }
            Words::Uniform(g, n) => {
                let ty = self.f.exprs[address].ty.clone();
                let array = Type::Array(Box::new(Type::Vector(Scalar::U32, 4)), Some(n));
                let base = self.add(ExprKind::Global(g), array);
                let four = self.uint(4);
                let element = self.add(ExprKind::Binary(BinaryOp::Shr, address, four), ty);
                let row = self.add(ExprKind::Index { base, index: element }, Type::Vector(Scalar::U32, 4));
                let address = self.copy_address(address);
                let two = self.uint(2);
                let word = self.binary(BinaryOp::Shr, address, two);
                let three = self.uint(3);
                let component = self.binary(BinaryOp::BitAnd, word, three);
                self.add(ExprKind::Index { base: row, index: component }, Type::UINT)
            }
        }
    }

    /// A second expression computing what `address` does: the IR is a tree, so an expression
    /// used twice is built twice (addresses are built of locals and constants only).
    fn copy_address(&mut self, address: ExprId) -> ExprId {
        let e = self.f.exprs[address].clone();
        let kind = match e.kind {
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.copy_address(a), self.copy_address(b));
                ExprKind::Binary(op, a, b)
            }
            kind => kind,
        };
        self.add(kind, e.ty)
    }

    /// `buffer.Interlocked{op}(address, value)`, its original value unread.
    fn atomic(&mut self, buffer: LocalId, op: AtomicOp, address: ExprId, value: ExprId) -> Stmt {
        let object = self.local(buffer);
        let method = ResourceMethod::Interlocked(op);
        Stmt::Expr(self.add(ExprKind::Method { object, method, args: vec![address, value] }, Type::Void))
    }

    /// Where in its word the `bits`-bit value at `address` lies: the word's address and the
    /// shift of the value's lowest bit.
    fn sub_word(&mut self, address: LocalId, offset: u32, bits: u32) -> (ExprId, ExprId) {
        let a = self.at(address, offset);
        let keep = self.uint(!3u32 as u64);
        let word = self.binary(BinaryOp::BitAnd, a, keep);
        let a = self.at(address, offset);
        let byte_mask = self.uint(if bits == 8 { 3 } else { 2 });
        let byte = self.binary(BinaryOp::BitAnd, a, byte_mask);
        let three = self.uint(3);
        let shift = self.binary(BinaryOp::Shl, byte, three);
        (word, shift)
    }
}

fn buffer_name(ty: &Type, value: &Type, m: &Module) -> String {
    let word: String = m.type_name(value).chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let rw = matches!(ty, Type::Resource(ResourceKind::RWByteAddressBuffer, _));
    format!("{}_{word}", if rw { "rw" } else { "ro" })
}

/// `T wavec_byte_load_N(buffer, address)`.
fn loader(m: &Module, buffer: &Type, value: &Type, n: usize, span: Span) -> Function {
    let mut b = Builder::new(format!("wavec_byte_load{n}_{}", buffer_name(buffer, value, m)), value.clone(), span);
    let buf = b.param("buffer", buffer.clone());
    let address = b.param("address", Type::UINT);
    let mut comps = Vec::new();
    layout::packed_components(m, value, m.layout.storage(), 0, &mut comps);
    let mut parts = Vec::new();
    for (offset, s) in comps {
        let part = load_scalar(&mut b, Words::Buffer(buf), address, offset, s);
        parts.push(part);
    }
    let mut parts = parts.into_iter();
    let whole = compose(m, &mut b, value, &mut parts);
    b.f.body = Block { stmts: vec![Stmt::Return(Some(whole))] };
    b.f.uses = b.f.gather_uses();
    b.f
}

/// The scalar `s` at byte `address + offset` of `words`.
pub(super) fn load_scalar(b: &mut Builder, words: Words, address: LocalId, offset: u32, s: Scalar) -> ExprId {
    match s.bits() {
        32 if s != Scalar::Bool => {
            let a = b.at(address, offset);
            match words {
                // The targets' own typed word load.
                Words::Buffer(buf) => {
                    let object = b.local(buf);
                    b.add(ExprKind::Method { object, method: ResourceMethod::Load(1), args: vec![a] }, Type::Scalar(s))
                }
                Words::Uniform(..) => {
                    let w = b.word(words, a);
                    match s {
                        Scalar::F32 => b.intrinsic("asfloat", vec![w], Type::Scalar(s)),
                        _ => b.convert(w, s),
                    }
                }
            }
        }
        64 => {
            let a = b.at(address, offset);
            let lo = b.word(words, a);
            let a = b.at(address, offset + 4);
            let hi = b.word(words, a);
            if s == Scalar::F64 {
                let pair = b.add(ExprKind::Construct(vec![lo, hi]), Type::Vector(Scalar::U32, 2));
                return b.intrinsic("__double_from_bits", vec![pair], Type::Scalar(Scalar::F64));
            }
            let lo = b.convert(lo, Scalar::U64);
            let hi = b.convert(hi, Scalar::U64);
            let thirty_two = b.add(ExprKind::Const(ConstValue::Uint(32)), Type::Scalar(Scalar::U64));
            let hi = b.binary(BinaryOp::Shl, hi, thirty_two);
            let v = b.binary(BinaryOp::BitOr, lo, hi);
            b.convert(v, s)
        }
        _ if s == Scalar::Bool => {
            let a = b.at(address, offset);
            let w = b.word(words, a);
            let zero = b.uint(0);
            b.add(ExprKind::Binary(BinaryOp::Ne, w, zero), Type::BOOL)
        }
        bits => {
            let (word_at, shift) = b.sub_word(address, offset, bits);
            let w = b.word(words, word_at);
            let shifted = b.binary(BinaryOp::Shr, w, shift);
            let mask = b.uint((1u64 << bits) - 1);
            let v = b.binary(BinaryOp::BitAnd, shifted, mask);
            match s {
                Scalar::F16 => {
                    let f = b.intrinsic("f16tof32", vec![v], Type::Scalar(Scalar::F32));
                    b.convert(f, Scalar::F16)
                }
                Scalar::I16 | Scalar::I8 => {
                    let unsigned = b.convert(v, if bits == 8 { Scalar::U8 } else { Scalar::U16 });
                    b.convert(unsigned, s)
                }
                _ => b.convert(v, s),
            }
        }
    }
}

/// `ty` built from its scalar components, in the IR's order.
pub(super) fn compose(m: &Module, b: &mut Builder, ty: &Type, parts: &mut impl Iterator<Item = ExprId>) -> ExprId {
    let mut next = |b: &mut Builder| parts.next().unwrap_or_else(|| b.uint(0));
    match ty {
        Type::Scalar(_) | Type::Pointer(_) => next(b),
        Type::Vector(_, n) => {
            let items = (0..*n).map(|_| next(b)).collect();
            b.add(ExprKind::Construct(items), ty.clone())
        }
        Type::Matrix(_, r, c) => {
            let items = (0..(*r as usize * *c as usize)).map(|_| next(b)).collect();
            b.add(ExprKind::Construct(items), ty.clone())
        }
        Type::Array(e, n) => {
            let items = (0..n.unwrap_or(0)).map(|_| compose(m, b, e, parts)).collect();
            b.add(ExprKind::Construct(items), ty.clone())
        }
        Type::Struct(h) => {
            let fields: Vec<Type> = m.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
            let items = fields.iter().map(|t| compose(m, b, t, parts)).collect();
            b.add(ExprKind::Construct(items), ty.clone())
        }
        _ => next(b),
    }
}

/// `void wavec_byte_store_N(buffer, address, value)`.
fn storer(m: &Module, buffer: &Type, value: &Type, n: usize, span: Span) -> Function {
    let mut b = Builder::new(format!("wavec_byte_store{n}_{}", buffer_name(buffer, value, m)), Type::Void, span);
    let buf = b.param("buffer", buffer.clone());
    let address = b.param("address", Type::UINT);
    let whole = b.param("value", value.clone());
    let mut comps = Vec::new();
    layout::packed_components(m, value, m.layout.storage(), 0, &mut comps);
    let mut leaves = Vec::new();
    decompose(m, &mut b, whole, &[], value, &mut leaves);
    let mut stmts = Vec::new();
    for ((offset, s), leaf) in comps.into_iter().zip(leaves) {
        store_scalar(&mut b, buf, address, offset, s, leaf, &mut stmts);
    }
    b.f.body = Block { stmts };
    b.f.uses = b.f.gather_uses();
    b.f
}

/// A step from a value to one of its parts.
#[derive(Clone, Copy)]
enum Step {
    Field(u32),
    Element(u32),
}

/// Every scalar of `ty` (reached from `root` by `path`) as a fresh expression, in the IR's order.
fn decompose(m: &Module, b: &mut Builder, root: LocalId, path: &[(Step, Type)], ty: &Type, out: &mut Vec<ExprId>) {
    let read = |b: &mut Builder, path: &[(Step, Type)]| {
        let mut e = b.local(root);
        for (step, t) in path {
            e = match step {
                Step::Field(i) => b.add(ExprKind::Field { base: e, index: *i }, t.clone()),
                Step::Element(i) => {
                    let at = b.add(ExprKind::Const(ConstValue::Int(i64::from(*i))), Type::INT);
                    b.add(ExprKind::Index { base: e, index: at }, t.clone())
                }
            };
        }
        e
    };
    let deeper = |step: Step, t: &Type, out: &mut Vec<ExprId>, b: &mut Builder| {
        let mut p = path.to_vec();
        p.push((step, t.clone()));
        decompose(m, b, root, &p, t, out);
    };
    match ty {
        Type::Vector(s, n) => {
            for i in 0..*n {
                let v = read(b, path);
                out.push(b.add(ExprKind::Swizzle { base: v, components: vec![i] }, Type::Scalar(*s)));
            }
        }
        Type::Matrix(s, r, c) => {
            for i in 0..*r as u32 {
                deeper(Step::Element(i), &Type::Vector(*s, *c), out, b);
            }
        }
        Type::Array(e, n) => {
            for i in 0..n.unwrap_or(0) {
                deeper(Step::Element(i), e, out, b);
            }
        }
        Type::Struct(h) => {
            let fields: Vec<Type> = m.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
            for (i, t) in fields.iter().enumerate() {
                deeper(Step::Field(i as u32), t, out, b);
            }
        }
        _ => out.push(read(b, path)),
    }
}

fn store_scalar(
    b: &mut Builder,
    buf: LocalId,
    address: LocalId,
    offset: u32,
    s: Scalar,
    leaf: ExprId,
    out: &mut Vec<Stmt>,
) {
    let mut store = |b: &mut Builder, at: ExprId, v: ExprId| {
        let object = b.local(buf);
        let call = b.add(ExprKind::Method { object, method: ResourceMethod::Store(1), args: vec![at, v] }, Type::Void);
        out.push(Stmt::Expr(call));
    };
    match s.bits() {
        32 if s != Scalar::Bool => {
            let a = b.at(address, offset);
            store(b, a, leaf);
        }
        64 => {
            let (lo, hi) = if s == Scalar::F64 {
                let pair = b.intrinsic("__double_bits", vec![leaf], Type::Vector(Scalar::U32, 2));
                let lo = b.add(ExprKind::Swizzle { base: pair, components: vec![0] }, Type::UINT);
                let pair = b.intrinsic("__double_bits", vec![leaf], Type::Vector(Scalar::U32, 2));
                let hi = b.add(ExprKind::Swizzle { base: pair, components: vec![1] }, Type::UINT);
                (lo, hi)
            } else {
                let v = b.convert(leaf, Scalar::U64);
                let lo = b.convert(v, Scalar::U32);
                let thirty_two = b.add(ExprKind::Const(ConstValue::Uint(32)), Type::Scalar(Scalar::U64));
                let v = b.convert(leaf, Scalar::U64);
                let high = b.binary(BinaryOp::Shr, v, thirty_two);
                (lo, b.convert(high, Scalar::U32))
            };
            let a = b.at(address, offset);
            store(b, a, lo);
            let a = b.at(address, offset + 4);
            store(b, a, hi);
        }
        _ if s == Scalar::Bool => {
            let (one, zero) = (b.uint(1), b.uint(0));
            let v = b.add(ExprKind::Select { cond: leaf, then: one, els: zero }, Type::UINT);
            let a = b.at(address, offset);
            store(b, a, v);
        }
        bits => {
            let narrow = if bits == 8 { Scalar::U8 } else { Scalar::U16 };
            let value_bits = match s {
                Scalar::F16 => {
                    let f = b.convert(leaf, Scalar::F32);
                    b.intrinsic("f32tof16", vec![f], Type::UINT)
                }
                _ => {
                    let u = b.convert(leaf, narrow);
                    b.convert(u, Scalar::U32)
                }
            };
            let mask = b.uint((1u64 << bits) - 1);
            let value_bits = b.binary(BinaryOp::BitAnd, value_bits, mask);
            let (word_at, shift) = b.sub_word(address, offset, bits);
            let ones = b.uint((1u64 << bits) - 1);
            let place = b.binary(BinaryOp::Shl, ones, shift);
            let keep = b.add(ExprKind::Unary(crate::ir::UnaryOp::BitNot, place), Type::UINT);
            out.push(b.atomic(buf, AtomicOp::And, word_at, keep));
            let (word_at, shift) = b.sub_word(address, offset, bits);
            let placed = b.binary(BinaryOp::Shl, value_bits, shift);
            out.push(b.atomic(buf, AtomicOp::Or, word_at, placed));
        }
    }
}
