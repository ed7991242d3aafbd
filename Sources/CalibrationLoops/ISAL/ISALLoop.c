// ISA-L's reference loop for `deflate-bench calibrate`. It calls the very function the Swift
// backend calls (the shim's stateless one-shot), so both sides run the same code per payload.

#include "CISALLoop.h"

#include <stdlib.h>

#include <isa-l/igzip_lib.h>
// The ISA-L shim the Swift backend calls: the level buffers and the stateless call have one home.
#include "../../CModules/CISAL/shim.h"

static int cal_isal_wrapper(cal_container container, uint16_t *wrapper) {
  switch (container) {
    case CAL_CONTAINER_GZIP: *wrapper = IGZIP_GZIP; return 1;
    case CAL_CONTAINER_ZLIB: *wrapper = IGZIP_ZLIB; return 1;
    case CAL_CONTAINER_RAW: *wrapper = IGZIP_DEFLATE; return 1;
    default: return 0;
  }
}

double cal_isal_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  uint16_t wrapper;
  if (!cal_batch_valid(batch, iterations) || !cal_isal_wrapper(container, &wrapper) || level < 0 ||
      level > ISAL_DEF_MAX_LEVEL) {
    return -1;
  }
  uint32_t level_buffer_size = deflatebench_isal_level_buffer_size(level);
  uint8_t *level_buffer = level_buffer_size > 0 ? malloc(level_buffer_size) : NULL;
  struct isal_zstream *stream = deflatebench_isal_zstream_create();
  if ((level_buffer_size > 0 && level_buffer == NULL) || stream == NULL) {
    free(level_buffer);
    deflatebench_isal_zstream_destroy(stream);
    return -2;
  }
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      uint32_t written = 0;
      int code = deflatebench_isal_deflate_stateless(
          stream, level, level_buffer, level_buffer_size, wrapper, batch->inputs[i],
          (uint32_t)batch->input_sizes[i], (uint8_t *)batch->outputs[i],
          (uint32_t)batch->output_capacities[i], &written);
      if (code != COMP_OK) failed = 1;
      batch->out_sizes[i] = written;
    }
  }
  uint64_t end = cal_now_ns();
  deflatebench_isal_zstream_destroy(stream);
  free(level_buffer);
  return failed ? -3 : (double)(end - start);
}
