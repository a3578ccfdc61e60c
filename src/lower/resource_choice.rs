//! Resources chosen at run time: a resource variable given a resource in more than one place
//! (`Texture2D t; if (c) t = a; else t = b;`) or by a condition (`t = c ? a : b`), and such a
//! condition used directly (`(c ? a : b).Load(i)`, what a function returning one becomes).
//!
//! No target but HLSL can hold a resource in a variable, so the variable becomes its choice's
//! state, in plain values: which of its candidates it names, and each candidate's subscripts. A
//! candidate is a global resource, or an array of them reached through subscripts of given
//! types: two elements of one array are one candidate whose index differs, which needs no
//! branch at all. Each use then dispatches on that state:
//! - a value read (`t.SampleLevel(…)`, `b[i]`, a call taking the resource) becomes a
//!   conditional expression with one arm per candidate, of which only the chosen one is
//!   evaluated;
//! - a write, or a call that writes through an argument (`b[i] = v`, `InterlockedAdd(b[i], …)`,
//!   `t.GetDimensions(w, h)`), becomes an `if` per candidate around its statement.
//!
//! DXC and Slang resolve such choices only when inlining and constant folding leave one
//! resource; this serves conditions known only at run time as well.

use super::resource_values::{is_resource, non_uniform_mark, path_of, unresolvable, write_path, PathRoot, Subscript};
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{
    BinaryOp, Block, BranchHint, ConstValue, Expr, ExprId, ExprKind, Function, FunctionId, IntrinsicId, Local, LocalId,
    Module, ParamMode, Scalar, Stmt, Type,
};

type Mark = Option<(IntrinsicId, Option<Box<Type>>)>;

/// One resource a chosen variable may name.
#[derive(Clone)]
pub(super) struct Candidate {
    root: PathRoot,
    types: Vec<Type>,
    /// Per subscript: marked `NonUniformResourceIndex` where any assignment marks it (each read
    /// is marked again, as SPIR-V and GLSL mark the access, not the value).
    marks: Vec<Mark>,
    /// Per subscript: the local holding it.
    subscripts: Vec<LocalId>,
}

pub(super) struct Choice {
    /// Which candidate the variable names; none with one candidate.
    which: Option<LocalId>,
    candidates: Vec<Candidate>,
}

/// The resource variables of `f` that are given a resource more than once, or by a
/// condition, or from such a variable: [`resolve_choices`] handles them, and
/// `resource_values`' one-resource resolution leaves them alone.
///
/// `seed` holds variables known to be chosen already. Where `module` is given, calls are not
/// inlined yet: a call of a function that does not return a choice names one resource.
pub(super) fn chosen_variables(
    f: &Function,
    seed: impl IntoIterator<Item = LocalId>,
    module: Option<&Module>,
) -> HashSet<LocalId> {
    let mut assigned: HashMap<LocalId, Vec<ExprId>> = HashMap::default();
    walk_assignments(f, &f.body, &mut |l, v| assigned.entry(l).or_default().push(v));
    let mut chosen: HashSet<LocalId> = seed.into_iter().collect();
    loop {
        let before = chosen.len();
        for (&l, values) in &assigned {
            let simple = |v: ExprId| match f.exprs[v].kind {
                ExprKind::Local(u) => !chosen.contains(&u),
                ExprKind::Call { function, .. } => module.is_some_and(|m| !returns_a_choice(m, &m.functions[function])),
                _ => path_of(f, v).is_some(),
            };
            if values.len() > 1 || !values.iter().all(|&v| simple(v)) {
                chosen.insert(l);
            }
        }
        if chosen.len() == before {
            return chosen;
        }
    }
}

/// Each assignment of a resource to a resource variable in `block`: its declaration's
/// initializer, or an assignment statement.
fn walk_assignments(f: &Function, block: &Block, visit: &mut impl FnMut(LocalId, ExprId)) {
    block.visit_stmts(&mut |stmt| match stmt {
        Stmt::Local { local, init: Some(v) } if is_resource(&f.locals[*local].ty) => visit(*local, *v),
        Stmt::Expr(e) => {
            if let Some((l, v)) = resource_assignment(f, *e) {
                visit(l, v);
            }
        }
        _ => {}
    });
}

/// `v = value` of resource variable `v`.
fn resource_assignment(f: &Function, e: ExprId) -> Option<(LocalId, ExprId)> {
    let ExprKind::Assign { op: None, target, value } = f.exprs[e].kind else { return None };
    let ExprKind::Local(l) = f.exprs[target].kind else { return None };
    is_resource(&f.locals[l].ty).then_some((l, value))
}

/// Whether a function reachable from entry point `entry` chooses a resource at run time. HLSL
/// holds resources in variables, but DXC compiles a choice only where inlining and constant
/// folding leave one resource: HLSL output then needs `resource_values` too.
pub fn chooses_resources(module: &Module, entry: usize) -> bool {
    let Some(ep) = module.entry_points.get(entry) else { return false };
    let reachable = module.reachable_functions(ep.function);
    module.functions.iter().any(|(h, f)| {
        if !reachable[h.index()] {
            return false;
        }
        let chosen = chosen_variables(f, [], Some(module));
        has_resource_conditions(f) || !chosen.is_empty() || returns_chosen(f, &chosen)
    })
}

