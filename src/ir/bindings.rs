//! Where each resource of a module is bound: one rule, which the SPIR-V writer, the CPU engine,
//! the test runners and reflection all read, so a buffer is where every one of them expects it.
//!
//! 1. `[[vk::binding(b, s)]]` places a resource exactly.
//! 2. Else `register(xN, spaceM)` places it at binding N of set M, whatever the register class,
//!    plus the `-fvk-x-shift` of its class and space (DXC's rule; Slang's without shifts).
//!    `register(spaceM)` names only the set: the resource takes the lowest free binding of set M,
//!    in declaration order (step 4).
//! 3. The loose uniforms (globals that are neither resources nor `static`/`groupshared`,
//!    gathered in `$Globals`) take the lowest free binding of set 0 before any other resource
//!    without a place (Slang's default constant buffer; DXC would put them where their first
//!    variable is declared).
//! 4. Every other resource, `cbuffer` and `ConstantBuffer<T>` takes the lowest free binding of
//!    set 0, in declaration order, the entry point's `uniform` resource parameters after every
//!    global (Slang's order); the hidden counter of an Append/Consume buffer, and of a
//!    RWStructuredBuffer whose counter the entry point uses, takes the next free binding of the
//!    buffer's set right after it (DXC's `counter.var`).
//!
//! Every declared resource takes a binding, used or not: bindings do not move when code that
//! reads a buffer is removed. The entry point's `uniform` value parameters take no binding:
//! they are the push-constant block ([`AddressSpace::PushConstant`]). Two resources placed at the same binding share it (a texture and
//! a sampler both at `register(t0)`/`register(s0)`), as DXC lets them; the sampler of a combined
//! texture-sampler (Slang's `Sampler2D`) always shares its texture's.

use super::{AddressSpace, GlobalId, Module, Register, ResourceKind, Type};
use crate::span::Span;
use std::collections::BTreeSet;

/// What occupies a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A resource global (buffer, texture, sampler, `ConstantBuffer<T>`).
    Global(GlobalId),
    /// A `cbuffer`/`tbuffer`, by its index in [`Module::cbuffers`].
    Cbuffer(usize),
    /// The loose uniforms, `$Globals`.
    LooseUniforms,
    /// The hidden counter of a structured buffer.
    Counter(GlobalId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub slot: Slot,
    /// The resource's name (`$Globals` for the loose uniforms, `counter.var.NAME` for a counter).
    pub name: String,
    pub set: u32,
    pub binding: u32,
    /// A uniform buffer (cbuffer, `ConstantBuffer<T>`, `$Globals`) rather than a storage
    /// buffer or another resource.
    pub uniform: bool,
    /// Placed by `[[vk::binding]]` or `register`, not by declaration order.
    pub explicit: bool,
    pub span: Span,
}

