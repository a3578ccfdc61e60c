//! IR → bytecode, once per run. See the module docs of [`super`] for the design.

use super::ops::{self, BinFn, Math, UnFn};
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::layout::Rule;
use crate::span::Span;
use crate::stdlib::{Intrinsic, Stdlib};

mod ray_query;
mod texture;

pub type Reg = u32;
pub type Slot = u16;
/// Mask slot 0 is always empty: "no kill mask" in [`Inst::Merge`].
pub const NO_SLOT: Slot = 0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    GroupIndex,
    GroupThreadId(u8),
    GroupId(u8),
    DispatchThreadId(u8),
    LaneIndex,
    LaneCount,
    WaveIndex,
    WaveCount,
    /// The groups dispatched, in one dimension.
    GroupCount(u8),
    /// The engine's clock, the instructions it has run: its low (0) or high (1) word.
    Clock(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Len {
    Const(u32),
    /// A runtime-sized array reached through a pointer: the access's own bounds check (the
    /// pointee buffer's size) is the only bound.
    Unbounded,
    /// Elements of `stride` bytes that fit in buffer `b` after the place's base offset.
    Buffer(u32),
}

#[derive(Clone, Debug)]
pub struct Dyn {
    pub reg: Reg,
    pub stride: u32,
    pub len: Len,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    /// Per-lane registers starting at this one (locals, statics, temporaries).
    Regs(Reg),
    /// Groupshared words starting at this component index.
    Shared(u32),
    /// Binding-table index of a buffer; offsets are bytes.
    Buffer(u32),
    /// A bound image or sampler (binding-table index); the element of a descriptor array (its
    /// register and the array's length); for a texel of an image, its integer coordinate's
    /// registers (offsets are then component indices).
    Descriptor { binding: u32, element: Option<(Reg, u32)>, coord: Option<([Reg; 4], u8)> },
    /// What the pointer in this register points to ([`super::buffer_address`] says which
    /// buffer and byte an address names); offsets are bytes.
    Pointer(Reg),
}

/// A memory place: a root, dynamic indices, then one (offset, kind) per component.
#[derive(Clone, Debug)]
pub struct Place {
    pub root: Root,
    pub dyns: Vec<Dyn>,
    pub comps: Vec<(u32, u8)>,
    pub ty: Type,
}

#[derive(Clone, Debug)]
pub struct Access {
    pub place: Place,
    pub regs: Vec<Reg>,
    pub store: bool,
    pub span: Span,
}

pub use crate::ir::AtomicOp;

#[derive(Clone, Debug)]
pub struct Atomic {
    pub op: AtomicOp,
    pub place: Place,
    pub value: Reg,
    pub compare: Option<Reg>,
    pub original: Reg,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveKind {
    FirstLane,
    Reduce(u8),
    Scan(u8),
    /// The scan including the lane's own value (GLSL's `subgroupInclusive*`).
    InclusiveScan(u8),
    /// `op` over the active lanes of the lane's cluster (`cluster` lanes, a power of two).
    ClusteredReduce(u8),
    /// `whole`: one `bool` for the value, else one per component.
    AllEqual {
        whole: bool,
    },
    Ballot,
    BallotCount {
        exclusive: bool,
    },
    ReadFirst,
    /// `uniform`: the lane index must be uniform (WaveReadLaneAt); else a shuffle.
    ReadLane {
        uniform: bool,
    },
    Rotate {
        clustered: bool,
    },
    /// GLSL's `subgroupShuffleXor/Up/Down`: the lane at an offset from this one.
    RelativeRead(Relative),
    Match,
    /// `op` over the active lanes of each lane's `uint4` mask: those below it, also itself
    /// (`inclusive`), or all of them (`reduce`).
    MultiPrefix(u8, MultiFold),
    MultiPrefixCount,
    ActiveMask,
    /// Slang's `WaveGetLane{Eq,Ge,Gt,Le,Lt}Mask()`, within the wave.
    LaneMask(LaneMask),
    QuadSwap(u32),
    QuadRead,
    QuadVote {
        all: bool,
    },
    /// `ddx`/`ddy` and their coarse and fine forms, over the entry point's derivative groups.
    Derivative {
        y: bool,
        fine: bool,
    },
}

/// How a relative shuffle finds its source lane from this lane and its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relative {
    Xor,
    Up,
    Down,
}

/// Which lanes of its mask a `WaveMulti*` operation folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiFold {
    Exclusive,
    Inclusive,
    Reduce,
}

/// Which lanes a lane mask holds, relative to this lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneMask {
    Eq,
    Ge,
    Gt,
    Le,
    Lt,
}

#[derive(Clone, Debug)]
pub struct WaveInst {
    pub kind: WaveKind,
    pub k: u8,
    pub dst: Vec<Reg>,
    pub src: Vec<Reg>,
    /// Lane, delta or quad lane.
    pub lane: Option<Reg>,
    /// Cluster size of the clustered rotate.
    pub cluster: Option<Reg>,
    /// A `WaveMask` (lanes 0–31) restricting the participating lanes.
    pub mask: Option<Reg>,
    /// The `uint4` mask of `WaveMultiPrefix*`.
    pub mask4: Option<[Reg; 4]>,
    /// Write only `.x` of a ballot/match (`WaveMask` results).
    pub narrow: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug)]
pub enum Inst {
    Bin {
        f: BinFn,
        d: Reg,
        a: Reg,
        b: Reg,
    },
    Un {
        f: UnFn,
        d: Reg,
        a: Reg,
    },
    Math {
        m: Math,
        k: u8,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Mov {
        d: Reg,
        a: Reg,
    },
    Select {
        d: Reg,
        c: Reg,
        a: Reg,
        b: Reg,
    },
    Input {
        d: Reg,
        what: Input,
    },
    Access(u32),
    Wave(u32),
    Atomic(u32),
    Texture(u32),
    /// A `RayQuery` method ([`super::ray_query`] runs it).
    RayQuery(u32),
    /// `buf.GetDimensions`: elements of `stride` bytes (or bytes when `stride` is 1).
    BufLen {
        d: Reg,
        buffer: u32,
        stride: u32,
    },
    /// `GetDimensions` of the buffer the address in `ptr` names: its elements of `stride`
    /// bytes from that address on.
    PtrLen {
        d: Reg,
        ptr: Reg,
        stride: u32,
        span: Span,
    },
    /// The address ([`super::buffer_address`]) of the buffer each lane's `index` names in the
    /// array of buffers bound at `binding`, `count` long ([`super::texture::RUNTIME_COUNT`]:
    /// as many as the run binds); out of range is reported.
    BufferElement {
        d: Reg,
        binding: u32,
        index: Reg,
        count: u32,
        span: Span,
    },
    IfBegin {
        cond: Reg,
        save: Slot,
        els: Slot,
        else_pc: u32,
    },
    Else {
        els: Slot,
        end_pc: u32,
    },
    Merge {
        save: Slot,
        kill: [Slot; 3],
    },
    /// `switch` case: the lanes of `save` not killed, that match `cond` or fall through.
    Case {
        cond: Reg,
        save: Slot,
        fall: Slot,
        kill: [Slot; 3],
        skip_pc: u32,
    },
    CaseEnd {
        fall: Slot,
    },
    LoopBegin {
        save: Slot,
        brk: Slot,
        cont: Slot,
    },
    LoopCond {
        cond: Reg,
        brk: Slot,
        exit_pc: u32,
    },
    LoopContinue {
        save: Slot,
        brk: Slot,
        cont: Slot,
        ret: Slot,
    },
    LoopBack {
        head: u32,
    },
    LoopEnd {
        save: Slot,
        ret: Slot,
    },
    /// `break`, `continue`, `return`: the active lanes leave until the construct's merge.
    Kill {
        slot: Slot,
    },
    CallBegin {
        save: Slot,
        ret: Slot,
    },
    CallEnd {
        save: Slot,
    },
    Barrier {
        span: u32,
    },
    /// A wave's control barrier (`subgroupBarrier`, `*WithWaveSync`): orders the groupshared
    /// accesses of its lanes before and after, for the race check.
    WaveBarrier,
}

/// A texture read: a texel fetch, a sample or gather, or a size query
/// ([`super::texture`] runs it).
#[derive(Clone, Debug)]
pub struct TexInst {
    pub op: TexOp,
    /// The image: binding-table index and descriptor-array element (register, length).
    pub image: u32,
    pub element: Option<(Reg, u32)>,
    /// The sampler of a sample or gather, likewise.
    pub sampler: Option<(u32, Option<(Reg, u32)>)>,
    /// The texture as declared.
    pub kind: ResourceKind,
    /// The coordinate's components: integers for a fetch, floats for a sample.
    pub coord: Vec<Reg>,
    /// A fetch's or size query's level (integer); a sample's explicit LOD (float).
    pub level: Option<Reg>,
    pub bias: Option<Reg>,
    pub dref: Option<Reg>,
    pub min_lod: Option<Reg>,
    pub grad: Option<(Vec<Reg>, Vec<Reg>)>,
    pub offset: [i32; 3],
    /// A multisampled fetch's sample index.
    pub sample: Option<Reg>,
    /// The result's components (a size query: the sizes, then the level count, or a
    /// multisampled texture's sample count).
    pub dst: Vec<Reg>,
    pub span: Span,
}

/// A `RayQuery` method: the query's state registers (read and written in place), the
/// acceleration structure a trace starts on, the operands, the result.
#[derive(Clone, Debug)]
pub struct RayQueryInst {
    pub op: crate::ir::RayQueryOp,
    pub state: Vec<Reg>,
    pub accel: Option<(u32, Option<(Reg, u32)>)>,
    pub args: Vec<Reg>,
    pub dst: Vec<Reg>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexOp {
    Fetch,
    Sample(SampleOp),
    Size,
}

/// What a binding holds, as the shader declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Descriptor {
    Buffer,
    /// An array of buffers (`StructuredBuffer<T> b[4]`, `ConstantBuffer<P> c[]`): each buffer
    /// the run gives at the binding an element, in order; `count` of them (0: unsized).
    Buffers {
        count: u32,
    },
    /// A texture of `kind` whose texels the shader reads as `texel`; `count` of them.
    Image {
        kind: ResourceKind,
        texel: Scalar,
        count: u32,
    },
    /// A sampler (`compare`: a `SamplerComparisonState`); `count` of them.
    Sampler {
        compare: bool,
        count: u32,
    },
    /// An acceleration structure: its bytes are a [`crate::scene::SceneDesc`]; `count` of them.
    Accel {
        count: u32,
    },
}

/// The (set, binding) the CPU engine files the push constants under: no descriptor has it.
pub const PUSH_CONSTANTS: (u32, u32) = (u32::MAX, 0);

/// A bound buffer, image or sampler of the shader.
#[derive(Clone, Debug)]
pub struct Binding {
    pub name: String,
    pub set: u32,
    pub binding: u32,
    pub uniform: bool,
    pub writable: bool,
    pub span: Span,
    /// The entry point reads or writes it (a run needs a buffer only for these).
    pub used: bool,
    pub descriptor: Descriptor,
    /// The element type of a typed buffer (`Buffer<float4>`): the engine reads its texels as
    /// elements of this type, tightly packed.
    pub typed: Option<Type>,
}

#[derive(Clone, Debug)]
pub struct GroupsharedVar {
    pub name: String,
    pub base: u32,
    pub len: u32,
}

#[derive(Debug)]
pub struct Program {
    pub code: Vec<Inst>,
    pub accesses: Vec<Access>,
    pub waves: Vec<WaveInst>,
    pub atomics: Vec<Atomic>,
    pub textures: Vec<TexInst>,
    pub ray_queries: Vec<RayQueryInst>,
    pub spans: Vec<Span>,
    pub num_regs: u32,
    pub num_slots: u32,
    /// Registers that start every wave with a non-zero value (constants, statics); every other
    /// register starts at zero.
    pub init: Vec<(Reg, u64)>,
    pub shared_words: u32,
    pub shared_vars: Vec<GroupsharedVar>,
    pub bindings: Vec<Binding>,
    pub entry_ret: Slot,
    pub numthreads: [u32; 3],
    /// The entry point's derivative groups, which implicit-LOD sampling reads.
    pub derivative_group: Option<DerivativeGroup>,
}

struct Frame {
    locals: HashMap<LocalId, Reg>,
    ret: Slot,
    ret_regs: Vec<Reg>,
    /// Innermost breakable construct's (brk, cont) slots.
    loops: Vec<(Slot, Slot)>,
}

pub struct Compiler<'m> {
    m: &'m Module,
    lib: &'static Stdlib,
    p: Program,
    globals: HashMap<GlobalId, Root>,
    /// Binding index per resource global / cbuffer.
    global_binding: HashMap<GlobalId, u32>,
    /// The hidden counter of a structured buffer (Append/Consume, `IncrementCounter`), by buffer.
    counter_binding: HashMap<GlobalId, u32>,
    cbuffer_binding: HashMap<Option<usize>, u32>,
    /// Constant registers already made, by value bits.
    consts: HashMap<u64, Reg>,
    frames: Vec<Frame>,
    errors: Vec<Diagnostic>,
    entry_fn: FunctionId,
    entry: usize,
    /// The binding-table index of the push constants, if the entry point has `uniform` values.
    push_binding: Option<u32>,
}

