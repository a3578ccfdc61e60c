#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out_block {
    uint Out[];
};

uint mirror(uint x) {
    {
        uint r = 0u;
        for (uint i = 0u; i < 32u; i++) {
            r |= (x >> i & 1u) << (31u - i);
        }
        return r;
    }
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    Out[id.x] = mirror(id.x);
}
