//! wavec: a transpiler for HLSL/Slang compute shaders built around wave intrinsics.

pub mod diag;
pub mod run;
pub mod span;
pub mod syntax;
