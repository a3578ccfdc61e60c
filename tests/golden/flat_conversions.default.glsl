#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Frame {
    mat2x2 basis;
    int id;
};

struct FrameCopy {
    mat2x2 basis;
    int id;
};

struct Front {
    int first;
    float second;
};

layout(std430, set = 0, binding = 0) buffer results_block {
    vec4 results[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    float flattened;
    mat2x2 flattened_1;
    Frame f = Frame(mat2x2(results[id.x].xy, results[id.x].zw), int(id.x));
    FrameCopy g = FrameCopy(mat2x2(f.basis[0].x, f.basis[0].y, f.basis[1].x, f.basis[1].y), f.id);
    Front front = Front(int(g.basis[0].x), g.basis[0].y);
    Front all_1 = (flattened = results[0].x, Front(int(flattened), flattened));
    vec4 flat_1 = (flattened_1 = g.basis, vec4(flattened_1[0].x, flattened_1[0].y, flattened_1[1].x, flattened_1[1].y));
    results[id.x] = flat_1 + vec4(front.second, float(front.first), all_1.second, float(int(f.basis[0].x)));
}
