struct Cell {
    index: u32,
}

struct DifferentialPtrPair_Cell {
    p: Cell,
    d: Cell,
}

struct DifferentialPair_float {
    p: f32,
    d: f32,
}

@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    var primal_index: u32 = 0u;
    var grad_index: u32 = 1u;
    var scale: DifferentialPair_float = DifferentialPair_float(2.0f, 0.0f);
    var c_pair_p_index: u32 = primal_index;
    var c_pair_d_index: u32 = grad_index;
    var dOut: f32 = 1.0f;
    {
        var c_index: u32;
        var c_dp_index: u32;
        var scale_1: f32 = 0.0f;
        var scale_adjoint: f32 = 0.0f;
        var v: f32 = 0.0f;
        var v_adjoint: f32 = 0.0f;
        var result: f32 = 0.0f;
        var result_adjoint: f32 = 0.0f;
        var returned: bool = false;
        c_index = c_pair_p_index;
        c_dp_index = c_pair_d_index;
        scale_1 = scale.p;
        result_adjoint = dOut;
        var _saved4: f32 = v;
        returned = false;
        var _saved5: f32 = v;
        var _saved6: f32 = v;
        var c_index_1: u32 = c_index;
        var load_result: f32;
        {
            load_result = values[c_index_1];
        }
        v = load_result;
        result = (scale_1 * v) * v;
        var _adj7: f32 = result_adjoint;
        result_adjoint = 0.0f;
        var _adj8: f32 = _adj7;
        var _adj9: f32 = _adj8 * v;
        var _adj10: f32 = _adj9 * v;
        scale_adjoint = scale_adjoint + _adj10;
        var _adj11: f32 = _adj9 * scale_1;
        v_adjoint = v_adjoint + _adj11;
        var _adj12: f32 = _adj8 * (scale_1 * v);
        v_adjoint = v_adjoint + _adj12;
        v = _saved6;
        var _adj13: f32 = v_adjoint;
        v_adjoint = 0.0f;
        var c_p_index: u32 = c_index;
        var c_d_index: u32 = c_dp_index;
        var dOut_1: f32 = _adj13;
        {
            values[c_d_index] = values[c_d_index] + dOut_1;
        }
        v = _saved5;
        result_adjoint = 0.0f;
        v = _saved4;
        scale = DifferentialPair_float(scale.p, scale_adjoint);
    }
    values[2i] = scale.d;
}
