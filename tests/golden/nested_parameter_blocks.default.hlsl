struct Detail {
    float strength;
    Texture2D<float> mask;
};

struct Material {
    float4 albedo;
    StructuredBuffer<float> weights;
    Detail detail;
};

struct Probe {
    float3 position;
    RWStructuredBuffer<float> samples;
};

struct Scene {
    uint count;
    Material material;
    Probe probe;
};

struct View {
    float4x4 viewProj;
};

struct Data {
    View view;
};

struct Scene_data {
    uint count;
};

struct Material_data {
    float4 albedo;
};

struct Detail_data {
    float strength;
};

struct Probe_data {
    float3 position;
};

struct View_data {
    float4x4 viewProj;
};

[[vk::binding(0, 1)]] ConstantBuffer<Scene_data> gScene : register(b0, space1);
static Data gView;
RWStructuredBuffer<float> results;
[[vk::binding(0, 2)]] ConstantBuffer<Material_data> gScene_material : register(b0, space2);
[[vk::binding(1, 2)]] StructuredBuffer<float> gScene_material_weights : register(t0, space2);
[[vk::binding(0, 3)]] ConstantBuffer<Detail_data> gScene_material_detail : register(b0, space3);
[[vk::binding(1, 3)]] Texture2D<float> gScene_material_detail_mask : register(t0, space3);
[[vk::binding(1, 1)]] ConstantBuffer<Probe_data> gScene_probe : register(b1, space1);
[[vk::binding(2, 1)]] RWStructuredBuffer<float> gScene_probe_samples : register(u0, space1);
[[vk::binding(0, 4)]] ConstantBuffer<View_data> gView_view : register(b0, space4);

Material wavec_make_Material(float4 p0, StructuredBuffer<float> p1, Detail p2) {
    Material r = {p0, p1, p2};
    return r;
}

Scene wavec_make_Scene(uint p0, Material p1, Probe p2) {
    Scene r = {p0, p1, p2};
    return r;
}

Detail wavec_make_Detail(float p0, Texture2D<float> p1) {
    Detail r = {p0, p1};
    return r;
}

Probe wavec_make_Probe(float3 p0, RWStructuredBuffer<float> p1) {
    Probe r = {p0, p1};
    return r;
}

float Material_weigh(Material this_1, uint i) {
    return this_1.weights[i] * this_1.albedo.x + this_1.detail.strength;
}

float Scene_total(Scene this_1, uint i) {
    return Material_weigh(wavec_make_Material(this_1.material.albedo, this_1.material.weights, this_1.material.detail), i) + this_1.probe.position.y;
}

[numthreads(8, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    float t = Scene_total(wavec_make_Scene(gScene.count, wavec_make_Material(gScene_material.albedo, gScene_material_weights, wavec_make_Detail(gScene_material_detail.strength, gScene_material_detail_mask)), wavec_make_Probe(gScene_probe.position, gScene_probe_samples)), id.x) + gScene_material_detail_mask.Load(int3(int2(id.xy), 0));
    gScene_probe_samples[id.x] = t * gView_view.viewProj[0].x;
    results[id.x] = float(gScene.count);
}