/// The bindings of `module` for entry point `entry` (whose use of counters decides which
/// structured buffers get one), in declaration order.
pub fn bindings(module: &Module, entry: usize) -> Vec<Binding> {
    let counters = used_counters(module, entry);
    struct Item {
        slot: Slot,
        /// An entry point's `uniform` resource parameter, bound after every global.
        late: bool,
        name: String,
        uniform: bool,
        place: Option<(u32, u32)>,
        /// The set it is bound in when it has no `place`.
        set: u32,
        span: Span,
        counter: bool,
    }
    let mut items: Vec<Item> = Vec::new();
    let mut loose = None;
    for (h, g) in module.globals.iter() {
        match &g.space {
            // Bound with the texture it is combined with, below.
            AddressSpace::Resource if g.shares_binding.is_some() => {}
            AddressSpace::Resource => {
                let kind = match &g.ty {
                    Type::Resource(k, _) => Some(*k),
                    _ => None,
                };
                // An array of append or consume buffers has an array of counters as long.
                let each = match &g.ty {
                    Type::Array(e, _) => match e.as_ref() {
                        Type::Resource(k, _) => Some(*k),
                        _ => None,
                    },
                    _ => kind,
                };
                let counter =
                    matches!(each, Some(ResourceKind::AppendStructuredBuffer | ResourceKind::ConsumeStructuredBuffer))
                        || counters.contains(&h);
                let place = g.vk_binding.or_else(|| g.register.as_ref().and_then(|r| shifted(module, r)));
                items.push(Item {
                    slot: Slot::Global(h),
                    late: g.entry_param,
                    name: g.name.clone(),
                    uniform: kind == Some(ResourceKind::ConstantBuffer),
                    place,
                    set: g.register.as_ref().map_or(0, |r| r.space),
                    span: g.span,
                    counter,
                });
            }
            AddressSpace::Uniform { cbuffer: None } => {
                loose.get_or_insert(g.span);
            }
            _ => {}
        }
    }
    for (i, c) in module.cbuffers.iter().enumerate() {
        let place = c.vk_binding.or_else(|| c.register.as_ref().and_then(|r| shifted(module, r)));
        items.push(Item {
            slot: Slot::Cbuffer(i),
            late: false,
            name: c.name.clone(),
            uniform: true,
            place,
            set: c.register.as_ref().map_or(0, |r| r.space),
            span: c.span,
            counter: false,
        });
    }
    items.sort_by_key(|i| (i.late, i.span.start));
    if let Some(span) = loose {
        let item = Item {
            slot: Slot::LooseUniforms,
            late: false,
            name: "$Globals".into(),
            uniform: true,
            place: None,
            set: 0,
            span,
            counter: false,
        };
        items.insert(0, item);
    }

    // Explicit places first, so declaration order fills around them.
    let mut taken: BTreeSet<(u32, u32)> = items.iter().filter_map(|i| i.place.map(|(b, s)| (s, b))).collect();
    let next_free = |taken: &BTreeSet<(u32, u32)>, set: u32| (0..).find(|b| !taken.contains(&(set, *b))).unwrap_or(0);
    let mut ordered: Vec<Binding> = Vec::new();
    for it in &items {
        let (set, binding) = match it.place {
            Some((b, s)) => (s, b),
            None => {
                let b = next_free(&taken, it.set);
                taken.insert((it.set, b));
                (it.set, b)
            }
        };
        let explicit = it.place.is_some();
        ordered.push(Binding {
            slot: it.slot,
            name: it.name.clone(),
            set,
            binding,
            uniform: it.uniform,
            explicit,
            span: it.span,
        });
        if it.counter {
            let Slot::Global(h) = it.slot else { continue };
            let b = next_free(&taken, set);
            taken.insert((set, b));
            ordered.push(Binding {
                slot: Slot::Counter(h),
                name: format!("counter.var.{}", it.name),
                set,
                binding: b,
                uniform: false,
                explicit: false,
                span: it.span,
            });
        }
    }
    // A combined texture-sampler's sampler: its texture's binding, listed right after it.
    for (h, g) in module.globals.iter() {
        let Some(with) = g.shares_binding else { continue };
        let Some(at) = ordered.iter().position(|b| b.slot == Slot::Global(with)) else { continue };
        let b = Binding {
            slot: Slot::Global(h),
            name: g.name.clone(),
            uniform: false,
            span: g.span,
            ..ordered[at].clone()
        };
        ordered.insert(at + 1, b);
    }
    ordered
}

/// `bindings` for a target without combined texture-samplers (WGSL): the sampler of one
/// (Slang's `Sampler2D`, bound with its texture everywhere else) takes the next binding free in
/// its set, after every other.
pub fn separate_combined_samplers(module: &Module, mut bindings: Vec<Binding>) -> Vec<Binding> {
    for i in 0..bindings.len() {
        let Slot::Global(h) = bindings[i].slot else { continue };
        if module.globals[h].shares_binding.is_none() {
            continue;
        }
        let set = bindings[i].set;
        let free = bindings.iter().filter(|b| b.set == set).map(|b| b.binding + 1).max().unwrap_or(0);
        bindings[i].binding = free;
    }
    bindings
}

/// The (binding, set) of a register, after the shifts that apply to it; `None` for one that
/// names only a space.
fn shifted(module: &Module, r: &Register) -> Option<(u32, u32)> {
    let index = r.index?;
    let shift: u32 = module
        .register_shifts
        .iter()
        .filter(|s| s.class == r.class && s.space.is_none_or(|sp| sp == r.space))
        .map(|s| s.shift)
        .sum();
    Some((index + shift, r.space))
}

/// The structured buffers whose counter a function reachable from the entry point uses.
fn used_counters(module: &Module, entry: usize) -> BTreeSet<GlobalId> {
    let mut out = BTreeSet::new();
    let Some(ep) = module.entry_points.get(entry) else { return out };
    let reach = module.reachable_functions(ep.function);
    for (h, f) in module.functions.iter() {
        if reach[h.index()] {
            out.extend(f.uses.counters.iter().copied());
        }
    }
    out
}

impl Binding {
    /// The binding of `slot` in `list`.
    pub fn of(list: &[Binding], slot: Slot) -> Option<&Binding> {
        list.iter().find(|b| b.slot == slot)
    }
}
