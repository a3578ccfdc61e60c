//! `static` resource globals with an initializer (`static Texture2D Albedo =
//! ResourceDescriptorHeap[MaterialIndex];`, `static RWBuffer<uint> Out = Outputs[2];`): bindless
//! engines name their resources this way. Such a global binds nothing of its own, and a resource
//! never changes while a shader runs, so each use reads as its initializer, checked where the
//! global was declared: the names the initializer uses are the file's (or its namespace's), not
//! the locals around the use.

use super::{Checker, ExprId, HashMap, Span};
use crate::diag::Diagnostic;
use crate::ir::Type;
use crate::syntax::ast;

#[derive(Clone)]
pub(super) struct ResourceAlias {
    init: ast::Initializer,
    ty: Type,
    namespaces: Vec<String>,
    using: Vec<String>,
    /// Its initializer failed to check once: later uses say nothing more.
    failed: bool,
}

impl Checker {
    /// Declares `name` as standing for its initializer (module docs); a `coherent` one makes
    /// the descriptor heap of its type coherent.
    pub(super) fn declare_resource_alias(&mut self, name: &str, init: &ast::Initializer, ty: Type, coherent: bool) {
        if coherent {
            self.note_coherent_resource(&ty);
        }
        let alias = ResourceAlias {
            init: init.clone(),
            ty,
            namespaces: self.namespaces.clone(),
            using: self.using.clone(),
            failed: false,
        };
        self.resource_aliases.insert(name.to_string(), alias);
    }

    /// The initializer of the alias `name` names, if it names one, checked as at its declaration.
    pub(super) fn resource_alias_use(&mut self, name: &str, span: Span) -> Option<ExprId> {
        let key = self.scoped(name, |n| self.resource_aliases.contains_key(n));
        let alias = self.resource_aliases.get(&key)?.clone();
        if alias.failed || self.cur.is_none() {
            return Some(self.error_expr(span));
        }
        if self.expanding_aliases.contains(&key) {
            let d = Diagnostic::error("E0505", format!("the initializer of `{key}` names `{key}` itself"))
                .with_label(span, "a resource global cannot stand for itself");
            self.push(d);
            self.mark_alias_failed(&key);
            return Some(self.error_expr(span));
        }
        self.expanding_aliases.push(key.clone());
        let diags_before = self.diags.len();
        let state = self.cur.as_mut().expect("checked above");
        let scopes = std::mem::replace(&mut state.scopes, vec![HashMap::default()]);
        let this = state.this.take();
        let namespaces = std::mem::replace(&mut self.namespaces, alias.namespaces.clone());
        let using = std::mem::replace(&mut self.using, alias.using.clone());
        let mut ty = alias.ty.clone();
        let e = self.initializer(&alias.init, &mut ty);
        self.namespaces = namespaces;
        self.using = using;
        if let Some(state) = self.cur.as_mut() {
            state.scopes = scopes;
            state.this = this;
        }
        self.expanding_aliases.pop();
        if self.diags[diags_before..].iter().any(Diagnostic::is_error) {
            self.mark_alias_failed(&key);
        }
        Some(e)
    }

    /// A `globallycoherent` resource of type `ty` may come from a descriptor heap: that heap's
    /// elements are all coherent, as DXC decorates the whole heap. Coherence where it is not
    /// needed costs only speed; its absence where it is needed loses writes between groups.
    pub(super) fn note_coherent_resource(&mut self, ty: &Type) {
        if matches!(ty, Type::Resource(..)) && !self.module.coherent_heap_types.contains(ty) {
            self.module.coherent_heap_types.push(ty.clone());
        }
    }

    fn mark_alias_failed(&mut self, key: &str) {
        if let Some(a) = self.resource_aliases.get_mut(key) {
            a.failed = true;
        }
    }
}
