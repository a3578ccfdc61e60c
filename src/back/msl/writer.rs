//! `impl Writer`: declarations, the kernel and functions as MSL; expressions are in [`super::expr`].

use super::Options;
use crate::back::clike::{CStatements, Ctx, LiteralSpelling};
use crate::back::cuda::{kernel_abi, Param, ParamKind};
use crate::back::{Level, Namer};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::Stdlib;
use std::fmt::Write as _;

/// MSL's spellings of the literals C lacks.
pub(super) const LITERALS: LiteralSpelling = LiteralSpelling {
    f64_bits: |b| format!("as_type<double>({b}ul)"),
    f32_bits: |b| format!("as_type<float>(0x{b:08X}u)"),
    half: |f| format!("half({f})"),
    i64_suffix: "l",
    u64_suffix: "ul",
};

pub(super) fn scalar_literal(v: &ConstValue, s: Scalar) -> (String, u8) {
    crate::back::clike::scalar_literal(v, s, &LITERALS)
}

/// The members of `wavec_state` that intrinsic templates name (`state.simd_lane`).
const SIMD_MEMBERS: [(&str, &str, &str); 4] = [
    ("simd_lane", "wavec_lane", "thread_index_in_simdgroup"),
    ("simd_size", "wavec_lane_count", "threads_per_simdgroup"),
    ("simd_group", "wavec_simd_group", "simdgroup_index_in_threadgroup"),
    ("simd_groups", "wavec_simd_groups", "simdgroups_per_threadgroup"),
];

/// The kernel's thread-position arguments: name, type, attribute.
const THREAD_ARGS: [(&str, &str, &str); 4] = [
    ("wavec_thread", "uint3", "thread_position_in_grid"),
    ("wavec_group", "uint3", "threadgroup_position_in_grid"),
    ("wavec_local", "uint3", "thread_position_in_threadgroup"),
    ("wavec_local_index", "uint", "thread_index_in_threadgroup"),
];

pub(super) struct Writer<'a> {
    pub module: &'a Module,
    pub stdlib: &'a Stdlib,
    pub entry: usize,
    pub namer: Namer,
    pub struct_names: Vec<String>,
    pub field_names: Vec<Vec<String>>,
    /// How each global is reached: `state.Out`, `(*state.tile)`, `K` (a constant).
    pub global_access: Vec<String>,
    pub function_names: Vec<String>,
    /// Functions that take the kernel state.
    pub takes_state: Vec<bool>,
    /// Hidden counters of structured buffers, by global: their access path.
    pub counters: HashMap<usize, String>,
    /// Element counts of buffers, by global (`GetDimensions`).
    pub counts: HashMap<usize, String>,
    /// Globals declared with atomic types ([`super::atomics`]).
    pub atomic: HashSet<GlobalId>,
    /// Names of the kernel's built-in arguments, in [`THREAD_ARGS`] then [`SIMD_MEMBERS`] order.
    builtin_names: Vec<String>,
    /// The argument of the groups dispatched (`[[threadgroups_per_grid]]`, the state's
    /// `groups`), where an intrinsic reads it.
    groups_name: Option<String>,
    pub diags: Vec<Diagnostic>,
    refused: HashSet<(u32, u32, &'static str)>,
}

/// Globals reached through `wavec_state` rather than by name.
fn in_state(g: &Global) -> bool {
    !matches!(g.space, AddressSpace::Constant)
}

/// A kernel argument as written: its type, the member of `wavec_state` that holds it and how
/// the member is initialized from the argument (`&name` for references).
struct Arg {
    ty: String,
    member_ty: String,
    attribute: String,
    by_reference: bool,
}