/// Whether `f` returns a resource it chooses at run time: from several `return`s, or a
/// variable chosen at run time (a helper that names one resource through a variable, as HLSL's
/// descriptor heap helpers do, does not).
fn returns_a_choice(module: &Module, f: &Function) -> bool {
    is_resource(&f.ret) && returns_chosen(f, &chosen_variables(f, [], Some(module)))
}

/// [`returns_a_choice`], given `f`'s chosen variables.
fn returns_chosen(f: &Function, chosen: &HashSet<LocalId>) -> bool {
    if !is_resource(&f.ret) {
        return false;
    }
    let mut returned = Vec::new();
    collect_returns(&f.body, &mut returned);
    returned.len() > 1 || returned.iter().any(|&e| matches!(f.exprs[e].kind, ExprKind::Local(l) if chosen.contains(&l)))
}

fn collect_returns(block: &Block, out: &mut Vec<ExprId>) {
    block.visit_stmts(&mut |stmt| {
        if let Stmt::Return(Some(e)) = stmt {
            out.push(*e);
        }
    });
}

/// Whether `f` holds a resource chosen by a condition anywhere (a variable's, or one used
/// directly).
pub(super) fn has_resource_conditions(f: &Function) -> bool {
    f.live_expr_iter().any(|(_, e)| matches!(e.kind, ExprKind::Select { .. }) && is_resource(&e.ty))
}

/// Replaces the variables in `chosen` with their state and every resource condition of `f`
/// with a dispatch (module docs). The variables in `preset` have their state already; the state
/// of `returned`, a choosing function's result, becomes `out` parameters of `f`, and its
/// candidates are returned.
pub(super) fn resolve_choices(
    module: &Module,
    f: &mut Function,
    chosen: &HashSet<LocalId>,
    mut choices: HashMap<LocalId, Choice>,
    returned: Option<LocalId>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<Candidate>> {
    let unknown: HashSet<LocalId> = chosen.iter().copied().filter(|l| !choices.contains_key(l)).collect();
    if !unknown.is_empty() {
        match candidates(f, &unknown, &choices) {
            Ok(found) => {
                for (v, candidates) in found {
                    choices.insert(v, declare_state(f, v, candidates));
                }
            }
            Err(bad) => {
                let span = f.exprs[bad].span;
                errors.push(match f.exprs[bad].kind {
                    ExprKind::Local(p) if f.locals[p].param.is_some() => Diagnostic::error(
                        "E0517",
                        format!(
                            "`{}` is a resource parameter: a function cannot choose among its parameters' resources at run time",
                            f.locals[p].name
                        ),
                    )
                    .with_label(span, "chosen here")
                    .with_note("choose the resource where the function is called, or pass an index into an array of resources"),
                    _ => unresolvable(span, "a resource variable's value"),
                });
                return None;
            }
        }
    }
    let result = returned.and_then(|r| choices.get(&r)).map(|choice| {
        // The result's state is what the function gives back.
        let state: Vec<LocalId> = choice.state().collect();
        for l in state {
            f.locals[l].param = Some(ParamMode::Out);
            f.params.push(l);
        }
        choice.candidates.clone()
    });
    let certain = unconditional_exprs(f);
    let mut body = std::mem::take(&mut f.body);
    let mut pass = Dispatch { module, choices: &choices, errors, certain, warned: HashSet::default() };
    pass.block(f, &mut body);
    f.body = body;
    result
}

impl Choice {
    /// A variable never given a resource: reading it is undefined, and its reads are
    /// [`undefined_use`]s.
    pub(super) fn undefined() -> Choice {
        Choice { which: None, candidates: Vec::new() }
    }

    /// Its locals: `which`, then each candidate's subscripts.
    fn state(&self) -> impl Iterator<Item = LocalId> + '_ {
        self.which.into_iter().chain(self.candidates.iter().flat_map(|c| c.subscripts.iter().copied()))
    }

    /// The declarations of its state into `out`: `which` starts at the first candidate and
    /// integer subscripts at 0, so a read before any assignment is defined.
    fn declare(&self, f: &mut Function, span: crate::span::Span, out: &mut Vec<Stmt>) {
        for l in self.state() {
            let init = zero(f, l, span);
            out.push(Stmt::Local { local: l, init });
        }
    }
}

/// A function returning a resource that its body chooses (not one `return`, which
/// `resource_values` computes where it is called), made one that gives back the choice's
/// state in `out` parameters, and its candidates.
pub(super) struct ChoiceFunction {
    pub(super) function: FunctionId,
    candidates: Vec<Candidate>,
}

/// Whether a call of `callee` returns a resource its body chooses.
pub(super) fn chooses(module: &Module, callee: FunctionId) -> bool {
    let f = &module.functions[callee];
    is_resource(&f.ret) && !matches!(f.body.stmts.as_slice(), [Stmt::Return(Some(_))])
}

