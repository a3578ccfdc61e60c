#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Cell {
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

layout(std430, set = 0, binding = 0) buffer values_block {
    float values[];
};

void main() {
    uint primal_index = 0u;
    uint grad_index = 1u;
    DifferentialPair_float scale = DifferentialPair_float(2.0, 0.0);
    uint c_pair_p_index = primal_index;
    uint c_pair_d_index = grad_index;
    float dOut = 1.0;
    {
        uint c_index;
        uint c_dp_index;
        float scale_1 = 0.0;
        float scale_adjoint = 0.0;
        float v = 0.0;
        float v_adjoint = 0.0;
        float result = 0.0;
        float result_adjoint = 0.0;
        bool returned = false;
        c_index = c_pair_p_index;
        c_dp_index = c_pair_d_index;
        scale_1 = scale.p;
        result_adjoint = dOut;
        float _saved4 = v;
        returned = false;
        float _saved5 = v;
        float _saved6 = v;
        uint c_index_1 = c_index;
        float load_result;
        {
            load_result = values[c_index_1];
        }
        v = load_result;
        result = scale_1 * v * v;
        float _adj7 = result_adjoint;
        result_adjoint = 0.0;
        float _adj8 = _adj7;
        float _adj9 = _adj8 * v;
        float _adj10 = _adj9 * v;
        scale_adjoint = scale_adjoint + _adj10;
        float _adj11 = _adj9 * scale_1;
        v_adjoint = v_adjoint + _adj11;
        float _adj12 = _adj8 * (scale_1 * v);
        v_adjoint = v_adjoint + _adj12;
        v = _saved6;
        float _adj13 = v_adjoint;
        v_adjoint = 0.0;
        uint c_p_index = c_index;
        uint c_d_index = c_dp_index;
        float dOut_1 = _adj13;
        {
            values[c_d_index] += dOut_1;
        }
        v = _saved5;
        result_adjoint = 0.0;
        v = _saved4;
        scale = DifferentialPair_float(scale.p, scale_adjoint);
    }
    values[2] = scale.d;
}
