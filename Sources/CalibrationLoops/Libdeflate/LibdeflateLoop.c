// libdeflate's reference loop for `deflate-bench calibrate`. It mirrors LibdeflateCompressor:
// one compressor, one whole-buffer call per payload.

#include "CLibdeflateLoop.h"

#include <libdeflate.h>

double cal_libdeflate_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  if (!cal_batch_valid(batch, iterations) || container == CAL_CONTAINER_OWN) return -1;
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  if (compressor == NULL) return -2;
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      size_t written;
      switch (container) {
        case CAL_CONTAINER_GZIP:
          written = libdeflate_gzip_compress(compressor, batch->inputs[i], batch->input_sizes[i],
                                             batch->outputs[i], batch->output_capacities[i]);
          break;
        case CAL_CONTAINER_ZLIB:
          written = libdeflate_zlib_compress(compressor, batch->inputs[i], batch->input_sizes[i],
                                             batch->outputs[i], batch->output_capacities[i]);
          break;
        default:
          written = libdeflate_deflate_compress(compressor, batch->inputs[i], batch->input_sizes[i],
                                                batch->outputs[i], batch->output_capacities[i]);
          break;
      }
      if (written == 0) failed = 1;
      batch->out_sizes[i] = written;
    }
  }
  uint64_t end = cal_now_ns();
  libdeflate_free_compressor(compressor);
  return failed ? -3 : (double)(end - start);
}
