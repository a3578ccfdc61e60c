//! Whole-output tests over hand-built IR (the front end is developed separately).

use super::*;
use crate::arena::Arena;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{HlslLowering, Intrinsic, IntrinsicParam, TypeClass, TypePat};
use pretty_assertions::assert_eq;

const F3: Type = Type::Vector(Scalar::F32, 3);
const U3: Type = Type::Vector(Scalar::U32, 3);

/// Terse construction of one function's locals and expressions.
struct Fb {
    f: Function,
}

impl Fb {
    fn new(name: &str, ret: Type) -> Fb {
        Fb {
            f: Function {
                name: name.to_string(),
                ret,
                ret_semantic: None,
                locals: Arena::new(),
                params: Vec::new(),
                exprs: Arena::new(),
                body: Block::default(),
                span: Span::DUMMY,
                uses: Uses::default(),
            },
        }
    }
    /// The finished function, its `uses` gathered as sema would.
    fn done(self) -> Function {
        let mut f = self.f;
        f.uses = f.gather_uses();
        f
    }
    fn local_full(&mut self, name: &str, ty: Type, param: Option<ParamMode>, builtin: Option<BuiltinInput>) -> LocalId {
        let l = self.f.locals.append(Local {
            name: name.to_string(),
            ty,
            param,
            builtin,
            semantic: None,
            is_const: false,
            precise: false,
            span: Span::DUMMY,
        });
        if param.is_some() {
            self.f.params.push(l);
        }
        l
    }
    fn param(&mut self, name: &str, ty: Type) -> LocalId {
        self.local_full(name, ty, Some(ParamMode::In), None)
    }
    fn builtin(&mut self, name: &str, ty: Type, b: BuiltinInput) -> LocalId {
        self.local_full(name, ty, Some(ParamMode::In), Some(b))
    }
    fn local(&mut self, name: &str, ty: Type) -> LocalId {
        self.local_full(name, ty, None, None)
    }
    fn e(&mut self, kind: ExprKind, ty: Type) -> ExprId {
        self.e_at(kind, ty, Span::DUMMY)
    }
    fn e_at(&mut self, kind: ExprKind, ty: Type, span: Span) -> ExprId {
        self.f.exprs.append(Expr { kind, ty, span })
    }
    fn ty(&self, e: ExprId) -> Type {
        self.f.exprs[e].ty.clone()
    }
    fn u(&mut self, v: u64) -> ExprId {
        self.e(ExprKind::Const(ConstValue::Uint(v)), Type::UINT)
    }
    fn i(&mut self, v: i64) -> ExprId {
        self.e(ExprKind::Const(ConstValue::Int(v)), Type::INT)
    }
    fn fl(&mut self, v: f64) -> ExprId {
        self.e(ExprKind::Const(ConstValue::Float(v)), Type::FLOAT)
    }
    fn l(&mut self, l: LocalId) -> ExprId {
        let ty = self.f.locals[l].ty.clone();
        self.e(ExprKind::Local(l), ty)
    }
    fn g(&mut self, m: &Module, g: GlobalId) -> ExprId {
        let ty = m.globals[g].ty.clone();
        self.e(ExprKind::Global(g), ty)
    }
    fn bin(&mut self, op: BinaryOp, a: ExprId, b: ExprId) -> ExprId {
        let ty = if op.is_comparison() || op.is_logical() { Type::BOOL } else { self.ty(a) };
        self.e(ExprKind::Binary(op, a, b), ty)
    }
    fn assign(&mut self, target: ExprId, value: ExprId) -> ExprId {
        let ty = self.ty(target);
        self.e(ExprKind::Assign { op: None, target, value }, ty)
    }
    fn swz(&mut self, base: ExprId, components: &[u8]) -> ExprId {
        let s = self.ty(base).scalar().unwrap();
        let ty = if components.len() == 1 { Type::Scalar(s) } else { Type::Vector(s, components.len() as u8) };
        self.e(ExprKind::Swizzle { base, components: components.to_vec() }, ty)
    }
    fn intr(&mut self, id: u32, args: Vec<ExprId>, bound: Option<Type>, ret: Type) -> ExprId {
        self.e(ExprKind::Intrinsic { id: IntrinsicId(id), args, bound: bound.map(Box::new) }, ret)
    }
    fn push(&mut self, s: Stmt) {
        self.f.body.stmts.push(s);
    }
    fn expr_stmt(&mut self, e: ExprId) {
        self.push(Stmt::Expr(e));
    }
}

fn global(name: &str, ty: Type, space: AddressSpace) -> Global {
    Global {
        name: name.to_string(),
        ty,
        majorness: Majorness::Column,
        space,
        init: None,
        register: None,
        vk_binding: None,
        packoffset: None,
        image_format: None,
        format_unknown: false,
        entry_param: false,
        parameter_block: false,
        layout: None,
        coherent: false,
        span: Span::DUMMY,
        shares_binding: None,
    }
}

