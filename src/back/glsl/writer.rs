//! `impl Writer`: the module's layout, types, functions, statements and expressions.

use super::Options;
use crate::back::{Level, Namer};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::bindings::Binding;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::Stdlib;
use std::collections::BTreeSet;
use std::fmt::Write as _;

// C precedence levels, loosest first (GLSL has C's).
pub(super) const P_COMMA: u8 = 1;
pub(super) const P_ASSIGN: u8 = 2;
const P_COND: u8 = 3;
const P_LOR: u8 = 4;
const P_LAND: u8 = 5;
const P_BOR: u8 = 7;
const P_BXOR: u8 = 8;
const P_BAND: u8 = 9;
const P_EQ: u8 = 10;
const P_REL: u8 = 11;
const P_SHIFT: u8 = 12;
pub(super) const P_ADD: u8 = 13;
const P_MUL: u8 = 14;
pub(super) const P_PREFIX: u8 = 15;
pub(super) const P_POSTFIX: u8 = 16;

fn binary_prec(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Mul | Div | Rem => P_MUL,
        Add | Sub => P_ADD,
        Shl | Shr => P_SHIFT,
        Lt | Le | Gt | Ge => P_REL,
        Eq | Ne => P_EQ,
        BitAnd => P_BAND,
        BitXor => P_BXOR,
        BitOr => P_BOR,
        LogicAnd => P_LAND,
        LogicOr => P_LOR,
    }
}

/// Nestings that are correct without parentheses but that readers misread (`a && b || c`).
fn clarify(parent: BinaryOp, child: BinaryOp) -> bool {
    use BinaryOp::*;
    let bitwise = |o| matches!(o, BitAnd | BitOr | BitXor);
    (parent == LogicOr && child == LogicAnd)
        || (bitwise(parent) && bitwise(child) && parent != child)
        || (matches!(parent, Shl | Shr) && matches!(child, Add | Sub | Mul | Div | Rem))
}

/// The function being written and the output names of its locals.
pub(super) struct Ctx<'a> {
    pub f: &'a Function,
    pub names: Vec<String>,
}

pub(super) struct Writer<'a> {
    pub module: &'a Module,
    pub stdlib: &'a Stdlib,
    pub options: &'a Options,
    pub entry: usize,
    pub namer: Namer,
    pub struct_names: Vec<String>,
    pub field_names: Vec<Vec<String>>,
    pub global_names: Vec<String>,
    pub function_names: Vec<String>,
    /// Names of the hidden counters of structured buffers, by global.
    pub counter_names: HashMap<usize, String>,
    /// Byte-address buffers seen as arrays of 64-bit integers or floats (a second block at the
    /// same binding), for the atomics on such values: the array's name, by global and element.
    pub byte_views: HashMap<(usize, Scalar), String>,
    /// Arrays of buffers: each element is a named block instance, and this is its one member
    /// (`Layers[k].elements[i]`), by global.
    pub buffer_members: HashMap<usize, String>,
    pub bindings: Vec<Binding>,
    /// `#extension` lines the output needs, by name.
    pub extensions: BTreeSet<&'static str>,
    /// Helper functions, in order of first use, and what has been written.
    pub helpers: String,
    pub helper_names: HashMap<String, String>,
    pub helpers_written: HashSet<String>,
    pub diags: Vec<Diagnostic>,
    /// Spans already reported by E0621, so one construct is reported once.
    refused: HashSet<(u32, u32)>,
    /// The expression a statement consists of, being written: texel stores stand only there.
    statement: Option<ExprId>,
}

