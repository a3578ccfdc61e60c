#version 460
#extension GL_EXT_ray_tracing : require
struct Payload {
    uint w[10];
};
layout(location = 0) rayPayloadInEXT Payload payload;
void main() {
    for (uint w = 0; w < 10; w++) {
        payload.w[w] = 0;
    }
}
