//! Matrices stored by rows only: the C-family targets (CUDA, Metal) lay out a buffer's
//! matrices one way, HLSL row by row, and HLSL's default is `column_major`. A `column_major`
//! matrix in a buffer (a `cbuffer` member, a buffer's element, a field of a struct stored in
//! one) is declared as its transpose instead, whose rows are the matrix's columns: the same
//! bytes. Reads of it become `transpose(…)` of the stored value, a whole write stores the
//! transpose of the value, and a write of one element `m[r][c]` writes `[c][r]` of the stored
//! one. What cannot be said that way (a row written alone, `+=` on the matrix, passing it as
//! `out`) is refused with the backend's layout code.

use crate::diag::Diagnostic;
use crate::fast_hash::HashSet;
use crate::ir::{
    AddressSpace, ConstValue, Expr, ExprId, ExprKind, Function, FunctionId, GlobalId, IntrinsicId, Majorness, Module,
    ParamMode, StructId, Type,
};
use crate::stdlib::Stdlib;
use std::borrow::Cow;

fn matrix_in(ty: &Type) -> bool {
    match ty {
        Type::Matrix(..) => true,
        Type::Array(e, _) => matrix_in(e),
        _ => false,
    }
}

fn transposed(ty: &Type) -> Type {
    match ty {
        Type::Array(e, n) => Type::Array(Box::new(transposed(e)), *n),
        Type::Resource(k, Some(e)) => Type::Resource(*k, Some(Box::new(transposed(e)))),
        other => crate::stdlib::transposed(other),
    }
}

/// What the pass changes: the globals whose own value (a `cbuffer` member) or whose elements
/// (a buffer of matrices) are stored transposed, and the struct fields.
#[derive(Default)]
struct Stored {
    globals: HashSet<GlobalId>,
    buffers: HashSet<GlobalId>,
    fields: HashSet<(StructId, u32)>,
}

impl Stored {
    fn is_empty(&self) -> bool {
        self.globals.is_empty() && self.buffers.is_empty() && self.fields.is_empty()
    }
}

/// Structs reachable from `ty` (through arrays, struct fields and a resource's element).
fn structs_in(module: &Module, ty: &Type, out: &mut Vec<StructId>) {
    match ty {
        Type::Struct(h) if !out.contains(h) => {
            out.push(*h);
            for f in &module.structs[*h].fields {
                structs_in(module, &f.ty, out);
            }
        }
        Type::Array(e, _) | Type::Resource(_, Some(e)) => structs_in(module, e, out),
        _ => {}
    }
}

fn find_stored(module: &Module) -> Stored {
    let mut stored = Stored::default();
    let mut structs = Vec::new();
    for (h, g) in module.globals.iter() {
        let in_buffer =
            matches!(g.space, AddressSpace::Uniform { .. } | AddressSpace::PushConstant | AddressSpace::Resource);
        if !in_buffer {
            continue;
        }
        structs_in(module, &g.ty, &mut structs);
        if g.majorness != Majorness::Column {
            continue;
        }
        match &g.ty {
            Type::Resource(_, Some(e)) if matrix_in(e) => {
                stored.buffers.insert(h);
            }
            t if matrix_in(t) => {
                stored.globals.insert(h);
            }
            _ => {}
        }
    }
    for s in structs {
        for (i, f) in module.structs[s].fields.iter().enumerate() {
            if f.majorness == Majorness::Column && matrix_in(&f.ty) {
                stored.fields.insert((s, i as u32));
            }
        }
    }
    stored
}

/// Rewrites `module` so that every matrix in a buffer is stored by rows (module docs); `code`
/// is the backend's layout diagnostic, for what it refuses.
pub fn row_major_matrices<'m>(
    module: Cow<'m, Module>,
    stdlib: &Stdlib,
    code: &'static str,
) -> Result<Cow<'m, Module>, Vec<Diagnostic>> {
    // Only a module that keeps a `column_major` matrix in a buffer changes (and is copied).
    let stored = find_stored(&module);
    if stored.is_empty() {
        return Ok(module);
    }
    let mut module = module.into_owned();
    let Some(transpose) = stdlib.find("transpose") else {
        return Err(vec![Diagnostic::error("E0699", "internal error: the stdlib has no `transpose`")]);
    };
    let transpose = IntrinsicId(transpose as u32);
    // The declarations first: the stored types.
    for &g in stored.globals.iter().chain(&stored.buffers) {
        let global = &mut module.globals[g];
        global.ty = transposed(&global.ty);
        global.majorness = Majorness::Row;
    }
    for &(s, i) in &stored.fields {
        let field = &mut module.structs[s].fields[i as usize];
        field.ty = transposed(&field.ty);
        field.majorness = Majorness::Row;
    }
    let mut errors = Vec::new();
    let ids: Vec<FunctionId> = module.functions.iter().map(|(h, _)| h).collect();
    for h in ids {
        let mut f = std::mem::replace(&mut module.functions[h], crate::ir::Function::placeholder());
        rewrite(&module, &mut f, &stored, transpose, code, &mut errors);
        f.uses = f.gather_uses();
        module.functions[h] = f;
    }
    if errors.is_empty() {
        Ok(Cow::Owned(module))
    } else {
        Err(errors)
    }
}

