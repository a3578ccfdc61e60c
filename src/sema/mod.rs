//! Semantic analysis: the syntax tree becomes the typed [`ir::Module`].
//!
//! One pass over the items in source order, as HLSL requires declaration before use (function
//! prototypes make later definitions callable). Errors are collected, never thrown: a failed
//! expression gets [`Type::Error`], which silences follow-up errors about it, so one run reports
//! every independent mistake.

mod atomic;
mod autodiff;
mod bit_cast;
mod constexpr;
mod consts;
pub mod conv;
mod data_layout;
mod dynamic;
mod empty_arrays;
mod errors;
mod expr;
mod flat;
mod function_value;
mod generic;
mod glsl;
mod intrinsic_op;
mod lambda;
mod members;
mod methods;
mod pointer;
mod ray_query;
mod reference;
mod resource_alias;
mod spirv_asm;
mod stages;
mod stmt;
mod target_switch;
mod texture;
mod tuple;
mod variadic;

use crate::arena::Arena;
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{self, *};
use crate::span::Span;
use crate::stdlib::{self, Stdlib};
use crate::syntax::ast;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default)]
pub struct SemaOptions {
    /// The entry point to check as such; `None` picks `main`, else the only candidate.
    pub entry: Option<String>,
    /// Overrides the stage of the entry point (`-stage`); otherwise `[shader("…")]` or
    /// `[numthreads]` decide.
    pub stage: Option<Stage>,
    /// `--wave-size N`: the wave size the shader will run at, like `[WaveSize(N)]`; with
    /// `[numthreads]` it makes `GetGroupWaveCount()` a compile-time constant.
    pub wave_size: Option<u32>,
    /// How matrices are stored where no `row_major`/`column_major` says (`-Zpr`/`-Zpc`).
    pub matrix_majorness: Majorness,
    /// The buffer layouts of the module (`--layout`).
    pub layout: crate::layout::LayoutMode,
    /// `-fvk-*-shift`: where registers land as bindings.
    pub register_shifts: Vec<RegisterShift>,
    /// `--conformance Impl:IFoo=3` (Slang's `-conformance`, its tests' `type_conformance`):
    /// the type id of a concrete type among an interface's (type, interface, id).
    pub conformances: Vec<(String, String, u32)>,
    /// GLSL-flavoured source (`#version`, `-allow-glsl`, `import glsl`): GLSL's meaning of the
    /// operators that differ from HLSL's (`*` of matrices is the linear-algebra product, `==` of
    /// vectors one `bool`) and of a matrix built from one scalar (a diagonal).
    pub glsl: bool,
    /// Shader model 6.6's derivatives in compute shaders: a compute entry point that takes
    /// derivatives without naming its derivative groups gets them from its shape (2×2 blocks
    /// where the group's x and y are even, else four consecutive threads), as DXC gives them.
    pub implicit_compute_derivatives: bool,
}

/// What sema hands to lowering and backends.
pub struct Checked {
    pub module: Module,
    /// Index into `module.entry_points` of the selected entry point.
    pub entry: usize,
}

#[derive(Clone, Debug)]
struct FnSig {
    name: String,
    params: Vec<(Type, ParamMode)>,
    /// Each parameter's default argument (`int n = 4`), checked at each call that leaves it
    /// out, in the caller.
    defaults: Vec<Option<ast::Expr>>,
    ret: Type,
    defined: bool,
    span: Span,
}

#[derive(Clone, Debug)]
enum Sym {
    Local(LocalId),
    Global(GlobalId),
    /// A name bound to a compile-time value (a stdlib instance's `constexpr` parameter).
    Const(ConstValue, Type),
}

/// Per-function facts the stage and recursion checks need after bodies are checked.
#[derive(Clone, Debug, Default)]
struct FnFacts {
    calls: Vec<(FunctionId, Span)>,
    intrinsics: Vec<(usize, Span)>,
    /// Parameters declared `uniform` (an entry point's shader parameters).
    uniform_params: Vec<LocalId>,
    /// Texture methods that take their LOD from derivatives (`Sample`, `SampleBias`,
    /// `SampleCmp`): only pixel shaders have them.
    derivatives: Vec<(&'static str, Span)>,
    /// Slang's `no_diff(e)` and `detach(e)`: expressions derivatives do not flow through.
    no_diff: HashSet<ExprId>,
    /// Where parameters may become implicitly `constexpr` ([`constexpr`]): the ones that must.
    implicit_constexpr: Option<constexpr::ImplicitConstexpr>,
}

/// The derivative groups shader model 6.6 gives a compute shader of `numthreads`: 2×2 blocks
/// where x and y are even, else four consecutive threads where the group holds a multiple of
/// four, else none.
fn implicit_derivative_group([x, y, z]: [u32; 3]) -> Option<DerivativeGroup> {
    if x % 2 == 0 && y % 2 == 0 {
        Some(DerivativeGroup::Quads)
    } else if (x * y * z) % 4 == 0 {
        Some(DerivativeGroup::Linear)
    } else {
        None
    }
}

/// A statement written `defer S;`: run when its scope is left, checked with the names that
/// were in scope where it was written.
#[derive(Clone)]
struct Deferred {
    stmt: ast::Stmt,
    scopes: Vec<HashMap<String, Sym>>,
}

struct FnState {
    func: Function,
    scopes: Vec<HashMap<String, Sym>>,
    /// The statements deferred in each open scope (one list per entry of `scopes`).
    defers: Vec<Vec<Deferred>>,
    /// For each enclosing loop or `switch`, innermost last: the index in `defers` of its body's
    /// scope (what `break` leaves), and whether it is a loop (what `continue` leaves).
    exits: Vec<(usize, bool)>,
    /// Checking a deferred statement: it may not `return`.
    in_defer: bool,
    /// Locals an expression needed (an atomic's original value), declared at the top.
    hoisted: Vec<LocalId>,
    /// Slang's `throws E` of the function being checked.
    throws: Option<errors::ErrorType>,
    /// The open `do`/`catch` statements, innermost last ([`errors`]).
    catch_regions: Vec<errors::CatchRegion>,
    /// The `exits` depth of each open `do` body.
    catch_depths: Vec<usize>,
    /// The caught errors in scope, by name, with their types (for `throw err;`).
    caught_errors: Vec<(String, errors::ErrorType)>,
    local_consts: HashMap<LocalId, ConstValue>,
    /// Expressions that are unsuffixed literals: their type bends to the other operand.
    literals: HashSet<ExprId>,
    loop_depth: u32,
    switch_depth: u32,
    facts: FnFacts,
    /// In a method: its `this` parameter and the struct.
    this: Option<(LocalId, StructId)>,
    /// In a constructor: `this` is a local, and the value returned.
    init: bool,
    /// Calls of property getters, with the struct and the property: an assignment to one
    /// becomes a call of the setter.
    property_reads: HashMap<ExprId, (StructId, String)>,
    /// Calls of functions returning `Ref<T>`: an assignment to one stores ([`reference`]).
    ref_reads: HashSet<ExprId>,
    /// Slang's `none` (typed `void` until it converts to an `Optional<T>`).
    nones: HashSet<ExprId>,
    /// Per statement being checked, outermost first: the temporaries its expressions made,
    /// declared just before it.
    temps: Vec<Vec<LocalId>>,
    /// The variables a `for`'s initializer declared, with the depth of the scope around the
    /// loop: pre-2021 HLSL (FXC) sees them there after the loop, where nothing else of the
    /// name is in scope.
    for_init_leaks: Vec<(usize, String, Sym)>,
    /// The ones used after their loop: their declarations move before it.
    leaked_for_locals: HashSet<LocalId>,
}

impl FnState {
    /// The state of checking `func` with one empty scope and nothing seen yet.
    fn new(func: Function) -> Self {
        FnState {
            func,
            scopes: vec![HashMap::default()],
            defers: vec![Vec::new()],
            exits: Vec::new(),
            in_defer: false,
            hoisted: Vec::new(),
            throws: None,
            catch_regions: Vec::new(),
            catch_depths: Vec::new(),
            caught_errors: Vec::new(),
            local_consts: HashMap::default(),
            literals: HashSet::default(),
            loop_depth: 0,
            switch_depth: 0,
            facts: FnFacts::default(),
            this: None,
            init: false,
            property_reads: HashMap::default(),
            ref_reads: HashSet::default(),
            temps: Vec::new(),
            nones: HashSet::default(),
            for_init_leaks: Vec::new(),
            leaked_for_locals: HashSet::default(),
        }
    }
}

pub struct Checker {
    stdlib: &'static Stdlib,
    module: Module,
    diags: Vec<Diagnostic>,
    types: HashMap<String, Type>,
    /// Per open block, the types its local `typedef`s replaced (restored when it closes).
    local_types: Vec<Vec<(String, Option<Type>)>>,
    globals: HashMap<String, GlobalId>,
    /// `static` resource globals with an initializer, which each use reads ([`resource_alias`]).
    resource_aliases: HashMap<String, resource_alias::ResourceAlias>,
    /// The aliases whose initializers are being checked, innermost last.
    expanding_aliases: Vec<String>,
    /// Functions declared `[stages(…)]` ([`stages`]).
    stage_limits: stages::StageLimits,
    /// `string` globals (`const string s = "…";`): their text, which `printf` reads as its
    /// format. A string is no value any target stores, so they are no [`Global`]s.
    string_globals: HashMap<String, String>,
    /// Globals of a struct of resources (Slang's `Sampler2D`, a struct of buffers): each field
    /// is a global of its own ([`Checker::resource_struct_global`]); the name reads as the
    /// struct built from them. The declared type (the struct, or an array of it) and the
    /// fields' globals.
    resource_struct_globals: HashMap<String, (Type, Vec<BlockPart>)>,
    /// The global arrays of resource structs read whole (passed to a function), by number.
    resource_struct_arrays: Vec<String>,
    global_consts: HashMap<GlobalId, ConstValue>,
    functions: HashMap<String, Vec<FunctionId>>,
    /// The namespaces around the item being checked, outermost first.
    namespaces: Vec<String>,
    /// Every namespace declared so far, by its full name.
    known_namespaces: HashSet<String>,
    /// `using namespace N;`: full names searched after the enclosing namespaces.
    using: Vec<String>,
    /// How many `using` namespaces each open block found (those after are its own).
    using_marks: Vec<usize>,
    /// The enums each unscoped case name (`A` of `enum E { A }`) belongs to: more than one
    /// makes the name alone ambiguous.
    enum_case_owners: HashMap<String, Vec<String>>,
    /// Every enum case as `E::A`, with its value and the enum's underlying type.
    enum_cases: HashMap<String, (ConstValue, Type)>,
    /// Each struct's methods (their functions are keyed `S::m` in `functions`).
    methods: HashMap<StructId, Vec<methods::Method>>,
    /// Methods and conformances extensions give scalar, vector and matrix types.
    value_methods: HashMap<Type, Vec<methods::Method>>,
    value_conformances: HashMap<Type, Vec<String>>,
    /// Typedefs of min-precision types (`typedef min16float half_t;`).
    min_precision_names: crate::fast_hash::HashSet<String>,
    /// The initial values of non-`const` statics, which later global initializers may read.
    static_inits: HashMap<GlobalId, ConstValue>,
    /// `static` globals whose initializers are computed when the shader starts (a call, a
    /// constructor): each with the function that computes it, in declaration order.
    runtime_inits: Vec<(GlobalId, FunctionId, Span)>,
    /// `static const` globals among them: still not assignable.
    runtime_consts: HashSet<GlobalId>,
    /// Whether a global initializer is being folded (only then do `static_inits` count).
    folding_global_init: bool,
    /// Structs declared ahead (`struct S;`) and not defined yet, by name.
    forward_structs: HashMap<String, StructId>,
    /// Static constants of a struct declared with its fields, ahead of its methods, because a
    /// field's array length names them (`half C[NumCoefficients];`): by their global name.
    early_statics: HashSet<String>,
    interfaces: HashMap<String, methods::Interface>,
    /// `extension<T : IFoo> T { … }` declarations, and the structs each was applied to.
    blanket_extensions: Vec<methods::BlanketExtension>,
    blanket_applied: HashSet<(usize, StructId)>,
    /// Where each struct names each interface it conforms to.
    conformance_spans: HashMap<(StructId, String), Span>,
    /// The interfaces each struct names in its bases.
    conformances: HashMap<StructId, Vec<String>>,
    /// Specialization constants' default values, which constant folding takes where a value
    /// must be known now (array sizes, `[numthreads]`); reads in function bodies stay reads.
    spec_defaults: HashMap<GlobalId, ConstValue>,
    /// The specialization constants constant folding took the default of, in order.
    spec_reads: Vec<GlobalId>,
    /// Each specialization constant and the id its attribute gives, if it gives one.
    spec_requests: Vec<(GlobalId, Option<u32>, Span)>,
    /// HLSL's and Slang's struct inheritance: each struct's base structs and the index of the
    /// first of their fields among its own (a derived struct converts to a base implicitly).
    struct_bases: HashMap<StructId, Vec<(StructId, usize)>>,
    /// Set while a method body is checked: the struct whose `this` it has.
    pending_this: Option<StructId>,
    /// Set while a constructor (`__init`) body is checked: the struct it builds.
    pending_init: Option<StructId>,
    /// The expression being checked stands as a statement: its value is dropped (`p.x++;`
    /// of a property need not read `x` back). Taken by the first expression that asks.
    value_unused: bool,
    /// Slang's field defaults (`float x = 1;` in a struct), per struct that has any.
    field_defaults: HashMap<StructId, Vec<Option<ast::Initializer>>>,
    /// Each struct's methods and properties as written (its bases' included), for the structs
    /// that derive from it: HLSL's `struct D : B` has `B`'s fields and methods.
    inherited_members: HashMap<StructId, Vec<ast::StructMember>>,
    /// A generic struct instance's parameters and what they are bound to: its field defaults
    /// are read with them bound.
    instance_generics: HashMap<StructId, (Vec<ast::GenericParam>, Vec<generic::Bound>)>,
    /// A generic struct instance's generic struct (its key in `generic_structs`): deduction
    /// reads `GenFoo<T>` off a `GenFoo<float>` argument.
    instance_of: HashMap<StructId, String>,
    /// GLSL's `layout(local_size_x = …) in;`: the workgroup size of an entry point without
    /// `[numthreads]`.
    glsl_local_size: Option<[u32; 3]>,
    glsl_local_size_span: Option<Span>,
    /// GLSL's `layout(derivative_group_quadsNV) in;`, for the compute entry point.
    glsl_derivative_group: Option<(DerivativeGroup, Span)>,
    /// [`SemaOptions::implicit_compute_derivatives`].
    implicit_compute_derivatives: bool,
    /// `buffer` blocks with an instance name, by that name.
    blocks: HashMap<String, glsl::BlockMembers>,
    /// Members of `buffer` blocks without an instance name, of fixed size: their buffer.
    block_fields: HashMap<String, GlobalId>,
    /// System values the entry point stores in private globals: GLSL's invocation ids read so
    /// far and Slang's global varying inputs (`in uint3 gid : SV_GroupID;`).
    global_inputs: Vec<(BuiltinInput, GlobalId)>,
    sigs: Vec<FnSig>,
    facts: BTreeMap<FunctionId, FnFacts>,
    /// Attributes of each function, for entry-point detection.
    fn_attrs: Vec<Vec<ast::Attribute>>,
    cur: Option<FnState>,
    used_global_names: HashSet<String>,
    /// `--wave-size`.
    wave_size_option: Option<u32>,
    /// [`SemaOptions::glsl`].
    glsl_semantics: bool,
    /// `-Zpr`/`-Zpc`: the majorness of matrices declared without a qualifier.
    default_majorness: Majorness,
    /// The attributes of the entry point that will be selected, found before any body is
    /// checked: they decide whether `GetGroupWaveCount()` is a constant.
    entry_attrs: Option<Vec<ast::Attribute>>,
    /// Checking item by item ([`ItemStream`]), `entry_attrs` is what was known before the
    /// items: unknown (`None`), or a guess to confirm once the entry point is known.
    entry_attrs_known: EntryAttrs,
    /// A fold read the entry point's attributes (or wanted them while unknown).
    entry_attrs_read: bool,
    /// Slang's `extern static const X;` (a module's promise) paired with the `export` (or
    /// plain) definition of `X` elsewhere in the unit: the definition, by name, taken where
    /// the first `extern` stands so that what follows it can use the value.
    extern_definitions: HashMap<String, ast::VarDeclGroup>,
    /// Functions with `constexpr` parameters, checked per call ([`constexpr`]), and their names.
    constexpr_fns: HashMap<FunctionId, constexpr::ConstexprFn>,
    constexpr_names: HashSet<String>,
    /// The next body checked may make its parameters implicitly `constexpr`.
    infer_constexpr: bool,
    /// Functions whose parameters became `constexpr` implicitly: each has a body of its own,
    /// called where an argument is not known yet (its caller may become such a function too).
    implicit_constexpr_fns: HashSet<FunctionId>,
    /// Names an `extern` declaration has defined already (from `extern_definitions`).
    extern_defined: HashSet<String>,
    /// Checking item by item, an `extern` was met whose definition may come later: only the
    /// whole tree can say.
    extern_unresolved: bool,
    /// C++'s out-of-line definitions of static data members (`const int S::t[2] = {1, 2};`), by
    /// `Owner::member`, taken where the struct declares the member; and those so taken.
    member_definitions: HashMap<String, Vec<ast::MemberDefinition>>,
    /// The out-of-line bodies of template structs' methods, by `Owner::method`.
    method_definitions: HashMap<String, Vec<ast::MethodDefinition>>,
    member_defined: HashSet<String>,
    /// The generic struct instances being made: the instance's name, the generic struct's and
    /// its arguments.
    instantiating: Vec<(String, String, Vec<generic::Bound>)>,
    /// User generic functions, by name ([`generic`]).
    generic_fns: HashMap<String, Vec<usize>>,
    generics: Vec<generic::GenericFn>,
    /// Generic type aliases (`typealias Name<T> = …;`), by name.
    generic_aliases: HashMap<String, std::rc::Rc<ast::TypedefDecl>>,
    /// `typealias F<T> = functype (T) -> int;`: names of function types, read where a
    /// parameter's type names one.
    fn_aliases: HashMap<String, std::rc::Rc<ast::TypedefDecl>>,
    /// The struct made for each function name used as a value (`add`, `bap<bool>`).
    fn_value_types: HashMap<String, StructId>,
    fn_values: HashMap<StructId, std::rc::Rc<function_value::FnValue>>,
    /// User generic structs, by name.
    generic_structs: HashMap<String, generic::GenericStruct>,
    /// Set while a generic interface's default methods join a struct: the interface's generic
    /// parameters and arguments, for a generic default method's instances.
    outer_generics: Option<(Vec<ast::GenericParam>, Vec<generic::Bound>)>,
    /// The `min`/`max` (`true`) function made for each comparable struct.
    comparisons: HashMap<(StructId, bool), FunctionId>,
    /// Set while a generic extension's members are added to a struct.
    in_blanket_extension: bool,
    /// Generic interfaces as declared; each instance is an interface of its own.
    generic_interfaces: HashMap<String, std::rc::Rc<ast::StructDecl>>,
    /// The generic value parameters of the instance being checked (`let N : int`).
    generic_values: HashMap<String, (ConstValue, Type)>,
    /// Generic type parameters bound in the instance being checked whose constraint builds a
    /// value from an `int` only (Slang's `__BuiltinArithmeticType`, `IFloat`…, not the integer
    /// interfaces): `T(x)` of a `uint` converts through `int` there, as Slang's does.
    int_built_params: crate::fast_hash::HashSet<String>,
    /// Variadic generics: the type packs bound in the instance being checked (`each T`), the
    /// value packs among its parameters (`expand each T v`: parameters `v#0`, `v#1`…) with
    /// their lengths, and the element an enclosing `expand` is at.
    type_packs: HashMap<String, Vec<Type>>,
    value_packs: HashMap<String, usize>,
    pack_at: Option<usize>,
    /// Types a pack expansion resolved, each under a name no source can spell (`#3`), so a
    /// generic argument list can carry them as written types.
    pinned_types: Vec<Type>,
    /// The lambdas whose bodies are being checked, innermost last.
    lambdas: Vec<lambda::LambdaFrame>,
    /// Structs standing for the element of a `ConstantBuffer<T>` whose `T` is no struct (Slang
    /// allows `ConstantBuffer<float4x4>`; a uniform block needs a struct), by `T`.
    constant_buffer_wrappers: HashMap<(Type, Majorness), StructId>,
    /// Instances being checked inside instances.
    instance_depth: u32,
    /// Structs whose own declaration has constructors (not only an `extension`'s): the others
    /// are C-style, and an initializer list no constructor takes sets their fields.
    own_constructors: HashSet<StructId>,
    /// For structs with fields less visible than themselves (`internal int x;` in a `public
    /// struct`), which fields an initializer list sets, in order (Slang's synthesized
    /// constructor takes only the others).
    list_fields: HashMap<StructId, Vec<bool>>,
    /// `private` fields: only the struct's own members may use them.
    private_fields: HashSet<(StructId, u32)>,
    /// Structs declared in functions, by their declaration (a body checked again reuses them).
    local_structs: HashMap<Span, Type>,
    /// Enums declared in functions that are declared already.
    local_decls: HashSet<Span>,
    /// Slang's `Atomic<T>` types made so far ([`atomic`]): `T` and the struct.
    atomics: Vec<(Type, StructId)>,
    /// Slang's tuple types made so far ([`tuple`]): the elements and the struct.
    tuples: Vec<(Vec<Type>, StructId)>,
    /// The error type of each function that throws.
    throws_of: HashMap<FunctionId, errors::ErrorType>,
    /// Numbers the temporaries sema adds.
    temp_counter: u32,
    /// Names called in the body being checked that no function had yet.
    unresolved_calls: Vec<String>,
    /// Names whose overloads did not take a call's arguments, and how many overloads there were
    /// then: the body is checked again only if more were declared since.
    overloads_tried: HashMap<String, usize>,
    /// Bodies to check again at the end, for the functions they call that come after them.
    deferred_bodies: Vec<DeferredBody>,
    /// Slang's buffer data layout types made so far ([`data_layout`]).
    data_layouts: data_layout::DataLayouts,
    /// An instance was added at the end of the function arena, or a prototype was defined
    /// after its callers (functions must then be put back in callee-first order).
    made_instances: bool,
    /// Interfaces used as types ([`dynamic`]), by interface name and by struct.
    existentials: Vec<dynamic::Existential>,
    existential_index: HashMap<String, usize>,
    existential_structs: HashMap<StructId, usize>,
    /// Each interface's conforming types with their type ids, in the order they conformed.
    type_ids: HashMap<String, Vec<(Type, u32)>>,
    /// Structs that lack a requirement of an interface they name (E0418 said so): no dispatch
    /// calls them, which would only repeat the error.
    unmet_conformances: HashSet<StructId>,
    /// Functions (and generic instances) made from ones returning `Ref<T>` ([`reference`]).
    ref_functions: HashSet<FunctionId>,
    /// The type ids the compilation gives (`--conformance`): type, interface, id.
    explicit_ids: Vec<(String, String, u32)>,
    /// `Optional<T>` structs, by `T` and back.
    optionals: HashMap<Type, StructId>,
    optional_structs: HashMap<StructId, Type>,
    /// `Conditional<T, has>` structs, by `(T, has)` and back.
    conditionals: HashMap<(Type, bool), StructId>,
    conditional_structs: HashMap<StructId, (Type, bool)>,
    /// `reinterpret<T>(U)` functions, by (`U`, `T`).
    reinterprets: HashMap<(Type, Type), FunctionId>,
    /// Set while dispatch functions are written: an interface value converts to the concrete
    /// type a case has established it holds.
    downcast_in_dispatch: bool,
    /// The functions `bit_cast` calls, by (from, to) type.
    bit_casts: HashMap<(Type, Type), FunctionId>,
    /// Automatic differentiation's types, functions and attributes ([`autodiff`]).
    autodiff: autodiff::Autodiff,
}

/// How visible a declaration says it is: `private` 0, `internal` 1, `public` 2; `None` when
/// it says nothing.
fn visibility(modifiers: &ast::Modifiers) -> Option<u8> {
    modifiers.list.iter().find_map(|(m, _)| match m {
        ast::Modifier::Private => Some(0),
        ast::Modifier::Internal => Some(1),
        ast::Modifier::Public => Some(2),
        _ => None,
    })
}

/// A function body that called what was not declared yet (see `check_deferred_bodies`).
struct DeferredBody {
    id: FunctionId,
    decl: ast::FunctionDecl,
    names: Vec<String>,
    diags: Vec<Diagnostic>,
    /// A method's struct, and a constructor's.
    this: Option<StructId>,
    init: Option<StructId>,
    /// A generic function's instance: the generic, and its arguments.
    instance: Option<(usize, Vec<generic::Bound>)>,
}

/// How the entry point's attributes were found before its definition was checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EntryAttrs {
    /// From the whole tree: certain.
    FromTree,
    /// From a scan of the tokens: confirmed when the entry point is known.
    Guessed,
    /// Not at all: a fold that needs them cannot be made.
    Unknown,
}

