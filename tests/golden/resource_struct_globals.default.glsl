#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct Lookup {
    uint wavec_empty;
};

layout(std430, set = 0, binding = 4) readonly buffer table_keys_block {
    float table_keys[];
};
layout(std430, set = 0, binding = 5) buffer table_values_block {
    float table_values[];
};
layout(std430, set = 0, binding = 7) readonly buffer pages_keys_block {
    float pages_keys[];
};
layout(std430, set = 0, binding = 8) buffer pages_values_block {
    float pages_values[];
};
layout(std430, set = 0, binding = 0) buffer Out_block {
    float Out[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    table_values[id.x] = 2.0;
    uint i = id.x;
    float Lookup_at_result;
    {
        Lookup_at_result = table_keys[i] * table_values[i];
    }
    uint i_1 = id.x;
    float Lookup_at_result_1;
    {
        Lookup_at_result_1 = pages_keys[i_1] * pages_values[i_1];
    }
    Out[id.x] = Lookup_at_result + Lookup_at_result_1;
}