/// Each call in `f` of a function that chooses the resource it returns becomes, before its
/// statement, a call of that function's [`ChoiceFunction`] into a new chosen variable's state,
/// and in its place a read of that variable, whose state is returned.
pub(super) fn hoist_choice_calls(
    module: &mut Module,
    f: &mut Function,
    made: &mut HashMap<FunctionId, ChoiceFunction>,
    errors: &mut Vec<Diagnostic>,
    depth: u32,
) -> HashMap<LocalId, Choice> {
    let mut preset = HashMap::default();
    let any =
        f.live_expr_iter().any(|(_, e)| matches!(e.kind, ExprKind::Call { function, .. } if chooses(module, function)));
    if !any {
        return preset;
    }
    let mut hoist = Hoist { made, errors, depth, preset: &mut preset, declarations: Vec::new() };
    let mut body = std::mem::take(&mut f.body);
    hoist.block(module, f, &mut body);
    let mut stmts = std::mem::take(&mut hoist.declarations);
    stmts.append(&mut body.stmts);
    f.body = Block { stmts };
    preset
}

struct Hoist<'a> {
    made: &'a mut HashMap<FunctionId, ChoiceFunction>,
    errors: &'a mut Vec<Diagnostic>,
    depth: u32,
    preset: &'a mut HashMap<LocalId, Choice>,
    /// The new variables' state, declared at the top of the function.
    declarations: Vec<Stmt>,
}

impl Hoist<'_> {
    fn block(&mut self, module: &mut Module, f: &mut Function, block: &mut Block) {
        for mut stmt in std::mem::take(&mut block.stmts) {
            let hoistable = matches!(
                stmt,
                Stmt::Expr(_) | Stmt::Return(_) | Stmt::Local { .. } | Stmt::If { .. } | Stmt::Switch { .. }
            );
            loop {
                let roots = own_roots(&stmt);
                let Some(call) = roots.iter().find_map(|&r| choosing_call(module, f, r)) else { break };
                if !hoistable {
                    self.errors.push(
                        Diagnostic::error(
                            "E0517",
                            "a function choosing the resource it returns at run time is called in a loop's condition",
                        )
                        .with_label(f.exprs[call].span, "called here")
                        .with_note("call it before the loop, into a variable"),
                    );
                    break;
                }
                let Some(before) = self.hoist(module, f, call) else { break };
                let mut inner = Block { stmts: vec![before] };
                self.block(module, f, &mut inner);
                block.stmts.append(&mut inner.stmts);
            }
            stmt.for_each_block_mut(|b| self.block(module, f, b));
            block.stmts.push(stmt);
        }
    }

    /// Call `call` of a choosing function becomes a read of a new chosen variable; the
    /// statement that sets that variable's state.
    fn hoist(&mut self, module: &mut Module, f: &mut Function, call: ExprId) -> Option<Stmt> {
        let ExprKind::Call { function, args } = f.exprs[call].kind.clone() else { return None };
        let span = f.exprs[call].span;
        if !self.made.contains_key(&function) {
            if self.depth >= 16 {
                self.errors.push(
                    Diagnostic::error("E0517", "functions choosing the resources they return call each other too deep")
                        .with_label(span, "called here"),
                );
                return None;
            }
            let made = make_choice_function(module, function, self.made, self.errors, self.depth + 1)?;
            self.made.insert(function, made);
        }
        let made = &self.made[&function];
        let name = format!("{}_result", module.functions[function].name);
        let ty = f.exprs[call].ty.clone();
        let variable = f.locals.append(Local::new(name, ty, span));
        let choice = declare_state(f, variable, made.candidates.clone());
        choice.declare(f, span, &mut self.declarations);
        let mut full = args;
        for l in choice.state() {
            full.push(read_local(f, l, span));
        }
        let call_kind = ExprKind::Call { function: made.function, args: full };
        let hoisted = f.exprs.append(Expr { kind: call_kind, ty: Type::Void, span });
        f.exprs[call].kind = ExprKind::Local(variable);
        self.preset.insert(variable, choice);
        Some(Stmt::Expr(hoisted))
    }
}

/// The first call in `e` of a function that chooses the resource it returns.
fn choosing_call(module: &Module, f: &Function, e: ExprId) -> Option<ExprId> {
    if let ExprKind::Call { function, .. } = f.exprs[e].kind {
        if chooses(module, function) {
            return Some(e);
        }
    }
    let mut children = Vec::new();
    f.exprs[e].kind.for_each_child(|c| children.push(c));
    children.into_iter().find_map(|c| choosing_call(module, f, c))
}

/// `function`'s [`ChoiceFunction`], appended to the module: each `return r;` sets the state of
/// a chosen result, which its `out` parameters give back.
fn make_choice_function(
    module: &mut Module,
    function: FunctionId,
    made: &mut HashMap<FunctionId, ChoiceFunction>,
    errors: &mut Vec<Diagnostic>,
    depth: u32,
) -> Option<ChoiceFunction> {
    let mut f = module.functions[function].clone();
    let span = f.span;
    let result = f.locals.append(Local::new("result", f.ret.clone(), span));
    f.ret = Type::Void;
    f.name = format!("{}_choice", f.name);
    let mut body = std::mem::take(&mut f.body);
    returns_set(&mut f, result, &mut body);
    f.body = body;
    let preset = hoist_choice_calls(module, &mut f, made, errors, depth);
    super::resource_values::inline_resource_results(module, &mut f, errors);
    let candidates = super::resource_values::resolve_variables(module, &mut f, preset, Some(result), errors)?;
    if candidates.is_empty() {
        errors.push(
            Diagnostic::error("E0517", format!("`{}` returns no resource", module.functions[function].name))
                .with_label(span, "here"),
        );
        return None;
    }
    f.uses = f.gather_uses();
    Some(ChoiceFunction { function: module.functions.append(f), candidates })
}

