// Declarations of the cuda_fp16.h names the wavec prelude uses, so that g++ can check
// generated `.cu` files where nvcc is not installed (tests/cuda.rs). Not for running anything.
#pragma once
struct __half {
    __half() = default;
    __half(float);
    __half(double);
    __half(int);
    __half(unsigned);
    operator float() const;
};
// cuda_fp16.h's arithmetic on halves (sm_53 and up) yields halves.
__half operator+(__half, __half);
__half operator-(__half, __half);
__half operator*(__half, __half);
__half operator/(__half, __half);
__half operator-(__half);
__half& operator+=(__half&, __half);
__half& operator-=(__half&, __half);
__half& operator*=(__half&, __half);
__half& operator/=(__half&, __half);
__half& operator++(__half&);
__half& operator--(__half&);
__half operator++(__half&, int);
__half operator--(__half&, int);
bool operator==(__half, __half);
bool operator!=(__half, __half);
bool operator<(__half, __half);
bool operator<=(__half, __half);
bool operator>(__half, __half);
bool operator>=(__half, __half);
__half __float2half(float);
__half __float2half_rn(float);
float __half2float(__half);
unsigned short __half_as_ushort(__half);
__half __ushort_as_half(unsigned short);
short __half_as_short(__half);
__half __short_as_half(short);
__half __shfl_sync(unsigned, __half, int);