fn entry(m: &mut Module, f: Function, numthreads: [u32; 3]) {
    let h = m.functions.append(f);
    m.entry_points.push(EntryPoint {
        name: m.functions[h].name.clone(),
        function: h,
        stage: Stage::Compute,
        numthreads: Some(numthreads),
        numthreads_spec: [None; 3],
        derivative_group: None,
        wave_size: None,
        root_signature: None,
        span: Span::new(1, 5),
    });
}

fn intrinsic(
    name: &str,
    generic: Option<&str>,
    params: &[(&str, ParamMode, TypePat)],
    ret: TypePat,
    hlsl: Vec<HlslLowering>,
) -> Intrinsic {
    Intrinsic {
        name: name.to_string(),
        generics: generic.map(|c| vec![("T".to_string(), TypeClass::parse(c).unwrap())]).unwrap_or_default(),
        params: params
            .iter()
            .map(|(n, mode, ty)| IntrinsicParam { name: n.to_string(), mode: *mode, ty: ty.clone(), constexpr: false })
            .collect(),
        ret,
        wave: true,
        stages: None,
        derivatives: false,
        alias_of: None,
        hlsl,
        lowerings: Vec::new(),
        definition: None,
    }
}

fn template(text: &str, sm: (u32, u32)) -> HlslLowering {
    HlslLowering::Template { text: text.to_string(), min_sm: sm }
}

const UINT: TypePat = TypePat::Concrete(Type::UINT);
const IN: ParamMode = ParamMode::In;

/// Intrinsics by index: the ids the tests' `Intrinsic` nodes use.
fn test_stdlib() -> Stdlib {
    let t = TypePat::Generic(0);
    let b = TypePat::Concrete(Type::BOOL);
    Stdlib::from_intrinsics(vec![
        // 0
        intrinsic(
            "WaveActiveSum",
            Some("numeric_svm"),
            &[("value", IN, t.clone())],
            t.clone(),
            vec![template("WaveActiveSum($0)", (6, 0))],
        ),
        // 1: an argument used twice
        intrinsic(
            "QuadAny",
            None,
            &[("expr", IN, b.clone())],
            b.clone(),
            vec![template("QuadReadAcrossX($0) || $0", (6, 0))],
        ),
        // 2
        intrinsic(
            "WaveMatch",
            Some("numeric_sv"),
            &[("value", IN, t.clone())],
            TypePat::Concrete(Type::Vector(Scalar::U32, 4)),
            vec![template("WaveMatch($0)", (6, 5))],
        ),
        // 3
        intrinsic(
            "WaveRotate",
            Some("numeric_sv"),
            &[("value", IN, t.clone()), ("delta", IN, UINT)],
            t.clone(),
            vec![HlslLowering::Unsupported("DXC has no rotate intrinsic".to_string())],
        ),
        // 4
        intrinsic("WaveNoHlsl", None, &[], UINT, vec![]),
        // 5: an operator template and `$T`
        intrinsic(
            "WaveBitCastTest",
            Some("numeric_s"),
            &[("a", IN, t.clone()), ("b", IN, t.clone())],
            t.clone(),
            vec![template("$0 * ($T)$1", (6, 0))],
        ),
        // 6..=11: what the group wave index fallback is made of
        intrinsic(
            "GetGroupWaveIndex",
            None,
            &[],
            UINT,
            vec![template("GetGroupWaveIndex()", (6, 10)), HlslLowering::Emulated("group_wave_index".to_string())],
        ),
        intrinsic(
            "GetGroupWaveCount",
            None,
            &[],
            UINT,
            vec![template("GetGroupWaveCount()", (6, 10)), HlslLowering::Emulated("group_wave_index".to_string())],
        ),
        intrinsic("WaveIsFirstLane", None, &[], b, vec![template("WaveIsFirstLane()", (6, 0))]),
        intrinsic(
            "WaveReadLaneFirst",
            Some("any_svm"),
            &[("value", IN, t.clone())],
            t.clone(),
            vec![template("WaveReadLaneFirst($0)", (6, 0))],
        ),
        intrinsic(
            "InterlockedAdd",
            Some("int32_s"),
            &[("dest", ParamMode::InOut, t.clone()), ("value", IN, t.clone()), ("original", ParamMode::Out, t.clone())],
            TypePat::Concrete(Type::Void),
            vec![template("InterlockedAdd($0, $1, $2)", (6, 0))],
        ),
        intrinsic(
            "GroupMemoryBarrierWithGroupSync",
            None,
            &[],
            TypePat::Concrete(Type::Void),
            vec![template("GroupMemoryBarrierWithGroupSync()", (6, 0))],
        ),
    ])
}

const GET_GROUP_WAVE_INDEX: u32 = 6;
const GET_GROUP_WAVE_COUNT: u32 = 7;

fn write(m: &Module, sm: (u32, u32)) -> Result<String, Vec<Diagnostic>> {
    write_string_with(m, 0, &Options { shader_model: sm }, &test_stdlib())
}

fn ok(m: &Module, sm: (u32, u32)) -> String {
    match write(m, sm) {
        Ok(s) => s,
        Err(d) => panic!("unexpected errors: {d:#?}"),
    }
}