pub fn check(unit: &ast::TranslationUnit, options: &SemaOptions) -> (Option<Checked>, Vec<Diagnostic>) {
    let mut c = Checker::new(Some(unit), options);
    for item in &unit.items {
        c.item(item);
    }
    c.finish(options)
}

/// [`check`] for a caller that no longer needs the tree: each item is freed as soon as it is
/// checked, while it is still in the cache, and its memory is reused for the IR of the next
/// one. Freeing a large tree at the end instead took a tenth of a 20k-line compile.
pub fn check_owned(unit: ast::TranslationUnit, options: &SemaOptions) -> (Option<Checked>, Vec<Diagnostic>) {
    let mut c = Checker::new(Some(&unit), options);
    for item in unit.items {
        c.item(&item);
    }
    c.finish(options)
}

/// Checks items one at a time as the parser hands them over, so no whole tree is kept and
/// each item's tree is checked while still in the cache.
///
/// The entry point's attributes decide things before its definition is reached (whether a
/// `GetGroupWaveCount()` folds to a constant), and it usually comes last. So the caller may
/// give the attributes it expects ([`ItemStream::with_entry_attributes`], say from a scan of
/// the tokens); once the items are checked, they are compared with those of the entry point
/// actually selected. If a fold read attributes that turn out wrong, or wanted them when none
/// were given, [`ItemStream::finish`] gives `None` and the caller checks the whole tree with
/// [`check_owned`] instead.
pub struct ItemStream {
    checker: Checker,
    /// Each definition's name and attributes, for choosing the entry point as the tree would.
    definitions: Vec<(String, Vec<ast::Attribute>)>,
}

impl ItemStream {
    pub fn new(options: &SemaOptions) -> ItemStream {
        ItemStream { checker: Checker::new(None, options), definitions: Vec::new() }
    }

    /// A stream that expects the entry point to have `attrs` (`None`: no entry point).
    pub fn with_entry_attributes(attrs: Option<Vec<ast::Attribute>>, options: &SemaOptions) -> ItemStream {
        let mut stream = ItemStream::new(options);
        stream.checker.entry_attrs = attrs;
        stream.checker.entry_attrs_known = EntryAttrs::Guessed;
        stream
    }

    pub fn item(&mut self, item: &ast::Item) {
        if self.checker.entry_attrs_known == EntryAttrs::Unknown && self.checker.entry_attrs_read {
            return; // the whole tree will be checked instead
        }
        if let ast::Item::Function(f) = item {
            if f.body.is_some() {
                self.definitions.push((f.name.name.clone(), f.attrs.clone()));
            }
        }
        self.checker.item(item);
    }

    /// What [`check_owned`] gives for the items handed over, or `None` if checking them
    /// read the entry point's attributes before its definition and they were not the ones given.
    pub fn finish(self, options: &SemaOptions) -> Option<(Option<Checked>, Vec<Diagnostic>)> {
        let c = &self.checker;
        if c.extern_unresolved {
            return None;
        }
        if c.entry_attrs_read {
            if c.entry_attrs_known == EntryAttrs::Unknown {
                return None;
            }
            let definitions = self.definitions.iter().map(|(name, attrs)| (name.as_str(), attrs));
            let actual = choose_entry(definitions, options, |attrs| marks_entry(attrs));
            if actual != c.entry_attrs.as_ref() {
                return None;
            }
        }
        Some(self.checker.finish(options))
    }
}

impl Checker {
    fn new(unit: Option<&ast::TranslationUnit>, options: &SemaOptions) -> Checker {
        let mut c = Checker {
            stdlib: Stdlib::get(),
            module: Module::default(),
            diags: Vec::new(),
            types: HashMap::default(),
            local_types: Vec::new(),
            globals: HashMap::default(),
            resource_aliases: HashMap::default(),
            expanding_aliases: Vec::new(),
            stage_limits: Default::default(),
            string_globals: HashMap::default(),
            resource_struct_globals: HashMap::default(),
            resource_struct_arrays: Vec::new(),
            global_consts: HashMap::default(),
            functions: HashMap::default(),
            methods: HashMap::default(),
            value_methods: HashMap::default(),
            value_conformances: HashMap::default(),
            forward_structs: HashMap::default(),
            early_statics: HashSet::default(),
            static_inits: HashMap::default(),
            runtime_inits: Vec::new(),
            runtime_consts: HashSet::default(),
            min_precision_names: Default::default(),
            folding_global_init: false,
            enum_cases: HashMap::default(),
            namespaces: Vec::new(),
            known_namespaces: HashSet::default(),
            using: Vec::new(),
            interfaces: HashMap::default(),
            conformances: HashMap::default(),
            conformance_spans: HashMap::default(),
            blanket_extensions: Vec::new(),
            blanket_applied: HashSet::default(),
            pending_this: None,
            pending_init: None,
            value_unused: false,
            field_defaults: HashMap::default(),
            inherited_members: HashMap::default(),
            struct_bases: HashMap::default(),
            spec_defaults: HashMap::default(),
            spec_reads: Vec::new(),
            spec_requests: Vec::new(),
            instance_generics: HashMap::default(),
            instance_of: HashMap::default(),
            glsl_local_size: None,
            glsl_local_size_span: None,
            glsl_derivative_group: None,
            blocks: HashMap::default(),
            block_fields: HashMap::default(),
            global_inputs: Vec::new(),
            sigs: Vec::new(),
            facts: BTreeMap::new(),
            fn_attrs: Vec::new(),
            cur: None,
            used_global_names: HashSet::default(),
            wave_size_option: options.wave_size,
            glsl_semantics: options.glsl,
            implicit_compute_derivatives: options.implicit_compute_derivatives,
            default_majorness: options.matrix_majorness,
            entry_attrs: unit.and_then(|u| entry_attributes(u, options)),
            entry_attrs_known: if unit.is_some() { EntryAttrs::FromTree } else { EntryAttrs::Unknown },
            entry_attrs_read: false,
            extern_definitions: unit.map(extern_definitions).unwrap_or_default(),
            extern_defined: HashSet::default(),
            constexpr_fns: HashMap::default(),
            constexpr_names: HashSet::default(),
            infer_constexpr: false,
            implicit_constexpr_fns: HashSet::default(),
            extern_unresolved: false,
            member_definitions: unit.map(member_definitions).unwrap_or_default(),
            method_definitions: unit.map(method_definitions).unwrap_or_default(),
            member_defined: HashSet::default(),
            instantiating: Vec::new(),
            generic_fns: HashMap::default(),
            generics: Vec::new(),
            generic_structs: HashMap::default(),
            generic_interfaces: variadic::core_function_interfaces()
                .into_iter()
                .map(|i| (i.name.name.clone(), std::rc::Rc::new(i)))
                .collect(),
            outer_generics: None,
            in_blanket_extension: false,
            comparisons: HashMap::default(),
            generic_values: HashMap::default(),
            int_built_params: Default::default(),
            type_packs: HashMap::default(),
            value_packs: HashMap::default(),
            pack_at: None,
            pinned_types: Vec::new(),
            lambdas: Vec::new(),
            constant_buffer_wrappers: HashMap::default(),
            instance_depth: 0,
            made_instances: false,
            existentials: Vec::new(),
            existential_index: HashMap::default(),
            existential_structs: HashMap::default(),
            type_ids: HashMap::default(),
            unmet_conformances: HashSet::default(),
            ref_functions: HashSet::default(),
            explicit_ids: options.conformances.clone(),
            optionals: HashMap::default(),
            optional_structs: HashMap::default(),
            conditionals: HashMap::default(),
            conditional_structs: HashMap::default(),
            downcast_in_dispatch: false,
            reinterprets: HashMap::default(),
            bit_casts: HashMap::default(),
            autodiff: autodiff::Autodiff::default(),
            enum_case_owners: HashMap::default(),
            using_marks: Vec::new(),
            generic_aliases: HashMap::default(),
            fn_aliases: HashMap::default(),
            fn_value_types: HashMap::default(),
            fn_values: HashMap::default(),
            data_layouts: Vec::new(),
            unresolved_calls: Vec::new(),
            overloads_tried: HashMap::default(),
            throws_of: HashMap::default(),
            temp_counter: 0,
            tuples: Vec::new(),
            atomics: Vec::new(),
            local_structs: HashMap::default(),
            own_constructors: HashSet::default(),
            list_fields: HashMap::default(),
            private_fields: HashSet::default(),
            local_decls: HashSet::default(),
            deferred_bodies: Vec::new(),
        };
        for (name, ty) in &c.stdlib.typedefs {
            c.types.insert(name.clone(), ty.clone());
        }
        c.module.layout = options.layout;
        c.module.register_shifts = options.register_shifts.clone();
        c
    }

    /// The storage order of the matrices a declaration with `modifiers` declares.
    fn majorness(&self, modifiers: &ast::Modifiers) -> Majorness {
        if modifiers.has(ast::Modifier::RowMajor) {
            Majorness::Row
        } else if modifiers.has(ast::Modifier::ColumnMajor) {
            Majorness::Column
        } else {
            self.default_majorness
        }
    }

    fn finish(mut self, options: &SemaOptions) -> (Option<Checked>, Vec<Diagnostic>) {
        self.check_deferred_bodies();
        self.finish_existentials();
        // After the dispatch functions' bodies: a call through an interface is differentiated
        // through the one they switch to.
        self.write_forward_derivatives();
        self.finish_existential_derivatives();
        self.drop_void_arguments();
        self.widen_empty_arrays();
        self.number_spec_constants();
        let entry = self.entry_point(options);
        if let Some(e) = entry {
            self.hoist_uniform_params(e);
            self.bind_invocation_ids(e);
            self.run_initializers_first(e);
            self.check_call_graph(e);
        }
        let combined: Vec<StructId> = self
            .module
            .structs
            .iter()
            .map(|(h, _)| h)
            .filter(|h| self.is_combined_sampler(&Type::Struct(*h)))
            .collect();
        self.module.combined_samplers = combined;
        self.refuse_whole_resource_struct_arrays();
        let has_errors = self.diags.iter().any(Diagnostic::is_error);
        if self.made_instances {
            self.module.order_callees_first();
        }
        let checked = match (entry, has_errors) {
            (Some(entry), false) => Some(Checked { module: self.module, entry }),
            _ => None,
        };
        (checked, self.diags)
    }
}

impl Checker {
    /// Specialization constants with an id of their own keep it; the others take the lowest
    /// ids left, in declaration order (Slang's rule). Two with one id are an error.
    fn number_spec_constants(&mut self) {
        let mut used: Vec<u32> = Vec::new();
        for (g, id, span) in self.spec_requests.clone() {
            let Some(id) = id else { continue };
            if used.contains(&id) {
                let name = self.module.globals[g].name.clone();
                self.error("E0522", span, format!("specialization constant id {id} of `{name}` is taken by another"));
            }
            used.push(id);
            self.module.spec_constants.push(SpecConstant { global: g, id });
        }
        let mut next = 0;
        for (g, id, _) in self.spec_requests.clone() {
            if id.is_none() {
                while used.contains(&next) {
                    next += 1;
                }
                used.push(next);
                self.module.spec_constants.push(SpecConstant { global: g, id: next });
            }
        }
        self.module.spec_constants.sort_by_key(|s| s.id);
    }

    /// Folds `e` (an array size, a `static const`'s initializer) and warns when that took the
    /// default of a specialization constant: such a value is fixed now, whatever a pipeline
    /// specializes.
    fn fold_warning_specialized(&mut self, start: usize, span: Span, what: &str) {
        let Some(&g) = self.spec_reads.get(start) else { return };
        let name = self.module.globals[g].name.clone();
        self.spec_reads.truncate(start);
        self.push(
            Diagnostic::warning("W0503", format!("{what} takes the default value of specialization constant `{name}`"))
                .with_label(span, "fixed when compiled")
                .with_note("a pipeline that specializes it gets a different value everywhere else, but not here"),
        );
    }
}

/// Whether an expression calls `GetGroupWaveCount()` under any of its spellings (seed 000's
/// `GroupGetWaveCount()`, Slang's `WaveGetNumWaves()`).
fn mentions_group_wave_count(e: &ast::Expr) -> bool {
    use ast::ExprKind as K;
    match &e.kind {
        K::Call { callee, args, .. } => {
            matches!(&callee.kind, K::Ident(n) if Stdlib::get().spellings("GetGroupWaveCount").contains(&n.as_str()))
                || args.iter().any(mentions_group_wave_count)
        }
        K::Binary { lhs, rhs, .. } | K::Comma { lhs, rhs } | K::Assign { lhs, rhs, .. } => {
            mentions_group_wave_count(lhs) || mentions_group_wave_count(rhs)
        }
        K::Unary { expr, .. } | K::Cast { expr, .. } => mentions_group_wave_count(expr),
        K::Ternary { cond, then, els } => {
            mentions_group_wave_count(cond) || mentions_group_wave_count(then) || mentions_group_wave_count(els)
        }
        _ => false,
    }
}

/// The definitions that `extern static` declarations of the unit's globals refer to (see
/// `Checker::extern_definitions`; HLSL's `extern` alone is a uniform, as a global without
/// `static` is): for each name declared so without a value, the one
/// declaration of it that is not `extern` and has an initializer, alone in its group.
fn extern_definitions(unit: &ast::TranslationUnit) -> HashMap<String, ast::VarDeclGroup> {
    let groups = || {
        unit.items.iter().filter_map(|i| match i {
            ast::Item::Variables(g) => Some(g),
            _ => None,
        })
    };
    let declared: HashSet<&str> = groups()
        .filter(|g| g.modifiers.has(ast::Modifier::Extern) && g.modifiers.has(ast::Modifier::Static))
        .flat_map(|g| g.decls.iter().filter(|d| d.init.is_none()).map(|d| d.name.name.as_str()))
        .collect();
    let mut out = HashMap::default();
    for g in groups().filter(|g| !g.modifiers.has(ast::Modifier::Extern)) {
        for d in g.decls.iter().filter(|d| d.init.is_some() && declared.contains(d.name.name.as_str())) {
            let mut one = g.clone();
            one.decls = vec![d.clone()];
            out.insert(d.name.name.clone(), one);
        }
    }
    out
}

/// The out-of-line definitions of static data members in `unit`, by `Owner::member`.
fn member_definitions(unit: &ast::TranslationUnit) -> HashMap<String, Vec<ast::MemberDefinition>> {
    let mut out: HashMap<String, Vec<ast::MemberDefinition>> = HashMap::default();
    for i in &unit.items {
        if let ast::Item::MemberDefinition(def) = i {
            if let Some(d) = def.group.decls.first() {
                out.entry(format!("{}::{}", def.owner, d.name.name)).or_default().push(def.clone());
            }
        }
    }
    out
}

/// The out-of-line definitions of template structs' methods in `unit`, by `Owner::method`.
fn method_definitions(unit: &ast::TranslationUnit) -> HashMap<String, Vec<ast::MethodDefinition>> {
    let mut out: HashMap<String, Vec<ast::MethodDefinition>> = HashMap::default();
    for i in &unit.items {
        if let ast::Item::MethodDefinition(def) = i {
            out.entry(format!("{}::{}", def.owner, def.function.name.name)).or_default().push(def.clone());
        }
    }
    out
}

/// The attributes of the function `entry_point` will select (same rules, on the syntax tree).
fn entry_attributes(unit: &ast::TranslationUnit, options: &SemaOptions) -> Option<Vec<ast::Attribute>> {
    let definitions = unit.items.iter().filter_map(|i| match i {
        ast::Item::Function(f) if f.body.is_some() => Some((f.name.name.as_str(), f.attrs.as_slice())),
        _ => None,
    });
    choose_entry(definitions, options, |attrs| marks_entry(attrs)).map(|attrs| attrs.to_vec())
}

/// Whether attributes make a function an entry-point candidate.
fn marks_entry(attrs: &[ast::Attribute]) -> bool {
    attrs.iter().any(|a| is_entry_attribute(&a.name.name))
}

/// Whether an attribute of this name (`[numthreads]`, `[shader]`) marks an entry point.
pub fn is_entry_attribute(name: &str) -> bool {
    name.eq_ignore_ascii_case("numthreads") || name.eq_ignore_ascii_case("shader")
}