/// `return r;` becomes `result = r; return;`.
fn returns_set(f: &mut Function, result: LocalId, block: &mut Block) {
    for mut stmt in std::mem::take(&mut block.stmts) {
        if let Stmt::Return(Some(e)) = stmt {
            let span = f.exprs[e].span;
            let set = assign(f, result, e, span);
            block.stmts.extend([set, Stmt::Return(None)]);
            continue;
        }
        stmt.for_each_block_mut(|b| returns_set(f, result, b));
        block.stmts.push(stmt);
    }
}

/// A zero of an integer local's type (a subscript or `which`), as a starting value.
fn zero(f: &mut Function, l: LocalId, span: crate::span::Span) -> Option<ExprId> {
    let ty = f.locals[l].ty.clone();
    let value = match ty {
        Type::Scalar(s) if s.is_signed_int() => ConstValue::Int(0),
        Type::Scalar(s) if s.is_unsigned_int() => ConstValue::Uint(0),
        _ => return None,
    };
    Some(f.exprs.append(Expr { kind: ExprKind::Const(value), ty, span }))
}

/// The candidates of each chosen variable, from every value it is given (a variable given
/// another's value takes that one's candidates too), or the value that names no resource.
fn candidates(
    f: &Function,
    chosen: &HashSet<LocalId>,
    known: &HashMap<LocalId, Choice>,
) -> Result<Vec<(LocalId, Vec<Candidate>)>, ExprId> {
    let mut assigned: Vec<(LocalId, ExprId)> = Vec::new();
    walk_assignments(f, &f.body, &mut |l, v| {
        if chosen.contains(&l) {
            assigned.push((l, v));
        }
    });
    let mut found: HashMap<LocalId, Vec<Candidate>> = chosen.iter().map(|&l| (l, Vec::new())).collect();
    loop {
        let mut changed = false;
        for &(l, value) in &assigned {
            let mut leaves = Vec::new();
            leaves_of(f, value, &mut leaves)?;
            for leaf in leaves {
                let added: Vec<Candidate> = match leaf {
                    Leaf::Path(e) => {
                        let path = path_of(f, e).ok_or(e)?;
                        let types = path.indices.iter().map(|&i| f.exprs[i].ty.clone()).collect();
                        let marks = path.indices.iter().map(|&i| non_uniform_mark(f, i)).collect();
                        vec![Candidate { root: path.root, types, marks, subscripts: Vec::new() }]
                    }
                    Leaf::Variable(u) => match known.get(&u) {
                        Some(c) => c.candidates.clone(),
                        None => found.get(&u).cloned().unwrap_or_default(),
                    },
                };
                let list = found.entry(l).or_default();
                for c in added {
                    changed |= merge(list, c);
                }
            }
        }
        if !changed {
            let mut out: Vec<_> = found.into_iter().collect();
            out.sort_by_key(|(l, _)| l.index());
            return Ok(out);
        }
    }
}

/// Adds `c` to `list` unless a candidate of the same root is there (then its marks are joined;
/// `Layers[0]` and `Layers[i]` differ only in their subscripts' types, which convert to the
/// first's). Whether anything changed.
fn merge(list: &mut Vec<Candidate>, c: Candidate) -> bool {
    match list.iter_mut().find(|x| x.root == c.root && x.types.len() == c.types.len()) {
        Some(x) => {
            let mut changed = false;
            for (m, n) in x.marks.iter_mut().zip(c.marks) {
                if m.is_none() && n.is_some() {
                    *m = n;
                    changed = true;
                }
            }
            changed
        }
        None => {
            list.push(c);
            true
        }
    }
}

enum Leaf {
    Path(ExprId),
    Variable(LocalId),
}

/// The resources value `e` may name: the arms of its conditions, the last operand of its
/// commas.
fn leaves_of(f: &Function, e: ExprId, out: &mut Vec<Leaf>) -> Result<(), ExprId> {
    match f.exprs[e].kind {
        ExprKind::Select { then, els, .. } => {
            leaves_of(f, then, out)?;
            leaves_of(f, els, out)
        }
        ExprKind::Comma(_, b) => leaves_of(f, b, out),
        ExprKind::Local(u) if is_resource(&f.locals[u].ty) && f.locals[u].param.is_none() => {
            out.push(Leaf::Variable(u));
            Ok(())
        }
        _ if path_of(f, e).is_some() => {
            out.push(Leaf::Path(e));
            Ok(())
        }
        _ => Err(e),
    }
}

/// The locals holding variable `v`'s choice (declared where `v` is, by [`Dispatch`]).
fn declare_state(f: &mut Function, v: LocalId, mut candidates: Vec<Candidate>) -> Choice {
    let name = f.locals[v].name.clone();
    let span = f.locals[v].span;
    let several = candidates.len() > 1;
    let which = several.then(|| f.locals.append(Local::new(format!("{name}_which"), Type::UINT, span)));
    for (k, c) in candidates.iter_mut().enumerate() {
        // Candidates taken from a function's choice name its locals: these are this one's.
        c.subscripts.clear();
        for (j, ty) in c.types.iter().enumerate() {
            let local_name = if several { format!("{name}_{k}_index{j}") } else { format!("{name}_index{j}") };
            c.subscripts.push(f.locals.append(Local::new(local_name, ty.clone(), span)));
        }
    }
    Choice { which, candidates }
}

