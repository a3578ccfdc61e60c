//! `impl Writer`: module layout, declarations, statements and expressions.

use super::wave::Helpers;
use super::Options;
use crate::back::{Level, Namer};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::stdlib::Stdlib;
use std::fmt::Write as _;

// C precedence levels, loosest first. An operand is parenthesized when its own level is below the
// level its position requires, which gives minimal but always correct parentheses.
pub(super) const P_COMMA: u8 = 1;
pub(super) const P_ASSIGN: u8 = 2;
const P_COND: u8 = 3;
const P_LOR: u8 = 4;
const P_LAND: u8 = 5;
const P_BOR: u8 = 6;
const P_BXOR: u8 = 7;
const P_BAND: u8 = 8;
const P_EQ: u8 = 9;
const P_REL: u8 = 10;
const P_SHIFT: u8 = 11;
const P_ADD: u8 = 12;
const P_MUL: u8 = 13;
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

/// Nestings that are correct without parentheses but that compilers warn about and readers
/// misread (`a && b || c`, `a & b | c`, `a << b + 1`): parenthesized anyway.
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
    pub(super) entry: usize,
    pub namer: Namer,
    struct_names: Vec<String>,
    field_names: Vec<Vec<String>>,
    global_names: Vec<String>,
    /// Where several globals are push constants: the one `[[vk::push_constant]]` global holding
    /// them (DXC allows one push-constant block), each global then a field of it.
    push_block: Option<PushBlock>,
    cbuffer_names: Vec<String>,
    function_names: Vec<String>,
    pub helpers: Helpers,
    /// Each aggregate type built inside expressions: its helper's name, and whether it is
    /// written yet ([`super::aggregates`]).
    pub aggregate_helpers: crate::fast_hash::HashMap<String, (String, bool)>,
    /// Each array type a function returns: the struct it is returned in, and whether that is
    /// written yet ([`super::aggregates`]).
    pub array_returns: crate::fast_hash::HashMap<String, (String, bool)>,
    pub diags: Vec<Diagnostic>,
}

impl<'a> Writer<'a> {
    pub fn new(module: &'a Module, entry: usize, options: &'a Options, stdlib: &'a Stdlib) -> Self {
        let extra = stdlib.intrinsics.names().map(String::from);
        Writer {
            module,
            stdlib,
            options,
            entry,
            namer: Namer::new(super::is_reserved, extra),
            struct_names: Vec::new(),
            field_names: Vec::new(),
            global_names: Vec::new(),
            push_block: None,
            cbuffer_names: Vec::new(),
            function_names: Vec::new(),
            helpers: Helpers::default(),
            aggregate_helpers: Default::default(),
            array_returns: Default::default(),
            diags: Vec::new(),
        }
    }

    pub fn write(mut self) -> Result<String, Vec<Diagnostic>> {
        let module = self.module;
        let ep = &module.entry_points[self.entry];
        let reachable = crate::lower::reachable_functions(module, ep.function);

        // Module-scope names first, in declaration order, so user names win over helpers.
        for (h, s) in module.structs.iter() {
            // HLSL declares `RayDesc` and the triangle attributes itself, under those names.
            let name = if module.is_hlsl_builtin_struct(h) { s.name.clone() } else { self.namer.name(&s.name) };
            self.struct_names.push(name);
            self.namer.push_scope();
            let fields = s.fields.iter().map(|f| self.namer.name(&f.name)).collect();
            self.namer.pop_scope();
            self.field_names.push(fields);
        }
        for cb in &module.cbuffers {
            let name = self.namer.name(&cb.name);
            self.cbuffer_names.push(name);
        }
        for (_, g) in module.globals.iter() {
            let name = if is_heap(g) { g.name.clone() } else { self.namer.name(&g.name) };
            self.global_names.push(name);
        }
        let pushed: Vec<GlobalId> = module.globals.iter().filter(|(_, g)| is_push_global(g)).map(|(h, _)| h).collect();
        if pushed.len() > 1 {
            let block = PushBlock {
                struct_name: self.namer.name("PushConstants"),
                instance: self.namer.name("push_constants"),
                fields: pushed.iter().map(|&h| (h, self.global_names[h.index()].clone())).collect(),
            };
            for h in pushed {
                self.global_names[h.index()] = format!("{}.{}", block.instance, self.global_names[h.index()]);
            }
            self.push_block = Some(block);
        }
        // Overloads keep their shared source name: HLSL resolves them by parameter types too.
        let mut overloads: crate::fast_hash::HashMap<&str, String> = Default::default();
        for (h, f) in module.functions.iter() {
            let name = if !reachable[h.index()] {
                String::new()
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
                self.name_aggregate_helpers(f);
            }
        }

        let mut sections = Vec::new();
        sections.push(self.structs());
        sections.push(self.globals());
        let mut functions = String::new();
        for (h, _) in module.functions.iter() {
            if reachable[h.index()] {
                if !functions.is_empty() {
                    functions.push('\n');
                }
                self.function(h, &mut functions);
            }
        }
        sections.push(self.helpers.text.clone());
        sections.push(functions);

        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        let sections: Vec<String> = sections.into_iter().filter(|s| !s.is_empty()).collect();
        Ok(sections.join("\n"))
    }