#[test]
fn declarations_and_bindings() {
    let mut m = Module::default();
    let particle = m.structs.append(StructDef {
        name: "Particle".to_string(),
        fields: vec![
            Field { name: "pos".to_string(), ty: F3, semantic: None, majorness: Majorness::Column, span: Span::DUMMY },
            Field {
                name: "mass".to_string(),
                ty: Type::FLOAT,
                semantic: None,
                majorness: Majorness::Column,
                span: Span::DUMMY,
            },
        ],
        span: Span::DUMMY,
    });
    let mut buf = global(
        "particles",
        Type::Resource(ResourceKind::RWStructuredBuffer, Some(Box::new(Type::Struct(particle)))),
        AddressSpace::Resource,
    );
    buf.register = Some(Register { class: 'u', index: Some(0), space: 0 });
    buf.vk_binding = Some((0, 0));
    let buf = m.globals.append(buf);
    m.cbuffers.push(Cbuffer {
        name: "Params".to_string(),
        register: Some(Register { class: 'b', index: Some(0), space: 0 }),
        vk_binding: Some((1, 0)),
        span: Span::DUMMY,
    });
    let _count = m.globals.append(global("count", Type::UINT, AddressSpace::Uniform { cbuffer: Some(0) }));
    let mut bytes = global("raw", Type::Resource(ResourceKind::ByteAddressBuffer, None), AddressSpace::Resource);
    bytes.register = Some(Register { class: 't', index: Some(2), space: 1 });
    let bytes = m.globals.append(bytes);
    let scale = m.globals.append(global("scale", Type::FLOAT, AddressSpace::Uniform { cbuffer: Some(0) }));
    let _cache =
        m.globals.append(global("cache", Type::Array(Box::new(Type::FLOAT), Some(64)), AddressSpace::Groupshared));
    let mut table = global("table", Type::Array(Box::new(Type::UINT), Some(3)), AddressSpace::Constant);
    table.init = Some(ConstValue::Composite(vec![ConstValue::Uint(1), ConstValue::Uint(2), ConstValue::Uint(3)]));
    m.globals.append(table);
    let mut bias = global("bias", F3, AddressSpace::Constant);
    bias.init =
        Some(ConstValue::Composite(vec![ConstValue::Float(0.5), ConstValue::Float(-1.0), ConstValue::Float(1e-7)]));
    m.globals.append(bias);
    // Reserved words as source names get renamed.
    let out = m.globals.append(global("out", Type::UINT, AddressSpace::Private));

    // A reachable helper (written first) and an unreachable one (not written at all).
    let mut unused = Fb::new("unused", Type::Void);
    unused.push(Stmt::Return(None));
    m.functions.append(unused.done());
    let mut weigh = Fb::new("weigh", Type::FLOAT);
    let p = weigh.param("p", Type::Struct(particle));
    let linear = weigh.param("linear", Type::FLOAT);
    let pe = weigh.l(p);
    let mass = weigh.e(ExprKind::Field { base: pe, index: 1 }, Type::FLOAT);
    let lin = weigh.l(linear);
    let r = weigh.bin(BinaryOp::Mul, mass, lin);
    weigh.push(Stmt::Return(Some(r)));
    let weigh = m.functions.append(weigh.done());

    let mut f = Fb::new("main", Type::Void);
    let tid = f.builtin("tid", U3, BuiltinInput::DispatchThreadId);
    let b = f.g(&m, buf);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let elem = f.e(ExprKind::Index { base: b, index: x }, Type::Struct(particle));
    let sc = f.g(&m, scale);
    let w = f.e(ExprKind::Call { function: weigh, args: vec![elem, sc] }, Type::FLOAT);
    let b = f.g(&m, buf);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let elem = f.e(ExprKind::Index { base: b, index: x }, Type::Struct(particle));
    let target = f.e(ExprKind::Field { base: elem, index: 1 }, Type::FLOAT);
    let a = f.assign(target, w);
    f.expr_stmt(a);
    let raw = f.g(&m, bytes);
    let off = f.u(16);
    let word = f.e(ExprKind::Method { object: raw, method: ResourceMethod::Load(1), args: vec![off] }, Type::UINT);
    let raw = f.g(&m, bytes);
    let off = f.u(0);
    let v = f.e(
        ExprKind::Method { object: raw, method: ResourceMethod::Load(4), args: vec![off] },
        Type::Vector(Scalar::F32, 4),
    );
    let vl = f.local("v", Type::Vector(Scalar::F32, 4));
    f.push(Stmt::Local { local: vl, init: Some(v) });
    let o = f.g(&m, out);
    let a = f.assign(o, word);
    f.expr_stmt(a);
    entry(&mut m, f.done(), [64, 1, 1]);
    m.entry_points[0].wave_size =
        Some(WaveSize { min: 32, max: 32, preferred: None, range_form: false, span: Span::DUMMY });

    assert_eq!(
        ok(&m, (6, 6)),
        "\
struct Particle {
    float3 pos;
    float mass;
};

[[vk::binding(0, 0)]] RWStructuredBuffer<Particle> particles : register(u0);
[[vk::binding(1, 0)]] cbuffer Params : register(b0) {
    uint count;
    float scale;
};
ByteAddressBuffer raw : register(t2, space1);
groupshared float cache[64];
static const uint table[3] = {1u, 2u, 3u};
static const float3 bias = float3(0.5f, -1.0f, 1e-7f);
static uint out_1;

float weigh(Particle p, float linear_1) {
    return p.mass * linear_1;
}

[numthreads(64, 1, 1)]
[WaveSize(32)]
void main(uint3 tid : SV_DispatchThreadID) {
    particles[tid.x].mass = weigh(particles[tid.x], scale);
    float4 v = asfloat(raw.Load4(0u));
    out_1 = raw.Load(16u);
}
"
    );
}