/// Among function definitions (name and what is known of their attributes, in source order),
/// the one `entry_point` will select: the one `--entry` names, else `main`, else the only one
/// `marked` as an entry point (`[numthreads]` or `[shader]`).
pub fn choose_entry<'n, A>(
    definitions: impl Iterator<Item = (&'n str, A)>,
    options: &SemaOptions,
    marked: impl Fn(&A) -> bool,
) -> Option<A> {
    let wanted = options.entry.as_deref().unwrap_or("main");
    let mut found = None;
    let mut candidates = Vec::new();
    for (name, attrs) in definitions {
        if name == wanted && found.is_none() {
            found = Some(attrs);
        } else if options.entry.is_none() && marked(&attrs) {
            candidates.push(attrs);
        }
    }
    if found.is_some() || options.entry.is_some() {
        return found;
    }
    match (candidates.pop(), candidates.is_empty()) {
        (Some(only), true) => Some(only),
        _ => None,
    }
}

impl Checker {
    /// `GetGroupWaveCount()` as a constant: the entry point's thread count divided by a fixed
    /// wave size, rounded up (seed 000: "must be considered a compile time constant"). The
    /// wave size is fixed by `[WaveSize(N)]` (one argument) or `--wave-size N`. This assumes
    /// threads fill waves in `SV_GroupIndex` order, as D3D12 and NVIDIA's Vulkan driver do.
    pub(super) fn const_group_wave_count(&mut self) -> Option<u64> {
        self.entry_attrs_read = true;
        if self.entry_attrs_known == EntryAttrs::Unknown {
            return None;
        }
        let attrs = self.entry_attrs.clone()?;
        let wave = match Self::attr(&attrs, "WaveSize") {
            Some(a) if a.args.len() == 1 => {
                let v = self.const_of_ast(&a.args[0])?.as_u64()?;
                (4..=128).contains(&v).then_some(v)?
            }
            Some(_) => return None,
            None => self.wave_size_option? as u64,
        };
        let nt = Self::attr(&attrs, "numthreads")?;
        let mut threads = 1u64;
        for e in nt.args.iter().take(3) {
            threads *= self.const_of_ast(e)?.as_u64()?;
        }
        (nt.args.len() == 3 && threads > 0 && wave > 0).then(|| threads.div_ceil(wave))
    }

    /// The entry point's workgroup size, `[numthreads(x, y, z)]` or GLSL's `layout(local_size_x
    /// = …) in;`, when it is known where it is asked for (Slang's `WorkgroupSize()`).
    pub(super) fn const_workgroup_size(&mut self) -> Option<[u64; 3]> {
        if let Some(size) = self.glsl_local_size {
            return Some(size.map(u64::from));
        }
        self.entry_attrs_read = true;
        if self.entry_attrs_known == EntryAttrs::Unknown {
            return None;
        }
        let attrs = self.entry_attrs.clone()?;
        let nt = Self::attr(&attrs, "numthreads")?;
        if nt.args.len() != 3 {
            return None;
        }
        let mut size = [1u64; 3];
        for (d, e) in size.iter_mut().zip(&nt.args) {
            *d = self.const_of_ast(e)?.as_u64()?;
        }
        Some(size)
    }