/// How an expression is used by its parent.
#[derive(Clone, Copy, PartialEq)]
enum Use {
    Read,
    /// The target of `=`.
    Assigned,
    /// The target of a compound assignment, `++`/`--`, or an `out`/`inout` argument.
    Modified,
}

fn rewrite(
    module: &Module,
    f: &mut Function,
    stored: &Stored,
    transpose: IntrinsicId,
    code: &'static str,
    errors: &mut Vec<Diagnostic>,
) {
    let live = f.live_exprs();
    let n = f.exprs.len();
    let mut parent: Vec<Option<ExprId>> = vec![None; n];
    let mut usage = vec![Use::Read; n];
    for (id, e) in f.exprs.iter() {
        if !live[id.index()] {
            continue;
        }
        e.kind.for_each_child(|c| parent[c.index()] = Some(id));
        match &e.kind {
            ExprKind::Assign { op, target, .. } => {
                usage[target.index()] = if op.is_none() { Use::Assigned } else { Use::Modified }
            }
            ExprKind::IncDec { target, .. } => usage[target.index()] = Use::Modified,
            ExprKind::Call { function, args } => {
                let callee = &module.functions[*function];
                for (a, p) in args.iter().zip(&callee.params) {
                    if callee.locals[*p].param != Some(ParamMode::In) {
                        usage[a.index()] = Use::Modified;
                    }
                }
            }
            _ => {}
        }
    }
    // Paths into stored matrices, in arena order: a child's flag is known before its parent's.
    let mut on_path = vec![false; n];
    let mut nodes = Vec::new();
    for (id, e) in f.exprs.iter() {
        if !live[id.index()] {
            continue;
        }
        let path = match &e.kind {
            ExprKind::Global(g) => stored.globals.contains(g),
            ExprKind::Field { base, index } => match &f.exprs[*base].ty {
                Type::Struct(s) => stored.fields.contains(&(*s, *index)),
                // A `ConstantBuffer<T>`'s fields are read straight off the buffer.
                Type::Resource(_, Some(elem)) => {
                    matches!(**elem, Type::Struct(s) if stored.fields.contains(&(s, *index)))
                }
                _ => false,
            },
            ExprKind::Index { base, .. } => match &f.exprs[*base].kind {
                ExprKind::Global(g) if stored.buffers.contains(g) => true,
                _ => on_path[base.index()] && matches!(f.exprs[*base].ty, Type::Array(..)),
            },
            // `buffer.Load(i)` of a buffer of matrices.
            ExprKind::Method { object, .. } => {
                matches!(f.exprs[*object].kind, ExprKind::Global(g) if stored.buffers.contains(&g))
                    && matches!(e.ty, Type::Matrix(..))
            }
            _ => false,
        };
        if path {
            on_path[id.index()] = true;
            if matches!(e.ty, Type::Matrix(..)) {
                nodes.push(id);
            }
        }
    }
    // Buffers and arrays of matrices take their stored types now; a matrix node keeps its own
    // type until it is rewritten below.
    for (id, e) in f.exprs.iter_mut() {
        if let ExprKind::Global(g) = e.kind {
            if (stored.globals.contains(&g) && !matches!(e.ty, Type::Matrix(..))) || stored.buffers.contains(&g) {
                e.ty = module.globals[g].ty.clone();
            }
        }
        if on_path[id.index()] && matches!(e.ty, Type::Array(..)) && !matches!(e.kind, ExprKind::Global(_)) {
            e.ty = transposed(&e.ty);
        }
    }
    let refuse = |errors: &mut Vec<Diagnostic>, f: &Function, at: ExprId, what: &str| {
        errors.push(
            Diagnostic::error(code, format!("cannot write {what}: this backend stores it by rows, as its transpose"))
                .with_label(f.exprs[at].span, "stored by rows here, as its transpose")
                .with_note("declare the matrix `row_major`, or compile with `--matrix-layout row`"),
        );
    };
    // An array of stored matrices is indexed, or copied whole to another stored place (a
    // struct built or assigned whole): anywhere else its elements would need transposing one
    // by one.
    for (id, e) in f.exprs.iter() {
        if on_path[id.index()] && matches!(e.ty, Type::Array(..)) {
            let fine = parent[id.index()].is_some_and(|p| match &f.exprs[p].kind {
                ExprKind::Index { base, .. } => *base == id,
                ExprKind::Construct(_) => matches!(f.exprs[p].ty, Type::Struct(_)),
                ExprKind::Assign { op: None, target, value } => on_path[target.index()] && on_path[value.index()],
                _ => false,
            });
            if !fine {
                refuse(
                    errors,
                    f,
                    id,
                    "a copy of a whole array of `column_major` matrices in a buffer to anywhere else",
                );
            }
        }
    }
    for node in nodes {
        let original = f.exprs[node].ty.clone();
        let stored_ty = transposed(&original);
        let span = f.exprs[node].span;
        match (usage[node.index()], parent[node.index()]) {
            (Use::Modified, _) => refuse(
                errors,
                f,
                node,
                "a compound assignment to, or an `out` use of, a `column_major` matrix in a buffer",
            ),
            (Use::Assigned, Some(p)) => {
                f.exprs[node].ty = stored_ty.clone();
                let ExprKind::Assign { value, .. } = f.exprs[p].kind else { continue };
                let flipped = f.exprs.append(Expr {
                    kind: ExprKind::Intrinsic { id: transpose, args: vec![value], bound: Some(Box::new(original)) },
                    ty: stored_ty,
                    span,
                });
                if let ExprKind::Assign { value, .. } = &mut f.exprs[p].kind {
                    *value = flipped;
                }
            }
            (_, Some(row))
                if matches!(f.exprs[row].kind, ExprKind::Index { base, .. } if base == node)
                    && writes_through(f, row, &usage, &parent) =>
            {
                // `m[r][c] = v` (or `+=`): `[c][r]` of the stored transpose.
                let element = parent[row.index()].filter(|&e| {
                    matches!(f.exprs[e].kind, ExprKind::Index { base, .. } if base == row)
                        && usage[e.index()] != Use::Read
                });
                let Some(element) = element else {
                    refuse(errors, f, row, "one row alone of a `column_major` matrix in a buffer");
                    continue;
                };
                let ExprKind::Index { index: r, .. } = f.exprs[row].kind else { continue };
                let ExprKind::Index { index: c, .. } = f.exprs[element].kind else { continue };
                f.exprs[node].ty = stored_ty.clone();
                let Type::Matrix(s, rows, _) = original else { continue };
                f.exprs[row].kind = ExprKind::Index { base: node, index: c };
                f.exprs[row].ty = Type::Vector(s, rows);
                f.exprs[element].kind = ExprKind::Index { base: row, index: r };
            }
            _ if written(f, node, &usage, &parent) => {
                refuse(errors, f, node, "part of one row of a `column_major` matrix in a buffer")
            }
            _ => {
                // A read: the stored value, transposed back.
                let inner = f.exprs.append(Expr { kind: f.exprs[node].kind.clone(), ty: stored_ty.clone(), span });
                f.exprs[node].kind =
                    ExprKind::Intrinsic { id: transpose, args: vec![inner], bound: Some(Box::new(stored_ty)) };
            }
        }
    }
    // Structs built whole: their stored fields take the transpose of the value.
    let built: Vec<ExprId> = f
        .exprs
        .iter()
        .filter(|(id, e)| {
            live.get(id.index()) == Some(&true) && matches!((&e.kind, &e.ty), (ExprKind::Construct(_), Type::Struct(_)))
        })
        .map(|(id, _)| id)
        .collect();
    for id in built {
        let (ExprKind::Construct(parts), Type::Struct(s)) = (f.exprs[id].kind.clone(), f.exprs[id].ty.clone()) else {
            continue;
        };
        let mut parts = parts;
        for (i, part) in parts.iter_mut().enumerate() {
            if !stored.fields.contains(&(s, i as u32)) {
                continue;
            }
            let ty = f.exprs[*part].ty.clone();
            if !matches!(ty, Type::Matrix(..)) {
                // An array already stored by rows (checked above) goes in as it is.
                continue;
            }
            let span = f.exprs[*part].span;
            *part = f.exprs.append(Expr {
                kind: ExprKind::Intrinsic { id: transpose, args: vec![*part], bound: Some(Box::new(ty.clone())) },
                ty: transposed(&ty),
                span,
            });
        }
        f.exprs[id].kind = ExprKind::Construct(parts);
    }
    // Constant structs holding one: not rewritten (rare), refused.
    for (id, e) in f.exprs.iter() {
        if live.get(id.index()) == Some(&true) && matches!(e.kind, ExprKind::Const(ConstValue::Composite(_))) {
            if let Type::Struct(s) = e.ty {
                if stored.fields.iter().any(|(h, _)| *h == s) {
                    refuse(errors, f, id, "a constant struct holding a `column_major` matrix stored in a buffer");
                }
            }
        }
    }
}

/// Whether `e`, or a part of it (an element, a swizzle, a field), is written.
fn written(f: &Function, e: ExprId, usage: &[Use], parent: &[Option<ExprId>]) -> bool {
    let mut at = e;
    loop {
        if usage[at.index()] != Use::Read {
            return true;
        }
        let Some(p) = parent[at.index()] else { return false };
        let part_of = match f.exprs[p].kind {
            ExprKind::Index { base, .. } | ExprKind::Swizzle { base, .. } | ExprKind::Field { base, .. } => base == at,
            _ => false,
        };
        if !part_of {
            return false;
        }
        at = p;
    }
}

/// Whether the row `row` (`m[r]`) is written: itself, or through an element `m[r][c]`.
fn writes_through(f: &Function, row: ExprId, usage: &[Use], parent: &[Option<ExprId>]) -> bool {
    if usage[row.index()] != Use::Read {
        return true;
    }
    parent[row.index()].is_some_and(|e| {
        matches!(f.exprs[e].kind, ExprKind::Index { base, .. } if base == row) && usage[e.index()] != Use::Read
    })
}
