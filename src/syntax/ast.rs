//! The untyped syntax tree built by the grammar actions.
//!
//! It stays close to the source: names are strings, types are unresolved [`TypeExpr`]s, and
//! sema decides what every name means. Every node carries a [`Span`]. Parse errors recover into
//! `Error` nodes so that one run can report several of them.

use crate::span::Span;
pub use crate::syntax::token::{FloatLit, IntLit};

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TranslationUnit {
    pub items: Vec<Item>,
}

/// `[name]`, `[name(args)]` or `[[ns::name(args)]]`. `name` keeps `::` (e.g. `vk::binding`).
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    pub name: Ident,
    pub args: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Function(FunctionDecl),
    Struct(StructDecl),
    /// Slang's `interface I : J { requirements }`.
    Interface(StructDecl),
    Extension(ExtensionDecl),
    /// `enum E : uint { A, B = 4 }` and `enum class E { … }`.
    Enum(EnumDecl),
    /// `namespace N { items }` (nested names as `N::M`).
    Namespace(Ident, Vec<Item>, Span),
    /// `using namespace N;`
    UsingNamespace(Ident, Span),
    /// GLSL's `layout(local_size_x = 64) in;`.
    LayoutIn(Vec<LayoutQualifier>, Span),
    /// GLSL's `layout(binding = 0) buffer Name { members } instance;`.
    BufferBlock(BufferBlock),
    Typedef(TypedefDecl),
    /// Global variables: resources, `groupshared`, `static`, constants, uniforms.
    Variables(VarDeclGroup),
    Cbuffer(CbufferDecl),
    /// A stray `;` at file scope.
    Empty(Span),
    /// `struct S;`: the name declared ahead of the definition (methods may return it).
    ForwardStruct(Ident, Span),
    /// C++'s explicit specialization `template<> struct S<Sampler> { … }`: the struct that
    /// `S<Sampler>` is, in place of the generic struct's members for those arguments.
    Specialization(Vec<GenericArg>, StructDecl),
    /// `template<typename T, int N> struct S<vector<T, N> > { … }`: the patterns, and the
    /// specialization (its generics the prefix's parameters).
    PartialSpecialization(Vec<GenericArg>, StructDecl),
    /// `template<typename T> struct S;`: no members yet.
    ForwardGenericStruct(StructDecl),
    /// `const int S::table[2] = { 1, 2 };`: the value of a static member declared in `S`.
    MemberDefinition(MemberDefinition),
    /// `template<typename T> T Box<T>::get() { … }`: the body of a method a template struct
    /// declares.
    MethodDefinition(MethodDefinition),
    /// Something that failed to parse; the parser already reported it.
    Error(Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    Static,
    Const,
    Groupshared,
    Uniform,
    Extern,
    Precise,
    Globallycoherent,
    In,
    Out,
    Inout,
    RowMajor,
    ColumnMajor,
    Nointerpolation,
    Volatile,
    Inline,
    Export,
    Constexpr,
    /// Slang's access control: visible everywhere, within the module, within the type.
    Public,
    Internal,
    Private,
    /// Slang's `no_diff`: a parameter or field derivatives do not flow through.
    NoDiff,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Modifiers {
    pub list: Vec<(Modifier, Span)>,
}

impl Modifiers {
    pub fn has(&self, m: Modifier) -> bool {
        self.list.iter().any(|(x, _)| *x == m)
    }
    pub fn span_of(&self, m: Modifier) -> Option<Span> {
        self.list.iter().find(|(x, _)| *x == m).map(|(_, s)| *s)
    }
}

/// A type as written: `float4`, `vector<float, 4>`, `RWStructuredBuffer<Particle>`, `MyStruct`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

impl TypeExpr {
    /// The name a named type is written with (`IFoo` of `IFoo<float>`); empty otherwise.
    pub fn name(&self) -> &str {
        match &self.kind {
            TypeExprKind::Named { name, .. } => name,
            _ => "",
        }
    }

    /// The generic arguments a named type is written with.
    pub fn args(&self) -> &[GenericArg] {
        match &self.kind {
            TypeExprKind::Named { args, .. } => args,
            _ => &[],
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    Named {
        name: String,
        args: Vec<GenericArg>,
    },
    /// Slang's `int[4]`: an array of the element type (`None`: sized by the initializer).
    Array {
        elem: Box<TypeExpr>,
        len: Option<Box<Expr>>,
    },
    /// Slang's `T*`: a pointer to `T`.
    Pointer(Box<TypeExpr>),
    /// `Box<float>.Inner`: a type declared inside the type `base` names.
    Member {
        base: Box<TypeExpr>,
        name: String,
    },
    /// Slang's `let x = e;` / `var x = e;`: the initializer's type.
    Inferred,
    /// `row_major float3x3` as a generic argument (`ConstantBuffer<row_major float3x3>`).
    MatrixLayout {
        row_major: bool,
        inner: Box<TypeExpr>,
    },
    /// Slang's `expand P`: pattern `P` once per element of the type packs it names with `each`
    /// (`expand S<each T>` is `S<A>, S<B>` for `T` = `A, B`).
    Expand(Box<TypeExpr>),
    /// Slang's `each T`: the element of type pack `T` an enclosing `expand` is at.
    Each(Box<TypeExpr>),
    /// Slang's `functype (A, B) -> C`: a function's type. Only a parameter's type (directly or
    /// through a `typealias`): sema makes the function generic over an `IFunc<C, A, B>`.
    Func {
        params: Vec<TypeExpr>,
        ret: Box<TypeExpr>,
    },
    Error,
}

/// A lambda's parameters and body (an expression body is a block returning it).
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub params: Vec<Param>,
    pub body: Block,
}

/// What `sizeof`/`alignof` measures.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeOperand {
    /// A type, and the data layout (`Std430DataLayout`…) to measure it in.
    Type { ty: TypeExpr, layout: Option<TypeExpr> },
    /// An expression: its type, in natural layout (the expression is not evaluated).
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum GenericArg {
    Type(TypeExpr),
    /// A value (`4` in `vector<float, 4>`), or a name sema resolves as a type or a constant.
    Expr(Expr),
}

/// `: SV_GroupID`, `: register(u0, space1)`, `: packoffset(c0.x)`.
#[derive(Clone, Debug, PartialEq)]
pub enum Annotation {
    Semantic(Ident),
    Register {
        slot: Ident,
        space: Option<Ident>,
        span: Span,
    },
    Packoffset {
        text: String,
        span: Span,
    },
    /// HLSL 2021's bit field width, `uint flags : 3` ([`super::bitfields`]).
    BitWidth {
        bits: u32,
        span: Span,
    },
}

/// `T` in `T WaveActiveSum<T : numeric_svm>(T value)`, `__generic<T : IArithmetic, let N : int>`
/// or `template<typename T, int N>`. The constraint names a type class or an interface.
#[derive(Clone, Debug, PartialEq)]
pub struct GenericParam {
    pub name: Ident,
    pub constraint: Option<TypeExpr>,
    /// A value parameter (`let N : int`, `int N`) and its type; `None` for a type parameter.
    pub value: Option<TypeExpr>,
    /// `T = int`, `let N : int = 4`: what the parameter is when neither written nor deduced.
    pub default: Option<GenericArg>,
    /// Slang's `each T`: a type pack, bound to any number of types.
    pub pack: bool,
    /// The further interfaces of a conjunction `T : IA & IB` (`constraint` holds `IA`); the
    /// declaration's `where` clauses take them over.
    pub also: Vec<Ident>,
}

/// A `where` clause's requirement beyond a parameter's own constraint.
#[derive(Clone, Debug, PartialEq)]
pub enum WhereConstraint {
    /// `where T : IFoo`, `where vector<T, N> : IArithmetic`; `optional`: met or not, nothing is
    /// required.
    /// The interface may be generic: `where A : IAddress<T>`.
    Conforms { ty: TypeExpr, interface: TypeExpr, optional: bool },
    /// `where T.Assoc == int`: the two types must be the same.
    Equal { lhs: TypeExpr, rhs: TypeExpr },
    /// `where nonempty(T)`: type pack `T` has at least one element.
    Nonempty(TypeExpr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDecl {
    pub attrs: Vec<Attribute>,
    pub modifiers: Modifiers,
    /// Slang's `throws E`: the type of the errors it may throw.
    pub throws: Option<TypeExpr>,
    pub ret: TypeExpr,
    pub name: Ident,
    pub generics: Vec<GenericParam>,
    /// `where` requirements other than a type parameter's own constraint.
    pub wheres: Vec<WhereConstraint>,
    pub params: Vec<Param>,
    pub ret_annotations: Vec<Annotation>,
    /// `None` for a prototype (the stdlib's intrinsics are prototypes with lowering attributes).
    pub body: Option<Block>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub attrs: Vec<Attribute>,
    pub modifiers: Modifiers,
    pub ty: TypeExpr,
    pub name: Ident,
    pub array_dims: Vec<Option<Expr>>,
    pub annotations: Vec<Annotation>,
    pub default: Option<Expr>,
    pub span: Span,
}

/// An out-of-line definition of a static data member: `template<typename U> const U
/// Box<U>::zero = 0;` is `generics` `U`, `owner` `Box`, `owner_args` `U`, and the member's
/// declaration (its one declarator named `zero`).
#[derive(Clone, Debug, PartialEq)]
pub struct MemberDefinition {
    pub generics: Vec<GenericParam>,
    pub owner: String,
    pub owner_args: Vec<GenericArg>,
    pub group: VarDeclGroup,
}

/// An out-of-line definition of a template struct's method: `template<typename U> U
/// Box<U>::get() { … }` is `generics` `U`, `owner` `Box`, `owner_args` `U`, and the method
/// (named `get`).
#[derive(Clone, Debug, PartialEq)]
pub struct MethodDefinition {
    pub generics: Vec<GenericParam>,
    pub owner: String,
    pub owner_args: Vec<GenericArg>,
    pub function: FunctionDecl,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructDecl {
    pub attrs: Vec<Attribute>,
    /// Its visibility (`public struct S`), or `export`.
    pub modifiers: Modifiers,
    pub name: Ident,
    pub generics: Vec<GenericParam>,
    /// `struct S : IFoo, IBar`: the interfaces it conforms to (a base struct for HLSL's
    /// inheritance); for an interface, the interfaces it refines.
    pub bases: Vec<TypeExpr>,
    /// A generic struct's `where` requirements (`where optional K : IFoo` requires nothing).
    pub wheres: Vec<WhereConstraint>,
    pub members: Vec<StructMember>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumDecl {
    /// `[Flags]`: cases not given a value take the powers of two from 1.
    pub attrs: Vec<Attribute>,
    pub modifiers: Modifiers,
    pub name: Ident,
    /// `enum class` / `enum struct`: its cases are reached only as `E::A`.
    pub scoped: bool,
    /// The underlying integer type (`int` when not written).
    pub underlying: Option<TypeExpr>,
    pub cases: Vec<(Ident, Option<Expr>)>,
    pub span: Span,
}

/// `name` or `name = value` inside GLSL's `layout(…)`.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutQualifier {
    pub name: Ident,
    pub value: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BufferBlock {
    pub layout: Vec<LayoutQualifier>,
    pub name: Ident,
    pub members: Vec<StructMember>,
    /// Members are reached as `instance.member`, or by name alone without one.
    pub instance: Option<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StructMember {
    Fields(VarDeclGroup),
    /// A method, an `operator+`, or Slang's `__init` constructor (named `__init`, with an
    /// inferred return type).
    Method(FunctionDecl),
    /// Slang's `property T name { get { … } set(T v) { … } }`.
    Property(PropertyDecl),
    /// A nested `typedef` or `typealias`: the type `S::Name` (`Name` inside `S`).
    Type(TypedefDecl),
    /// A nested struct, `S::Inner`.
    Struct(StructDecl),
    /// An interface's `associatedtype Name : IFoo<N> where Name.Inner == int;`: each conforming
    /// struct names a type for it.
    AssociatedType {
        name: Ident,
        constraint: Option<TypeExpr>,
        wheres: Vec<WhereConstraint>,
    },
}

impl StructMember {
    /// Where a diagnostic about the member points: its name.
    pub fn name_span(&self) -> Span {
        match self {
            StructMember::Fields(g) => g.decls.first().map_or(g.span, |d| d.name.span),
            StructMember::Method(f) => f.name.span,
            StructMember::Property(p) => p.name.span,
            StructMember::Type(t) => t.name.span,
            StructMember::Struct(s) => s.name.span,
            StructMember::AssociatedType { name, .. } => name.span,
        }
    }
}

/// A property: accessors named `get` and `set`, each an ordinary function body.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertyDecl {
    pub modifiers: Modifiers,
    pub ty: TypeExpr,
    pub name: Ident,
    /// A `__subscript`'s index parameters (none for a property).
    pub params: Vec<Param>,
    /// A generic `__subscript<T>(T i)` (or `__generic<T>` before it): each accessor is a
    /// generic method of these parameters and `where` clauses.
    pub generics: Vec<GenericParam>,
    pub wheres: Vec<WhereConstraint>,
    pub accessors: Vec<FunctionDecl>,
    pub span: Span,
}

/// Slang's `extension S : IFoo { methods }`: members added to a struct declared elsewhere.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtensionDecl {
    /// `extension<T : IFoo> T : IBar` (or `__generic<T : IFoo> extension T`): every type that
    /// meets the constraint is extended.
    pub generics: Vec<GenericParam>,
    pub ty: TypeExpr,
    pub bases: Vec<TypeExpr>,
    /// `where` requirements beyond the parameters' own constraints (`where T.Differential ==
    /// T`): a type that fails them is not extended.
    pub wheres: Vec<WhereConstraint>,
    pub members: Vec<StructMember>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypedefDecl {
    pub ty: TypeExpr,
    pub name: Ident,
    /// A generic `typealias Name<T, let N : int> = …;`, instantiated where it is used.
    pub generics: Vec<GenericParam>,
    pub array_dims: Vec<Option<Expr>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CbufferDecl {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub annotations: Vec<Annotation>,
    pub members: Vec<VarDeclGroup>,
    pub span: Span,
}

/// `static const float a = 1, b[2] = {1, 2};` — one type, several declarators.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDeclGroup {
    pub attrs: Vec<Attribute>,
    pub modifiers: Modifiers,
    pub ty: TypeExpr,
    pub decls: Vec<VarDecl>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub name: Ident,
    /// `a[4][2]` gives `[Some(4), Some(2)]`; `a[]` gives `[None]`.
    pub array_dims: Vec<Option<Expr>>,
    pub annotations: Vec<Annotation>,
    pub init: Option<Initializer>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    Expr(Expr),
    /// `{ a, b, { c, d } }`
    List(Vec<Initializer>, Span),
}

impl Initializer {
    pub fn span(&self) -> Span {
        match self {
            Initializer::Expr(e) => e.span,
            Initializer::List(_, s) => *s,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// `[unroll]`, `[loop]`, `[branch]`, `[flatten]`…
    pub attrs: Vec<Attribute>,
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Expr(Expr),
    Decl(VarDeclGroup),
    /// A `typedef` or `typealias` inside a function: the name means the type for the rest of
    /// the block.
    Typedef(TypedefDecl),
    /// A struct declared inside a function, a type for the rest of the block.
    Struct(StructDecl),
    /// An enum declared inside a function.
    Enum(EnumDecl),
    /// `using namespace N;` inside a function: for the rest of the block.
    UsingNamespace(Ident),
    /// Slang's `throw e;`.
    Throw(Expr),
    /// Slang's `do { body } catch (err : E) { … } catch { … }`: an error thrown in `body` goes to
    /// the first clause of its type (a clause without one takes any).
    DoCatch {
        body: Block,
        catches: Vec<CatchClause>,
    },
    Block(Block),
    If {
        /// `if constexpr (…)`
        constexpr: bool,
        /// Slang's `if (let x = value)`: `cond` is an `Optional`, and `x` its value in `then`.
        bind: Option<Ident>,
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    For {
        /// A declaration or expression statement (or `None` for `for (;…)`).
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    Switch {
        selector: Expr,
        cases: Vec<SwitchCase>,
    },
    /// Slang's `defer S;`: `S` runs when the enclosing scope is left, however it is left.
    Defer(Box<Stmt>),
    /// Slang's `__target_switch { case hlsl: … default: … }`: the case of the target compiled
    /// for (its labels name targets), else the `default`.
    TargetSwitch(Vec<SwitchCase>),
    Break,
    Continue,
    Return(Option<Expr>),
    Discard,
    /// `;`
    Empty,
    Error,
}

/// `catch (err : E) { … }`, or `catch { … }` for any error.
#[derive(Clone, Debug, PartialEq)]
pub struct CatchClause {
    pub error: Option<(Ident, TypeExpr)>,
    pub body: Block,
    pub span: Span,
}

/// One run of `case`/`default` labels and the statements after them.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    pub labels: Vec<CaseLabel>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CaseLabel {
    /// `None` for `default:`.
    pub value: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    LogicAnd,
    LogicOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
    /// `*p`: what pointer `p` points to.
    Deref,
    /// `&x`: the address of `x`.
    AddressOf,
}

impl UnOp {
    /// `Some(true)` for `++`, `Some(false)` for `--` (either side), `None` otherwise.
    pub fn increments(self) -> Option<bool> {
        match self {
            UnOp::PreInc | UnOp::PostInc => Some(true),
            UnOp::PreDec | UnOp::PostDec => Some(false),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    IntLit(IntLit),
    FloatLit(FloatLit),
    BoolLit(bool),
    StringLit(String),
    /// `sizeof(…)` (`align: false`) or `alignof(…)`: a `uint` constant, in Slang's natural
    /// layout or the data layout named.
    SizeOf {
        align: bool,
        of: Box<SizeOperand>,
    },
    Ident(String),
    /// `apply<Foo>` where a generic function is named but not called (`bwd_diff(apply<Foo>)`,
    /// `[ForwardDerivative(d_exp<T>)]`): the instance the generic arguments make.
    Instance {
        name: String,
        generic_args: Vec<GenericArg>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Unary {
        op: UnOp,
        expr: Box<Expr>,
    },
    /// `a = b` (`op: None`) or `a += b` (`op: Some(Add)`).
    Assign {
        op: Option<BinOp>,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Ternary {
        cond: Box<Expr>,
        then: Box<Expr>,
        els: Box<Expr>,
    },
    /// `f(a)`, `obj.Method(a)` (callee is a `Member`), `buf.Load<float4>(a)` (generic_args).
    Call {
        callee: Box<Expr>,
        generic_args: Vec<GenericArg>,
        args: Vec<Expr>,
    },
    /// `float4(1, 2, 3, 4)`, `vector<float, 2>(a, b)`, `MyStruct(…)` (not HLSL, but Slang).
    // The type is boxed in these two: inline it would make every expression node 24 bytes
    // larger, and the syntax tree of a large shader is most of a compile's memory.
    Construct {
        ty: Box<TypeExpr>,
        args: Vec<Expr>,
    },
    /// `Type::name`: a static member, or an enum's case.
    Path {
        ty: Box<TypeExpr>,
        name: Ident,
    },
    /// `(float)x`
    Cast {
        ty: Box<TypeExpr>,
        expr: Box<Expr>,
    },
    /// `a.b`: a field, a swizzle or a method name (when it is a call's callee).
    Member {
        base: Box<Expr>,
        name: Ident,
    },
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
    },
    /// `s[]`: a `__subscript` without parameters.
    EmptyIndex(Box<Expr>),
    /// Slang's `try call`: a call of a function that may throw.
    Try(Box<Expr>),
    /// Slang's `countof(…)`: how many elements a tuple type or value has, a constant.
    CountOf(Box<SizeOperand>),
    /// Slang's `expand e`: `e` once per element of the packs it names with `each`.
    Expand(Box<Expr>),
    /// Slang's `each v`: the element of value pack (or tuple) `v` an enclosing `expand` is at.
    Each(Box<Expr>),
    /// Slang's lambda, `(int x) => x + c`: a value of a struct made for it, with the variables
    /// it names as fields and its body as `operator()`.
    Lambda(Box<Lambda>),
    /// Slang's `__trimFirst(p)` (`first`) and `__trimLast(p)`: pack or tuple `p` without its
    /// first or last element.
    PackTrim {
        first: bool,
        of: Box<SizeOperand>,
    },
    /// Slang's `{ a, b }` as a value where its type is known: an argument (`f({a, b})`), an
    /// assignment's value (`o = {};`), a returned value.
    InitList(Vec<Initializer>),
    /// `a, b`
    Comma {
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// Slang's `spirv_asm { … }`: SPIR-V instructions written inline.
    SpirvAsm(Box<SpirvAsm>),
    /// Slang's `expr is T` (`cast` false: a `bool`) and `expr as T` (`cast`: an `Optional<T>`).
    TypeTest {
        expr: Box<Expr>,
        ty: Box<TypeExpr>,
        cast: bool,
    },
    Error,
}

/// Slang's `spirv_asm { … }` block: instructions separated by `;`, read by the syntax pass from
/// the tokens between the braces. A block the pass could not read keeps the first problem in
/// `error`, for sema to report.
#[derive(Clone, Debug, PartialEq)]
pub struct SpirvAsm {
    pub insts: Vec<AsmInst>,
    pub error: Option<(Span, String)>,
}

/// One instruction: `%id : $$T = OpX operands…`, `result = OpX …`, or positional
/// `OpX $$T %id operands…` (where the grammar's result type and id come first).
#[derive(Clone, Debug, PartialEq)]
pub struct AsmInst {
    /// The `%id` or `result` before `=`, and the type after its `:`.
    pub result: Option<(AsmOperand, Option<AsmOperand>)>,
    pub opcode: Ident,
    pub operands: Vec<AsmOperand>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AsmOperand {
    pub kind: AsmOperandKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AsmOperandKind {
    /// `$$T`: the SPIR-V type of a Slang type.
    Type(TypeExpr),
    /// `$x`, `$(e)`: a Slang value.
    Value(Expr),
    /// `&x`: a pointer to a Slang variable.
    Address(Expr),
    /// `%name`: an id of the block.
    Id(String),
    /// `result`: the id whose value the block has.
    Result,
    Int(i64),
    Float(f64),
    Str(String),
    /// SPIR-V enumerants (`Device`, `AcquireRelease | 0x40`) or an extended instruction's name.
    Enum(Vec<AsmEnumPart>),
    /// `__sampledType(T)`: the four-component vector an image of `T` samples to.
    SampledType(TypeExpr),
    /// `builtin(Name : T)`: the built-in input variable `Name`, of type `T`.
    Builtin(String, TypeExpr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum AsmEnumPart {
    Name(String),
    Int(u64),
}
