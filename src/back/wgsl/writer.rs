//! `impl Writer`: types, functions, statements and expressions, with the hoisting the module
//! docs describe.

use super::Options;
use crate::back::template::has_side_effects;
use crate::back::{Level, Namer};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::bindings::Binding;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::Stdlib;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The function being written: output names of its locals (`(*p)` for pointer parameters).
pub(super) struct Ctx<'a> {
    pub f: &'a Function,
    pub names: Vec<String>,
}

pub(super) struct Writer<'a> {
    pub module: &'a Module,
    pub stdlib: &'a Stdlib,
    #[allow(dead_code)]
    pub options: &'a Options,
    pub entry: usize,
    pub namer: Namer,
    pub struct_names: Vec<String>,
    pub field_names: Vec<Vec<String>>,
    /// How each global is spelled where it is used (`Globals.x` for a `$Globals` member).
    pub global_names: Vec<String>,
    pub function_names: Vec<String>,
    pub bindings: Vec<Binding>,
    /// Globals whose integers are `atomic<…>`.
    pub atomic: Vec<bool>,
    /// Struct fields an atomic operation targets (`buf[0].counter[i]`): declared `atomic<…>`,
    /// every access to them atomic.
    pub atomic_fields: HashSet<(StructId, u32)>,
    /// `enable` directives, and the subgroup built-ins the output reads.
    pub enables: BTreeSet<&'static str>,
    pub builtins: BTreeSet<&'static str>,
    pub helpers: String,
    pub helper_names: HashMap<String, String>,
    pub helpers_written: HashSet<String>,
    pub diags: Vec<Diagnostic>,
    refused: HashSet<(u32, u32, &'static str)>,
    /// Statements that must run before the statement being written (one per line, relative
    /// indentation), and a flag per function parameter that is a pointer.
    pub pre: String,
    /// The buffer layout of each struct that a buffer holds, by struct index.
    pub struct_plans: HashMap<usize, super::globals::StructPlan>,
    /// The hidden counters of structured buffers, by global.
    pub counters: HashMap<usize, String>,
    /// The leading gap the last [`Self::plan_members`] found.
    pub lead: Option<u32>,
}

/// An operand position: wrapped in parentheses unless it is a primary expression.
fn paren(s: String, primary: bool) -> String {
    if primary {
        s
    } else {
        format!("({s})")
    }
}

impl<'a> Writer<'a> {
    pub fn new(module: &'a Module, entry: usize, options: &'a Options, stdlib: &'a Stdlib) -> Self {
        let extra = stdlib.intrinsics.names().filter(|n| !n.starts_with("__")).map(String::from);
        let extra = extra.chain(super::wave::BUILTINS.iter().map(|(_, n, ..)| n.to_string()));
        Writer {
            module,
            stdlib,
            options,
            entry,
            namer: Namer::new(super::is_reserved, extra),
            struct_names: Vec::new(),
            field_names: Vec::new(),
            global_names: Vec::new(),
            function_names: Vec::new(),
            bindings: crate::ir::bindings::separate_combined_samplers(
                module,
                crate::ir::bindings::bindings(module, entry),
            ),
            atomic: Vec::new(),
            atomic_fields: HashSet::default(),
            enables: BTreeSet::new(),
            builtins: BTreeSet::new(),
            helpers: String::new(),
            helper_names: HashMap::default(),
            helpers_written: HashSet::default(),
            diags: Vec::new(),
            refused: HashSet::default(),
            pre: String::new(),
            struct_plans: HashMap::default(),
            lead: None,
            counters: HashMap::default(),
        }
    }

    /// Two resources at one `@group`/`@binding`: WGSL (and WebGPU) allow one variable each.
    fn refuse_shared_bindings(&mut self) {
        let mut seen: HashMap<(u32, u32), usize> = HashMap::default();
        for (i, b) in self.bindings.iter().enumerate() {
            let Some(&first) = seen.get(&(b.set, b.binding)) else {
                seen.insert((b.set, b.binding), i);
                continue;
            };
            let a = &self.bindings[first];
            let d = Diagnostic::error(
                "E0657",
                format!(
                    "`{}` and `{}` both bind at @group({}) @binding({}), which WGSL forbids",
                    a.name, b.name, b.set, b.binding
                ),
            )
            .with_label(b.span, "binds here")
            .with_label(a.span, "as does this")
            .with_note(
                "HLSL's register classes (`t0`, `u0`, `s0`, `b0`) all start at binding 0: move them apart with \
                 `--fvk-t-shift N all`, `--fvk-u-shift`, `--fvk-s-shift`, `--fvk-b-shift`, or give `[[vk::binding(N)]]`",
            );
            self.diags.push(d);
        }
    }

    pub fn write(mut self) -> Result<String, Vec<Diagnostic>> {
        let module = self.module;
        self.refuse_shared_bindings();
        let ep = &module.entry_points[self.entry];
        let reachable = crate::lower::reachable_functions(module, ep.function);
        for (_, s) in module.structs.iter() {
            let name = self.namer.name(&s.name);
            self.struct_names.push(name);
            self.namer.push_scope();
            let fields = s.fields.iter().map(|f| self.namer.name(&f.name)).collect();
            self.namer.pop_scope();
            self.field_names.push(fields);
        }
        for (_, g) in module.globals.iter() {
            let name = self.namer.name(&g.name);
            self.global_names.push(name);
        }
        // WGSL has no overloads: every function gets its own name.
        for (h, f) in module.functions.iter() {
            let name =
                if !reachable[h.index()] || h == ep.function { "main".to_string() } else { self.namer.name(&f.name) };
            self.function_names.push(name);
        }
        for (h, f) in module.functions.iter() {
            if reachable[h.index()] {
                self.name_helpers(f);
            }
        }
        self.atomic = self.atomic_globals(&reachable);
        let used = self.used_globals(&reachable);
        let globals = self.globals(&used);
        let structs = self.structs();
        let mut functions = String::new();
        for (h, _) in module.functions.iter() {
            if reachable[h.index()] {
                if !functions.is_empty() {
                    functions.push('\n');
                }
                self.function(h, h == ep.function, &mut functions);
            }
        }
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        let mut header = String::new();
        for e in &self.enables {
            let _ = writeln!(header, "enable {e};");
        }
        let private: String = super::wave::BUILTINS
            .iter()
            .filter(|(b, ..)| self.builtins.contains(b))
            .map(|(_, name, _, ty)| format!("var<private> {name}: {ty};\n"))
            .collect();
        let sections: Vec<String> = [header, structs, globals, private, std::mem::take(&mut self.helpers), functions]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
        Ok(sections.join("\n"))
    }

