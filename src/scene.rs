//! Ray tracing scenes as data: what an `accel:` SPEC builds, what the Vulkan runner turns into
//! a bottom- and a top-level acceleration structure, and what the CPU engine's ray queries
//! ([`crate::exec`]) traverse, intersecting every primitive as the Vulkan and DXR specs say a
//! traversal must report it.
//!
//! A scene is one bottom-level structure (its geometries, each triangles or boxes, opaque or
//! not) placed by instances (a transform, an ID, a mask, flags). It travels as the bytes of a
//! binding ([`SceneDesc::to_bytes`]) so a bound acceleration structure is a buffer like any
//! other to the code that passes buffers around.

/// One geometry of the bottom-level structure; its primitives are numbered from 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub kind: GeometryKind,
    /// `VK_GEOMETRY_OPAQUE_BIT_KHR`: hits commit without asking the shader.
    pub opaque: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum GeometryKind {
    /// Three vertices per triangle.
    Triangles(Vec<[f32; 3]>),
    /// `min.xyz, max.xyz` per box: procedural primitives the shader intersects itself.
    Aabbs(Vec<[f32; 6]>),
}

impl GeometryKind {
    pub fn primitive_count(&self) -> usize {
        match self {
            GeometryKind::Triangles(v) => v.len() / 3,
            GeometryKind::Aabbs(b) => b.len(),
        }
    }
}

/// `VkGeometryInstanceFlagBitsKHR`, the same bits as D3D12's instance flags.
pub const INSTANCE_CULL_DISABLE: u32 = 1;
pub const INSTANCE_FLIP_FACING: u32 = 2;
pub const INSTANCE_FORCE_OPAQUE: u32 = 4;
pub const INSTANCE_FORCE_NO_OPAQUE: u32 = 8;

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// The custom index (`InstanceID()`), 24 bits.
    pub id: u32,
    /// Tested against the ray's mask: an instance is visited when `mask & ray_mask != 0`.
    pub mask: u8,
    pub flags: u32,
    /// Object to world, row-major 3×4 (as `VkTransformMatrixKHR`).
    pub transform: [[f32; 4]; 3],
}

pub const IDENTITY: [[f32; 4]; 3] = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];

#[derive(Clone, Debug, PartialEq)]
pub struct SceneDesc {
    pub geometries: Vec<Geometry>,
    pub instances: Vec<Instance>,
}

const MAGIC: u32 = u32::from_le_bytes(*b"WRTS");

/// Ray flags, HLSL's `RAY_FLAG_*` (SPIR-V's `RayFlags` have the same values).
pub mod ray_flags {
    pub const FORCE_OPAQUE: u32 = 0x01;
    pub const FORCE_NON_OPAQUE: u32 = 0x02;
    pub const ACCEPT_FIRST_HIT_AND_END_SEARCH: u32 = 0x04;
    pub const SKIP_CLOSEST_HIT_SHADER: u32 = 0x08;
    pub const CULL_BACK_FACING_TRIANGLES: u32 = 0x10;
    pub const CULL_FRONT_FACING_TRIANGLES: u32 = 0x20;
    pub const CULL_OPAQUE: u32 = 0x40;
    pub const CULL_NON_OPAQUE: u32 = 0x80;
    pub const SKIP_TRIANGLES: u32 = 0x100;
    pub const SKIP_PROCEDURAL_PRIMITIVES: u32 = 0x200;
}

/// A primitive a ray meets, in traversal order ([`SceneDesc::next_candidate`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub instance: u32,
    pub geometry: u32,
    pub primitive: u32,
    /// The position after the candidate in the traversal order: where the next search starts.
    pub cursor: u32,
    pub triangle: bool,
    /// For a triangle: its hit distance, barycentrics (of the second and third vertex) and
    /// facing; unused for a box.
    pub t: f32,
    pub barycentrics: [f32; 2],
    pub front_face: bool,
    /// Whether the hit commits without the shader (the geometry's and instance's opacity under
    /// the ray's flags).
    pub opaque: bool,
}

/// A ray as `TraceRayInline` receives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    pub origin: [f32; 3],
    pub direction: [f32; 3],
    pub t_min: f32,
    pub flags: u32,
    pub mask: u32,
}

