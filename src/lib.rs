//! wavec: a transpiler for HLSL/Slang compute shaders built around wave intrinsics.

pub mod arena;
pub mod back;
pub mod diag;
pub mod ir;
pub mod lower;
pub mod span;
pub mod stdlib;
pub mod syntax;