    fn used_globals(&self, reachable: &[bool]) -> Vec<bool> {
        let mut used = vec![false; self.module.globals.len()];
        for (h, f) in self.module.functions.iter() {
            if reachable[h.index()] {
                for g in &f.uses.globals {
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
            if s.fields.is_empty() {
                // WGSL has no empty structs: one unused member stands in.
                let _ = writeln!(out, "{}wavec_empty: u32,", Level(1));
            }
            let sizes = self.struct_plans.get(&h.index()).map(|p| p.sizes.clone()).unwrap_or_default();
            if let Some(lead) = self.struct_plans.get(&h.index()).and_then(|p| p.lead) {
                let _ = writeln!(out, "{}@size({lead}) wavec_pad: u32,", Level(1));
            }
            for (i, f) in s.fields.iter().enumerate() {
                let t = if self.atomic_fields.contains(&(h, i as u32)) {
                    self.atomic_ty(&f.ty, f.span)
                } else {
                    self.ty(&f.ty, f.span)
                };
                let size = sizes.get(i).copied().flatten().map(|n| format!("@size({n}) ")).unwrap_or_default();
                let _ = writeln!(out, "{}{size}{}: {t},", Level(1), self.field_names[h.index()][i]);
            }
            out.push_str("}\n");
        }
        out
    }

    /// Reports a construct WGSL output cannot hold (once per span and code).
    pub fn refuse_code(&mut self, code: &'static str, span: Span, what: &str) {
        if self.refused.insert((span.start, span.end, code)) {
            self.diags.push(
                Diagnostic::error(code, format!("the WGSL backend cannot write {what}"))
                    .with_label(span, "here")
                    .with_note("compile this shader to SPIR-V (`--target spirv`) or GLSL instead"),
            );
        }
    }

    pub fn refuse(&mut self, span: Span, what: &str) {
        self.refuse_code("E0651", span, what);
    }

    pub fn internal(&mut self, span: Span, msg: &str) {
        self.diags.push(
            Diagnostic::error("E0699", format!("internal error in the WGSL backend: {msg}")).with_label(span, ""),
        );
    }

    pub fn scalar_name(&mut self, s: Scalar, span: Span) -> &'static str {
        match s {
            Scalar::Bool => "bool",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::F32 => "f32",
            Scalar::F16 => {
                self.enables.insert("f16");
                "f16"
            }
            other => {
                self.refuse(span, &format!("`{}` values (WGSL has 32-bit scalars and `f16` only)", other.hlsl_name()));
                "i32"
            }
        }
    }

    /// A type's WGSL spelling.
    pub fn ty(&mut self, ty: &Type, span: Span) -> String {
        match ty {
            Type::Void => String::new(),
            Type::Scalar(s) => self.scalar_name(*s, span).into(),
            Type::Vector(s, n) => format!("vec{n}<{}>", self.scalar_name(*s, span)),
            Type::Matrix(s, r, c) => {
                if !matches!(s, Scalar::F32 | Scalar::F16) {
                    self.refuse(span, &format!("a `{ty}` matrix (WGSL's matrices hold floats only)"));
                }
                if *r < 2 || *c < 2 {
                    self.refuse(span, &format!("a `{ty}` matrix (WGSL's matrices have 2 to 4 rows and columns)"));
                }
                let s = if *s == Scalar::F16 { self.scalar_name(*s, span) } else { "f32" };
                format!("mat{r}x{c}<{s}>")
            }
            Type::Array(e, n) => {
                let e = self.ty(e, span);
                match n {
                    Some(n) => format!("array<{e}, {n}>"),
                    None => format!("array<{e}>"),
                }
            }
            Type::Pointer(_) => unreachable!("lower::pointers refuses pointers before this backend"),
            Type::Struct(h) => self.struct_names[h.index()].clone(),
            Type::Resource(..) => {
                self.refuse(span, &format!("a value of type `{}` (resources as values)", self.module.type_name(ty)));
                "i32".into()
            }
            Type::String | Type::RayQuery(_) | Type::Error => {
                self.internal(span, "a string or error type reached the writer");
                "i32".into()
            }
        }
    }

    /// Locals that the body assigns (or passes as `out`): parameters among them get a `var` copy.
    fn assigned_locals(&self, f: &Function) -> HashSet<LocalId> {
        let mut set = HashSet::default();
        let root = |mut e: ExprId| loop {
            match &f.exprs[e].kind {
                ExprKind::Local(l) => return Some(*l),
                ExprKind::Index { base, .. } | ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => {
                    e = *base
                }
                _ => return None,
            }
        };
        for (_, e) in f.exprs.iter() {
            match &e.kind {
                ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => set.extend(root(*target)),
                ExprKind::Call { function, args } => {
                    let callee = &self.module.functions[*function];
                    for (a, p) in args.iter().zip(&callee.params) {
                        if callee.locals[*p].param != Some(ParamMode::In) {
                            set.extend(root(*a));
                        }
                    }
                }
                ExprKind::Intrinsic { id, args, .. } => {
                    let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
                    for (a, p) in args.iter().zip(&intr.params) {
                        if p.mode != ParamMode::In {
                            set.extend(root(*a));
                        }
                    }
                }
                _ => {}
            }
        }
        set
    }

    fn function(&mut self, h: FunctionId, is_entry: bool, out: &mut String) {
        let module = self.module;
        let f = &module.functions[h];
        self.namer.push_scope();
        let assigned = self.assigned_locals(f);
        let mut names: Vec<String> = Vec::new();
        let mut param_text = Vec::new();
        let mut prologue = String::new();
        for (id, l) in f.locals.iter() {
            let name = self.namer.name(l.name.strip_prefix("gl_").filter(|r| !r.is_empty()).unwrap_or(&l.name));
            names.push(name);
            let _ = id;
        }
        for &p in &f.params {
            let l = &f.locals[p];
            let name = names[p.index()].clone();
            if is_entry {
                let value = self.builtin_value(l);
                let t = self.ty(&l.ty, l.span);
                let _ = writeln!(prologue, "{}var {name}: {t} = {value};", Level(1));
                continue;
            }
            let t = self.ty(&l.ty, l.span);
            match l.param {
                Some(ParamMode::Out | ParamMode::InOut) => {
                    param_text.push(format!("{name}: ptr<function, {t}>"));
                    names[p.index()] = format!("(*{name})");
                }
                _ if assigned.contains(&p) => {
                    let input = self.namer.name(&format!("{name}_in"));
                    param_text.push(format!("{input}: {t}"));
                    let _ = writeln!(prologue, "{}var {name}: {t} = {input};", Level(1));
                }
                _ => param_text.push(format!("{name}: {t}")),
            }
        }
        let cx = Ctx { f, names };
        let mut body = String::new();
        self.stmts(&cx, &f.body.stmts, Level(1), &mut body);
        self.namer.pop_scope();
        if is_entry {
            let ep = &module.entry_points[self.entry];
            // A dimension a specialization constant gives is its `override`.
            let dims: Vec<String> = ep
                .numthreads
                .unwrap_or([1, 1, 1])
                .into_iter()
                .zip(ep.numthreads_spec)
                .map(|(n, spec)| match spec {
                    Some(g) => self.global_names[g.index()].clone(),
                    None => n.to_string(),
                })
                .collect();
            let [_, y, z] = ep.numthreads.unwrap_or([1, 1, 1]);
            let mut inputs: Vec<String> = Vec::new();
            for &p in &f.params {
                if let Some(b) = f.locals[p].builtin.and_then(builtin_input) {
                    let _ = &b;
                }
            }
            for (b, ty) in [
                ("global_invocation_id", "vec3<u32>"),
                ("workgroup_id", "vec3<u32>"),
                ("local_invocation_id", "vec3<u32>"),
                ("local_invocation_index", "u32"),
            ] {
                if prologue.contains(&format!("wavec_{b}")) {
                    inputs.push(format!("@builtin({b}) wavec_{b}: {ty}"));
                }
            }
            let mut copies = String::new();
            let multi = y > 1 || z > 1 || ep.numthreads_spec[1..].iter().any(Option::is_some);
            for (b, name, _, ty) in super::wave::BUILTINS {
                if multi && *b == "subgroup_invocation_id" && self.builtins.contains(b) {
                    // naga takes this built-in in one-dimensional workgroups only. At the entry
                    // point every lane of a wave is active, the lanes of a partial wave the
                    // lowest: the lanes below this one count its index.
                    self.enables.insert("subgroups");
                    let _ = writeln!(copies, "{}{name} = subgroupExclusiveAdd(1u);", Level(1));
                    continue;
                }
                if self.builtins.contains(b) {
                    inputs.push(format!("@builtin({b}) {name}_in: {ty}"));
                    let _ = writeln!(copies, "{}{name} = {name}_in;", Level(1));
                }
            }
            let _ = writeln!(out, "@compute @workgroup_size({})", dims.join(", "));
            let _ = writeln!(out, "fn main({}) {{", inputs.join(", "));
            out.push_str(&copies);
        } else {
            let ret = match f.ret {
                Type::Void => String::new(),
                ref t => format!(" -> {}", self.ty(t, f.span)),
            };
            let _ = writeln!(out, "fn {}({}){ret} {{", self.function_names[h.index()], param_text.join(", "));
        }
        out.push_str(&prologue);
        out.push_str(&body);
        out.push_str("}\n");
    }

    /// An entry point's built-in input in the type its parameter declares.
    fn builtin_value(&mut self, l: &Local) -> String {
        let (name, n) = match l.builtin {
            Some(BuiltinInput::GroupWaveIndex) => {
                self.builtins.insert("subgroup_id");
                ("wavec_subgroup_id".to_string(), 1)
            }
            Some(b) => match builtin_input(b) {
                Some((w, n)) => (format!("wavec_{w}"), n),
                None => ("0u".to_string(), 1),
            },
            None => {
                self.refuse(l.span, "an entry-point parameter that is not a built-in input");
                return "0u".into();
            }
        };
        let want = l.ty.vector_size().unwrap_or(1);
        let shaped = match (n, want) {
            (3, 1) => format!("{name}.x"),
            (3, 2) => format!("{name}.xy"),
            _ => name,
        };
        if l.ty.scalar() == Some(Scalar::U32) {
            shaped
        } else {
            format!("{}({shaped})", self.ty(&l.ty, l.span))
        }
    }

    // ---------------------------------------------------------------------------------------
    // Statements

    /// Emits the pending statements at `level`.
    fn flush(&mut self, level: Level, out: &mut String) {
        let pre = std::mem::take(&mut self.pre);
        for line in pre.lines() {
            let _ = writeln!(out, "{level}{line}");
        }
    }

    /// Writes `e` with its hoisted statements collected apart: (statements, expression).
    fn isolated(&mut self, cx: &Ctx<'a>, e: ExprId) -> (String, String) {
        let saved = std::mem::take(&mut self.pre);
        let s = self.expr(cx, e);
        let pre = std::mem::replace(&mut self.pre, saved);
        (pre, s)
    }

    fn stmts(&mut self, cx: &Ctx<'a>, stmts: &[Stmt], level: Level, out: &mut String) {
        for s in stmts {
            self.stmt(cx, s, level, out);
        }
    }

    fn block(&mut self, cx: &Ctx<'a>, b: &Block, level: Level, out: &mut String) {
        out.push_str("{\n");
        self.stmts(cx, &b.stmts, level.next(), out);
        let _ = write!(out, "{level}}}");
    }

    /// A statement's text (no `;`) for an expression evaluated for its effects, or `None`.
    fn effect(&mut self, cx: &Ctx<'a>, e: ExprId) -> Option<String> {
        let f = cx.f;
        match &f.exprs[e].kind {
            ExprKind::Assign { op, target, value } => Some(self.assign(cx, *op, *target, *value)),
            ExprKind::IncDec { op, target } => {
                let sym = match op {
                    IncDec::PreInc | IncDec::PostInc => BinaryOp::Add,
                    _ => BinaryOp::Sub,
                };
                Some(self.step(cx, sym, *target))
            }
            ExprKind::Comma(a, b) => {
                if let Some(s) = self.effect(cx, *a) {
                    self.pre.push_str(&s);
                    self.pre.push_str(";\n");
                }
                self.effect(cx, *b)
            }
            // WGSL has no print: the arguments run for their effects, and nothing is printed
            // (the driver warns, W0620).
            ExprKind::Printf { args, .. } => {
                for &a in args {
                    if let Some(s) = self.effect(cx, a) {
                        self.pre.push_str(&s);
                        self.pre.push_str(";\n");
                    }
                }
                None
            }
            ExprKind::Call { .. } | ExprKind::Intrinsic { .. } | ExprKind::Method { .. } => {
                let s = self.call_like(cx, e, true);
                // A call with `inout` arguments ran among the hoisted statements (copy in, call
                // into a `let`, copy back): what is left is the `let`'s name, no statement.
                let hoisted = s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                // A value no one reads is a phony assignment: WGSL's value-returning built-ins
                // are `@must_use`, and a member of a result (`atomicCompareExchangeWeak(…)
                // .old_value`) is no statement at all.
                let unused_value = f.exprs[e].ty != Type::Void && !s.starts_with("_ =");
                (!s.is_empty() && !hoisted).then(|| if unused_value { format!("_ = {s}") } else { s })
            }
            _ if has_side_effects(f, self.stdlib, e) => {
                let s = self.expr(cx, e);
                Some(format!("_ = {s}"))
            }
            _ => None,
        }
    }

    fn stmt(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        match s {
            Stmt::Expr(e) => {
                let text = self.effect(cx, *e);
                self.flush(level, out);
                if let Some(t) = text {
                    let _ = writeln!(out, "{level}{t};");
                }
            }
            Stmt::Local { local, init } => {
                let l = &cx.f.locals[*local];
                let t = self.ty(&l.ty, l.span);
                let name = cx.names[local.index()].clone();
                let init = init.map(|e| self.expr(cx, e));
                self.flush(level, out);
                match init {
                    Some(v) => {
                        let _ = writeln!(out, "{level}var {name}: {t} = {v};");
                    }
                    None => {
                        let _ = writeln!(out, "{level}var {name}: {t};");
                    }
                }
            }
            Stmt::Block(b) => {
                let _ = write!(out, "{level}");
                self.block(cx, b, level, out);
                out.push('\n');
            }
            Stmt::If { cond, then, els, .. } => {
                let c = self.expr(cx, *cond);
                self.flush(level, out);
                let _ = write!(out, "{level}if {} ", paren(c, false));
                self.block(cx, then, level, out);
                if let Some(els) = els {
                    out.push_str(" else ");
                    self.block(cx, els, level, out);
                }
                out.push('\n');
            }
            Stmt::For { init, cond, step, body, .. } => {
                let _ = writeln!(out, "{level}{{");
                let inner = level.next();
                self.stmts(cx, init, inner, out);
                let (cpre, c) = match cond {
                    Some(c) => self.isolated(cx, *c),
                    None => (String::new(), "true".to_string()),
                };
                let (spre, st) = match step {
                    Some(s) => {
                        let saved = std::mem::take(&mut self.pre);
                        let st = self.effect(cx, *s);
                        (std::mem::replace(&mut self.pre, saved), st)
                    }
                    None => (String::new(), None),
                };
                if cpre.is_empty() && spre.is_empty() && st.as_ref().is_none_or(|s| !s.contains('\n')) {
                    let st = st.unwrap_or_default();
                    let c = if cond.is_some() { c } else { String::new() };
                    let _ = write!(out, "{inner}for (; {c}; {st}) ");
                    self.block(cx, body, inner, out);
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "{inner}loop {{");
                    let l2 = inner.next();
                    self.pre = cpre;
                    self.flush(l2, out);
                    let _ = writeln!(out, "{l2}if !{} {{ break; }}", paren(c, false));
                    self.stmts(cx, &body.stmts, l2, out);
                    let _ = writeln!(out, "{l2}continuing {{");
                    self.pre = spre;
                    self.flush(l2.next(), out);
                    if let Some(st) = st {
                        let _ = writeln!(out, "{}{st};", l2.next());
                    }
                    let _ = writeln!(out, "{l2}}}");
                    let _ = writeln!(out, "{inner}}}");
                }
                let _ = writeln!(out, "{level}}}");
            }
            Stmt::While { cond, body, .. } => {
                let (pre, c) = self.isolated(cx, *cond);
                if pre.is_empty() {
                    let _ = write!(out, "{level}while {} ", paren(c, false));
                    self.block(cx, body, level, out);
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "{level}loop {{");
                    self.pre = pre;
                    self.flush(level.next(), out);
                    let _ = writeln!(out, "{}if !{} {{ break; }}", level.next(), paren(c, false));
                    self.stmts(cx, &body.stmts, level.next(), out);
                    let _ = writeln!(out, "{level}}}");
                }
            }
            Stmt::DoWhile { body, cond, .. } => {
                let _ = writeln!(out, "{level}loop {{");
                self.stmts(cx, &body.stmts, level.next(), out);
                let (pre, c) = self.isolated(cx, *cond);
                let _ = writeln!(out, "{}continuing {{", level.next());
                self.pre = pre;
                self.flush(level.next().next(), out);
                let _ = writeln!(out, "{}break if !{};", level.next().next(), paren(c, false));
                let _ = writeln!(out, "{}}}", level.next());
                let _ = writeln!(out, "{level}}}");
            }
            Stmt::Switch { selector, cases } => self.switch(cx, *selector, cases, level, out),
            Stmt::Break => {
                let _ = writeln!(out, "{level}break;");
            }
            Stmt::Continue => {
                let _ = writeln!(out, "{level}continue;");
            }
            Stmt::Return(None) => {
                let _ = writeln!(out, "{level}return;");
            }
            Stmt::Return(Some(e)) => {
                let v = self.expr(cx, *e);
                self.flush(level, out);
                let _ = writeln!(out, "{level}return {v};");
            }
            Stmt::Discard => {
                self.refuse(cx.f.span, "`discard` (compute shaders only)");
            }
        }
    }

    fn switch(&mut self, cx: &Ctx<'a>, selector: ExprId, cases: &[SwitchCase], level: Level, out: &mut String) {
        let sel = self.expr(cx, selector);
        self.flush(level, out);
        let _ = writeln!(out, "{level}switch {} {{", paren(sel, false));
        let inner = level.next();
        let mut labels: Vec<String> = Vec::new();
        let mut has_default = false;
        for (i, c) in cases.iter().enumerate() {
            labels.extend(c.values.iter().map(|v| v.to_string()));
            if c.is_default {
                labels.push("default".to_string());
                has_default = true;
            }
            let last = i + 1 == cases.len();
            if c.body.stmts.is_empty() && !last {
                continue;
            }
            // `lower::switch_fallthrough` leaves no case that falls into the next.
            if !last && crate::ir::flow::list_flow(&c.body.stmts).falls {
                let span = cx.f.exprs[selector].span;
                self.refuse(span, "a `switch` case that falls through to the next (WGSL cases never fall through)");
            }
            let body = match c.body.stmts.last() {
                Some(Stmt::Break) => &c.body.stmts[..c.body.stmts.len() - 1],
                _ => &c.body.stmts[..],
            };
            // Statements before the first label of a `switch` are never run: no case reaches them.
            if labels.is_empty() {
                continue;
            }
            let _ = writeln!(out, "{inner}case {}: {{", std::mem::take(&mut labels).join(", "));
            self.stmts(cx, body, inner.next(), out);
            let _ = writeln!(out, "{inner}}}");
        }
        if !has_default {
            let _ = writeln!(out, "{inner}default: {{}}");
        }
        let _ = writeln!(out, "{level}}}");
    }

    // ---------------------------------------------------------------------------------------
    // Assignments

    /// The statement for `target op= value`.
    fn assign(&mut self, cx: &Ctx<'a>, op: Option<BinaryOp>, target: ExprId, value: ExprId) -> String {
        let f = cx.f;
        let v = match op {
            Some(o) => self.binary(cx, o, target, value, &f.exprs[target].ty, f.exprs[value].span).0,
            None => self.expr(cx, value),
        };
        self.store(cx, target, v)
    }

    /// `target += 1` for `++`.
    fn step(&mut self, cx: &Ctx<'a>, op: BinaryOp, target: ExprId) -> String {
        let ty = cx.f.exprs[target].ty.clone();
        let one = self.constant(&ConstValue::Int(1), &ty, cx.f.exprs[target].span);
        let t = self.place(cx, target);
        let v = format!("{} {} {one}", self.read_place(cx, target, t), op.symbol());
        self.store(cx, target, v)
    }

    /// Reads a place written by [`Self::place`] (an atomic one through `atomicLoad`).
    fn read_place(&mut self, cx: &Ctx<'a>, target: ExprId, place: String) -> String {
        if self.is_atomic_place(cx, target) {
            format!("atomicLoad(&{place})")
        } else {
            paren(place, true)
        }
    }

    /// The statement storing `value` (already written) to `target`.
    pub fn store(&mut self, cx: &Ctx<'a>, target: ExprId, value: String) -> String {
        let f = cx.f;
        if let ExprKind::Index { base, .. } = &f.exprs[target].kind {
            if matches!(&f.exprs[*base].ty, Type::Resource(k, _) if k.is_texture()) {
                return self.texel_write(cx, target, value, f.exprs[target].span);
            }
        }
        if let ExprKind::Swizzle { base, components } = &f.exprs[target].kind {
            if components.len() > 1 && matches!(f.exprs[*base].ty, Type::Vector(..)) {
                // WGSL assigns one component at a time.
                let t = self.temp();
                let _ = writeln!(self.pre, "let {t} = {value};");
                let b = self.place(cx, *base);
                let parts: Vec<String> = components
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{b}.{} = {t}.{}", xyzw(*c), xyzw(i as u8)))
                    .collect();
                let last = parts.len() - 1;
                for p in &parts[..last] {
                    let _ = writeln!(self.pre, "{p};");
                }
                return parts[last].clone();
            }
        }
        let t = self.place(cx, target);
        if self.is_atomic_place(cx, target) {
            return format!("atomicStore(&{t}, {value})");
        }
        format!("{t} = {value}")
    }

    /// An assignable expression, as WGSL spells it.
    pub fn place(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        let f = cx.f;
        match &f.exprs[e].kind {
            ExprKind::Local(l) => cx.names[l.index()].clone(),
            ExprKind::Global(g) => self.global_names[g.index()].clone(),
            ExprKind::Index { base, index } => {
                let b = self.place(cx, *base);
                let i = self.expr(cx, *index);
                format!("{b}[{i}]")
            }
            ExprKind::Field { base, index } => {
                let b = self.place(cx, *base);
                format!("{b}.{}", self.field_name(f, *base, *index, f.exprs[e].span))
            }
            ExprKind::Swizzle { base, components } if components.len() == 1 => {
                let b = self.place(cx, *base);
                match &f.exprs[*base].ty {
                    Type::Matrix(_, _, cols) => {
                        format!("{b}[{}][{}]", components[0] / cols, components[0] % cols)
                    }
                    _ => format!("{b}.{}", xyzw(components[0])),
                }
            }
            _ => {
                self.refuse(f.exprs[e].span, "an assignment to this expression");
                "wavec_invalid".into()
            }
        }
    }

    /// Whether `e` is an integer element of an atomic global or struct field.
    pub fn is_atomic_place(&self, cx: &Ctx<'a>, mut e: ExprId) -> bool {
        let f = cx.f;
        if !matches!(f.exprs[e].ty, Type::Scalar(Scalar::I32 | Scalar::U32)) {
            return false;
        }
        loop {
            match &f.exprs[e].kind {
                ExprKind::Global(g) => return self.atomic.get(g.index()).copied().unwrap_or(false),
                ExprKind::Index { base, .. } => e = *base,
                ExprKind::Field { base, index } => {
                    if f.exprs[*base].ty.field_struct().is_some_and(|s| self.atomic_fields.contains(&(s, *index))) {
                        return true;
                    }
                    e = *base;
                }
                _ => return false,
            }
        }
    }

    fn field_name(&mut self, f: &Function, base: ExprId, index: u32, span: Span) -> String {
        match f.exprs[base].ty.field_struct().and_then(|s| self.field_names[s.index()].get(index as usize).cloned()) {
            Some(n) => n,
            None => {
                self.internal(span, "field access on a value that is not a struct");
                format!("field{index}")
            }
        }
    }

    /// A fresh local name for a hoisted value.
    pub fn temp(&mut self) -> String {
        self.namer.name("wavec_t")
    }

    /// Hoists `value` of type `ty` into a `let` and gives its name.
    pub fn hoist(&mut self, value: String) -> String {
        let t = self.temp();
        let _ = writeln!(self.pre, "let {t} = {value};");
        t
    }

    // ---------------------------------------------------------------------------------------
    // Expressions

    pub fn expr(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        self.expr_p(cx, e).0
    }

    /// An operand: parenthesized unless primary.
    pub fn operand(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        let (s, p) = self.expr_p(cx, e);
        paren(s, p)
    }

    /// The expression and whether it is primary (needs no parentheses as an operand).
    pub fn expr_p(&mut self, cx: &Ctx<'a>, id: ExprId) -> (String, bool) {
        let f = cx.f;
        let expr = &f.exprs[id];
        let span = expr.span;
        match &expr.kind {
            ExprKind::SpirvAsm(_) => unreachable!("lower::spirv_asm refuses inline SPIR-V before this backend"),
            // A `printf` is a statement, which `effect` writes; it has no value to read.
            ExprKind::Printf { .. } => ("0".to_string(), true),
            ExprKind::Const(v) => {
                let s = self.constant(v, &expr.ty, span);
                let p = !s.starts_with('-');
                (s, p)
            }
            ExprKind::Local(l) => (cx.names[l.index()].clone(), true),
            ExprKind::Global(_) | ExprKind::Index { .. } | ExprKind::Field { .. } if self.is_atomic_place(cx, id) => {
                let p = self.place(cx, id);
                (format!("atomicLoad(&{p})"), true)
            }
            ExprKind::Global(g) => (self.global_names[g.index()].clone(), true),
            ExprKind::Unary(op, a) => {
                let at = f.exprs[*a].ty.clone();
                let s = self.operand(cx, *a);
                match op {
                    UnaryOp::Neg if at.scalar().is_some_and(Scalar::is_unsigned_int) => {
                        let zero = self.constant(&ConstValue::Int(0), &at, span);
                        (format!("{zero} - {s}"), false)
                    }
                    // WGSL negates no matrix: it is scaled by -1 (exact for every float).
                    UnaryOp::Neg if matches!(at, Type::Matrix(..)) => {
                        let minus_one = self.constant(
                            &ConstValue::Float(-1.0),
                            &Type::Scalar(at.scalar().unwrap_or(Scalar::F32)),
                            span,
                        );
                        (format!("{s} * {minus_one}"), false)
                    }
                    UnaryOp::Neg => (format!("-{s}"), false),
                    UnaryOp::Not => (format!("!{s}"), false),
                    UnaryOp::BitNot => (format!("~{s}"), false),
                }
            }
            ExprKind::Binary(op, l, r) => self.binary(cx, *op, *l, *r, &expr.ty, span),
            ExprKind::Select { cond, then, els } => {
                let scalar = matches!(f.exprs[*cond].ty, Type::Scalar(_));
                // WGSL's `select` takes scalars and vectors only: a struct, array or matrix is
                // chosen by an `if`, as is an arm that needs statements of its own.
                let aggregate = !matches!(expr.ty, Type::Scalar(_) | Type::Vector(..));
                let c = self.expr(cx, *cond);
                let (tpre, t) = self.isolated(cx, *then);
                let (epre, e) = self.isolated(cx, *els);
                if scalar && (aggregate || !tpre.is_empty() || !epre.is_empty()) {
                    let ty = self.ty(&expr.ty, span);
                    let v = self.temp();
                    let _ = writeln!(self.pre, "var {v}: {ty};");
                    let _ = writeln!(self.pre, "if {} {{", paren(c, false));
                    for line in tpre.lines() {
                        let _ = writeln!(self.pre, "    {line}");
                    }
                    let _ = writeln!(self.pre, "    {v} = {t};\n}} else {{");
                    for line in epre.lines() {
                        let _ = writeln!(self.pre, "    {line}");
                    }
                    let _ = writeln!(self.pre, "    {v} = {e};\n}}");
                    return (v, true);
                }
                self.pre.push_str(&tpre);
                self.pre.push_str(&epre);
                // A vector condition with scalar arms: the arms are splat.
                let (t, e) = match (&f.exprs[*cond].ty, &expr.ty) {
                    (Type::Vector(..), Type::Vector(..)) => (t, e),
                    _ => (t, e),
                };
                (format!("select({e}, {t}, {c})"), true)
            }
            ExprKind::Convert(a) => self.convert(cx, *a, &expr.ty, span),
            ExprKind::Construct(parts) if parts.is_empty() => (format!("{}()", self.ty(&expr.ty, span)), true),
            ExprKind::Construct(parts) => {
                let t = self.ty(&expr.ty, span);
                // WGSL builds a matrix from its scalars or from its columns only: HLSL's other
                // mixes (`float2x2(v4)`, `float3x2(v2, a, b, v2)`) are spread into scalars.
                if let Type::Matrix(_, _, cols) = expr.ty {
                    let fits = |p: &ExprId| match f.exprs[*p].ty {
                        Type::Scalar(_) => Some(true),
                        Type::Vector(_, n) if n == cols => Some(false),
                        _ => None,
                    };
                    let kinds: Vec<Option<bool>> = parts.iter().map(fits).collect();
                    let uniform = kinds.iter().all(|k| *k == Some(true)) || kinds.iter().all(|k| *k == Some(false));
                    if !uniform {
                        let mut scalars = Vec::new();
                        for &p in parts {
                            let ty = f.exprs[p].ty.clone();
                            if !matches!(ty, Type::Vector(..) | Type::Matrix(..)) {
                                scalars.push(self.expr(cx, p));
                                continue;
                            }
                            // A vector or matrix part is read once, then element by element.
                            let b = self.operand(cx, p);
                            let b = if b.chars().all(|c| c.is_alphanumeric() || c == '_') { b } else { self.hoist(b) };
                            match ty {
                                Type::Vector(_, n) => scalars.extend((0..n).map(|i| format!("{b}.{}", xyzw(i)))),
                                Type::Matrix(_, r, c) => scalars.extend(
                                    (0..r)
                                        .flat_map(|i| (0..c).map(move |j| (i, j)))
                                        .map(|(i, j)| format!("{b}[{i}][{j}]")),
                                ),
                                _ => unreachable!("vectors and matrices only"),
                            }
                        }
                        return (format!("{t}({})", scalars.join(", ")), true);
                    }
                }
                let a: Vec<String> = self.in_order(cx, parts).into_iter().map(|(s, _)| s).collect();
                (format!("{t}({})", a.join(", ")), true)
            }
            ExprKind::Swizzle { base, components } => {
                let bt = f.exprs[*base].ty.clone();
                match &bt {
                    Type::Matrix(s, _, cols) => {
                        let b = self.pure_operand(cx, *base);
                        let parts: Vec<String> =
                            components.iter().map(|c| format!("{b}[{}][{}]", c / cols, c % cols)).collect();
                        if parts.len() == 1 {
                            (parts[0].clone(), true)
                        } else {
                            let t = self.ty(&Type::Vector(*s, parts.len() as u8), span);
                            (format!("{t}({})", parts.join(", ")), true)
                        }
                    }
                    Type::Scalar(s) => {
                        let b = self.expr(cx, *base);
                        if components.len() == 1 {
                            return (b, false);
                        }
                        let t = self.ty(&Type::Vector(*s, components.len() as u8), span);
                        (format!("{t}({b})"), true)
                    }
                    _ => {
                        let b = self.operand(cx, *base);
                        let sw: String = components.iter().map(|c| xyzw(*c)).collect();
                        (format!("{b}.{sw}"), true)
                    }
                }
            }
            ExprKind::Field { base, index } => {
                let b = self.operand(cx, *base);
                let field = self.field_name(f, *base, *index, span);
                (format!("{b}.{field}"), true)
            }
            ExprKind::Index { base, index } => {
                if let Type::Resource(kind, _) = &f.exprs[*base].ty {
                    if kind.is_texture() {
                        return (self.texel_read(cx, *base, *index, span), true);
                    }
                    if !matches!(kind, ResourceKind::StructuredBuffer | ResourceKind::RWStructuredBuffer) {
                        self.refuse(span, &format!("`[]` of a `{}`", kind.name()));
                    }
                }
                let b = self.operand(cx, *base);
                let i = self.expr(cx, *index);
                (format!("{b}[{i}]"), true)
            }
            ExprKind::Call { .. } | ExprKind::Intrinsic { .. } | ExprKind::Method { .. } => {
                let s = self.call_like(cx, id, false);
                let primary =
                    crate::back::template::is_call_like(&s) || s.chars().all(|c| c.is_alphanumeric() || c == '_');
                (s, primary)
            }
            ExprKind::Assign { target, .. } => {
                let s = self.effect(cx, id).unwrap_or_default();
                let _ = writeln!(self.pre, "{s};");
                let t = self.place(cx, *target);
                (self.read_place(cx, *target, t), true)
            }
            ExprKind::IncDec { op, target } => {
                let post = matches!(op, IncDec::PostInc | IncDec::PostDec);
                let old = if post {
                    let t = self.place(cx, *target);
                    let v = self.read_place(cx, *target, t);
                    Some(self.hoist(v))
                } else {
                    None
                };
                let s = self.effect(cx, id).unwrap_or_default();
                let _ = writeln!(self.pre, "{s};");
                match old {
                    Some(o) => (o, true),
                    None => {
                        let t = self.place(cx, *target);
                        (self.read_place(cx, *target, t), true)
                    }
                }
            }
            ExprKind::Comma(a, b) => {
                if let Some(s) = self.effect(cx, *a) {
                    let _ = writeln!(self.pre, "{s};");
                }
                self.expr_p(cx, *b)
            }
            ExprKind::Deref(_) | ExprKind::AddressOf(_) => {
                unreachable!("lower::pointers refuses pointers before this backend")
            }
            ExprKind::GroupWave(v) => {
                let b = match v {
                    GroupWaveValue::Index => "subgroup_id",
                    GroupWaveValue::Count => "num_subgroups",
                };
                self.builtins.insert(b);
                (format!("wavec_{b}"), true)
            }
        }
    }

    /// An operand that may be written more than once: hoisted when it has side effects.
    pub fn pure_operand(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        let s = self.operand(cx, e);
        if has_side_effects(cx.f, self.stdlib, e) {
            self.hoist(s)
        } else {
            s
        }
    }

    pub fn args(&mut self, cx: &Ctx<'a>, args: &[ExprId]) -> String {
        let parts: Vec<String> = self.in_order(cx, args).into_iter().map(|(s, _)| s).collect();
        parts.join(", ")
    }

    /// Operands evaluated left to right: where a later one has side effects (and becomes
    /// statements that run first), each earlier one that reads anything is kept in a `let`
    /// before it, so it reads what HLSL would (`x + f()` where `f` changes `x`).
    pub fn in_order(&mut self, cx: &Ctx<'a>, operands: &[ExprId]) -> Vec<(String, bool)> {
        let f = cx.f;
        let mut out = Vec::with_capacity(operands.len());
        for (i, e) in operands.iter().enumerate() {
            let later = &operands[i + 1..];
            let later_effects = later.iter().any(|o| has_side_effects(f, self.stdlib, *o));
            // A later call cannot change this function's locals unless it is given one to write.
            let safe =
                reads_only_locals(cx, *e) && !later.iter().any(|o| writes_locals(f, self.module, self.stdlib, *o));
            let (s, primary) = self.expr_p(cx, *e);
            if later_effects && !safe && !s.starts_with("wavec_t") {
                out.push((self.hoist(s), true));
            } else {
                out.push((s, primary));
            }
        }
        out
    }

    /// Calls of functions, intrinsics and methods. At statement level (`statement`) a call
    /// without a value is returned as the statement; inside an expression a call with side
    /// effects is hoisted, so it runs in order.
    fn call_like(&mut self, cx: &Ctx<'a>, e: ExprId, statement: bool) -> String {
        let f = cx.f;
        let expr = &f.exprs[e];
        let span = expr.span;
        let text = match &expr.kind {
            ExprKind::Call { function, args } => self.call(cx, *function, args, span),
            ExprKind::Intrinsic { id, args, bound } => self.intrinsic(cx, span, *id, args, bound.as_deref(), &expr.ty),
            ExprKind::Method { object, method, args } => self.method(cx, *object, *method, args, &expr.ty, span),
            _ => String::new(),
        };
        if statement {
            return text;
        }
        if expr.ty == Type::Void {
            let _ = writeln!(self.pre, "{text};");
            return String::new();
        }
        if has_side_effects(f, self.stdlib, e) {
            return self.hoist(text);
        }
        text
    }

    /// A user function call: `out`/`inout` arguments go through temporaries (copy-in/copy-out).
    fn call(&mut self, cx: &Ctx<'a>, function: FunctionId, args: &[ExprId], span: Span) -> String {
        let callee = &self.module.functions[function];
        let mut parts = Vec::new();
        let mut copies = Vec::new();
        for (a, p) in args.iter().zip(&callee.params) {
            let mode = callee.locals[*p].param.unwrap_or(ParamMode::In);
            if mode == ParamMode::In {
                parts.push(self.expr(cx, *a));
                continue;
            }
            let ty = cx.f.exprs[*a].ty.clone();
            let t = self.ty(&ty, span);
            let tmp = self.temp();
            if mode == ParamMode::InOut {
                let v = self.expr(cx, *a);
                let _ = writeln!(self.pre, "var {tmp}: {t} = {v};");
            } else {
                let _ = writeln!(self.pre, "var {tmp}: {t};");
            }
            parts.push(format!("&{tmp}"));
            copies.push((*a, tmp));
        }
        let call = format!("{}({})", self.function_names[function.index()], parts.join(", "));
        if copies.is_empty() {
            return call;
        }
        // The call runs now; its result (if any) is kept, then the arguments are copied back.
        let result = if callee.ret == Type::Void {
            let _ = writeln!(self.pre, "{call};");
            String::new()
        } else {
            self.hoist(call)
        };
        for (a, tmp) in copies {
            let s = self.store(cx, a, tmp);
            let _ = writeln!(self.pre, "{s};");
        }
        result
    }

    fn binary(&mut self, cx: &Ctx<'a>, op: BinaryOp, l: ExprId, r: ExprId, ty: &Type, span: Span) -> (String, bool) {
        let f = cx.f;
        let lt = f.exprs[l].ty.clone();
        let rt = f.exprs[r].ty.clone();
        if let (Type::Matrix(_, rows, _), Type::Matrix(..)) = (&lt, &rt) {
            if matches!(op, BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem) {
                // WGSL's `*` of matrices is the product: HLSL's component-wise one goes row by row.
                let a = self.pure_operand(cx, l);
                let b = self.pure_operand(cx, r);
                let parts: Vec<String> = (0..*rows).map(|i| format!("{a}[{i}] {} {b}[{i}]", op.symbol())).collect();
                return (format!("{}({})", self.ty(ty, span), parts.join(", ")), true);
            }
        }
        let vector = matches!(lt, Type::Vector(..)) || matches!(rt, Type::Vector(..));
        if op.is_logical() && !vector {
            // Short-circuit: the right operand's statements run only when HLSL evaluates it.
            let ls = self.operand(cx, l);
            let (rpre, rs) = self.isolated(cx, r);
            if rpre.is_empty() {
                return (format!("{ls} {} {}", op.symbol(), paren(rs, false)), false);
            }
            let v = self.temp();
            let _ = writeln!(self.pre, "var {v}: bool = {ls};");
            let cond = if op == BinaryOp::LogicAnd { v.clone() } else { format!("!{v}") };
            let _ = writeln!(self.pre, "if {cond} {{");
            for line in rpre.lines() {
                let _ = writeln!(self.pre, "    {line}");
            }
            let _ = writeln!(self.pre, "    {v} = {rs};\n}}");
            return (v, true);
        }
        let mut both = self.in_order(cx, &[l, r]).into_iter().map(|(s, p)| paren(s, p));
        let mut ls = both.next().unwrap_or_default();
        let mut rs = both.next().unwrap_or_default();
        // Comparisons and bit operations take operands of one shape: a scalar is splat.
        let splat = |w: &mut Self, s: String, scalar: &Type, other: &Type| match (scalar, other) {
            (Type::Scalar(_), Type::Vector(e, n)) => format!("{}({s})", w.ty(&Type::Vector(*e, *n), span)),
            _ => s,
        };
        if !matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem) {
            ls = splat(self, ls, &lt, &rt);
            rs = splat(self, rs, &rt, &lt);
        }
        let bool_operands = lt.scalar() == Some(Scalar::Bool);
        let sym = match op {
            BinaryOp::LogicAnd => "&",
            BinaryOp::LogicOr => "|",
            BinaryOp::BitXor if bool_operands => "!=",
            BinaryOp::Shl | BinaryOp::Shr => {
                // HLSL takes the amount modulo 32; WGSL rejects a constant one of 32 or more.
                let mut masked = false;
                if let (Type::Scalar(_), Some(n)) = (&rt, f.const_value(r).and_then(|v| v.as_i64())) {
                    if !(0..32).contains(&n) {
                        rs = format!("{}u", n & 31);
                        masked = true;
                    }
                }
                // WGSL shifts by a `u32` amount.
                if rt.scalar() != Some(Scalar::U32) && !masked {
                    let shape = match &lt {
                        Type::Vector(_, n) => Type::Vector(Scalar::U32, *n),
                        _ => Type::UINT,
                    };
                    let shape = match (&lt, &rt) {
                        (Type::Scalar(_), Type::Vector(_, n)) => Type::Vector(Scalar::U32, *n),
                        _ => shape,
                    };
                    rs = format!("{}({rs})", self.ty(&shape, span));
                }
                op.symbol()
            }
            _ => op.symbol(),
        };
        let _ = ty;
        (format!("{ls} {sym} {rs}"), false)
    }

    fn convert(&mut self, cx: &Ctx<'a>, a: ExprId, to: &Type, span: Span) -> (String, bool) {
        let from = cx.f.exprs[a].ty.clone();
        if from == *to {
            return self.expr_p(cx, a);
        }
        match (&from, to) {
            (_, Type::Struct(_) | Type::Array(..)) => {
                if !matches!(cx.f.exprs[a].kind, ExprKind::Const(_)) {
                    self.refuse(span, "a cast of a value to a struct or array");
                }
                (format!("{}()", self.ty(to, span)), true)
            }
            (Type::Scalar(s), Type::Vector(t, n)) => {
                let v = self.expr(cx, a);
                let v = if s == t { v } else { format!("{}({v})", self.scalar_name(*t, span)) };
                (format!("vec{n}<{}>({v})", self.scalar_name(*t, span)), true)
            }
            (Type::Vector(s, n), Type::Scalar(t)) => {
                let b = self.operand(cx, a);
                let _ = n;
                let v = format!("{b}.x");
                if s == t {
                    (v, true)
                } else {
                    (format!("{}({v})", self.scalar_name(*t, span)), true)
                }
            }
            (Type::Vector(s, n), Type::Vector(t, m)) if n != m => {
                let b = self.operand(cx, a);
                let sw: String = (0..*m).map(xyzw).collect();
                let v = format!("{b}.{sw}");
                if s == t {
                    (v, true)
                } else {
                    (format!("{}({v})", self.ty(to, span)), true)
                }
            }
            (Type::Scalar(s), Type::Matrix(t, r, c)) => {
                let v = self.pure_operand(cx, a);
                let t = if *t == Scalar::F16 { Scalar::F16 } else { Scalar::F32 };
                let tn = self.scalar_name(t, span);
                let v = if *s == t { v } else { format!("{tn}({v})") };
                let row = format!("vec{c}<{tn}>({v})");
                (format!("{}({})", self.ty(to, span), vec![row; *r as usize].join(", ")), true)
            }
            (Type::Matrix(s, r1, c1), Type::Matrix(t, r2, c2)) if s == t && r2 <= r1 && c2 <= c1 => {
                let b = self.pure_operand(cx, a);
                let sw: String = (0..*c2).map(xyzw).collect();
                let rows: Vec<String> = (0..*r2).map(|i| format!("{b}[{i}].{sw}")).collect();
                (format!("{}({})", self.ty(to, span), rows.join(", ")), true)
            }
            (Type::Matrix(..), _) | (_, Type::Matrix(..)) => {
                self.refuse(span, &format!("a conversion from `{from}` to `{to}`"));
                ("0".into(), true)
            }
            _ => {
                let v = self.expr(cx, a);
                (format!("{}({v})", self.ty(to, span)), true)
            }
        }
    }

    /// A constant of type `ty`.
    pub fn constant(&mut self, v: &ConstValue, ty: &Type, span: Span) -> String {
        match (v, ty) {
            (ConstValue::Composite(parts), Type::Array(e, _)) => {
                let t = self.ty(ty, span);
                let parts: Vec<String> = parts.iter().map(|p| self.constant(p, e, span)).collect();
                format!("{t}({})", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Struct(h)) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                let t = self.ty(ty, span);
                let parts: Vec<String> = parts.iter().zip(&fields).map(|(p, f)| self.constant(p, f, span)).collect();
                format!("{t}({})", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Vector(s, _) | Type::Matrix(s, _, _)) => {
                let t = self.ty(ty, span);
                let flat: Vec<ConstValue> = parts
                    .iter()
                    .flat_map(|p| match p {
                        ConstValue::Composite(inner) => inner.clone(),
                        other => vec![other.clone()],
                    })
                    .collect();
                let parts: Vec<String> = flat.iter().map(|p| self.constant(p, &Type::Scalar(*s), span)).collect();
                format!("{t}({})", parts.join(", "))
            }
            (_, Type::Vector(s, _)) => {
                let t = self.ty(ty, span);
                let c = self.constant(v, &Type::Scalar(*s), span);
                format!("{t}({c})")
            }
            (_, Type::Matrix(s, r, c)) => {
                let row = self.constant(v, &Type::Vector(*s, *c), span);
                let t = self.ty(ty, span);
                format!("{t}({})", vec![row; *r as usize].join(", "))
            }
            (_, Type::Struct(_) | Type::Array(..)) => format!("{}()", self.ty(ty, span)),
            (_, ty) => {
                let s = ty.scalar().unwrap_or(Scalar::I32);
                self.scalar_name(s, span);
                scalar_literal(v, s)
            }
        }
    }
}

