//! How the writer places a type: as a logical value, or as buffer contents laid out by one of
//! [`crate::layout`]'s rules (`Offset`, `ArrayStride`, `MatrixStride` and the majorness
//! decorations all come from there). `bool` is stored as a 32-bit `uint` (Vulkan has no boolean
//! in memory).

use crate::ir::Majorness;
pub use crate::layout::Rule;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layout {
    /// Not in memory that the host sees: no explicit layout decorations.
    Logical,
    /// Buffer contents laid out by a rule; the majorness is that of matrices met directly (an
    /// array of matrices, a buffer of them); struct fields carry their own.
    Explicit(Rule, Majorness),
}

impl Layout {
    /// The layout of a member declared with its own majorness (a struct field, a cbuffer
    /// variable): the same rule.
    pub fn member(self, majorness: Majorness) -> Layout {
        match self {
            Layout::Logical => Layout::Logical,
            Layout::Explicit(rule, _) => Layout::Explicit(rule, majorness),
        }
    }

    /// The key of a struct's laid-out copy: its fields carry their own majorness, so one copy
    /// serves every majorness.
    pub fn of_struct(self) -> Layout {
        self.member(Majorness::Column)
    }

    /// The suffix of a laid-out struct's name (`Particle_std430`).
    pub fn suffix(self) -> &'static str {
        match self {
            Layout::Logical => "",
            Layout::Explicit(Rule::Std140 | Rule::RelaxedStd140, _) => "std140",
            Layout::Explicit(Rule::Std430 | Rule::RelaxedStd430, _) => "std430",
            Layout::Explicit(Rule::D3dCbuffer, _) => "dx_cbuffer",
            Layout::Explicit(Rule::D3dStructured, _) => "dx_structured",
            Layout::Explicit(Rule::Scalar, _) => "scalar",
        }
    }
}
