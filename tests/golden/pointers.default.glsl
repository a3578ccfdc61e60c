#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_scalar_block_layout : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Item {
    vec3 position;
    uint flags;
    uint64_t next;
};

layout(std140, set = 0, binding = 0) uniform Globals_block {
    uint64_t items;
    uint64_t counts;
};
layout(std430, set = 0, binding = 1) buffer output_block {
    float output_1[];
};

layout(buffer_reference, scalar, buffer_reference_align = 8) buffer wavec_ref_Item {
    Item value;
};

layout(buffer_reference, scalar, buffer_reference_align = 4) buffer wavec_ref_int {
    int value;
};

layout(buffer_reference, scalar, buffer_reference_align = 4) buffer wavec_ref_uint {
    uint value;
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint64_t it = items + uint64_t(uint64_t(id.x)) * 24ul;
    float total = wavec_ref_Item(it).value.position.x;
    if (wavec_ref_Item(it).value.next != 0ul) {
        total += wavec_ref_Item(wavec_ref_Item(it).value.next).value.position.y;
    }
    wavec_ref_int(counts + uint64_t(uint64_t(id.x)) * 4ul).value = int(wavec_ref_Item(it).value.flags);
    wavec_ref_int(counts + uint64_t(4l) * 4ul - uint64_t(1l) * 4ul).value += 1;
    uint64_t flags = items + uint64_t(1l) * 24ul + 12ul;
    wavec_ref_uint(flags).value = uint64_t(it) > uint64_t(items) ? 1u : 0u;
    output_1[id.x] = total + float(it - uint64_t(1l) * 24ul < items);
}