    fn structs(&self) -> String {
        let mut out = String::new();
        for (h, s) in self.module.structs.iter() {
            if self.module.is_hlsl_builtin_struct(h) {
                continue;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "struct {} {{", self.struct_names[h.index()]);
            for (i, f) in s.fields.iter().enumerate() {
                let semantic = f.semantic.as_ref().map(|s| format!(" : {s}")).unwrap_or_default();
                let decl = self.decl_stored(&f.ty, f.majorness, &self.field_names[h.index()][i]);
                let _ = writeln!(out, "{}{decl}{semantic};", Level(1));
            }
            out.push_str("};\n");
        }
        out
    }

    fn binding(&self, reg: &Option<Register>, vk: Option<(u32, u32)>) -> (String, String) {
        let vk = vk.map(|(b, s)| format!("[[vk::binding({b}, {s})]] ")).unwrap_or_default();
        let reg = match reg {
            Some(Register { index: None, space, .. }) => format!(" : register(space{space})"),
            Some(Register { class, index: Some(index), space: 0 }) => format!(" : register({class}{index})"),
            Some(Register { class, index: Some(index), space }) => {
                format!(" : register({class}{index}, space{space})")
            }
            None => String::new(),
        };
        (vk, reg)
    }

    fn globals(&self) -> String {
        let module = self.module;
        let mut out = String::new();
        let mut cbuffer_done = vec![false; module.cbuffers.len()];
        for (h, g) in module.globals.iter() {
            let name = &self.global_names[h.index()];
            if is_heap(g) {
                continue;
            }
            match &g.space {
                AddressSpace::Uniform { cbuffer: Some(i) } => {
                    // A cbuffer is written whole where its first member was declared.
                    if cbuffer_done.get(*i).copied().unwrap_or(true) {
                        continue;
                    }
                    cbuffer_done[*i] = true;
                    let cb = &module.cbuffers[*i];
                    let (vk, reg) = self.binding(&cb.register, cb.vk_binding);
                    let _ = writeln!(out, "{vk}cbuffer {}{reg} {{", self.cbuffer_names[*i]);
                    for (mh, m) in module.globals.iter() {
                        if m.space == (AddressSpace::Uniform { cbuffer: Some(*i) }) {
                            let decl = self.decl_stored(&m.ty, m.majorness, &self.global_names[mh.index()]);
                            let pack = m.packoffset.map(|o| {
                                let comp = ["x", "y", "z", "w"][(o % 16 / 4) as usize];
                                format!(" : packoffset(c{}.{comp})", o / 16)
                            });
                            let _ = writeln!(out, "{}{decl}{};", Level(1), pack.unwrap_or_default());
                        }
                    }
                    out.push_str("};\n");
                }
                // The entry point's `uniform` values stay its `uniform` parameters.
                AddressSpace::PushConstant if g.entry_param => {}
                AddressSpace::PushConstant => match &self.push_block {
                    None => {
                        let _ = writeln!(out, "[[vk::push_constant]] {};", self.decl(&g.ty, name));
                    }
                    // The block is written whole where its first member was declared.
                    Some(block) if block.fields.first().is_some_and(|(first, _)| *first == h) => {
                        let _ = writeln!(out, "struct {} {{", block.struct_name);
                        for (member, field) in &block.fields {
                            let m = &module.globals[*member];
                            let _ = writeln!(out, "{}{};", Level(1), self.decl_stored(&m.ty, m.majorness, field));
                        }
                        let _ = writeln!(out, "}};\n[[vk::push_constant]] {} {};", block.struct_name, block.instance);
                    }
                    Some(_) => {}
                },
                space => {
                    let (mut vk, reg) = self.binding(&g.register, g.vk_binding);
                    if let Some(f) = g.image_format {
                        vk.push_str(&format!("[[vk::image_format(\"{}\")]] ", f.name()));
                    } else if g.format_unknown {
                        vk.push_str("[[vk::image_format(\"unknown\")]] ");
                    }
                    let prefix = match space {
                        AddressSpace::Groupshared => "groupshared ",
                        AddressSpace::Private => "static ",
                        AddressSpace::Constant => "static const ",
                        _ if g.coherent => "globallycoherent ",
                        _ => "",
                    };
                    let init = g.init.as_ref().map(|v| format!(" = {}", self.const_init(v, &g.ty))).unwrap_or_default();
                    let line = format!("{vk}{prefix}{}{reg}{init};", self.decl_stored(&g.ty, g.majorness, name));
                    // A buffer of row-major matrices: HLSL has no qualifier in that position
                    // that glslang reads, but both it and DXC follow the pragma.
                    let row_major_elements = g.majorness == Majorness::Row
                        && matches!(&g.ty, Type::Resource(_, Some(e)) if matches!(**e, Type::Matrix(..)));
                    if row_major_elements {
                        let _ =
                            writeln!(out, "#pragma pack_matrix(row_major)\n{line}\n#pragma pack_matrix(column_major)");
                    } else {
                        let _ = writeln!(out, "{line}");
                    }
                }
            }
        }
        for (i, done) in cbuffer_done.iter().enumerate() {
            if !done {
                let cb = &module.cbuffers[i];
                let (vk, reg) = self.binding(&cb.register, cb.vk_binding);
                let _ = writeln!(out, "{vk}cbuffer {}{reg} {{\n}};", self.cbuffer_names[i]);
            }
        }
        out
    }