    fn error(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(code, msg).with_label(span, ""));
    }

    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// A type as the user writes it: Slang's tuples and atomics by their generic spelling.
    fn type_name(&self, ty: &Type) -> String {
        if let Some(elems) = self.tuple_elems(ty) {
            let names: Vec<String> = elems.iter().map(|t| self.type_name(t)).collect();
            return format!("Tuple<{}>", names.join(", "));
        }
        if let Some(elem) = self.atomic_elem(ty) {
            return format!("Atomic<{}>", self.type_name(&elem));
        }
        self.module.type_name(ty)
    }

    fn unique_global_name(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 1;
        while self.used_global_names.contains(&name) {
            n += 1;
            name = format!("{base}_{n}");
        }
        self.used_global_names.insert(name.clone());
        name
    }

    // ---- types -------------------------------------------------------------------------

    /// The one value of a type that holds no data.
    fn no_data_value(&self, ty: &Type) -> ConstValue {
        match ty {
            Type::Struct(h) => ConstValue::Composite(
                self.module.structs[*h].fields.iter().map(|f| self.no_data_value(&f.ty)).collect(),
            ),
            Type::Array(e, n) => ConstValue::Composite(vec![self.no_data_value(e); n.unwrap_or(0) as usize]),
            _ => ConstValue::Composite(Vec::new()),
        }
    }

    /// Whether a value of `ty` has no data at all: a struct of no fields (or only such
    /// fields), an array of such elements.
    fn holds_no_data(&self, ty: &Type) -> bool {
        match ty {
            // An interface value's struct is laid out only once its conforming types are known.
            Type::Struct(h) if self.existential_structs.contains_key(h) => false,
            Type::Struct(h) => self.module.structs[*h].fields.iter().all(|f| self.holds_no_data(&f.ty)),
            Type::Array(e, _) => self.holds_no_data(e),
            _ => false,
        }
    }

    /// The name of a resource field inside `ty` (through nested structs and arrays), if any.
    fn resource_inside(&self, ty: &Type) -> Option<String> {
        match ty {
            Type::Resource(..) => Some(self.type_name(ty)),
            Type::Array(e, _) => self.resource_inside(e),
            Type::Struct(h) => self.module.structs[*h].fields.iter().find_map(|f| match &f.ty {
                Type::Resource(..) => Some(f.name.clone()),
                other => self.resource_inside(other).map(|inner| format!("{}.{inner}", f.name)),
            }),
            _ => None,
        }
    }

    pub(crate) fn resolve_type(&mut self, t: &ast::TypeExpr) -> Type {
        match &t.kind {
            ast::TypeExprKind::Each(inner) => return self.resolve_each_type(inner, t.span),
            ast::TypeExprKind::Func { .. } => {
                self.function_type_misplaced(t.span);
                return Type::Error;
            }
            ast::TypeExprKind::Named { name, .. } if self.fn_aliases.contains_key(name) => {
                self.function_type_misplaced(t.span);
                return Type::Error;
            }
            ast::TypeExprKind::Expand(_) => {
                let d = Diagnostic::error("E0445", "`expand` makes a list of types, not one type")
                    .with_label(t.span, "here")
                    .with_note("it goes in a generic argument list (`Tuple<expand each T>`) or a parameter");
                self.push(d);
                return Type::Error;
            }
            _ => {}
        }
        if let ast::TypeExprKind::Array { elem, len } = &t.kind {
            let elem = self.resolve_type(elem);
            if elem.is_error() {
                return Type::Error;
            }
            return self.array_type(elem, &[len.as_deref().cloned()], false);
        }
        if let ast::TypeExprKind::MatrixLayout { inner, .. } = &t.kind {
            self.error(
                "E0402",
                t.span,
                "a matrix layout in a template argument is supported for `ConstantBuffer<row_major floatRxC>` only",
            );
            self.resolve_type(inner);
            return Type::Error;
        }
        if let ast::TypeExprKind::Pointer(elem) = &t.kind {
            let elem = self.resolve_type(elem);
            if elem.is_error() {
                return Type::Error;
            }
            return self.pointer_to(elem, t.span);
        }
        if let ast::TypeExprKind::Member { base, name } = &t.kind {
            let outer = self.resolve_type(base);
            if name == "Handle" && matches!(outer, Type::Resource(..)) {
                return Type::Pointer(Box::new(outer));
            }
            // A struct's `Differential` is made when first asked for.
            if matches!(outer, Type::Struct(_)) && name == "Differential" {
                if let Some(d) = self.differential_type(&outer.clone()) {
                    return d;
                }
            }
            let found = match &outer {
                Type::Struct(h) => self.types.get(&format!("{}::{name}", self.module.structs[*h].name)).cloned(),
                Type::Error => return Type::Error,
                // Slang's `ITexelElement.Element` (and `IArithmetic`'s): the scalar of a number,
                // vector or matrix.
                Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, ..) if name == "Element" => {
                    Some(Type::Scalar(*s))
                }
                _ => self.differential_member(&outer, name),
            };
            return found.unwrap_or_else(|| {
                let shown = self.type_name(&outer);
                self.error("E0401", t.span, format!("`{shown}` has no type member `{name}`"));
                Type::Error
            });
        }
        let ast::TypeExprKind::Named { name, args } = &t.kind else { return Type::Error };
        if let Some(global) = name.strip_prefix("::") {
            let outer = std::mem::take(&mut self.namespaces);
            let at_file_scope = ast::TypeExpr {
                kind: ast::TypeExprKind::Named { name: global.to_string(), args: args.clone() },
                span: t.span,
            };
            let ty = self.resolve_type(&at_file_scope);
            self.namespaces = outer;
            return ty;
        }
        // Slang's `obj.Assoc`: a type named inside the type of value `obj`.
        if let Some((value, inner)) = name.split_once('.') {
            let local = self.cur.as_ref().and_then(|st| st.scopes.iter().rev().find_map(|s| s.get(value)).cloned());
            let ty = match local {
                Some(Sym::Local(l)) => self.cur.as_ref().map(|st| st.func.locals[l].ty.clone()),
                Some(Sym::Global(g)) => Some(self.module.globals[g].ty.clone()),
                _ => None,
            };
            let found = match &ty {
                Some(Type::Struct(h)) => self.types.get(&format!("{}::{inner}", self.module.structs[*h].name)).cloned(),
                _ => None,
            };
            return found.unwrap_or_else(|| {
                self.error("E0401", t.span, format!("`{value}` has no type member `{inner}`"));
                Type::Error
            });
        }
        if args.is_empty() {
            let key = self.scoped(name, |n| self.types.contains_key(n));
            if let Some(ty) = self.types.get(&key) {
                return ty.clone();
            }
            if self.is_type_pack(name) {
                let d = Diagnostic::error("E0445", format!("`{name}` is a type pack, several types"))
                    .with_label(t.span, "where one type is needed")
                    .with_note(format!("repeat over it: `expand each {name}`, or `Tuple<{name}>`"));
                self.push(d);
                return Type::Error;
            }
            // `float.Differential`, `S.Differential`, `T.Differential` of a generic's `T`, and
            // `Differential` in a struct's own declaration.
            let around = (name == "Differential" && !self.namespaces.is_empty()).then(|| self.namespaces.join("::"));
            if let Some(outer) = name.strip_suffix("::Differential").or(around.as_deref()) {
                let outer = ast::TypeExpr {
                    kind: ast::TypeExprKind::Named { name: outer.into(), args: Vec::new() },
                    span: t.span,
                };
                let outer = self.resolve_type(&outer);
                if outer.is_error() {
                    return Type::Error;
                }
                if let Some(d) = self.differential_type(&outer).or_else(|| self.ptr_differential(&outer)) {
                    return d;
                }
                let shown = self.type_name(&outer);
                self.error("E0472", t.span, format!("`{shown}` is not differentiable: it has no `Differential`"));
                return Type::Error;
            }
            if let Some(ty) = self.member_type(name, t.span) {
                return ty;
            }
        } else if let Some(flat) = self.flatten_pack_args(args) {
            let flat =
                ast::TypeExpr { kind: ast::TypeExprKind::Named { name: name.clone(), args: flat }, span: t.span };
            return self.resolve_type(&flat);
        }
        let alias = self.scoped(name, |n| self.generic_aliases.contains_key(n));
        if let Some(alias) = self.generic_aliases.get(&alias).cloned() {
            return self.generic_alias_type(&alias, args, t.span);
        }
        let generic = self.scoped(name, |n| self.generic_structs.contains_key(n));
        if self.generic_structs.contains_key(&generic) {
            // A pack not written is empty.
            let defaulted = self.generic_structs[&generic].decl.generics.iter().all(|g| g.default.is_some() || g.pack);
            if args.is_empty() && !defaulted {
                self.error("E0416", t.span, format!("`{name}` is generic: give its arguments, `{name}<…>`"));
                return Type::Error;
            }
            return self.generic_struct_type(&generic, args, t.span);
        }
        if let Some(ty) = stdlib::builtin_type(t) {
            return ty;
        }
        if args.is_empty() {
            if let Some(ty) = self.data_layout_type(name, t.span) {
                return ty;
            }
        }
        if name == "string" {
            return Type::String;
        }
        if name == "vector" || name == "matrix" {
            return self.resolve_vector_matrix(name, args, t.span);
        }
        if name == "Tuple" {
            return self.resolve_tuple(args, t.span);
        }
        if name == "RayQuery" {
            return self.ray_query_type(args, t.span);
        }
        // GL_EXT_ray_query's names of the same types.
        if name == "rayQueryEXT" && args.is_empty() {
            return Type::RayQuery(0);
        }
        if name == "accelerationStructureEXT" && args.is_empty() {
            return Type::Resource(ResourceKind::RaytracingAccelerationStructure, None);
        }
        if name == "Atomic" {
            let elem = match args.as_slice() {
                [ast::GenericArg::Type(e)] => self.resolve_type(e),
                [ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span })] => {
                    self.resolve_type(&ast::TypeExpr {
                        kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] },
                        span: *span,
                    })
                }
                _ => {
                    self.error("E0402", t.span, "expected `Atomic<T>`: one element type");
                    return Type::Error;
                }
            };
            if elem.is_error() {
                return Type::Error;
            }
            return self.atomic_type(elem, t.span);
        }
        // Slang's `Array<T, N>` is `T[N]`.
        if name == "Array" {
            return match args.as_slice() {
                [elem, ast::GenericArg::Expr(n)] => {
                    let elem = match elem {
                        ast::GenericArg::Type(e) => self.resolve_type(e),
                        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => {
                            self.resolve_type(&ast::TypeExpr {
                                kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] },
                                span: *span,
                            })
                        }
                        ast::GenericArg::Expr(e) => {
                            self.error("E0402", e.span, "`Array<T, N>` needs an element type");
                            return Type::Error;
                        }
                    };
                    if elem.is_error() {
                        return Type::Error;
                    }
                    self.array_type(elem, &[Some(n.clone())], false)
                }
                _ => {
                    self.error("E0402", t.span, "expected `Array<T, N>`: an element type and a length");
                    Type::Error
                }
            };
        }
        // The stdlib's type functions (`stdlib/README.md`), met in the bodies of intrinsics.
        if name == "__elem" || name == "__same_shape" || name == "__unsigned" || name == "__transposed" {
            let ty = |c: &mut Checker, a: &ast::GenericArg| match a {
                ast::GenericArg::Type(t) => c.resolve_type(t),
                ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span }) => {
                    c.resolve_type(&ast::TypeExpr {
                        kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] },
                        span: *span,
                    })
                }
                _ => Type::Error,
            };
            return match args.as_slice() {
                [a] if name == "__elem" => ty(self, a).scalar().map(Type::Scalar).unwrap_or(Type::Error),
                [a] if name == "__transposed" => stdlib::transposed(&ty(self, a)),
                [a] if name == "__unsigned" => {
                    let t = ty(self, a);
                    match t.scalar() {
                        Some(Scalar::I16) => t.with_scalar(Scalar::U16),
                        Some(Scalar::I32) => t.with_scalar(Scalar::U32),
                        Some(Scalar::I64) => t.with_scalar(Scalar::U64),
                        _ => t,
                    }
                }
                [e, a] if name == "__same_shape" => match ty(self, e).scalar() {
                    Some(s) => ty(self, a).with_scalar(s),
                    None => Type::Error,
                },
                _ => {
                    self.error("E0402", t.span, format!("malformed `{name}<…>`"));
                    Type::Error
                }
            };
        }
        // Slang's `ParameterBlock<T>` holds what a `ConstantBuffer<T>` holds, in a descriptor
        // set of its own (the global is marked so; `lower::parameter_blocks` places it).
        let name = match name.as_str() {
            "ParameterBlock" => "ConstantBuffer",
            // A GLSL `buffer` block of `T`'s fields (`data_layout::SHADER_STORAGE_BUFFER`).
            data_layout::SHADER_STORAGE_BUFFER => "RWStructuredBuffer",
            n => n,
        };
        // Slang's depth textures are textures of one float channel (the depth) that depth
        // compares read; on every target they are that texture.
        let depth = name.strip_prefix("Depth").and_then(ResourceKind::from_name);
        if let Some(kind) = depth.filter(|k| k.is_texture() && !k.is_writable()) {
            let elem = match args.as_slice() {
                [] => Type::FLOAT,
                [ast::GenericArg::Type(e)] => self.resolve_type(e),
                _ => {
                    self.error("E0402", t.span, format!("`{name}` takes at most one element type: `{name}<float>`"));
                    return Type::Error;
                }
            };
            return match elem {
                Type::Error => Type::Error,
                Type::Scalar(s) if s.is_float() => Type::Resource(kind, Some(Box::new(elem))),
                other => {
                    let msg = format!("a depth texture holds one float channel, not `{}`", self.type_name(&other));
                    self.error("E0402", t.span, msg);
                    Type::Error
                }
            };
        }
        if args.is_empty() {
            if let Some(ty) = self.glsl_image_type(name, t.span) {
                return ty;
            }
        }
        if let Some(kind) = ResourceKind::from_name(name) {
            if !kind.has_element() {
                if !args.is_empty() {
                    self.error("E0402", t.span, format!("`{name}` takes no template arguments"));
                }
                return Type::Resource(kind, None);
            }
            // `ConstantBuffer<row_major float3x3>`: the matrix's storage, as a field's modifier gives it.
            let mut majorness = self.default_majorness;
            let elem = match args.as_slice() {
                [] if kind.is_texture() || matches!(kind, ResourceKind::Buffer | ResourceKind::RWBuffer) => {
                    Type::Vector(Scalar::F32, 4)
                }
                [ast::GenericArg::Type(ast::TypeExpr {
                    kind: ast::TypeExprKind::MatrixLayout { row_major, inner },
                    span,
                })] if kind == ResourceKind::ConstantBuffer => {
                    let elem = self.resolve_type(inner);
                    let mut stored = &elem;
                    while let Type::Array(e, _) = stored {
                        stored = e;
                    }
                    if !elem.is_error() && !matches!(stored, Type::Matrix(..)) {
                        self.error(
                            "E0402",
                            *span,
                            "`row_major`/`column_major` applies to a matrix (or an array of them)",
                        );
                        return Type::Error;
                    }
                    majorness = if *row_major { Majorness::Row } else { Majorness::Column };
                    elem
                }
                [ast::GenericArg::Type(e)] => self.resolve_type(e),
                // `Texture2DMS<float4, 4>`: the sample count is the image's (what the host
                // creates it with and `GetDimensions` reports), not part of the shader's type.
                [elem, ast::GenericArg::Expr(count)] if kind.is_multisampled() => {
                    if let ast::ExprKind::IntLit(lit) = &count.kind {
                        let n = lit.value;
                        if !(1..=64).contains(&n) {
                            let msg = format!("`{name}` holds from 1 to 64 samples a texel, not {n}");
                            self.error("E0402", count.span, msg);
                            return Type::Error;
                        }
                    }
                    self.generic_arg_type(elem)
                }
                [ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), span })] => {
                    let fake =
                        ast::TypeExpr { kind: ast::TypeExprKind::Named { name: n.clone(), args: vec![] }, span: *span };
                    self.resolve_type(&fake)
                }
                // `StructuredBuffer<T, ScalarDataLayout>`: the layout is the buffer's own (the
                // global's `layout`), not part of its type.
                [elem, layout] if data_layout::takes_data_layout(kind) => {
                    let l = self.generic_arg_type(layout);
                    if !l.is_error() && self.data_layout_of(&l).is_none() {
                        let shown = self.type_name(&l);
                        self.error(
                            "E0402",
                            t.span,
                            format!(
                                "`{name}<T, L>` takes a data layout `L` (`DefaultDataLayout`, `ScalarDataLayout`, `Std430DataLayout`, `Std140DataLayout`), not `{shown}`"
                            ),
                        );
                        return Type::Error;
                    }
                    self.generic_arg_type(elem)
                }
                _ => {
                    self.error("E0402", t.span, format!("`{name}` takes one element type: `{name}<T>`"));
                    return Type::Error;
                }
            };
            if elem.is_error() {
                return Type::Error;
            }
            let stored = kind.is_structured_storage()
                || matches!(kind, ResourceKind::AppendStructuredBuffer | ResourceKind::ConsumeStructuredBuffer);
            if stored {
                if let Some(field) = self.resource_inside(&elem) {
                    let shown = self.type_name(&elem);
                    let d = Diagnostic::error(
                        "E0402",
                        format!("`{name}` elements are memory: `{shown}` holds a resource"),
                    )
                    .with_label(t.span, format!("`{field}` is a resource"))
                    .with_note(
                        "a resource is bound, not stored: declare it as a global (or a field of a `ParameterBlock`)",
                    );
                    self.push(d);
                    return Type::Error;
                }
            }
            if kind.is_texture() || matches!(kind, ResourceKind::Buffer | ResourceKind::RWBuffer) {
                if !matches!(elem, Type::Scalar(_) | Type::Vector(..)) {
                    self.error("E0402", t.span, format!("`{name}` elements must be scalars or vectors"));
                }
            } else if kind == ResourceKind::ConstantBuffer && !matches!(elem, Type::Struct(_)) {
                if !elem.is_numeric_like() && !matches!(elem, Type::Array(..)) {
                    self.error(
                        "E0402",
                        t.span,
                        "`ConstantBuffer<T>` needs a struct, scalar, vector, matrix or array type",
                    );
                    return Type::Error;
                }
                let h = self.constant_buffer_wrapper(&elem, majorness, t.span);
                return Type::Resource(kind, Some(Box::new(Type::Struct(h))));
            }
            return Type::Resource(kind, Some(Box::new(elem)));
        }
        if name == "DifferentialPair" && !self.types.contains_key(name) {
            return match args.as_slice() {
                [ast::GenericArg::Type(e)] => {
                    // A matrix layout says how memory holds a matrix; a pair is a value, one
                    // type whatever the layout of the matrices it is made from (as in Slang).
                    let e = match &e.kind {
                        ast::TypeExprKind::MatrixLayout { inner, .. } => inner,
                        _ => e,
                    };
                    let elem = self.resolve_type(e);
                    if elem.is_error() {
                        return Type::Error;
                    }
                    self.pair_type(&elem, t.span)
                }
                _ => {
                    self.error("E0402", t.span, "`DifferentialPair` takes one type: `DifferentialPair<float>`");
                    Type::Error
                }
            };
        }
        if name == "DifferentialPtrPair" && !self.types.contains_key(name) {
            return match args.as_slice() {
                [ast::GenericArg::Type(e)] => {
                    let elem = self.resolve_type(e);
                    if elem.is_error() {
                        return Type::Error;
                    }
                    self.ptr_pair_type(&elem, t.span)
                }
                _ => {
                    self.error("E0402", t.span, "`DifferentialPtrPair` takes one type: `DifferentialPtrPair<T>`");
                    Type::Error
                }
            };
        }
        if name == "Conditional" {
            let elem = match args.first() {
                Some(ast::GenericArg::Type(e)) => self.resolve_type(e),
                _ => Type::Error,
            };
            let has = match args.get(1) {
                Some(ast::GenericArg::Expr(e)) if args.len() == 2 => self.const_of_ast(e).and_then(|v| v.as_bool()),
                _ => None,
            };
            return match (elem.is_error(), has) {
                (false, Some(has)) => self.conditional_type(&elem, has, t.span),
                (true, _) => Type::Error,
                (false, None) => {
                    self.error(
                        "E0402",
                        t.span,
                        "`Conditional` takes a type and a constant `bool`: `Conditional<T, true>`",
                    );
                    Type::Error
                }
            };
        }
        if name == "Ptr" {
            return self.pointer_type(args, t.span);
        }
        if name == "DescriptorHandle" {
            return self.descriptor_handle_type(args, t.span);
        }
        if name == "vk::BufferPointer" {
            return self.buffer_pointer_type(args, t.span);
        }
        if name == "Ref" {
            return self.misplaced_ref(t.span);
        }
        if name == "Optional" {
            if let [ast::GenericArg::Type(inner)] = args.as_slice() {
                let inner = self.resolve_type(inner);
                if inner.is_error() {
                    return Type::Error;
                }
                return self.optional_type(&inner, t.span);
            }
            self.error("E0402", t.span, "`Optional` takes one type: `Optional<T>`");
            return Type::Error;
        }
        if self.known_interface(t) {
            return match self.interface_key(t) {
                Some(key) => self.existential_type(&key, t.span),
                None => Type::Error,
            };
        }
        if matches!(name, "RWTexture2DMS" | "RWTexture2DMSArray") {
            let d =
                Diagnostic::error("E0401", format!("read-write multisampled textures (`{name}`) are not supported"))
                    .with_label(t.span, "a multisampled storage image")
                    .with_note("read the samples through a `Texture2DMS` and write the results to another texture");
            self.push(d);
            return Type::Error;
        }
        self.error("E0401", t.span, format!("unknown type `{name}`"));
        Type::Error
    }

    /// The struct of one member, `value`, that a `ConstantBuffer<T>` of a non-struct `T` holds:
    /// the same bytes as `T` alone at offset 0, and a uniform block every target can declare.
    /// Reading the buffer by name reads `value` ([`Checker::is_constant_buffer_wrapper`]).
    fn constant_buffer_wrapper(&mut self, elem: &Type, majorness: Majorness, span: Span) -> StructId {
        if let Some(h) = self.constant_buffer_wrappers.get(&(elem.clone(), majorness)) {
            return *h;
        }
        let layout = if majorness == self.default_majorness {
            ""
        } else if majorness == Majorness::Row {
            "row_major_"
        } else {
            "column_major_"
        };
        let name: String = format!("ConstantBuffer_{layout}{}", self.type_name(elem))
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let field = Field { name: "value".into(), ty: elem.clone(), semantic: None, majorness, span };
        let h = self.module.structs.append(StructDef { name, fields: vec![field], span });
        self.constant_buffer_wrappers.insert((elem.clone(), majorness), h);
        h
    }

    pub(super) fn is_constant_buffer_wrapper(&self, h: StructId) -> bool {
        self.constant_buffer_wrappers.values().any(|w| *w == h)
    }

    fn resolve_vector_matrix(&mut self, name: &str, args: &[ast::GenericArg], span: Span) -> Type {
        // HLSL: a bare `vector` is `float4`, a bare `matrix` `float4x4`.
        match (name, args) {
            ("vector", []) => return Type::Vector(Scalar::F32, 4),
            ("matrix", []) => return Type::Matrix(Scalar::F32, 4, 4),
            _ => {}
        }
        let mut vals = Vec::new();
        let mut elem = None;
        for (i, a) in args.iter().enumerate() {
            match a {
                // A one-element vector is its element (Slang legalizes `vector<float1, 4>` as
                // `float4`). A vector of longer vectors has its own indexing (`v[0]` of a
                // `vector<float4, 1>` is the `float4`), which no type here has: an error,
                // where the scalar alone would silently change what `.x` and `[0]` read.
                ast::GenericArg::Type(t) if i == 0 => {
                    elem = match self.resolve_type(t) {
                        Type::Scalar(s) | Type::Vector(s, 1) => Some(s),
                        Type::Error => return Type::Error,
                        other => {
                            let shown = self.module.type_name(&other);
                            self.error(
                                "E0402",
                                t.span,
                                format!(
                                    "a vector or matrix of `{shown}` is not supported: the elements must be scalars"
                                ),
                            );
                            return Type::Error;
                        }
                    }
                }
                // Slang's `vector<T.Element, 4>` (parsed as a path expression): the scalar a
                // generic's scalar, vector or matrix type is made of.
                ast::GenericArg::Expr(e) if i == 0 => {
                    if let ast::ExprKind::Path { ty, name } = &e.kind {
                        if name.name == "Element" {
                            elem = match self.resolve_type(ty) {
                                t @ (Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..)) => t.scalar(),
                                _ => None,
                            };
                        }
                    }
                }
                ast::GenericArg::Expr(e) if i > 0 => {
                    let v = self.const_int_expr(e, "a vector or matrix dimension");
                    vals.push(v);
                }
                _ => {}
            }
        }
        let expected = if name == "vector" { 2 } else { 3 };
        let Some(elem) = elem.filter(|_| args.len() == expected) else {
            let form = if name == "vector" { "vector<T, N>" } else { "matrix<T, R, C>" };
            self.error("E0402", span, format!("expected `{form}` with a scalar element type"));
            return Type::Error;
        };
        let dims: Option<Vec<u8>> =
            vals.iter().map(|v| v.and_then(|v| u8::try_from(v).ok()).filter(|v| (1..=4).contains(v))).collect();
        let Some(dims) = dims else {
            self.error("E0402", span, "vector and matrix dimensions must be constants from 1 to 4");
            return Type::Error;
        };
        match dims.as_slice() {
            [1] => Type::Scalar(elem),
            [n] => Type::Vector(elem, *n),
            [r, c] => Type::Matrix(elem, *r, *c),
            _ => Type::Error,
        }
    }

    /// Applies `[N][M]` array dimensions to a base type (outermost first, as written).
    fn array_type(&mut self, base: Type, dims: &[Option<ast::Expr>], allow_unsized: bool) -> Type {
        let mut ty = base;
        for d in dims.iter().rev() {
            let len = match d {
                Some(e) => match self.const_int_unspecialized(e, "an array size", "this array size") {
                    // Slang's `T a[0]`: see `empty_arrays`.
                    Some(n) if (0..=1 << 24).contains(&n) => Some(n as u32),
                    Some(n) => {
                        self.error("E0404", e.span, format!("array size must not be negative, found {n}"));
                        return Type::Error;
                    }
                    None => return Type::Error,
                },
                None if allow_unsized => None,
                None => {
                    // The caller sizes it from the initializer.
                    None
                }
            };
            ty = Type::Array(Box::new(ty), len);
        }
        ty
    }

    /// The specialization constant `e` names, when it is just that (`[numthreads(SIZE, 1, 1)]`).
    fn names_spec_constant(&self, e: &ast::Expr) -> Option<GlobalId> {
        let ast::ExprKind::Ident(name) = &e.kind else { return None };
        let key = self.scoped(name, |n| self.globals.contains_key(n));
        self.globals.get(&key).copied().filter(|g| self.spec_defaults.contains_key(g))
    }

    /// [`Self::const_int_expr`] for what is fixed when compiled, warning when it took a
    /// specialization constant's default.
    fn const_int_unspecialized(&mut self, e: &ast::Expr, what: &str, warn_what: &str) -> Option<i64> {
        let start = self.spec_reads.len();
        let n = self.const_int_expr(e, what);
        self.fold_warning_specialized(start, e.span, warn_what);
        n
    }

    /// Folds an AST expression that must be an integer constant (array sizes, numthreads).
    /// Reports an error and returns `None` when it is not one.
    fn const_int_expr(&mut self, e: &ast::Expr, what: &str) -> Option<i64> {
        let value = self.const_of_ast(e);
        match value.as_ref().and_then(ConstValue::as_i64) {
            Some(v) if !matches!(value, Some(ConstValue::Float(_))) => Some(v),
            _ => {
                if !self.diags.iter().any(|d| d.primary_span() == Some(e.span)) {
                    let mut d = Diagnostic::error("E0404", format!("{what} must be an integer constant expression"))
                        .with_label(e.span, "not a constant");
                    if mentions_group_wave_count(e) {
                        d = d.with_note(
                            "`GetGroupWaveCount()` is a constant only when the wave size is fixed \
                             (`[WaveSize(N)]` or `--wave-size N`) and `[numthreads]` is constant",
                        );
                    }
                    self.push(d);
                }
                None
            }
        }
    }

    // ---- items ------------------------------------------------------------------------

    fn item(&mut self, item: &ast::Item) {
        match item {
            ast::Item::Function(f) => {
                if !self.out_of_line_method(f) {
                    self.function(f);
                }
            }
            ast::Item::Struct(s) => self.struct_decl(s),
            ast::Item::Specialization(args, s) => self.struct_specialization(args, s),
            ast::Item::PartialSpecialization(args, s) => self.partial_specialization(args, s),
            ast::Item::MemberDefinition(def) => self.member_definition(def),
            ast::Item::MethodDefinition(def) => self.method_definition(def),
            ast::Item::ForwardGenericStruct(s) => self.forward_generic_struct(s),
            ast::Item::Interface(i) => self.interface_decl(i),
            ast::Item::Extension(e) => self.extension_decl(e),
            ast::Item::LayoutIn(q, span) => self.layout_in(q, *span),
            ast::Item::Enum(e) => self.enum_decl(e),
            ast::Item::Namespace(name, items, _) => {
                self.namespaces.push(name.name.clone());
                self.known_namespaces.insert(self.namespaces.join("::"));
                for item in items {
                    let named = self.in_namespace(item);
                    self.item(&named);
                }
                self.namespaces.pop();
            }
            ast::Item::UsingNamespace(name, _) => self.using_namespace(name),
            ast::Item::BufferBlock(b) => self.buffer_block(b),
            ast::Item::Typedef(t) if matches!(t.ty.kind, ast::TypeExprKind::Func { .. }) => {
                if self.types.contains_key(&t.name.name) || self.fn_aliases.contains_key(&t.name.name) {
                    self.error("E0302", t.name.span, format!("`{}` is already defined", t.name.name));
                } else {
                    self.fn_aliases.insert(t.name.name.clone(), std::rc::Rc::new(t.clone()));
                }
            }
            ast::Item::Typedef(t) if !t.generics.is_empty() => {
                if self.types.contains_key(&t.name.name) || self.generic_aliases.contains_key(&t.name.name) {
                    self.error("E0302", t.name.span, format!("`{}` is already defined", t.name.name));
                } else {
                    self.generic_aliases.insert(t.name.name.clone(), std::rc::Rc::new(t.clone()));
                }
            }
            ast::Item::Typedef(t) => {
                let base = self.resolve_type(&t.ty);
                let ty = self.array_type(base, &t.array_dims, false);
                self.define_type(&t.name, ty);
                if self.names_min_precision(&t.ty) {
                    self.min_precision_names.insert(t.name.name.clone());
                }
            }
            ast::Item::Variables(g) => self.global_group(g, None),
            ast::Item::Cbuffer(cb) => {
                let index = self.module.cbuffers.len();
                let register = self.register_of(&cb.annotations);
                let vk_binding = self.vk_binding(&cb.attrs);
                self.module.cbuffers.push(Cbuffer { name: cb.name.name.clone(), register, vk_binding, span: cb.span });
                for m in &cb.members {
                    self.global_group(m, Some(index));
                }
            }
            ast::Item::Empty(_) | ast::Item::Error(_) => {}
            ast::Item::ForwardStruct(name, span) => {
                if !self.types.contains_key(&name.name) {
                    let h = self.module.structs.append(StructDef {
                        name: name.name.clone(),
                        fields: Vec::new(),
                        span: *span,
                    });
                    self.used_global_names.insert(name.name.clone());
                    self.define_type(name, Type::Struct(h));
                    self.forward_structs.insert(name.name.clone(), h);
                }
            }
        }
    }

    /// `enum E : T { A, B = 4 }`: `E` names `T` (`int` by default); each case is a constant of
    /// it, `E::A`, and also `A` alone unless the enum is `enum class`.
    fn enum_decl(&mut self, e: &ast::EnumDecl) {
        let ty = match &e.underlying {
            Some(t) => self.resolve_type(t),
            None => Type::INT,
        };
        let signed = match ty {
            Type::Scalar(s) if s.is_int() => s.is_signed_int(),
            Type::Error => return,
            _ => {
                let span = e.underlying.as_ref().map_or(e.name.span, |t| t.span);
                self.error("E0402", span, "an enum's underlying type must be an integer type");
                return;
            }
        };
        // An anonymous enum (`enum : uint { A, B }`) gives its cases and no type name.
        if !e.name.name.is_empty() {
            self.define_type(&e.name, ty.clone());
        }
        // `[Flags]`: a case without a value takes the next power of two, from 1.
        let flags = e.attrs.iter().any(|a| a.name.name == "Flags");
        let mut next = i64::from(flags);
        for (case, value) in &e.cases {
            let v = match value {
                Some(x) => match self.const_int_expr(x, "an enum value") {
                    Some(v) => v,
                    None => continue,
                },
                None => next,
            };
            next = if flags {
                if v == 0 {
                    1
                } else {
                    v.wrapping_shl(1)
                }
            } else {
                v.wrapping_add(1)
            };
            let value = if signed { ConstValue::Int(v) } else { ConstValue::Uint(v as u64) };
            let key = format!("{}::{}", e.name.name, case.name);
            let case_name = self.qualify(&case.name);
            if self.enum_cases.insert(key, (value.clone(), ty.clone())).is_some() {
                self.error("E0302", case.span, format!("`{}` is already a case of `{}`", case.name, e.name.name));
                continue;
            }
            if !e.scoped {
                // Slang scopes every enum's cases (`E.A`); HLSL's plain enums also name them
                // alone. Two enums with a case of the same name leave that name to neither.
                let owners = self.enum_case_owners.entry(case_name.clone()).or_default();
                owners.push(e.name.name.clone());
                if owners.len() > 1 {
                    self.globals.remove(&case_name);
                    continue;
                }
                if self.globals.contains_key(&case_name) {
                    self.error("E0302", case.span, format!("`{}` is already defined", case.name));
                    continue;
                }
                let g = self.module.globals.append(Global {
                    name: case_name.clone(),
                    ty: ty.clone(),
                    majorness: Majorness::Column,
                    space: AddressSpace::Constant,
                    init: Some(value.clone()),
                    register: None,
                    vk_binding: None,
                    packoffset: None,
                    image_format: None,
                    format_unknown: false,
                    entry_param: false,
                    parameter_block: false,
                    layout: None,
                    coherent: false,
                    span: case.span,
                    shares_binding: None,
                });
                self.used_global_names.insert(case_name.clone());
                self.global_consts.insert(g, value);
                self.globals.insert(case_name, g);
            }
        }
    }

    /// `using namespace N;`: `N`'s names are found after the enclosing namespaces'.
    pub(super) fn using_namespace(&mut self, name: &ast::Ident) {
        let full = self.scoped(&name.name, |n| self.known_namespaces.contains(n));
        if !self.known_namespaces.contains(&full) {
            self.error("E0301", name.span, format!("no namespace `{}`", name.name));
        } else if !self.using.contains(&full) {
            self.using.push(full);
        }
    }

    /// `name` declared in the current namespace: `N::M::name`.
    pub(super) fn qualify(&self, name: &str) -> String {
        if self.namespaces.is_empty() {
            name.to_string()
        } else {
            format!("{}::{name}", self.namespaces.join("::"))
        }
    }

    /// The full name that `name`, written inside the current namespaces, refers to: the
    /// innermost enclosing namespace's first, then the global one, then the `using` ones; the
    /// name as written when none has it.
    pub(super) fn scoped(&self, name: &str, exists: impl Fn(&str) -> bool) -> String {
        // `::name`: the file scope's.
        if let Some(global) = name.strip_prefix("::") {
            return global.to_string();
        }
        for i in (1..=self.namespaces.len()).rev() {
            let q = format!("{}::{name}", self.namespaces[..i].join("::"));
            if exists(&q) {
                return q;
            }
        }
        if exists(name) {
            return name.to_string();
        }
        self.using.iter().map(|u| format!("{u}::{name}")).find(|q| exists(q)).unwrap_or_else(|| name.to_string())
    }

    /// An item declared inside the current namespace, its names qualified (`N::f`).
    fn in_namespace(&self, item: &ast::Item) -> ast::Item {
        let q = |c: &Self, i: &ast::Ident| ast::Ident { name: c.qualify(&i.name), span: i.span };
        let mut item = item.clone();
        match &mut item {
            ast::Item::Function(f) => f.name = q(self, &f.name),
            ast::Item::Struct(s)
            | ast::Item::Interface(s)
            | ast::Item::Specialization(_, s)
            | ast::Item::PartialSpecialization(_, s)
            | ast::Item::ForwardGenericStruct(s) => s.name = q(self, &s.name),
            ast::Item::Typedef(t) => t.name = q(self, &t.name),
            ast::Item::ForwardStruct(name, _) => *name = q(self, name),
            ast::Item::Enum(e) => e.name = q(self, &e.name),
            ast::Item::Variables(g) => {
                for d in &mut g.decls {
                    d.name = q(self, &d.name);
                }
            }
            ast::Item::Cbuffer(c) => {
                c.name = q(self, &c.name);
                for g in &mut c.members {
                    for d in &mut g.decls {
                        d.name = q(self, &d.name);
                    }
                }
            }
            ast::Item::Namespace(..) => {}
            _ => {}
        }
        item
    }

    /// `S::Inner` or `T::Assoc` (`T` a generic parameter bound to a struct): a type declared
    /// inside the struct. `None` when the part before `::` is no type (a namespace).
    fn member_type(&mut self, name: &str, span: Span) -> Option<Type> {
        let (outer, inner) = name.rsplit_once("::")?;
        let key = self.scoped(outer, |n| self.types.contains_key(n));
        let outer_ty = match self.types.get(&key) {
            Some(t) => t.clone(),
            None => self.member_type(outer, span)?,
        };
        let found = match &outer_ty {
            Type::Struct(h) => self.types.get(&format!("{}::{inner}", self.module.structs[*h].name)).cloned(),
            _ => None,
        };
        if found.is_none() {
            let outer_name = self.type_name(&outer_ty);
            self.error("E0401", span, format!("`{outer_name}` has no type member `{inner}`"));
        }
        Some(found.unwrap_or(Type::Error))
    }

    fn define_type(&mut self, name: &ast::Ident, ty: Type) {
        if self.types.contains_key(&name.name) && !self.stdlib.typedefs.contains_key(&name.name) {
            self.error("E0302", name.span, format!("`{}` is already defined", name.name));
            return;
        }
        self.types.insert(name.name.clone(), ty);
    }

    fn struct_decl(&mut self, s: &ast::StructDecl) {
        if !s.generics.is_empty() {
            self.generic_struct(s);
            return;
        }
        let h = self.struct_fields(s);
        self.struct_members(h, &s.members, &s.bases);
    }

    /// The struct a struct's base names (HLSL's `struct D : B`, Slang's `struct D<N> : B<N>`);
    /// `None` for an interface.
    fn base_struct(&mut self, b: &ast::TypeExpr) -> Option<StructId> {
        if !b.args().is_empty() {
            let generic = self.scoped(b.name(), |n| self.generic_structs.contains_key(n));
            if !self.generic_structs.contains_key(&generic) {
                return None;
            }
            return match self.resolve_type(b) {
                Type::Struct(h) => Some(h),
                _ => None,
            };
        }
        let key = self.scoped(b.name(), |n| self.types.contains_key(n));
        match self.types.get(&key) {
            Some(Type::Struct(h)) => Some(*h),
            _ => None,
        }
    }

    /// Whether a value of `ty` holds a struct `h` (itself, an element, or a field's).
    fn holds_struct(&self, ty: &Type, h: StructId) -> bool {
        match ty {
            Type::Struct(s) => *s == h || self.module.structs[*s].fields.iter().any(|f| self.holds_struct(&f.ty, h)),
            Type::Array(e, _) => self.holds_struct(e, h),
            _ => false,
        }
    }

    /// Defines struct `s` with its fields; its methods come after.
    fn struct_fields(&mut self, s: &ast::StructDecl) -> StructId {
        // A field pointing to the struct itself (`Node* next`): the struct is declared ahead,
        // as `struct Node;` would, so the field's type finds it.
        let points_to_itself = s.members.iter().any(|m| match m {
            ast::StructMember::Fields(g) => points_to(&g.ty, &s.name.name),
            _ => false,
        });
        if points_to_itself
            && !self.types.contains_key(&s.name.name)
            && !self.forward_structs.contains_key(&s.name.name)
        {
            let h =
                self.module.structs.append(StructDef { name: s.name.name.clone(), fields: Vec::new(), span: s.span });
            self.used_global_names.insert(s.name.name.clone());
            self.define_type(&s.name, Type::Struct(h));
            self.forward_structs.insert(s.name.name.clone(), h);
        }
        let mut fields: Vec<Field> = Vec::new();
        let mut defaults = Vec::new();
        // Slang's access control: which fields an initializer list reaches, which are private.
        let struct_visibility = visibility(&s.modifiers);
        let mut listed: Vec<bool> = Vec::new();
        let mut private: Vec<u32> = Vec::new();
        let mut parameter_blocks: Vec<u32> = Vec::new();
        let mut no_diff: Vec<u32> = Vec::new();
        let mut derivative_members: Vec<(u32, String)> = Vec::new();
        // HLSL's `struct D : B`: `B`'s fields come first (interfaces among the bases add none).
        let mut bases = Vec::new();
        let mut origins: Vec<String> = Vec::new();
        for b in &s.bases {
            if let Some(base) = self.base_struct(b) {
                bases.push((base, fields.len()));
                let base_defaults = self.field_defaults.get(&base).cloned();
                for (i, f) in self.module.structs[base].fields.clone().into_iter().enumerate() {
                    defaults.push(base_defaults.as_ref().and_then(|d| d.get(i).cloned().flatten()));
                    fields.push(f);
                    origins.push(self.module.structs[base].name.clone());
                }
            }
        }
        let inherited = fields.len();
        // A nested typedef may name the struct itself (`typealias Next = S;`): declared ahead
        // (only then: its nested structs come first in the module, as the targets declare them).
        let own = s.name.name.rsplit("::").next().unwrap_or(&s.name.name);
        let names_itself = s.members.iter().any(|m| {
            matches!(m, ast::StructMember::Type(t) if methods::mentions(&t.ty, own) || methods::mentions(&t.ty, "This"))
        });
        // So may a nested struct (`struct L1 { struct Packed { L1 Unpack(); }; }`).
        let nested_names_it = s
            .members
            .iter()
            .any(|m| matches!(m, ast::StructMember::Struct(inner) if methods::struct_mentions(inner, own)));
        if (names_itself || nested_names_it) && !self.types.contains_key(&s.name.name) {
            self.item(&ast::Item::ForwardStruct(s.name.clone(), s.span));
        }
        let outer = self.enter_struct_scope(&s.name.name);
        // Static constants of built-in types first: the fields' and nested structs' array
        // lengths may name them. The others (of the struct's own type, say) come with the
        // methods, once the struct is whole.
        for m in &s.members {
            if let ast::StructMember::Fields(g) = m {
                let builtin = matches!(&g.ty.kind, ast::TypeExprKind::Named { name, args } if args.is_empty() && crate::syntax::classify::is_builtin_type(name));
                if g.modifiers.has(ast::Modifier::Static) && g.modifiers.has(ast::Modifier::Const) && builtin {
                    let mut g = g.clone();
                    let (params, bound) = self.take_member_definitions(&s.name.name, &mut g);
                    for d in &mut g.decls {
                        d.name.name = methods::method_key(&s.name.name, &d.name.name);
                        self.early_statics.insert(d.name.name.clone());
                    }
                    let outer_params = self.bind_generics(&params, &bound);
                    self.global_group(&g, None);
                    self.unbind_generics(outer_params);
                }
            }
        }
        // Nested types, named `S::Inner`; inside the struct, `Inner` alone finds them (and
        // `This` the struct, declared ahead when they name it).
        let this = self.types.get(&s.name.name).cloned().filter(|_| names_itself);
        let outer_this = this.map(|t| self.types.insert("This".into(), t));
        for m in &s.members {
            match m {
                ast::StructMember::Type(t) => {
                    let base = self.resolve_type(&t.ty);
                    let ty = self.array_type(base, &t.array_dims, false);
                    let name = ast::Ident { name: format!("{}::{}", s.name.name, t.name.name), span: t.name.span };
                    self.define_type(&name, ty);
                }
                ast::StructMember::Struct(inner) => {
                    let mut inner = inner.clone();
                    inner.name.name = format!("{}::{}", s.name.name, inner.name.name);
                    self.struct_decl(&inner);
                }
                _ => {}
            }
        }
        match outer_this {
            Some(Some(t)) => _ = self.types.insert("This".into(), t),
            Some(None) => _ = self.types.remove("This"),
            None => {}
        }
        for m in &s.members {
            match m {
                ast::StructMember::Type(_)
                | ast::StructMember::Struct(_)
                | ast::StructMember::AssociatedType { .. } => {}
                // A static member is a global of its own (`S::K`), declared with the methods.
                ast::StructMember::Fields(g) if g.modifiers.has(ast::Modifier::Static) => {}
                ast::StructMember::Fields(g) => {
                    let base = self.resolve_type(&g.ty);
                    for d in &g.decls {
                        let ty = self.array_type(base.clone(), &d.array_dims, false);
                        match fields.iter().position(|f| f.name == d.name.name) {
                            // A field of a base struct of the same name is hidden, not
                            // replaced: it keeps its place under a name of its own.
                            Some(i) if i < inherited => {
                                let mut hidden = format!("{}_{}", origins[i], fields[i].name);
                                while fields.iter().any(|f| f.name == hidden) {
                                    hidden.push('_');
                                }
                                fields[i].name = hidden;
                            }
                            Some(_) => {
                                self.error("E0302", d.name.span, format!("duplicate field `{}`", d.name.name));
                            }
                            None => {}
                        }
                        let semantic = d.annotations.iter().find_map(|a| match a {
                            ast::Annotation::Semantic(i) => Some(i.name.clone()),
                            _ => None,
                        });
                        let majorness = self.majorness(&g.modifiers);
                        let field_visibility = visibility(&g.modifiers);
                        if field_visibility == Some(0) {
                            private.push(fields.len() as u32);
                        }
                        if g.modifiers.has(ast::Modifier::NoDiff) {
                            no_diff.push(fields.len() as u32);
                        }
                        if let Some(member) = autodiff::derivative_member(&g.attrs) {
                            derivative_members.push((fields.len() as u32, member));
                        }
                        while listed.len() < fields.len() {
                            listed.push(true);
                        }
                        listed.push(match (struct_visibility, field_visibility) {
                            (Some(sv), Some(fv)) => fv >= sv,
                            _ => true,
                        });
                        if matches!(&g.ty.kind, ast::TypeExprKind::Named { name, .. } if name == "ParameterBlock") {
                            parameter_blocks.push(fields.len() as u32);
                        }
                        fields.push(Field { name: d.name.name.clone(), ty, semantic, majorness, span: d.name.span });
                        defaults.push(d.init.clone());
                    }
                }
                ast::StructMember::Method(_) | ast::StructMember::Property(_) => {}
            }
        }
        self.namespaces = outer;
        // Declared ahead (`struct S;`): the definition fills the handle its uses already have.
        let forward = self.forward_structs.remove(&s.name.name);
        if let Some(h) = forward {
            for f in &mut fields {
                if self.holds_struct(&f.ty, h) {
                    self.error("E0302", f.span, format!("`{}` cannot contain itself", s.name.name));
                    f.ty = Type::Error;
                }
            }
        }
        let def = StructDef { name: s.name.name.clone(), fields, span: s.span };
        let h = match forward {
            Some(h) => {
                self.module.structs[h] = def;
                h
            }
            None => self.module.structs.append(def),
        };
        if defaults.iter().any(Option::is_some) {
            self.field_defaults.insert(h, defaults);
        }
        if !bases.is_empty() {
            self.struct_bases.insert(h, bases);
        }
        if listed.contains(&false) {
            self.list_fields.insert(h, listed);
        }
        self.private_fields.extend(private.into_iter().map(|i| (h, i)));
        self.module.parameter_block_fields.extend(parameter_blocks.into_iter().map(|i| (h, i)));
        self.autodiff.no_diff_fields.extend(no_diff.into_iter().map(|i| (h, i)));
        self.autodiff.derivative_members.extend(derivative_members.into_iter().map(|(i, m)| ((h, i), m)));
        if s.members.iter().any(|m| matches!(m, ast::StructMember::Method(f) if f.name.name == "__init")) {
            self.own_constructors.insert(h);
        }
        if forward.is_none() {
            self.used_global_names.insert(s.name.name.clone());
            self.define_type(&s.name, Type::Struct(h));
        }
        h
    }

    /// The type of Slang's `static const let C = e;`: the type `e` names (`float(3)`,
    /// `uint2(…)`), else that of its constant value.
    fn inferred_global_type(&mut self, e: &ast::Expr) -> Type {
        match &e.kind {
            ast::ExprKind::Construct { ty, .. } | ast::ExprKind::Cast { ty, .. } => self.resolve_type(ty),
            _ => match self.const_of_ast(e).as_ref().and_then(consts::scalar_of_const) {
                Some(s) => Type::Scalar(s),
                None => {
                    self.error(
                        "E0505",
                        e.span,
                        "the type of this global cannot be inferred: write it, `let x : T = …;`",
                    );
                    Type::Error
                }
            },
        }
    }

    fn register_of(&mut self, annotations: &[ast::Annotation]) -> Option<Register> {
        self.registers_of(annotations).into_iter().next()
    }

    /// Every `: register(…)` of a declaration (a combined texture-sampler has a `t` and an `s`).
    fn registers_of(&mut self, annotations: &[ast::Annotation]) -> Vec<Register> {
        let mut out = Vec::new();
        for a in annotations {
            if let ast::Annotation::Register { slot, space, span } = a {
                // `register(space3)`: the set only; the class is the resource's own.
                if let (Some(n), None) = (slot.name.strip_prefix("space").and_then(|n| n.parse().ok()), space) {
                    out.push(Register { class: 'b', index: None, space: n });
                    continue;
                }
                let mut chars = slot.name.chars();
                let class = chars.next().map(|c| c.to_ascii_lowercase());
                let index = chars.as_str().parse::<u32>().ok();
                let space_index = match space {
                    None => Some(0),
                    Some(s) => s.name.strip_prefix("space").and_then(|n| n.parse().ok()),
                };
                match (class, index, space_index) {
                    (Some(c @ ('t' | 'u' | 'b' | 's' | 'c')), Some(index), Some(space)) => {
                        out.push(Register { class: c, index: Some(index), space });
                    }
                    _ => self.error(
                        "E0503",
                        *span,
                        "malformed register: expected `register(u0)` or `register(t1, space2)`",
                    ),
                }
            }
        }
        out
    }

    /// `: packoffset(c2.y)` as a byte offset (16 per register, 4 per component); only a
    /// `cbuffer`'s members have one.
    fn packoffset(&mut self, annotations: &[ast::Annotation], in_cbuffer: bool) -> Option<u32> {
        let (text, span) = annotations.iter().find_map(|a| match a {
            ast::Annotation::Packoffset { text, span } => Some((text, *span)),
            _ => None,
        })?;
        if !in_cbuffer {
            self.error("E0503", span, "`packoffset` is only allowed on the members of a `cbuffer`");
            return None;
        }
        let (reg, comp) = text.split_once('.').map_or((text.as_str(), None), |(r, c)| (r, Some(c)));
        let register = reg.strip_prefix(['c', 'C']).and_then(|n| n.parse::<u32>().ok());
        let component = match comp {
            None => Some(0),
            Some(c) if c.len() == 1 => "xyzw".find(c).or_else(|| "rgba".find(c)).map(|i| i as u32),
            Some(_) => None,
        };
        match (register, component) {
            (Some(r), Some(c)) => Some(16 * r + 4 * c),
            _ => {
                self.error(
                    "E0503",
                    span,
                    format!("malformed `packoffset({text})`: expected `packoffset(c2)` or `packoffset(c2.y)`"),
                );
                None
            }
        }
    }

    fn vk_binding(&mut self, attrs: &[ast::Attribute]) -> Option<(u32, u32)> {
        let a = attrs.iter().find(|a| a.name.name == "vk::binding")?;
        let mut vals = Vec::new();
        for e in &a.args {
            vals.push(self.const_int_expr(e, "a binding number")?);
        }
        match vals.as_slice() {
            [b] if *b >= 0 => Some((*b as u32, 0)),
            [b, s] if *b >= 0 && *s >= 0 => Some((*b as u32, *s as u32)),
            _ => {
                self.error("E0503", a.span, "expected `[[vk::binding(binding)]]` or `[[vk::binding(binding, set)]]`");
                None
            }
        }
    }

    /// `[SpecializationConstant]` (`Some(None)`) or `[vk::constant_id(N)]` (`Some(Some(N))`).
    fn spec_constant_attr(&mut self, attrs: &[ast::Attribute]) -> Option<Option<u32>> {
        let mut found = None;
        for a in attrs {
            match a.name.name.as_str() {
                "SpecializationConstant" | "vk::specialization_constant" => found = Some(found.flatten()),
                "vk::constant_id" => {
                    let id = match a.args.as_slice() {
                        [e] => self.const_int_expr(e, "a specialization constant id"),
                        _ => None,
                    };
                    match id.and_then(|i| u32::try_from(i).ok()) {
                        Some(id) => found = Some(Some(id)),
                        None => self.error("E0522", a.span, "expected `[vk::constant_id(N)]` with N a constant from 0"),
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// Records global `h` as a specialization constant of default `v`.
    fn spec_constant(&mut self, h: GlobalId, id: Option<u32>, v: ConstValue, m: &ast::Modifiers, span: Span) {
        let ty = self.module.globals[h].ty.clone();
        if !matches!(ty, Type::Scalar(_)) {
            let msg = format!("a specialization constant is a scalar or an enum, not `{}`", self.module.type_name(&ty));
            self.error("E0522", span, msg);
            return;
        }
        // Slang also takes one declared without `const` (`[vk::constant_id(0)] int X;`).
        if m.has(ast::Modifier::Static) {
            self.error("E0522", span, "a specialization constant is declared `const`, without `static`");
            return;
        }
        self.spec_defaults.insert(h, v);
        self.spec_requests.push((h, id, span));
    }

    /// `string name = "text";` (`const` or not, as DXC allows): the text, for `printf`.
    fn string_global(&mut self, d: &ast::VarDecl) {
        let text = match &d.init {
            Some(ast::Initializer::Expr(ast::Expr { kind: ast::ExprKind::StringLit(s), .. }))
                if d.array_dims.is_empty() =>
            {
                s.clone()
            }
            _ => {
                self.error("E0405", d.name.span, "a `string` global is set to one string literal: `string s = \"…\";`");
                return;
            }
        };
        if self.globals.contains_key(&d.name.name) || self.string_globals.contains_key(&d.name.name) {
            self.error("E0302", d.name.span, format!("`{}` is already defined", d.name.name));
            return;
        }
        self.string_globals.insert(d.name.name.clone(), text);
    }

    fn global_group(&mut self, g: &ast::VarDeclGroup, cbuffer: Option<usize>) {
        use ast::Modifier as M;
        let base = match (&g.ty.kind, g.decls.first().and_then(|d| d.init.as_ref())) {
            (ast::TypeExprKind::Inferred, Some(ast::Initializer::Expr(e))) => self.inferred_global_type(e),
            _ => self.resolve_type(&g.ty),
        };
        let (base, glsl_format) = self.glsl_image_format(&g.ty, &g.attrs, base);
        let m = &g.modifiers;
        for d in &g.decls {
            if self.extern_defined.contains(&d.name.name) {
                continue;
            }
            if m.has(M::Extern) && m.has(M::Static) && d.init.is_none() {
                if let Some(def) = self.extern_definitions.get(&d.name.name).cloned() {
                    self.global_group(&def, cbuffer);
                    self.extern_defined.insert(d.name.name.clone());
                    continue;
                }
                if self.entry_attrs_known != EntryAttrs::FromTree {
                    self.extern_unresolved = true;
                }
            }
            if base == Type::String {
                self.string_global(d);
                continue;
            }
            let mut ty = self.array_type(base.clone(), &d.array_dims, false);
            // Slang's global varying input (`in uint3 gid : SV_GroupID;`): the entry point's
            // system value, stored in a private global before its body runs.
            let system_value = d.annotations.iter().find_map(|a| match a {
                ast::Annotation::Semantic(s) if cbuffer.is_none() => {
                    BuiltinInput::from_semantic(&s.name).filter(|b| *b != BuiltinInput::GroupWaveIndex)
                }
                _ => None,
            });
            let spec = self.spec_constant_attr(&g.attrs);
            // `[[vk::push_constant]]` (or GLSL's `layout(push_constant)`) on a struct or a
            // `ConstantBuffer<T>`: the value lives in the push-constant block.
            let push_constant =
                g.attrs.iter().any(|a| matches!(a.name.name.as_str(), "vk::push_constant" | "layout(push_constant)"));
            if push_constant {
                if let Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) = &ty {
                    ty = (**inner).clone();
                }
            }
            let resource = matches!(ty, Type::Resource(..))
                || matches!(&ty, Type::Array(e, _) if matches!(**e, Type::Resource(..)));
            // A resource declared in a `cbuffer` takes no bytes there: it is a global of its own,
            // bound after the block in declaration order, as Slang and DXC bind it.
            let space = if cbuffer.is_some() && !resource {
                AddressSpace::Uniform { cbuffer }
            } else if push_constant && !resource && !m.has(M::Static) {
                AddressSpace::PushConstant
            } else if system_value.is_some() {
                AddressSpace::Private
            } else if spec.is_some() || (self.glsl_semantics && m.has(M::Const)) {
                // A specialization constant holds its default; in GLSL a `const` global is a
                // constant, not HLSL's uniform.
                AddressSpace::Constant
            } else if resource {
                AddressSpace::Resource
            } else if m.has(M::Groupshared) {
                AddressSpace::Groupshared
            } else if m.has(M::Static) && m.has(M::Const) {
                AddressSpace::Constant
            } else if m.has(M::Static) || (!m.has(M::Uniform) && self.holds_no_data(&ty)) {
                // A global that holds nothing (Slang's `Tuple<> t = makeTuple();`) is no shader
                // parameter: there is nothing to bind.
                AddressSpace::Private
            } else {
                // HLSL: a global without `static` is a uniform in the implicit `$Globals`.
                AddressSpace::Uniform { cbuffer: None }
            };
            if let (AddressSpace::Resource, true, Some(init)) = (&space, m.has(M::Static), &d.init) {
                if matches!(ty, Type::Resource(..)) {
                    self.declare_resource_alias(&d.name.name, init, ty, m.has(M::Globallycoherent));
                    continue;
                }
            }
            let mut runtime_init: Option<ast::Initializer> = None;
            let init = match &d.init {
                Some(init) => {
                    if space == AddressSpace::Groupshared {
                        // DXC accepts the initializer and ignores it: groupshared memory starts
                        // undefined on every target.
                        self.diags.push(
                            Diagnostic::warning("W0505", "a groupshared variable's initializer is ignored")
                                .with_label(init.span(), "groupshared memory starts undefined")
                                .with_note("set it in the shader, then `GroupMemoryBarrierWithGroupSync()`"),
                        );
                        None
                    } else if !matches!(space, AddressSpace::Constant | AddressSpace::Private) {
                        self.error("E0505", init.span(), "only `static` globals can have initializers");
                        None
                    } else {
                        // Statics start from their initial values in declaration order, so an
                        // initializer may read an earlier `static`'s, const or not.
                        self.folding_global_init = true;
                        let start = self.spec_reads.len();
                        let mut v = self.const_initializer(init, &mut ty);
                        self.fold_warning_specialized(start, init.span(), "this initializer");
                        self.folding_global_init = false;
                        // A value of no data is known whatever computes it (`makeTuple()`).
                        if v.is_none() && self.holds_no_data(&ty) {
                            v = Some(self.no_data_value(&ty));
                        }
                        if v.is_none() && cbuffer.is_none() && spec.is_none() {
                            // Computed when the shader starts, as DXC computes such a `static`.
                            runtime_init = Some(init.clone());
                        } else if v.is_none() {
                            self.error("E0505", init.span(), "a global initializer must be a constant expression");
                        }
                        v
                    }
                }
                // A constant of no data (a struct of methods only, as engines use to give a
                // texture-like interface) has its one value without an initializer, as DXC allows.
                None if space == AddressSpace::Constant && self.holds_no_data(&ty) => Some(self.no_data_value(&ty)),
                // Slang's `[vk::constant_id(0)] int X;`: a specialization constant whose
                // default is zero.
                None if spec.is_some() => empty_arrays::zero_const(&ty, &self.module.structs),
                None => {
                    if space == AddressSpace::Constant {
                        let mut e = Diagnostic::error("E0505", "a `static const` needs an initializer")
                            .with_label(d.name.span, "here");
                        if let Some((owner, member)) = d.name.name.rsplit_once("::") {
                            e = e.with_note(format!(
                                "give it one here, or define it after the struct: `const T {owner}::{member} = …;`"
                            ));
                        }
                        self.push(e);
                    }
                    None
                }
            };
            // An unsized array of textures, samplers, typed, storage or constant buffers or acceleration
            // structures is a bindless table (its length is the binding's); of anything else, a
            // mistake.
            let bindless = matches!(&ty, Type::Array(e, None) if matches!(**e, Type::Resource(k, _) if k.is_texture() || k.is_sampler() || k.is_byte_address() || k.is_structured_storage() || matches!(k, ResourceKind::Buffer | ResourceKind::RWBuffer | ResourceKind::ConstantBuffer | ResourceKind::RaytracingAccelerationStructure)))
                || (matches!(&ty, Type::Array(_, None)) && self.is_combined_sampler(&ty));
            if matches!(ty, Type::Array(_, None)) && !bindless {
                self.error("E0404", d.name.span, "array size missing");
                ty = Type::Error;
            }
            let register = self.register_of(&d.annotations).map(|mut r| {
                if r.index.is_none() {
                    r.class = ty.register_class();
                }
                r
            });
            let vk_binding = self.vk_binding(&g.attrs);
            let image_format = glsl_format.or_else(|| self.image_format_attr(&g.attrs, &ty));
            let packoffset = self.packoffset(&d.annotations, cbuffer.is_some());
            let coherent = m.has(M::Globallycoherent);
            if coherent && !resource_kind(&ty).is_some_and(|k| k.is_writable()) {
                self.error(
                    "E0518",
                    d.name.span,
                    format!(
                        "`globallycoherent` applies to writable resources (RW buffers and textures), not `{}`",
                        self.module.type_name(&ty)
                    ),
                );
            }
            if self.globals.contains_key(&d.name.name) || self.resource_struct_globals.contains_key(&d.name.name) {
                self.error("E0302", d.name.span, format!("`{}` is already defined", d.name.name));
                continue;
            }
            if space != AddressSpace::Groupshared && !m.has(M::Static) && d.init.is_none() {
                if let (None, Some(fields)) = (cbuffer, self.resource_fields(&ty)) {
                    self.resource_struct_global(d, &g.attrs, ty, fields, coherent);
                    continue;
                }
                if self.is_mixed_struct(&ty, cbuffer.is_some()) {
                    self.mixed_struct_global(d, &g.attrs, ty, coherent, cbuffer);
                    continue;
                }
            }
            self.used_global_names.insert(d.name.name.clone());
            let buffer_rule = self.declared_buffer_rule(&g.ty);
            let storage_block = matches!(&g.ty.kind, ast::TypeExprKind::Named { name, .. } if name == data_layout::SHADER_STORAGE_BUFFER);
            let h = self.module.globals.append(Global {
                name: d.name.name.clone(),
                ty,
                majorness: self.majorness(m),
                space: space.clone(),
                init: init.clone(),
                register,
                vk_binding,
                packoffset,
                image_format,
                format_unknown: glsl_format.is_none() && Self::image_format_unknown(&g.attrs),
                entry_param: false,
                parameter_block: matches!(&g.ty.kind, ast::TypeExprKind::Named { name, .. } if name == "ParameterBlock"),
                layout: buffer_rule,
                coherent,
                span: d.name.span,
                shares_binding: None,
            });
            if storage_block {
                self.shader_storage_block(h, d.name.span);
            }
            if let Some(init) = runtime_init {
                self.runtime_initializer(h, &init, space == AddressSpace::Constant);
            }
            match (&space, init) {
                (AddressSpace::Constant, Some(v)) if spec.is_some() => {
                    self.spec_constant(h, spec.flatten(), v, m, d.name.span);
                }
                (AddressSpace::Constant, Some(v)) => {
                    self.global_consts.insert(h, v);
                }
                (AddressSpace::Private, Some(v)) => {
                    self.static_inits.insert(h, v);
                }
                _ => {}
            }
            if let Some(input) = system_value {
                self.global_inputs.push((input, h));
            }
            self.globals.insert(d.name.name.clone(), h);
        }
    }

    /// The fields of `ty`'s struct (of an array's element) when every one is a resource: a
    /// global of it is a set of resources, one global each.
    fn resource_fields(&self, ty: &Type) -> Option<Vec<(String, Type)>> {
        let mut t = ty;
        while let Type::Array(e, _) = t {
            t = e;
        }
        let fields = self.module.resource_fields(t)?;
        Some(fields.iter().map(|f| (f.name.clone(), f.ty.clone())).collect())
    }

    /// A global of a struct of resources: one resource global per field, `NAME_FIELD`, of the
    /// field's type (in the declared array's shape; a combined texture-sampler's texture is
    /// `NAME`). Each takes the `register` of its class
    /// (`Sampler2D t : register(t0) : register(s0)`). A combined texture-sampler's sampler is
    /// bound with its texture (Vulkan's combined image sampler descriptor); other structs' fields
    /// take bindings of their own, from a `[[vk::binding(b)]]` on: `b`, `b + 1`, ….
    fn resource_struct_global(
        &mut self,
        d: &ast::VarDecl,
        attrs: &[ast::Attribute],
        ty: Type,
        fields: Vec<(String, Type)>,
        coherent: bool,
    ) {
        let combined = self.is_combined_sampler(&ty);
        let registers = self.registers_of(&d.annotations);
        let vk_binding = self.vk_binding(attrs);
        // Each field's type takes the declared array's shape.
        let mut dims = Vec::new();
        let mut t = &ty;
        while let Type::Array(e, n) = t {
            dims.push(*n);
            t = e;
        }
        let mut leaves: Vec<GlobalId> = Vec::with_capacity(fields.len());
        for (i, (field, field_ty)) in fields.into_iter().enumerate() {
            let class = field_ty.register_class();
            let register = field_register(&registers, class);
            let leaf_ty = dims.iter().rev().fold(field_ty, |acc, n| Type::Array(Box::new(acc), *n));
            let vk_binding = vk_binding.map(|(b, set)| if combined { (b, set) } else { (b + i as u32, set) });
            // A combined texture-sampler's texture keeps the declared name (its one binding's,
            // as Slang reflects it).
            let name = if combined && i == 0 { d.name.name.clone() } else { format!("{}_{field}", d.name.name) };
            let mut global = Global::new(name, leaf_ty, AddressSpace::Resource, d.name.span);
            global.register = register;
            global.vk_binding = vk_binding;
            global.coherent = coherent && matches!(&global.ty, Type::Resource(k, _) if k.is_writable());
            global.shares_binding = if combined { leaves.first().copied() } else { None };
            let h = self.module.globals.append(global);
            self.used_global_names.insert(self.module.globals[h].name.clone());
            leaves.push(h);
        }
        // Inputs name the struct as declared (`set test = { ubuffer(…) }`): each field a part.
        if let Type::Struct(h) = ty {
            let parts = leaves.iter().map(|g| Some(BlockPart::Resource(*g))).collect();
            self.module.split_blocks.push(SplitBlock { name: d.name.name.clone(), ty: h, parts });
        }
        let parts = leaves.into_iter().map(BlockPart::Resource).collect();
        self.resource_struct_globals.insert(d.name.name.clone(), (ty, parts));
    }

    /// Whether `ty` is a struct of resources (or arrays of them) and data side by side (Slang's
    /// `struct AliasTable { StructuredBuffer<Item> items; uint count; }`), none of its data
    /// holding a resource; in a `cbuffer` (`in_cbuffer`), also one of resources only.
    fn is_mixed_struct(&self, ty: &Type, in_cbuffer: bool) -> bool {
        let Type::Struct(h) = ty else { return false };
        let fields = &self.module.structs[*h].fields;
        let resources = fields.iter().filter(|f| f.ty.is_resource_or_array()).count();
        // Resources only, outside a cbuffer: [`Self::resource_struct_global`]'s, unless a field
        // is an array of them.
        resources > 0
            && (in_cbuffer || resources < fields.len() || self.module.resource_fields(ty).is_none())
            && fields.iter().all(|f| f.ty.is_resource_or_array() || !self.module.holds_resources(&f.ty))
    }

    /// A global of a struct of resources and data ([`Self::is_mixed_struct`]), as Slang binds
    /// one: each resource field a resource global of its own, `NAME_FIELD` (bound as
    /// [`Self::resource_struct_global`] binds fields), and the data fields one uniform, `NAME`,
    /// of a struct of those fields in order, among the loose uniforms (`$Globals`) or in the
    /// `cbuffer` it is declared in: the offsets Slang gives them, resources taking no bytes
    /// there. The name reads as the struct built from the parts.
    fn mixed_struct_global(
        &mut self,
        d: &ast::VarDecl,
        attrs: &[ast::Attribute],
        ty: Type,
        coherent: bool,
        cbuffer: Option<usize>,
    ) {
        let Type::Struct(h) = ty else { return };
        let registers = self.registers_of(&d.annotations);
        let vk_binding = self.vk_binding(attrs);
        let fields = self.module.structs[h].fields.clone();
        let data_fields: Vec<Field> = fields.iter().filter(|f| !f.ty.is_resource_or_array()).cloned().collect();
        self.used_global_names.insert(d.name.name.clone());
        let data = if data_fields.is_empty() {
            None
        } else {
            let data_name = self.unique_global_name(&format!("{}_data", self.module.structs[h].name));
            let data_ty =
                self.module.structs.append(StructDef { name: data_name, fields: data_fields, span: d.name.span });
            let space = AddressSpace::Uniform { cbuffer };
            let mut data = Global::new(d.name.name.clone(), Type::Struct(data_ty), space, d.name.span);
            data.majorness = self.default_majorness;
            Some(self.module.globals.append(data))
        };
        let (mut parts, mut data_index, mut resource_index) = (Vec::new(), 0u32, 0u32);
        for f in fields {
            if let (false, Some(data)) = (f.ty.is_resource_or_array(), data) {
                parts.push(BlockPart::Data { global: data, index: data_index });
                data_index += 1;
                continue;
            }
            let class = f.ty.register_class();
            let register = field_register(&registers, class);
            let mut global =
                Global::new(format!("{}_{}", d.name.name, f.name), f.ty.clone(), AddressSpace::Resource, d.name.span);
            global.register = register;
            global.vk_binding = vk_binding.map(|(b, set)| (b + resource_index, set));
            global.coherent = coherent && matches!(&global.ty, Type::Resource(k, _) if k.is_writable());
            let g = self.module.globals.append(global);
            self.used_global_names.insert(self.module.globals[g].name.clone());
            parts.push(BlockPart::Resource(g));
            resource_index += 1;
        }
        let block = parts.iter().cloned().map(Some).collect();
        self.module.split_blocks.push(SplitBlock { name: d.name.name.clone(), ty: h, parts: block });
        self.resource_struct_globals.insert(d.name.name.clone(), (ty, parts));
    }

    /// Whether `ty` (or an array's element) is one of the core module's combined
    /// texture-samplers (`stdlib/combined.slang`).
    pub(super) fn is_combined_sampler(&self, ty: &Type) -> bool {
        let mut t = ty;
        while let Type::Array(e, _) = t {
            t = e;
        }
        let Type::Struct(h) = t else { return false };
        let name = self.instance_of.get(h).unwrap_or(&self.module.structs[*h].name);
        crate::stdlib::COMBINED_SAMPLERS.contains(&name.as_str())
    }

    /// Whether `name` is a global array of resource structs.
    pub(super) fn resource_struct_global_array(&self, name: &str) -> bool {
        self.resource_struct_globals.get(name).is_some_and(|(ty, _)| matches!(ty, Type::Array(..)))
    }

    /// Whether `ty` is an array of structs that hold resources (`Sampler2D t[]`).
    pub(super) fn is_resource_struct_array(&self, ty: &Type) -> bool {
        matches!(ty, Type::Array(e, _) if matches!(**e, Type::Struct(_)) && self.module.holds_resources(e))
    }

    /// A global array of resource structs read whole, `name`: no target holds one in a value,
    /// so it stands for the global as a constant naming it, which a function's parameter of
    /// its type takes as a `constexpr` one. The function's instance for it reads `p[i]` as
    /// `name[i]`; anywhere else the constant is refused
    /// ([`Checker::refuse_whole_resource_struct_arrays`]).
    fn whole_resource_struct_array(&mut self, name: &str, ty: &Type, span: Span) -> ExprId {
        let k = match self.resource_struct_arrays.iter().position(|n| n == name) {
            Some(k) => k,
            None => {
                self.resource_struct_arrays.push(name.to_string());
                self.resource_struct_arrays.len() - 1
            }
        };
        self.add_expr(ExprKind::Const(ConstValue::Uint(k as u64)), ty.clone(), span)
    }

    /// E0517 where a global array of resource structs read whole went anywhere but to a
    /// function's parameter of its type.
    fn refuse_whole_resource_struct_arrays(&mut self) {
        if self.resource_struct_arrays.is_empty() {
            return;
        }
        let mut found = Vec::new();
        for (_, f) in self.module.functions.iter() {
            for (_, e) in f.live_expr_iter() {
                if let (ExprKind::Const(ConstValue::Uint(k)), true) = (&e.kind, self.is_resource_struct_array(&e.ty)) {
                    found.push((self.resource_struct_arrays[*k as usize].clone(), e.span));
                }
            }
        }
        for (name, span) in found {
            let msg = format!(
                "`{name}` is an array of resource structs: read one element, `{name}[i]`, or pass it whole to a \
                 function's parameter of its type"
            );
            self.error("E0517", span, msg);
        }
    }

    /// The global array of resource structs a parameter of an instance stands for (module
    /// docs of [`Checker::whole_resource_struct_array`]), by the name the body reads.
    pub(super) fn resource_struct_array_param(&self, name: &str) -> Option<String> {
        let st = self.cur.as_ref()?;
        match st.scopes.iter().rev().find_map(|scope| scope.get(name))? {
            Sym::Const(ConstValue::Uint(k), ty) if self.is_resource_struct_array(ty) => {
                self.resource_struct_arrays.get(*k as usize).cloned()
            }
            _ => None,
        }
    }

    /// Element `i` of `name`, a global array of resource structs: each field's element at
    /// index `i`, read once (an index with effects goes through a temporary first; a pure one,
    /// or `NonUniformResourceIndex` of one, is read where each field is).
    fn resource_struct_element(&mut self, name: &str, i: ExprId, span: Span) -> ExprId {
        let shared = self.cur.as_ref().is_some_and(|st| {
            let f = &st.func;
            f.is_pure(i)
                || (crate::lower::non_uniform_mark(f, i).is_some()
                    && matches!(&f.exprs[i].kind, ExprKind::Intrinsic { args, .. } if args.iter().all(|a| f.is_pure(*a))))
        });
        let indices = if shared {
            (i, i)
        } else {
            // The first field's index stores it (the fields are read in order), the others
            // read the store.
            let ty = self.ty(i);
            let Some(temp) = self.hoisted_local("index", &ty, span) else { return self.error_expr(span) };
            let target = self.add_expr(ExprKind::Local(temp), ty.clone(), span);
            let set = self.add_expr(ExprKind::Assign { op: None, target, value: i }, ty.clone(), span);
            let stored = self.add_expr(ExprKind::Local(temp), ty.clone(), span);
            let first = self.add_expr(ExprKind::Comma(set, stored), ty.clone(), span);
            (first, self.add_expr(ExprKind::Local(temp), ty, span))
        };
        self.resource_struct_value(name, Some(indices), span).unwrap_or_else(|| self.error_expr(span))
    }

    /// A read of `name`, a global of a struct of resources: the struct built from its fields'
    /// globals, an element of an array of them subscripted by `index` (the first field's index,
    /// then the others'; an array is only read element by element).
    pub(super) fn resource_struct_value(
        &mut self,
        name: &str,
        index: Option<(ExprId, ExprId)>,
        span: Span,
    ) -> Option<ExprId> {
        let (ty, leaves) = self.resource_struct_globals.get(name).cloned()?;
        let (elem_ty, index) = match (&ty, index) {
            (Type::Array(e, _), Some(i)) => ((**e).clone(), Some(i)),
            // The whole array, which only a function's parameter takes (its instance for this
            // array reads the elements: [`Checker::whole_resource_struct_array`]).
            (Type::Array(..), None) => return Some(self.whole_resource_struct_array(name, &ty, span)),
            (_, _) => (ty.clone(), None),
        };
        let parts: Vec<ExprId> = leaves
            .iter()
            .enumerate()
            .map(|(k, part)| {
                let g = match *part {
                    BlockPart::Resource(g) => g,
                    BlockPart::Data { global, index } => {
                        let whole = self.global_expr(global, span);
                        let Type::Struct(s) = self.module.globals[global].ty else { return whole };
                        let ty = self.module.structs[s].fields[index as usize].ty.clone();
                        return self.add_expr(ExprKind::Field { base: whole, index }, ty, span);
                    }
                    BlockPart::Block(_) => return self.error_expr(span),
                };
                let whole = self.global_expr(g, span);
                match index {
                    Some((first, rest)) => {
                        let i = if k == 0 { first } else { rest };
                        let elem = match &self.module.globals[g].ty {
                            Type::Array(e, _) => (**e).clone(),
                            t => t.clone(),
                        };
                        self.add_expr(ExprKind::Index { base: whole, index: i }, elem, span)
                    }
                    None => whole,
                }
            })
            .collect();
        Some(self.add_expr(ExprKind::Construct(parts), elem_ty, span))
    }

    // ---- functions --------------------------------------------------------------------

    /// A parameter's mode as written; a ray query is always the caller's own (`inout`), as
    /// DXR's query objects are never copies.
    fn param_mode(m: &ast::Modifiers, ty: &Type) -> ParamMode {
        if matches!(ty, Type::RayQuery(_)) {
            return ParamMode::InOut;
        }
        if m.has(ast::Modifier::Inout) || (m.has(ast::Modifier::In) && m.has(ast::Modifier::Out)) {
            ParamMode::InOut
        } else if m.has(ast::Modifier::Out) {
            ParamMode::Out
        } else {
            ParamMode::In
        }
    }

    /// Declares or defines a function; its handle, unless it is generic or redefined.
    fn function(&mut self, f: &ast::FunctionDecl) -> Option<FunctionId> {
        // Slang's `__target_intrinsic(target, "text")` spells a function for one target. The
        // body serves every target here (the emulations are written once), so a function
        // with only the text has nothing to compile.
        if let Some(a) = f.attrs.iter().find(|a| a.name.name == "__target_intrinsic") {
            if f.body.is_none() {
                let d = Diagnostic::error("E0537", format!("`{}` has no body", f.name.name))
                    .with_label(a.span, "`__target_intrinsic` text is not compiled")
                    .with_note("give the function a body: it serves every target");
                self.push(d);
                return None;
            }
        }
        let operation;
        let f = match self.with_intrinsic_op_body(f) {
            Some(g) => {
                operation = g;
                &operation
            }
            None => f,
        };
        // A function that throws takes its error parameters.
        let expanded;
        let f = match Self::with_error_params(f) {
            Some(g) => {
                expanded = g;
                &expanded
            }
            None => f,
        };
        // A function returning `Ref<T>` returns `T` and stores one when asked.
        let by_ref;
        let f = match Self::with_ref_params(f) {
            Some(g) => {
                by_ref = g;
                &by_ref
            }
            None => f,
        };
        let array_params = self.with_array_params(f);
        let f_arrays = array_params.as_ref().unwrap_or(f);
        // Not a method (whose `this` may be an interface's value).
        let method = self.pending_this.is_some() || self.pending_init.is_some();
        let interface_params = if method { None } else { self.with_interface_params(f_arrays) };
        if !f.generics.is_empty() || array_params.is_some() || interface_params.is_some() {
            self.generic_function(interface_params.as_ref().unwrap_or(f_arrays), None, None);
            return None;
        }
        let ret = self.resolve_type(&f.ret);
        let mut params = Vec::new();
        for p in &f.params {
            let base = self.resolve_type(&p.ty);
            let ty = self.array_type(base, &p.array_dims, false);
            let mode = Self::param_mode(&p.modifiers, &ty);
            params.push((ty, mode));
        }
        // Find a previous declaration with the same parameter types (a prototype).
        let existing = self.functions.get(&f.name.name).and_then(|ids| {
            ids.iter().copied().find(|id| {
                let s = &self.sigs[id.index()];
                s.params.len() == params.len() && s.params.iter().zip(&params).all(|(a, b)| a.0 == b.0)
            })
        });
        let id = match existing {
            Some(id) => {
                // `f(min16float)` beside `f(float)`: distinct overloads to DXC, one signature
                // here, where min-precision types are 32-bit. The first definition serves both
                // (they are the same function at two precisions).
                if self.sigs[id.index()].defined && f.body.is_some() && self.mentions_min_precision(f) {
                    return Some(id);
                }
                // A generic extension's method beside one the struct has (its own, or another
                // extension's that says the same): the one already there serves, as Slang
                // prefers the type's own members and, of two extensions, either.
                if self.sigs[id.index()].defined && f.body.is_some() && self.in_blanket_extension {
                    return Some(id);
                }
                if self.sigs[id.index()].defined && f.body.is_some() {
                    self.push(
                        Diagnostic::error("E0302", format!("function `{}` is already defined", f.name.name))
                            .with_label(f.name.span, "redefined here")
                            .with_label(self.sigs[id.index()].span, "first defined here"),
                    );
                    return None;
                }
                // A definition after its prototype: its callers may come before it in the
                // arena, and GLSL, for one, needs each function defined before its callers.
                if f.body.is_some() {
                    self.made_instances = true;
                }
                id
            }
            None => {
                let id = self.module.functions.append(Function {
                    name: methods::operator_word(&f.name.name).unwrap_or_else(|| f.name.name.clone()),
                    ret: ret.clone(),
                    ret_semantic: None,
                    locals: Arena::new(),
                    params: Vec::new(),
                    exprs: Arena::new(),
                    body: Block::default(),
                    span: f.span,
                    uses: Uses::default(),
                });
                self.sigs.push(FnSig {
                    name: f.name.name.clone(),
                    params: params.clone(),
                    defaults: f.params.iter().map(|p| p.default.clone()).collect(),
                    ret: ret.clone(),
                    defined: false,
                    span: f.name.span,
                });
                self.fn_attrs.push(f.attrs.clone());
                self.functions.entry(f.name.name.clone()).or_default().push(id);
                self.used_global_names.insert(f.name.name.clone());
                id
            }
        };
        if !f.attrs.is_empty() {
            self.fn_attrs[id.index()] = f.attrs.clone();
            self.note_stage_limit(id, &f.name.name, &f.attrs);
        }
        if reference::returns_ref(f) {
            self.ref_functions.insert(id);
        }
        self.differentiability(id, f);
        if let Some(t) = &f.throws {
            let error = self.error_type(t);
            self.throws_of.insert(id, error);
        }
        // A parameter that takes a global array of resource structs (`Sampler2D textures[]`)
        // is a `constexpr` one: each array passed gets an instance that reads it.
        let marked;
        let f = if f.body.is_some() && params.iter().any(|(t, _)| self.is_resource_struct_array(t)) {
            let mut m = f.clone();
            for (p, (t, _)) in m.params.iter_mut().zip(&params) {
                if self.is_resource_struct_array(t) && !p.modifiers.has(ast::Modifier::Constexpr) {
                    p.modifiers.list.push((ast::Modifier::Constexpr, p.name.span));
                }
            }
            marked = m;
            &marked
        } else {
            f
        };
        if self.constexpr_function(id, f, &params, &ret) {
            self.sigs[id.index()].defined = true;
            return Some(id);
        }
        let Some(body) = &f.body else { return Some(id) };
        self.sigs[id.index()].defined = true;
        let reported = self.diags.len();
        let unresolved = self.unresolved_calls.len();
        let (this, init) = (self.pending_this, self.pending_init);
        // Not a method (its `this` is no parameter of the declaration) nor an entry point.
        let entry = f.attrs.iter().any(|a| matches!(a.name.name.as_str(), "numthreads" | "shader"));
        self.infer_constexpr = this.is_none() && init.is_none() && !entry;
        let (mut func, mut facts) = self.definition(f, body, &ret, &params, &[]);
        self.infer_constexpr = false;
        func.name = std::mem::take(&mut self.module.functions[id].name);
        let implicit = facts.implicit_constexpr.take();
        if let Some(implicit) = implicit {
            self.implicit_constexpr(id, f, &func, implicit, &params, &ret);
        }
        self.module.functions[id] = func;
        self.facts.insert(id, facts);
        // Slang's declarations are seen by the code before them: a body that calls a function
        // not declared yet is checked again once every item is known.
        if self.unresolved_calls.len() > unresolved {
            let names = self.unresolved_calls.split_off(unresolved);
            let diags = self.diags[reported..].to_vec();
            self.deferred_bodies.push(DeferredBody { id, decl: f.clone(), names, diags, this, init, instance: None });
        }
        Some(id)
    }

    /// The function bodies that named functions or globals declared after them, checked again
    /// now that every item is known (keeping their diagnostics of the first check if nothing
    /// they named has appeared since).
    fn check_deferred_bodies(&mut self) {
        // A body checked again may make instances that wait in turn.
        while !self.deferred_bodies.is_empty() {
            for d in std::mem::take(&mut self.deferred_bodies) {
                self.check_deferred_body(d);
            }
        }
    }

    fn check_deferred_body(&mut self, d: DeferredBody) {
        // A method's names may also be its struct's members an extension declared since.
        let owner = d.this.or(d.init).map(|h| self.module.structs[h].name.clone());
        let known = |c: &Self, n: &String| {
            let key = c.scoped(n, |k| {
                c.generic_fns.contains_key(k) || c.functions.contains_key(k) || c.globals.contains_key(k)
            });
            let member = owner.as_ref().map(|o| methods::method_key(o, n));
            if let Some(&tried) = c.overloads_tried.get(n) {
                return c.functions.get(n).map_or(0, Vec::len) > tried;
            }
            c.generic_fns.contains_key(&key)
                || c.functions.contains_key(&key)
                || c.globals.contains_key(&key)
                || member.is_some_and(|m| c.functions.contains_key(&m) || c.generic_fns.contains_key(&m))
        };
        // Its diagnostics of the first check stay where they are, unless it is checked again.
        let (Some(body), true) = (&d.decl.body, d.names.iter().any(|n| known(self, n))) else { return };
        for old in &d.diags {
            if let Some(i) = self.diags.iter().position(|x| x == old) {
                self.diags.remove(i);
            }
        }
        let sig = &self.sigs[d.id.index()];
        let (ret, params) = (sig.ret.clone(), sig.params.clone());
        let outer = std::mem::replace(&mut self.namespaces, generic::namespace_of(&d.decl.name.name));
        // An instance's names mean its arguments again.
        let bound = d.instance.as_ref().map(|(g, bound)| {
            let around = self.generics[*g].outer.clone().map(|(params, b)| self.bind_generics(&params, &b));
            (around, self.bind_generics(&d.decl.generics, bound))
        });
        self.pending_this = d.this;
        self.pending_init = d.init;
        let (mut func, facts) = self.definition(&d.decl, body, &ret, &params, &[]);
        self.pending_this = None;
        self.pending_init = None;
        if let Some((around, own)) = bound {
            self.unbind_generics(own);
            if let Some(a) = around {
                self.unbind_generics(a);
            }
        }
        self.namespaces = outer;
        self.unresolved_calls.clear();
        func.name = std::mem::take(&mut self.module.functions[d.id].name);
        self.module.functions[d.id] = func;
        self.facts.insert(d.id, facts);
        // Its callees may now come after it in the arena.
        self.made_instances = true;
    }

    /// Checks a function's body: `params` are the parameter types (resolved), and `constants`
    /// gives a value to each parameter that is a compile-time constant instead (a stdlib
    /// instance's `constexpr` parameters): those leave the signature and read as the value.
    fn definition(
        &mut self,
        f: &ast::FunctionDecl,
        body: &ast::Block,
        ret: &Type,
        params: &[(Type, ParamMode)],
        constants: &[Option<ConstValue>],
    ) -> (Function, FnFacts) {
        let mut func = Function {
            name: f.name.name.clone(),
            ret: ret.clone(),
            ret_semantic: f.ret_annotations.iter().find_map(|a| match a {
                ast::Annotation::Semantic(i) => Some(i.name.clone()),
                _ => None,
            }),
            locals: Arena::new(),
            params: Vec::new(),
            // Source runs at five bytes or more an expression: reserving for four grows the
            // arena in place once instead of copying it at every doubling; the surplus, never
            // touched, is given back when the function is done.
            exprs: Arena::with_capacity((f.span.end.saturating_sub(f.span.start) / 4) as usize),
            body: Block::default(),
            span: f.span,
            uses: Uses::default(),
        };
        let mut scope = HashMap::default();
        let mut uniform_params = Vec::new();
        for (i, (p, (ty, mode))) in f.params.iter().zip(params).enumerate() {
            if let Some(Some(value)) = constants.get(i) {
                scope.insert(p.name.name.clone(), Sym::Const(value.clone(), ty.clone()));
                continue;
            }
            let semantic = p.annotations.iter().find_map(|a| match a {
                ast::Annotation::Semantic(i) => Some(i.name.clone()),
                _ => None,
            });
            let builtin = semantic.as_deref().and_then(BuiltinInput::from_semantic);
            let local = func.locals.append(Local {
                name: p.name.name.clone(),
                ty: ty.clone(),
                param: Some(*mode),
                builtin,
                semantic,
                is_const: p.modifiers.has(ast::Modifier::Const),
                precise: p.modifiers.has(ast::Modifier::Precise),
                span: p.name.span,
            });
            func.params.push(local);
            if p.modifiers.has(ast::Modifier::Uniform) {
                uniform_params.push(local);
            }
            if scope.insert(p.name.name.clone(), Sym::Local(local)).is_some() {
                self.error("E0302", p.name.span, format!("duplicate parameter `{}`", p.name.name));
            }
        }
        let mut this = self.pending_this.take().and_then(|h| match scope.get("this") {
            Some(Sym::Local(l)) => Some((*l, h)),
            _ => None,
        });
        let init = self.pending_init.take();
        if let Some(h) = init {
            let local = func.locals.append(Local {
                name: "this".into(),
                ty: Type::Struct(h),
                param: None,
                builtin: None,
                semantic: None,
                is_const: false,
                precise: false,
                span: f.name.span,
            });
            scope.insert("this".into(), Sym::Local(local));
            this = Some((local, h));
        }
        self.cur = Some(FnState {
            scopes: vec![scope],
            facts: FnFacts {
                uniform_params,
                implicit_constexpr: std::mem::take(&mut self.infer_constexpr).then(Default::default),
                ..FnFacts::default()
            },
            this,
            init: init.is_some(),
            ..FnState::new(func)
        });
        let mut stmts = Vec::new();
        if let (Some(h), Some((local, _))) = (init, this) {
            // A constructor starts from the fields' defaults (zero where none is given), then
            // each base's default constructor, as C++ and Slang call it, on the base's part.
            let value = self.default_object(h, f.name.span);
            stmts.push(Stmt::Local { local, init: Some(value) });
            // The base's fields are the derived struct's first ones, from `first` on.
            let bases = self.struct_bases.get(&h).cloned().unwrap_or_default();
            let span = f.name.span;
            for (base, first) in bases {
                if !self.default_constructor(base) {
                    continue;
                }
                let Some(made) = self.construct_object(base, Vec::new(), span) else { continue };
                let Some(st) = self.cur.as_mut() else { continue };
                let part = st.func.locals.append(Local::new("base", Type::Struct(base), span));
                stmts.push(Stmt::Local { local: part, init: Some(made) });
                for (i, field) in self.module.structs[base].fields.clone().into_iter().enumerate() {
                    let object = self.add_expr(ExprKind::Local(local), Type::Struct(h), span);
                    let index = (first + i) as u32;
                    let target = self.add_expr(ExprKind::Field { base: object, index }, field.ty.clone(), span);
                    let from = self.add_expr(ExprKind::Local(part), Type::Struct(base), span);
                    let value = self.add_expr(ExprKind::Field { base: from, index: i as u32 }, field.ty.clone(), span);
                    let set = self.add_expr(ExprKind::Assign { op: None, target, value }, field.ty, span);
                    stmts.push(Stmt::Expr(set));
                }
            }
        }
        self.desugar_group_wave_index_params(&mut stmts);
        if let Some(t) = &f.throws {
            let error = self.error_type(t);
            if let Some(st) = self.cur.as_mut() {
                st.throws = Some(error);
            }
            self.start_throwing_body(&mut stmts);
        }
        for s in &body.stmts {
            self.stmt(s, &mut stmts);
        }
        self.leave_scope(&mut stmts);
        if let (true, Some((local, h))) = (init.is_some(), this) {
            if !stmt::returns(&stmts) {
                let value = self.add_expr(ExprKind::Local(local), Type::Struct(h), f.name.span);
                stmts.push(Stmt::Return(Some(value)));
            }
        }
        let state = self.cur.take().expect("the function being checked");
        let mut func = state.func;
        if !state.leaked_for_locals.is_empty() {
            stmt::hoist_for_inits(&mut stmts, &state.leaked_for_locals);
        }
        let declared = state.hoisted.iter().map(|&local| Stmt::Local { local, init: None });
        stmts.splice(0..0, declared);
        func.body = Block { stmts };
        if *ret != Type::Void && !ret.is_error() && !stmt::always_returns(&func.body) {
            self.error(
                "E0506",
                f.name.span,
                format!("function `{}` does not return a value on every path", f.name.name),
            );
        }
        self.check_write_only_reads(&func);
        func.exprs.shrink_to_fit();
        func.uses = func.gather_uses();
        (func, state.facts)
    }

    /// A `static` global whose initializer is no constant (`static float k = f(3.0);`,
    /// `static const S s = S();`): a function computes it, which the entry point calls first
    /// ([`Checker::run_initializers_first`]). The global starts as `Private` storage; a
    /// `static const` one stays read-only to the program.
    fn runtime_initializer(&mut self, g: GlobalId, init: &ast::Initializer, read_only: bool) {
        let span = init.span();
        let ty = self.module.globals[g].ty.clone();
        let name = self.unique_global_name(&format!("{}_init", self.module.globals[g].name));
        let f = self.synthesized_function(name, Vec::new(), ty.clone(), span, |c, _| {
            let mut t = ty.clone();
            c.initializer(init, &mut t)
        });
        self.module.globals[g].space = AddressSpace::Private;
        if read_only {
            self.runtime_consts.insert(g);
        }
        self.runtime_inits.push((g, f, span));
    }

    /// The entry point's body starts by computing the `static` globals whose initializers are
    /// no constants, in declaration order.
    fn run_initializers_first(&mut self, entry: usize) {
        if self.runtime_inits.is_empty() {
            return;
        }
        let ep = self.module.entry_points[entry].function;
        let mut first = Vec::new();
        for (g, f, span) in self.runtime_inits.clone() {
            let ty = self.module.globals[g].ty.clone();
            let func = &mut self.module.functions[ep];
            let value = func.exprs.append(Expr {
                kind: ExprKind::Call { function: f, args: Vec::new() },
                ty: ty.clone(),
                span,
            });
            let target = func.exprs.append(Expr { kind: ExprKind::Global(g), ty: ty.clone(), span });
            let assign = func.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value }, ty, span });
            first.push(Stmt::Expr(assign));
            self.facts.entry(ep).or_default().calls.push((f, span));
        }
        let func = &mut self.module.functions[ep];
        first.append(&mut func.body.stmts);
        func.body.stmts = first;
        func.uses = func.gather_uses();
        self.made_instances = true;
    }

    /// A function sema writes itself (no source declares it): `params` are `in` parameters,
    /// and `body` builds the returned value from them. Callers call it like any function.
    fn synthesized_function(
        &mut self,
        name: String,
        params: Vec<(String, Type)>,
        ret: Type,
        span: Span,
        body: impl FnOnce(&mut Checker, &[LocalId]) -> ExprId,
    ) -> FunctionId {
        let mut func = Function {
            name: name.clone(),
            ret: ret.clone(),
            ret_semantic: None,
            locals: Arena::new(),
            params: Vec::new(),
            exprs: Arena::new(),
            body: Block::default(),
            span,
            uses: Uses::default(),
        };
        for (n, ty) in &params {
            let local =
                func.locals.append(Local { param: Some(ParamMode::In), ..Local::new(n.clone(), ty.clone(), span) });
            func.params.push(local);
        }
        let id = self.module.functions.append(Function { body: Block::default(), ..func.clone() });
        self.sigs.push(FnSig {
            name,
            params: params.iter().map(|(_, t)| (t.clone(), ParamMode::In)).collect(),
            defaults: vec![None; params.len()],
            ret,
            defined: true,
            span,
        });
        self.fn_attrs.push(Vec::new());
        let caller = self.cur.take();
        let locals = func.params.clone();
        self.cur = Some(FnState::new(func));
        let value = body(self, &locals);
        let state = self.cur.take().expect("the function being written");
        let mut func = state.func;
        // Every target takes an aggregate built from parts as an initializer (HLSL only there).
        func.body = Block {
            stmts: match &func.ret {
                Type::Struct(_) | Type::Array(..) => {
                    let result = func.locals.append(Local::new("result", func.ret.clone(), span));
                    let read = func.exprs.append(Expr { kind: ExprKind::Local(result), ty: func.ret.clone(), span });
                    vec![Stmt::Local { local: result, init: Some(value) }, Stmt::Return(Some(read))]
                }
                _ => vec![Stmt::Return(Some(value))],
            },
        };
        func.uses = func.gather_uses();
        self.module.functions[id] = func;
        self.facts.insert(id, state.facts);
        self.made_instances = true;
        self.cur = caller;
        id
    }

    /// Seed 000's `uint waveIndex : SV_GroupWaveIndex` parameter is `GetGroupWaveIndex()`
    /// read once on entry: the parameter leaves the signature and becomes a local.
    fn desugar_group_wave_index_params(&mut self, out: &mut Vec<Stmt>) {
        self.warn_thread_ids_with_wave_index();
        let Some(state) = self.cur.as_mut() else { return };
        let params: Vec<LocalId> = state
            .func
            .params
            .iter()
            .copied()
            .filter(|p| state.func.locals[*p].builtin == Some(BuiltinInput::GroupWaveIndex))
            .collect();
        for p in params {
            let span = self.cur.as_ref().map(|s| s.func.locals[p].span).unwrap_or_default();
            let Some(id) = self.stdlib.find("GetGroupWaveIndex") else { return };
            let call = self.add_expr(
                ExprKind::Intrinsic { id: IntrinsicId(id as u32), args: vec![], bound: None },
                Type::UINT,
                span,
            );
            if let Some(state) = self.cur.as_mut() {
                state.facts.intrinsics.push((id, span));
                state.func.params.retain(|x| *x != p);
                let l = &mut state.func.locals[p];
                let ty = l.ty.clone();
                l.param = None;
                l.builtin = None;
                l.semantic = None;
                if ty.scalar().is_none() || ty.element_count() != 1 {
                    self.diags
                        .push(Diagnostic::error("E0507", "`SV_GroupWaveIndex` must be a `uint`").with_label(span, ""));
                }
            }
            let init = self.coerce(call, &Type::UINT, span);
            out.push(Stmt::Local { local: p, init: Some(init) });
        }
    }

    /// Seed 000 proposes that `SV_GroupWaveIndex` excludes `SV_DispatchThreadID` and
    /// `SV_GroupThreadID` (work items then derive from the group, wave and lane indices only,
    /// which eases IHV concerns). wavec accepts the mix but says so.
    fn warn_thread_ids_with_wave_index(&mut self) {
        let Some(state) = self.cur.as_ref() else { return };
        let params: Vec<&Local> = state.func.params.iter().map(|p| &state.func.locals[*p]).collect();
        let Some(wave) = params.iter().find(|l| l.builtin == Some(BuiltinInput::GroupWaveIndex)) else { return };
        let wave_span = wave.span;
        let others: Vec<(Span, &'static str)> = params
            .iter()
            .filter_map(|l| match l.builtin {
                Some(b @ (BuiltinInput::DispatchThreadId | BuiltinInput::GroupThreadId)) => {
                    Some((l.span, b.semantic()))
                }
                _ => None,
            })
            .collect();
        for (span, semantic) in others {
            self.diags.push(
                Diagnostic::warning("W0502", format!("`SV_GroupWaveIndex` together with `{semantic}`"))
                    .with_label(span, format!("`{semantic}` here"))
                    .with_label(wave_span, "`SV_GroupWaveIndex` here")
                    .with_note(
                        "seed 000 proposes that they exclude each other: derive work items from SV_GroupID/SV_GroupIndex, \
                         the wave index and WaveGetLaneIndex() only",
                    ),
            );
        }
    }

    // ---- entry points -----------------------------------------------------------------

    fn attr<'a>(attrs: &'a [ast::Attribute], name: &str) -> Option<&'a ast::Attribute> {
        attrs.iter().find(|a| a.name.name.eq_ignore_ascii_case(name))
    }

    fn entry_point(&mut self, options: &SemaOptions) -> Option<usize> {
        // Candidates: functions with a body and `[shader]` or `[numthreads]`.
        let mut candidates = Vec::new();
        for (id, f) in self.module.functions.iter() {
            let attrs = &self.fn_attrs[id.index()];
            let marked = Self::attr(attrs, "shader").is_some() || Self::attr(attrs, "numthreads").is_some();
            // Engines put ray-tracing stages beside compute ones in a file that is compiled once
            // per entry point (RTXDI's `#if !USE_RAY_QUERY` miss and hit shaders): DXC compiles
            // the chosen one and leaves the others plain functions, and so does wavec.
            let ray_tracing = Self::ray_tracing_stage(attrs).is_some();
            let named = options.entry.as_deref() == Some(&f.name);
            if self.sigs[id.index()].defined && ((marked && !ray_tracing) || named) {
                candidates.push(id);
            }
        }
        let chosen = match &options.entry {
            Some(name) => {
                let found = self
                    .module
                    .functions
                    .iter()
                    .find(|(id, f)| f.name == *name && self.sigs[id.index()].defined)
                    .map(|(id, _)| id);
                match found {
                    Some(id) => id,
                    None => {
                        let names: Vec<String> =
                            candidates.iter().map(|id| self.module.functions[*id].name.clone()).collect();
                        let mut d = Diagnostic::error("E0508", format!("entry point `{name}` not found"));
                        if !names.is_empty() {
                            d = d.with_note(format!("entry points in this file: {}", names.join(", ")));
                        }
                        self.push(d);
                        return None;
                    }
                }
            }
            None => {
                let main = self
                    .module
                    .functions
                    .iter()
                    .find(|(id, f)| f.name == "main" && self.sigs[id.index()].defined)
                    .map(|(id, _)| id);
                if let Some(id) = main {
                    id
                } else if candidates.len() == 1 {
                    candidates[0]
                } else if candidates.is_empty() {
                    self.push(
                        Diagnostic::error(
                            "E0508",
                            "no entry point: no function is named `main` or has `[numthreads]`/`[shader]`",
                        )
                        .with_note("name the entry point with `--entry NAME`"),
                    );
                    return None;
                } else {
                    let names: Vec<String> =
                        candidates.iter().map(|id| self.module.functions[*id].name.clone()).collect();
                    self.push(
                        Diagnostic::error("E0508", "several entry points and none is named `main`")
                            .with_note(format!("choose one with `--entry`: {}", names.join(", "))),
                    );
                    return None;
                }
            }
        };
        // Check every marked candidate's attributes (so errors in other entry points show too),
        // and record the chosen one.
        let mut chosen_index = None;
        let mut all = candidates.clone();
        if !all.contains(&chosen) {
            all.push(chosen);
        }
        for id in all {
            let stage_override = if id == chosen { options.stage } else { None };
            if let Some(ep) = self.entry_attrs(id, stage_override) {
                if id == chosen {
                    chosen_index = Some(self.module.entry_points.len());
                }
                self.module.entry_points.push(ep);
            }
        }
        chosen_index
    }

    /// The stage `[shader("…")]` names when it is one of DXR's, which wavec does not compile.
    fn ray_tracing_stage(attrs: &[ast::Attribute]) -> Option<&str> {
        match &Self::attr(attrs, "shader")?.args.first()?.kind {
            ast::ExprKind::StringLit(s) if stages::RAY_TRACING_STAGES.contains(&s.as_str()) => Some(s),
            _ => None,
        }
    }

    fn entry_attrs(&mut self, id: FunctionId, stage_override: Option<Stage>) -> Option<EntryPoint> {
        let attrs = self.fn_attrs[id.index()].clone();
        let f_name = self.module.functions[id].name.clone();
        let f_span = self.sigs[id.index()].span;
        let numthreads_attr = Self::attr(&attrs, "numthreads");
        let stage = match (stage_override, Self::attr(&attrs, "shader")) {
            (Some(s), _) => s,
            (None, Some(a)) => match a.args.first().map(|e| &e.kind) {
                Some(ast::ExprKind::StringLit(s)) => match Stage::from_name(s) {
                    Some(st) => st,
                    None if stages::RAY_TRACING_STAGES.contains(&s.as_str()) => {
                        self.push(
                            Diagnostic::error("E0509", format!("wavec compiles no ray-tracing stage (`{s}`)"))
                                .with_label(a.span, "this entry point's stage")
                                .with_note("trace rays from a compute shader with `RayQuery`"),
                        );
                        return None;
                    }
                    None => {
                        self.error("E0509", a.span, format!("unknown shader stage \"{s}\""));
                        return None;
                    }
                },
                _ => {
                    self.error("E0509", a.span, "expected `[shader(\"compute\")]`");
                    return None;
                }
            },
            (None, None) => Stage::Compute,
        };
        let mut numthreads = None;
        let mut numthreads_spec = [None; 3];
        if let Some(a) = numthreads_attr {
            // Slang takes one to three sizes, the missing ones 1 (`[numthreads(64)]`).
            if !(1..=3).contains(&a.args.len()) {
                self.error("E0510", a.span, "`[numthreads]` takes one to three arguments: `[numthreads(x, y, z)]`");
            } else {
                let mut v = [1u32; 3];
                let mut ok = true;
                for (i, e) in a.args.iter().enumerate() {
                    // A dimension that is a specialization constant stays one (SPIR-V's
                    // `LocalSizeId`); one computed from them is fixed by their defaults.
                    numthreads_spec[i] = self.names_spec_constant(e);
                    let value = if numthreads_spec[i].is_some() {
                        self.const_int_expr(e, "a numthreads argument")
                    } else {
                        self.const_int_unspecialized(e, "a numthreads argument", "this `[numthreads]` dimension")
                    };
                    match value {
                        Some(n) if (1..=1024).contains(&n) => v[i] = n as u32,
                        Some(n) => {
                            self.error("E0510", e.span, format!("numthreads dimensions must be 1 to 1024, found {n}"));
                            ok = false;
                        }
                        None => ok = false,
                    }
                }
                if ok {
                    let total = v[0] as u64 * v[1] as u64 * v[2] as u64;
                    if total > 1024 || v[2] > 64 {
                        self.error(
                            "E0510",
                            a.span,
                            format!(
                                "a thread group may hold at most 1024 threads (z at most 64); this one has {total}"
                            ),
                        );
                    } else {
                        numthreads = Some(v);
                    }
                }
            }
            if !stage.has_groups() {
                self.error("E0510", a.span, format!("`[numthreads]` is not allowed on a {} shader", stage.name()));
            }
        } else if let (Some(size), true) = (self.glsl_local_size, stage == Stage::Compute) {
            numthreads = Some(size);
        } else if stage.has_groups() {
            // Slang runs such an entry point with one thread a group.
            numthreads = Some([1, 1, 1]);
            self.push(
                Diagnostic::warning(
                    "W0504",
                    format!(
                        "{} entry point `{f_name}` has no `[numthreads(x, y, z)]`: one thread a group",
                        stage.name()
                    ),
                )
                .with_label(f_span, "")
                .with_note("Slang's default; write `[numthreads(1, 1, 1)]` to say so"),
            );
        }
        let wave_size = Self::attr(&attrs, "WaveSize").and_then(|a| self.wave_size(a, stage));
        let derivative_group = self.derivative_group(&attrs, stage, numthreads);
        let root_signature = Self::attr(&attrs, "RootSignature").and_then(|a| match &a.args[..] {
            [ast::Expr { kind: ast::ExprKind::StringLit(s), .. }] => Some(s.clone()),
            _ => {
                self.error("E0519", a.span, "`[RootSignature]` takes one string: `[RootSignature(\"…\")]`");
                None
            }
        });
        Some(EntryPoint {
            name: f_name,
            function: id,
            stage,
            numthreads,
            numthreads_spec,
            wave_size,
            root_signature,
            derivative_group,
            span: f_span,
        })
    }

    fn wave_size(&mut self, a: &ast::Attribute, stage: Stage) -> Option<WaveSize> {
        if stage != Stage::Compute {
            self.error(
                "E0511",
                a.span,
                format!("attribute WaveSize only allowed on compute shaders, not on a {} shader", stage.name()),
            );
            return None;
        }
        if a.args.is_empty() || a.args.len() > 3 {
            self.error("E0511", a.span, "`[WaveSize]` takes one to three arguments: `[WaveSize(min, max, preferred)]`");
            return None;
        }
        let mut vals = Vec::new();
        for e in &a.args {
            vals.push((self.const_int_expr(e, "a WaveSize argument")?, e.span));
        }
        let bad: Vec<_> =
            vals.iter().filter(|(v, _)| !(4..=128).contains(v) || (*v as u64).count_ones() != 1).collect();
        if let Some((v, span)) = bad.first() {
            self.push(
                Diagnostic::error("E0511", "WaveSize arguments must be between 4 and 128 and a power of 2")
                    .with_label(*span, format!("{v} is not one of 4, 8, 16, 32, 64, 128")),
            );
            return None;
        }
        let v: Vec<u32> = vals.iter().map(|(v, _)| *v as u32).collect();
        let ws = match v.as_slice() {
            [n] => WaveSize { min: *n, max: *n, preferred: None, range_form: false, span: a.span },
            [lo, hi, rest @ ..] => {
                if lo >= hi {
                    let msg = if lo == hi {
                        "Wave Size Range minimum and maximum are equal".to_string()
                    } else {
                        format!("Minimum WaveSize value {lo} must be less than maximum WaveSize value {hi}")
                    };
                    self.error("E0511", a.span, msg);
                    return None;
                }
                let preferred = rest.first().copied();
                if let Some(p) = preferred {
                    if p < *lo || p > *hi {
                        self.error(
                            "E0511",
                            vals[2].1,
                            format!("Preferred WaveSize value {p} must be between {lo} and {hi}"),
                        );
                        return None;
                    }
                }
                WaveSize { min: *lo, max: *hi, preferred, range_form: true, span: a.span }
            }
            [] => return None,
        };
        Some(ws)
    }

    /// Stage restrictions of intrinsics (`GetGroupWaveIndex` only in compute, mesh and
    /// amplification shaders) through the whole call graph of the entry point, and recursion,
    /// which HLSL forbids.
    fn check_call_graph(&mut self, entry: usize) {
        let ep = &self.module.entry_points[entry];
        if ep.stage == Stage::Compute
            && ep.derivative_group.is_none()
            && self.implicit_compute_derivatives
            && self.takes_derivatives(ep.function, &mut HashSet::default())
        {
            let implicit = implicit_derivative_group(ep.numthreads.unwrap_or([1, 1, 1]));
            self.module.entry_points[entry].derivative_group = implicit;
        }
        let ep = self.module.entry_points[entry].clone();
        let mut visiting = Vec::new();
        let mut done = HashSet::default();
        self.visit_calls(ep.function, &ep, &mut visiting, &mut done);
    }

    /// Whether `f` or a function it calls takes derivatives.
    fn takes_derivatives(&self, f: FunctionId, seen: &mut HashSet<FunctionId>) -> bool {
        if !seen.insert(f) {
            return false;
        }
        let Some(facts) = self.facts.get(&f) else { return false };
        !facts.derivatives.is_empty()
            || facts.intrinsics.iter().any(|(id, _)| self.stdlib.intrinsics[*id].derivatives)
            || facts.calls.iter().any(|(c, _)| self.takes_derivatives(*c, seen))
    }

    fn visit_calls(
        &mut self,
        f: FunctionId,
        ep: &EntryPoint,
        visiting: &mut Vec<FunctionId>,
        done: &mut HashSet<FunctionId>,
    ) {
        if done.contains(&f) {
            return;
        }
        visiting.push(f);
        let facts = self.facts.get(&f).cloned().unwrap_or_default();
        for (id, span) in &facts.intrinsics {
            let intr = &self.stdlib.intrinsics[*id];
            if let Some(stages) = &intr.stages {
                if !stages.contains(&ep.stage) {
                    let names: Vec<&str> = stages.iter().map(|s| s.name()).collect();
                    let list = match names.as_slice() {
                        [a, b, c] => format!("{a}, {b}, and {c}"),
                        other => other.join(", "),
                    };
                    self.push(
                        Diagnostic::error("E0512", format!("{} is only valid in {list} shaders", intr.name))
                            .with_label(*span, format!("called in the {} shader `{}`", ep.stage.name(), ep.name)),
                    );
                }
            }
        }
        if ep.stage != Stage::Pixel && ep.derivative_group.is_none() {
            let mut uses: Vec<(String, Span, bool)> =
                facts.derivatives.iter().map(|(m, s)| (m.to_string(), *s, true)).collect();
            for (id, span) in &facts.intrinsics {
                let intr = &self.stdlib.intrinsics[*id];
                if intr.derivatives {
                    uses.push((intr.name.clone(), *span, false));
                }
            }
            for (name, span, method) in uses {
                let why = if !method {
                    "it differences its argument across a 2×2 block of threads; pass neighbours' values with the quad \
                     operations (`QuadReadAcrossX`, `QuadReadAcrossY`) instead"
                        .to_string()
                } else if name == "SampleCmp" {
                    "it picks its mip level from screen-space derivatives; use `SampleCmpLevelZero` (or \
                     `SampleCmpLevel`), which reads level 0 (a given level)"
                        .to_string()
                } else {
                    "it picks its mip level from screen-space derivatives; use `SampleLevel` with an explicit level \
                     (`SampleLevel(s, uv, 0)`), or `SampleGrad` with explicit gradients"
                        .to_string()
                };
                let mut d = Diagnostic::error(
                    "E0530",
                    format!("`{name}` needs derivatives, which {} shaders do not have", ep.stage.name()),
                )
                .with_label(span, format!("called in the {} shader `{}`", ep.stage.name(), ep.name))
                .with_note(why);
                if ep.stage == Stage::Compute {
                    let [x, y, z] = ep.numthreads.unwrap_or([1, 1, 1]);
                    d = d.with_note(if self.implicit_compute_derivatives {
                        format!(
                            "a compute shader has derivatives from shader model 6.6 when its group forms 2×2 blocks \
                             of threads (x and y even) or groups of four threads; {x}×{y}×{z} forms neither"
                        )
                    } else {
                        "or give the compute shader derivative groups: `[DerivativeGroupQuad]` or \
                         `[DerivativeGroupLinear]` (shader model 6.6 and later choose them from the group's shape)"
                            .to_string()
                    });
                }
                self.push(d);
            }
        }
        for (callee, span) in &facts.calls {
            if !self.reachable_in_stage(*callee, ep, *span) {
                continue;
            }
            // A prototype never followed by its definition has nothing to compile.
            if self.sigs.get(callee.index()).is_some_and(|s| !s.defined) {
                let name = self.sigs[callee.index()].name.clone();
                let first = self.sigs[callee.index()].span;
                self.push(
                    Diagnostic::error("E0537", format!("`{name}` is declared but never defined"))
                        .with_label(*span, "called here")
                        .with_label(first, "declared here, without a body"),
                );
                continue;
            }
            if visiting.contains(callee) {
                let name = self.module.functions[*callee].name.clone();
                self.push(
                    Diagnostic::error("E0513", format!("recursive call of `{name}`"))
                        .with_label(*span, "this call closes a cycle")
                        .with_note("HLSL does not allow recursion"),
                );
                continue;
            }
            self.visit_calls(*callee, ep, visiting, done);
        }
        visiting.pop();
        done.insert(f);
    }
}

