// What the backends' reference loops (Sources/CalibrationLoops) share.

#include "CCalibrationLoop.h"

#include <time.h>

uint64_t cal_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int cal_batch_valid(const cal_batch *batch, int iterations) {
  return batch != NULL && batch->count > 0 && iterations > 0 && batch->inputs != NULL &&
         batch->input_sizes != NULL && batch->outputs != NULL && batch->output_capacities != NULL &&
         batch->out_sizes != NULL;
}

int cal_zlib_window_bits(cal_container container) {
  switch (container) {
    case CAL_CONTAINER_GZIP: return 31;
    case CAL_CONTAINER_ZLIB: return 15;
    case CAL_CONTAINER_RAW: return -15;
    default: return 0;
  }
}
