//! `impl Writer`: declarations, the kernel, functions, statements and expressions as CUDA C++.

use super::abi::{kernel_abi, kernel_name, ParamKind};
use super::Options;
use crate::back::precedence::{P_ASSIGN, P_COMMA, P_COND, P_LOR, P_POSTFIX, P_PREFIX};
use crate::back::{Level, Namer};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::Stdlib;
use std::fmt::Write as _;

pub(super) use crate::back::clike::Ctx;
use crate::back::clike::{CStatements, LiteralSpelling};

/// CUDA's spellings of the literals C lacks.
pub(super) const LITERALS: LiteralSpelling = LiteralSpelling {
    f64_bits: |b| format!("__longlong_as_double({}ll)", b as i64),
    f32_bits: |b| format!("__uint_as_float(0x{b:08X}u)"),
    half: |f| format!("__half({f})"),
    i64_suffix: "ll",
    u64_suffix: "ull",
};

fn scalar_literal(v: &ConstValue, s: Scalar) -> (String, u8) {
    crate::back::clike::scalar_literal(v, s, &LITERALS)
}

pub(super) struct Writer<'a> {
    pub module: &'a Module,
    pub stdlib: &'a Stdlib,
    pub entry: usize,
    pub namer: Namer,
    pub struct_names: Vec<String>,
    pub field_names: Vec<Vec<String>>,
    /// How each global is reached: `state.Out`, `tile` (a `__shared__`), `K` (a constant).
    pub global_access: Vec<String>,
    pub function_names: Vec<String>,
    /// Functions that take the kernel state (they reach a resource or a thread's static).
    pub takes_state: Vec<bool>,
    /// Functions that take a lane mask (they reach a wave operation).
    pub mask_users: Vec<bool>,
    /// The function being written, when it carries a lane mask.
    pub masked: Option<super::masks::Masked>,
    /// Hidden counters of structured buffers, by global: their access path.
    pub counters: HashMap<usize, String>,
    /// Element counts of buffers, by global (`GetDimensions`).
    pub counts: HashMap<usize, String>,
    pub diags: Vec<Diagnostic>,
    refused: HashSet<(u32, u32)>,
}

