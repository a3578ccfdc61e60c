struct Weights {
};

struct Table_int {
};

RWStructuredBuffer<int> result;
static const int Weights__table[2] = {2, 3};
static const int Table_int__values[3] = {7, 11, 13};

int Weights_scale(int x) {
    return x * Weights__table[x & 1];
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int i = int(id.x);
    result[id.x] = Weights_scale(i) + Table_int__values[i % 3];
}