impl<'a> Writer<'a> {
    pub fn new(module: &'a Module, entry: usize, _options: &'a Options, stdlib: &'a Stdlib) -> Self {
        let extra = stdlib.intrinsics.names().filter(|n| !n.starts_with("__")).map(String::from);
        Writer {
            module,
            stdlib,
            entry,
            namer: Namer::new(super::is_reserved, extra),
            struct_names: Vec::new(),
            field_names: Vec::new(),
            global_access: Vec::new(),
            function_names: Vec::new(),
            takes_state: Vec::new(),
            counters: HashMap::default(),
            counts: HashMap::default(),
            atomic: HashSet::default(),
            builtin_names: Vec::new(),
            groups_name: None,
            diags: Vec::new(),
            refused: HashSet::default(),
        }
    }

    pub fn write(mut self) -> Result<String, Vec<Diagnostic>> {
        let module = self.module;
        let ep = &module.entry_points[self.entry];
        let reachable = crate::lower::reachable_functions(module, ep.function);
        let kernel = super::kernel_name(&ep.name);
        self.namer.name(&kernel);
        let (atomic, refusals) = super::atomics::atomic_globals(module, &reachable, self.stdlib);
        self.atomic = atomic;
        self.diags.extend(refusals);

        for (_, s) in module.structs.iter() {
            let name = self.namer.name(&s.name);
            self.struct_names.push(name);
            self.namer.push_scope();
            let fields = s.fields.iter().map(|f| self.namer.name(&f.name)).collect();
            self.namer.pop_scope();
            self.field_names.push(fields);
        }
        for (name, _, _) in THREAD_ARGS.iter().chain(&SIMD_MEMBERS.map(|(_, n, a)| (n, "uint", a))) {
            let n = self.namer.name(name);
            self.builtin_names.push(n);
        }
        let used = self.used_globals(&reachable);
        // The state's members: one namespace of their own, reached as `state.NAME`. The SIMD
        // members come first: intrinsic templates name them.
        let mut state_names = Namer::new(super::is_reserved, self.struct_names.clone());
        for (member, _, _) in SIMD_MEMBERS {
            state_names.name(member);
        }
        let reads_groups =
            module.functions.iter().any(|(h, f)| reachable[h.index()] && self.reads_state_member(f, "state.groups"));
        if reads_groups {
            state_names.name("groups");
            self.groups_name = Some(self.namer.name("wavec_groups"));
        }
        let abi: Vec<Param> = kernel_abi(module, self.entry)
            .into_iter()
            .filter(|p| {
                // Textures and samplers: only the ones the kernel uses (refused below).
                p.kind != ParamKind::Unused || module.globals.iter().any(|(h, g)| g.name == p.name && used[h.index()])
            })
            .collect();
        let param_names: Vec<String> = abi.iter().map(|p| state_names.name(&p.name)).collect();
        let block_of = |pred: &dyn Fn(&Param) -> bool, fallback: &str| {
            abi.iter()
                .zip(&param_names)
                .find(|(p, _)| pred(p))
                .map(|(_, n)| n.clone())
                .unwrap_or_else(|| fallback.into())
        };
        for (h, g) in module.globals.iter() {
            let access = match &g.space {
                AddressSpace::Resource => {
                    let at = abi.iter().position(|p| p.name == g.name && !matches!(p.kind, ParamKind::Count { .. }));
                    let name = at.map(|i| param_names[i].clone()).unwrap_or_else(|| state_names.name(&g.name));
                    if let Some(i) = abi.iter().position(|p| p.name == format!("{}_count", g.name)) {
                        self.counts.insert(h.index(), format!("state.{}", param_names[i]));
                    }
                    if let Some(i) = abi.iter().position(|p| p.name == format!("{}_counter", g.name)) {
                        self.counters.insert(h.index(), format!("state.{}", param_names[i]));
                    }
                    if matches!(g.ty, Type::Resource(ResourceKind::ConstantBuffer, _)) {
                        format!("(*state.{name})")
                    } else {
                        format!("state.{name}")
                    }
                }
                AddressSpace::Uniform { cbuffer: Some(i) } => {
                    let c = &module.cbuffers[*i].name;
                    let block = block_of(&|p| &p.name == c, "cbuffer");
                    format!("state.{block}->{}", g.name)
                }
                AddressSpace::Uniform { cbuffer: None } => {
                    let block = block_of(&|p| p.name == "globals", "globals");
                    format!("state.{block}->{}", g.name)
                }
                AddressSpace::PushConstant => {
                    let block = block_of(&|p| p.kind == ParamKind::Push, "push");
                    format!("state.{block}->{}", g.name)
                }
                AddressSpace::Private => format!("state.{}", state_names.name(&g.name)),
                AddressSpace::Groupshared => format!("(*state.{})", state_names.name(&g.name)),
                AddressSpace::Constant => self.namer.name(&g.name),
            };
            self.global_access.push(access);
        }
        self.function_names = crate::back::clike::function_names(module, ep.function, &kernel, &mut self.namer);
        // Callees come first, so one pass sees every callee's answer.
        self.takes_state = vec![false; module.functions.len()];
        for (h, f) in module.functions.iter() {
            let own = f.uses.globals.iter().any(|g| in_state(&module.globals[*g]))
                || !f.uses.counters.is_empty()
                || self.reads_simd_state(f);
            let via = f.uses.calls.iter().any(|c| self.takes_state[c.index()]);
            self.takes_state[h.index()] = own || via;
        }

        let structs = self.structs();
        let blocks = self.blocks();
        let constants = self.constants(&used);
        let args: Vec<Option<Arg>> = abi.iter().map(|p| self.arg(p)).collect();
        let state = self.state_struct(&used, &abi, &param_names, &args);
        let mut functions = String::new();
        for (h, _) in module.functions.iter() {
            if reachable[h.index()] {
                if !functions.is_empty() {
                    functions.push('\n');
                }
                if h == ep.function {
                    self.kernel(h, &kernel, &used, &param_names, &args, &mut functions);
                } else {
                    self.function(h, &mut functions);
                }
            }
        }
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        let sections: Vec<String> =
            [structs, blocks, constants, state, functions].into_iter().filter(|s| !s.is_empty()).collect();
        Ok(sections.join("\n"))
    }