impl SceneDesc {
    /// The scene Slang's test runner binds for `set X = AccelerationStructure`: one opaque
    /// triangle `(0,0,0.5) (0,1,0.5) (1,0,0.5)`, one instance with facing culling disabled.
    pub fn slang_test_scene() -> SceneDesc {
        SceneDesc {
            geometries: vec![Geometry {
                kind: GeometryKind::Triangles(vec![[0.0, 0.0, 0.5], [0.0, 1.0, 0.5], [1.0, 0.0, 0.5]]),
                opaque: true,
            }],
            instances: vec![Instance { id: 0, mask: 0xff, flags: INSTANCE_CULL_DISABLE, transform: IDENTITY }],
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w: Vec<u32> = vec![MAGIC, self.geometries.len() as u32, self.instances.len() as u32];
        for g in &self.geometries {
            let floats: Vec<f32> = match &g.kind {
                GeometryKind::Triangles(v) => v.iter().flatten().copied().collect(),
                GeometryKind::Aabbs(b) => b.iter().flatten().copied().collect(),
            };
            w.push(matches!(g.kind, GeometryKind::Aabbs(_)) as u32);
            w.push(g.opaque as u32);
            w.push(g.kind.primitive_count() as u32);
            w.extend(floats.iter().map(|f| f.to_bits()));
        }
        for i in &self.instances {
            w.extend([i.id, i.mask as u32, i.flags]);
            w.extend(i.transform.iter().flatten().map(|f| f.to_bits()));
        }
        w.into_iter().flat_map(u32::to_le_bytes).collect()
    }

    /// The scene [`SceneDesc::to_bytes`] wrote; `None` for other bytes.
    pub fn from_bytes(bytes: &[u8]) -> Option<SceneDesc> {
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let mut it = words.into_iter();
        if it.next()? != MAGIC {
            return None;
        }
        let (g, n) = (it.next()?, it.next()?);
        let mut float = || it.next().map(f32::from_bits);
        let take = |f: &mut dyn FnMut() -> Option<f32>, n: usize| (0..n).map(|_| f()).collect::<Option<Vec<f32>>>();
        let mut scene = SceneDesc { geometries: Vec::new(), instances: Vec::new() };
        for _ in 0..g {
            let kind = float()?.to_bits();
            let opaque = float()?.to_bits() != 0;
            let count = float()?.to_bits() as usize;
            let kind = if kind == 0 {
                let v = take(&mut float, count * 9)?;
                GeometryKind::Triangles(v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect())
            } else {
                let v = take(&mut float, count * 6)?;
                GeometryKind::Aabbs(v.chunks_exact(6).map(|c| [c[0], c[1], c[2], c[3], c[4], c[5]]).collect())
            };
            scene.geometries.push(Geometry { kind, opaque });
        }
        for _ in 0..n {
            let id = float()?.to_bits();
            let mask = float()?.to_bits() as u8;
            let flags = float()?.to_bits();
            let m = take(&mut float, 12)?;
            let transform = [[m[0], m[1], m[2], m[3]], [m[4], m[5], m[6], m[7]], [m[8], m[9], m[10], m[11]]];
            scene.instances.push(Instance { id, mask, flags, transform });
        }
        Some(scene)
    }

    /// The index `InstanceIndex()` (`rayQueryGetIntersectionInstanceIdEXT`) reports for a
    /// candidate: the instance's own, except for a box of a scene that has triangles too. A
    /// bottom-level structure holds triangles or boxes, never both (Vulkan's and D3D12's rule),
    /// so such a scene's instances each place two structures: the triangles' at the
    /// instance's index, the boxes' after every instance (at `instances.len()` + its index).
    pub fn instance_index(&self, c: &Candidate) -> u32 {
        let has_triangles = self.geometries.iter().any(|g| matches!(g.kind, GeometryKind::Triangles(_)));
        if has_triangles && !c.triangle {
            c.instance + self.instances.len() as u32
        } else {
            c.instance
        }
    }

    /// Primitives of every instance in traversal order: instance, then geometry, then
    /// primitive. `cursor` positions count in that order.
    fn position(&self, cursor: u32) -> Option<(usize, usize, usize)> {
        let per_instance: usize = self.geometries.iter().map(|g| g.kind.primitive_count()).sum();
        if per_instance == 0 {
            return None;
        }
        let c = cursor as usize;
        let instance = c / per_instance;
        if instance >= self.instances.len() {
            return None;
        }
        let mut rest = c % per_instance;
        for (g, geometry) in self.geometries.iter().enumerate() {
            let n = geometry.kind.primitive_count();
            if rest < n {
                return Some((instance, g, rest));
            }
            rest -= n;
        }
        None
    }

    /// The first primitive from `cursor` on that the ray meets with a hit distance in
    /// `[t_min, t_max]` (boxes: whose slab interval overlaps it), after the instance mask, the
    /// ray's skip and cull flags and the instances' flags. Traversal order is this scene's
    /// order; a GPU's is its own, which is why shaders may not depend on it.
    pub fn next_candidate(&self, ray: &Ray, t_max: f32, cursor: u32) -> Option<Candidate> {
        use ray_flags::*;
        let mut c = cursor;
        // The ray in the current instance's object space: one inverse per instance, not per
        // primitive (the walk visits an instance's primitives in a row).
        let mut object: Option<(usize, [f32; 3], [f32; 3])> = None;
        while let Some((i, g, p)) = self.position(c) {
            c += 1;
            let inst = &self.instances[i];
            if u32::from(inst.mask) & ray.mask & 0xff == 0 {
                continue;
            }
            let geometry = &self.geometries[g];
            let triangle = matches!(geometry.kind, GeometryKind::Triangles(_));
            if (triangle && ray.flags & SKIP_TRIANGLES != 0)
                || (!triangle && ray.flags & SKIP_PROCEDURAL_PRIMITIVES != 0)
            {
                continue;
            }
            let mut opaque = geometry.opaque;
            if inst.flags & INSTANCE_FORCE_OPAQUE != 0 {
                opaque = true;
            }
            if inst.flags & INSTANCE_FORCE_NO_OPAQUE != 0 {
                opaque = false;
            }
            if ray.flags & FORCE_OPAQUE != 0 {
                opaque = true;
            }
            if ray.flags & FORCE_NON_OPAQUE != 0 {
                opaque = false;
            }
            if (opaque && ray.flags & CULL_OPAQUE != 0) || (!opaque && ray.flags & CULL_NON_OPAQUE != 0) {
                continue;
            }
            let (o, d) = match object {
                Some((at, o, d)) if at == i => (o, d),
                _ => {
                    let (o, d) = object_ray(&inst.transform, ray.origin, ray.direction);
                    object = Some((i, o, d));
                    (o, d)
                }
            };
            let mut found = Candidate {
                instance: i as u32,
                geometry: g as u32,
                primitive: p as u32,
                cursor: c,
                triangle,
                t: 0.0,
                barycentrics: [0.0; 2],
                front_face: false,
                opaque,
            };
            match &geometry.kind {
                GeometryKind::Triangles(v) => {
                    let Some((t, u, w, det)) = intersect_triangle(o, d, v[3 * p], v[3 * p + 1], v[3 * p + 2]) else {
                        continue;
                    };
                    if !(t >= ray.t_min && t <= t_max) {
                        continue;
                    }
                    // Clockwise as seen from the ray's origin is the front (DXR's and Vulkan's
                    // rule, in object space): the edges' cross product points back at the ray.
                    let front = (det < 0.0) != (inst.flags & INSTANCE_FLIP_FACING != 0);
                    if inst.flags & INSTANCE_CULL_DISABLE == 0
                        && ((front && ray.flags & CULL_FRONT_FACING_TRIANGLES != 0)
                            || (!front && ray.flags & CULL_BACK_FACING_TRIANGLES != 0))
                    {
                        continue;
                    }
                    found.t = t;
                    found.barycentrics = [u, w];
                    found.front_face = front;
                }
                GeometryKind::Aabbs(b) => {
                    if !slab_overlaps(o, d, &b[p], ray.t_min, t_max) {
                        continue;
                    }
                }
            }
            return Some(found);
        }
        None
    }
}

/// The ray in an instance's object space: through the inverse of its object-to-world transform.
pub fn object_ray(m: &[[f32; 4]; 3], origin: [f32; 3], direction: [f32; 3]) -> ([f32; 3], [f32; 3]) {
    let inv = invert(m);
    (transform_point(&inv, origin), transform_vector(&inv, direction))
}

pub fn transform_point(m: &[[f32; 4]; 3], p: [f32; 3]) -> [f32; 3] {
    let v = transform_vector(m, p);
    [v[0] + m[0][3], v[1] + m[1][3], v[2] + m[2][3]]
}

pub fn transform_vector(m: &[[f32; 4]; 3], v: [f32; 3]) -> [f32; 3] {
    std::array::from_fn(|r| m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2])
}