impl<'a> Writer<'a> {
    pub fn new(module: &'a Module, entry: usize, options: &'a Options, stdlib: &'a Stdlib) -> Self {
        let extra = stdlib.intrinsics.names().filter(|n| !n.starts_with("__")).map(String::from);
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
            counter_names: HashMap::default(),
            byte_views: HashMap::default(),
            buffer_members: HashMap::default(),
            bindings: crate::ir::bindings::bindings(module, entry),
            extensions: BTreeSet::new(),
            helpers: String::new(),
            helper_names: HashMap::default(),
            helpers_written: HashSet::default(),
            diags: Vec::new(),
            refused: HashSet::default(),
            statement: None,
        }
    }

    pub fn write(mut self) -> Result<String, Vec<Diagnostic>> {
        let module = self.module;
        let ep = &module.entry_points[self.entry];
        let reachable = crate::lower::reachable_functions(module, ep.function);

        // Module-scope names first, in declaration order, so user names win over helpers.
        for (_, s) in module.structs.iter() {
            let name = self.namer.name(&s.name);
            self.struct_names.push(name);
            self.namer.push_scope();
            let fields = s.fields.iter().map(|f| self.namer.name(&f.name)).collect();
            self.namer.pop_scope();
            self.field_names.push(fields);
        }
        for (_, g) in module.globals.iter() {
            let name = self.namer.name(user_name(&g.name));
            self.global_names.push(name);
        }
        // GLSL overloads by parameter types, as HLSL does: overloads keep their shared name.
        let mut overloads: HashMap<&str, String> = HashMap::default();
        for (h, f) in module.functions.iter() {
            let name = if !reachable[h.index()] || h == ep.function {
                "main".to_string()
            } else if let Some(n) = overloads.get(f.name.as_str()) {
                n.clone()
            } else {
                let n = self.namer.name(&f.name);
                overloads.insert(&f.name, n.clone());
                n
            };
            self.function_names.push(name);
        }
        for (h, f) in module.functions.iter() {
            if reachable[h.index()] {
                self.name_helpers(f);
            }
        }

        let used = self.used_globals(&reachable);
        let structs = self.structs();
        let globals = self.globals(&used);
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
        // Subgroup operations on 8-, 16- and 64-bit values need one more extension each.
        let subgroups = self.extensions.iter().any(|e| e.starts_with("GL_KHR_shader_subgroup"));
        for (types, extended) in [
            ("GL_EXT_shader_explicit_arithmetic_types_int8", "GL_EXT_shader_subgroup_extended_types_int8"),
            ("GL_EXT_shader_explicit_arithmetic_types_int16", "GL_EXT_shader_subgroup_extended_types_int16"),
            ("GL_EXT_shader_explicit_arithmetic_types_int64", "GL_EXT_shader_subgroup_extended_types_int64"),
            ("GL_EXT_shader_explicit_arithmetic_types_float16", "GL_EXT_shader_subgroup_extended_types_float16"),
        ] {
            if subgroups && self.extensions.contains(types) {
                self.extensions.insert(extended);
            }
        }
        if ep.derivative_group.is_some() {
            self.extensions.insert("GL_NV_compute_shader_derivatives");
        }
        // `GL_EXT_ray_query` exists from GLSL 4.60 on.
        let version =
            self.options.version.number().max(if self.extensions.contains("GL_EXT_ray_query") { 460 } else { 0 });
        let mut header = format!("#version {version}\n");
        for e in &self.extensions {
            let _ = writeln!(header, "#extension {e} : require");
        }
        // A dimension a specialization constant gives is named by its id, with the constant's
        // default beside it: without one the id's constant in the workgroup size defaults to 1.
        let sizes: Vec<String> = ep
            .numthreads
            .unwrap_or([1, 1, 1])
            .into_iter()
            .zip(ep.numthreads_spec)
            .zip(["x", "y", "z"])
            .map(|((n, spec), d)| match spec.and_then(|g| self.module.spec_id(g)) {
                Some(id) => format!("local_size_{d} = {n}, local_size_{d}_id = {id}"),
                None => format!("local_size_{d} = {n}"),
            })
            .collect();
        let _ = writeln!(header, "\nlayout({}) in;", sizes.join(", "));
        match ep.derivative_group {
            Some(DerivativeGroup::Quads) => header.push_str("layout(derivative_group_quadsNV) in;\n"),
            Some(DerivativeGroup::Linear) => header.push_str("layout(derivative_group_linearNV) in;\n"),
            None => {}
        }
        let sections: Vec<String> = [header, structs, globals, std::mem::take(&mut self.helpers), functions]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
        Ok(sections.join("\n"))
    }

    /// Globals any reachable function refers to: only those are declared (bindings do not
    /// depend on it, and an unused texture need not be refused).
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
            if super::pointers::unsized_tail(self.module, &Type::Struct(h)) {
                // Only a pointer reaches one: its reference block declares its fields.
                continue;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "struct {} {{", self.struct_names[h.index()]);
            if s.fields.is_empty() {
                // GLSL has no empty structs: one unused member stands in (see `zero`).
                let _ = writeln!(out, "{}uint wavec_empty;", Level(1));
            }
            for (i, f) in s.fields.iter().enumerate() {
                let decl = self.decl(&f.ty, &self.field_names[h.index()][i].clone(), f.span);
                let _ = writeln!(out, "{}{decl};", Level(1));
            }
            out.push_str("};\n");
        }
        out
    }

    /// Reports a construct GLSL output cannot hold (once per span).
    /// The member of each block instance of `array`, an array of buffers (a global).
    pub(super) fn buffer_member(&self, cx: &Ctx<'a>, array: ExprId) -> Option<String> {
        let ExprKind::Global(g) = cx.f.exprs[array].kind else { return None };
        self.buffer_members.get(&g.index()).cloned()
    }

    pub fn refuse(&mut self, span: Span, what: &str) {
        if self.refused.insert((span.start, span.end)) {
            self.diags.push(
                Diagnostic::error("E0621", format!("the GLSL backend cannot write {what}"))
                    .with_label(span, "here")
                    .with_note("compile this shader to SPIR-V (`--target spirv`) or HLSL instead"),
            );
        }
    }

    pub fn internal(&mut self, span: Span, msg: &str) {
        self.diags.push(
            Diagnostic::error("E0699", format!("internal error in the GLSL backend: {msg}")).with_label(span, ""),
        );
    }

    pub fn scalar_name(&mut self, s: Scalar) -> &'static str {
        match s {
            Scalar::I64 | Scalar::U64 => {
                self.extensions.insert("GL_EXT_shader_explicit_arithmetic_types_int64");
            }
            Scalar::I16 | Scalar::U16 => {
                self.extensions.insert("GL_EXT_shader_explicit_arithmetic_types_int16");
            }
            Scalar::I8 | Scalar::U8 => {
                self.extensions.insert("GL_EXT_shader_explicit_arithmetic_types_int8");
            }
            Scalar::F16 => {
                self.extensions.insert("GL_EXT_shader_explicit_arithmetic_types_float16");
            }
            _ => {}
        }
        match s {
            Scalar::Bool => "bool",
            Scalar::I8 => "int8_t",
            Scalar::U8 => "uint8_t",
            Scalar::I16 => "int16_t",
            Scalar::U16 => "uint16_t",
            Scalar::I32 => "int",
            Scalar::U32 => "uint",
            Scalar::I64 => "int64_t",
            Scalar::U64 => "uint64_t",
            Scalar::F16 => "float16_t",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            // Made their bits before any target (`lower::substandard_floats`).
            Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => self.scalar_name(s.storage()),
        }
    }

    fn vector_prefix(&mut self, s: Scalar) -> &'static str {
        self.scalar_name(s);
        match s {
            Scalar::Bool => "b",
            Scalar::I8 => "i8",
            Scalar::U8 => "u8",
            Scalar::I16 => "i16",
            Scalar::U16 => "u16",
            Scalar::I32 => "i",
            Scalar::U32 => "u",
            Scalar::I64 => "i64",
            Scalar::U64 => "u64",
            Scalar::F16 => "f16",
            Scalar::F32 => "",
            Scalar::F64 => "d",
            // Made their bits before any target (`lower::substandard_floats`).
            Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => self.vector_prefix(s.storage()),
        }
    }

    /// A type's GLSL spelling where a type name is expected (constructors, parameters).
    pub fn ty_at(&mut self, ty: &Type, span: Span) -> String {
        match ty {
            Type::Void => "void".into(),
            Type::Scalar(s) => self.scalar_name(*s).into(),
            Type::Vector(s, n) => format!("{}vec{n}", self.vector_prefix(*s)),
            Type::Matrix(s, r, c) => {
                let prefix = match s {
                    Scalar::F32 => "",
                    Scalar::F64 => "d",
                    Scalar::F16 => "f16",
                    _ => {
                        let row = self.ty_at(&Type::Vector(*s, *c), span);
                        return format!("{row}[{r}]");
                    }
                };
                self.scalar_name(*s);
                format!("{prefix}mat{r}x{c}")
            }
            // A pointer is its address (`pointers.rs`).
            Type::Pointer(_) => self.scalar_name(Scalar::U64).into(),
            // GLSL writes an array of arrays with its sizes outermost first (`D[1][2]` is one
            // array of two `D`), before any of the element's own (a matrix held as rows).
            Type::Array(..) => {
                let (dims, t) = array_dims(ty);
                let base = self.ty_at(t, span);
                match base.find('[') {
                    Some(at) => format!("{}{dims}{}", &base[..at], &base[at..]),
                    None => format!("{base}{dims}"),
                }
            }
            Type::Struct(h) => self.struct_names[h.index()].clone(),
            Type::Resource(..) => {
                self.refuse(span, &format!("a value of type `{}` (resources as values)", self.module.type_name(ty)));
                "int".into()
            }
            Type::RayQuery(_) => {
                self.extensions.insert("GL_EXT_ray_query");
                "rayQueryEXT".into()
            }
            Type::String | Type::Error => {
                self.internal(span, "a string or error type reached the writer");
                "int".into()
            }
        }
    }

    /// `T name[N]`: a declaration (array sizes go after the name, outermost first).
    pub fn decl(&mut self, ty: &Type, name: &str, span: Span) -> String {
        let (mut dims, mut t) = array_dims(ty);
        let row;
        if let Type::Matrix(s, r, c) = t {
            if super::matrix::is_row_array(t) {
                let _ = write!(dims, "[{r}]");
                row = Type::Vector(*s, *c);
                t = &row;
            }
        }
        format!("{} {name}{dims}", self.ty_at(t, span))
    }

    fn function(&mut self, h: FunctionId, is_entry: bool, out: &mut String) {
        let module = self.module;
        let f = &module.functions[h];
        self.namer.push_scope();
        let names: Vec<String> = f.locals.iter().map(|(_, l)| self.namer.name(user_name(&l.name))).collect();
        self.namer.pop_scope();
        let cx = Ctx { f, names };
        let mut prologue = String::new();
        let params: Vec<String> = if is_entry {
            // Compute entry points take only built-ins: they become locals set from GLSL's.
            for &p in &f.params {
                let l = &f.locals[p];
                let value = self.builtin_value(l, f.span);
                let d = self.decl(&l.ty, &cx.names[p.index()], l.span);
                let _ = writeln!(prologue, "{}{d} = {value};", Level(1));
            }
            Vec::new()
        } else {
            f.params
                .iter()
                .map(|&p| {
                    let l = &f.locals[p];
                    let mode = match l.param {
                        // An opaque `rayQueryEXT` is passed as the query itself (GLSL allows
                        // it only as an input), so the callee's changes are the caller's.
                        _ if matches!(l.ty, Type::RayQuery(_)) => "",
                        Some(ParamMode::Out) => "out ",
                        Some(ParamMode::InOut) => "inout ",
                        _ => "",
                    };
                    // glslang ignores (and warns of) `precise` on inputs: the caller computed them.
                    let precise = if l.precise && !mode.is_empty() { "precise " } else { "" };
                    format!("{precise}{mode}{}", self.decl(&l.ty, &cx.names[p.index()], l.span))
                })
                .collect()
        };
        let ret = if is_entry { "void".to_string() } else { self.ty_at(&f.ret, f.span) };
        let _ = writeln!(out, "{ret} {}({}) {{", self.function_names[h.index()], params.join(", "));
        out.push_str(&prologue);
        self.stmts(&cx, &f.body.stmts, Level(1), out);
        out.push_str("}\n");
    }

    /// An entry point's built-in input in the type its parameter declares.
    fn builtin_value(&mut self, l: &Local, span: Span) -> String {
        let (name, n) = match l.builtin {
            Some(BuiltinInput::DispatchThreadId) => ("gl_GlobalInvocationID", 3),
            Some(BuiltinInput::GroupId) => ("gl_WorkGroupID", 3),
            Some(BuiltinInput::GroupThreadId) => ("gl_LocalInvocationID", 3),
            Some(BuiltinInput::GroupIndex) => ("gl_LocalInvocationIndex", 1),
            Some(BuiltinInput::GroupWaveIndex) => {
                self.extensions.insert("GL_KHR_shader_subgroup_basic");
                ("gl_SubgroupID", 1)
            }
            None => {
                self.refuse(l.span, "an entry-point parameter that is not a built-in input");
                return "0".into();
            }
        };
        let want = l.ty.vector_size().unwrap_or(1);
        let shaped = match (n, want) {
            (3, 1) => format!("{name}.x"),
            (3, 2) => format!("{name}.xy"),
            _ => name.to_string(),
        };
        if l.ty.scalar() == Some(Scalar::U32) {
            shaped
        } else {
            format!("{}({shaped})", self.ty_at(&l.ty, span))
        }
    }

    fn stmts(&mut self, cx: &Ctx<'a>, stmts: &[Stmt], level: Level, out: &mut String) {
        for s in stmts {
            self.stmt(cx, s, level, out);
        }
    }

    fn block_body(&mut self, cx: &Ctx<'a>, b: &Block, level: Level, out: &mut String) {
        out.push_str("{\n");
        self.stmts(cx, &b.stmts, level.next(), out);
        let _ = write!(out, "{level}}}");
    }

    fn local_decl(&mut self, cx: &Ctx<'a>, local: LocalId, init: Option<ExprId>) -> String {
        let l = &cx.f.locals[local];
        let konst = if l.is_const { "const " } else { "" };
        // GLSL's `precise` has HLSL's meaning: the operations computing the value are unfused.
        let precise = if l.precise { "precise " } else { "" };
        let mut s = format!("{precise}{konst}{}", self.decl(&l.ty, &cx.names[local.index()], l.span));
        if let Some(e) = init {
            let _ = write!(s, " = {}", self.expr(cx, e, P_ASSIGN));
        }
        s
    }

    fn stmt(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        match s {
            Stmt::Expr(e) => {
                self.statement = Some(*e);
                let e = self.expr(cx, *e, 0);
                let _ = writeln!(out, "{level}{e};");
            }
            Stmt::Local { local, init } => {
                let d = self.local_decl(cx, *local, *init);
                let _ = writeln!(out, "{level}{d};");
            }
            Stmt::Block(b) => {
                let _ = write!(out, "{level}");
                self.block_body(cx, b, level, out);
                out.push('\n');
            }
            Stmt::If { .. } => {
                let _ = write!(out, "{level}");
                self.if_chain(cx, s, level, out);
                out.push('\n');
            }
            // GLSL has no loop or branch hints in its core language; they change no result.
            Stmt::For { init, cond, step, body, .. } => {
                let header_init = self.for_init(cx, init);
                let (level, wrapped) = match header_init {
                    Some(_) => (level, false),
                    None => {
                        let _ = writeln!(out, "{level}{{");
                        self.stmts(cx, init, level.next(), out);
                        (level.next(), true)
                    }
                };
                let init = header_init.unwrap_or_default();
                let cond = cond.map(|c| format!(" {}", self.expr(cx, c, 0))).unwrap_or_default();
                self.statement = *step;
                let step = step.map(|c| format!(" {}", self.expr(cx, c, 0))).unwrap_or_default();
                let _ = write!(out, "{level}for ({init};{cond};{step}) ");
                self.block_body(cx, body, level, out);
                out.push('\n');
                if wrapped {
                    let _ = writeln!(out, "{}}}", Level(level.0 - 1));
                }
            }
            Stmt::While { cond, body, .. } => {
                let c = self.expr(cx, *cond, 0);
                let _ = write!(out, "{level}while ({c}) ");
                self.block_body(cx, body, level, out);
                out.push('\n');
            }
            Stmt::DoWhile { body, cond, .. } => {
                let _ = write!(out, "{level}do ");
                self.block_body(cx, body, level, out);
                let c = self.expr(cx, *cond, 0);
                let _ = writeln!(out, " while ({c});");
            }
            Stmt::Switch { selector, cases } => {
                let sel = self.expr(cx, *selector, 0);
                let _ = writeln!(out, "{level}switch ({sel}) {{");
                let inner = level.next();
                for (i, c) in cases.iter().enumerate() {
                    // Statements before the first label are never run: no case reaches them.
                    if c.values.is_empty() && !c.is_default {
                        continue;
                    }
                    let mut labels: Vec<String> = c.values.iter().map(|v| format!("case {v}:")).collect();
                    if c.is_default {
                        labels.push("default:".to_string());
                    }
                    let last = labels.pop().unwrap_or_else(|| "default:".to_string());
                    for l in labels {
                        let _ = writeln!(out, "{inner}{l}");
                    }
                    if c.body.stmts.is_empty() && i + 1 < cases.len() {
                        let _ = writeln!(out, "{inner}{last}");
                    } else if c.body.stmts.is_empty() {
                        // GLSL wants a statement after the last label.
                        let _ = writeln!(out, "{inner}{last}\n{}break;", inner.next());
                    } else {
                        let _ = write!(out, "{inner}{last} ");
                        self.block_body(cx, &c.body, inner, out);
                        out.push('\n');
                    }
                }
                let _ = writeln!(out, "{level}}}");
            }
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
                let e = self.expr(cx, *e, 0);
                let _ = writeln!(out, "{level}return {e};");
            }
            Stmt::Discard => {
                let _ = writeln!(out, "{level}discard;");
            }
        }
    }

    fn if_chain(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        let Stmt::If { cond, then, els, .. } = s else {
            return;
        };
        let c = self.expr(cx, *cond, 0);
        let _ = write!(out, "if ({c}) ");
        self.block_body(cx, then, level, out);
        if let Some(els) = els {
            out.push_str(" else ");
            match els.stmts.as_slice() {
                [inner @ Stmt::If { .. }] => self.if_chain(cx, inner, level, out),
                _ => self.block_body(cx, els, level, out),
            }
        }
    }

    /// The init clause of a `for` header, or `None` when it does not fit in one.
    fn for_init(&mut self, cx: &Ctx<'a>, init: &[Stmt]) -> Option<String> {
        if init.iter().all(|s| matches!(s, Stmt::Expr(_))) {
            let parts: Vec<String> = init
                .iter()
                .filter_map(|s| match s {
                    Stmt::Expr(e) => Some(self.expr(cx, *e, P_ASSIGN)),
                    _ => None,
                })
                .collect();
            return Some(parts.join(", "));
        }
        let locals: Vec<(LocalId, Option<ExprId>)> = init
            .iter()
            .filter_map(|s| match s {
                Stmt::Local { local, init } => Some((*local, *init)),
                _ => None,
            })
            .collect();
        if locals.len() != init.len() {
            return None;
        }
        let first = &cx.f.locals[locals[0].0];
        let same = locals.iter().all(|(l, _)| {
            let l = &cx.f.locals[*l];
            l.ty == first.ty && l.is_const == first.is_const && !matches!(l.ty, Type::Array(..))
        });
        if !same {
            return None;
        }
        let mut parts = Vec::new();
        for (i, (l, e)) in locals.iter().enumerate() {
            if i == 0 {
                parts.push(self.local_decl(cx, *l, *e));
            } else {
                let mut s = cx.names[l.index()].clone();
                if let Some(e) = e {
                    let _ = write!(s, " = {}", self.expr(cx, *e, P_ASSIGN));
                }
                parts.push(s);
            }
        }
        Some(parts.join(", "))
    }

    /// A constant of type `ty` as an expression: GLSL has no `{…}` lists outside
    /// initializers, so aggregates are constructors.
    pub fn constant(&mut self, v: &ConstValue, ty: &Type, span: Span) -> (String, u8) {
        if ty.is_pointer() {
            return self.constant(v, &Type::Scalar(Scalar::U64), span);
        }
        match (v, ty) {
            (ConstValue::Composite(parts), Type::Array(e, _)) => {
                let t = self.ty_at(ty, span);
                let parts: Vec<String> = parts.iter().map(|p| self.constant(p, e, span).0).collect();
                (format!("{t}({})", parts.join(", ")), P_POSTFIX)
            }
            (ConstValue::Composite(parts), Type::Struct(h)) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                let t = self.ty_at(ty, span);
                let mut parts: Vec<String> =
                    parts.iter().zip(&fields).map(|(p, f)| self.constant(p, f, span).0).collect();
                // An empty struct's stand-in member (see `zero`).
                if fields.is_empty() {
                    parts.push("0u".into());
                }
                (format!("{t}({})", parts.join(", ")), P_POSTFIX)
            }
            (ConstValue::Composite(parts), Type::Matrix(s, _, c)) if super::matrix::is_row_array(ty) => {
                let t = self.ty_at(ty, span);
                let row_ty = Type::Vector(*s, *c);
                let flat: Vec<ConstValue> = parts
                    .iter()
                    .flat_map(|p| match p {
                        ConstValue::Composite(inner) => inner.clone(),
                        other => vec![other.clone()],
                    })
                    .collect();
                let rows: Vec<String> = flat
                    .chunks(*c as usize)
                    .map(|ch| self.constant(&ConstValue::Composite(ch.to_vec()), &row_ty, span).0)
                    .collect();
                (format!("{t}({})", rows.join(", ")), P_POSTFIX)
            }
            (ConstValue::Composite(parts), Type::Vector(s, _) | Type::Matrix(s, _, _)) => {
                let t = self.ty_at(ty, span);
                let parts: Vec<String> = parts.iter().map(|p| self.constant(p, &Type::Scalar(*s), span).0).collect();
                (format!("{t}({})", parts.join(", ")), P_POSTFIX)
            }
            (_, Type::Vector(s, _)) => {
                let t = self.ty_at(ty, span);
                let (c, _) = self.constant(v, &Type::Scalar(*s), span);
                (format!("{t}({c})"), P_POSTFIX)
            }
            (_, Type::Matrix(s, r, c)) => {
                // `mat3(x)` would be a diagonal matrix; HLSL's splat fills every element.
                let row = self.constant(v, &Type::Vector(*s, *c), span).0;
                let t = self.ty_at(ty, span);
                (format!("{t}({})", vec![row; *r as usize].join(", ")), P_POSTFIX)
            }
            (_, Type::Struct(_) | Type::Array(..)) => (self.zero(ty, span), P_POSTFIX),
            (_, ty) => {
                let s = ty.scalar().unwrap_or(Scalar::I32);
                self.scalar_name(s);
                scalar_literal(v, s)
            }
        }
    }

    /// The zero value of a type (`(S)0`).
    fn zero(&mut self, ty: &Type, span: Span) -> String {
        match ty {
            Type::Struct(h) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                let mut parts: Vec<String> = fields.iter().map(|f| self.zero(f, span)).collect();
                if parts.is_empty() {
                    parts.push("0u".into());
                }
                format!("{}({})", self.ty_at(ty, span), parts.join(", "))
            }
            Type::Array(e, Some(n)) => {
                let one = self.zero(e, span);
                format!("{}({})", self.ty_at(ty, span), vec![one; *n as usize].join(", "))
            }
            _ => self.constant(&ConstValue::Int(0), ty, span).0,
        }
    }

    pub(super) fn sub(&mut self, cx: &Ctx<'a>, e: ExprId, min: u8) -> String {
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

    /// The base of `.x`, `.field`, `[i]`: literals are wrapped, since `1.0.x` does not lex.
    pub fn postfix_base(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        if matches!(cx.f.exprs[e].kind, ExprKind::Const(_)) {
            let (s, _) = self.expr_prec(cx, e);
            return format!("({s})");
        }
        self.sub(cx, e, P_POSTFIX)
    }

    fn expr_prec(&mut self, cx: &Ctx<'a>, id: ExprId) -> (String, u8) {
        let f = cx.f;
        let expr = &f.exprs[id];
        let span = expr.span;
        match &expr.kind {
            ExprKind::SpirvAsm(_) => unreachable!("lower::spirv_asm refuses inline SPIR-V before this backend"),
            // GL_EXT_debug_printf's `debugPrintfEXT`, whose conversions are DebugPrintf's.
            ExprKind::Printf { format, args } => {
                self.extensions.insert("GL_EXT_debug_printf");
                let mut parts = vec![crate::back::c_string_literal(format)];
                parts.extend(args.iter().map(|a| self.expr(cx, *a, P_ASSIGN)));
                (format!("debugPrintfEXT({})", parts.join(", ")), P_POSTFIX)
            }
            ExprKind::Const(v) => self.constant(v, &expr.ty, span),
            ExprKind::Local(l) => (cx.names[l.index()].clone(), P_POSTFIX),
            ExprKind::Global(g) => (self.global_names[g.index()].clone(), P_POSTFIX),
            ExprKind::Unary(op, a) if super::matrix::is_row_array(&expr.ty) => {
                self.row_unary(cx, *op, *a, &expr.ty, span)
            }
            ExprKind::Unary(op, a) => {
                if matches!(f.exprs[*a].ty, Type::Vector(Scalar::Bool, _)) && *op == UnaryOp::Not {
                    let s = self.expr(cx, *a, P_ASSIGN);
                    return (format!("not({s})"), P_POSTFIX);
                }
                let sym = match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::Not => "!",
                    UnaryOp::BitNot => "~",
                };
                let mut s = self.sub(cx, *a, P_PREFIX);
                if *op == UnaryOp::Neg && s.starts_with('-') {
                    s = format!("({s})");
                }
                (format!("{sym}{s}"), P_PREFIX)
            }
            ExprKind::Binary(op, l, r) => self.binary(cx, *op, *l, *r, &expr.ty, span),
            ExprKind::Select { cond, then, els } => {
                if matches!(f.exprs[*cond].ty, Type::Vector(..)) {
                    // GLSL's `mix` with a bool vector picks per component, as HLSL's vector `?:`.
                    let a = self.args(cx, &[*els, *then, *cond]);
                    (format!("mix({a})"), P_POSTFIX)
                } else {
                    let c = self.sub(cx, *cond, P_LOR);
                    let t = self.sub(cx, *then, P_ASSIGN);
                    let e = self.sub(cx, *els, P_COND);
                    (format!("{c} ? {t} : {e}"), P_COND)
                }
            }
            ExprKind::Convert(a) => self.convert(cx, *a, &expr.ty, span),
            ExprKind::Construct(parts) if parts.is_empty() && matches!(expr.ty, Type::Struct(_)) => {
                (self.zero(&expr.ty, span), P_POSTFIX)
            }
            ExprKind::Construct(parts) if super::matrix::is_row_array(&expr.ty) => {
                self.row_construct(cx, parts, &expr.ty, span)
            }
            ExprKind::Construct(parts) => {
                let t = self.ty_at(&expr.ty, span);
                let a = self.args(cx, parts);
                (format!("{t}({a})"), P_POSTFIX)
            }
            ExprKind::Swizzle { base, components } => {
                let b = self.postfix_base(cx, *base);
                match &f.exprs[*base].ty {
                    Type::Matrix(s, _, cols) => {
                        let parts: Vec<String> =
                            components.iter().map(|c| format!("{b}[{}][{}]", c / cols, c % cols)).collect();
                        if parts.len() == 1 {
                            (parts[0].clone(), P_POSTFIX)
                        } else {
                            let t = self.ty_at(&Type::Vector(*s, parts.len() as u8), span);
                            (format!("{t}({})", parts.join(", ")), P_POSTFIX)
                        }
                    }
                    _ => {
                        let sw: String =
                            components.iter().map(|c| ['x', 'y', 'z', 'w'][(*c as usize).min(3)]).collect();
                        (format!("{b}.{sw}"), P_POSTFIX)
                    }
                }
            }
            ExprKind::Field { base, index } => {
                let b = match f.exprs[*base].kind {
                    ExprKind::Deref(p) if super::pointers::unsized_tail(self.module, &f.exprs[*base].ty) => {
                        self.deref(cx, p, &f.exprs[*base].ty, span)
                    }
                    _ => self.postfix_base(cx, *base),
                };
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
                    if super::texture::is_image_kind(*kind) {
                        return self.texel_read(cx, *base, *index, &expr.ty, span);
                    }
                    if !matches!(
                        kind,
                        ResourceKind::StructuredBuffer
                            | ResourceKind::RWStructuredBuffer
                            | ResourceKind::ConstantBuffer
                    ) {
                        self.refuse(span, &format!("`[]` of a `{}`", kind.name()));
                    }
                }
                let b = self.postfix_base(cx, *base);
                let i = self.expr(cx, *index, 0);
                // An element of an array of buffers: its block instance's one member.
                if let Some(member) = self.buffer_member(cx, *base) {
                    return (format!("{b}[{i}].{member}"), P_POSTFIX);
                }
                (format!("{b}[{i}]"), P_POSTFIX)
            }
            ExprKind::Call { function, args } => {
                let a = self.args(cx, args);
                (format!("{}({a})", self.function_names[function.index()]), P_POSTFIX)
            }
            ExprKind::Intrinsic { id, args, bound } => self.intrinsic(cx, span, *id, args, bound.as_deref(), &expr.ty),
            ExprKind::Method { object, method, args } => self.method(cx, *object, *method, args, &expr.ty, span),
            ExprKind::Assign { op, target, value } => {
                if let ExprKind::Index { base, .. } = f.exprs[*target].kind {
                    if matches!(f.exprs[base].ty, Type::Resource(k, _) if super::texture::is_image_kind(k)) {
                        let statement = self.statement == Some(id);
                        return self.texel_write(cx, *target, *op, Some(*value), statement, span);
                    }
                }
                let t = self.sub(cx, *target, P_PREFIX);
                match op {
                    // `a *= b` of two matrices would be a matrix product in GLSL.
                    Some(o) if self.needs_function(*o, &f.exprs[*target].ty, &f.exprs[*value].ty) => {
                        let (v, _) = self.binary(cx, *o, *target, *value, &f.exprs[*target].ty, span);
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
                // A texel's: a store of the texel read plus or minus one.
                if let ExprKind::Index { base, .. } = f.exprs[*target].kind {
                    if matches!(f.exprs[base].ty, Type::Resource(k, _) if super::texture::is_image_kind(k)) {
                        let statement = self.statement == Some(id);
                        let op =
                            if matches!(op, IncDec::PreInc | IncDec::PostInc) { BinaryOp::Add } else { BinaryOp::Sub };
                        return self.texel_write(cx, *target, Some(op), None, statement, span);
                    }
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
            ExprKind::Deref(p) => {
                if super::pointers::unsized_tail(self.module, &expr.ty) {
                    self.refuse(span, "a whole struct that ends in a runtime-sized array");
                }
                (self.deref(cx, *p, &expr.ty, span), P_POSTFIX)
            }
            ExprKind::AddressOf(place) => self.address_of(cx, *place, span),
            ExprKind::GroupWave(v) => {
                self.extensions.insert("GL_KHR_shader_subgroup_basic");
                let name = match v {
                    GroupWaveValue::Index => "gl_SubgroupID",
                    GroupWaveValue::Count => "gl_NumSubgroups",
                };
                (name.to_string(), P_POSTFIX)
            }
        }
    }

    /// Whether `a op b` has no GLSL operator of HLSL's meaning and is written as a function.
    fn needs_function(&self, op: BinaryOp, a: &Type, b: &Type) -> bool {
        let float_rem = op == BinaryOp::Rem && a.scalar().is_some_and(|s| s.is_float() || s.is_signed_int());
        let matrix_product = op == BinaryOp::Mul && matches!(a, Type::Matrix(..)) && matches!(b, Type::Matrix(..));
        let bool_bits =
            matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor) && a.scalar() == Some(Scalar::Bool);
        float_rem || matrix_product || bool_bits || self.is_row_wise(a, &[a, b])
    }

    fn binary(&mut self, cx: &Ctx<'a>, op: BinaryOp, l: ExprId, r: ExprId, ty: &Type, span: Span) -> (String, u8) {
        let f = cx.f;
        let lt = f.exprs[l].ty.clone();
        let rt = f.exprs[r].ty.clone();
        let vector = matches!(lt, Type::Vector(..)) || matches!(rt, Type::Vector(..));
        if ty.is_pointer() {
            return self.pointer_step(cx, op, l, r);
        }
        if self.is_row_wise(ty, &[&lt, &rt]) {
            return self.row_binary(cx, op, l, r, ty, span);
        }
        if op.is_comparison() && vector {
            let name = match op {
                BinaryOp::Eq => "equal",
                BinaryOp::Ne => "notEqual",
                BinaryOp::Lt => "lessThan",
                BinaryOp::Le => "lessThanEqual",
                BinaryOp::Gt => "greaterThan",
                _ => "greaterThanEqual",
            };
            let a = self.args(cx, &[l, r]);
            return (format!("{name}({a})"), P_POSTFIX);
        }
        let bool_operands = lt.scalar() == Some(Scalar::Bool);
        if bool_operands
            && (matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor) || (op.is_logical() && vector))
        {
            // GLSL's bitwise operators take no bools and its `&&`/`||` no vectors: both
            // operands are evaluated, as HLSL evaluates them, as 0/1 integers.
            let uty = lt.with_scalar(Scalar::U32);
            let u = self.ty_at(&uty, span);
            let b = self.ty_at(ty, span);
            let sym = match op {
                BinaryOp::BitAnd | BinaryOp::LogicAnd => "&",
                BinaryOp::BitOr | BinaryOp::LogicOr => "|",
                _ => "^",
            };
            let ls = self.expr(cx, l, P_ASSIGN);
            let rs = self.expr(cx, r, P_ASSIGN);
            return (format!("{b}({u}({ls}) {sym} {u}({rs}))"), P_POSTFIX);
        }
        if op == BinaryOp::Mul && matches!(lt, Type::Matrix(..)) && matches!(rt, Type::Matrix(..)) {
            let a = self.args(cx, &[l, r]);
            return (format!("matrixCompMult({a})"), P_POSTFIX);
        }
        if op == BinaryOp::Rem && ty.scalar().is_some_and(|s| s.is_float() || s.is_signed_int()) {
            let helper = self.rem_helper(ty, span);
            let a = self.args(cx, &[l, r]);
            return (format!("{helper}({a})"), P_POSTFIX);
        }
        let p = binary_prec(op);
        let operand = |w: &mut Self, e: ExprId, min: u8| {
            let forced = matches!(f.exprs[e].kind, ExprKind::Binary(c, ..) if clarify(op, c));
            let s = w.sub(cx, e, min);
            if forced && !s.starts_with('(') {
                format!("({s})")
            } else {
                s
            }
        };
        let ls = operand(self, l, p);
        let rs = operand(self, r, p + 1);
        (format!("{ls} {} {rs}", op.symbol()), p)
    }

    /// HLSL's `%` of floats truncates (C's `fmod`); GLSL's `mod` floors, so a helper keeps the
    /// sign of the dividend and evaluates each operand once.
    /// HLSL's `%` of floats and of signed integers, which takes the dividend's sign: GLSL's
    /// `mod` floors, and its `%` (glslang's `OpSMod`) is undefined for a negative operand, which
    /// NVIDIA's driver computes as unsigned. The quotient truncates either way.
    pub(super) fn rem_helper(&mut self, ty: &Type, span: Span) -> String {
        let t = self.ty_at(ty, span);
        let float = ty.scalar().is_some_and(Scalar::is_float);
        let (base, quotient) = if float { ("wavec_frem", "trunc(a / b)") } else { ("wavec_srem", "(a / b)") };
        let name = self.helper_name(base);
        if self.helpers_written.insert(format!("{base} {t}")) {
            if !self.helpers.is_empty() {
                self.helpers.push('\n');
            }
            let _ = writeln!(self.helpers, "{t} {name}({t} a, {t} b) {{\n    return a - b * {quotient};\n}}");
        }
        name
    }

    /// The module-wide name of a helper family, taken once.
    pub fn helper_name(&mut self, base: &str) -> String {
        if let Some(n) = self.helper_names.get(base) {
            return n.clone();
        }
        let n = self.namer.name(base);
        self.helper_names.insert(base.to_string(), n.clone());
        n
    }

    fn convert(&mut self, cx: &Ctx<'a>, a: ExprId, to: &Type, span: Span) -> (String, u8) {
        let from = cx.f.exprs[a].ty.clone();
        match (&from, to) {
            (_, Type::Struct(_) | Type::Array(..)) => {
                if !matches!(cx.f.exprs[a].kind, ExprKind::Const(_)) {
                    self.refuse(span, "a cast of a value to a struct or array");
                }
                (self.zero(to, span), P_POSTFIX)
            }
            (Type::Scalar(_), Type::Matrix(..)) if crate::back::template::has_side_effects(cx.f, self.stdlib, a) => {
                self.row_splat(cx, a, to, span)
            }
            (Type::Scalar(s), Type::Matrix(_, r, c)) => {
                // A splat: every element (GLSL's `mat3(x)` would be diagonal).
                let v = self.expr(cx, a, P_ASSIGN);
                let row_ty = Type::Vector(to.scalar().unwrap_or(*s), *c);
                let row = format!("{}({v})", self.ty_at(&row_ty, span));
                let t = self.ty_at(to, span);
                (format!("{t}({})", vec![row; *r as usize].join(", ")), P_POSTFIX)
            }
            (Type::Matrix(..), Type::Matrix(..))
                if super::matrix::is_row_array(&from) || super::matrix::is_row_array(to) =>
            {
                if from == *to {
                    return (self.expr(cx, a, P_POSTFIX), P_POSTFIX);
                }
                self.row_convert(cx, a, to, span)
            }
            (Type::Matrix(..), Type::Scalar(_) | Type::Vector(..)) | (Type::Vector(..), Type::Matrix(..)) => {
                self.refuse(span, &format!("a conversion from `{from}` to `{to}`"));
                ("0".into(), P_POSTFIX)
            }
            _ => {
                let s = self.expr(cx, a, P_ASSIGN);
                let t = self.ty_at(to, span);
                (format!("{t}({s})"), P_POSTFIX)
            }
        }
    }
}