/// Globals that live in the kernel state rather than at file scope.
fn in_state(g: &Global) -> bool {
    matches!(
        g.space,
        AddressSpace::Resource | AddressSpace::Private | AddressSpace::Uniform { .. } | AddressSpace::PushConstant
    )
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
            mask_users: Vec::new(),
            masked: None,
            counters: HashMap::default(),
            counts: HashMap::default(),
            diags: Vec::new(),
            refused: HashSet::default(),
        }
    }

    /// The kernel and everything it reaches, without the prelude.
    pub fn write(mut self) -> Result<String, Vec<Diagnostic>> {
        let module = self.module;
        let ep = &module.entry_points[self.entry];
        let reachable = crate::lower::reachable_functions(module, ep.function);
        let kernel = kernel_name(&ep.name);
        self.namer.name(&kernel);

        for (_, s) in module.structs.iter() {
            let name = self.namer.name(&s.name);
            self.struct_names.push(name);
            self.namer.push_scope();
            let fields = s.fields.iter().map(|f| self.namer.name(&f.name)).collect();
            self.namer.pop_scope();
            self.field_names.push(fields);
        }
        let used = self.used_globals(&reachable);
        // The kernel state's members: one namespace of their own, reached as `state.NAME`.
        // Struct names are kept out: a member named like its type changes the type's meaning.
        let mut state_names = Namer::new(super::is_reserved, self.struct_names.clone());
        let abi = kernel_abi(module, self.entry);
        let mut param_names: Vec<String> = abi.iter().map(|p| state_names.name(&p.name)).collect();
        let cbuffer_param = |i: usize, abi: &[super::Param], names: &[String]| {
            abi.iter().zip(names).find(|(p, _)| p.name == module.cbuffers[i].name).map(|(_, n)| n.clone())
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
                    let block = cbuffer_param(*i, &abi, &param_names).unwrap_or_else(|| "cbuffer".into());
                    format!("state.{block}->{}", g.name)
                }
                AddressSpace::Uniform { cbuffer: None } => {
                    let block = abi
                        .iter()
                        .zip(&param_names)
                        .find(|(p, _)| p.name == "globals")
                        .map(|(_, n)| n.clone())
                        .unwrap_or_else(|| "globals".into());
                    format!("state.{block}->{}", g.name)
                }
                AddressSpace::PushConstant => {
                    let block = abi
                        .iter()
                        .zip(&param_names)
                        .find(|(p, _)| p.kind == ParamKind::Push)
                        .map(|(_, n)| n.clone())
                        .unwrap_or_else(|| "push".into());
                    format!("state.{block}->{}", g.name)
                }
                AddressSpace::Private => format!("state.{}", state_names.name(&g.name)),
                AddressSpace::Groupshared | AddressSpace::Constant => self.namer.name(&g.name),
            };
            self.global_access.push(access);
        }
        self.function_names = crate::back::clike::function_names(module, ep.function, &kernel, &mut self.namer);
        // Callees come first, so one pass sees every callee's answer.
        self.takes_state = vec![false; module.functions.len()];
        for (h, f) in module.functions.iter() {
            let own = f.uses.globals.iter().any(|g| in_state(&module.globals[*g])) || !f.uses.counters.is_empty();
            let via = f.uses.calls.iter().any(|c| self.takes_state[c.index()]);
            self.takes_state[h.index()] = own || via;
        }
        self.mask_users = self.find_mask_users();

        let structs = self.structs();
        let blocks = self.blocks(&used);
        let (globals, state_struct) = self.globals(&used, &abi, &mut param_names);
        let mut functions = String::new();
        for (h, _) in module.functions.iter() {
            if reachable[h.index()] {
                if !functions.is_empty() {
                    functions.push('\n');
                }
                if h == ep.function {
                    self.kernel(h, &kernel, &abi, &param_names, &used, &mut functions);
                } else {
                    self.function(h, &mut functions);
                }
            }
        }
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        let sections: Vec<String> =
            [structs, blocks, globals, state_struct, functions].into_iter().filter(|s| !s.is_empty()).collect();
        Ok(sections.join("\n"))
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
    fn blocks(&mut self, used: &[bool]) -> String {
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
            let _ = used;
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

    /// Buffers hold C structs: what C lays out differently from the scalar layout is refused.
    pub fn check_layout(&mut self, ty: &Type, span: Span) {
        let mut found = Vec::new();
        crate::back::clike::layout_problems(self.module, ty, span, &mut found);
        for (problem, at) in found {
            let what = match problem {
                crate::back::clike::LayoutProblem::Bool => "a `bool` in a buffer (C's `bool` is one byte, HLSL's four)",
            };
            self.refuse_code("E0642", at, what);
        }
    }

    /// File-scope `__shared__` and constant globals; the kernel state's struct.
    fn globals(&mut self, used: &[bool], abi: &[super::Param], param_names: &mut [String]) -> (String, String) {
        let module = self.module;
        let mut out = String::new();
        let mut state = String::from("struct wavec_state {\n");
        for (p, name) in abi.iter().zip(param_names.iter()) {
            let ty = self.param_type(p);
            let _ = writeln!(state, "{}{ty} {name};", Level(1));
        }
        for (h, g) in module.globals.iter() {
            if !used[h.index()] {
                continue;
            }
            let access = self.global_access[h.index()].clone();
            match g.space {
                AddressSpace::Groupshared => {
                    let d = self.decl(&g.ty, &access, g.span);
                    let _ = writeln!(out, "__shared__ {d};");
                }
                AddressSpace::Constant => {
                    let d = self.decl(&g.ty, &access, g.span);
                    let init = match &g.init {
                        Some(v) => self.const_init(v, &g.ty),
                        None => "{}".into(),
                    };
                    let _ = writeln!(out, "__device__ const {d} = {init};");
                }
                AddressSpace::Private => {
                    let member = access.trim_start_matches("state.").to_string();
                    let d = self.decl(&g.ty, &member, g.span);
                    let _ = writeln!(state, "{}{d};", Level(1));
                }
                AddressSpace::Resource => {
                    let mut inner = &g.ty;
                    while let Type::Array(e, _) = inner {
                        inner = e;
                    }
                    if let Type::Resource(kind, _) = inner {
                        if kind.is_multisampled() {
                            let what =
                                format!("the multisampled texture `{}` (CUDA has no multisampled textures)", g.name);
                            self.refuse(g.span, &what);
                        }
                    }
                    if let Type::Resource(kind, Some(e)) = &g.ty {
                        if !kind.is_texture() {
                            self.check_layout(e, g.span);
                        }
                    }
                }
                _ => {}
            }
        }
        state.push_str("};\n");
        (out, state)
    }

    /// The C type of a kernel parameter (and of its member in the state).
    fn param_type(&mut self, p: &super::Param) -> String {
        let module = self.module;
        match &p.kind {
            ParamKind::Count { .. } => "unsigned".into(),
            ParamKind::Unused => "const void*".into(),
            ParamKind::Image { array: false, .. } => "wavec::Image".into(),
            ParamKind::Image { array: true, .. } => "const wavec::Image*".into(),
            ParamKind::Sampler { array: false, .. } => "wavec::Sampler".into(),
            ParamKind::Sampler { array: true, .. } => "const wavec::Sampler*".into(),
            ParamKind::Push => "const wavec_push*".into(),
            ParamKind::Pointer { .. } => {
                if let Some(i) = module.cbuffers.iter().position(|c| c.name == p.name) {
                    return format!("const {}_block*", module.cbuffers[i].name);
                }
                if p.name == "globals"
                    && !module.globals.iter().any(|(_, g)| g.name == "globals" && g.space == AddressSpace::Resource)
                {
                    return "const wavec_globals*".into();
                }
                let g = module.globals.iter().find(|(_, g)| g.space == AddressSpace::Resource && g.name == p.name);
                match g.map(|(_, g)| (g.ty.clone(), g.span)) {
                    Some((Type::Resource(kind, elem), span)) => {
                        let elem = elem.map(|e| *e).unwrap_or(Type::UINT);
                        let t = if kind.is_byte_address() { "unsigned".to_string() } else { self.ty_at(&elem, span) };
                        if kind.is_writable() || kind == ResourceKind::ConsumeStructuredBuffer {
                            format!("{t}*")
                        } else {
                            format!("const {t}*")
                        }
                    }
                    // A hidden counter.
                    _ => "unsigned*".into(),
                }
            }
        }
    }

    /// Reports a construct the CUDA output cannot hold (once per span).
    pub fn refuse(&mut self, span: Span, what: &str) {
        self.refuse_code("E0641", span, what)
    }

    fn refuse_code(&mut self, code: &'static str, span: Span, what: &str) {
        if self.refused.insert((span.start, span.end)) {
            self.diags.push(
                Diagnostic::error(code, format!("the CUDA backend cannot write {what}"))
                    .with_label(span, "here")
                    .with_note("compile this shader to SPIR-V (`--target spirv`) or HLSL instead"),
            );
        }
    }

    pub fn internal(&mut self, span: Span, msg: &str) {
        self.diags.push(
            Diagnostic::error("E0699", format!("internal error in the CUDA backend: {msg}")).with_label(span, ""),
        );
    }

    pub fn scalar_name(s: Scalar) -> &'static str {
        match s {
            Scalar::Bool => "bool",
            Scalar::I8 => "signed char",
            Scalar::U8 => "unsigned char",
            Scalar::I16 => "short",
            Scalar::U16 => "unsigned short",
            Scalar::I32 => "int",
            Scalar::U32 => "unsigned",
            Scalar::I64 => "long long",
            Scalar::U64 => "unsigned long long",
            Scalar::F16 => "__half",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            // Made their bits before any target (`lower::substandard_floats`).
            Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => Self::scalar_name(s.storage()),
        }
    }

    /// A type's spelling where a type name is expected.
    pub fn ty_at(&mut self, ty: &Type, span: Span) -> String {
        match ty {
            Type::Void => "void".into(),
            Type::Scalar(s) => Self::scalar_name(*s).into(),
            Type::Vector(s, n) => match s {
                Scalar::Bool | Scalar::I32 | Scalar::F32 | Scalar::F64 => format!("wavec::{}{n}", s.hlsl_name()),
                Scalar::U32 => format!("wavec::uint{n}"),
                _ => format!("wavec::vec<{}, {n}>", Self::scalar_name(*s)),
            },
            Type::Matrix(s, r, c) => format!("wavec::mat<{}, {r}, {c}>", Self::scalar_name(*s)),
            Type::Array(e, Some(n)) => format!("wavec::array<{}, {n}>", self.ty_at(e, span)),
            Type::Array(e, None) => format!("{}*", self.ty_at(e, span)),
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

    /// The kernel: its parameters gathered into the state, the built-in inputs as locals.
    fn kernel(
        &mut self,
        h: FunctionId,
        name: &str,
        abi: &[super::Param],
        param_names: &[String],
        used: &[bool],
        out: &mut String,
    ) {
        let module = self.module;
        let f = &module.functions[h];
        let ep = &module.entry_points[self.entry];
        // The scope stays open while the body is written: hidden variables avoid its names,
        // and locals avoid the kernel's parameters (named for the bindings, not by this namer),
        // which C++ does not let the body's outermost block declare again.
        self.namer.push_scope();
        for n in param_names {
            self.namer.claim(n);
        }
        let names: Vec<String> = f.locals.iter().map(|(_, l)| self.namer.name(&l.name)).collect();
        let cx = Ctx { f, names };
        let params: Vec<String> = abi
            .iter()
            .zip(param_names)
            .map(|(p, n)| {
                let t = self.param_type(p);
                if t.ends_with('*') && !t.starts_with("const void") {
                    format!("{t} __restrict__ {n}")
                } else {
                    format!("{t} {n}")
                }
            })
            .collect();
        let threads: u32 = ep.numthreads.map(|[x, y, z]| x * y * z).unwrap_or(1);
        let _ =
            writeln!(out, "extern \"C\" __global__ void __launch_bounds__({threads}) {name}({}) {{", params.join(", "));
        let members: Vec<&str> = param_names.iter().map(String::as_str).collect();
        let _ = writeln!(out, "{}wavec_state state = {{{}}};", Level(1), members.join(", "));
        for ((h, g), access) in module.globals.iter().zip(self.global_access.clone()) {
            // Only the statics the state holds: one only another initializer read is gone.
            if g.space == AddressSpace::Private && used[h.index()] {
                if let Some(v) = &g.init {
                    let init = self.const_init(v, &g.ty);
                    let t = self.ty_at(&g.ty, g.span);
                    let _ = writeln!(out, "{}{access} = {t}{init};", Level(1));
                }
            }
        }
        let _ = writeln!(out, "{}(void)state;", Level(1));
        for &p in &f.params {
            let l = &f.locals[p];
            let value = self.builtin_value(l, f.span);
            let d = self.decl(&l.ty, &cx.names[p.index()], l.span);
            let _ = writeln!(out, "{}{d} = {value};", Level(1));
        }
        if self.mask_users[h.index()] {
            // Every thread of a warp starts the kernel together.
            let mask = self.namer.name("wavec_mask");
            let _ = writeln!(out, "{}const unsigned {mask} = __activemask();", Level(1));
            self.begin_masked(f, mask, Level(1), out);
        }
        self.stmts(&cx, &f.body.stmts, Level(1), out);
        self.masked = None;
        self.namer.pop_scope();
        out.push_str("}\n");
    }

    fn function(&mut self, h: FunctionId, out: &mut String) {
        let module = self.module;
        let f = &module.functions[h];
        self.namer.push_scope();
        let names: Vec<String> = f.locals.iter().map(|(_, l)| self.namer.name(&l.name)).collect();
        let cx = Ctx { f, names };
        let mut params: Vec<String> = Vec::new();
        if self.takes_state[h.index()] {
            params.push("wavec_state& state".into());
        }
        let mask = self.mask_users[h.index()].then(|| self.namer.name("wavec_mask"));
        if let Some(m) = &mask {
            params.push(format!("const unsigned {m}"));
        }
        for &p in &f.params {
            let l = &f.locals[p];
            let t = self.ty_at(&l.ty, l.span);
            let r = if matches!(l.param, Some(ParamMode::Out | ParamMode::InOut)) { "&" } else { "" };
            params.push(format!("{t}{r} {}", cx.names[p.index()]));
        }
        let ret = self.ty_at(&f.ret, f.span);
        let _ = writeln!(out, "__device__ {ret} {}({}) {{", self.function_names[h.index()], params.join(", "));
        let value = mask.and_then(|m| self.begin_masked(f, m, Level(1), out));
        self.stmts(&cx, &f.body.stmts, Level(1), out);
        if let Some(v) = value {
            let _ = writeln!(out, "{}return {v};", Level(1));
        }
        self.masked = None;
        self.namer.pop_scope();
        out.push_str("}\n");
    }

    fn builtin_value(&mut self, l: &Local, span: Span) -> String {
        let v = match l.builtin {
            Some(BuiltinInput::DispatchThreadId) => "wavec::uint3{blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y, blockIdx.z * blockDim.z + threadIdx.z}",
            Some(BuiltinInput::GroupId) => "wavec::uint3{blockIdx.x, blockIdx.y, blockIdx.z}",
            Some(BuiltinInput::GroupThreadId) => "wavec::uint3{threadIdx.x, threadIdx.y, threadIdx.z}",
            Some(BuiltinInput::GroupIndex) => "wavec::linear_thread_id()",
            Some(BuiltinInput::GroupWaveIndex) => "wavec::GetGroupWaveIndex()",
            None => {
                self.refuse(l.span, "an entry-point parameter that is not a built-in input");
                return "{}".into();
            }
        };
        let t = self.ty_at(&l.ty, span);
        if (v.starts_with("wavec::uint3") && l.ty == Type::Vector(Scalar::U32, 3))
            || (!v.starts_with("wavec::uint3") && l.ty == Type::UINT)
        {
            v.to_string()
        } else {
            format!("wavec::cvt<{t}>({v})")
        }
    }

    fn decl_local(&mut self, cx: &Ctx<'a>, local: LocalId, init: Option<ExprId>) -> String {
        let l = &cx.f.locals[local];
        let konst = if l.is_const { "const " } else { "" };
        let mut s = format!("{konst}{}", self.decl(&l.ty, &cx.names[local.index()], l.span));
        match init {
            Some(e) => {
                let _ = write!(s, " = {}", self.expr(cx, e, P_ASSIGN));
            }
            // HLSL's locals start as zero in practice (DXC), and C++'s const ones need a value.
            None => s.push_str(" = {}"),
        }
        s
    }

    /// A constant as a braced initializer (after a type name or `=`).
    fn const_init(&mut self, v: &ConstValue, ty: &Type) -> String {
        match (v, ty) {
            (ConstValue::Composite(parts), Type::Array(e, _)) => {
                // `wavec::array` wraps a C array: one pair of braces each.
                let parts: Vec<String> = parts.iter().map(|p| self.const_init(p, e)).collect();
                format!("{{{{{}}}}}", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Struct(h)) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                let parts: Vec<String> = parts.iter().zip(&fields).map(|(p, f)| self.const_init(p, f)).collect();
                format!("{{{}}}", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Vector(s, _)) => {
                let parts: Vec<String> = parts.iter().map(|p| scalar_literal(p, *s).0).collect();
                format!("{{{}}}", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Matrix(s, _, c)) => {
                let rows: Vec<String> = parts
                    .chunks(*c as usize)
                    .map(|row| {
                        format!("{{{}}}", row.iter().map(|p| scalar_literal(p, *s).0).collect::<Vec<_>>().join(", "))
                    })
                    .collect();
                format!("{{{{{}}}}}", rows.join(", "))
            }
            (v, Type::Scalar(s)) => format!("{{{}}}", scalar_literal(v, *s).0),
            (v, Type::Vector(s, n)) => {
                let one = scalar_literal(v, *s).0;
                format!("{{{}}}", vec![one; *n as usize].join(", "))
            }
            _ => "{}".into(),
        }
    }

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

    /// A swizzle's components as template arguments (`<1, 0>`).
    fn lanes(components: &[u8]) -> String {
        components.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
    }

    /// An assignment's target: a multi-component swizzle is a reference to its components.
    fn target(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        if let ExprKind::Swizzle { base, components } = &cx.f.exprs[e].kind {
            if components.len() > 1 && matches!(cx.f.exprs[*base].ty, Type::Vector(..)) {
                let b = self.expr(cx, *base, P_ASSIGN);
                return format!("wavec::swizzle_at<{}>({b})", Self::lanes(components));
            }
        }
        self.sub(cx, e, P_PREFIX)
    }

    fn expr_prec(&mut self, cx: &Ctx<'a>, id: ExprId) -> (String, u8) {
        let f = cx.f;
        let expr = &f.exprs[id];
        let span = expr.span;
        match &expr.kind {
            ExprKind::SpirvAsm(_) => unreachable!("lower::spirv_asm refuses inline SPIR-V before this backend"),
            // CUDA's device `printf` is C's: scalars only, each passed as C's default argument
            // promotions would (a `float` or `half` as a `double`, a `bool` as an `int`).
            ExprKind::Printf { format, args } => {
                let mut parts = vec![crate::back::c_string_literal(format)];
                for a in args {
                    let s = self.expr(cx, *a, P_ASSIGN);
                    let ty = &f.exprs[*a].ty;
                    parts.push(match ty {
                        Type::Scalar(Scalar::F16 | Scalar::F32) => format!("(double)({s})"),
                        Type::Scalar(Scalar::Bool) => format!("(int)({s})"),
                        Type::Scalar(_) => s,
                        _ => {
                            self.refuse(
                                f.exprs[*a].span,
                                "a vector argument of `printf` (C's `printf` prints scalars)",
                            );
                            s
                        }
                    });
                }
                (format!("printf({})", parts.join(", ")), P_POSTFIX)
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
                // `-x` of a narrow integer is an `int` in C: the cast keeps HLSL's type.
                if matches!(expr.ty, Type::Scalar(s) if s.bits() < 32 && s != Scalar::Bool && !s.is_float()) {
                    let t = self.ty_at(&expr.ty, span);
                    return (format!("({t})({sym}{s})"), P_PREFIX);
                }
                (format!("{sym}{s}"), P_PREFIX)
            }
            ExprKind::Binary(op, l, r) => self.binary(cx, *op, *l, *r, &expr.ty, span),
            ExprKind::Select { cond, then, els } => {
                if matches!(f.exprs[*cond].ty, Type::Vector(..)) {
                    let a = self.args(cx, &[*cond, *then, *els]);
                    (format!("wavec::select({a})"), P_POSTFIX)
                } else {
                    if self.masked.is_some() && (self.expr_uses_mask(f, *then) || self.expr_uses_mask(f, *els)) {
                        return self.masked_select(cx, *cond, *then, *els);
                    }
                    let c = self.sub(cx, *cond, P_LOR);
                    let t = self.sub(cx, *then, P_ASSIGN);
                    let e = self.sub(cx, *els, P_COND);
                    (format!("{c} ? {t} : {e}"), P_COND)
                }
            }
            ExprKind::Convert(a) => {
                let from = &f.exprs[*a].ty;
                let t = self.ty_at(&expr.ty, span);
                match (from, &expr.ty) {
                    (_, Type::Struct(_) | Type::Array(..)) => (format!("{t}{{}}"), P_POSTFIX),
                    (Type::Scalar(_), Type::Scalar(_)) => {
                        let s = self.sub(cx, *a, P_PREFIX);
                        (format!("({t}){s}"), P_PREFIX)
                    }
                    _ => {
                        let s = self.expr(cx, *a, P_ASSIGN);
                        (format!("wavec::cvt<{t}>({s})"), P_POSTFIX)
                    }
                }
            }
            ExprKind::Construct(parts) => {
                let t = self.ty_at(&expr.ty, span);
                let a = self.args(cx, parts);
                let elem = expr.ty.scalar();
                let exact = match &expr.ty {
                    Type::Vector(..) => parts
                        .iter()
                        .all(|p| f.exprs[*p].ty.scalar() == elem && matches!(f.exprs[*p].ty, Type::Scalar(_))),
                    Type::Struct(_) | Type::Array(..) => true,
                    _ => false,
                };
                if matches!(expr.ty, Type::Array(..)) {
                    (format!("{t}{{{{{a}}}}}"), P_POSTFIX)
                } else if exact {
                    (format!("{t}{{{a}}}"), P_POSTFIX)
                } else {
                    (format!("wavec::make<{t}>({a})"), P_POSTFIX)
                }
            }
            ExprKind::Swizzle { base, components } => {
                let base_ty = f.exprs[*base].ty.clone();
                match &base_ty {
                    Type::Matrix(s, _, cols) => {
                        let b = self.postfix_base(cx, *base);
                        let parts: Vec<String> =
                            components.iter().map(|c| format!("{b}[{}][{}]", c / cols, c % cols)).collect();
                        if parts.len() == 1 {
                            (parts[0].clone(), P_POSTFIX)
                        } else {
                            let t = self.ty_at(&Type::Vector(*s, parts.len() as u8), span);
                            (format!("{t}{{{}}}", parts.join(", ")), P_POSTFIX)
                        }
                    }
                    Type::Scalar(_) if components.len() == 1 => self.expr_prec(cx, *base),
                    _ if components.len() == 1 => {
                        let b = self.postfix_base(cx, *base);
                        let c = ['x', 'y', 'z', 'w'][(components[0] as usize).min(3)];
                        (format!("{b}.{c}"), P_POSTFIX)
                    }
                    _ => {
                        let b = self.expr(cx, *base, P_ASSIGN);
                        (format!("wavec::swizzle<{}>({b})", Self::lanes(components)), P_POSTFIX)
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
                        return self.texel_read(cx, *base, *index, span);
                    }
                }
                let b = self.postfix_base(cx, *base);
                let i = self.expr(cx, *index, 0);
                (format!("{b}[{i}]"), P_POSTFIX)
            }
            ExprKind::Call { function, args } => {
                let mut a = self.args(cx, args);
                if let Some(m) = self.mask_users[function.index()].then(|| self.current_mask()).flatten() {
                    a = if a.is_empty() { m.to_string() } else { format!("{m}, {a}") };
                }
                if self.takes_state[function.index()] {
                    a = if a.is_empty() { "state".into() } else { format!("state, {a}") };
                }
                (format!("{}({a})", self.function_names[function.index()]), P_POSTFIX)
            }
            ExprKind::Intrinsic { id, args, bound } => self.intrinsic(cx, span, *id, args, bound.as_deref(), &expr.ty),
            ExprKind::Method { object, method, args } => self.method(cx, *object, *method, args, &expr.ty, span),
            ExprKind::Assign { op, target, value } if is_texel(f, *target) => {
                self.texel_write(cx, *target, *op, *value, span)
            }
            ExprKind::Assign { op, target, value } => {
                let tt = f.exprs[*target].ty.clone();
                let t = self.target(cx, *target);
                match op {
                    Some(o) if self.needs_function(*o, &tt) => {
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
                    GroupWaveValue::Index => "wavec::GetGroupWaveIndex()",
                    GroupWaveValue::Count => "wavec::GetGroupWaveCount()",
                };
                (name.to_string(), P_POSTFIX)
            }
        }
    }

    /// Whether `a op= b` must be written `a = a op b` (C has no operator of HLSL's meaning).
    fn needs_function(&self, op: BinaryOp, a: &Type) -> bool {
        let float_rem = op == BinaryOp::Rem && a.scalar().is_some_and(Scalar::is_float);
        let shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr);
        let bool_bits = a.scalar() == Some(Scalar::Bool) && op.is_bitwise();
        float_rem || shift || bool_bits
    }

    pub(super) fn binary(
        &mut self,
        cx: &Ctx<'a>,
        op: BinaryOp,
        l: ExprId,
        r: ExprId,
        ty: &Type,
        span: Span,
    ) -> (String, u8) {
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
        if op.is_logical() && self.masked.is_some() && self.expr_uses_mask(f, r) {
            return self.masked_logic(cx, op, l, r);
        }
        if op == BinaryOp::Rem && ty.scalar().is_some_and(Scalar::is_float) {
            let a = self.args(cx, &[l, r]);
            return (format!("wavec::fmod({a})"), P_POSTFIX);
        }
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            let name = if op == BinaryOp::Shl { "shl" } else { "shr" };
            let count_ok = f
                .const_value(r)
                .and_then(|v| v.as_u64())
                .is_some_and(|c| c < lt.scalar().map(Scalar::bits).unwrap_or(32) as u64);
            if !count_ok || vector {
                let a = self.expr(cx, l, P_ASSIGN);
                let b = self.expr(cx, r, P_ASSIGN);
                let t = self.ty_at(&lt, span);
                let b = if lt == rt { b } else { format!("wavec::cvt<{t}>({b})") };
                return (format!("wavec::{name}({a}, {b})"), P_POSTFIX);
            }
        }
        let (text, p) = crate::back::clike::infix(f, op, l, r, &mut |e, min| self.sub(cx, e, min));
        // C computes narrow integers and bools as `int`: the cast keeps HLSL's type.
        if let Type::Scalar(s) = ty {
            if (s.bits() < 32 && !s.is_float()) || (*s == Scalar::Bool && op.is_bitwise()) {
                let t = self.ty_at(ty, span);
                return (format!("({t})({text})"), P_PREFIX);
            }
        }
        (text, p)
    }

    fn constant(&mut self, v: &ConstValue, ty: &Type, span: Span) -> (String, u8) {
        match (v, ty) {
            (_, Type::Scalar(s)) => scalar_literal(v, *s),
            (ConstValue::Composite(_), _)
            | (_, Type::Vector(..) | Type::Matrix(..) | Type::Array(..) | Type::Struct(_)) => {
                let t = self.ty_at(ty, span);
                let init = self.const_init(v, ty);
                (format!("{t}{init}"), P_POSTFIX)
            }
            _ => {
                self.internal(span, "a constant of an unexpected type");
                ("0".into(), P_POSTFIX)
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
    fn own_stmts(&mut self, cx: &Ctx<'a>, stmts: &[Stmt], level: Level, out: &mut String) -> bool {
        if self.masked.is_none() {
            return false;
        }
        self.masked_stmts(cx, stmts, level, out);
        true
    }
    fn own_stmt(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) -> bool {
        self.masked.is_some() && self.masked_stmt(cx, s, level, out)
    }
}

/// `T[c]` of a texture.
fn is_texel(f: &Function, e: ExprId) -> bool {
    matches!(&f.exprs[e].kind, ExprKind::Index { base, .. } if matches!(f.exprs[*base].ty, Type::Resource(k, _) if k.is_texture()))
}
