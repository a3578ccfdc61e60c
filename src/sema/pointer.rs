//! Slang's pointers: `T*`, `nullptr`, `*p`, `p->f` (and `p.f`), `p[i]`, `p + n`, comparisons,
//! casts to and from `uint64_t`, and `&x`/`__getAddress(x)` of a place reached through one.
//!
//! A pointer is a device address (Slang's `AddressSpace::Device`): the IR keeps `Deref` and
//! `AddressOf` and types pointer arithmetic as the pointer; each target says how it addresses
//! memory (SPIR-V's `PhysicalStorageBuffer64`, the CPU engine's buffer and offset). A pointer
//! into groupshared memory (`AddressSpace::GroupShared`, the address of a groupshared variable
//! or of an element of a groupshared array) has the same type here; `lower::shared_pointers`
//! resolves each to its variable and an element index before any target sees it.

use super::Checker;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// Shader model 6.6's heaps, by whether they hold samplers.
const HEAP_NAMES: [&str; 2] = ["ResourceDescriptorHeap", "SamplerDescriptorHeap"];

impl Checker {
    /// `*p`: the place `p` points to.
    pub(super) fn deref(&mut self, p: ExprId, span: Span) -> ExprId {
        let t = self.ty(p);
        match t {
            Type::Error => self.error_expr(span),
            Type::Pointer(inner) if *inner == Type::Void => {
                self.error(
                    "E0405",
                    span,
                    "a `void*` points to nothing to read or write: cast it to a typed pointer first",
                );
                self.error_expr(span)
            }
            Type::Pointer(inner) => self.add_expr(ExprKind::Deref(p), *inner, span),
            other => {
                let msg = format!("`*` dereferences a pointer, not a `{}`", self.type_name(&other));
                self.error("E0405", span, msg);
                self.error_expr(span)
            }
        }
    }

    /// `&x`, `__getAddress(x)`: the address of a place in memory a pointer reaches (its fields
    /// and elements too), or of a groupshared variable or an element of a groupshared array.
    /// Variables and buffers have no address.
    pub(super) fn address_of(&mut self, place: ExprId, span: Span) -> ExprId {
        let t = self.ty(place);
        if t.is_error() {
            return place;
        }
        if let Some(shared) = self.groupshared_root(place) {
            if !self.groupshared_element(place) {
                let name = self.module.globals[shared].name.clone();
                let d = crate::diag::Diagnostic::error(
                    "E0405",
                    format!("a pointer into groupshared `{name}` points to the variable or to one of its elements"),
                )
                .with_label(self.span_of(place), "a part of an element")
                .with_note(format!(
                    "take `__getAddress({name})` or `__getAddress({name}[i])`; the pointer steps over whole elements"
                ));
                self.push(d);
                return self.error_expr(span);
            }
            return self.add_expr(ExprKind::AddressOf(place), Type::Pointer(Box::new(t)), span);
        }
        if !self.through_pointer(place) {
            let d = crate::diag::Diagnostic::error("E0405", "only memory reached through a pointer has an address")
                .with_label(self.span_of(place), "not reached through a pointer")
                .with_note("take the address of `*p`, `p->field`, `p[i]`, a groupshared variable or an element of a groupshared array; a local variable and a buffer's element have no address");
            self.push(d);
            return self.error_expr(span);
        }
        // `&*p` is `p`.
        if let Some(ExprKind::Deref(p)) = self.cur.as_ref().map(|st| st.func.exprs[place].kind.clone()) {
            return p;
        }
        self.add_expr(ExprKind::AddressOf(place), Type::Pointer(Box::new(t)), span)
    }

