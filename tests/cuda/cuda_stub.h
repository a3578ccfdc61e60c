// The CUDA declarations a wavec `.cu` file and its prelude use, for a syntax and type check
// with `g++ -fsyntax-only -include tests/cuda/cuda_stub.h -I tests/cuda/stub` where nvcc is
// not installed (tests/cuda.rs). Declarations only: nothing here runs.
#pragma once
#include <math.h>
#define __device__
#define __global__
#define __shared__
#define __forceinline__ inline
#define __restrict__ __restrict
#define __launch_bounds__(n)
struct wavec_stub_dim3 { unsigned x, y, z; };
extern const wavec_stub_dim3 threadIdx, blockIdx, blockDim, gridDim;
extern const int warpSize;
void __syncthreads();
void __syncwarp(unsigned = 0xffffffffu);
void __threadfence();
void __threadfence_block();
unsigned __activemask();
unsigned __ballot_sync(unsigned, int);
int __any_sync(unsigned, int);
int __all_sync(unsigned, int);
unsigned __match_any_sync(unsigned, int);
unsigned __match_any_sync(unsigned, unsigned);
unsigned __match_any_sync(unsigned, float);
int __shfl_sync(unsigned, int, int, int = 32);
unsigned __shfl_sync(unsigned, unsigned, int, int = 32);
long __shfl_sync(unsigned, long, int, int = 32);
unsigned long __shfl_sync(unsigned, unsigned long, int, int = 32);
long long __shfl_sync(unsigned, long long, int, int = 32);
unsigned long long __shfl_sync(unsigned, unsigned long long, int, int = 32);
float __shfl_sync(unsigned, float, int, int = 32);
double __shfl_sync(unsigned, double, int, int = 32);
int __reduce_add_sync(unsigned, int);
unsigned __reduce_add_sync(unsigned, unsigned);
int __reduce_min_sync(unsigned, int);
unsigned __reduce_min_sync(unsigned, unsigned);
int __reduce_max_sync(unsigned, int);
unsigned __reduce_max_sync(unsigned, unsigned);
unsigned __reduce_and_sync(unsigned, unsigned);
unsigned __reduce_or_sync(unsigned, unsigned);
unsigned __reduce_xor_sync(unsigned, unsigned);
int __popc(unsigned);
int __popcll(unsigned long long);
long long clock64();
int __ffs(int);
int __ffsll(long long);
int __clz(int);
int __clzll(long long);
unsigned __brev(unsigned);
unsigned long long __brevll(unsigned long long);
unsigned __float_as_uint(float);
int __float_as_int(float);
float __uint_as_float(unsigned);
float __int_as_float(int);
float rsqrtf(float);
#define WAVEC_STUB_ATOMIC(F)                                                                       \
    int F(int*, int);                                                                              \
    unsigned F(unsigned*, unsigned);                                                               \
    unsigned long long F(unsigned long long*, unsigned long long);
WAVEC_STUB_ATOMIC(atomicAdd)
WAVEC_STUB_ATOMIC(atomicAnd)
WAVEC_STUB_ATOMIC(atomicOr)
WAVEC_STUB_ATOMIC(atomicXor)
WAVEC_STUB_ATOMIC(atomicExch)
WAVEC_STUB_ATOMIC(atomicMin)
WAVEC_STUB_ATOMIC(atomicMax)
float atomicAdd(float*, float);
float atomicExch(float*, float);
long long atomicMin(long long*, long long);
long long atomicMax(long long*, long long);
int atomicCAS(int*, int, int);
unsigned atomicCAS(unsigned*, unsigned, unsigned);
unsigned long long atomicCAS(unsigned long long*, unsigned long long, unsigned long long);
long long __double_as_longlong(double);
double __longlong_as_double(long long);
double __hiloint2double(int, int);
unsigned atomicSub(unsigned*, unsigned);
int atomicSub(int*, int);

// Device printf and breakpoint, which nvcc declares for device code without an include.
extern "C" int printf(const char*, ...);
inline void __brkpt() {}
