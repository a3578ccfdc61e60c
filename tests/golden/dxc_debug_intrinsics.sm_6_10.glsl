#version 450
#extension GL_EXT_debug_printf : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Output_block {
    uint Output[];
};
layout(set = 0, binding = 1, rgba32f) uniform image2D Canvas;

void twice(inout uint x) {
    x *= 2u;
}

uint next(inout uint counter) {
    return ++counter;
}

void wavec_DebugBreak() {
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint counter = id.x;
    debugPrintfEXT("thread %u: \"%s\"\n", id.x);
    debugPrintfEXT("pair %f, flag %d", 0.5, id.x == 3u);
    debugPrintfEXT("%f and %f", float16_t(id.x), 0.25);
    debugPrintfEXT("next %u", next(counter));
    if (counter > 100u) {
        wavec_DebugBreak();
    }
    ++counter, twice(counter);
    counter += 3u, twice(counter);
    imageStore(Canvas, ivec2(id.xy), vec4(float(counter), 0.0, 0.0, 1.0));
    Output[id.x] = counter;
}
