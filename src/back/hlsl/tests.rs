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
            },
        }
    }
    fn local_full(
        &mut self,
        name: &str,
        ty: Type,
        param: Option<ParamMode>,
        builtin: Option<BuiltinInput>,
    ) -> LocalId {
        let l = self.f.locals.append(Local {
            name: name.to_string(),
            ty,
            param,
            builtin,
            semantic: None,
            is_const: false,
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
        let ty = if op.is_comparison() || op.is_logical() {
            Type::BOOL
        } else {
            self.ty(a)
        };
        self.e(ExprKind::Binary(op, a, b), ty)
    }
    fn assign(&mut self, target: ExprId, value: ExprId) -> ExprId {
        let ty = self.ty(target);
        self.e(
            ExprKind::Assign {
                op: None,
                target,
                value,
            },
            ty,
        )
    }
    fn swz(&mut self, base: ExprId, components: &[u8]) -> ExprId {
        let s = self.ty(base).scalar().unwrap();
        let ty = if components.len() == 1 {
            Type::Scalar(s)
        } else {
            Type::Vector(s, components.len() as u8)
        };
        self.e(
            ExprKind::Swizzle {
                base,
                components: components.to_vec(),
            },
            ty,
        )
    }
    fn intr(&mut self, id: u32, args: Vec<ExprId>, bound: Option<Type>, ret: Type) -> ExprId {
        self.e(
            ExprKind::Intrinsic {
                id: IntrinsicId(id),
                args,
                bound,
            },
            ret,
        )
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
        space,
        init: None,
        register: None,
        vk_binding: None,
        span: Span::DUMMY,
    }
}

fn entry(m: &mut Module, f: Function, numthreads: [u32; 3]) {
    let h = m.functions.append(f);
    m.entry_points.push(EntryPoint {
        name: m.functions[h].name.clone(),
        function: h,
        stage: Stage::Compute,
        numthreads: Some(numthreads),
        wave_size: None,
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
        generics: generic
            .map(|c| vec![("T".to_string(), TypeClass::parse(c).unwrap())])
            .unwrap_or_default(),
        params: params
            .iter()
            .map(|(n, mode, ty)| IntrinsicParam {
                name: n.to_string(),
                mode: *mode,
                ty: ty.clone(),
            })
            .collect(),
        ret,
        wave: true,
        stages: None,
        alias_of: None,
        hlsl,
        attrs: Vec::new(),
    }
}

fn template(text: &str, sm: (u32, u32)) -> HlslLowering {
    HlslLowering::Template {
        text: text.to_string(),
        min_sm: sm,
    }
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
            vec![HlslLowering::Unsupported(
                "DXC has no rotate intrinsic".to_string(),
            )],
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
            vec![
                template("GetGroupWaveIndex()", (6, 10)),
                HlslLowering::Emulated("group_wave_index".to_string()),
            ],
        ),
        intrinsic(
            "GetGroupWaveCount",
            None,
            &[],
            UINT,
            vec![
                template("GetGroupWaveCount()", (6, 10)),
                HlslLowering::Emulated("group_wave_index".to_string()),
            ],
        ),
        intrinsic(
            "WaveIsFirstLane",
            None,
            &[],
            b,
            vec![template("WaveIsFirstLane()", (6, 0))],
        ),
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
            &[
                ("dest", ParamMode::InOut, t.clone()),
                ("value", IN, t.clone()),
                ("original", ParamMode::Out, t.clone()),
            ],
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
            Field {
                name: "pos".to_string(),
                ty: F3,
                semantic: None,
                span: Span::DUMMY,
            },
            Field {
                name: "mass".to_string(),
                ty: Type::FLOAT,
                semantic: None,
                span: Span::DUMMY,
            },
        ],
        span: Span::DUMMY,
    });
    let mut buf = global(
        "particles",
        Type::Resource(
            ResourceKind::RWStructuredBuffer,
            Some(Box::new(Type::Struct(particle))),
        ),
        AddressSpace::Resource,
    );
    buf.register = Some(Register {
        class: 'u',
        index: 0,
        space: 0,
    });
    buf.vk_binding = Some((0, 0));
    let buf = m.globals.append(buf);
    m.cbuffers.push(Cbuffer {
        name: "Params".to_string(),
        register: Some(Register {
            class: 'b',
            index: 0,
            space: 0,
        }),
        vk_binding: Some((1, 0)),
        span: Span::DUMMY,
    });
    let _count = m.globals.append(global(
        "count",
        Type::UINT,
        AddressSpace::Uniform { cbuffer: Some(0) },
    ));
    let mut bytes = global(
        "raw",
        Type::Resource(ResourceKind::ByteAddressBuffer, None),
        AddressSpace::Resource,
    );
    bytes.register = Some(Register {
        class: 't',
        index: 2,
        space: 1,
    });
    let bytes = m.globals.append(bytes);
    let scale = m.globals.append(global(
        "scale",
        Type::FLOAT,
        AddressSpace::Uniform { cbuffer: Some(0) },
    ));
    let _cache = m.globals.append(global(
        "cache",
        Type::Array(Box::new(Type::FLOAT), Some(64)),
        AddressSpace::Groupshared,
    ));
    let mut table = global(
        "table",
        Type::Array(Box::new(Type::UINT), Some(3)),
        AddressSpace::Constant,
    );
    table.init = Some(ConstValue::Composite(vec![
        ConstValue::Uint(1),
        ConstValue::Uint(2),
        ConstValue::Uint(3),
    ]));
    m.globals.append(table);
    let mut bias = global("bias", F3, AddressSpace::Constant);
    bias.init = Some(ConstValue::Composite(vec![
        ConstValue::Float(0.5),
        ConstValue::Float(-1.0),
        ConstValue::Float(1e-7),
    ]));
    m.globals.append(bias);
    // Reserved words as source names get renamed.
    let out = m
        .globals
        .append(global("out", Type::UINT, AddressSpace::Private));

    // A reachable helper (written first) and an unreachable one (not written at all).
    let mut unused = Fb::new("unused", Type::Void);
    unused.push(Stmt::Return(None));
    m.functions.append(unused.f);
    let mut weigh = Fb::new("weigh", Type::FLOAT);
    let p = weigh.param("p", Type::Struct(particle));
    let linear = weigh.param("linear", Type::FLOAT);
    let pe = weigh.l(p);
    let mass = weigh.e(ExprKind::Field { base: pe, index: 1 }, Type::FLOAT);
    let lin = weigh.l(linear);
    let r = weigh.bin(BinaryOp::Mul, mass, lin);
    weigh.push(Stmt::Return(Some(r)));
    let weigh = m.functions.append(weigh.f);

    let mut f = Fb::new("main", Type::Void);
    let tid = f.builtin("tid", U3, BuiltinInput::DispatchThreadId);
    let b = f.g(&m, buf);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let elem = f.e(
        ExprKind::Index { base: b, index: x },
        Type::Struct(particle),
    );
    let sc = f.g(&m, scale);
    let w = f.e(
        ExprKind::Call {
            function: weigh,
            args: vec![elem, sc],
        },
        Type::FLOAT,
    );
    let b = f.g(&m, buf);
    let t = f.l(tid);
    let x = f.swz(t, &[0]);
    let elem = f.e(
        ExprKind::Index { base: b, index: x },
        Type::Struct(particle),
    );
    let target = f.e(
        ExprKind::Field {
            base: elem,
            index: 1,
        },
        Type::FLOAT,
    );
    let a = f.assign(target, w);
    f.expr_stmt(a);
    let raw = f.g(&m, bytes);
    let off = f.u(16);
    let word = f.e(
        ExprKind::Method {
            object: raw,
            method: ResourceMethod::Load(1),
            args: vec![off],
        },
        Type::UINT,
    );
    let raw = f.g(&m, bytes);
    let off = f.u(0);
    let v = f.e(
        ExprKind::Method {
            object: raw,
            method: ResourceMethod::Load(4),
            args: vec![off],
        },
        Type::Vector(Scalar::F32, 4),
    );
    let vl = f.local("v", Type::Vector(Scalar::F32, 4));
    f.push(Stmt::Local {
        local: vl,
        init: Some(v),
    });
    let o = f.g(&m, out);
    let a = f.assign(o, word);
    f.expr_stmt(a);
    entry(&mut m, f.f, [64, 1, 1]);
    m.entry_points[0].wave_size = Some(WaveSize {
        min: 32,
        max: 32,
        preferred: None,
        range_form: false,
    });

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
    float4 v = raw.Load<float4>(0u);
    out_1 = raw.Load(16u);
}
"
    );
}
