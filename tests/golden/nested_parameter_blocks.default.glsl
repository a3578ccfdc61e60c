#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Detail {
    float strength;
};

struct Material {
    vec4 albedo;
    Detail detail;
};

struct Probe {
    vec3 position;
};

struct Scene {
    uint count;
    Material material;
    Probe probe;
};

struct View {
    mat4x4 viewProj;
};

struct Data {
    View view;
};

struct Scene_data {
    uint count;
};

struct Material_data {
    vec4 albedo;
};

struct Detail_data {
    float strength;
};

struct Probe_data {
    vec3 position;
};

struct View_data {
    mat4x4 viewProj;
};

layout(std140, set = 1, binding = 0) uniform gScene_block {
    Scene_data gScene;
};
layout(std430, set = 0, binding = 0) buffer results_block {
    float results[];
};
layout(std140, set = 2, binding = 0) uniform gScene_material_block {
    Material_data gScene_material;
};
layout(std430, set = 2, binding = 1) readonly buffer gScene_material_weights_block {
    float gScene_material_weights[];
};
layout(std140, set = 3, binding = 0) uniform gScene_material_detail_block {
    Detail_data gScene_material_detail;
};
layout(set = 3, binding = 1) uniform texture2D gScene_material_detail_mask;
layout(std140, set = 1, binding = 1) uniform gScene_probe_block {
    Probe_data gScene_probe;
};
layout(std430, set = 1, binding = 2) buffer gScene_probe_samples_block {
    float gScene_probe_samples[];
};
layout(std140, row_major, set = 4, binding = 0) uniform gView_view_block {
    View_data gView_view;
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint this_count = gScene.count;
    vec4 this_material_albedo = gScene_material.albedo;
    float this_material_detail_strength = gScene_material_detail.strength;
    vec3 this_probe_position = gScene_probe.position;
    uint i = id.x;
    float Scene_total_result;
    {
        vec4 this_albedo = this_material_albedo;
        float this_detail_strength = this_material_detail_strength;
        uint i_1 = i;
        float Material_weigh_result;
        {
            Material_weigh_result = gScene_material_weights[i_1] * this_albedo.x + this_detail_strength;
        }
        Scene_total_result = Material_weigh_result + this_probe_position.y;
    }
    float t = Scene_total_result + texelFetch(gScene_material_detail_mask, ivec2(id.xy), 0).x;
    gScene_probe_samples[id.x] = t * gView_view.viewProj[0].x;
    results[id.x] = float(gScene.count);
}
