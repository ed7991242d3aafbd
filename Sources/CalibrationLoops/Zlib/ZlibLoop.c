// zlib's reference loop for `deflate-bench calibrate`. It mirrors ZlibCompressor call for call,
// and nothing else: no checks beyond the return codes zlib gives, no allocation inside the timed
// region.

#include "CZlibLoop.h"

#include <string.h>

#include <zlib.h>

double cal_zlib_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  if (!cal_batch_valid(batch, iterations)) return -1;
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, level, Z_DEFLATED, cal_zlib_window_bits(container), 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return -2;
  }
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      // The Swift backend resets the one stream per call instead of rebuilding it; so does this.
      if (deflateReset(&stream) != Z_OK) failed = 1;
      stream.next_in = (Bytef *)batch->inputs[i];
      stream.avail_in = (uInt)batch->input_sizes[i];
      stream.next_out = (Bytef *)batch->outputs[i];
      stream.avail_out = (uInt)batch->output_capacities[i];
      if (deflate(&stream, Z_FINISH) != Z_STREAM_END) failed = 1;
      batch->out_sizes[i] = batch->output_capacities[i] - stream.avail_out;
    }
  }
  uint64_t end = cal_now_ns();
  deflateEnd(&stream);
  return failed ? -3 : (double)(end - start);
}
