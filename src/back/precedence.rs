//! C's operator precedence, for the backends that print C-family expressions (CUDA C++).

pub const P_COMMA: u8 = 1;
pub const P_ASSIGN: u8 = 2;
pub const P_COND: u8 = 3;
pub const P_LOR: u8 = 4;
pub const P_LAND: u8 = 5;
pub const P_BOR: u8 = 7;
pub const P_BXOR: u8 = 8;
pub const P_BAND: u8 = 9;
pub const P_EQ: u8 = 10;
pub const P_REL: u8 = 11;
pub const P_SHIFT: u8 = 12;
pub const P_ADD: u8 = 13;
pub const P_MUL: u8 = 14;
pub const P_PREFIX: u8 = 15;
pub const P_POSTFIX: u8 = 16;

use crate::ir::BinaryOp;

pub fn binary_prec(op: BinaryOp) -> u8 {
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
pub fn clarify(parent: BinaryOp, child: BinaryOp) -> bool {
    use BinaryOp::*;
    let bitwise = |o| matches!(o, BitAnd | BitOr | BitXor);
    (parent == LogicOr && child == LogicAnd)
        || (bitwise(parent) && bitwise(child) && parent != child)
        || (matches!(parent, Shl | Shr) && matches!(child, Add | Sub | Mul | Div | Rem))
}
