struct Detail {
    strength: f32,
}

struct Material {
    albedo: vec4<f32>,
    detail: Detail,
}

struct Probe {
    position: vec3<f32>,
}

struct Scene {
    count: u32,
    material: Material,
    probe: Probe,
}

struct View {
    viewProj: mat4x4<f32>,
}

struct Data {
    view: View,
}

struct Scene_data {
    @size(16) count: u32,
}

struct Material_data {
    albedo: vec4<f32>,
}

struct Detail_data {
    @size(16) strength: f32,
}

struct Probe_data {
    position: vec3<f32>,
}

struct View_data {
    viewProj: mat4x4<f32>,
}

@group(1) @binding(0) var<uniform> gScene: Scene_data;
@group(0) @binding(0) var<storage, read_write> results: array<f32>;
@group(2) @binding(0) var<uniform> gScene_material: Material_data;
@group(2) @binding(1) var<storage, read> gScene_material_weights: array<f32>;
@group(3) @binding(0) var<uniform> gScene_material_detail: Detail_data;
@group(3) @binding(1) var gScene_material_detail_mask: texture_2d<f32>;
@group(1) @binding(1) var<uniform> gScene_probe: Probe_data;
@group(1) @binding(2) var<storage, read_write> gScene_probe_samples: array<f32>;
@group(4) @binding(0) var<uniform> gView_view: View_data;

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var this_count: u32 = gScene.count;
    var this_material_albedo: vec4<f32> = gScene_material.albedo;
    var this_material_detail_strength: f32 = gScene_material_detail.strength;
    var this_probe_position: vec3<f32> = gScene_probe.position;
    var i: u32 = id.x;
    var Scene_total_result: f32;
    {
        var this_albedo: vec4<f32> = this_material_albedo;
        var this_detail_strength: f32 = this_material_detail_strength;
        var i_1: u32 = i;
        var Material_weigh_result: f32;
        {
            Material_weigh_result = (gScene_material_weights[i_1] * this_albedo.x) + this_detail_strength;
        }
        Scene_total_result = Material_weigh_result + this_probe_position.y;
    }
    var t: f32 = Scene_total_result + (textureLoad(gScene_material_detail_mask, vec3<i32>(vec2<i32>(id.xy), 0i).xy, vec3<i32>(vec2<i32>(id.xy), 0i).z).x);
    gScene_probe_samples[id.x] = t * transpose(gView_view.viewProj)[0i].x;
    results[id.x] = f32(gScene.count);
}