/// How one use dispatches: per alternative, the condition choosing it (none for the last) and
/// what the chosen expression becomes.
struct Alternative {
    cond: Option<ExprId>,
    becomes: Becomes,
}

enum Becomes {
    /// A candidate of a variable: its root through its subscript locals.
    Candidate(PathRoot, Vec<Subscript>),
    /// An arm of a condition: that arm's expression.
    Arm(ExprId),
}

struct Dispatch<'m, 'c, 'e> {
    module: &'m Module,
    choices: &'c HashMap<LocalId, Choice>,
    errors: &'e mut Vec<Diagnostic>,
    /// The expressions every call of the function evaluates (before the dispatch changed it).
    certain: HashSet<ExprId>,
    /// Variables without a resource whose conditional read was warned of.
    warned: HashSet<LocalId>,
}

impl Dispatch<'_, '_, '_> {
    fn block(&mut self, f: &mut Function, block: &mut Block) {
        let stmts = std::mem::take(&mut block.stmts);
        for stmt in stmts {
            self.stmt(f, stmt, &mut block.stmts);
        }
    }

    fn stmt(&mut self, f: &mut Function, mut stmt: Stmt, out: &mut Vec<Stmt>) {
        match stmt {
            Stmt::Local { local, init } if self.choices.contains_key(&local) => {
                let span = f.locals[local].span;
                self.choices[&local].declare(f, span, out);
                if let Some(value) = init {
                    let mut set = Vec::new();
                    self.set_state(f, local, value, &mut set);
                    for s in set {
                        self.stmt(f, s, out);
                    }
                }
                return;
            }
            Stmt::Expr(e) => {
                if let Some((l, value)) = resource_assignment(f, e).filter(|(l, _)| self.choices.contains_key(l)) {
                    let mut set = Vec::new();
                    self.set_state(f, l, value, &mut set);
                    for s in set {
                        self.stmt(f, s, out);
                    }
                    return;
                }
            }
            _ => {}
        }
        // Reads in this statement's own expressions, then in its blocks.
        loop {
            let roots = own_roots(&stmt);
            let Some((read, ancestors)) = roots.iter().find_map(|&r| self.find_read(f, r, &mut Vec::new())) else {
                break;
            };
            let Some(alternatives) = self.alternatives(f, read) else { return };
            let Some(use_at) = ancestors.iter().rev().copied().find(|&a| !is_resource(&f.exprs[a].ty)) else {
                // A resource read as a statement of its own does nothing.
                if let Stmt::Expr(e) = stmt {
                    if is_resource(&f.exprs[e].ty) {
                        return;
                    }
                }
                self.errors.push(unresolvable(f.exprs[read].span, "this resource"));
                return;
            };
            if reads_as_value(f, use_at, &ancestors) {
                dispatch_value(self.module, f, use_at, read, alternatives);
                continue;
            }
            match split_statement(self.module, f, &stmt, read, alternatives) {
                Some(split) => {
                    for s in split {
                        self.stmt(f, s, out);
                    }
                    return;
                }
                None => {
                    self.errors.push(
                        Diagnostic::error(
                            "E0517",
                            "a resource chosen at run time is written in a loop's or a branch's condition",
                        )
                        .with_label(f.exprs[use_at].span, "here")
                        .with_note("write through it in a statement of its own"),
                    );
                    return;
                }
            }
        }
        stmt.for_each_block_mut(|b| self.block(f, b));
        out.push(stmt);
    }

    /// Statements giving variable `v` the resource `value` names.
    fn set_state(&mut self, f: &mut Function, v: LocalId, value: ExprId, out: &mut Vec<Stmt>) {
        let span = f.exprs[value].span;
        match f.exprs[value].kind.clone() {
            ExprKind::Select { cond, then, els } => {
                let (mut t, mut e) = (Vec::new(), Vec::new());
                self.set_state(f, v, then, &mut t);
                self.set_state(f, v, els, &mut e);
                out.push(Stmt::If {
                    cond,
                    then: Block { stmts: t },
                    els: Some(Block { stmts: e }),
                    hint: BranchHint::None,
                });
            }
            ExprKind::Comma(a, b) => {
                out.push(Stmt::Expr(a));
                self.set_state(f, v, b, out);
            }
            ExprKind::Local(u) if self.choices.contains_key(&u) => {
                // Copied from another chosen variable: candidate by candidate.
                let from = &self.choices[&u];
                let mut arms: Vec<(Option<ExprId>, Vec<Stmt>)> = Vec::new();
                for (k, c) in from.candidates.iter().enumerate() {
                    let cond = (k + 1 < from.candidates.len()).then(|| which_is(f, from.which, k, span));
                    let subscripts: Vec<ExprId> = c.subscripts.iter().map(|&s| read_local(f, s, span)).collect();
                    let mut stmts = Vec::new();
                    self.set_candidate(f, v, c.root, subscripts, span, &mut stmts);
                    arms.push((cond.flatten(), stmts));
                }
                out.extend(if_chain(arms));
            }
            _ => match path_of(f, value) {
                Some(path) => self.set_candidate(f, v, path.root, path.indices, span, out),
                None => self.errors.push(unresolvable(span, "a resource variable's value")),
            },
        }
    }

    /// `which = k; subscripts = …` for the candidate of `v` with this root and as many
    /// subscripts (converted to the candidate's subscript types).
    fn set_candidate(
        &self,
        f: &mut Function,
        v: LocalId,
        root: PathRoot,
        subscripts: Vec<ExprId>,
        span: crate::span::Span,
        out: &mut Vec<Stmt>,
    ) {
        let choice = &self.choices[&v];
        let Some(k) = choice.candidates.iter().position(|c| c.root == root && c.types.len() == subscripts.len()) else {
            return;
        };
        if let Some(which) = choice.which {
            let k = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(k as u64)), ty: Type::UINT, span });
            out.push(assign(f, which, k, span));
        }
        for (&local, value) in choice.candidates[k].subscripts.iter().zip(subscripts) {
            let ty = f.locals[local].ty.clone();
            let value = if f.exprs[value].ty == ty {
                value
            } else {
                f.exprs.append(Expr { kind: ExprKind::Convert(value), ty, span })
            };
            out.push(assign(f, local, value, span));
        }
    }

    /// The first read of a chosen variable or resource condition in `e`, with its ancestors
    /// (outermost first).
    fn find_read(&self, f: &Function, e: ExprId, ancestors: &mut Vec<ExprId>) -> Option<(ExprId, Vec<ExprId>)> {
        let x = &f.exprs[e];
        let hit = match x.kind {
            ExprKind::Local(l) => self.choices.contains_key(&l),
            ExprKind::Select { .. } => is_resource(&x.ty),
            _ => false,
        };
        if hit {
            return Some((e, ancestors.clone()));
        }
        let mut children = Vec::new();
        x.kind.for_each_child(|c| children.push(c));
        ancestors.push(e);
        let found = children.into_iter().find_map(|c| self.find_read(f, c, ancestors));
        ancestors.pop();
        found
    }

    /// How a read dispatches: on a variable's state, or on a condition.
    fn alternatives(&mut self, f: &mut Function, read: ExprId) -> Option<Vec<Alternative>> {
        let span = f.exprs[read].span;
        match f.exprs[read].kind {
            ExprKind::Select { cond, then, els } => Some(vec![
                Alternative { cond: Some(cond), becomes: Becomes::Arm(then) },
                Alternative { cond: None, becomes: Becomes::Arm(els) },
            ]),
            ExprKind::Local(v) => {
                let choice = &self.choices[&v];
                if choice.candidates.is_empty() {
                    // DXC accepts such a read where constant folding removes it (a builder's
                    // `use_x` flag left false); a read that always runs is certainly a mistake.
                    if self.certain.contains(&read) {
                        self.errors.push(
                            Diagnostic::error(
                                "E0517",
                                format!("`{}` is used, but it was never given a resource", f.locals[v].name),
                            )
                            .with_label(span, "used here"),
                        );
                        return None;
                    }
                    if self.warned.insert(v) {
                        self.errors.push(
                            Diagnostic::warning(
                                "W0517",
                                format!("`{}` may be used before it is given a resource", f.locals[v].name),
                            )
                            .with_label(span, "no resource reaches this use")
                            .with_note(
                                "where it runs, a read through it gives zero and a write through it does nothing",
                            ),
                        );
                    }
                    return Some(Vec::new());
                }
                let n = choice.candidates.len();
                let alternatives = choice
                    .candidates
                    .iter()
                    .enumerate()
                    .map(|(k, c)| {
                        let subscripts = c
                            .subscripts
                            .iter()
                            .zip(&c.marks)
                            .map(|(&s, m)| match m {
                                Some((id, bound)) => Subscript::NonUniform(s, *id, bound.clone()),
                                None => Subscript::Local(s),
                            })
                            .collect();
                        Alternative {
                            cond: (k + 1 < n).then(|| which_is(f, choice.which, k, span)).flatten(),
                            becomes: Becomes::Candidate(c.root, subscripts),
                        }
                    })
                    .collect();
                Some(alternatives)
            }
            _ => None,
        }
    }
}

