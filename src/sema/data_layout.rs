//! Slang's buffer data layouts as types: `DefaultDataLayout`, `ScalarDataLayout`,
//! `Std430DataLayout` and `Std140DataLayout`, the types conforming to `IBufferDataLayout` that
//! `sizeof(T, L)`/`alignof(T, L)` (and generics over `L`) name. Each is an empty struct, made on
//! first use, that stands for its layout rule.

use super::Checker;
use crate::ir::{ResourceKind, StructDef, StructId, Type};
use crate::layout::Rule;
use crate::span::Span;
use crate::syntax::ast;

/// The interface every data layout conforms to.
pub(super) const INTERFACE: &str = "IBufferDataLayout";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DataLayout {
    Default,
    Scalar,
    Std430,
    Std140,
}

impl DataLayout {
    fn from_name(name: &str) -> Option<DataLayout> {
        Some(match name {
            "DefaultDataLayout" => DataLayout::Default,
            "ScalarDataLayout" => DataLayout::Scalar,
            "Std430DataLayout" => DataLayout::Std430,
            "Std140DataLayout" => DataLayout::Std140,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            DataLayout::Default => "DefaultDataLayout",
            DataLayout::Scalar => "ScalarDataLayout",
            DataLayout::Std430 => "Std430DataLayout",
            DataLayout::Std140 => "Std140DataLayout",
        }
    }

    /// The rule it measures with; `None` is Slang's natural layout (`sizeof` of the default and
    /// scalar layouts).
    pub(super) fn rule(self) -> Option<Rule> {
        match self {
            DataLayout::Default | DataLayout::Scalar => None,
            DataLayout::Std430 => Some(Rule::Std430),
            DataLayout::Std140 => Some(Rule::Std140),
        }
    }
}

impl DataLayout {
    /// The rule a buffer declared with this layout (`StructuredBuffer<T, L>`) is laid out by;
    /// `None`: the one `--layout` gives its kind.
    pub(super) fn buffer_rule(self) -> Option<Rule> {
        match self {
            DataLayout::Default => None,
            DataLayout::Scalar => Some(Rule::Scalar),
            DataLayout::Std430 => Some(Rule::Std430),
            DataLayout::Std140 => Some(Rule::Std140),
        }
    }
}

/// The buffers whose declaration may name a data layout: `StructuredBuffer<T, L>`,
/// `ConstantBuffer<T, L>` (and `GLSLShaderStorageBuffer<T, L>`, a `RWStructuredBuffer`).
pub(super) fn takes_data_layout(kind: ResourceKind) -> bool {
    matches!(
        kind,
        ResourceKind::StructuredBuffer
            | ResourceKind::RWStructuredBuffer
            | ResourceKind::AppendStructuredBuffer
            | ResourceKind::ConsumeStructuredBuffer
            | ResourceKind::ConstantBuffer
    )
}

/// Slang's `GLSLShaderStorageBuffer<T, L>`: a GLSL `buffer` block of `T`'s fields, read as
/// `sbuf.field`; wavec's GLSL blocks are `RWStructuredBuffer<T>`s read at element 0.
pub(super) const SHADER_STORAGE_BUFFER: &str = "GLSLShaderStorageBuffer";

/// The resource kind a type name declares, `GLSLShaderStorageBuffer` included.
pub(super) fn buffer_kind(name: &str) -> Option<ResourceKind> {
    match name {
        SHADER_STORAGE_BUFFER => Some(ResourceKind::RWStructuredBuffer),
        "ParameterBlock" => Some(ResourceKind::ConstantBuffer),
        n => ResourceKind::from_name(n),
    }
}

impl Checker {
    /// A generic argument read as a type (a bare name parses as an expression).
    pub(super) fn generic_arg_type(&mut self, a: &ast::GenericArg) -> Type {
        match a {
            ast::GenericArg::Type(t) => self.resolve_type(t),
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => {
                let named =
                    ast::TypeExpr { kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] }, span: *span };
                self.resolve_type(&named)
            }
            ast::GenericArg::Expr(e) => {
                self.error("E0402", e.span, "expected a type");
                Type::Error
            }
        }
    }

    /// The layout rule a buffer's declared type names (`StructuredBuffer<T, ScalarDataLayout>`);
    /// `None` when it names none or the default.
    pub(super) fn declared_buffer_rule(&mut self, t: &ast::TypeExpr) -> Option<Rule> {
        let ast::TypeExprKind::Named { name, args } = &t.kind else { return None };
        buffer_kind(name).filter(|k| takes_data_layout(*k))?;
        let [_, layout] = args.as_slice() else { return None };
        let ty = self.generic_arg_type(layout);
        self.data_layout_of(&ty)?.buffer_rule()
    }

    /// The type named `name` if it is a data layout.
    pub(super) fn data_layout_type(&mut self, name: &str, span: Span) -> Option<Type> {
        let layout = DataLayout::from_name(name)?;
        if let Some((_, h)) = self.data_layouts.iter().find(|(l, _)| *l == layout) {
            return Some(Type::Struct(*h));
        }
        let h = self.module.structs.append(StructDef { name: layout.name().into(), fields: Vec::new(), span });
        self.conformances.insert(h, vec![INTERFACE.to_string()]);
        self.data_layouts.push((layout, h));
        Some(Type::Struct(h))
    }

    pub(super) fn data_layout_of(&self, ty: &Type) -> Option<DataLayout> {
        let Type::Struct(h) = ty else { return None };
        self.data_layouts.iter().find(|(_, s)| s == h).map(|(l, _)| *l)
    }

    /// Whether `name` is an interface a generic parameter may be constrained by.
    pub(super) fn is_known_interface(&self, name: &str) -> bool {
        name == INTERFACE || self.interfaces.contains_key(name)
    }
}

/// For the checker's list of the data layouts made so far.
pub(super) type DataLayouts = Vec<(DataLayout, StructId)>;
