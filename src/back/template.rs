//! Intrinsic templates shared by the text backends: the stdlib's `[hlsl("…")]` and
//! `[glsl("…")]` strings, with `$0`, `$1`… for the arguments, `$T` for the bound generic type,
//! `$R` for the return type and `$M` for the active-lane mask a backend carries through control
//! flow (CUDA's, whose `__activemask()` does not name a branch's lanes). Each backend decides how to print the pieces; how a template
//! is read, and when it must become a helper function (an argument named twice, or dropped
//! with its side effects), is decided once, here.

use crate::fast_hash::HashSet;
use crate::ir::{ExprId, ExprKind, Function, ParamMode, Scalar, Type};
use crate::stdlib::{AttrValue, Lowering};

#[derive(Clone, Debug, PartialEq)]
pub enum Piece<'t> {
    Text(&'t str),
    Arg(usize),
    Bound,
    Ret,
    Mask,
}

pub fn parse_template(text: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let bytes = text.as_bytes();
    let (mut i, mut start) = (0, 0);
    while i < bytes.len() {
        if bytes[i] == b'$' && i + 1 < bytes.len() {
            let next = bytes[i + 1];
            let (piece, len) = if next.is_ascii_digit() {
                let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                (Piece::Arg(text[i + 1..i + 1 + digits].parse().unwrap_or(0)), 1 + digits)
            } else if next == b'T' {
                (Piece::Bound, 2)
            } else if next == b'R' {
                (Piece::Ret, 2)
            } else if next == b'M' {
                (Piece::Mask, 2)
            } else {
                i += 1;
                continue;
            };
            if start < i {
                pieces.push(Piece::Text(&text[start..i]));
            }
            pieces.push(piece);
            i += len;
            start = i;
        } else {
            i += 1;
        }
    }
    if start < text.len() {
        pieces.push(Piece::Text(&text[start..]));
    }
    pieces
}

/// Argument indices below `n` that the template never mentions (`WaveMaskSum`'s mask).
pub fn omitted_arguments(text: &str, n: usize) -> Vec<usize> {
    let used: HashSet<usize> =
        parse_template(text).iter().filter_map(|p| if let Piece::Arg(i) = p { Some(*i) } else { None }).collect();
    (0..n).filter(|i| !used.contains(i)).collect()
}

/// Whether evaluating `e` can change anything: dropping such an argument would change the program.
pub fn has_side_effects(f: &Function, stdlib: &crate::stdlib::Stdlib, e: ExprId) -> bool {
    use crate::ir::ResourceMethod as M;
    let expr = &f.exprs[e];
    let own = match &expr.kind {
        ExprKind::Call { .. } | ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Printf { .. } => true,
        ExprKind::Method { method, .. } => !matches!(method, M::Load(_) | M::GetDimensions),
        ExprKind::Intrinsic { id, .. } => stdlib.intrinsics.get(id.0 as usize).is_none_or(|i| {
            i.ret == crate::stdlib::TypePat::Concrete(Type::Void) || i.params.iter().any(|p| p.mode != ParamMode::In)
        }),
        _ => false,
    };
    own || expr.kind.children().into_iter().any(|c| has_side_effects(f, stdlib, c))
}

pub fn repeats_argument(text: &str) -> bool {
    let mut seen = HashSet::default();
    parse_template(text).iter().any(|p| matches!(p, Piece::Arg(i) if !seen.insert(*i)))
}