#[test]
fn every_statement_form() {
    let mut m = Module::default();
    let mut f = Fb::new("main", Type::Void);
    let gi = f.builtin("gi", Type::UINT, BuiltinInput::GroupIndex);
    let acc = f.local("acc", Type::INT);
    let zero = f.i(0);
    f.push(Stmt::Local { local: acc, init: Some(zero) });
    // for (int i = 0, j = 4; i < j; ++i) with [unroll(4)], continue and break
    let i = f.local("i", Type::INT);
    let j = f.local("j", Type::INT);
    let (i0, j0) = (f.i(0), f.i(4));
    let (ie, je) = (f.l(i), f.l(j));
    let cond = f.bin(BinaryOp::Lt, ie, je);
    let ie = f.l(i);
    let step = f.e(ExprKind::IncDec { op: IncDec::PreInc, target: ie }, Type::INT);
    let ie = f.l(i);
    let two = f.i(2);
    let is_two = f.bin(BinaryOp::Eq, ie, two);
    let (ae, ie) = (f.l(acc), f.l(i));
    let add = f.e(ExprKind::Assign { op: Some(BinaryOp::Add), target: ae, value: ie }, Type::INT);
    f.push(Stmt::For {
        init: vec![Stmt::Local { local: i, init: Some(i0) }, Stmt::Local { local: j, init: Some(j0) }],
        cond: Some(cond),
        step: Some(step),
        body: Block {
            stmts: vec![
                Stmt::If {
                    cond: is_two,
                    then: Block { stmts: vec![Stmt::Continue] },
                    els: None,
                    hint: BranchHint::None,
                },
                Stmt::Expr(add),
                Stmt::Break,
            ],
        },
        hint: LoopHint::Unroll(Some(4)),
    });
    // A second loop reuses `i` in a sibling scope; mixed init types move into a block.
    let i2 = f.local("i", Type::UINT);
    let k = f.local("k", Type::FLOAT);
    let (i0, k0) = (f.u(0), f.fl(1.5));
    f.push(Stmt::For {
        init: vec![Stmt::Local { local: i2, init: Some(i0) }, Stmt::Local { local: k, init: Some(k0) }],
        cond: None,
        step: None,
        body: Block { stmts: vec![Stmt::Break] },
        hint: LoopHint::None,
    });
    // while / do-while with hints
    let ae = f.l(acc);
    let ten = f.i(10);
    let c = f.bin(BinaryOp::Lt, ae, ten);
    let ae = f.l(acc);
    let inc = f.e(ExprKind::IncDec { op: IncDec::PostInc, target: ae }, Type::INT);
    f.push(Stmt::While { cond: c, body: Block { stmts: vec![Stmt::Expr(inc)] }, hint: LoopHint::Loop });
    let ae = f.l(acc);
    let zero = f.i(0);
    let c = f.bin(BinaryOp::Gt, ae, zero);
    let ae = f.l(acc);
    let dec = f.e(ExprKind::IncDec { op: IncDec::PreDec, target: ae }, Type::INT);
    f.push(Stmt::DoWhile { body: Block { stmts: vec![Stmt::Expr(dec)] }, cond: c, hint: LoopHint::Unroll(None) });
    // if / else if / else with hints, and a nested block with a shadowing local
    let g = f.l(gi);
    let zero = f.u(0);
    let c1 = f.bin(BinaryOp::Eq, g, zero);
    let g = f.l(gi);
    let one = f.u(1);
    let c2 = f.bin(BinaryOp::Eq, g, one);
    let inner = f.local("acc", Type::INT);
    let seven = f.i(7);
    f.push(Stmt::If {
        cond: c1,
        then: Block { stmts: vec![Stmt::Return(None)] },
        els: Some(Block {
            stmts: vec![Stmt::If {
                cond: c2,
                then: Block {
                    stmts: vec![Stmt::Block(Block { stmts: vec![Stmt::Local { local: inner, init: Some(seven) }] })],
                },
                els: Some(Block { stmts: vec![Stmt::Discard] }),
                hint: BranchHint::None,
            }],
        }),
        hint: BranchHint::Branch,
    });
    let g = f.l(gi);
    let one = f.u(1);
    let c3 = f.bin(BinaryOp::Gt, g, one);
    f.push(Stmt::If { cond: c3, then: Block::default(), els: None, hint: BranchHint::Flatten });
    // switch with stacked labels, fallthrough and default
    let sel = f.l(acc);
    let ae = f.l(acc);
    let one = f.i(1);
    let set = f.assign(ae, one);
    f.push(Stmt::Switch {
        selector: sel,
        cases: vec![
            SwitchCase { values: vec![0], is_default: false, body: Block::default() },
            SwitchCase { values: vec![1, -2], is_default: false, body: Block { stmts: vec![Stmt::Expr(set)] } },
            SwitchCase { values: vec![3], is_default: true, body: Block { stmts: vec![Stmt::Break] } },
        ],
    });
    entry(&mut m, f.done(), [8, 8, 1]);
    m.entry_points[0].wave_size =
        Some(WaveSize { min: 16, max: 64, preferred: Some(32), range_form: true, span: Span::DUMMY });
    assert_eq!(
        ok(&m, (6, 8)),
        "\
[numthreads(8, 8, 1)]
[WaveSize(16, 64, 32)]
void main(uint gi : SV_GroupIndex) {
    int acc = 0;
    [unroll(4)]
    for (int i = 0, j = 4; i < j; ++i) {
        if (i == 2) {
            continue;
        }
        acc += i;
        break;
    }
    {
        uint i = 0u;
        float k = 1.5f;
        for (;;) {
            break;
        }
    }
    [loop]
    while (acc < 10) {
        acc++;
    }
    [unroll]
    do {
        --acc;
    } while (acc > 0);
    [branch]
    if (gi == 0u) {
        return;
    } else if (gi == 1u) {
        {
            int acc_1 = 7;
        }
    } else {
        discard;
    }
    [flatten]
    if (gi > 1u) {
    }
    switch (acc) {
        case 0:
        case 1:
        case -2: {
            acc = 1;
        }
        case 3:
        default: {
            break;
        }
    }
}
"
    );
}

