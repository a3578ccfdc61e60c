struct Cell {
    RWStructuredBuffer<float> buf;
    uint index;
};

struct DifferentialPtrPair_Cell {
    Cell p;
    Cell d;
};

struct DifferentialPair_float {
    float p;
    float d;
};

RWStructuredBuffer<float> values;

DifferentialPtrPair_Cell wavec_make_DifferentialPtrPair_Cell(Cell p0, Cell p1) {
    DifferentialPtrPair_Cell r = {p0, p1};
    return r;
}

DifferentialPair_float wavec_make_DifferentialPair_float(float p0, float p1) {
    DifferentialPair_float r = {p0, p1};
    return r;
}

float load(Cell c) {
    return c.buf[c.index];
}

void load_bwd(DifferentialPtrPair_Cell c, float dOut) {
    c.d.buf[c.d.index] += dOut;
}

void total_bwd_diff(DifferentialPtrPair_Cell c_pair, inout DifferentialPair_float scale_pair, float dOut) {
    Cell c;
    Cell c_dp;
    float scale = 0.0f;
    float scale_adjoint = 0.0f;
    float v = 0.0f;
    float v_adjoint = 0.0f;
    float result = 0.0f;
    float result_adjoint = 0.0f;
    bool returned = false;
    c = c_pair.p;
    c_dp = c_pair.d;
    scale = scale_pair.p;
    result_adjoint = dOut;
    float _saved4 = v;
    returned = false;
    float _saved5 = v;
    float _saved6 = v;
    v = load(c);
    result = scale * v * v;
    float _adj7 = result_adjoint;
    result_adjoint = 0.0f;
    float _adj8 = _adj7;
    float _adj9 = _adj8 * v;
    float _adj10 = _adj9 * v;
    scale_adjoint = scale_adjoint + _adj10;
    float _adj11 = _adj9 * scale;
    v_adjoint = v_adjoint + _adj11;
    float _adj12 = _adj8 * (scale * v);
    v_adjoint = v_adjoint + _adj12;
    v = _saved6;
    float _adj13 = v_adjoint;
    v_adjoint = 0.0f;
    load_bwd(wavec_make_DifferentialPtrPair_Cell(c, c_dp), _adj13);
    v = _saved5;
    result_adjoint = 0.0f;
    v = _saved4;
    scale_pair = wavec_make_DifferentialPair_float(scale_pair.p, scale_adjoint);
}

[numthreads(1, 1, 1)]
void main() {
    Cell primal = {values, 0u};
    Cell grad = {values, 1u};
    DifferentialPair_float scale = {2.0f, 0.0f};
    total_bwd_diff(wavec_make_DifferentialPtrPair_Cell(primal, grad), scale, 1.0f);
    values[2] = scale.d;
}