/// `Name(...)` with the first `(` closed by the last character: the expansion is a primary
/// expression and needs no parentheses around it.
pub fn is_call_like(text: &str) -> bool {
    let text = text.trim();
    let Some(open) = text.find('(') else {
        return false;
    };
    let head = &text[..open];
    if head.is_empty() || !head.chars().all(|c| c.is_ascii_alphanumeric() || "_.<>$ ".contains(c)) {
        return false;
    }
    let mut depth = 0;
    for (i, c) in text.char_indices().skip(open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == text.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether piece `k` sits alone between `(`/`,` and `,`/`)`: an argument slot of a call,
/// where anything but a comma expression may appear unparenthesized.
pub fn in_argument_slot(pieces: &[Piece<'_>], k: usize) -> bool {
    let before = pieces[..k].last().and_then(|p| match p {
        Piece::Text(t) => t.trim_end().chars().last(),
        _ => None,
    });
    let after = pieces.get(k + 1).and_then(|p| match p {
        Piece::Text(t) => t.trim_start().chars().next(),
        _ => None,
    });
    matches!(before, Some('(' | ',')) && matches!(after, Some(',' | ')'))
}

/// Whether the conditions of a text backend's form (`[glsl]`, `[cuda]`) hold for a call of
/// `args` in `f`: `shape = s | v | sv | v2 | v3 | v4 | m` (the first argument's shape),
/// `when = "float" | "sint" | "uint" | "int" | "bool" | "numeric"` (its element type), `cap = NAME` (asked
/// through `allows`: a `--capability`), `constant = I` (argument `I` is a compile-time constant),
/// `texel` (argument 0 is a texel of a storage image: an atomic's destination that is no memory
/// location in the target, which names the image and the coordinate instead).
pub fn form_applies(form: &Lowering, f: &Function, args: &[ExprId], allows: &dyn Fn(&str) -> bool) -> bool {
    form_applies_to(form, args.first().map(|a| &f.exprs[*a].ty), f, args, allows)
}

/// [`form_applies`] for a call whose first argument has type `first` (a backend that applies a
/// form row by row to a matrix asks for the row's type).
pub fn form_applies_to(
    form: &Lowering,
    first: Option<&Type>,
    f: &Function,
    args: &[ExprId],
    allows: &dyn Fn(&str) -> bool,
) -> bool {
    if form.named_ident("cap").is_some_and(|c| !allows(c)) {
        return false;
    }
    if let Some(shape) = form.named_ident("shape") {
        let ok = matches!(
            (shape, first),
            ("s", Some(Type::Scalar(_)))
                | ("v", Some(Type::Vector(..)))
                | ("sv", Some(Type::Scalar(_) | Type::Vector(..)))
                | ("v2", Some(Type::Vector(_, 2)))
                | ("v3", Some(Type::Vector(_, 3)))
                | ("v4", Some(Type::Vector(_, 4)))
                | ("m", Some(Type::Matrix(..)))
        );
        if !ok {
            return false;
        }
    }
    // A string: `float`, `uint` and `bool` are type names to the parser, not identifiers.
    if let Some(AttrValue::Str(when)) = form.named("when") {
        let s = first.and_then(Type::scalar);
        let ok = match when.as_str() {
            "float" => s.is_some_and(Scalar::is_float),
            "sint" => s.is_some_and(Scalar::is_signed_int),
            "uint" => s.is_some_and(Scalar::is_unsigned_int),
            "int" => s.is_some_and(Scalar::is_int),
            "bool" => s == Some(Scalar::Bool),
            "numeric" => s.is_some_and(|s| s != Scalar::Bool),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    if form.flag("texel") && args.first().is_none_or(|&a| f.storage_texel(a).is_none()) {
        return false;
    }
    if let Some(AttrValue::Int(i)) = form.named("constant") {
        if args.get(*i as usize).is_none_or(|&a| f.const_value(a).is_none()) {
            return false;
        }
    }
    true
}

/// For an element-wise intrinsic (`T f(T, …)`) called on a matrix, the first form of `target`
/// that applies to one row of it (a vector of the matrix's columns) and names no type (`$T`,
/// `$R`): the backend applies it row by row, for targets whose functions take no matrices.
pub fn row_form<'i>(
    intr: &'i crate::stdlib::Intrinsic,
    target: &'i str,
    f: &Function,
    args: &[ExprId],
    allows: &dyn Fn(&str) -> bool,
) -> Option<&'i Lowering> {
    use crate::stdlib::TypePat;
    let Type::Matrix(s, _, c) = &f.exprs[*args.first()?].ty else { return None };
    let (Some(p), TypePat::Generic(i)) = (intr.params.first(), &intr.ret) else { return None };
    if p.ty != TypePat::Generic(*i) {
        return None;
    }
    let row = Type::Vector(*s, *c);
    intr.lowerings_for(target).find(|form| {
        form_applies_to(form, Some(&row), f, args, allows)
            && form.string(0).is_some_and(|t| !t.contains("$T") && !t.contains("$R"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates() {
        assert_eq!(
            parse_template("WaveReadLaneAt($0, $12) $T$R$M$x"),
            vec![
                Piece::Text("WaveReadLaneAt("),
                Piece::Arg(0),
                Piece::Text(", "),
                Piece::Arg(12),
                Piece::Text(") "),
                Piece::Bound,
                Piece::Ret,
                Piece::Mask,
                Piece::Text("$x"),
            ]
        );
        assert!(repeats_argument("QuadReadAcrossX($0) || $0"));
        assert!(!repeats_argument("f($0, $1)"));
        assert!(is_call_like("WaveActiveSum($0)"));
        assert!(is_call_like("Load<$T>($0)"));
        assert!(!is_call_like("f($0) + g($1)"));
        assert!(!is_call_like("$0 * $1"));
    }
}