fn unsupported(span: Span, what: impl Into<String>) -> Diagnostic {
    Diagnostic::error("E0709", format!("the CPU engine does not support {}", what.into())).with_label(span, "here")
}

/// `[cpu(kind, args…)]` of an intrinsic, as strings.
pub fn cpu_attr(intr: &Intrinsic) -> Option<Vec<String>> {
    let a = intr.lowerings_for("cpu").next()?;
    Some(a.positional.iter().map(|v| v.text()).collect())
}

fn red_op(name: &str) -> Option<u8> {
    Some(match name {
        "add" => ops::ADD,
        "mul" => ops::MUL,
        "min" => ops::MIN,
        "max" => ops::MAX,
        "and" | "all" => ops::AND,
        "or" | "any" => ops::OR,
        "xor" => ops::XOR,
        _ => return None,
    })
}

impl<'m> Compiler<'m> {
    pub fn new(m: &'m Module, entry: usize) -> Compiler<'m> {
        let ep = &m.entry_points[entry];
        let p = Program {
            code: Vec::new(),
            accesses: Vec::new(),
            waves: Vec::new(),
            atomics: Vec::new(),
            textures: Vec::new(),
            ray_queries: Vec::new(),
            spans: Vec::new(),
            num_regs: 0,
            num_slots: 1,
            init: Vec::new(),
            shared_words: 0,
            shared_vars: Vec::new(),
            bindings: Vec::new(),
            entry_ret: 0,
            numthreads: ep.numthreads.unwrap_or([1, 1, 1]),
            derivative_group: ep.derivative_group,
        };
        Compiler {
            m,
            lib: Stdlib::get(),
            p,
            globals: HashMap::default(),
            global_binding: HashMap::default(),
            counter_binding: HashMap::default(),
            cbuffer_binding: HashMap::default(),
            consts: HashMap::default(),
            frames: Vec::new(),
            errors: Vec::new(),
            entry_fn: ep.function,
            entry,
            push_binding: None,
        }
    }

    // ----- types and layouts -----

    fn kinds(&self, ty: &Type, out: &mut Vec<u8>) {
        match ty {
            Type::Scalar(s) => out.push(ops::kind(*s)),
            Type::Vector(s, n) => out.extend(std::iter::repeat_n(ops::kind(*s), *n as usize)),
            Type::Matrix(s, r, c) => out.extend(std::iter::repeat_n(ops::kind(*s), (*r * *c) as usize)),
            Type::Array(e, Some(n)) => {
                for _ in 0..*n {
                    self.kinds(e, out);
                }
            }
            Type::Struct(h) => {
                for f in &self.m.structs[*h].fields {
                    self.kinds(&f.ty, out);
                }
            }
            Type::Pointer(_) => out.push(ops::kind(Scalar::U64)),
            Type::RayQuery(_) => out.extend(std::iter::repeat_n(ops::kind(Scalar::U32), super::ray_query::WORDS)),
            _ => {}
        }
    }

    fn kinds_of(&self, ty: &Type) -> Vec<u8> {
        let mut v = Vec::new();
        self.kinds(ty, &mut v);
        v
    }

    fn count(&self, ty: &Type) -> u32 {
        self.kinds_of(ty).len() as u32
    }

    /// The byte offset and kind of every component of a `ty` stored at `base` in a buffer laid
    /// out by `rule` ([`crate::layout`], the SPIR-V writer's rules).
    fn layout(&mut self, ty: &Type, rule: Rule, majorness: Majorness, base: u32, out: &mut Vec<(u32, u8)>) {
        let mut comps = Vec::new();
        crate::layout::components(self.m, ty, rule, majorness, base, &mut comps);
        out.extend(comps.into_iter().map(|(off, s)| (off, ops::kind(s))));
    }

    /// The layout rule of a resource expression's buffer: its global's own, else `--layout`'s.
    fn rule_of(&self, e: ExprId, func: FunctionId, kind: ResourceKind) -> Rule {
        let own = self.global_of(e, func).and_then(|g| self.m.globals[g].layout);
        own.unwrap_or(if kind == ResourceKind::ConstantBuffer {
            self.m.layout.uniform()
        } else {
            self.m.layout.storage()
        })
    }

    /// The majorness a resource expression's global was declared with.
    fn majorness_of(&self, e: ExprId, func: FunctionId) -> Majorness {
        self.global_of(e, func).map_or(Majorness::default(), |g| self.m.globals[g].majorness)
    }

    /// The resource global `e` names: the global, or the element of a global array of them.
    fn global_of(&self, e: ExprId, func: FunctionId) -> Option<GlobalId> {
        let exprs = &self.m.functions[func].exprs;
        match &exprs[e].kind {
            ExprKind::Global(g) => Some(*g),
            ExprKind::Index { base, .. } => match &exprs[*base].kind {
                ExprKind::Global(g) if matches!(self.m.globals[*g].ty, Type::Array(..)) => Some(*g),
                _ => None,
            },
            _ => None,
        }
    }

    /// `base[index]` when `base` is an array of buffers: the element, reached through the
    /// address each lane's index names (so the index may differ from lane to lane,
    /// `NonUniformResourceIndex`); a constant buffer's place is its contents. `None` for
    /// anything else; `Some(None)` when the base has no place.
    fn buffer_element(
        &mut self,
        base_ty: &Type,
        base: ExprId,
        index: ExprId,
        func: FunctionId,
        ty: &Type,
    ) -> Option<Option<Place>> {
        let Type::Array(el, n) = base_ty else { return None };
        let Type::Resource(kind, inner) = &**el else { return None };
        if kind.is_texture() || kind.is_sampler() || *kind == ResourceKind::RaytracingAccelerationStructure {
            return None;
        }
        let p = self.place(base, func)?;
        let span = self.m.functions[func].exprs[index].span;
        let Root::Buffer(binding) = p.root else {
            self.errors.push(unsupported(span, "an element of an array of buffers that is not a global"));
            return Some(None);
        };
        let idx_ty = self.ty(index, func).clone();
        let i = self.expr(index, func);
        let i = self.index_u32(i[0], &idx_ty);
        let d = self.regs(1);
        let count = n.unwrap_or(super::texture::RUNTIME_COUNT);
        self.emit(Inst::BufferElement { d, binding, index: i, count, span });
        let root = Root::Pointer(d);
        Some(Some(match (kind, inner) {
            (ResourceKind::ConstantBuffer, Some(t)) => {
                let rule = self
                    .global_of(base, func)
                    .map_or(self.m.layout.uniform(), |g| self.m.uniform_rule(&self.m.globals[g]));
                let majorness = self.majorness_of(base, func);
                let mut comps = Vec::new();
                self.layout(t, rule, majorness, 0, &mut comps);
                Place { root, dyns: vec![], comps, ty: (**t).clone() }
            }
            _ => Place { root, dyns: vec![], comps: vec![], ty: ty.clone() },
        }))
    }

    /// Array stride of `ty` elements.
    pub fn stride(&self, ty: &Type, rule: Rule, majorness: Majorness) -> u32 {
        crate::layout::array_stride(self.m, ty, rule, majorness)
    }

    // ----- registers -----

    fn regs(&mut self, n: u32) -> Reg {
        let r = self.p.num_regs;
        self.p.num_regs += n;
        r
    }

    fn slot(&mut self) -> Slot {
        let s = self.p.num_slots as Slot;
        self.p.num_slots += 1;
        s
    }

    fn emit(&mut self, i: Inst) -> u32 {
        self.p.code.push(i);
        self.p.code.len() as u32 - 1
    }

    fn pc(&self) -> u32 {
        self.p.code.len() as u32
    }

    /// A register holding `bits` on every lane (made before any code).
    fn konst(&mut self, bits: u64) -> Reg {
        if let Some(r) = self.consts.get(&bits) {
            return *r;
        }
        let r = self.regs(1);
        self.set_init(r, bits);
        self.consts.insert(bits, r);
        r
    }

    fn set_init(&mut self, r: Reg, bits: u64) {
        if bits != 0 {
            self.p.init.push((r, bits));
        }
    }

    fn const_bits(c: &ConstValue, k: u8) -> u64 {
        let (i, fl): (i128, f64) = match *c {
            ConstValue::Bool(b) => (b as i128, b as u8 as f64),
            ConstValue::Int(i) => (i as i128, i as f64),
            ConstValue::Uint(u) => (u as i128, u as f64),
            ConstValue::Float(x) => (x as i128, x),
            ConstValue::Composite(_) => (0, 0.0),
        };
        match k {
            ops::BOOL => match *c {
                ConstValue::Float(x) => (x != 0.0) as u64,
                _ => (i != 0) as u64,
            },
            ops::F16 => crate::numeric::f16_bits(fl) as u64,
            ops::F32 => ops::fb(fl as f32),
            ops::F64 => fl.to_bits(),
            _ => i as u64 & (u64::MAX >> (64 - 8 * ops::size_of(k))),
        }
    }

    fn flatten_const(&self, c: &ConstValue, ty: &Type, out: &mut Vec<u64>) {
        let kinds = self.kinds_of(ty);
        let mut leaves = Vec::new();
        fn leaves_of<'a>(c: &'a ConstValue, out: &mut Vec<&'a ConstValue>) {
            match c {
                ConstValue::Composite(v) => v.iter().for_each(|x| leaves_of(x, out)),
                other => out.push(other),
            }
        }
        leaves_of(c, &mut leaves);
        for (i, k) in kinds.iter().enumerate() {
            let leaf =
                if leaves.len() == 1 { leaves[0] } else { leaves.get(i).copied().unwrap_or(&ConstValue::Int(0)) };
            out.push(Self::const_bits(leaf, *k));
        }
    }