/// The portable implementation of stdlib intrinsic `intr`, its body, for one call: generic
/// parameters bound to `bound`, and `constexpr` parameter `i` to `constants[i]` where given
/// (such a parameter leaves the signature). A stdlib body refers only to its parameters, its
/// locals and other intrinsics, so the function can join any module. Its spans are offsets
/// into the declaration's text.
pub fn instantiate(
    intr: &stdlib::Intrinsic,
    bound: &[Type],
    constants: &[Option<ConstValue>],
) -> Result<Function, Vec<Diagnostic>> {
    let Some(def) = intr.definition.as_deref() else {
        return Err(vec![Diagnostic::error("E0699", format!("internal error: `{}` has no body", intr.name))]);
    };
    let body = def.body.as_ref().expect("a definition has a body");
    let mut c = Checker::new(None, &SemaOptions::default());
    for ((name, _), ty) in intr.generics.iter().zip(bound) {
        c.types.insert(name.clone(), ty.clone());
    }
    let ret = c.resolve_type(&def.ret);
    let params: Vec<(Type, ParamMode)> = def
        .params
        .iter()
        .map(|p| {
            let ty = c.resolve_type(&p.ty);
            let mode = Checker::param_mode(&p.modifiers, &ty);
            (ty, mode)
        })
        .collect();
    let (func, _) = c.definition(def, body, &ret, &params, constants);
    if c.diags.iter().any(Diagnostic::is_error) {
        return Err(c.diags);
    }
    Ok(func)
}