/// `which == k`, or none where there is one candidate.
fn which_is(f: &mut Function, which: Option<LocalId>, k: usize, span: crate::span::Span) -> Option<ExprId> {
    let which = which?;
    let read = read_local(f, which, span);
    let k = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(k as u64)), ty: Type::UINT, span });
    Some(f.exprs.append(Expr { kind: ExprKind::Binary(BinaryOp::Eq, read, k), ty: Type::BOOL, span }))
}

fn read_local(f: &mut Function, l: LocalId, span: crate::span::Span) -> ExprId {
    let ty = f.locals[l].ty.clone();
    f.exprs.append(Expr { kind: ExprKind::Local(l), ty, span })
}

fn assign(f: &mut Function, l: LocalId, value: ExprId, span: crate::span::Span) -> Stmt {
    let target = read_local(f, l, span);
    let ty = f.locals[l].ty.clone();
    Stmt::Expr(f.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value }, ty, span }))
}

/// `if (c0) { s0 } else if (c1) { s1 } … else { sn }`; an arm without a condition is the last.
fn if_chain(arms: Vec<(Option<ExprId>, Vec<Stmt>)>) -> Vec<Stmt> {
    let mut rest: Option<Vec<Stmt>> = None;
    for (cond, stmts) in arms.into_iter().rev() {
        rest = Some(match (cond, rest) {
            (Some(cond), rest) => vec![Stmt::If {
                cond,
                then: Block { stmts },
                els: rest.map(|stmts| Block { stmts }),
                hint: BranchHint::None,
            }],
            (None, _) => stmts,
        });
    }
    rest.unwrap_or_default()
}