#[test]
fn precedence_and_literals() {
    let mut m = Module::default();
    let mut f = Fb::new("main", Type::Void);
    let a = f.local("a", Type::INT);
    let b = f.local("b", Type::INT);
    let c = f.local("c", Type::INT);
    let r = f.local("r", Type::INT);
    let set = |f: &mut Fb, e: ExprId| {
        let t = f.l(r);
        let s = f.assign(t, e);
        f.expr_stmt(s);
    };
    for l in [a, b, c] {
        let one = f.i(1);
        f.push(Stmt::Local { local: l, init: Some(one) });
    }
    f.push(Stmt::Local { local: r, init: None });
    let (ae, be, ce) = (f.l(a), f.l(b), f.l(c));
    let sum = f.bin(BinaryOp::Add, ae, be);
    let e = f.bin(BinaryOp::Mul, sum, ce);
    set(&mut f, e); // (a + b) * c
    let (ae, be, ce) = (f.l(a), f.l(b), f.l(c));
    let d = f.bin(BinaryOp::Sub, be, ce);
    let e = f.bin(BinaryOp::Sub, ae, d);
    set(&mut f, e); // a - (b - c)
    let (ae, be, ce) = (f.l(a), f.l(b), f.l(c));
    let d = f.bin(BinaryOp::Sub, ae, be);
    let e = f.bin(BinaryOp::Sub, d, ce);
    set(&mut f, e); // a - b - c
    let ae = f.l(a);
    let n = f.e(ExprKind::Unary(UnaryOp::Neg, ae), Type::INT);
    let e = f.e(ExprKind::Unary(UnaryOp::Neg, n), Type::INT);
    set(&mut f, e); // -(-a)
    let m5 = f.i(-5);
    let e = f.e(ExprKind::Unary(UnaryOp::Neg, m5), Type::INT);
    set(&mut f, e); // -(-5)
    let (ae, be, ce) = (f.l(a), f.l(b), f.l(c));
    let mul = f.bin(BinaryOp::Mul, be, ce);
    let e = f.bin(BinaryOp::Add, ae, mul);
    set(&mut f, e); // a + b * c
    let (ae, be, ce) = (f.l(a), f.l(b), f.l(c));
    let and = f.bin(BinaryOp::BitAnd, ae, be);
    let e = f.bin(BinaryOp::BitOr, and, ce);
    set(&mut f, e); // (a & b) | c, for readability
    let (ae, be) = (f.l(a), f.l(b));
    let lt = f.bin(BinaryOp::Lt, ae, be);
    let (ae, be) = (f.l(a), f.l(b));
    let sh = f.bin(BinaryOp::Shl, ae, be);
    let min = f.i(i32::MIN as i64);
    let e = f.e(ExprKind::Select { cond: lt, then: sh, els: min }, Type::INT);
    set(&mut f, e); // a < b ? a << b : -2147483647 - 1
    let (ae, be) = (f.l(a), f.l(b));
    let inner = f.assign(ae, be);
    let ce = f.l(c);
    let e = f.bin(BinaryOp::Add, inner, ce);
    set(&mut f, e); // (a = b) + c
    let (ae, be) = (f.l(a), f.l(b));
    let e = f.e(ExprKind::Comma(ae, be), Type::INT);
    let ce = f.l(c);
    let call_like = f.bin(BinaryOp::Mul, e, ce);
    set(&mut f, call_like); // (a, b) * c
    let x = f.local("x", Type::FLOAT);
    let vals = [0.1, 1.0, 1e20, -2.5e-8, f64::INFINITY, 3.0];
    let parts: Vec<ExprId> = vals.iter().map(|v| f.fl(*v)).collect();
    let mut acc = parts[0];
    for p in &parts[1..] {
        acc = f.bin(BinaryOp::Add, acc, *p);
    }
    f.push(Stmt::Local { local: x, init: Some(acc) });
    let y = f.local("y", Type::Scalar(Scalar::F64));
    let d = f.e(ExprKind::Const(ConstValue::Float(0.1)), Type::Scalar(Scalar::F64));
    f.push(Stmt::Local { local: y, init: Some(d) });
    let z = f.local("z", Type::Scalar(Scalar::U64));
    let d = f.e(ExprKind::Const(ConstValue::Uint(u64::MAX)), Type::Scalar(Scalar::U64));
    f.push(Stmt::Local { local: z, init: Some(d) });
    entry(&mut m, f.done(), [1, 1, 1]);
    assert_eq!(
        ok(&m, (6, 6)),
        "\
[numthreads(1, 1, 1)]
void main() {
    int a = 1;
    int b = 1;
    int c = 1;
    int r;
    r = (a + b) * c;
    r = a - (b - c);
    r = a - b - c;
    r = -(-a);
    r = -(-5);
    r = a + b * c;
    r = (a & b) | c;
    r = a < b ? a << b : -2147483647 - 1;
    r = (a = b) + c;
    r = (a, b) * c;
    float x = 0.1f + 1.0f + 1e20f + -2.5e-8f + asfloat(0x7F800000u) + 3.0f;
    double y = 0.1l;
    uint64_t z = 18446744073709551615ull;
}
"
    );
}