/// GLSL reserves `gl_` names, which GLSL-style sources (`--allow-glsl`) give their
/// invocation-id parameters: the output drops the prefix (`gl_GlobalInvocationID` is then a
/// local `GlobalInvocationID`, set from the built-in).
fn user_name(name: &str) -> &str {
    name.strip_prefix("gl_").filter(|rest| !rest.is_empty()).unwrap_or(name)
}

/// Float literals use Rust's shortest round-trip form, so the value survives bit for bit;
/// non-finite values have no literal and are spelled as bit casts.
fn float_literal(v: f64, s: Scalar) -> (String, u8) {
    if s == Scalar::F64 {
        if !v.is_finite() {
            let bits = v.to_bits();
            return (format!("packDouble2x32(uvec2({}u, {}u))", bits as u32, (bits >> 32) as u32), P_POSTFIX);
        }
        return sign_prec(format!("{}lf", plain_float(format!("{v:?}"))));
    }
    let f = v as f32;
    if !f.is_finite() {
        let cast = format!("uintBitsToFloat(0x{:08X}u)", f.to_bits());
        return match s {
            Scalar::F16 => (format!("float16_t({cast})"), P_POSTFIX),
            _ => (cast, P_POSTFIX),
        };
    }
    let text = plain_float(format!("{f:?}"));
    if s == Scalar::F16 {
        return sign_prec(format!("{text}hf"));
    }
    sign_prec(text)
}

