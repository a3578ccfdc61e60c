#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer outputBuffer_block {
    int outputBuffer[];
};
uvec3 groupId;
uint lane;
uvec2 thread;

int code() {
    return int(groupId.x * 1000u + lane * 10u + thread.x);
}

void main() {
    uvec3 wavec_GroupID = gl_WorkGroupID;
    uint wavec_GroupIndex = gl_LocalInvocationIndex;
    uvec2 wavec_DispatchThreadID = gl_GlobalInvocationID.xy;
    groupId = wavec_GroupID;
    lane = wavec_GroupIndex;
    thread = wavec_DispatchThreadID;
    outputBuffer[thread.x] = code();
}