#[test]
fn conversions_swizzles_constructors() {
    let mut m = Module::default();
    let s = m.structs.append(StructDef {
        name: "Pair".to_string(),
        fields: vec![
            Field {
                name: "a".to_string(),
                ty: Type::UINT,
                semantic: None,
                majorness: Majorness::Column,
                span: Span::DUMMY,
            },
            Field {
                name: "b".to_string(),
                ty: Type::FLOAT,
                semantic: None,
                majorness: Majorness::Column,
                span: Span::DUMMY,
            },
        ],
        span: Span::DUMMY,
    });
    let mut f = Fb::new("main", Type::Void);
    let tid = f.builtin("tid", U3, BuiltinInput::DispatchThreadId);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let fx = f.e(ExprKind::Convert(x), Type::FLOAT);
    let v = f.local("v", F3);
    let splat = f.e(ExprKind::Convert(fx), F3);
    f.push(Stmt::Local { local: v, init: Some(splat) });
    let t = f.l(tid);
    let asf = f.e(ExprKind::Convert(t), F3);
    let w = f.local("w", F3);
    f.push(Stmt::Local { local: w, init: Some(asf) });
    let ve = f.l(v);
    let trunc = f.e(ExprKind::Convert(ve), Type::Vector(Scalar::F32, 2));
    let ve = f.l(v);
    let zy = f.swz(ve, &[2, 1]);
    let sum = f.bin(BinaryOp::Add, trunc, zy);
    let one = f.fl(1.0);
    let c = f.e(ExprKind::Construct(vec![sum, one]), F3);
    let u = f.local("u", F3);
    f.push(Stmt::Local { local: u, init: Some(c) });
    let zero = f.i(0);
    let zs = f.e(ExprKind::Convert(zero), Type::Struct(s));
    let p = f.local("p", Type::Struct(s));
    f.push(Stmt::Local { local: p, init: Some(zs) });
    let (one, half) = (f.u(1), f.fl(0.5));
    let agg = f.e(ExprKind::Construct(vec![one, half]), Type::Struct(s));
    let q = f.local("q", Type::Struct(s));
    f.push(Stmt::Local { local: q, init: Some(agg) });
    let (a, b) = (f.u(1), f.u(2));
    let arr_ty = Type::Array(Box::new(Type::UINT), Some(2));
    let arr = f.e(ExprKind::Construct(vec![a, b]), arr_ty.clone());
    let r = f.local("r", arr_ty);
    f.push(Stmt::Local { local: r, init: Some(arr) });
    let half = f.fl(0.5);
    let sw = f.swz(half, &[0, 0, 0]);
    let (ve, we) = (f.l(v), f.l(w));
    let gt = f.bin(BinaryOp::Gt, ve, we);
    let gt_ty = Type::Vector(Scalar::Bool, 3);
    f.f.exprs[gt].ty = gt_ty;
    let ue = f.l(u);
    let sel = f.e(ExprKind::Select { cond: gt, then: sw, els: ue }, F3);
    let ue = f.l(u);
    let a = f.assign(ue, sel);
    f.expr_stmt(a);
    entry(&mut m, f.done(), [4, 1, 1]);
    assert_eq!(
        ok(&m, (6, 6)),
        "\
struct Pair {
    uint a;
    float b;
};

float3 wavec_select(bool3 c, float3 a, float3 b) {
    return float3(c.x ? a.x : b.x, c.y ? a.y : b.y, c.z ? a.z : b.z);
}

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    float3 v = (float3)float(tid.x);
    float3 w = float3(tid);
    float3 u = float3((float2)v + v.zy, 1.0f);
    Pair p = (Pair)0;
    Pair q = {1u, 0.5f};
    uint r[2] = {1u, 2u};
    u = wavec_select(v > w, (0.5f).xxx, u);
}
"
    );
}