/// Re-exported so backends can tell which intrinsic an `IntrinsicId` names.
pub fn intrinsic(id: IntrinsicId) -> &'static stdlib::Intrinsic {
    &Stdlib::get().intrinsics[id.0 as usize]
}

#[allow(unused)]
fn _assert_module_is_send(m: ir::Module) -> impl Send {
    m
}

/// The kind of a resource or of an array of them.
fn resource_kind(ty: &Type) -> Option<crate::ir::ResourceKind> {
    match ty {
        Type::Resource(k, _) => Some(*k),
        Type::Array(e, _) => resource_kind(e),
        _ => None,
    }
}

impl Checker {
    /// Whether a function's signature names a min-precision type (`min16float`, `min10float`,
    /// `min16int`…, or a typedef of one), which this compiler computes at 32 bits.
    fn mentions_min_precision(&self, f: &ast::FunctionDecl) -> bool {
        self.names_min_precision(&f.ret) || f.params.iter().any(|p| self.names_min_precision(&p.ty))
    }

    /// Whether type expression `t` names a min-precision type, directly, as an argument
    /// (`vector<min16float, 2>`), or through a typedef.
    fn names_min_precision(&self, t: &ast::TypeExpr) -> bool {
        let ast::TypeExprKind::Named { name, args } = &t.kind else { return false };
        name.starts_with("min1")
            || self.min_precision_names.contains(name)
            || args.iter().any(|a| matches!(a, ast::GenericArg::Type(t) if self.names_min_precision(t)))
    }
}

/// Whether type expression `t` is a pointer (at any depth) to the type named `name`.
fn points_to(t: &ast::TypeExpr, name: &str) -> bool {
    match &t.kind {
        ast::TypeExprKind::Pointer(inner) => inner.name() == name || points_to(inner, name),
        ast::TypeExprKind::Array { elem, .. } => points_to(elem, name),
        ast::TypeExprKind::Named { name: n, args } if n == "Ptr" => {
            matches!(args.first(), Some(ast::GenericArg::Type(inner)) if inner.name() == name || points_to(inner, name))
        }
        _ => false,
    }
}

/// The register of a struct global's resource field of register class `class`: the
/// declaration's `register` of that class, else its `register(spaceN)`, given the class.
fn field_register(registers: &[Register], class: char) -> Option<Register> {
    registers
        .iter()
        .find(|r| r.class == class)
        .or_else(|| registers.iter().find(|r| r.index.is_none()))
        .map(|r| Register { class, ..r.clone() })
}