/// `1e20` is a valid GLSL literal, but `1e20lf` needs the mantissa's dot for some compilers.
fn plain_float(s: String) -> String {
    if s.contains('.') || !s.contains('e') {
        return s;
    }
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    format!("{m}.0e{e}")
}

fn sign_prec(s: String) -> (String, u8) {
    let p = if s.starts_with('-') { P_PREFIX } else { P_POSTFIX };
    (s, p)
}

pub(super) fn scalar_literal(v: &ConstValue, s: Scalar) -> (String, u8) {
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
        Scalar::Bool => (v.as_bool().unwrap_or(false).to_string(), P_POSTFIX),
        Scalar::F16 | Scalar::F32 | Scalar::F64 => float_literal(as_f64(v), s),
        Scalar::I32 => {
            let i = as_i128(v) as i32;
            if i == i32::MIN {
                ("-2147483647 - 1".to_string(), P_ADD)
            } else {
                sign_prec(i.to_string())
            }
        }
        Scalar::U32 => (format!("{}u", as_i128(v) as u32), P_POSTFIX),
        Scalar::I64 => {
            let i = as_i128(v) as i64;
            if i == i64::MIN {
                ("-9223372036854775807l - 1l".to_string(), P_ADD)
            } else {
                sign_prec(format!("{i}l"))
            }
        }
        Scalar::U64 => (format!("{}ul", as_i128(v) as u64), P_POSTFIX),
        Scalar::I16 => (format!("int16_t({})", as_i128(v) as i16), P_POSTFIX),
        Scalar::U16 => (format!("uint16_t({})", as_i128(v) as u16), P_POSTFIX),
        Scalar::I8 => (format!("int8_t({})", as_i128(v) as i8), P_POSTFIX),
        Scalar::U8 => (format!("uint8_t({})", as_i128(v) as u8), P_POSTFIX),
        // Made their bits before any target (`lower::substandard_floats`).
        Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => scalar_literal(v, s.storage()),
    }
}

/// An array type's sizes, outermost first (`[1][2]`), and the element inside every array.
fn array_dims(ty: &Type) -> (String, &Type) {
    let mut dims = String::new();
    let mut t = ty;
    while let Type::Array(e, n) = t {
        match n {
            Some(n) => {
                let _ = write!(dims, "[{n}]");
            }
            None => dims.push_str("[]"),
        }
        t = e;
    }
    (dims, t)
}