/// `WaveActiveSum(v)`, `QuadAny(c)` twice, and an operator template with `$T`.
fn intrinsic_module(extra: &[(u32, Span)]) -> Module {
    let mut m = Module::default();
    let mut f = Fb::new("main", Type::Void);
    let tid = f.builtin("tid", U3, BuiltinInput::DispatchThreadId);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let one = f.u(1);
    let sum_arg = f.bin(BinaryOp::Add, x, one);
    let sum = f.intr(0, vec![sum_arg], Some(Type::UINT), Type::UINT);
    let s = f.local("s", Type::UINT);
    f.push(Stmt::Local { local: s, init: Some(sum) });
    let se = f.l(s);
    let one = f.u(1);
    let c = f.bin(BinaryOp::Eq, se, one);
    let any1 = f.intr(1, vec![c], None, Type::BOOL);
    let se = f.l(s);
    let two = f.u(2);
    let c = f.bin(BinaryOp::Gt, se, two);
    let any2 = f.intr(1, vec![c], None, Type::BOOL);
    let both = f.bin(BinaryOp::LogicAnd, any1, any2);
    let b = f.local("b", Type::BOOL);
    f.push(Stmt::Local { local: b, init: Some(both) });
    let (se, t) = (f.l(s), f.l(tid));
    let y = f.swz(t, &[1]);
    let op = f.intr(5, vec![se, y], Some(Type::UINT), Type::UINT);
    let two = f.u(2);
    let scaled = f.bin(BinaryOp::Mul, op, two);
    let se = f.l(s);
    let a = f.assign(se, scaled);
    f.expr_stmt(a);
    for &(id, span) in extra {
        let t = f.l(tid);
        let args = match id {
            4 => vec![],
            3 => {
                let one = f.u(1);
                vec![t, one]
            }
            _ => vec![t],
        };
        let e = f.e_at(ExprKind::Intrinsic { id: IntrinsicId(id), args, bound: Some(Box::new(U3)) }, U3, span);
        f.expr_stmt(e);
    }
    entry(&mut m, f.done(), [32, 1, 1]);
    m
}

#[test]
fn intrinsic_templates_and_helpers() {
    assert_eq!(
        ok(&intrinsic_module(&[]), (6, 6)),
        "\
bool wavec_QuadAny(bool expr) {
    return QuadReadAcrossX(expr) || expr;
}

[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    uint s = WaveActiveSum(tid.x + 1u);
    bool b = wavec_QuadAny(s == 1u) && wavec_QuadAny(s > 2u);
    s = (s * (uint)tid.y) * 2u;
}
"
    );
    // WaveMatch exists from sm_6_5 on.
    let m = intrinsic_module(&[(2, Span::new(40, 52))]);
    assert!(ok(&m, (6, 5)).contains("    WaveMatch(tid);\n"));
}

#[test]
fn shader_model_gating_errors() {
    let m = intrinsic_module(&[(2, Span::new(40, 52)), (3, Span::new(60, 70)), (4, Span::new(80, 90))]);
    let errs = write(&m, (6, 0)).unwrap_err();
    let got: Vec<(&str, &str, Option<Span>)> =
        errs.iter().map(|d| (d.code, d.message.as_str(), d.primary_span())).collect();
    assert_eq!(
        got,
        vec![
            ("E0601", "`WaveMatch` requires shader model 6.5 or later; the target is sm_6_0", Some(Span::new(40, 52))),
            ("E0602", "`WaveRotate` has no HLSL equivalent: DXC has no rotate intrinsic", Some(Span::new(60, 70))),
            ("E0601", "`WaveNoHlsl` has no HLSL lowering", Some(Span::new(80, 90))),
        ]
    );
}

#[test]
fn non_compute_stages_are_not_supported_yet() {
    let mut m = Module::default();
    entry(&mut m, Fb::new("vs", Type::Void).done(), [1, 1, 1]);
    m.entry_points[0].stage = Stage::Vertex;
    m.entry_points[0].numthreads = None;
    let errs = write(&m, (6, 6)).unwrap_err();
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].code, "E0603");
    assert_eq!(errs[0].message, "code generation for vertex shaders is not supported yet");
    assert_eq!(errs[0].primary_span(), Some(Span::new(1, 5)));
}