    /// HLSL spelling of a type in a type position (arrays need [`Writer::decl`]).
    pub fn ty(&self, t: &Type) -> String {
        match t {
            Type::Struct(h) => self.struct_names[h.index()].clone(),
            Type::Array(e, Some(n)) => format!("{}[{n}]", self.ty(e)),
            Type::Array(e, None) => format!("{}[]", self.ty(e)),
            // HLSL has no write-only textures: a `WTexture2D` is declared read-write.
            Type::Resource(k, Some(e)) => format!("{}<{}>", k.read_write().name(), self.ty(e)),
            other => other.to_string(),
        }
    }

    /// The declarator of data a buffer holds: a row-major matrix (or array of them) says so,
    /// since DXC's default, which the output is compiled with, is column-major. (A buffer of
    /// row-major matrices gets a `#pragma pack_matrix` around its declaration instead.)
    fn decl_stored(&self, t: &Type, majorness: Majorness, name: &str) -> String {
        let mut inner = t;
        while let Type::Array(e, _) = inner {
            inner = e;
        }
        let decl = self.decl(t, name);
        match (majorness, inner) {
            (Majorness::Row, Type::Matrix(..)) => format!("row_major {decl}"),
            _ => decl,
        }
    }

    /// A declarator: `float name[4][2]` for arrays, `T name` otherwise.
    pub fn decl(&self, t: &Type, name: &str) -> String {
        let mut dims = String::new();
        let mut base = t;
        while let Type::Array(e, n) = base {
            match n {
                Some(n) => {
                    let _ = write!(dims, "[{n}]");
                }
                None => dims.push_str("[]"),
            }
            base = e;
        }
        format!("{} {name}{dims}", self.ty(base))
    }

    fn name_locals(&mut self, f: &Function) -> Vec<String> {
        let mut names = vec![String::new(); f.locals.len()];
        self.namer.push_scope();
        for &p in &f.params {
            names[p.index()] = self.namer.name(&f.locals[p].name);
        }
        self.name_block_stmts(f, &f.body.stmts, &mut names);
        // Locals no statement declares cannot be referenced meaningfully, but still get a name.
        for (h, l) in f.locals.iter() {
            if names[h.index()].is_empty() {
                names[h.index()] = self.namer.name(&l.name);
            }
        }
        self.namer.pop_scope();
        names
    }

    fn name_block(&mut self, f: &Function, b: &Block, names: &mut [String]) {
        self.namer.push_scope();
        self.name_block_stmts(f, &b.stmts, names);
        self.namer.pop_scope();
    }