/// Whether `e` reads nothing but this function's own locals (not through pointer parameters).
fn reads_only_locals(cx: &Ctx<'_>, e: ExprId) -> bool {
    match &cx.f.exprs[e].kind {
        ExprKind::Const(_) => true,
        ExprKind::Local(l) => !cx.names[l.index()].starts_with("(*"),
        ExprKind::Global(_)
        | ExprKind::Call { .. }
        | ExprKind::Intrinsic { .. }
        | ExprKind::Method { .. }
        | ExprKind::Assign { .. }
        | ExprKind::IncDec { .. }
        | ExprKind::GroupWave(_) => false,
        kind => kind.children().into_iter().all(|c| reads_only_locals(cx, c)),
    }
}

/// Whether evaluating `e` may write a local: an assignment, an increment, or an `out`/`inout`
/// argument.
fn writes_locals(f: &Function, module: &Module, stdlib: &Stdlib, e: ExprId) -> bool {
    let own = match &f.exprs[e].kind {
        ExprKind::Assign { .. } | ExprKind::IncDec { .. } => true,
        ExprKind::Call { function, .. } => {
            let callee = &module.functions[*function];
            callee.params.iter().any(|p| callee.locals[*p].param != Some(ParamMode::In))
        }
        ExprKind::Intrinsic { id, .. } => {
            let (_, intr) = crate::lower::intrinsics::declaration(stdlib, *id);
            intr.params.iter().any(|p| p.mode != ParamMode::In)
        }
        _ => false,
    };
    own || f.exprs[e].kind.children().into_iter().any(|c| writes_locals(f, module, stdlib, c))
}