/// `results[tid.x] = GetGroupWaveIndex() * 1000u + wave_count();`, where `wave_count` calls
/// `GetGroupWaveCount()` one call deep.
fn group_wave_module() -> Module {
    let mut m = Module::default();
    let mut buf = global(
        "results",
        Type::Resource(ResourceKind::RWStructuredBuffer, Some(Box::new(Type::UINT))),
        AddressSpace::Resource,
    );
    buf.register = Some(Register { class: 'u', index: Some(0), space: 0 });
    buf.vk_binding = Some((0, 0));
    let buf = m.globals.append(buf);
    let mut count = Fb::new("wave_count", Type::UINT);
    let c = count.intr(GET_GROUP_WAVE_COUNT, vec![], None, Type::UINT);
    count.push(Stmt::Return(Some(c)));
    let count = m.functions.append(count.done());
    let mut f = Fb::new("main", Type::Void);
    let tid = f.builtin("tid", U3, BuiltinInput::DispatchThreadId);
    let b = f.g(&m, buf);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let dst = f.e(ExprKind::Index { base: b, index: x }, Type::UINT);
    let idx = f.intr(GET_GROUP_WAVE_INDEX, vec![], None, Type::UINT);
    let k = f.u(1000);
    let scaled = f.bin(BinaryOp::Mul, idx, k);
    let n = f.e(ExprKind::Call { function: count, args: vec![] }, Type::UINT);
    let v = f.bin(BinaryOp::Add, scaled, n);
    let a = f.assign(dst, v);
    f.expr_stmt(a);
    entry(&mut m, f.done(), [64, 1, 1]);
    m
}

const GROUP_WAVE_SM_6_5: &str = "\
[[vk::binding(0, 0)]] RWStructuredBuffer<uint> results : register(u0);
groupshared uint wavec_waveCounter;
static uint wavec_groupWaveIndex;
static uint wavec_groupWaveCount;

uint wave_count() {
    return wavec_groupWaveCount;
}

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint wavec_groupIndex : SV_GroupIndex) {
    if (wavec_groupIndex == 0u) {
        wavec_waveCounter = 0u;
    }
    GroupMemoryBarrierWithGroupSync();
    uint wavec_waveSlot = 0u;
    if (WaveIsFirstLane()) {
        InterlockedAdd(wavec_waveCounter, 1u, wavec_waveSlot);
    }
    wavec_groupWaveIndex = WaveReadLaneFirst(wavec_waveSlot);
    GroupMemoryBarrierWithGroupSync();
    wavec_groupWaveCount = wavec_waveCounter;
    results[tid.x] = wavec_groupWaveIndex * 1000u + wave_count();
}
";

#[test]
fn group_wave_fallback_below_sm_6_10() {
    assert_eq!(ok(&group_wave_module(), (6, 5)), GROUP_WAVE_SM_6_5);
}

#[test]
fn group_wave_native_from_sm_6_10() {
    assert_eq!(
        ok(&group_wave_module(), (6, 10)),
        "\
[[vk::binding(0, 0)]] RWStructuredBuffer<uint> results : register(u0);

uint wave_count() {
    return GetGroupWaveCount();
}

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    results[tid.x] = GetGroupWaveIndex() * 1000u + wave_count();
}
"
    );
}

#[test]
fn group_wave_pass_reuses_group_index_and_skips_unused_modules() {
    let stdlib = test_stdlib();
    // Untouched when nothing asks for the values.
    let mut m = intrinsic_module(&[]);
    crate::lower::emulate_group_wave(&mut m, 0, &stdlib).unwrap();
    assert_eq!(m.globals.len(), 0);
    assert_eq!(m.functions[m.entry_points[0].function].body.stmts.len(), 3);
    // An existing `SV_GroupIndex` parameter is reused rather than duplicated.
    let mut m = group_wave_module();
    let main = m.entry_points[0].function;
    let f = &mut m.functions[main];
    let gi = f.locals.append(Local {
        name: "flat".to_string(),
        ty: Type::UINT,
        param: Some(ParamMode::In),
        builtin: Some(BuiltinInput::GroupIndex),
        semantic: None,
        is_const: false,
        precise: false,
        span: Span::DUMMY,
    });
    f.params.push(gi);
    let out = ok(&m, (6, 5));
    assert!(
        out.contains("void main(uint3 tid : SV_DispatchThreadID, uint flat : SV_GroupIndex) {\n    if (flat == 0u) {"),
        "{out}"
    );
}

/// The fallback must be accepted by a real HLSL compiler, not just look right.
#[test]
fn group_wave_fallback_compiles_with_glslang() {
    use std::process::Command;
    if Command::new("glslangValidator").arg("--version").output().is_err() {
        eprintln!("glslangValidator not installed; skipping");
        return;
    }
    let path = std::env::temp_dir().join(format!("wavec_hlsl_group_wave_{}.hlsl", std::process::id()));
    std::fs::write(&path, GROUP_WAVE_SM_6_5).unwrap();
    let spv = path.with_extension("spv");
    let out = Command::new("glslangValidator")
        .args(["-D", "-V", "--target-env", "vulkan1.1", "-S", "comp", "-e", "main", "-o"])
        .arg(&spv)
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&spv);
    assert!(
        out.status.success(),
        "glslangValidator failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
