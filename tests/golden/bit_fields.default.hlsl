struct Header {
    uint wavec_bits0;
    uint wavec_bits1;
    uint tail;
};

RWStructuredBuffer<Header> headers;
RWStructuredBuffer<int> output;

uint Header_get_kind(Header this_1) {
    return uint(this_1.wavec_bits0 >> 0u & 15u);
}

void Header_set_kind(inout Header this_1, uint value) {
    this_1.wavec_bits0 = (this_1.wavec_bits0 & ~15u) | (uint(value) & 15u) << 0u;
}

uint Header_get_count(Header this_1) {
    return uint(this_1.wavec_bits0 >> 4u & 4095u);
}

void Header_set_count(inout Header this_1, uint value) {
    this_1.wavec_bits0 = (this_1.wavec_bits0 & ~65520u) | (uint(value) & 4095u) << 4u;
}

int Header_get_offset(Header this_1) {
    return int(int(this_1.wavec_bits1 << 24u) >> 24);
}

void Header_set_offset(inout Header this_1, int value) {
    this_1.wavec_bits1 = (this_1.wavec_bits1 & ~255u) | (uint(value) & 255u) << 0u;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Header h = headers[id.x];
    Header_set_count(h, Header_get_count(h) + 1u);
    Header_set_kind(h, Header_get_kind(h) + 1u);
    Header_set_offset(h, -Header_get_offset(h));
    headers[id.x] = h;
    output[id.x] = int(Header_get_kind(h)) + int(Header_get_count(h)) + Header_get_offset(h);
}
