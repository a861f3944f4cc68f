// Block-wide sum reduction in shared memory, then warp shuffles, one atomic per block.
__constant__ float scale_table[4] = {1.0f, 0.5f, 0.25f, 0.125f};
__device__ int block_count = 0;

__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

extern "C" __global__ void reduce_sum(const float* in, float* out, int n, int mode) {
  __shared__ float partial[32];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  v = warp_sum(v) * scale_table[mode & 3];
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x >> 5) ? partial[threadIdx.x] : 0.0f;
    v = warp_sum(v);
    if (threadIdx.x == 0) { atomicAdd(out, v); atomicAdd(&block_count, 1); }
  }
}