    /// Whether `f` holds an intrinsic whose Metal form reads the SIMD-group built-ins, or the
    /// group wave index.
    fn reads_simd_state(&self, f: &Function) -> bool {
        f.exprs.iter().any(|(_, e)| matches!(e.kind, ExprKind::GroupWave(_))) || self.reads_state_member(f, "state.")
    }

    /// Whether `f` holds an intrinsic whose Metal form names `member` (`state.groups`).
    fn reads_state_member(&self, f: &Function, member: &str) -> bool {
        f.exprs.iter().any(|(_, e)| match &e.kind {
            ExprKind::Intrinsic { id, .. } => {
                let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
                intr.lowerings_for("metal").any(|l| l.string(0).is_some_and(|t| t.contains(member)))
            }
            _ => false,
        })
    }

    fn used_globals(&self, reachable: &[bool]) -> Vec<bool> {
        let mut used = vec![false; self.module.globals.len()];
        for (h, f) in self.module.functions.iter() {
            if reachable[h.index()] {
                for g in f.uses.globals.iter().chain(&f.uses.counters) {
                    used[g.index()] = true;
                }
            }
        }
        used
    }

    fn structs(&mut self) -> String {
        let mut out = String::new();
        for (h, s) in self.module.structs.iter() {
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "struct {} {{", self.struct_names[h.index()]);
            for (i, f) in s.fields.iter().enumerate() {
                let decl = self.decl(&f.ty, &self.field_names[h.index()][i].clone(), f.span);
                let _ = writeln!(out, "{}{decl};", Level(1));
            }
            out.push_str("};\n");
        }
        out
    }

    /// `struct` types of the constant blocks (`cbuffer`, `$Globals`, push constants).
    fn blocks(&mut self) -> String {
        let module = self.module;
        let mut out = String::new();
        let mut groups: Vec<(String, AddressSpace)> = Vec::new();
        for (i, c) in module.cbuffers.iter().enumerate() {
            groups.push((format!("{}_block", c.name), AddressSpace::Uniform { cbuffer: Some(i) }));
        }
        groups.push(("wavec_globals".into(), AddressSpace::Uniform { cbuffer: None }));
        groups.push(("wavec_push".into(), AddressSpace::PushConstant));
        for (name, space) in groups {
            let members: Vec<(Type, String, Span)> = module
                .globals
                .iter()
                .filter(|(_, g)| g.space == space)
                .map(|(_, g)| (g.ty.clone(), g.name.clone(), g.span))
                .collect();
            if members.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "struct {name} {{");
            for (ty, n, span) in members {
                self.check_layout(&ty, span);
                let d = self.decl(&ty, &n, span);
                let _ = writeln!(out, "{}{d};", Level(1));
            }
            out.push_str("};\n");
        }
        out
    }

    /// Buffers hold MSL structs: what they lay out differently from HLSL is refused.
    pub fn check_layout(&mut self, ty: &Type, span: Span) {
        let mut found = Vec::new();
        crate::back::clike::layout_problems(self.module, ty, span, &mut found);
        for (problem, at) in found {
            let what = match problem {
                crate::back::clike::LayoutProblem::Bool => {
                    "a `bool` in a buffer (MSL's `bool` is one byte, HLSL's four)"
                }
            };
            self.refuse_code("E0662", at, what);
        }
    }

    /// Program-scope `constant` globals (`static const`).
    fn constants(&mut self, used: &[bool]) -> String {
        let mut out = String::new();
        for (h, g) in self.module.globals.iter() {
            if used[h.index()] && g.space == AddressSpace::Constant {
                let d = self.decl(&g.ty, &self.global_access[h.index()].clone(), g.span);
                let init = match &g.init {
                    Some(v) => self.const_value(v, &g.ty, g.span),
                    None => "{}".into(),
                };
                // A specialization constant is a function constant, its default where the
                // pipeline gives none.
                if let Some(id) = self.module.spec_id(h) {
                    let name = self.global_access[h.index()].clone();
                    let given = self.namer.name(&format!("{name}_fc"));
                    let fc = self.decl(&g.ty, &given, g.span);
                    let _ = writeln!(out, "constant {fc} [[function_constant({id})]];");
                    let _ = writeln!(out, "constant {d} = is_function_constant_defined({given}) ? {given} : {init};");
                    continue;
                }
                let _ = writeln!(out, "constant {d} = {init};");
            }
        }
        out
    }

    /// How kernel argument `p` is declared; `None` for a texture or sampler (refused).
    fn arg(&mut self, p: &Param) -> Option<Arg> {
        let module = self.module;
        let plain = |ty: String, attribute: &str| Arg {
            member_ty: ty.clone(),
            ty,
            attribute: attribute.to_string(),
            by_reference: false,
        };
        let reference = |ty: &str| Arg {
            ty: format!("constant {ty}&"),
            member_ty: format!("constant {ty}*"),
            attribute: "buffer".into(),
            by_reference: true,
        };
        match &p.kind {
            ParamKind::Count { .. } => Some(Arg {
                ty: "constant uint&".into(),
                member_ty: "uint".into(),
                attribute: "buffer".into(),
                by_reference: false,
            }),
            ParamKind::Unused | ParamKind::Image { .. } | ParamKind::Sampler { .. } => {
                let (_, g) =
                    module.globals.iter().find(|(_, g)| g.name == p.name && g.space == AddressSpace::Resource)?;
                let (ty, attribute) = self.texture_arg_type(g)?;
                Some(plain(ty, attribute))
            }
            ParamKind::Push => Some(reference("wavec_push")),
            ParamKind::Pointer { .. } => {
                if let Some(i) = module.cbuffers.iter().position(|c| c.name == p.name) {
                    return Some(reference(&format!("{}_block", module.cbuffers[i].name)));
                }
                if p.name == "globals"
                    && !module.globals.iter().any(|(_, g)| g.name == "globals" && g.space == AddressSpace::Resource)
                {
                    return Some(reference("wavec_globals"));
                }
                let g = module.globals.iter().find(|(_, g)| g.space == AddressSpace::Resource && g.name == p.name);
                match g.map(|(h, g)| (h, g.ty.clone(), g.span)) {
                    Some((h, Type::Resource(kind, elem), span)) => {
                        if kind == ResourceKind::ConstantBuffer {
                            let elem = elem.map(|e| *e).unwrap_or(Type::UINT);
                            let t = self.ty_at(&elem, span);
                            return Some(reference(&t));
                        }
                        let elem = elem.map(|e| *e).unwrap_or(Type::UINT);
                        if !kind.is_byte_address() {
                            self.check_layout(&elem, span);
                        }
                        let t = if kind.is_byte_address() {
                            "uint".to_string()
                        } else if self.atomic.contains(&h) {
                            if elem == Type::INT {
                                "atomic_int".into()
                            } else {
                                "atomic_uint".into()
                            }
                        } else {
                            self.ty_at(&elem, span)
                        };
                        let t = if kind.is_writable() || kind == ResourceKind::ConsumeStructuredBuffer {
                            format!("device {t}*")
                        } else {
                            format!("const device {t}*")
                        };
                        Some(plain(t, "buffer"))
                    }
                    // A hidden counter.
                    _ => Some(plain("device atomic_uint*".into(), "buffer")),
                }
            }
        }
    }

    /// The kernel state's struct: the arguments, `threadgroup` pointers, the SIMD built-ins and
    /// the thread's statics.
    fn state_struct(&mut self, used: &[bool], abi: &[Param], param_names: &[String], args: &[Option<Arg>]) -> String {
        let module = self.module;
        let mut state = String::from("struct wavec_state {\n");
        for ((_, name), arg) in abi.iter().zip(param_names).zip(args) {
            if let Some(arg) = arg {
                let _ = writeln!(state, "{}{} {name};", Level(1), arg.member_ty);
            }
        }
        for (h, g) in module.globals.iter() {
            if used[h.index()] && g.space == AddressSpace::Groupshared {
                let member =
                    self.global_access[h.index()].trim_start_matches("(*state.").trim_end_matches(')').to_string();
                let t = self.shared_type(h, g);
                let _ = writeln!(state, "{}threadgroup {t}* {member};", Level(1));
            }
        }
        for (member, _, _) in SIMD_MEMBERS {
            let _ = writeln!(state, "{}uint {member};", Level(1));
        }
        if self.groups_name.is_some() {
            let _ = writeln!(state, "{}uint3 groups;", Level(1));
        }
        for (h, g) in module.globals.iter() {
            if used[h.index()] && g.space == AddressSpace::Private {
                let member = self.global_access[h.index()].trim_start_matches("state.").to_string();
                let d = self.decl(&g.ty, &member, g.span);
                let _ = writeln!(state, "{}{d};", Level(1));
            }
        }
        state.push_str("};\n");
        state
    }

    /// The type of a `groupshared` variable: atomic elements for the targets of atomics.
    fn shared_type(&mut self, h: GlobalId, g: &Global) -> String {
        if self.atomic.contains(&h) {
            let atomic = |t: &Type| if t.scalar() == Some(Scalar::I32) { "atomic_int" } else { "atomic_uint" };
            return match &g.ty {
                Type::Array(e, Some(n)) => format!("array<{}, {n}>", atomic(e)),
                t => atomic(t).to_string(),
            };
        }
        self.ty_at(&g.ty, g.span)
    }

    /// Reports a construct the Metal output cannot hold (once per span and code).
    pub fn refuse(&mut self, span: Span, what: &str) {
        self.refuse_code("E0665", span, what)
    }

    pub fn refuse_code(&mut self, code: &'static str, span: Span, what: &str) {
        if self.refused.insert((span.start, span.end, code)) {
            self.diags.push(
                Diagnostic::error(code, format!("the Metal backend cannot write {what}"))
                    .with_label(span, "here")
                    .with_note("compile this shader to SPIR-V (`--target spirv`) or HLSL instead"),
            );
        }
    }

    pub fn internal(&mut self, span: Span, msg: &str) {
        self.diags.push(
            Diagnostic::error("E0699", format!("internal error in the Metal backend: {msg}")).with_label(span, ""),
        );
    }

    fn scalar_name(&mut self, s: Scalar, span: Span) -> &'static str {
        match s {
            Scalar::Bool => "bool",
            Scalar::I8 => "char",
            Scalar::U8 => "uchar",
            Scalar::I16 => "short",
            Scalar::U16 => "ushort",
            Scalar::I32 => "int",
            Scalar::U32 => "uint",
            Scalar::I64 => "long",
            Scalar::U64 => "ulong",
            Scalar::F16 => "half",
            Scalar::F32 => "float",
            Scalar::F64 => {
                self.refuse_code("E0660", span, "`double` (MSL has no 64-bit floating point)");
                "float"
            }
            // Made their bits before any target (`lower::substandard_floats`).
            Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => self.scalar_name(s.storage(), span),
        }
    }

    /// A type's spelling where a type name is expected.
    pub fn ty_at(&mut self, ty: &Type, span: Span) -> String {
        match ty {
            Type::Void => "void".into(),
            Type::Scalar(s) => self.scalar_name(*s, span).into(),
            Type::Vector(s, n) => format!("{}{n}", self.scalar_name(*s, span)),
            Type::Matrix(s, r, c) => {
                if !matches!(s, Scalar::F32 | Scalar::F16) {
                    let t = self.module.type_name(ty);
                    self.refuse_code("E0660", span, &format!("`{t}` (MSL has only `float` and `half` matrices)"));
                }
                let e = if *s == Scalar::F16 { "half" } else { "float" };
                format!("{e}{r}x{c}")
            }
            Type::Array(e, Some(n)) => format!("array<{}, {n}>", self.ty_at(e, span)),
            Type::Array(_, None) => {
                self.refuse(span, "an array without a size outside a buffer");
                "int".into()
            }
            Type::Pointer(_) => unreachable!("lower::pointers refuses pointers before this backend"),
            Type::Struct(h) => self.struct_names[h.index()].clone(),
            Type::Resource(..) => {
                self.refuse(span, &format!("a value of type `{}` (resources as values)", self.module.type_name(ty)));
                "int".into()
            }
            Type::String | Type::RayQuery(_) | Type::Error => {
                self.internal(span, "a string or error type reached the writer");
                "int".into()
            }
        }
    }

    pub fn decl(&mut self, ty: &Type, name: &str, span: Span) -> String {
        format!("{} {name}", self.ty_at(ty, span))
    }

    /// The kernel: its arguments gathered into the state, the built-in inputs as locals.
    fn kernel(
        &mut self,
        h: FunctionId,
        name: &str,
        used: &[bool],
        param_names: &[String],
        args: &[Option<Arg>],
        out: &mut String,
    ) {
        let module = self.module;
        let f = &module.functions[h];
        // Locals avoid the kernel's arguments, which the body's outermost block may not declare
        // again.
        self.namer.push_scope();
        for n in param_names {
            self.namer.claim(n);
        }
        let names: Vec<String> = f.locals.iter().map(|(_, l)| self.namer.name(&l.name)).collect();
        let cx = Ctx { f, names };
        let mut params: Vec<String> = Vec::new();
        let mut members: Vec<String> = Vec::new();
        let mut next: HashMap<String, u32> = HashMap::default();
        for (n, arg) in param_names.iter().zip(args) {
            let Some(arg) = arg else { continue };
            let slot = next.entry(arg.attribute.clone()).or_insert(0);
            params.push(format!("{} {n} [[{}({slot})]]", arg.ty, arg.attribute));
            *slot += 1;
            members.push(if arg.by_reference { format!("&{n}") } else { n.clone() });
        }
        // Metal's argument tables: 31 buffers, 128 textures, 16 samplers.
        for (attribute, limit) in [("buffer", 31), ("texture", 128), ("sampler", 16)] {
            let used = next.get(attribute).copied().unwrap_or(0);
            if used > limit {
                self.refuse(
                    f.span,
                    &format!("a kernel with {used} `[[{attribute}(n)]]` arguments (Metal has {limit}; each buffer also takes one for its length)"),
                );
            }
        }
        let builtins: Vec<(&str, &str)> = THREAD_ARGS
            .iter()
            .map(|(_, t, a)| (*t, *a))
            .chain(SIMD_MEMBERS.iter().map(|(_, _, a)| ("uint", *a)))
            .collect();
        for ((t, a), n) in builtins.iter().zip(&self.builtin_names) {
            params.push(format!("{t} {n} [[{a}]]"));
        }
        if let Some(n) = &self.groups_name {
            params.push(format!("uint3 {n} [[threadgroups_per_grid]]"));
        }
        let _ = writeln!(out, "kernel void {name}({}) {{", params.join(", "));
        for (h, g) in module.globals.iter() {
            if used[h.index()] && g.space == AddressSpace::Groupshared {
                let member =
                    self.global_access[h.index()].trim_start_matches("(*state.").trim_end_matches(')').to_string();
                let t = self.shared_type(h, g);
                let local = self.namer.name(&member);
                let _ = writeln!(out, "{}threadgroup {t} {local};", Level(1));
                members.push(format!("&{local}"));
            }
        }
        members.extend(self.builtin_names[THREAD_ARGS.len()..].iter().cloned());
        members.extend(self.groups_name.clone());
        let _ = writeln!(out, "{}wavec_state state = {{{}}};", Level(1), members.join(", "));
        for (g, access) in module.globals.iter().zip(self.global_access.clone()) {
            let (h, g) = g;
            if used[h.index()] && g.space == AddressSpace::Private {
                if let Some(v) = &g.init {
                    let init = self.const_value(v, &g.ty, g.span);
                    let _ = writeln!(out, "{}{access} = {init};", Level(1));
                }
            }
        }
        let _ = writeln!(out, "{}(void)state;", Level(1));
        for &p in &f.params {
            let l = &f.locals[p];
            let value = self.builtin_value(l);
            let d = self.decl(&l.ty, &cx.names[p.index()], l.span);
            let _ = writeln!(out, "{}{d} = {value};", Level(1));
        }
        self.stmts(&cx, &f.body.stmts, Level(1), out);
        self.namer.pop_scope();
        out.push_str("}\n");
    }

    fn function(&mut self, h: FunctionId, out: &mut String) {
        let module = self.module;
        let f = &module.functions[h];
        self.namer.push_scope();
        let names: Vec<String> = f.locals.iter().map(|(_, l)| self.namer.name(&l.name)).collect();
        self.namer.pop_scope();
        let cx = Ctx { f, names };
        let mut params: Vec<String> = Vec::new();
        if self.takes_state[h.index()] {
            params.push("thread wavec_state& state".into());
        }
        for &p in &f.params {
            let l = &f.locals[p];
            let t = self.ty_at(&l.ty, l.span);
            let d = if matches!(l.param, Some(ParamMode::Out | ParamMode::InOut)) {
                format!("thread {t}& {}", cx.names[p.index()])
            } else {
                format!("{t} {}", cx.names[p.index()])
            };
            params.push(d);
        }
        let ret = self.ty_at(&f.ret, f.span);
        let _ = writeln!(out, "{ret} {}({}) {{", self.function_names[h.index()], params.join(", "));
        self.stmts(&cx, &f.body.stmts, Level(1), out);
        out.push_str("}\n");
    }

    fn builtin_value(&mut self, l: &Local) -> String {
        let n = &self.builtin_names;
        let (v, vector) = match l.builtin {
            Some(BuiltinInput::DispatchThreadId) => (n[0].clone(), true),
            Some(BuiltinInput::GroupId) => (n[1].clone(), true),
            Some(BuiltinInput::GroupThreadId) => (n[2].clone(), true),
            Some(BuiltinInput::GroupIndex) => (n[3].clone(), false),
            Some(BuiltinInput::GroupWaveIndex) => (n[6].clone(), false),
            None => {
                self.refuse(l.span, "an entry-point parameter that is not a built-in input");
                return "{}".into();
            }
        };
        let native = if vector { Type::Vector(Scalar::U32, 3) } else { Type::UINT };
        if l.ty == native {
            v
        } else {
            let t = self.ty_at(&l.ty, l.span);
            match (&l.ty, vector) {
                (Type::Vector(_, k), true) if *k < 3 => format!("{t}({v}.{})", &"xyz"[..*k as usize]),
                (Type::Scalar(_), true) => format!("{t}({v}.x)"),
                _ => format!("{t}({v})"),
            }
        }
    }

    fn decl_local(&mut self, cx: &Ctx<'a>, local: LocalId, init: Option<ExprId>) -> String {
        let l = &cx.f.locals[local];
        let konst = if l.is_const { "const " } else { "" };
        let mut s = format!("{konst}{}", self.decl(&l.ty, &cx.names[local.index()], l.span));
        match init {
            Some(e) => {
                let _ = write!(s, " = {}", self.expr(cx, e, crate::back::precedence::P_ASSIGN));
            }
            // HLSL's locals start as zero in practice (DXC), and C++'s const ones need a value.
            None => s.push_str(" = {}"),
        }
        s
    }

    /// A constant as an expression of type `ty`.
    pub fn const_value(&mut self, v: &ConstValue, ty: &Type, span: Span) -> String {
        match (v, ty) {
            (ConstValue::Composite(parts), Type::Array(e, _)) => {
                let t = self.ty_at(ty, span);
                let parts: Vec<String> = parts.iter().map(|p| self.const_value(p, e, span)).collect();
                format!("{t}{{{}}}", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Struct(h)) => {
                let t = self.ty_at(ty, span);
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                let parts: Vec<String> = parts.iter().zip(&fields).map(|(p, f)| self.const_value(p, f, span)).collect();
                format!("{t}{{{}}}", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Vector(s, _)) => {
                let t = self.ty_at(ty, span);
                let parts: Vec<String> = parts.iter().map(|p| scalar_literal(p, *s).0).collect();
                format!("{t}({})", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Matrix(s, _, c)) => {
                let t = self.ty_at(ty, span);
                let row = self.ty_at(&Type::Vector(*s, *c), span);
                let rows: Vec<String> = parts
                    .chunks((*c).max(1) as usize)
                    .map(|r| {
                        format!("{row}({})", r.iter().map(|p| scalar_literal(p, *s).0).collect::<Vec<_>>().join(", "))
                    })
                    .collect();
                format!("{t}({})", rows.join(", "))
            }
            (v, Type::Scalar(s)) => scalar_literal(v, *s).0,
            (v, Type::Vector(s, _)) => {
                let t = self.ty_at(ty, span);
                format!("{t}({})", scalar_literal(v, *s).0)
            }
            _ => {
                let t = self.ty_at(ty, span);
                format!("{t}{{}}")
            }
        }
    }
}

impl<'a> CStatements<'a> for Writer<'a> {
    fn expr(&mut self, cx: &Ctx<'a>, e: ExprId, min: u8) -> String {
        Writer::expr(self, cx, e, min)
    }
    fn local_decl(&mut self, cx: &Ctx<'a>, local: LocalId, init: Option<ExprId>) -> String {
        self.decl_local(cx, local, init)
    }
    fn discard(&mut self, cx: &Ctx<'a>) {
        self.refuse(cx.f.span, "`discard` (compute kernels have none)")
    }
}