    fn const_regs(&mut self, c: &ConstValue, ty: &Type) -> Vec<Reg> {
        let mut bits = Vec::new();
        self.flatten_const(c, ty, &mut bits);
        bits.into_iter().map(|b| self.konst(b)).collect()
    }

    // ----- program -----

    pub fn compile(mut self) -> Result<Program, Vec<Diagnostic>> {
        self.konst(0);
        self.bind_resources();
        // Globals: statics and constants in registers (initialised per wave), groupshared words.
        for (h, g) in self.m.globals.iter() {
            match &g.space {
                AddressSpace::Groupshared => {
                    let n = self.count(&g.ty);
                    let base = self.p.shared_words;
                    self.p.shared_words += n;
                    self.p.shared_vars.push(GroupsharedVar { name: g.name.clone(), base, len: n });
                    self.globals.insert(h, Root::Shared(base));
                }
                AddressSpace::Private | AddressSpace::Constant => {
                    let n = self.count(&g.ty);
                    let base = self.regs(n);
                    if let Some(init) = &g.init {
                        let mut bits = Vec::new();
                        self.flatten_const(init, &g.ty, &mut bits);
                        for (i, b) in bits.into_iter().enumerate() {
                            self.set_init(base + i as u32, b);
                        }
                    }
                    self.globals.insert(h, Root::Regs(base));
                }
                _ => {}
            }
        }
        let entry = self.entry_fn;
        let f = &self.m.functions[entry];
        let ret = self.slot();
        self.p.entry_ret = ret;
        let mut frame = Frame { locals: HashMap::default(), ret, ret_regs: Vec::new(), loops: Vec::new() };
        for &p in &f.params {
            let l = &f.locals[p];
            let n = self.count(&l.ty);
            let base = self.regs(n.max(1));
            frame.locals.insert(p, base);
            let what = |i: u8| match l.builtin {
                Some(BuiltinInput::DispatchThreadId) => Some(Input::DispatchThreadId(i)),
                Some(BuiltinInput::GroupId) => Some(Input::GroupId(i)),
                Some(BuiltinInput::GroupThreadId) => Some(Input::GroupThreadId(i)),
                Some(BuiltinInput::GroupIndex) => Some(Input::GroupIndex),
                Some(BuiltinInput::GroupWaveIndex) => Some(Input::WaveIndex),
                None => None,
            };
            for i in 0..n {
                match what(i as u8) {
                    Some(w) => {
                        self.emit(Inst::Input { d: base + i, what: w });
                    }
                    None => self.errors.push(unsupported(l.span, "entry-point parameters without a compute semantic")),
                }
            }
        }
        self.frames.push(frame);
        self.block(&f.body, entry);
        self.frames.pop();
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        Ok(self.p)
    }

    /// [`Compiler::bind_resources`] alone, for a program that is not compiled.
    pub fn bindings_only(mut self) -> Vec<Binding> {
        self.bind_resources();
        self.p.bindings
    }

    /// The module's bindings (`ir::bindings`: the rule every consumer shares), counters included.
    fn bind_resources(&mut self) {
        use crate::ir::bindings::Slot;
        for b in crate::ir::bindings::bindings(self.m, self.entry) {
            // Resources placed at the same binding share one buffer.
            let shared = self.p.bindings.iter().position(|x| x.set == b.set && x.binding == b.binding);
            let idx = shared.unwrap_or(self.p.bindings.len()) as u32;
            let mut descriptor = Descriptor::Buffer;
            let mut typed = None;
            let writable = match b.slot {
                Slot::Global(h) => {
                    self.global_binding.insert(h, idx);
                    let (ty, count) = match &self.m.globals[h].ty {
                        Type::Array(e, n) => (&**e, n.unwrap_or(super::texture::RUNTIME_COUNT)),
                        t => (t, 1),
                    };
                    descriptor = match ty {
                        Type::Resource(k, Some(e)) if k.is_texture() => {
                            Descriptor::Image { kind: *k, texel: e.scalar().unwrap_or(Scalar::F32), count }
                        }
                        Type::Resource(k, _) if k.is_sampler() => {
                            Descriptor::Sampler { compare: *k == ResourceKind::SamplerComparisonState, count }
                        }
                        Type::Resource(ResourceKind::RaytracingAccelerationStructure, _) => Descriptor::Accel { count },
                        Type::Resource(..) if matches!(self.m.globals[h].ty, Type::Array(..)) => {
                            Descriptor::Buffers { count }
                        }
                        _ => Descriptor::Buffer,
                    };
                    if let Type::Resource(ResourceKind::Buffer | ResourceKind::RWBuffer, Some(e)) = ty {
                        typed = Some((**e).clone());
                    }
                    matches!(ty, Type::Resource(k, _) if k.is_writable())
                }
                Slot::Cbuffer(i) => {
                    self.cbuffer_binding.insert(Some(i), idx);
                    false
                }
                Slot::LooseUniforms => {
                    self.cbuffer_binding.insert(None, idx);
                    false
                }
                Slot::Counter(h) => {
                    self.counter_binding.insert(h, idx);
                    true
                }
            };
            if shared.is_some() {
                continue;
            }
            self.p.bindings.push(Binding {
                name: b.name,
                set: b.set,
                binding: b.binding,
                uniform: b.uniform,
                writable,
                span: b.span,
                used: false,
                descriptor,
                typed,
            });
        }
        // The entry point's `uniform` values: the push constants, a buffer of their own.
        if let Some((_, first)) = self.m.globals.iter().find(|(_, g)| g.space == AddressSpace::PushConstant) {
            self.push_binding = Some(self.p.bindings.len() as u32);
            self.p.bindings.push(Binding {
                name: "push constants".into(),
                set: PUSH_CONSTANTS.0,
                binding: PUSH_CONSTANTS.1,
                uniform: true,
                writable: false,
                span: first.span,
                used: false,
                descriptor: Descriptor::Buffer,
                typed: None,
            });
        }
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().unwrap()
    }

    /// Kill masks that end at the merge of a construct here: return, and the innermost
    /// loop/switch's break and continue.
    fn kills(&self) -> [Slot; 3] {
        let f = self.frames.last().unwrap();
        let (b, c) = f.loops.last().copied().unwrap_or((NO_SLOT, NO_SLOT));
        [f.ret, b, c]
    }

    fn local_reg(&mut self, l: LocalId, func: FunctionId) -> Reg {
        if let Some(r) = self.frame().locals.get(&l) {
            return *r;
        }
        let n = self.count(&self.m.functions[func].locals[l].ty).max(1);
        let r = self.regs(n);
        self.frame().locals.insert(l, r);
        r
    }

    // ----- statements -----

    fn block(&mut self, b: &Block, func: FunctionId) {
        for s in &b.stmts {
            self.stmt(s, func);
        }
    }

