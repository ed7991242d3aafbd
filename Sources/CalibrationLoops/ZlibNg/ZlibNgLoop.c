// zlib-ng's reference loop for `deflate-bench calibrate` (native API). It mirrors
// ZlibNgCompressor call for call: one stream, reset per payload, one Z_FINISH call.

#include "CZlibNgLoop.h"

#include <string.h>

#include <zlib-ng.h>

double cal_zlibng_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  if (!cal_batch_valid(batch, iterations)) return -1;
  zng_stream stream;
  memset(&stream, 0, sizeof stream);
  if (zng_deflateInit2(&stream, level, Z_DEFLATED, cal_zlib_window_bits(container), 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return -2;
  }
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      if (zng_deflateReset(&stream) != Z_OK) failed = 1;
      stream.next_in = (const uint8_t *)batch->inputs[i];
      stream.avail_in = (uint32_t)batch->input_sizes[i];
      stream.next_out = (uint8_t *)batch->outputs[i];
      stream.avail_out = (uint32_t)batch->output_capacities[i];
      if (zng_deflate(&stream, Z_FINISH) != Z_STREAM_END) failed = 1;
      batch->out_sizes[i] = batch->output_capacities[i] - stream.avail_out;
    }
  }
  uint64_t end = cal_now_ns();
  zng_deflateEnd(&stream);
  return failed ? -3 : (double)(end - start);
}