/// The expressions a statement evaluates itself (not its blocks').
fn own_roots(stmt: &Stmt) -> Vec<ExprId> {
    match stmt {
        Stmt::Expr(e) | Stmt::Return(Some(e)) => vec![*e],
        Stmt::Local { init: Some(e), .. } => vec![*e],
        Stmt::If { cond, .. } | Stmt::While { cond, .. } | Stmt::DoWhile { cond, .. } => vec![*cond],
        Stmt::Switch { selector, .. } => vec![*selector],
        Stmt::For { cond, step, .. } => cond.iter().chain(step).copied().collect(),
        _ => Vec::new(),
    }
}

/// Whether the use `use_at` of a chosen resource only reads a value: it is not `void`, and it
/// is no place written (an assignment's target, an `out` or `inout` argument), which a
/// conditional expression could not be.
fn reads_as_value(f: &Function, use_at: ExprId, ancestors: &[ExprId]) -> bool {
    if matches!(f.exprs[use_at].ty, Type::Void) {
        return false;
    }
    // The place: the use, then fields, swizzles and subscripts of it.
    let start = ancestors.iter().position(|&a| a == use_at).unwrap_or(ancestors.len());
    let mut place = use_at;
    let mut up = ancestors[..start].iter().rev();
    let parent = loop {
        let Some(&p) = up.next() else { return true };
        match f.exprs[p].kind {
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } | ExprKind::Index { base, .. }
                if base == place =>
            {
                place = p
            }
            _ => break p,
        }
    };
    match &f.exprs[parent].kind {
        ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => *target != place,
        ExprKind::AddressOf(_) => false,
        ExprKind::Method { .. } => false,
        ExprKind::Intrinsic { id, args, .. } => {
            let (_, intr) = crate::lower::intrinsics::declaration(crate::stdlib::Stdlib::get(), *id);
            args.iter().zip(&intr.params).all(|(&a, p)| a != place || matches!(p.mode, ParamMode::In))
        }
        ExprKind::Call { args, .. } => {
            // A callee's parameter modes are not at hand here: an argument place may be written.
            !args.contains(&place)
        }
        _ => true,
    }
}

/// Rewrites `use_at` into `c0 ? use[read := a0] : c1 ? … : use[read := an]`, only the chosen
/// arm evaluated (the backends branch where an arm has effects).
fn dispatch_value(module: &Module, f: &mut Function, use_at: ExprId, read: ExprId, alternatives: Vec<Alternative>) {
    let ty = f.exprs[use_at].ty.clone();
    let span = f.exprs[use_at].span;
    if alternatives.is_empty() {
        let zero = undefined_use(module, f, &ty, span);
        f.exprs[use_at] = f.exprs[zero].clone();
        return;
    }
    // The use moves to a new handle (its sub-expressions, the read among them, stay), and its
    // handle becomes the dispatch, so its parent needs no change.
    let original = f.exprs[use_at].clone();
    let moved = f.exprs.append(original);
    let n = alternatives.len();
    let mut arms = Vec::with_capacity(n);
    for (k, alt) in alternatives.into_iter().enumerate() {
        let (arm, at) = if k + 1 == n { (moved, read) } else { duplicate_tracking(f, moved, read) };
        become_(module, f, at, &alt.becomes);
        arms.push((alt.cond, arm));
    }
    let mut acc = arms.pop().map(|(_, a)| a).expect("a dispatch has an alternative");
    for (cond, arm) in arms.into_iter().rev() {
        let Some(cond) = cond else { continue };
        acc = f.exprs.append(Expr { kind: ExprKind::Select { cond, then: arm, els: acc }, ty: ty.clone(), span });
    }
    f.exprs[use_at] = f.exprs[acc].clone();
}

/// `stmt` once per alternative, each under its condition, with the read replaced (a
/// declaration first declares its local, in the same block, then gives it a value in each).
fn split_statement(
    module: &Module,
    f: &mut Function,
    stmt: &Stmt,
    read: ExprId,
    alternatives: Vec<Alternative>,
) -> Option<Vec<Stmt>> {
    let n = alternatives.len();
    let mut arms = Vec::with_capacity(n);
    let mut prefix = Vec::new();
    if n == 0 {
        // A use of a variable without a resource: a declaration is left without a value, a
        // `return` gives zero.
        return match stmt {
            Stmt::Expr(_) => Some(Vec::new()),
            Stmt::Local { local, .. } => Some(vec![Stmt::Local { local: *local, init: None }]),
            Stmt::Return(Some(e)) => {
                let (ty, span) = (f.exprs[*e].ty.clone(), f.exprs[*e].span);
                Some(vec![Stmt::Return(Some(undefined_use(module, f, &ty, span)))])
            }
            _ => None,
        };
    }
    for (k, alt) in alternatives.into_iter().enumerate() {
        let last = k + 1 == n;
        let (copy, at) = match stmt {
            Stmt::Expr(e) | Stmt::Return(Some(e)) | Stmt::Local { init: Some(e), .. } => {
                if last {
                    (*e, read)
                } else {
                    duplicate_tracking(f, *e, read)
                }
            }
            _ => return None,
        };
        become_(module, f, at, &alt.becomes);
        let span = f.exprs[copy].span;
        let body = match stmt {
            Stmt::Expr(_) => Stmt::Expr(copy),
            Stmt::Return(_) => Stmt::Return(Some(copy)),
            Stmt::Local { local, .. } => {
                if k == 0 {
                    prefix.push(Stmt::Local { local: *local, init: None });
                }
                assign(f, *local, copy, span)
            }
            _ => return None,
        };
        arms.push((alt.cond, vec![body]));
    }
    prefix.extend(if_chain(arms));
    Some(prefix)
}

