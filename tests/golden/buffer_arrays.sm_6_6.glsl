#version 450
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Layers_block {
    float elements[];
} Layers[2];
layout(std430, set = 1, binding = 0) readonly buffer Tables_block {
    uint words[];
} Tables[];
layout(std430, set = 0, binding = 1) buffer Queues_block {
    uint elements[];
} Queues[];
layout(std430, set = 0, binding = 2) buffer Queues_counter_block {
    int count;
} Queues_counter[];
layout(std430, set = 0, binding = 3) buffer Output_block {
    float Output[];
};

uint Tables_nonuniform_Load_uint(uint k, uint address) {
    uint i = address >> 2;
    return Tables[nonuniformEXT(k)].words[i + 0u];
}

uint Tables_Load_uint(uint k, uint address) {
    uint i = address >> 2;
    return Tables[k].words[i + 0u];
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint count;
    uint stride;
    count = uint(Layers[id.x % 2u].elements.length()), stride = 4u;
    Layers[1].elements[id.x] = 2.0;
    float table = uintBitsToFloat(Tables_nonuniform_Load_uint(nonuniformEXT(id.x), 4u));
    uint slot = uint(atomicAdd(Queues_counter[nonuniformEXT(id.x)].count, 1));
    Queues[nonuniformEXT(id.x)].elements[slot] = id.x;
    Output[id.x] = Layers[id.x % 2u].elements[id.x] + table + float(count) + float(Tables_Load_uint(0, 0u));
}
