//! Inline ray tracing on the CPU: a `RayQuery` is [`WORDS`] registers of state, and each
//! method a [`RayQueryInst`] that reads and changes them lane by lane, traversing the bound
//! scene ([`crate::scene`]) in its order. Proceed commits opaque triangles itself and stops
//! at every other candidate, as DXR and Vulkan say a traversal does.

use super::compile::RayQueryInst;
use super::{lanes, Exec, Wave};
use crate::diag::Diagnostic;
use crate::ir::{HitValue, RayQueryOp};
use crate::scene::{self, ray_flags, Candidate, Ray, SceneDesc};

/// The state words of a query.
pub const WORDS: usize = 33;

// Where each part of the state is.
const TRACED: usize = 0;
const ACCEL: usize = 1;
const ELEMENT: usize = 2;
const ORIGIN: usize = 3;
const T_MIN: usize = 6;
const DIRECTION: usize = 7;
const T_MAX: usize = 10;
const FLAGS: usize = 11;
const MASK: usize = 12;
const CURSOR: usize = 13;
const DONE: usize = 14;
/// A hit: valid, instance, geometry, primitive, t, barycentrics (2), front face, triangle,
/// opaque; the candidate's at [`CANDIDATE`], the committed one's at [`COMMITTED`] (whose
/// `valid` word is the committed status).
const CANDIDATE: usize = 15;
const COMMITTED: usize = 24;
const HIT_WORDS: usize = 9;

fn put_hit(s: &mut [u32; WORDS], at: usize, valid: u32, c: &Candidate) {
    let words = [
        valid,
        c.instance,
        c.geometry,
        c.primitive,
        c.t.to_bits(),
        c.barycentrics[0].to_bits(),
        c.barycentrics[1].to_bits(),
        c.front_face as u32,
        (c.triangle as u32) | ((c.opaque as u32) << 1),
    ];
    s[at..at + HIT_WORDS].copy_from_slice(&words);
}

fn hit_of(s: &[u32; WORDS], at: usize) -> Candidate {
    let f = |i: usize| f32::from_bits(s[at + i]);
    Candidate {
        instance: s[at + 1],
        geometry: s[at + 2],
        primitive: s[at + 3],
        cursor: 0,
        t: f(4),
        barycentrics: [f(5), f(6)],
        front_face: s[at + 7] != 0,
        triangle: s[at + 8] & 1 != 0,
        opaque: s[at + 8] & 2 != 0,
    }
}

fn vec3(s: &[u32; WORDS], at: usize) -> [f32; 3] {
    [0, 1, 2].map(|i| f32::from_bits(s[at + i]))
}

fn ray_of(s: &[u32; WORDS]) -> Ray {
    Ray {
        origin: vec3(s, ORIGIN),
        direction: vec3(s, DIRECTION),
        t_min: f32::from_bits(s[T_MIN]),
        flags: s[FLAGS],
        mask: s[MASK],
    }
}

/// Commits a hit: the committed status, the hit, the range shortened to it; the search ends
/// when the ray accepts its first hit.
fn commit(s: &mut [u32; WORDS], status: u32, c: &Candidate) {
    put_hit(s, COMMITTED, status, c);
    s[T_MAX] = c.t.to_bits();
    if s[FLAGS] & ray_flags::ACCEPT_FIRST_HIT_AND_END_SEARCH != 0 {
        s[DONE] = 1;
    }
}

/// `Proceed()`: on to the next candidate the shader must decide, committing opaque triangles
/// on the way; `false` when the traversal is over.
fn proceed(scene: &SceneDesc, s: &mut [u32; WORDS]) -> bool {
    s[CANDIDATE] = 0;
    while s[DONE] == 0 {
        let Some(c) = scene.next_candidate(&ray_of(s), f32::from_bits(s[T_MAX]), s[CURSOR]) else {
            s[DONE] = 1;
            break;
        };
        s[CURSOR] = c.cursor;
        if c.triangle && c.opaque {
            commit(s, 1, &c);
            continue;
        }
        put_hit(s, CANDIDATE, 1, &c);
        return true;
    }
    false
}

/// A 3×4 matrix's components row by row, as `transposed` (4×3) or not.
fn matrix(m: &[[f32; 4]; 3], transposed: bool) -> Vec<u32> {
    if transposed {
        (0..4).flat_map(|c| (0..3).map(move |r| m[r][c].to_bits())).collect()
    } else {
        m.iter().flatten().map(|f| f.to_bits()).collect()
    }
}

