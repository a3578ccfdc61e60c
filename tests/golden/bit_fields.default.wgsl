struct Header {
    wavec_bits0: u32,
    wavec_bits1: u32,
    tail: u32,
}

@group(0) @binding(0) var<storage, read_write> headers: array<Header>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;

fn Header_get_kind(this_1: Header) -> u32 {
    return (this_1.wavec_bits0 >> 0u) & 15u;
}

fn Header_set_kind(this_1: ptr<function, Header>, value: u32) {
    (*this_1).wavec_bits0 = ((*this_1).wavec_bits0 & (~15u)) | ((value & 15u) << 0u);
}

fn Header_get_count(this_1: Header) -> u32 {
    return (this_1.wavec_bits0 >> 4u) & 4095u;
}

fn Header_set_count(this_1: ptr<function, Header>, value: u32) {
    (*this_1).wavec_bits0 = ((*this_1).wavec_bits0 & (~65520u)) | ((value & 4095u) << 4u);
}

fn Header_get_offset(this_1: Header) -> i32 {
    return i32(this_1.wavec_bits1 << 24u) >> u32(24i);
}

fn Header_set_offset(this_1: ptr<function, Header>, value: i32) {
    (*this_1).wavec_bits1 = ((*this_1).wavec_bits1 & (~255u)) | ((u32(value) & 255u) << 0u);
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var h: Header = headers[id.x];
    var wavec_t: Header = h;
    let wavec_t_1 = Header_get_count(h);
    Header_set_count(&wavec_t, wavec_t_1 + 1u);
    h = wavec_t;
    var wavec_t_2: Header = h;
    let wavec_t_3 = Header_get_kind(h);
    Header_set_kind(&wavec_t_2, wavec_t_3 + 1u);
    h = wavec_t_2;
    var wavec_t_4: Header = h;
    let wavec_t_5 = Header_get_offset(h);
    Header_set_offset(&wavec_t_4, -wavec_t_5);
    h = wavec_t_4;
    headers[id.x] = h;
    let wavec_t_6 = Header_get_kind(h);
    let wavec_t_7 = i32(wavec_t_6);
    let wavec_t_8 = Header_get_count(h);
    let wavec_t_9 = Header_get_offset(h);
    output[id.x] = (wavec_t_7 + i32(wavec_t_8)) + wavec_t_9;
}