/// The inverse of an affine 3×4 transform (identity for a singular one: a degenerate
/// instance hides nothing rather than poisoning every hit with NaNs).
pub fn invert(m: &[[f32; 4]; 3]) -> [[f32; 4]; 3] {
    let a = |r: usize, c: usize| f64::from(m[r][c]);
    let cof = |r0: usize, r1: usize, c0: usize, c1: usize| a(r0, c0) * a(r1, c1) - a(r0, c1) * a(r1, c0);
    let det = a(0, 0) * cof(1, 2, 1, 2) - a(0, 1) * cof(1, 2, 0, 2) + a(0, 2) * cof(1, 2, 0, 1);
    if det == 0.0 || !det.is_finite() {
        return IDENTITY;
    }
    // The adjugate's rows: inverse[r][c] = cofactor(c, r) / det.
    let inv3: [[f64; 3]; 3] = [
        [cof(1, 2, 1, 2), -cof(0, 2, 1, 2), cof(0, 1, 1, 2)],
        [-cof(1, 2, 0, 2), cof(0, 2, 0, 2), -cof(0, 1, 0, 2)],
        [cof(1, 2, 0, 1), -cof(0, 2, 0, 1), cof(0, 1, 0, 1)],
    ];
    let mut out = [[0f32; 4]; 3];
    for r in 0..3 {
        let row: [f64; 3] = std::array::from_fn(|c| inv3[r][c] / det);
        for c in 0..3 {
            out[r][c] = row[c] as f32;
        }
        out[r][3] = -(row[0] * a(0, 3) + row[1] * a(1, 3) + row[2] * a(2, 3)) as f32;
    }
    out
}