    fn name_block_stmts(&mut self, f: &Function, stmts: &[Stmt], names: &mut [String]) {
        for s in stmts {
            match s {
                Stmt::Local { local, .. } => names[local.index()] = self.namer.name(&f.locals[*local].name),
                Stmt::Block(b) => self.name_block(f, b, names),
                Stmt::If { then, els, .. } => {
                    self.name_block(f, then, names);
                    if let Some(e) = els {
                        self.name_block(f, e, names);
                    }
                }
                Stmt::For { init, body, .. } => {
                    self.namer.push_scope();
                    self.name_block_stmts(f, init, names);
                    self.name_block(f, body, names);
                    self.namer.pop_scope();
                }
                Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => self.name_block(f, body, names),
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.name_block(f, &c.body, names);
                    }
                }
                Stmt::Expr(_) | Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Discard => {}
            }
        }
    }

    fn function(&mut self, h: FunctionId, out: &mut String) {
        let module = self.module;
        let f = &module.functions[h];
        let ep = &module.entry_points[self.entry];
        let is_entry = h == ep.function;
        let cx = Ctx { f, names: self.name_locals(f) };
        if is_entry {
            if let Some(rs) = &ep.root_signature {
                let _ = writeln!(out, "[RootSignature({rs:?})]");
            }
            if let Some([x, y, z]) = ep.numthreads {
                let _ = writeln!(out, "[numthreads({x}, {y}, {z})]");
            }
            if let Some(ws) = ep.wave_size {
                match (ws.range_form, ws.preferred) {
                    (false, _) => {
                        let _ = writeln!(out, "[WaveSize({})]", ws.min);
                    }
                    (true, None) => {
                        let _ = writeln!(out, "[WaveSize({}, {})]", ws.min, ws.max);
                    }
                    (true, Some(p)) => {
                        let _ = writeln!(out, "[WaveSize({}, {}, {p})]", ws.min, ws.max);
                    }
                }
            }
        }
        let params: Vec<String> = f
            .params
            .iter()
            .map(|&p| {
                let l = &f.locals[p];
                let mode = match l.param {
                    Some(ParamMode::Out) => "out ",
                    Some(ParamMode::InOut) => "inout ",
                    _ => "",
                };
                let mode = if l.precise { format!("precise {mode}") } else { mode.to_string() };
                let semantic = match (l.builtin, &l.semantic) {
                    (Some(b), _) => format!(" : {}", b.semantic()),
                    (None, Some(s)) => format!(" : {s}"),
                    (None, None) => String::new(),
                };
                format!("{mode}{}{semantic}", self.decl(&l.ty, &cx.names[p.index()]))
            })
            .chain(
                module
                    .globals
                    .iter()
                    .filter(|(_, g)| is_entry && g.space == AddressSpace::PushConstant && g.entry_param)
                    .map(|(g, global)| format!("uniform {}", self.decl(&global.ty, &self.global_names[g.index()]))),
            )
            .collect();
        let ret = match f.ret {
            Type::Array(..) => self.array_return(&f.ret),
            _ => format!("{}{}", self.coherent(&f.ret), self.ty(&f.ret)),
        };
        let _ = writeln!(out, "{ret} {}({}) {{", self.function_names[h.index()], params.join(", "));
        self.stmts(&cx, &f.body.stmts, Level(1), out);
        out.push_str("}\n");
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

    fn loop_hint(hint: LoopHint, level: Level, out: &mut String) {
        match hint {
            LoopHint::None => {}
            LoopHint::Unroll(None) => {
                let _ = writeln!(out, "{level}[unroll]");
            }
            LoopHint::Unroll(Some(n)) => {
                let _ = writeln!(out, "{level}[unroll({n})]");
            }
            LoopHint::Loop => {
                let _ = writeln!(out, "{level}[loop]");
            }
        }
    }

    /// `globallycoherent ` for a resource type declared so where a descriptor heap gives it:
    /// every variable and result of that type says so, as DXC wants them to agree.
    fn coherent(&self, ty: &Type) -> &'static str {
        if self.module.coherent_heap_types.contains(ty) {
            "globallycoherent "
        } else {
            ""
        }
    }

    fn local_decl(&mut self, cx: &Ctx<'a>, local: LocalId, init: Option<ExprId>) -> String {
        let l = &cx.f.locals[local];
        // A resource variable is read-only to sema, but DXC takes no `const` on one.
        let konst = if l.is_const && !matches!(l.ty, Type::Resource(..)) { "const " } else { "" };
        let precise = if l.precise { "precise " } else { "" };
        let coherent = self.coherent(&l.ty);
        let mut s = format!("{precise}{coherent}{konst}{}", self.decl(&l.ty, &cx.names[local.index()]));
        if let Some(e) = init {
            let _ = write!(s, " = {}", self.init_expr(cx, e));
        }
        s
    }

    fn stmt(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        match s {
            Stmt::Expr(e) => {
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
            Stmt::For { init, cond, step, body, hint } => {
                // Declarations of different types cannot share one `for` header: they move into
                // an enclosing block, which keeps their scope.
                let header_init = self.for_init(cx, init);
                let (level, wrapped) = match header_init {
                    Some(_) => (level, false),
                    None => {
                        let _ = writeln!(out, "{level}{{");
                        self.stmts(cx, init, level.next(), out);
                        (level.next(), true)
                    }
                };
                Self::loop_hint(*hint, level, out);
                let init = header_init.unwrap_or_default();
                let cond = cond.map(|c| format!(" {}", self.expr(cx, c, 0))).unwrap_or_default();
                let step = step.map(|c| format!(" {}", self.expr(cx, c, 0))).unwrap_or_default();
                let _ = write!(out, "{level}for ({init};{cond};{step}) ");
                self.block_body(cx, body, level, out);
                out.push('\n');
                if wrapped {
                    let outer = Level(level.0 - 1);
                    let _ = writeln!(out, "{outer}}}");
                }
            }
            Stmt::While { cond, body, hint } => {
                Self::loop_hint(*hint, level, out);
                let c = self.expr(cx, *cond, 0);
                let _ = write!(out, "{level}while ({c}) ");
                self.block_body(cx, body, level, out);
                out.push('\n');
            }
            Stmt::DoWhile { body, cond, hint } => {
                Self::loop_hint(*hint, level, out);
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
                    // An empty body falls through to the next case's label; braces elsewhere give
                    // each case its own scope for declarations.
                    if c.body.stmts.is_empty() && i + 1 < cases.len() {
                        let _ = writeln!(out, "{inner}{last}");
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
            Stmt::Return(Some(e)) if matches!(cx.f.ret, Type::Array(..)) => {
                // The array goes back in its struct (`aggregates` module docs).
                let wrapper = self.array_return(&cx.f.ret);
                let e = self.expr(cx, *e, P_ASSIGN);
                let _ = writeln!(out, "{level}{{\n{level}    {wrapper} wavec_ret;\n{level}    wavec_ret.a = {e};");
                let _ = writeln!(out, "{level}    return wavec_ret;\n{level}}}");
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

    /// `if (…) {…} else if (…) {…} else {…}`, without the leading indentation or final newline.
    fn if_chain(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        let Stmt::If { cond, then, els, hint } = s else {
            return;
        };
        match hint {
            BranchHint::None => {}
            BranchHint::Branch => {
                let _ = write!(out, "[branch]\n{level}");
            }
            BranchHint::Flatten => {
                let _ = write!(out, "[flatten]\n{level}");
            }
        }
        let c = self.expr(cx, *cond, 0);
        let _ = write!(out, "if ({c}) ");
        self.block_body(cx, then, level, out);
        if let Some(els) = els {
            out.push_str(" else ");
            match els.stmts.as_slice() {
                [inner @ Stmt::If { hint: BranchHint::None, .. }] => self.if_chain(cx, inner, level, out),
                _ => self.block_body(cx, els, level, out),
            }
        }
    }

    /// The init clause of a `for` header, or `None` when it does not fit in one.
    fn for_init(&mut self, cx: &Ctx<'a>, init: &[Stmt]) -> Option<String> {
        if init.iter().all(|s| matches!(s, Stmt::Expr(_))) {
            let parts: Vec<String> = init
                .iter()
                .map(|s| match s {
                    Stmt::Expr(e) => self.expr(cx, *e, P_ASSIGN),
                    _ => unreachable!(),
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

    /// An initializer: aggregates (arrays, structs) as `{…}` lists, which HLSL only accepts here.
    fn init_expr(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        let expr = &cx.f.exprs[e];
        if let Some(buffer) = cx.f.constant_buffer_read(e) {
            return self.expr(cx, buffer, P_ASSIGN);
        }
        match (&expr.kind, &expr.ty) {
            (ExprKind::Construct(parts), Type::Array(..) | Type::Struct(_)) => {
                let parts: Vec<String> = parts.iter().map(|p| self.init_expr(cx, *p)).collect();
                format!("{{{}}}", parts.join(", "))
            }
            _ => self.expr(cx, e, P_ASSIGN),
        }
    }

    pub fn const_init(&self, v: &ConstValue, ty: &Type) -> String {
        match (v, ty) {
            (ConstValue::Composite(parts), Type::Array(e, _)) => {
                let parts: Vec<String> = parts.iter().map(|p| self.const_init(p, e)).collect();
                format!("{{{}}}", parts.join(", "))
            }
            (ConstValue::Composite(parts), Type::Struct(h)) => {
                let fields = &self.module.structs[*h].fields;
                let parts: Vec<String> = parts.iter().zip(fields).map(|(p, f)| self.const_init(p, &f.ty)).collect();
                format!("{{{}}}", parts.join(", "))
            }
            _ => self.constant(v, ty).0,
        }
    }

    /// A constant and its precedence (negative numbers are prefix expressions).
    fn constant(&self, v: &ConstValue, ty: &Type) -> (String, u8) {
        let scalar = ty.scalar().unwrap_or(Scalar::I32);
        match (v, ty) {
            (ConstValue::Composite(parts), Type::Vector(..) | Type::Matrix(..)) => {
                let parts: Vec<String> = parts.iter().map(|p| self.constant(p, &Type::Scalar(scalar)).0).collect();
                (format!("{}({})", self.ty(ty), parts.join(", ")), P_POSTFIX)
            }
            (ConstValue::Composite(_), _) => (self.const_init(v, ty), P_POSTFIX),
            (_, Type::Vector(..) | Type::Matrix(..)) => {
                let (s, _) = self.constant(v, &Type::Scalar(scalar));
                (format!("({}){s}", self.ty(ty)), P_PREFIX)
            }
            _ => scalar_literal(v, scalar),
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

    pub(super) fn args(&mut self, cx: &Ctx<'a>, args: &[ExprId]) -> String {
        let parts: Vec<String> = args.iter().map(|a| self.expr(cx, *a, P_ASSIGN)).collect();
        parts.join(", ")
    }

    /// Derivatives in a compute shader: shader model 6.6 takes them over 2×2 blocks of
    /// `SV_GroupThreadID.xy` when the group's x and y are even, and over four consecutive
    /// threads when the group is a row whose length is a multiple of four: derivative groups of
    /// those shapes are what HLSL means; others have no HLSL form.
    pub(super) fn compute_derivatives(&mut self, ep: &EntryPoint, span: crate::span::Span, what: &str) {
        let [x, y, z] = ep.numthreads.unwrap_or([1, 1, 1]);
        let why = if self.options.shader_model < (6, 6) {
            let (major, minor) = self.options.shader_model;
            format!(
                "derivatives in compute shaders require shader model 6.6 or later; the target is sm_{major}_{minor}"
            )
        } else {
            match ep.derivative_group {
                Some(DerivativeGroup::Quads) if x % 2 == 0 && y % 2 == 0 => return,
                Some(DerivativeGroup::Linear) if y == 1 && z == 1 && x % 4 == 0 => return,
                _ => "HLSL takes compute derivatives over 2×2 blocks of threads (the group's x and y even) or four \
                      consecutive threads of a group that is one row"
                    .to_string(),
            }
        };
        self.diags.push(Diagnostic::error("E0601", why).with_label(span, what.to_string()));
    }

    /// The base of `.x`, `.field`, `[i]`, `.Method()`: literals are wrapped too, since `1.0f.x`
    /// does not lex as intended.
    fn postfix_base(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        if matches!(cx.f.exprs[e].kind, ExprKind::Const(_)) {
            let (s, _) = self.expr_prec(cx, e);
            return format!("({s})");
        }
        self.sub(cx, e, P_POSTFIX)
    }

    fn expr_prec(&mut self, cx: &Ctx<'a>, id: ExprId) -> (String, u8) {
        let f = cx.f;
        let expr = &f.exprs[id];
        match &expr.kind {
            ExprKind::SpirvAsm(_) => unreachable!("lower::spirv_asm refuses inline SPIR-V before this backend"),
            ExprKind::Printf { format, args } => {
                let mut parts = vec![crate::back::c_string_literal(format)];
                parts.extend(args.iter().map(|a| self.expr(cx, *a, P_ASSIGN)));
                (format!("printf({})", parts.join(", ")), P_POSTFIX)
            }
            ExprKind::Const(v) => self.constant(v, &expr.ty),
            ExprKind::Local(l) => (cx.names[l.index()].clone(), P_POSTFIX),
            ExprKind::Global(g) => (self.global_names[g.index()].clone(), P_POSTFIX),
            ExprKind::Unary(op, a) => {
                let sym = match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::Not => "!",
                    UnaryOp::BitNot => "~",
                };
                let mut s = self.sub(cx, *a, P_PREFIX);
                // `-(-x)` and `-(--x)` must not print as `--x`.
                if *op == UnaryOp::Neg && s.starts_with('-') {
                    s = format!("({s})");
                }
                (format!("{sym}{s}"), P_PREFIX)
            }
            ExprKind::Binary(op, l, r) => {
                let p = binary_prec(*op);
                let operand = |w: &mut Self, e: ExprId, min: u8| {
                    let forced = matches!(f.exprs[e].kind, ExprKind::Binary(c, ..) if clarify(*op, c));
                    let s = w.sub(cx, e, min);
                    if forced && !s.starts_with('(') {
                        format!("({s})")
                    } else {
                        s
                    }
                };
                let ls = operand(self, *l, p);
                let rs = operand(self, *r, p + 1);
                (format!("{ls} {} {rs}", op.symbol()), p)
            }
            ExprKind::Select { cond, then, els } => {
                if matches!(f.exprs[*cond].ty, Type::Vector(..)) {
                    let helper = self.select_helper(&expr.ty);
                    let a = self.args(cx, &[*cond, *then, *els]);
                    (format!("{helper}({a})"), P_POSTFIX)
                } else {
                    let c = self.sub(cx, *cond, P_LOR);
                    let t = self.sub(cx, *then, P_ASSIGN);
                    let e = self.sub(cx, *els, P_COND);
                    (format!("{c} ? {t} : {e}"), P_COND)
                }
            }
            ExprKind::Convert(a) => self.convert(cx, *a, &expr.ty),
            ExprKind::Construct(parts) => match &expr.ty {
                // A copy of a constant buffer's whole value is the buffer, as in initializers.
                Type::Array(..) | Type::Struct(_) if cx.f.constant_buffer_read(id).is_some() => {
                    (self.init_expr(cx, id), P_POSTFIX)
                }
                Type::Array(..) | Type::Struct(_) => (self.aggregate_call(cx, id), P_POSTFIX),
                ty => {
                    let a = self.args(cx, parts);
                    (format!("{}({a})", self.ty(ty)), P_POSTFIX)
                }
            },
            ExprKind::Swizzle { base, components } => {
                let b = self.postfix_base(cx, *base);
                let sw: String = match &f.exprs[*base].ty {
                    Type::Matrix(_, _, cols) => {
                        components.iter().map(|c| format!("_m{}{}", c / cols, c % cols)).collect()
                    }
                    _ => components.iter().map(|c| ['x', 'y', 'z', 'w'][(*c as usize).min(3)]).collect(),
                };
                (format!("{b}.{sw}"), P_POSTFIX)
            }
            ExprKind::Field { base, index } => {
                let b = self.postfix_base(cx, *base);
                let field = f.exprs[*base]
                    .ty
                    .field_struct()
                    .and_then(|s| self.field_names[s.index()].get(*index as usize).cloned());
                let field = field.unwrap_or_else(|| {
                    self.internal(expr.span, "field access on a value that is not a struct");
                    format!("field{index}")
                });
                (format!("{b}.{field}"), P_POSTFIX)
            }
            ExprKind::Index { base, index } => {
                let b = self.postfix_base(cx, *base);
                let i = self.expr(cx, *index, 0);
                (format!("{b}[{i}]"), P_POSTFIX)
            }
            ExprKind::Call { function, args } => {
                let a = self.args(cx, args);
                let name = &self.function_names[function.index()];
                match self.module.functions[*function].ret {
                    Type::Array(..) => (format!("{name}({a}).a"), P_POSTFIX),
                    _ => (format!("{name}({a})"), P_POSTFIX),
                }
            }
            ExprKind::Intrinsic { id, args, bound } => {
                self.intrinsic(cx, expr.span, *id, args, bound.as_deref(), &expr.ty)
            }
            ExprKind::Method { object, method, args } => self.method(cx, *object, *method, args, &expr.ty),
            ExprKind::Assign { op, target, value } => {
                let t = self.sub(cx, *target, P_PREFIX);
                let v = self.sub(cx, *value, P_ASSIGN);
                let op = op.map(|o| o.symbol()).unwrap_or("");
                (format!("{t} {op}= {v}"), P_ASSIGN)
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
                if self.options.shader_model >= super::GROUP_WAVE_NATIVE_SM {
                    let name = match v {
                        GroupWaveValue::Index => "GetGroupWaveIndex()",
                        GroupWaveValue::Count => "GetGroupWaveCount()",
                    };
                    (name.to_string(), P_POSTFIX)
                } else {
                    self.internal(expr.span, "group wave value left for a target without it");
                    ("0u".to_string(), P_POSTFIX)
                }
            }
        }
    }

    fn convert(&mut self, cx: &Ctx<'a>, a: ExprId, to: &Type) -> (String, u8) {
        let from = &cx.f.exprs[a].ty;
        let same_shape = match (from, to) {
            (Type::Scalar(_), Type::Scalar(_)) => true,
            (Type::Vector(_, n), Type::Vector(_, m)) => n == m,
            (Type::Matrix(_, r, c), Type::Matrix(_, r2, c2)) => r == r2 && c == c2,
            _ => false,
        };
        if same_shape {
            let s = self.expr(cx, a, P_ASSIGN);
            (format!("{}({s})", self.ty(to)), P_POSTFIX)
        } else {
            // Splats, truncations and `(S)0` are casts: constructors would need every component.
            let s = self.sub(cx, a, P_PREFIX);
            (format!("({}){s}", self.ty(to)), P_PREFIX)
        }
    }

    fn method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
    ) -> (String, u8) {
        let obj_ty = cx.f.exprs[object].ty.clone();
        let byte_address = matches!(obj_ty, Type::Resource(k, _) if k.is_byte_address());
        // Byte-address `Load2`/`Store3` move uints; any other type is the templated form.
        let words = |t: &Type, n: u8| -> Option<String> {
            if t.scalar() == Some(Scalar::U32) && t.vector_size() == Some(n) {
                Some(if n == 1 { String::new() } else { n.to_string() })
            } else {
                None
            }
        };
        // 32-bit non-uint loads and stores are bit casts of the uint forms: the templated
        // `Load<T>` needs shader model 6.2 and is unknown to glslang.
        let cast_words = |t: &Type| -> Option<(u8, &'static str)> {
            let n = t.vector_size()?;
            match t.scalar()? {
                Scalar::F32 => Some((n, "asfloat")),
                Scalar::I32 => Some((n, "asint")),
                _ => None,
            }
        };
        if byte_address {
            let o = self.postfix_base(cx, object);
            match method {
                ResourceMethod::Load(_) if words(ret, ret.vector_size().unwrap_or(0)).is_none() => {
                    if let Some((n, cast)) = cast_words(ret) {
                        let a = self.args(cx, args);
                        let w = if n == 1 { String::new() } else { n.to_string() };
                        return (format!("{cast}({o}.Load{w}({a}))"), P_POSTFIX);
                    }
                }
                ResourceMethod::Store(_) => {
                    let value_ty = args.get(1).map(|v| cx.f.exprs[*v].ty.clone()).unwrap_or(Type::UINT);
                    if let (Some((n, _)), [addr, value]) = (cast_words(&value_ty), args) {
                        let a = self.expr(cx, *addr, P_ASSIGN);
                        let v = self.expr(cx, *value, P_ASSIGN);
                        let w = if n == 1 { String::new() } else { n.to_string() };
                        return (format!("{o}.Store{w}({a}, asuint({v}))"), P_POSTFIX);
                    }
                }
                _ => {}
            }
        }
        let name = match method {
            ResourceMethod::Load(n) if byte_address => match words(ret, n) {
                Some(w) => format!("Load{w}"),
                None => format!("Load<{}>", self.ty(ret)),
            },
            ResourceMethod::Load(_) => "Load".to_string(),
            ResourceMethod::Store(n) if byte_address => {
                let value_ty = args.get(1).map(|v| cx.f.exprs[*v].ty.clone()).unwrap_or(Type::UINT);
                match words(&value_ty, n) {
                    Some(w) => format!("Store{w}"),
                    None => format!("Store<{}>", self.ty(&value_ty)),
                }
            }
            ResourceMethod::Store(_) => "Store".to_string(),
            ResourceMethod::GetDimensions => "GetDimensions".to_string(),
            ResourceMethod::IncrementCounter => "IncrementCounter".to_string(),
            ResourceMethod::DecrementCounter => "DecrementCounter".to_string(),
            ResourceMethod::Append => "Append".to_string(),
            ResourceMethod::Consume => "Consume".to_string(),
            ResourceMethod::Interlocked(op) => {
                // The value's type says which: 32-bit, 64-bit (`InterlockedAdd64`, sm_6_6), or a
                // float, which HLSL has no atomic add for.
                let value_ty = args.get(1).map(|v| cx.f.exprs[*v].ty.clone()).unwrap_or(Type::UINT);
                let span = cx.f.exprs[object].span;
                match value_ty.scalar() {
                    Some(s) if s.is_float() => {
                        self.diags.push(
                            Diagnostic::error(
                                "E0602",
                                format!(
                                    "`{}` of a `{}` has no HLSL equivalent: HLSL has no floating-point atomics on a byte-address buffer (Slang reaches NVAPI's; wavec does not)",
                                    op.method_name(),
                                    s.hlsl_name()
                                ),
                            )
                            .with_label(span, "this buffer"),
                        );
                        op.method_name().to_string()
                    }
                    Some(s) if s.bits() == 64 => {
                        if self.options.shader_model < (6, 6) {
                            let (major, minor) = self.options.shader_model;
                            self.diags.push(
                                Diagnostic::error(
                                    "E0601",
                                    format!(
                                        "`{}64` requires shader model 6.6 or later; the target is sm_{major}_{minor}",
                                        op.method_name()
                                    ),
                                )
                                .with_label(span, "a 64-bit atomic on this buffer"),
                            );
                        }
                        format!("{}64", op.method_name())
                    }
                    _ => op.method_name().to_string(),
                }
            }
            ResourceMethod::Sample(op) => {
                if op.kind == SampleKind::CmpLevel && self.options.shader_model < (6, 7) {
                    let (major, minor) = self.options.shader_model;
                    let span = cx.f.exprs[object].span;
                    self.diags.push(
                        Diagnostic::error(
                            "E0601",
                            format!(
                                "`SampleCmpLevel` requires shader model 6.7 or later; the target is sm_{major}_{minor}"
                            ),
                        )
                        .with_label(span, "`SampleCmpLevel` of this texture"),
                    );
                }
                let ep = &self.module.entry_points[self.entry];
                if op.kind.needs_derivatives() && ep.stage == Stage::Compute {
                    self.compute_derivatives(ep, cx.f.exprs[object].span, "implicit-LOD sampling of this texture");
                }
                op.kind.method_name().to_string()
            }
            ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => "GetDimensions".to_string(),
            ResourceMethod::LoadSample => "Load".to_string(),
            ResourceMethod::RayQuery(op) => {
                if op == RayQueryOp::TraceRayInline && self.options.shader_model < (6, 5) {
                    let (major, minor) = self.options.shader_model;
                    let span = cx.f.exprs[object].span;
                    self.diags.push(
                        Diagnostic::error(
                            "E0601",
                            format!("inline ray tracing (`RayQuery`) requires shader model 6.5 or later; the target is sm_{major}_{minor}"),
                        )
                        .with_label(span, "this ray query"),
                    );
                }
                op.name()
            }
            ResourceMethod::MipLoad => {
                let o = self.postfix_base(cx, object);
                let l = self.expr(cx, args[0], P_ASSIGN);
                let c = self.expr(cx, args[1], P_ASSIGN);
                return (format!("{o}.mips[{l}][{c}]"), P_POSTFIX);
            }
        };
        let o = self.postfix_base(cx, object);
        let a = self.args(cx, args);
        (format!("{o}.{name}({a})"), P_POSTFIX)
    }

    pub fn internal(&mut self, span: crate::span::Span, msg: &str) {
        self.diags.push(
            Diagnostic::error("E0699", format!("internal error in the HLSL backend: {msg}")).with_label(span, ""),
        );
    }
}

/// Float literals use Rust's shortest round-trip form, so the value survives the trip through
/// DXC bit for bit; non-finite values have no literal and are spelled as bit casts.
fn float_literal(v: f64, s: Scalar) -> (String, u8) {
    if s == Scalar::F64 {
        if !v.is_finite() {
            let bits = v.to_bits();
            return (format!("asdouble({}u, {}u)", bits as u32, (bits >> 32) as u32), P_POSTFIX);
        }
        return sign_prec(format!("{v:?}l"));
    }
    let f = v as f32;
    if !f.is_finite() {
        let cast = format!("asfloat(0x{:08X}u)", f.to_bits());
        return match s {
            Scalar::F16 => (format!("(half){cast}"), P_PREFIX),
            _ => (cast, P_POSTFIX),
        };
    }
    let suffix = if s == Scalar::F16 { "h" } else { "f" };
    sign_prec(format!("{f:?}{suffix}"))
}

fn sign_prec(s: String) -> (String, u8) {
    let p = if s.starts_with('-') { P_PREFIX } else { P_POSTFIX };
    (s, p)
}

fn scalar_literal(v: &ConstValue, s: Scalar) -> (String, u8) {
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
        Scalar::Bool => {
            let b = v.as_bool().unwrap_or(false);
            (b.to_string(), P_POSTFIX)
        }
        Scalar::F16 | Scalar::F32 | Scalar::F64 => float_literal(as_f64(v), s),
        Scalar::I32 => {
            let i = as_i128(v) as i32;
            if i == i32::MIN {
                // `2147483648` alone does not fit an int, so `-2147483648` would not be an int.
                ("-2147483647 - 1".to_string(), P_ADD)
            } else {
                sign_prec(i.to_string())
            }
        }
        Scalar::U32 => (format!("{}u", as_i128(v) as u32), P_POSTFIX),
        Scalar::I64 => {
            let i = as_i128(v) as i64;
            if i == i64::MIN {
                ("-9223372036854775807ll - 1ll".to_string(), P_ADD)
            } else {
                sign_prec(format!("{i}ll"))
            }
        }
        Scalar::U64 => (format!("{}ull", as_i128(v) as u64), P_POSTFIX),
        Scalar::I16 => (format!("int16_t({})", as_i128(v) as i16), P_POSTFIX),
        Scalar::U16 => (format!("uint16_t({})", as_i128(v) as u16), P_POSTFIX),
        // Refused before writing (`back::hlsl::write`): HLSL has no 8-bit scalars.
        Scalar::I8 => (format!("int8_t({})", as_i128(v) as i8), P_POSTFIX),
        Scalar::U8 => (format!("uint8_t({})", as_i128(v) as u8), P_POSTFIX),
        // Made their bits before any target (`lower::substandard_floats`).
        Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => scalar_literal(v, s.storage()),
    }
}

/// Shader model 6.6's `ResourceDescriptorHeap` or `SamplerDescriptorHeap`, which
/// [`crate::lower::descriptor_heaps`] reads descriptor handles' resources from: the language
/// declares them.
fn is_heap(g: &crate::ir::Global) -> bool {
    crate::lower::descriptor_heaps::HLSL_HEAPS.contains(&g.name.as_str())
        && matches!(&g.ty, Type::Array(e, None) if matches!(**e, Type::Resource(..)))
}

/// A push constant the source declares as a global (`[[vk::push_constant]]`), not an entry
/// point's `uniform` parameter.
fn is_push_global(g: &crate::ir::Global) -> bool {
    g.space == AddressSpace::PushConstant && !g.entry_param
}

/// The struct that holds several push-constant globals in HLSL, and its one global.
struct PushBlock {
    struct_name: String,
    instance: String,
    /// Each global and its name as a field.
    fields: Vec<(GlobalId, String)>,
}