/// The value of a use of a resource variable that names none (undefined, as HLSL leaves it):
/// zero of type `ty`.
fn undefined_use(module: &Module, f: &mut Function, ty: &Type, span: crate::span::Span) -> ExprId {
    let kind = match ty {
        Type::Scalar(s) => ExprKind::Const(match s {
            Scalar::Bool => ConstValue::Bool(false),
            s if s.is_float() => ConstValue::Float(0.0),
            s if s.is_unsigned_int() => ConstValue::Uint(0),
            _ => ConstValue::Int(0),
        }),
        Type::Vector(s, n) => {
            ExprKind::Construct((0..*n).map(|_| undefined_use(module, f, &Type::Scalar(*s), span)).collect())
        }
        Type::Matrix(s, r, c) => {
            ExprKind::Construct((0..r * c).map(|_| undefined_use(module, f, &Type::Scalar(*s), span)).collect())
        }
        Type::Array(e, Some(n)) => ExprKind::Construct((0..*n).map(|_| undefined_use(module, f, e, span)).collect()),
        Type::Struct(h) => {
            let fields: Vec<Type> = module.structs[*h].fields.iter().map(|x| x.ty.clone()).collect();
            ExprKind::Construct(fields.iter().map(|t| undefined_use(module, f, t, span)).collect())
        }
        Type::Pointer(_) => ExprKind::Const(ConstValue::Uint(0)),
        _ => ExprKind::Const(ConstValue::Int(0)),
    };
    f.exprs.append(Expr { kind, ty: ty.clone(), span })
}

/// The expressions of `f` that every call evaluates: its top-level statements' own expressions
/// up to the first `return`, but not a condition's arms or the right of `&&` and `||`.
fn unconditional_exprs(f: &Function) -> HashSet<ExprId> {
    fn walk(f: &Function, e: ExprId, out: &mut HashSet<ExprId>) {
        out.insert(e);
        match f.exprs[e].kind {
            ExprKind::Select { cond, .. } => walk(f, cond, out),
            ExprKind::Binary(BinaryOp::LogicAnd | BinaryOp::LogicOr, a, _) => walk(f, a, out),
            ref kind => kind.for_each_child(|c| walk(f, c, out)),
        }
    }
    /// Whether the statements after `block` run too (it has no `return` at its top level).
    fn straight(f: &Function, block: &Block, out: &mut HashSet<ExprId>) -> bool {
        for stmt in &block.stmts {
            let roots = match stmt {
                Stmt::Block(inner) => {
                    if !straight(f, inner, out) {
                        return false;
                    }
                    continue;
                }
                // A loop's body may run no time; its condition runs once at least (a `for`'s
                // step may not).
                Stmt::For { cond, .. } => cond.iter().copied().collect(),
                _ => own_roots(stmt),
            };
            for r in roots {
                walk(f, r, out);
            }
            if matches!(stmt, Stmt::Return(_)) {
                return false;
            }
        }
        true
    }
    let mut out = HashSet::default();
    straight(f, &f.body, &mut out);
    out
}

/// Makes expression `at` the alternative's resource.
fn become_(module: &Module, f: &mut Function, at: ExprId, becomes: &Becomes) {
    match becomes {
        Becomes::Candidate(root, subscripts) => write_path(module, f, at, *root, subscripts),
        Becomes::Arm(arm) => f.exprs[at] = f.exprs[*arm].clone(),
    }
}

/// A copy of expression `e` (every sub-expression new) and the copy of `target` in it.
fn duplicate_tracking(f: &mut Function, e: ExprId, target: ExprId) -> (ExprId, ExprId) {
    let mut found = target;
    let copy = copy_tree(f, e, target, &mut found);
    (copy, found)
}

fn copy_tree(f: &mut Function, e: ExprId, target: ExprId, found: &mut ExprId) -> ExprId {
    let mut x = f.exprs[e].clone();
    let mut children = Vec::new();
    x.kind.for_each_child(|c| children.push(c));
    let copies: Vec<ExprId> = children.into_iter().map(|c| copy_tree(f, c, target, found)).collect();
    let mut next = copies.into_iter();
    x.kind.for_each_child_mut(|c| {
        if let Some(n) = next.next() {
            *c = n;
        }
    });
    let id = f.exprs.append(x);
    if e == target {
        *found = id;
    }
    id
}