    fn stmt(&mut self, s: &Stmt, func: FunctionId) {
        let fx = &self.m.functions[func];
        match s {
            Stmt::Expr(e) => {
                self.expr(*e, func);
            }
            Stmt::Local { local, init } => {
                let r = self.local_reg(*local, func);
                if let Some(e) = init {
                    let v = self.expr(*e, func);
                    for (i, a) in v.into_iter().enumerate() {
                        self.emit(Inst::Mov { d: r + i as u32, a });
                    }
                }
            }
            Stmt::Block(b) => self.block(b, func),
            Stmt::If { cond, then, els, .. } => {
                let c = self.expr(*cond, func)[0];
                let (save, els_slot) = (self.slot(), self.slot());
                let begin = self.emit(Inst::IfBegin { cond: c, save, els: els_slot, else_pc: 0 });
                self.block(then, func);
                let else_at = self.emit(Inst::Else { els: els_slot, end_pc: 0 });
                if let Some(e) = els {
                    self.block(e, func);
                }
                let kill = self.kills();
                let merge = self.emit(Inst::Merge { save, kill });
                self.p.code[begin as usize] = Inst::IfBegin { cond: c, save, els: els_slot, else_pc: else_at };
                self.p.code[else_at as usize] = Inst::Else { els: els_slot, end_pc: merge };
            }
            Stmt::For { init, cond, step, body, .. } => {
                for s in init {
                    self.stmt(s, func);
                }
                self.looped(func, *cond, body, *step, false);
            }
            Stmt::While { cond, body, .. } => self.looped(func, Some(*cond), body, None, false),
            Stmt::DoWhile { body, cond, .. } => self.looped(func, Some(*cond), body, None, true),
            Stmt::Switch { selector, cases } => {
                let sel = self.expr(*selector, func)[0];
                let k = ops::kind(fx.exprs[*selector].ty.scalar().unwrap_or(Scalar::I32));
                // Case conditions first, with the switch's lanes active.
                let mut conds = Vec::new();
                let mut any = self.konst(0);
                for c in cases {
                    let mut cond = self.konst(0);
                    for v in &c.values {
                        let kv = self.konst(Self::const_bits(&ConstValue::Int(*v), k));
                        let eq = self.regs(1);
                        self.emit(Inst::Bin { f: ops::bin_fn(ops::EQ, k), d: eq, a: sel, b: kv });
                        let o = self.regs(1);
                        self.emit(Inst::Bin { f: ops::bin_fn(ops::OR, ops::BOOL), d: o, a: cond, b: eq });
                        cond = o;
                    }
                    let o = self.regs(1);
                    self.emit(Inst::Bin { f: ops::bin_fn(ops::OR, ops::BOOL), d: o, a: any, b: cond });
                    any = o;
                    conds.push(cond);
                }
                let none = self.regs(1);
                self.emit(Inst::Un { f: ops::not_fn(ops::BOOL), d: none, a: any });
                for (c, cond) in cases.iter().zip(conds.iter_mut()) {
                    if c.is_default {
                        let o = self.regs(1);
                        self.emit(Inst::Bin { f: ops::bin_fn(ops::OR, ops::BOOL), d: o, a: *cond, b: none });
                        *cond = o;
                    }
                }
                let (save, brk, fall) = (self.slot(), self.slot(), self.slot());
                let outer = self.kills();
                // `continue` inside a switch belongs to the enclosing loop.
                let cont = outer[2];
                self.emit(Inst::LoopBegin { save, brk, cont: fall });
                self.frame().loops.push((brk, cont));
                for (c, cond) in cases.iter().zip(conds) {
                    let kill = [outer[0], brk, cont];
                    let at = self.emit(Inst::Case { cond, save, fall, kill, skip_pc: 0 });
                    self.block(&c.body, func);
                    let end = self.emit(Inst::CaseEnd { fall });
                    self.p.code[at as usize] = Inst::Case { cond, save, fall, kill, skip_pc: end };
                }
                self.frame().loops.pop();
                self.emit(Inst::Merge { save, kill: outer });
            }
            Stmt::Break => {
                let (b, _) = *self.frame().loops.last().unwrap();
                self.emit(Inst::Kill { slot: b });
            }
            Stmt::Continue => {
                let (_, c) = *self.frame().loops.last().unwrap();
                self.emit(Inst::Kill { slot: c });
            }
            Stmt::Return(e) => {
                if let Some(e) = e {
                    let v = self.expr(*e, func);
                    let rr = self.frame().ret_regs.clone();
                    for (d, a) in rr.into_iter().zip(v) {
                        self.emit(Inst::Mov { d, a });
                    }
                }
                let slot = self.frame().ret;
                self.emit(Inst::Kill { slot });
            }
            Stmt::Discard => {
                self.errors.push(unsupported(Span::default(), "`discard` in a compute shader"));
            }
        }
    }

    fn looped(&mut self, func: FunctionId, cond: Option<ExprId>, body: &Block, step: Option<ExprId>, do_while: bool) {
        let (save, brk, cont) = (self.slot(), self.slot(), self.slot());
        let ret = self.frame().ret;
        self.emit(Inst::LoopBegin { save, brk, cont });
        let head = self.pc();
        let mut cond_at = None;
        if !do_while {
            if let Some(c) = cond {
                let r = self.expr(c, func)[0];
                cond_at = Some((self.emit(Inst::LoopCond { cond: r, brk, exit_pc: 0 }), r));
            }
        }
        self.frame().loops.push((brk, cont));
        self.block(body, func);
        self.frame().loops.pop();
        self.emit(Inst::LoopContinue { save, brk, cont, ret });
        if let Some(s) = step {
            self.expr(s, func);
        }
        if do_while {
            if let Some(c) = cond {
                let r = self.expr(c, func)[0];
                cond_at = Some((self.emit(Inst::LoopCond { cond: r, brk, exit_pc: 0 }), r));
            }
        }
        self.emit(Inst::LoopBack { head });
        let exit = self.emit(Inst::LoopEnd { save, ret });
        if let Some((at, r)) = cond_at {
            self.p.code[at as usize] = Inst::LoopCond { cond: r, brk, exit_pc: exit };
        }
    }

    // ----- expressions -----