/// Möller–Trumbore in f64 (so an edge or vertex hit is decided the same on every run):
/// `(t, u, v, facing)`, `facing` the sign of `dot(cross(e1, e2), direction)`. Hits on an edge
/// count (a GPU's watertight test gives an edge to one of the two triangles sharing it; the
/// scenes tests use keep rays off shared edges).
fn intersect_triangle(
    o: [f32; 3],
    d: [f32; 3],
    v0: [f32; 3],
    v1: [f32; 3],
    v2: [f32; 3],
) -> Option<(f32, f32, f32, f32)> {
    let f = |v: [f32; 3]| v.map(f64::from);
    let (o, d, v0, v1, v2) = (f(o), f(d), f(v0), f(v1), f(v2));
    let s = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let x =
        |a: [f64; 3], b: [f64; 3]| [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    let dt = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let (e1, e2) = (s(v1, v0), s(v2, v0));
    let p = x(d, e2);
    let det = dt(e1, p);
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    let tv = s(o, v0);
    let u = dt(tv, p) / det;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = x(tv, e1);
    let v = dt(d, q) / det;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = dt(e2, q) / det;
    let facing = dt(x(e1, e2), d);
    Some((t as f32, u as f32, v as f32, facing as f32))
}

/// Whether the ray's slab interval through a box overlaps `[t_min, t_max]`.
fn slab_overlaps(o: [f32; 3], d: [f32; 3], b: &[f32; 6], t_min: f32, t_max: f32) -> bool {
    let (mut lo, mut hi) = (t_min, t_max);
    for a in 0..3 {
        if d[a] == 0.0 {
            if o[a] < b[a] || o[a] > b[a + 3] {
                return false;
            }
            continue;
        }
        let (t0, t1) = ((b[a] - o[a]) / d[a], (b[a + 3] - o[a]) / d[a]);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
    }
    lo <= hi
}

/// `ITEM[:ITEM]…` of an `accel:` spec (README, "Acceleration structures"): `slang` (the scene
/// [`SceneDesc::slang_test_scene`]), `tri=X,Y,Z,…` and `tri-nonopaque=…` (a geometry of
/// triangles, nine numbers each), `aabb=MINX,MINY,MINZ,MAXX,MAXY,MAXZ,…` and
/// `aabb-nonopaque=…` (a geometry of boxes), and `instance=ID[,MASK[,FLAGS[,T…]]]`, where T is
/// a translation (3 numbers) or a row-major 3×4 transform (12). No instance: one, ID 0, mask
/// 0xff, identity.
pub fn parse_spec(rest: &str) -> Result<SceneDesc, String> {
    let mut scene = SceneDesc { geometries: Vec::new(), instances: Vec::new() };
    let numbers = |key: &str, v: &str| -> Result<Vec<f32>, String> {
        v.split(',')
            .map(|x| {
                let x = x.trim();
                x.parse::<f32>().map_err(|_| format!("`{key}=`: `{x}` is not a number"))
            })
            .collect()
    };
    for item in rest.split(':').map(str::trim).filter(|s| !s.is_empty()) {
        if item == "slang" {
            let s = SceneDesc::slang_test_scene();
            scene.geometries.extend(s.geometries);
            scene.instances.extend(s.instances);
            continue;
        }
        let Some((key, value)) = item.split_once('=') else {
            return Err(format!("`{item}`: expected `slang`, `tri=…`, `aabb=…` or `instance=…`"));
        };
        let key = key.trim();
        match key {
            "tri" | "tri-nonopaque" => {
                let v = numbers(key, value)?;
                if v.is_empty() || v.len() % 9 != 0 {
                    return Err(format!("`{key}=` takes nine numbers per triangle, not {}", v.len()));
                }
                let verts = v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
                scene.geometries.push(Geometry { kind: GeometryKind::Triangles(verts), opaque: key == "tri" });
            }
            "aabb" | "aabb-nonopaque" => {
                let v = numbers(key, value)?;
                if v.is_empty() || v.len() % 6 != 0 {
                    return Err(format!("`{key}=` takes six numbers per box, not {}", v.len()));
                }
                let boxes: Vec<[f32; 6]> = v.chunks_exact(6).map(|c| [c[0], c[1], c[2], c[3], c[4], c[5]]).collect();
                if let Some(b) = boxes.iter().find(|b| (0..3).any(|a| b[a] > b[a + 3])) {
                    return Err(format!("`{key}=`: box {b:?} has a minimum above its maximum"));
                }
                scene.geometries.push(Geometry { kind: GeometryKind::Aabbs(boxes), opaque: key == "aabb" });
            }
            "instance" => {
                let parts: Vec<&str> = value.split(',').map(str::trim).collect();
                let int = |s: &str, what: &str| -> Result<u32, String> {
                    crate::testing::spec::parse_uint(s)
                        .and_then(|v| u32::try_from(v).ok())
                        .ok_or_else(|| format!("`instance=`: `{s}` is not {what}"))
                };
                let id = int(parts[0], "an instance ID")?;
                if id >= 1 << 24 {
                    return Err(format!("`instance=`: ID {id} does not fit the 24 bits it has"));
                }
                let mask = parts.get(1).map(|m| int(m, "a mask")).transpose()?.unwrap_or(0xff);
                if mask > 0xff {
                    return Err(format!("`instance=`: mask {mask:#x} does not fit the 8 bits it has"));
                }
                let flags = parts.get(2).map(|f| int(f, "instance flags")).transpose()?.unwrap_or(0);
                if flags > 0xf {
                    return Err(format!("`instance=`: flags {flags:#x}: only bits 0x1 to 0x8 mean something"));
                }
                let t = if parts.len() > 3 { numbers("instance", &parts[3..].join(","))? } else { Vec::new() };
                let transform = match t.len() {
                    0 => IDENTITY,
                    3 => [[1.0, 0.0, 0.0, t[0]], [0.0, 1.0, 0.0, t[1]], [0.0, 0.0, 1.0, t[2]]],
                    12 => [[t[0], t[1], t[2], t[3]], [t[4], t[5], t[6], t[7]], [t[8], t[9], t[10], t[11]]],
                    n => return Err(format!("`instance=`: a transform is 3 numbers (a translation) or 12, not {n}")),
                };
                scene.instances.push(Instance { id, mask: mask as u8, flags, transform });
            }
            other => {
                return Err(format!(
                    "unknown item `{other}=` (known: tri, tri-nonopaque, aabb, aabb-nonopaque, instance)"
                ))
            }
        }
    }
    if scene.geometries.is_empty() {
        return Err("a scene needs a geometry (`slang`, `tri=…` or `aabb=…`)".into());
    }
    if scene.instances.is_empty() {
        scene.instances.push(Instance { id: 0, mask: 0xff, flags: 0, transform: IDENTITY });
    }
    Ok(scene)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ray(o: [f32; 3], d: [f32; 3], flags: u32) -> Ray {
        Ray { origin: o, direction: d, t_min: 0.0, flags, mask: 0xff }
    }

    #[test]
    fn slang_scene_is_hit_at_half() {
        let s = SceneDesc::slang_test_scene();
        let c = s.next_candidate(&ray([0.1, 0.1, 0.0], [0.0, 0.0, 1.0], 0), 1e4, 0).unwrap();
        assert_eq!((c.t, c.primitive, c.triangle, c.opaque), (0.5, 0, true, true));
        assert!((c.barycentrics[0] - 0.1).abs() < 1e-6 && (c.barycentrics[1] - 0.1).abs() < 1e-6);
        assert!(s.next_candidate(&ray([0.1, 0.1, 0.0], [0.0, 0.0, 1.0], 0), 1e4, c.cursor).is_none());
        assert!(s.next_candidate(&ray([0.9, 0.9, 0.0], [0.0, 0.0, 1.0], 0), 1e4, 0).is_none());
        assert!(s.next_candidate(&ray([0.1, 0.1, 0.0], [0.0, 0.0, 1.0], 0), 0.4, 0).is_none());
    }

    #[test]
    fn facing_culling_and_flags() {
        let s = parse_spec("tri=0,0,0.5,0,1,0.5,1,0,0.5").unwrap();
        let r = |f| ray([0.1, 0.1, 0.0], [0.0, 0.0, 1.0], f);
        // Clockwise from the origin looking along +z (x right, y up): the front.
        assert!(s.next_candidate(&r(0), 10.0, 0).unwrap().front_face);
        assert!(s.next_candidate(&r(ray_flags::CULL_FRONT_FACING_TRIANGLES), 10.0, 0).is_none());
        assert!(s.next_candidate(&r(ray_flags::CULL_BACK_FACING_TRIANGLES), 10.0, 0).is_some());
        assert!(s.next_candidate(&r(ray_flags::SKIP_TRIANGLES), 10.0, 0).is_none());
        assert!(!s.next_candidate(&r(ray_flags::FORCE_NON_OPAQUE), 10.0, 0).unwrap().opaque);
        let back = ray([0.1, 0.1, 1.0], [0.0, 0.0, -1.0], 0);
        assert!(!s.next_candidate(&back, 10.0, 0).unwrap().front_face);
        let masked = Ray { mask: 0, ..r(0) };
        assert!(s.next_candidate(&masked, 10.0, 0).is_none());
    }

    #[test]
    fn instances_transform_the_ray() {
        let s = parse_spec("tri=0,0,0,0,1,0,1,0,0:instance=7,1:instance=9,2,0,0,0,3").unwrap();
        let r = Ray { origin: [0.1, 0.1, -1.0], direction: [0.0, 0.0, 2.0], t_min: 0.0, flags: 0, mask: 0xff };
        let a = s.next_candidate(&r, 100.0, 0).unwrap();
        assert_eq!((a.instance, a.t), (0, 0.5));
        let b = s.next_candidate(&r, 100.0, a.cursor).unwrap();
        assert_eq!((b.instance, b.t), (1, 2.0));
        assert!(s.next_candidate(&Ray { mask: 2, ..r }, 100.0, 0).is_some_and(|c| c.instance == 1));
        assert_eq!(SceneDesc::from_bytes(&s.to_bytes()), Some(s));
    }

    #[test]
    fn boxes_are_candidates() {
        let s = parse_spec("aabb-nonopaque=0,0,1,1,1,2:aabb=5,5,5,6,6,6").unwrap();
        let c = s.next_candidate(&ray([0.5, 0.5, 0.0], [0.0, 0.0, 1.0], 0), 10.0, 0).unwrap();
        assert!(!c.triangle && !c.opaque && c.geometry == 0);
        assert!(s.next_candidate(&ray([0.5, 0.5, 0.0], [0.0, 0.0, 1.0], 0), 0.5, 0).is_none());
        assert!(s.next_candidate(&ray([0.5, 0.5, 0.0], [0.0, 0.0, 1.0], 0), 10.0, c.cursor).is_none());
    }

    #[test]
    fn bad_specs_say_why() {
        for (spec, why) in [
            ("tri=1,2", "nine numbers"),
            ("aabb=1,1,1,0,0,0", "minimum above"),
            ("instance=0", "needs a geometry"),
            ("tri=0,0,0,0,1,0,1,0,0:instance=0,256", "8 bits"),
            ("tri=0,0,0,0,1,0,1,0,0:instance=0,1,0,1,2", "3 numbers"),
            ("box=1", "unknown item"),
        ] {
            let e = parse_spec(spec).unwrap_err();
            assert!(e.contains(why), "{spec}: {e}");
        }
    }
}