impl Exec<'_> {
    pub(super) fn ray_query(&mut self, wave: &mut Wave, q: &RayQueryInst) {
        let w = self.w;
        for l in lanes(wave.exec) {
            let mut s = [0u32; WORDS];
            for (i, r) in q.state.iter().enumerate() {
                s[i] = wave.regs[*r as usize * w + l] as u32;
            }
            let arg = |i: usize| q.args.get(i).map_or(0, |r| wave.regs[*r as usize * w + l] as u32);
            if q.op == RayQueryOp::TraceRayInline {
                let Some((binding, element)) = q.accel else { continue };
                let name = self.p.bindings[binding as usize].name.clone();
                let Some(e) = self.element(wave, element, binding, l, q.span, &name) else { continue };
                // Flags, mask, then the `RayDesc`: origin, TMin, direction, TMax.
                s = [0; WORDS];
                s[TRACED] = 1;
                s[ACCEL] = binding;
                s[ELEMENT] = e;
                s[FLAGS] = arg(0);
                s[MASK] = arg(1);
                for i in 0..3 {
                    s[ORIGIN + i] = arg(2 + i);
                    s[DIRECTION + i] = arg(6 + i);
                }
                s[T_MIN] = arg(5);
                s[T_MAX] = arg(9);
            } else if s[TRACED] == 0 {
                let d = Diagnostic::error(
                    "E0709",
                    format!("`RayQuery.{}` of a query that no `TraceRayInline` started", q.op.name()),
                )
                .with_label(q.span, self.who(wave, l));
                self.report(d);
                continue;
            }
            let scene = self.scenes.get(s[ACCEL] as usize).and_then(Option::as_ref).cloned();
            let Some(scene) = scene else { continue };
            let inst = |c: &Candidate| scene.instances.get(c.instance as usize);
            let candidate = hit_of(&s, CANDIDATE);
            let committed = hit_of(&s, COMMITTED);
            let bits = |v: f32| v.to_bits();
            let out: Vec<u32> = match q.op {
                RayQueryOp::TraceRayInline => vec![],
                RayQueryOp::Proceed => vec![proceed(&scene, &mut s) as u32],
                RayQueryOp::Abort => {
                    s[DONE] = 1;
                    vec![]
                }
                RayQueryOp::CommitNonOpaqueTriangleHit => {
                    if s[CANDIDATE] != 0 && candidate.triangle {
                        commit(&mut s, 1, &candidate);
                    }
                    vec![]
                }
                RayQueryOp::CommitProceduralPrimitiveHit => {
                    let t = f32::from_bits(arg(0));
                    // A hit outside the ray's current range is ignored, as the specs say.
                    if s[CANDIDATE] != 0
                        && !candidate.triangle
                        && t >= f32::from_bits(s[T_MIN])
                        && t <= f32::from_bits(s[T_MAX])
                    {
                        commit(&mut s, 2, &Candidate { t, ..candidate });
                    }
                    vec![]
                }
                RayQueryOp::CandidateType => vec![!candidate.triangle as u32],
                RayQueryOp::CommittedStatus => vec![s[COMMITTED]],
                RayQueryOp::CandidateProceduralPrimitiveNonOpaque => vec![!candidate.opaque as u32],
                RayQueryOp::RayFlags => vec![s[FLAGS]],
                RayQueryOp::RayTMin => vec![s[T_MIN]],
                RayQueryOp::WorldRayOrigin => s[ORIGIN..ORIGIN + 3].to_vec(),
                RayQueryOp::WorldRayDirection => s[DIRECTION..DIRECTION + 3].to_vec(),
                RayQueryOp::Hit(value, is_committed) => {
                    let h = if is_committed { committed } else { candidate };
                    let transform = inst(&h).map_or(scene::IDENTITY, |i| i.transform);
                    let ray = ray_of(&s);
                    match value {
                        HitValue::RayT => vec![bits(h.t)],
                        // The index a GPU reports: boxes of a scene with triangles too sit in a
                        // top-level instance of their own ([`SceneDesc::instance_index`]).
                        HitValue::InstanceIndex => vec![scene.instance_index(&h)],
                        HitValue::InstanceID => vec![inst(&h).map_or(0, |i| i.id)],
                        HitValue::InstanceContributionToHitGroupIndex => vec![0],
                        HitValue::GeometryIndex => vec![h.geometry],
                        HitValue::PrimitiveIndex => vec![h.primitive],
                        HitValue::ObjectRayOrigin => {
                            scene::object_ray(&transform, ray.origin, ray.direction).0.map(bits).to_vec()
                        }
                        HitValue::ObjectRayDirection => {
                            scene::object_ray(&transform, ray.origin, ray.direction).1.map(bits).to_vec()
                        }
                        HitValue::ObjectToWorld3x4 => matrix(&transform, false),
                        HitValue::ObjectToWorld4x3 => matrix(&transform, true),
                        HitValue::WorldToObject3x4 => matrix(&scene::invert(&transform), false),
                        HitValue::WorldToObject4x3 => matrix(&scene::invert(&transform), true),
                        HitValue::TriangleBarycentrics => h.barycentrics.map(bits).to_vec(),
                        HitValue::TriangleFrontFace => vec![h.front_face as u32],
                    }
                }
            };
            for (i, r) in q.state.iter().enumerate() {
                wave.regs[*r as usize * w + l] = s[i] as u64;
            }
            for (d, v) in q.dst.iter().zip(out) {
                wave.regs[*d as usize * w + l] = v as u64;
            }
        }
    }
}