/// The WGSL built-in of an entry-point input, and its component count.
fn builtin_input(b: BuiltinInput) -> Option<(&'static str, u8)> {
    Some(match b {
        BuiltinInput::DispatchThreadId => ("global_invocation_id", 3),
        BuiltinInput::GroupId => ("workgroup_id", 3),
        BuiltinInput::GroupThreadId => ("local_invocation_id", 3),
        BuiltinInput::GroupIndex => ("local_invocation_index", 1),
        BuiltinInput::GroupWaveIndex => return None,
    })
}

pub(super) fn xyzw(c: u8) -> char {
    ['x', 'y', 'z', 'w'][(c as usize).min(3)]
}

fn scalar_literal(v: &ConstValue, s: Scalar) -> String {
    let as_f64 = |v: &ConstValue| match *v {
        ConstValue::Float(f) => f,
        ConstValue::Int(i) => i as f64,
        ConstValue::Uint(u) => u as f64,
        ConstValue::Bool(b) => b as u8 as f64,
        ConstValue::Composite(_) => 0.0,
    };
    let as_i128 = |v: &ConstValue| -> i128 {
        match *v {
            ConstValue::Float(f) => f as i128,
            ConstValue::Int(i) => i as i128,
            ConstValue::Uint(u) => u as i128,
            ConstValue::Bool(b) => b as i128,
            ConstValue::Composite(_) => 0,
        }
    };
    match s {
        Scalar::Bool => v.as_bool().unwrap_or(false).to_string(),
        Scalar::F32 | Scalar::F16 | Scalar::F64 => {
            let f = as_f64(v) as f32;
            let half = s == Scalar::F16;
            if !f.is_finite() {
                let bits = format!("bitcast<f32>(0x{:08X}u)", f.to_bits());
                return if half { format!("f16({bits})") } else { bits };
            }
            if half {
                format!("{f:?}h")
            } else {
                format!("{f:?}f")
            }
        }
        Scalar::U32 => format!("{}u", as_i128(v) as u32),
        _ => {
            let i = as_i128(v) as i32;
            if i == i32::MIN {
                "i32(-2147483648)".to_string()
            } else {
                format!("{i}i")
            }
        }
    }
}