    /// The groupshared variable place `e` lies in (through fields, elements and swizzles).
    fn groupshared_root(&self, e: ExprId) -> Option<GlobalId> {
        let st = self.cur.as_ref()?;
        match &st.func.exprs[e].kind {
            ExprKind::Global(g) => (self.module.globals[*g].space == AddressSpace::Groupshared).then_some(*g),
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } | ExprKind::Index { base, .. } => {
                self.groupshared_root(*base)
            }
            _ => None,
        }
    }

    /// Whether `e` is a groupshared variable or an element of one that is an array: the places
    /// a pointer into groupshared memory reaches (`lower::shared_pointers` keeps its index).
    fn groupshared_element(&self, e: ExprId) -> bool {
        let Some(st) = self.cur.as_ref() else { return false };
        let exprs = &st.func.exprs;
        match &exprs[e].kind {
            ExprKind::Global(_) => true,
            ExprKind::Index { base, .. } => {
                matches!(exprs[*base].kind, ExprKind::Global(_)) && matches!(exprs[*base].ty, Type::Array(..))
            }
            _ => false,
        }
    }

    /// Whether `e` is a place inside what a pointer points to.
    pub(super) fn through_pointer(&self, e: ExprId) -> bool {
        let Some(st) = self.cur.as_ref() else { return false };
        match &st.func.exprs[e].kind {
            ExprKind::Deref(_) => true,
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => self.through_pointer(*base),
            ExprKind::Index { base, .. } => {
                matches!(st.func.exprs[*base].ty, Type::Array(..) | Type::Vector(..) | Type::Matrix(..))
                    && self.through_pointer(*base)
            }
            _ => false,
        }
    }

    /// `p[i]`: `*(p + i)`.
    pub(super) fn pointer_index(&mut self, p: ExprId, i: ExprId, span: Span) -> ExprId {
        let at = self.pointer_offset(BinaryOp::Add, p, i, span);
        self.deref(at, span)
    }

    /// `p + n`, `p - n`: `n` pointees on (back) from `p`.
    pub(super) fn pointer_offset(&mut self, op: BinaryOp, p: ExprId, n: ExprId, span: Span) -> ExprId {
        let pt = self.ty(p);
        let nt = self.ty(n);
        if pt.is_error() || nt.is_error() {
            return self.error_expr(span);
        }
        if let Some(r) = pt.handle_resource() {
            let msg = format!("a `DescriptorHandle<{}>` names one resource: it has no arithmetic", self.type_name(r));
            self.error("E0420", span, msg);
            return self.error_expr(span);
        }
        if pt.pointee() == Some(&Type::Void) {
            self.error("E0405", span, "a `void*` has no pointee size to step by: cast it to a typed pointer first");
            return self.error_expr(span);
        }
        let n = match nt {
            Type::Scalar(s) if s.is_int() || s == Scalar::Bool => {
                let to = if s.is_signed_int() || s == Scalar::Bool {
                    Type::Scalar(Scalar::I64)
                } else {
                    Type::Scalar(Scalar::U64)
                };
                self.coerce(n, &to, span)
            }
            other => {
                let msg = format!("a pointer steps by an integer, not a `{}`", self.type_name(&other));
                let at = self.span_of(n);
                self.error("E0405", at, msg);
                return self.error_expr(span);
            }
        };
        self.add_expr(ExprKind::Binary(op, p, n), pt, span)
    }

    /// A binary operation with a pointer operand: arithmetic and comparisons; `None` when no
    /// operand is a pointer.
    pub(super) fn pointer_binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Option<ExprId> {
        let (tl, tr) = (self.ty(l), self.ty(r));
        if !tl.is_pointer() && !tr.is_pointer() {
            return None;
        }
        Some(match op {
            BinaryOp::Add | BinaryOp::Sub if tl.is_pointer() && !tr.is_pointer() => self.pointer_offset(op, l, r, span),
            BinaryOp::Add if tr.is_pointer() && !tl.is_pointer() => self.pointer_offset(op, r, l, span),
            _ if op.is_comparison() && tl.is_pointer() && tr.is_pointer() => {
                // Compared as addresses: `nullptr` (a `void*`) meets any pointer.
                let (l, r) = if tl.pointee() == Some(&Type::Void) {
                    (self.coerce(l, &tr, span), r)
                } else {
                    (l, self.coerce(r, &tl, span))
                };
                self.add_expr(ExprKind::Binary(op, l, r), Type::BOOL, span)
            }
            _ => {
                let msg = format!(
                    "operator `{}` cannot be applied to `{}` and `{}`",
                    op.symbol(),
                    self.type_name(&tl),
                    self.type_name(&tr)
                );
                self.error("E0405", span, msg);
                self.error_expr(span)
            }
        })
    }

    /// DXC's `vk::BufferPointer<T>` and `vk::BufferPointer<T, alignment>`: `T*`. Every access is
    /// aligned as its type is; a given alignment must be a constant power of two.
    pub(super) fn buffer_pointer_type(&mut self, args: &[ast::GenericArg], span: Span) -> Type {
        let alignment_ok = match args.get(1) {
            None => true,
            Some(ast::GenericArg::Expr(e)) => {
                self.const_of_ast(e).and_then(|c| c.as_u64()).is_some_and(|a| a.is_power_of_two())
            }
            Some(_) => false,
        };
        match args.first() {
            Some(ast::GenericArg::Type(pointee)) if args.len() <= 2 && alignment_ok => {
                let inner = self.resolve_type(pointee);
                if inner.is_error() {
                    return Type::Error;
                }
                Type::Pointer(Box::new(inner))
            }
            _ => {
                self.error(
                    "E0402",
                    span,
                    "`vk::BufferPointer` takes the type it points to and a constant power-of-two alignment: `vk::BufferPointer<T, 16>`",
                );
                Type::Error
            }
        }
    }

    /// Whether `t` is written `Ptr<T, Access::…, AddressSpace::GroupShared>`.
    pub(super) fn names_groupshared_pointer(t: &ast::TypeExpr) -> bool {
        let ast::TypeExprKind::Named { name, args } = &t.kind else { return false };
        name == "Ptr" && args.get(2).and_then(address_space_word).as_deref() == Some("AddressSpace::GroupShared")
    }

    /// `Ptr<T>`, `Ptr<T, Access::…>`, `Ptr<T, Access::…, AddressSpace::Device>`: `T*`; with
    /// `AddressSpace::GroupShared` the same `T*`, which holds groupshared addresses only
    /// (`lower::shared_pointers`). The access is a promise about use; memory in other address
    /// spaces has no address.
    pub(super) fn pointer_type(&mut self, args: &[ast::GenericArg], span: Span) -> Type {
        let word = address_space_word;
        let Some(ast::GenericArg::Type(pointee)) = args.first() else {
            self.error("E0402", span, "`Ptr` takes the type it points to first: `Ptr<T>`");
            return Type::Error;
        };
        if args.len() > 3 {
            self.error(
                "E0402",
                span,
                "`Ptr` takes a type, an access and an address space: `Ptr<T, Access::ReadWrite, AddressSpace::Device>`",
            );
            return Type::Error;
        }
        if let Some(access) = args.get(1) {
            let ok = word(access).is_some_and(|w| matches!(w.as_str(), "Access::ReadWrite" | "Access::Read"));
            if !ok {
                self.error("E0402", span, "`Ptr`'s second argument is `Access::ReadWrite` or `Access::Read`");
                return Type::Error;
            }
        }
        if let Some(space) = args.get(2) {
            match word(space).as_deref() {
                Some("AddressSpace::Device" | "AddressSpace::GroupShared") => {}
                Some(w) if w.starts_with("AddressSpace::") => {
                    let d = crate::diag::Diagnostic::error("E0405", format!("pointers into `{w}` are not supported"))
                        .with_label(span, "here")
                        .with_note("wavec's pointers are device addresses (`AddressSpace::Device`, the default) or groupshared ones (`AddressSpace::GroupShared`)");
                    self.push(d);
                    return Type::Error;
                }
                _ => {
                    self.error(
                        "E0402",
                        span,
                        "`Ptr`'s third argument is an address space: `AddressSpace::Device` or `AddressSpace::GroupShared`",
                    );
                    return Type::Error;
                }
            }
        }
        let inner = self.resolve_type(pointee);
        if inner.is_error() {
            return Type::Error;
        }
        self.pointer_to(inner, span)
    }

    /// `T*`: a pointer to `T`. Resources have no address: a handle names one.
    pub(super) fn pointer_to(&mut self, pointee: Type, span: Span) -> Type {
        if let Type::Resource(..) = pointee {
            let d = crate::diag::Diagnostic::error(
                "E0420",
                format!("a `{}` has no address to point to", self.type_name(&pointee)),
            )
            .with_label(span, "a pointer to a resource")
            .with_note(format!("a `DescriptorHandle<{0}>` (`{0}.Handle`) names a resource", self.type_name(&pointee)));
            self.push(d);
            return Type::Error;
        }
        Type::Pointer(Box::new(pointee))
    }

    /// Slang's `DescriptorHandle<T>`: a bindless handle of resource `T` (a pointer to it in the
    /// IR, [`Type::handle_resource`]).
    pub(super) fn descriptor_handle_type(&mut self, args: &[ast::GenericArg], span: Span) -> Type {
        let [ast::GenericArg::Type(t)] = args else {
            self.error("E0402", span, "`DescriptorHandle` takes one resource type: `DescriptorHandle<Texture2D>`");
            return Type::Error;
        };
        match self.resolve_type(t) {
            Type::Error => Type::Error,
            r @ Type::Resource(..) => Type::Pointer(Box::new(r)),
            other => {
                let d = crate::diag::Diagnostic::error(
                    "E0420",
                    format!("`DescriptorHandle<T>` names a resource, and `{}` is none", self.type_name(&other)),
                )
                .with_label(t.span, "not a buffer, texture or sampler");
                self.push(d);
                Type::Error
            }
        }
    }

    /// Shader model 6.6's `ResourceDescriptorHeap[i]` and `SamplerDescriptorHeap[i]` given to a
    /// destination of type `ty`: the resource of that type (or its handle) at index `i` of the
    /// heap, a `Convert` of the index to the handle. `None` when `e` reads no heap or the
    /// program declares the name itself.
    pub(super) fn heap_read(&mut self, e: &ast::Expr, ty: &Type) -> Option<ExprId> {
        let ast::ExprKind::Index { base, index } = &e.kind else { return None };
        let ast::ExprKind::Ident(name) = &base.kind else { return None };
        let samplers = match name.as_str() {
            "ResourceDescriptorHeap" => false,
            "SamplerDescriptorHeap" => true,
            _ => return None,
        };
        let declared = self.cur.as_ref().is_some_and(|st| st.scopes.iter().any(|s| s.get(name).is_some()))
            || self.globals.contains_key(name.as_str());
        if declared {
            return None;
        }
        let i = self.expr(index);
        if ty.is_error() || self.ty(i).is_error() {
            return Some(self.error_expr(e.span));
        }
        let i = self.coerce(i, &Type::UINT, e.span);
        let resource = ty.handle_resource().unwrap_or(ty).clone();
        let Type::Resource(kind, _) = resource else {
            let d = crate::diag::Diagnostic::error(
                "E0421",
                format!("`{name}[i]` gives a resource, not a `{}`", self.type_name(ty)),
            )
            .with_label(e.span, "its destination is no resource");
            self.push(d);
            return Some(self.error_expr(e.span));
        };
        if kind.is_sampler() != samplers {
            let (heap, what) = if samplers {
                ("SamplerDescriptorHeap", "samplers only")
            } else {
                ("ResourceDescriptorHeap", "buffers and textures only")
            };
            let d = crate::diag::Diagnostic::error(
                "E0421",
                format!("`{heap}` holds {what}, not a `{}`", self.type_name(&resource)),
            )
            .with_label(e.span, "the wrong heap for this destination")
            .with_note(format!(
                "read a `{}` from `{}`",
                self.type_name(&resource),
                HEAP_NAMES[usize::from(!samplers)]
            ));
            self.push(d);
            return Some(self.error_expr(e.span));
        }
        let handle = Type::Pointer(Box::new(resource.clone()));
        let h = self.add_expr(ExprKind::Convert(i), handle, e.span);
        Some(if ty.handle_resource().is_some() { h } else { self.deref(h, e.span) })
    }

    /// `(uint2)h` and `DescriptorHandle<T>(bits)`: a descriptor handle's bits, one `Convert`
    /// each way (the CPU engine splits and joins its address; a target that indexes a heap
    /// keeps the `uint2`). `None` when neither side is a handle.
    pub(super) fn handle_cast(&mut self, v: ExprId, target: &Type, span: Span) -> Option<ExprId> {
        let from = self.ty(v);
        let uint2 = Type::Vector(Scalar::U32, 2);
        if (from.handle_resource().is_some() && *target == uint2)
            || (target.handle_resource().is_some() && from == uint2)
        {
            return Some(self.add_expr(ExprKind::Convert(v), target.clone(), span));
        }
        if from.handle_resource().is_some() || target.handle_resource().is_some() {
            let msg = format!(
                "a descriptor handle casts to and from its `uint2` only, not `{}` to `{}`",
                self.type_name(&from),
                self.type_name(target)
            );
            self.error("E0420", span, msg);
            return Some(self.error_expr(span));
        }
        None
    }

    /// Slang's `loadCoherent<alignment, scope>(p)` and `storeCoherent<alignment, scope>(p, v)`:
    /// `*p` and `*p = v`, visible at least to `scope`. They are plain accesses: the CPU engine
    /// makes each access visible to every thread at once; on SPIR-V and GLSL they carry no
    /// `MakePointerVisible`/`coherent` semantics yet (see the README's pointer section).
    pub(super) fn coherent_access(
        &mut self,
        store: bool,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
        name_span: Span,
    ) -> ExprId {
        let name = if store { "storeCoherent" } else { "loadCoherent" };
        let alignment = match generic_args.first() {
            Some(ast::GenericArg::Expr(e)) => self.const_of_ast(e).and_then(|c| c.as_u64()),
            _ => None,
        };
        // `MemoryScope::Device` reads as a name, or as the enum's case where the program has
        // the enum (`stdlib/coopmat.slang` declares it for a program that names it).
        let scope = match generic_args.get(1) {
            Some(ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(s), .. })) => {
                s.strip_prefix("MemoryScope::")
            }
            Some(ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Path { ty, name }, .. }))
                if ty.name() == "MemoryScope" =>
            {
                Some(name.name.as_str())
            }
            _ => None,
        };
        let scope_ok = scope.is_some_and(|s| {
            matches!(s, "CrossDevice" | "Device" | "Workgroup" | "Subgroup" | "Invocation" | "QueueFamily")
        });
        let want = if store { 2 } else { 1 };
        if generic_args.len() != 2 || !alignment.is_some_and(|a| a.is_power_of_two()) || !scope_ok || args.len() != want
        {
            let shape = if store {
                "storeCoherent<4, MemoryScope::Device>(p, v)"
            } else {
                "loadCoherent<4, MemoryScope::Device>(p)"
            };
            self.error(
                "E0403",
                name_span,
                format!("`{name}` takes an alignment, a memory scope and a pointer: `{shape}`"),
            );
            return self.error_expr(span);
        }
        let place = self.deref(args[0], span);
        if !store {
            return place;
        }
        let ty = self.ty(place);
        let value = self.coerce(args[1], &ty, span);
        self.add_expr(ExprKind::Assign { op: None, target: place, value }, ty, span)
    }

    /// DXC's `vk::RawBufferLoad<T>(address, alignment)` and `vk::RawBufferStore<T>(address,
    /// value, alignment)` (`T` is `uint` when not given, the alignment 4): `*(T*)address` and
    /// `*(T*)address = value`. The memory is laid out as a pointer's pointee is; every access
    /// is aligned as its type is, so the alignment is checked, then implied.
    pub(super) fn raw_buffer_access(
        &mut self,
        store: bool,
        generic_args: &[ast::GenericArg],
        args: Vec<ExprId>,
        span: Span,
        name_span: Span,
    ) -> ExprId {
        let name = if store { "vk::RawBufferStore" } else { "vk::RawBufferLoad" };
        let (fixed, shape) = if store {
            (2, "vk::RawBufferStore<T>(address, value, alignment)")
        } else {
            (1, "vk::RawBufferLoad<T>(address, alignment)")
        };
        let pointee = match generic_args {
            [] => Some(Type::UINT),
            [ast::GenericArg::Type(t)] => Some(self.resolve_type(t)),
            _ => None,
        };
        let Some(pointee) = pointee.filter(|_| args.len() == fixed || args.len() == fixed + 1) else {
            self.error("E0403", name_span, format!("`{name}` takes a pointee type and its arguments as `{shape}`"));
            return self.error_expr(span);
        };
        if pointee.is_error() || args.iter().any(|a| self.ty(*a).is_error()) {
            return self.error_expr(span);
        }
        if let Some(&alignment) = args.get(fixed) {
            let at = self.span_of(alignment);
            let c = self.coerce(alignment, &Type::UINT, at);
            let value = self.cur.as_ref().and_then(|st| match &st.func.exprs[c].kind {
                ExprKind::Const(v) => v.as_u64(),
                _ => None,
            });
            if !value.is_some_and(|a| a.is_power_of_two()) {
                self.error("E0403", at, format!("`{name}`'s alignment is a constant power of two"));
                return self.error_expr(span);
            }
        }
        let address = self.coerce(args[0], &Type::Scalar(Scalar::U64), span);
        let pointer = self.add_expr(ExprKind::Convert(address), Type::Pointer(Box::new(pointee.clone())), span);
        let place = self.deref(pointer, span);
        if !store {
            return place;
        }
        let value = self.coerce(args[1], &pointee, span);
        self.add_expr(ExprKind::Assign { op: None, target: place, value }, pointee, span)
    }

    /// DXC's `vk::static_pointer_cast<T>(p)` and `vk::reinterpret_pointer_cast<T>(p)`: the same
    /// address as a pointer to `T`.
    pub(super) fn pointer_cast(&mut self, p: ExprId, pointee: Type, span: Span) -> ExprId {
        let pt = self.ty(p);
        if pt.is_error() || pointee.is_error() {
            return self.error_expr(span);
        }
        if !pt.is_pointer() {
            let msg = format!("a pointer cast takes a `vk::BufferPointer`, not a `{}`", self.type_name(&pt));
            let at = self.span_of(p);
            self.error("E0405", at, msg);
            return self.error_expr(span);
        }
        self.add_expr(ExprKind::Convert(p), Type::Pointer(Box::new(pointee)), span)
    }

    /// `nullptr`: the address 0, a `void*` until it converts to the pointer it meets.
    pub(super) fn null_pointer(&mut self, span: Span) -> ExprId {
        self.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::Pointer(Box::new(Type::Void)), span)
    }
}

/// A `Ptr` argument written as a name (`Access::Read`, `AddressSpace.GroupShared`), as
/// `Scope::Name`.
fn address_space_word(a: &ast::GenericArg) -> Option<String> {
    match a {
        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Ident(n), .. }) => Some(n.clone()),
        ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::Member { base, name }, .. }) => match &base.kind {
            ast::ExprKind::Ident(b) => Some(format!("{b}::{}", name.name)),
            _ => None,
        },
        ast::GenericArg::Type(t) => Some(t.name().to_string()),
        _ => None,
    }
}
