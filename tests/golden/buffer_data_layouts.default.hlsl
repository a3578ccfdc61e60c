struct Pair {
    float3 a;
    float b;
    float2 c;
};

struct ScalarDataLayout {
};

struct Std430DataLayout {
};

struct Std140DataLayout {
};

struct Rows {
    float2 first;
    float2 second[2];
};

StructuredBuffer<float3> packed;
StructuredBuffer<float3> aligned;
RWStructuredBuffer<Pair> pairs;
ConstantBuffer<Pair> uniformPair;
RWStructuredBuffer<Rows> rows;
RWStructuredBuffer<float> results;

float secondComponent_ScalarDataLayout(StructuredBuffer<float3> buffer, uint i) {
    return buffer[i].y;
}

float secondComponent_Std430DataLayout(StructuredBuffer<float3> buffer, uint i) {
    return buffer[i].y;
}

[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    if (i < 2u) {
        results[i] = secondComponent_ScalarDataLayout(packed, i + 1u) * 10.0f + secondComponent_Std430DataLayout(aligned, i + 1u);
    } else if (i == 2u) {
        results[i] = pairs[1].b * 10.0f + pairs[1].c.y;
    } else {
        results[i] = uniformPair.c.x * 10.0f + rows[0u].second[1].y;
    }
    results[4u + i] = float(pairs.Load(0).a.z + float(i));
}