    fn ty(&self, e: ExprId, func: FunctionId) -> &'m Type {
        &self.m.functions[func].exprs[e].ty
    }

    fn mov_all(&mut self, v: &[Reg]) -> Vec<Reg> {
        let d = self.regs(v.len() as u32);
        for (i, a) in v.iter().enumerate() {
            self.emit(Inst::Mov { d: d + i as u32, a: *a });
        }
        (0..v.len() as u32).map(|i| d + i).collect()
    }

    fn un(&mut self, f: UnFn, a: Reg) -> Reg {
        let d = self.regs(1);
        self.emit(Inst::Un { f, d, a });
        d
    }

    fn bin(&mut self, op: u8, k: u8, a: Reg, b: Reg) -> Reg {
        let d = self.regs(1);
        self.emit(Inst::Bin { f: ops::bin_fn(op, k), d, a, b });
        d
    }

    /// Compiles `e` to one register per component.
    fn expr(&mut self, id: ExprId, func: FunctionId) -> Vec<Reg> {
        self.expr_value(id, func)
    }

    fn expr_value(&mut self, id: ExprId, func: FunctionId) -> Vec<Reg> {
        let fx = &self.m.functions[func];
        let e = &fx.exprs[id];
        let span = e.span;
        match &e.kind {
            ExprKind::SpirvAsm(_) => unreachable!("lower::spirv_asm refuses inline SPIR-V before the engine"),
            // The engine prints nothing: a test's output is its buffers. The arguments still run
            // for their effects.
            ExprKind::Printf { args, .. } => {
                for &a in args {
                    self.expr(a, func);
                }
                vec![]
            }
            ExprKind::Const(c) => self.const_regs(c, &e.ty),
            ExprKind::AddressOf(place) => match self.place(*place, func) {
                Some(p) => vec![self.address(&p, span)],
                None => vec![self.konst(0)],
            },
            ExprKind::Local(_)
            | ExprKind::Global(_)
            | ExprKind::Field { .. }
            | ExprKind::Index { .. }
            | ExprKind::Deref(_) => match self.place(id, func) {
                Some(p) => self.load(p, span),
                None => vec![self.konst(0); self.count(&e.ty) as usize],
            },
            ExprKind::Swizzle { base, components } => {
                let b = self.expr(*base, func);
                components.iter().map(|c| b.get(*c as usize).copied().unwrap_or(b[0])).collect()
            }
            ExprKind::Unary(op, a) => {
                let k = ops::kind(self.ty(*a, func).scalar().unwrap_or(Scalar::I32));
                let v = self.expr(*a, func);
                let f = match op {
                    UnaryOp::Neg => ops::neg_fn(k),
                    UnaryOp::Not => ops::not_fn(k),
                    UnaryOp::BitNot => ops::bitnot_fn(k),
                };
                v.into_iter().map(|a| self.un(f, a)).collect()
            }
            ExprKind::Binary(op, a, b) => {
                let scalar_bool = |t: &Type| matches!(t, Type::Scalar(Scalar::Bool));
                if op.is_logical() && scalar_bool(self.ty(*a, func)) && scalar_bool(self.ty(*b, func)) {
                    // HLSL 2021 short-circuits scalar `&&` / `||`: `b` runs only where needed.
                    let av = self.expr(*a, func)[0];
                    let d = self.mov_all(&[av])[0];
                    let cond = if *op == BinaryOp::LogicAnd { av } else { self.un(ops::not_fn(ops::BOOL), av) };
                    self.masked(cond, |c| {
                        let bv = c.expr(*b, func)[0];
                        c.emit(Inst::Mov { d, a: bv });
                    });
                    return vec![d];
                }
                if let Type::Pointer(pointee) = &e.ty {
                    return vec![self.pointer_step(*op, *a, *b, pointee, func)];
                }
                let k = self.kinds_of(self.ty(*a, func)).first().copied().unwrap_or(ops::I32);
                let av = self.expr(*a, func);
                let bv = self.expr(*b, func);
                let n = av.len().max(bv.len());
                let code = ops::binary_code(*op);
                (0..n)
                    .map(|i| {
                        let x = av[if av.len() == 1 { 0 } else { i }];
                        let y = bv[if bv.len() == 1 { 0 } else { i }];
                        self.bin(code, k, x, y)
                    })
                    .collect()
            }
            ExprKind::Select { cond, then, els } => {
                let cv_ty = self.ty(*cond, func).clone();
                if cv_ty.element_count() <= 1 {
                    let c = self.expr(*cond, func)[0];
                    let n = self.count(&e.ty);
                    let d = self.regs(n);
                    let (save, es) = (self.slot(), self.slot());
                    let begin = self.emit(Inst::IfBegin { cond: c, save, els: es, else_pc: 0 });
                    let tv = self.expr(*then, func);
                    for (i, a) in tv.into_iter().enumerate() {
                        self.emit(Inst::Mov { d: d + i as u32, a });
                    }
                    let else_at = self.emit(Inst::Else { els: es, end_pc: 0 });
                    let ev = self.expr(*els, func);
                    for (i, a) in ev.into_iter().enumerate() {
                        self.emit(Inst::Mov { d: d + i as u32, a });
                    }
                    let kill = self.kills();
                    let merge = self.emit(Inst::Merge { save, kill });
                    self.p.code[begin as usize] = Inst::IfBegin { cond: c, save, els: es, else_pc: else_at };
                    self.p.code[else_at as usize] = Inst::Else { els: es, end_pc: merge };
                    (0..n).map(|i| d + i).collect()
                } else {
                    let c = self.expr(*cond, func);
                    let t = self.expr(*then, func);
                    let f = self.expr(*els, func);
                    (0..t.len())
                        .map(|i| {
                            let d = self.regs(1);
                            let ci = c[i.min(c.len() - 1)];
                            self.emit(Inst::Select { d, c: ci, a: t[i], b: f[i.min(f.len() - 1)] });
                            d
                        })
                        .collect()
                }
            }
            ExprKind::Convert(a) => {
                let from_ty = self.ty(*a, func).clone();
                let v = self.expr(*a, func);
                // A descriptor handle's `uint2` is its address's two words, low first.
                let uint2 = Type::Vector(Scalar::U32, 2);
                if from_ty.handle_resource().is_some() && e.ty == uint2 {
                    let low = self.un(ops::conv_fn(ops::U64, ops::U32), v[0]);
                    let shift = self.konst(32);
                    let high = self.bin(ops::SHR, ops::U64, v[0], shift);
                    let high = self.un(ops::conv_fn(ops::U64, ops::U32), high);
                    return vec![low, high];
                }
                if e.ty.handle_resource().is_some() && from_ty == Type::UINT {
                    self.errors.push(unsupported(
                        span,
                        "a descriptor heap (`ResourceDescriptorHeap[i]`): its handles are buffers' addresses",
                    ));
                    return vec![self.konst(0)];
                }
                if e.ty.handle_resource().is_some() && from_ty == uint2 {
                    let low = self.un(ops::conv_fn(ops::U32, ops::U64), v[0]);
                    let high = self.un(ops::conv_fn(ops::U32, ops::U64), v[1]);
                    let shift = self.konst(32);
                    let high = self.bin(ops::SHL, ops::U64, high, shift);
                    return vec![self.bin(ops::OR, ops::U64, low, high)];
                }
                self.convert(v, &from_ty, &e.ty)
            }
            ExprKind::Construct(parts) => {
                let kinds = self.kinds_of(&e.ty);
                let mut out = Vec::new();
                for p in parts {
                    let pt = self.ty(*p, func).clone();
                    let v = self.expr(*p, func);
                    let pk = self.kinds_of(&pt);
                    for (j, r) in v.into_iter().enumerate() {
                        let want = kinds.get(out.len()).copied().unwrap_or(ops::U32);
                        let have = pk.get(j).copied().unwrap_or(want);
                        out.push(if want == have { r } else { self.un(ops::conv_fn(have, want), r) });
                    }
                }
                if out.len() == 1 && kinds.len() > 1 {
                    out = vec![out[0]; kinds.len()];
                }
                out
            }
            ExprKind::Call { function, args } => self.call(*function, args, func, span),
            ExprKind::Intrinsic { id, args, .. } => self.intrinsic(*id, args, func, id_ty(e), span),
            ExprKind::Method { object, method, args } => self.method(*object, *method, args, func, &e.ty, span),
            ExprKind::Assign { op, target, value } => {
                let Some(place) = self.place(*target, func) else { return vec![] };
                let v = self.expr(*value, func);
                let v = match op {
                    // A value made of the target's own registers (`v = v.yx`, `v = int2(-v.y, v.x)`)
                    // would read components the store has already overwritten: copy it first.
                    None if Self::reads_own_registers(&place, &v) => self.mov_all(&v),
                    None => v,
                    Some(op) => {
                        let old = self.load(place.clone(), span);
                        let k = ops::kind(place.ty.scalar().unwrap_or(Scalar::I32));
                        let code = ops::binary_code(*op);
                        let new: Vec<Reg> = old
                            .iter()
                            .enumerate()
                            .map(|(i, o)| {
                                let y = v[if v.len() == 1 { 0 } else { i }];
                                self.bin(code, k, *o, y)
                            })
                            .collect();
                        new
                    }
                };
                self.store(place, &v, span);
                v
            }
            ExprKind::IncDec { op, target } => {
                let Some(place) = self.place(*target, func) else { return vec![] };
                let old = self.load(place.clone(), span);
                let old = self.mov_all(&old);
                let k = ops::kind(place.ty.scalar().unwrap_or(Scalar::I32));
                let one = self.konst(Self::const_bits(&ConstValue::Int(1), k));
                let code = if matches!(op, IncDec::PreInc | IncDec::PostInc) { ops::ADD } else { ops::SUB };
                let new: Vec<Reg> = old.iter().map(|o| self.bin(code, k, *o, one)).collect();
                self.store(place, &new, span);
                if matches!(op, IncDec::PreInc | IncDec::PreDec) {
                    new
                } else {
                    old
                }
            }
            ExprKind::Comma(a, b) => {
                self.expr(*a, func);
                self.expr(*b, func)
            }
            ExprKind::GroupWave(v) => {
                let d = self.regs(1);
                let what = match v {
                    GroupWaveValue::Index => Input::WaveIndex,
                    GroupWaveValue::Count => Input::WaveCount,
                };
                self.emit(Inst::Input { d, what });
                vec![d]
            }
        }
    }

    /// Runs `body` with only the lanes where `cond` holds (an `if` without `else`).
    fn masked(&mut self, cond: Reg, body: impl FnOnce(&mut Self)) {
        let (save, els) = (self.slot(), self.slot());
        let begin = self.emit(Inst::IfBegin { cond, save, els, else_pc: 0 });
        body(self);
        let kill = self.kills();
        let merge = self.emit(Inst::Merge { save, kill });
        self.p.code[begin as usize] = Inst::IfBegin { cond, save, els, else_pc: merge };
    }

    fn convert(&mut self, v: Vec<Reg>, from: &Type, to: &Type) -> Vec<Reg> {
        let fk = self.kinds_of(from);
        let tk = self.kinds_of(to);
        if fk.is_empty() || tk.is_empty() {
            return v;
        }
        // Pick the source component of each target component.
        let picks: Vec<usize> = match (from, to) {
            _ if fk.len() == 1 => vec![0; tk.len()],
            (Type::Matrix(_, _, fc), Type::Matrix(_, tr, tc)) => {
                let mut p = Vec::new();
                for r in 0..*tr as usize {
                    for c in 0..*tc as usize {
                        p.push(r * *fc as usize + c);
                    }
                }
                p
            }
            _ => (0..tk.len()).collect(),
        };
        picks
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let (a, b) = (fk[s.min(fk.len() - 1)], tk[i]);
                let r = v[s.min(v.len() - 1)];
                if a == b {
                    r
                } else {
                    self.un(ops::conv_fn(a, b), r)
                }
            })
            .collect()
    }

    // ----- places -----

    fn place(&mut self, id: ExprId, func: FunctionId) -> Option<Place> {
        let fx = &self.m.functions[func];
        let e = &fx.exprs[id];
        let kinds = self.kinds_of(&e.ty);
        let unit = |kinds: &[u8]| kinds.iter().enumerate().map(|(i, k)| (i as u32, *k)).collect::<Vec<_>>();
        match &e.kind {
            ExprKind::Local(l) => {
                let r = self.local_reg(*l, func);
                Some(Place { root: Root::Regs(r), dyns: vec![], comps: unit(&kinds), ty: e.ty.clone() })
            }
            ExprKind::Global(g) => {
                let gl = &self.m.globals[*g];
                match &gl.space {
                    AddressSpace::Uniform { cbuffer } => {
                        let b = *self.cbuffer_binding.get(cbuffer)?;
                        self.p.bindings[b as usize].used = true;
                        // The member's offset in its cbuffer (its variables in order).
                        let rule = self.m.layout.uniform();
                        let members: Vec<(GlobalId, &Global)> =
                            self.m.globals.iter().filter(|(_, o)| o.space == gl.space).collect();
                        let offsets = crate::layout::member_offsets(
                            self.m,
                            members.iter().map(|(_, o)| (&o.ty, o.majorness, o.packoffset)),
                            rule,
                        );
                        let off = members.iter().zip(offsets).find(|((h, _), _)| h == g).map(|(_, o)| o)?;
                        let mut comps = Vec::new();
                        self.layout(&gl.ty, rule, gl.majorness, off, &mut comps);
                        Some(Place { root: Root::Buffer(b), dyns: vec![], comps, ty: gl.ty.clone() })
                    }
                    AddressSpace::PushConstant => {
                        let b = self.push_binding?;
                        self.p.bindings[b as usize].used = true;
                        let rule = self.m.layout.storage();
                        let members: Vec<(GlobalId, &Global)> =
                            self.m.globals.iter().filter(|(_, o)| o.space == AddressSpace::PushConstant).collect();
                        let offsets = crate::layout::member_offsets(
                            self.m,
                            members.iter().map(|(_, o)| (&o.ty, o.majorness, None)),
                            rule,
                        );
                        let off = members.iter().zip(offsets).find(|((h, _), _)| h == g).map(|(_, o)| o)?;
                        let mut comps = Vec::new();
                        self.layout(&gl.ty, rule, gl.majorness, off, &mut comps);
                        Some(Place { root: Root::Buffer(b), dyns: vec![], comps, ty: gl.ty.clone() })
                    }
                    AddressSpace::Resource => {
                        let b = *self.global_binding.get(g)?;
                        self.p.bindings[b as usize].used = true;
                        if let Descriptor::Buffers { .. } = self.p.bindings[b as usize].descriptor {
                            // The array: an index names its element (`buffer_element`).
                            return Some(Place {
                                root: Root::Buffer(b),
                                dyns: vec![],
                                comps: vec![],
                                ty: gl.ty.clone(),
                            });
                        }
                        if self.p.bindings[b as usize].descriptor != Descriptor::Buffer {
                            let root = Root::Descriptor { binding: b, element: None, coord: None };
                            return Some(Place { root, dyns: vec![], comps: vec![], ty: gl.ty.clone() });
                        }
                        match &gl.ty {
                            Type::Resource(ResourceKind::ConstantBuffer, Some(t)) => {
                                let mut comps = Vec::new();
                                self.layout(t, self.m.uniform_rule(gl), gl.majorness, 0, &mut comps);
                                Some(Place { root: Root::Buffer(b), dyns: vec![], comps, ty: (**t).clone() })
                            }
                            _ => Some(Place { root: Root::Buffer(b), dyns: vec![], comps: vec![], ty: gl.ty.clone() }),
                        }
                    }
                    _ => {
                        let root = *self.globals.get(g)?;
                        Some(Place { root, dyns: vec![], comps: unit(&kinds), ty: e.ty.clone() })
                    }
                }
            }
            ExprKind::Field { base, index } => {
                let mut p = self.place(*base, func)?;
                let Type::Struct(h) = &p.ty else { return None };
                let fields = &self.m.structs[*h].fields;
                // A runtime-sized array ending what a pointer points to has no components: the
                // place keeps where it starts, for the index that follows.
                if let (Type::Array(_, None), Root::Pointer(_)) = (&fields[*index as usize].ty, p.root) {
                    let rule = crate::layout::POINTEE;
                    let mut own = Vec::new();
                    self.layout(&p.ty, rule, Majorness::default(), 0, &mut own);
                    let start = match (p.comps.first(), own.first()) {
                        (Some(at), Some(own)) => at.0 - own.0,
                        _ => 0,
                    };
                    let offset = crate::layout::field_offsets(self.m, *h, rule)[*index as usize];
                    p.comps = vec![(start + offset, ops::U32)];
                    p.ty = e.ty.clone();
                    return Some(p);
                }
                let start: u32 = fields[..*index as usize].iter().map(|f| self.count(&f.ty)).sum();
                let n = self.count(&fields[*index as usize].ty);
                p.comps = p.comps[start as usize..(start + n) as usize].to_vec();
                p.ty = e.ty.clone();
                Some(p)
            }
            ExprKind::Deref(pointer) => {
                let r = self.expr(*pointer, func)[0];
                // A descriptor handle: on the CPU engine a buffer's handle is its address.
                match &e.ty {
                    Type::Resource(ResourceKind::ConstantBuffer, Some(t)) => {
                        let mut comps = Vec::new();
                        self.layout(t, self.m.layout.uniform(), Majorness::default(), 0, &mut comps);
                        return Some(Place { root: Root::Pointer(r), dyns: vec![], comps, ty: (**t).clone() });
                    }
                    Type::Resource(kind, _)
                        if kind.is_texture()
                            || kind.is_sampler()
                            || *kind == ResourceKind::Buffer
                            || *kind == ResourceKind::RWBuffer =>
                    {
                        self.errors.push(unsupported(
                            e.span,
                            format!(
                                "a `{}` named by a descriptor handle (buffers' handles only)",
                                self.m.type_name(&e.ty)
                            ),
                        ));
                        return None;
                    }
                    Type::Resource(..) => {
                        return Some(Place { root: Root::Pointer(r), dyns: vec![], comps: vec![], ty: e.ty.clone() });
                    }
                    _ => {}
                }
                let mut comps = Vec::new();
                self.layout(&e.ty, crate::layout::POINTEE, Majorness::default(), 0, &mut comps);
                Some(Place { root: Root::Pointer(r), dyns: vec![], comps, ty: e.ty.clone() })
            }
            ExprKind::Swizzle { base, components } => {
                let mut p = self.place(*base, func)?;
                p.comps = components.iter().map(|c| p.comps[*c as usize]).collect();
                p.ty = e.ty.clone();
                Some(p)
            }
            ExprKind::Index { base, index } => {
                let base_ty = self.ty(*base, func).clone();
                let idx_ty = self.ty(*index, func).clone();
                let idx_span = fx.exprs[*index].span;
                if let Some(p) = self.descriptor_index(&base_ty, *base, *index, func, &e.ty) {
                    return p;
                }
                if let Some(p) = self.buffer_element(&base_ty, *base, *index, func, &e.ty) {
                    return p;
                }
                if let Type::Resource(kind, elem) = &base_ty {
                    let mut p = self.place(*base, func)?;
                    let len = match p.root {
                        Root::Buffer(b) => Len::Buffer(b),
                        // A buffer named by a descriptor handle: bounded by its own size.
                        Root::Pointer(_) => Len::Unbounded,
                        _ => return None,
                    };
                    let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                    let rule = self.rule_of(*base, func, *kind);
                    let majorness = self.majorness_of(*base, func);
                    let mut comps = Vec::new();
                    self.layout(&elem, rule, majorness, 0, &mut comps);
                    let i = self.expr(*index, func);
                    let i = self.index_u32(i[0], &idx_ty);
                    let stride = self.stride(&elem, rule, majorness);
                    p.dyns.push(Dyn { reg: i, stride, len, span: idx_span });
                    p.comps = comps;
                    p.ty = elem;
                    return Some(p);
                }
                let mut p = self.place(*base, func)?;
                // A runtime-sized array at the end of what a pointer points to.
                if let (Type::Array(el, None), Root::Pointer(_)) = (&base_ty, p.root) {
                    let rule = crate::layout::POINTEE;
                    let mut comps = Vec::new();
                    self.layout(el, rule, Majorness::default(), p.comps.first().map_or(0, |c| c.0), &mut comps);
                    let i = self.expr(*index, func);
                    let i = self.index_u32(i[0], &idx_ty);
                    let stride = self.stride(el, rule, Majorness::default());
                    p.dyns.push(Dyn { reg: i, stride, len: Len::Unbounded, span: idx_span });
                    p.comps = comps;
                    p.ty = e.ty.clone();
                    return Some(p);
                }
                let (n, ec) = match &base_ty {
                    Type::Array(el, Some(n)) => (*n, self.count(el)),
                    Type::Vector(_, n) => (*n as u32, 1),
                    Type::Matrix(_, r, c) => (*r as u32, *c as u32),
                    _ => return None,
                };
                if let ExprKind::Const(c) = &fx.exprs[*index].kind {
                    if let Some(i) = c.as_u64() {
                        if i < n as u64 {
                            let s = i as usize * ec as usize;
                            p.comps = p.comps[s..s + ec as usize].to_vec();
                            p.ty = e.ty.clone();
                            return Some(p);
                        }
                    }
                }
                // An index known only at run time steps through evenly spaced elements: an array of
                // resources holds none in registers, and a swizzle may reorder them.
                if ec == 0 {
                    self.errors
                        .push(unsupported(idx_span, "an array of buffers indexed by a value known only at run time"));
                    return None;
                }
                let e0 = ec as usize;
                let groups = p.comps.len() / e0;
                let step = |k: usize, j: usize| p.comps[k * e0 + j].0 as i64 - p.comps[j].0 as i64;
                let stride = if groups >= 2 { step(1, 0) } else { ec as i64 };
                if stride <= 0 || !(1..groups).all(|k| (0..e0).all(|j| step(k, j) == k as i64 * stride)) {
                    let what = "an index known only at run time into a swizzle that reorders its components";
                    self.errors.push(unsupported(idx_span, what));
                    return None;
                }
                let stride = stride as u32;
                let i = self.expr(*index, func);
                let i = self.index_u32(i[0], &idx_ty);
                p.dyns.push(Dyn { reg: i, stride, len: Len::Const(n), span: idx_span });
                p.comps = p.comps[..ec as usize].to_vec();
                p.ty = e.ty.clone();
                Some(p)
            }
            _ => {
                // An rvalue: materialise it.
                let v = self.expr(id, func);
                let v = self.mov_all(&v);
                Some(Place {
                    root: Root::Regs(v.first().copied().unwrap_or(0)),
                    dyns: vec![],
                    comps: unit(&kinds),
                    ty: e.ty.clone(),
                })
            }
        }
    }

    /// `p + n`, `p - n`: the address `n` pointees on (back), in 64-bit arithmetic.
    fn pointer_step(&mut self, op: BinaryOp, p: ExprId, n: ExprId, pointee: &Type, func: FunctionId) -> Reg {
        let k64 = ops::kind(Scalar::U64);
        let pv = self.expr(p, func)[0];
        let nk = self.kinds_of(self.ty(n, func)).first().copied().unwrap_or(k64);
        let nv = self.expr(n, func)[0];
        let nv = if nk == k64 { nv } else { self.un(ops::conv_fn(nk, k64), nv) };
        let stride = self.stride(pointee, crate::layout::POINTEE, Majorness::default());
        let s = self.konst(stride as u64);
        let bytes = self.bin(ops::binary_code(BinaryOp::Mul), k64, nv, s);
        self.bin(ops::binary_code(op), k64, pv, bytes)
    }

    /// The address of a place reached through a pointer: the pointer, its indices times their
    /// strides, and the offset of the place's first component.
    fn address(&mut self, p: &Place, span: Span) -> Reg {
        let Root::Pointer(base) = p.root else {
            self.errors.push(unsupported(span, "the address of memory not reached through a pointer"));
            return self.konst(0);
        };
        let k64 = ops::kind(Scalar::U64);
        let add = ops::binary_code(BinaryOp::Add);
        let mut at = base;
        for d in &p.dyns {
            let i = self.un(ops::conv_fn(ops::U32, k64), d.reg);
            let s = self.konst(d.stride as u64);
            let bytes = self.bin(ops::binary_code(BinaryOp::Mul), k64, i, s);
            at = self.bin(add, k64, at, bytes);
        }
        let first = p.comps.first().map_or(0, |c| c.0);
        if first != 0 {
            let o = self.konst(first as u64);
            at = self.bin(add, k64, at, o);
        }
        at
    }

    fn index_u32(&mut self, r: Reg, ty: &Type) -> Reg {
        let k = ops::kind(ty.scalar().unwrap_or(Scalar::U32));
        if k == ops::U32 || k == ops::I32 {
            r
        } else {
            self.un(ops::conv_fn(k, ops::U32), r)
        }
    }

    fn load(&mut self, p: Place, span: Span) -> Vec<Reg> {
        if let (Root::Regs(base), true) = (p.root, p.dyns.is_empty()) {
            return p.comps.iter().map(|(o, _)| base + o).collect();
        }
        let n = p.comps.len() as u32;
        let d = self.regs(n);
        let regs: Vec<Reg> = (0..n).map(|i| d + i).collect();
        self.p.accesses.push(Access { place: p, regs: regs.clone(), store: false, span });
        self.emit(Inst::Access(self.p.accesses.len() as u32 - 1));
        regs
    }

    /// Whether storing `v` into `p` component by component would read a register an earlier
    /// component of the same store wrote.
    fn reads_own_registers(p: &Place, v: &[Reg]) -> bool {
        let (Root::Regs(base), true) = (p.root, p.dyns.is_empty()) else { return false };
        let dests: Vec<Reg> = p.comps.iter().map(|(o, _)| base + o).collect();
        v.iter().enumerate().any(|(i, a)| dests.iter().enumerate().any(|(j, d)| d == a && j != i))
    }

    fn store(&mut self, p: Place, v: &[Reg], span: Span) {
        if v.is_empty() {
            return;
        }
        let v: Vec<Reg> = (0..p.comps.len()).map(|i| v[if v.len() == 1 { 0 } else { i.min(v.len() - 1) }]).collect();
        if let (Root::Regs(base), true) = (p.root, p.dyns.is_empty()) {
            for ((o, _), a) in p.comps.iter().zip(v) {
                self.emit(Inst::Mov { d: base + o, a });
            }
            return;
        }
        self.p.accesses.push(Access { place: p, regs: v, store: true, span });
        self.emit(Inst::Access(self.p.accesses.len() as u32 - 1));
    }

    // ----- calls -----

    fn call(&mut self, callee: FunctionId, args: &[ExprId], func: FunctionId, span: Span) -> Vec<Reg> {
        let f = &self.m.functions[callee];
        let mut frame = Frame { locals: HashMap::default(), ret: 0, ret_regs: Vec::new(), loops: Vec::new() };
        let mut outs = Vec::new();
        for (&p, &a) in f.params.iter().zip(args) {
            let l = &f.locals[p];
            let n = self.count(&l.ty).max(1);
            let r = self.regs(n);
            frame.locals.insert(p, r);
            let mode = l.param.unwrap_or(ParamMode::In);
            if mode == ParamMode::In {
                let v = self.expr(a, func);
                for (i, x) in v.into_iter().enumerate() {
                    self.emit(Inst::Mov { d: r + i as u32, a: x });
                }
            } else if let Some(place) = self.place(a, func) {
                if mode == ParamMode::InOut {
                    let v = self.load(place.clone(), span);
                    for (i, x) in v.into_iter().enumerate() {
                        self.emit(Inst::Mov { d: r + i as u32, a: x });
                    }
                }
                outs.push((place, r, n));
            }
        }
        let nret = self.count(&f.ret);
        let ret_base = self.regs(nret.max(1));
        frame.ret_regs = (0..nret).map(|i| ret_base + i).collect();
        let (save, ret) = (self.slot(), self.slot());
        frame.ret = ret;
        self.emit(Inst::CallBegin { save, ret });
        self.frames.push(frame);
        self.block(&f.body, callee);
        self.frames.pop();
        self.emit(Inst::CallEnd { save });
        for (place, r, n) in outs {
            let v: Vec<Reg> = (0..n).map(|i| r + i).collect();
            self.store(place, &v, span);
        }
        (0..nret).map(|i| ret_base + i).collect()
    }

    fn method(
        &mut self,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        func: FunctionId,
        ty: &Type,
        span: Span,
    ) -> Vec<Reg> {
        if let ResourceMethod::RayQuery(op) = method {
            return self.ray_query_method(object, op, args, func, ty, span);
        }
        let Some(obj) = self.place(object, func) else {
            // Reported: what stands for the result until the run is refused.
            let n = self.count(ty) as usize;
            return vec![self.konst(0); n];
        };
        if let Root::Descriptor { binding, element, .. } = obj.root {
            return self.texture_method(binding, element, &obj.ty, method, args, func, ty, span);
        }
        let (root, len) = match obj.root {
            Root::Buffer(b) => (obj.root, Len::Buffer(b)),
            // A buffer named by a descriptor handle (its address).
            Root::Pointer(_) => (obj.root, Len::Unbounded),
            _ => return vec![],
        };
        let Type::Resource(kind, elem) = &obj.ty else { return vec![] };
        let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
        let majorness = self.majorness_of(object, func);
        let rule = self.rule_of(object, func, *kind);
        let fx = &self.m.functions[func];
        let byte = kind.is_byte_address();
        let addr_place = |c: &mut Self, addr: Reg, vty: &Type, aspan: Span| {
            let mut comps = Vec::new();
            if byte {
                // Byte-address buffers: the layout module's packing from the byte address.
                let mut packed = Vec::new();
                crate::layout::packed_components(c.m, vty, rule, 0, &mut packed);
                comps.extend(packed.into_iter().map(|(off, s)| (off, ops::kind(s))));
                Place { root, dyns: vec![Dyn { reg: addr, stride: 1, len, span: aspan }], comps, ty: vty.clone() }
            } else {
                c.layout(&elem, rule, majorness, 0, &mut comps);
                let stride = c.stride(&elem, rule, majorness);
                Place { root, dyns: vec![Dyn { reg: addr, stride, len, span: aspan }], comps, ty: elem.clone() }
            }
        };
        match method {
            ResourceMethod::Load(_) => {
                let a = self.expr(args[0], func)[0];
                let p = addr_place(self, a, ty, fx.exprs[args[0]].span);
                self.load(p, span)
            }
            ResourceMethod::Store(_) => {
                let a = self.expr(args[0], func)[0];
                let vty = self.ty(args[1], func).clone();
                let v = self.expr(args[1], func);
                let p = addr_place(self, a, &vty, fx.exprs[args[0]].span);
                self.store(p, &v, span);
                vec![]
            }
            ResourceMethod::GetDimensions => {
                let stride = if byte { 1 } else { self.stride(&elem, rule, majorness) };
                let d = self.regs(1);
                match root {
                    Root::Buffer(b) => self.emit(Inst::BufLen { d, buffer: b, stride }),
                    // An element of an array of buffers, or a buffer's descriptor handle.
                    Root::Pointer(ptr) => self.emit(Inst::PtrLen { d, ptr, stride, span }),
                    _ => return vec![],
                };
                if let Some(p) = args.first().and_then(|a| self.place(*a, func)) {
                    self.store(p, &[d], span);
                }
                if let Some(p) = args.get(1).and_then(|a| self.place(*a, func)) {
                    let s = self.konst(stride as u64);
                    self.store(p, &[s], span);
                }
                vec![]
            }
            ResourceMethod::Interlocked(op) => {
                let a = self.expr(args[0], func)[0];
                let vty = self.ty(args[1], func).clone();
                let p = addr_place(self, a, &vty, fx.exprs[args[0]].span);
                let rest: Vec<ExprId> = args[1..].to_vec();
                self.atomic(op, p, &rest, func, span);
                vec![]
            }
            ResourceMethod::IncrementCounter
            | ResourceMethod::DecrementCounter
            | ResourceMethod::Append
            | ResourceMethod::Consume => {
                let counter = match fx.exprs[object].kind {
                    ExprKind::Global(g) => self.counter_binding.get(&g).copied(),
                    _ => None,
                };
                let Some(c) = counter else {
                    self.errors.push(unsupported(span, format!("`{method:?}` on a buffer chosen at run time")));
                    return vec![];
                };
                self.p.bindings[c as usize].used = true;
                // The counter is one `uint`; each call moves it by one, atomically, as D3D's
                // and Vulkan's counters do: incrementing gives the old value, decrementing the new.
                let up = matches!(method, ResourceMethod::IncrementCounter | ResourceMethod::Append);
                let place = Place { root: Root::Buffer(c), dyns: vec![], comps: vec![(0, ops::U32)], ty: Type::UINT };
                let value = self.konst(if up { 1 } else { u32::MAX as u64 });
                let original = self.regs(1);
                self.p.atomics.push(Atomic { op: AtomicOp::Add, place, value, compare: None, original, span });
                self.emit(Inst::Atomic(self.p.atomics.len() as u32 - 1));
                let index = if up {
                    original
                } else {
                    let one = self.konst(1);
                    self.bin(ops::SUB, ops::U32, original, one)
                };
                match method {
                    ResourceMethod::Append => {
                        let v = self.expr(args[0], func);
                        let p = addr_place(self, index, &elem, span);
                        self.store(p, &v, span);
                        vec![]
                    }
                    ResourceMethod::Consume => {
                        let p = addr_place(self, index, &elem, span);
                        self.load(p, span)
                    }
                    _ => vec![index],
                }
            }
            _ => {
                self.errors.push(unsupported(span, format!("`{method:?}` on {}", kind.name())));
                vec![]
            }
        }
    }

    /// `args`: the value operands then an optional `out original` place.
    fn atomic(&mut self, op: AtomicOp, place: Place, args: &[ExprId], func: FunctionId, span: Span) {
        let nin = match op {
            AtomicOp::CompareExchange | AtomicOp::CompareStore => 2,
            _ => 1,
        };
        let vals: Vec<Reg> = args[..nin].iter().map(|a| self.expr(*a, func)[0]).collect();
        let (compare, value) = if nin == 2 { (Some(vals[0]), vals[1]) } else { (None, vals[0]) };
        let original = self.regs(1);
        self.p.atomics.push(Atomic { op, place, value, compare, original, span });
        self.emit(Inst::Atomic(self.p.atomics.len() as u32 - 1));
        if let Some(a) = args.get(nin) {
            if let Some(p) = self.place(*a, func) {
                self.store(p, &[original], span);
            }
        }
    }

    fn intrinsic(&mut self, id: IntrinsicId, args: &[ExprId], func: FunctionId, ret: &Type, span: Span) -> Vec<Reg> {
        let lib = self.lib;
        let mut intr = &lib.intrinsics[id.0 as usize];
        if let Some(target) = &intr.alias_of {
            if let Some(i) = lib.find(target) {
                intr = &lib.intrinsics[i];
            }
        }
        let Some(attr) = cpu_attr(intr) else {
            self.errors.push(unsupported(span, format!("`{}` (no [cpu] lowering)", intr.name)));
            return vec![];
        };
        let a = |i: usize| attr.get(i).map(String::as_str).unwrap_or("");
        let has = |w: &str| attr.iter().any(|x| x == w);
        let arg_ty = |c: &Self, i: usize| c.ty(args[i], func).clone();
        match a(0) {
            "unsupported" => {
                self.errors.push(unsupported(span, format!("`{}`: {}", intr.name, a(1))));
                vec![]
            }
            "builtin" if a(1) == "num_groups" => {
                let d = self.regs(3);
                for i in 0..3 {
                    self.emit(Inst::Input { d: d + i, what: Input::GroupCount(i as u8) });
                }
                (d..d + 3).collect()
            }
            "builtin" if a(1) == "clock" => {
                let d = self.regs(2);
                for i in 0..2 {
                    self.emit(Inst::Input { d: d + i, what: Input::Clock(i as u8) });
                }
                vec![d, d + 1]
            }
            "builtin" | "group_wave" => {
                let what = match a(1) {
                    "lane_count" => Input::LaneCount,
                    "lane_index" => Input::LaneIndex,
                    "index" => Input::WaveIndex,
                    _ => Input::WaveCount,
                };
                let d = self.regs(1);
                self.emit(Inst::Input { d, what });
                vec![d]
            }
            "barrier" => {
                // Only `group` synchronises execution; memory and wave barriers order memory,
                // which sequential execution already does (a wave barrier also tells the race
                // check that its lanes' accesses are ordered).
                if a(1) == "group" {
                    self.p.spans.push(span);
                    self.emit(Inst::Barrier { span: self.p.spans.len() as u32 - 1 });
                } else if a(1) == "wave" {
                    for x in args {
                        self.expr(*x, func);
                    }
                    self.emit(Inst::WaveBarrier);
                } else {
                    for x in args {
                        self.expr(*x, func);
                    }
                }
                vec![]
            }
            "atomic" => {
                let op = match a(1) {
                    "add" => AtomicOp::Add,
                    "min" => AtomicOp::Min,
                    "max" => AtomicOp::Max,
                    "and" => AtomicOp::And,
                    "or" => AtomicOp::Or,
                    "xor" => AtomicOp::Xor,
                    "exchange" => AtomicOp::Exchange,
                    "compare_exchange" => AtomicOp::CompareExchange,
                    _ => AtomicOp::CompareStore,
                };
                let Some(p) = self.place(args[0], func) else { return vec![] };
                if matches!(p.root, Root::Regs(_)) {
                    self.errors.push(unsupported(span, "atomics on a local variable"));
                    return vec![];
                }
                if matches!(p.root, Root::Descriptor { coord: None, .. }) {
                    self.errors.push(unsupported(span, "an atomic on a resource that is not a texel"));
                    return vec![];
                }
                self.atomic(op, p, &args[1..], func, span);
                vec![]
            }
            "math" => {
                let Some(m) = Math::from_name(a(1)) else {
                    self.errors.push(unsupported(span, format!("math function `{}`", a(1))));
                    return vec![];
                };
                // The kind of the value arguments (select: its second).
                let ki = if m == Math::Select { 1 } else { 0 };
                let k = ops::kind(arg_ty(self, ki).scalar().unwrap_or(Scalar::F32));
                let vs: Vec<Vec<Reg>> = args.iter().map(|x| self.expr(*x, func)).collect();
                let n = self.count(ret).max(vs.iter().map(|v| v.len()).max().unwrap_or(1) as u32) as usize;
                let pick = |v: &Vec<Reg>, i: usize| v[if v.len() == 1 { 0 } else { i.min(v.len() - 1) }];
                let z = self.konst(0);
                (0..n)
                    .map(|i| {
                        let d = self.regs(1);
                        let x = vs.first().map(|v| pick(v, i)).unwrap_or(z);
                        let y = vs.get(1).map(|v| pick(v, i)).unwrap_or(z);
                        let w = vs.get(2).map(|v| pick(v, i)).unwrap_or(z);
                        self.emit(Inst::Math { m, k, d, a: x, b: y, c: w });
                        d
                    })
                    .collect()
            }
            "split64" => {
                // Each 64-bit component's bits as two 32-bit words, low first.
                let vs = self.expr(args[0], func);
                let (mask, shift) = (self.konst(u32::MAX as u64), self.konst(32));
                vs.into_iter()
                    .flat_map(|v| {
                        let lo = self.bin(ops::AND, ops::U64, v, mask);
                        let hi = self.bin(ops::SHR, ops::U64, v, shift);
                        [lo, hi]
                    })
                    .collect()
            }
            "join64" => {
                // A 64-bit value from two 32-bit words, low first.
                let vs = self.expr(args[0], func);
                let shift = self.konst(32);
                let high = self.bin(ops::SHL, ops::U64, vs[1], shift);
                vec![self.bin(ops::OR, ops::U64, vs[0], high)]
            }
            "dot" | "length" | "distance" | "normalize" | "cross" | "horizontal" | "mul" => {
                let tys: Vec<Type> = (0..args.len()).map(|i| arg_ty(self, i)).collect();
                let vs: Vec<Vec<Reg>> = args.iter().map(|x| self.expr(*x, func)).collect();
                let k = ops::kind(tys[0].scalar().unwrap_or(Scalar::F32));
                self.linear(a(0), a(1), k, &tys, &vs, ret)
            }
            kind => self.wave(kind, &attr, has("mask"), args, func, ret, span),
        }
    }

    fn dot(&mut self, k: u8, x: &[Reg], y: &[Reg]) -> Reg {
        let mut acc = self.bin(ops::MUL, k, x[0], y[0]);
        for i in 1..x.len() {
            let p = self.bin(ops::MUL, k, x[i], y[i]);
            acc = self.bin(ops::ADD, k, acc, p);
        }
        acc
    }

    fn linear(&mut self, what: &str, arg: &str, k: u8, tys: &[Type], vs: &[Vec<Reg>], ret: &Type) -> Vec<Reg> {
        match what {
            "dot" => vec![self.dot(k, &vs[0], &vs[1])],
            "length" => {
                let d = self.dot(k, &vs[0], &vs[0]);
                let r = self.regs(1);
                self.emit(Inst::Math { m: Math::Sqrt, k, d: r, a: d, b: d, c: d });
                vec![r]
            }
            "distance" => {
                let diff: Vec<Reg> = vs[0].iter().zip(&vs[1]).map(|(a, b)| self.bin(ops::SUB, k, *a, *b)).collect();
                let d = self.dot(k, &diff, &diff);
                let r = self.regs(1);
                self.emit(Inst::Math { m: Math::Sqrt, k, d: r, a: d, b: d, c: d });
                vec![r]
            }
            "normalize" => {
                let d = self.dot(k, &vs[0], &vs[0]);
                let r = self.regs(1);
                self.emit(Inst::Math { m: Math::Rsqrt, k, d: r, a: d, b: d, c: d });
                vs[0].iter().map(|x| self.bin(ops::MUL, k, *x, r)).collect()
            }
            "cross" => {
                let (a, b) = (&vs[0], &vs[1]);
                let mut out = Vec::new();
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.bin(ops::MUL, k, a[i], b[j]);
                    let q = self.bin(ops::MUL, k, a[j], b[i]);
                    out.push(self.bin(ops::SUB, k, p, q));
                }
                out
            }
            "horizontal" => {
                let op = if arg == "all" { ops::LAND } else { ops::LOR };
                let z = self.konst(0);
                let mut acc = self.bin(ops::NE, k, vs[0][0], z);
                for x in &vs[0][1..] {
                    let b = self.bin(ops::NE, k, *x, z);
                    acc = self.bin(op, ops::BOOL, acc, b);
                }
                vec![acc]
            }
            _ => {
                // mul: scalar × anything, vector · vector, vector × matrix, matrix × vector/matrix.
                let (ta, tb) = (&tys[0], &tys[1]);
                let (a, b) = (&vs[0], &vs[1]);
                match (ta, tb) {
                    (Type::Scalar(_), _) => b.iter().map(|y| self.bin(ops::MUL, k, a[0], *y)).collect(),
                    (_, Type::Scalar(_)) => a.iter().map(|x| self.bin(ops::MUL, k, *x, b[0])).collect(),
                    (Type::Vector(..), Type::Vector(..)) => vec![self.dot(k, a, b)],
                    (Type::Vector(_, n), Type::Matrix(_, _, c)) => (0..*c as usize)
                        .map(|j| {
                            let col: Vec<Reg> = (0..*n as usize).map(|i| b[i * *c as usize + j]).collect();
                            self.dot(k, a, &col)
                        })
                        .collect(),
                    (Type::Matrix(_, r, c), Type::Vector(..)) => (0..*r as usize)
                        .map(|i| {
                            let row: Vec<Reg> = a[i * *c as usize..(i + 1) * *c as usize].to_vec();
                            self.dot(k, &row, b)
                        })
                        .collect(),
                    (Type::Matrix(_, r, n), Type::Matrix(_, _, c)) => {
                        let mut out = Vec::new();
                        for i in 0..*r as usize {
                            let row: Vec<Reg> = a[i * *n as usize..(i + 1) * *n as usize].to_vec();
                            for j in 0..*c as usize {
                                let col: Vec<Reg> = (0..*n as usize).map(|t| b[t * *c as usize + j]).collect();
                                out.push(self.dot(k, &row, &col));
                            }
                        }
                        out
                    }
                    _ => {
                        let _ = ret;
                        vec![]
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn wave(
        &mut self,
        kind: &str,
        attr: &[String],
        masked: bool,
        args: &[ExprId],
        func: FunctionId,
        ret: &Type,
        span: Span,
    ) -> Vec<Reg> {
        let a1 = attr.get(1).map(String::as_str).unwrap_or("");
        let mut vals: Vec<Vec<Reg>> = args.iter().map(|x| self.expr(*x, func)).collect();
        let mut tys: Vec<Type> = args.iter().map(|x| self.ty(*x, func).clone()).collect();
        let mask = if masked && !vals.is_empty() {
            tys.remove(0);
            Some(vals.remove(0)[0])
        } else {
            None
        };
        let k = tys.first().and_then(|t| t.scalar()).map(ops::kind).unwrap_or(ops::U32);
        let src = vals.first().cloned().unwrap_or_default();
        let wk = match kind {
            "first_lane" => WaveKind::FirstLane,
            "reduce" => WaveKind::Reduce(red_op(a1).unwrap_or(ops::ADD)),
            "scan_exclusive" => WaveKind::Scan(red_op(a1).unwrap_or(ops::ADD)),
            "scan_inclusive" => WaveKind::InclusiveScan(red_op(a1).unwrap_or(ops::ADD)),
            "reduce_clustered" => WaveKind::ClusteredReduce(red_op(a1).unwrap_or(ops::ADD)),
            "read_relative" => WaveKind::RelativeRead(match a1 {
                "xor" => Relative::Xor,
                "up" => Relative::Up,
                _ => Relative::Down,
            }),
            "all_equal" => WaveKind::AllEqual { whole: a1 == "whole" },
            "ballot" => WaveKind::Ballot,
            "active_mask" => WaveKind::ActiveMask,
            "ballot_count" => WaveKind::BallotCount { exclusive: a1 == "exclusive" },
            "read_first" => WaveKind::ReadFirst,
            "read_lane" => WaveKind::ReadLane { uniform: a1 == "uniform_lane" },
            "rotate" => WaveKind::Rotate { clustered: a1 == "clustered" },
            "match" => WaveKind::Match,
            "multi_prefix" if a1 == "count" => WaveKind::MultiPrefixCount,
            "multi_prefix" => WaveKind::MultiPrefix(red_op(a1).unwrap_or(ops::ADD), MultiFold::Exclusive),
            "multi_prefix_inclusive" => WaveKind::MultiPrefix(red_op(a1).unwrap_or(ops::ADD), MultiFold::Inclusive),
            "multi_reduce" => WaveKind::MultiPrefix(red_op(a1).unwrap_or(ops::ADD), MultiFold::Reduce),
            "lane_mask" => WaveKind::LaneMask(match a1 {
                "eq" => LaneMask::Eq,
                "ge" => LaneMask::Ge,
                "gt" => LaneMask::Gt,
                "le" => LaneMask::Le,
                _ => LaneMask::Lt,
            }),
            "quad_swap" => WaveKind::QuadSwap(a1.parse().unwrap_or(1)),
            "quad_read" => WaveKind::QuadRead,
            "quad_vote" => WaveKind::QuadVote { all: a1 == "all" },
            "derivative" => WaveKind::Derivative { y: a1.starts_with('y'), fine: a1.ends_with("_fine") },
            other => {
                self.errors.push(unsupported(span, format!("the [cpu({other})] lowering")));
                return vec![];
            }
        };
        let n = self.count(ret).max(1);
        let d = self.regs(n);
        let dst: Vec<Reg> = (0..n).map(|i| d + i).collect();
        let lane = match wk {
            WaveKind::ReadLane { .. } | WaveKind::Rotate { .. } | WaveKind::QuadRead | WaveKind::RelativeRead(_) => {
                let r = vals.get(1).map(|v| v[0]);
                r.map(|r| self.index_u32(r, &tys[1]))
            }
            _ => None,
        };
        let cluster = match wk {
            WaveKind::Rotate { clustered: true } => vals.get(2).map(|v| v[0]),
            WaveKind::ClusteredReduce(_) => vals.get(1).map(|v| v[0]),
            _ => None,
        };
        let mask4 = match wk {
            WaveKind::MultiPrefix(..) | WaveKind::MultiPrefixCount => vals.get(1).map(|v| [v[0], v[1], v[2], v[3]]),
            _ => None,
        };
        let narrow = n == 1 && matches!(wk, WaveKind::Ballot | WaveKind::Match | WaveKind::ActiveMask);
        self.p.waves.push(WaveInst { kind: wk, k, dst: dst.clone(), src, lane, cluster, mask, mask4, narrow, span });
        self.emit(Inst::Wave(self.p.waves.len() as u32 - 1));
        dst
    }
}

fn id_ty(e: &Expr) -> &Type {
    &e.ty
}
