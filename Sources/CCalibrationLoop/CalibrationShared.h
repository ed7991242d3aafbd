#ifndef DEFLATEBENCH_CALIBRATION_SHARED_H
#define DEFLATEBENCH_CALIBRATION_SHARED_H
// What the loops of CalibrationLoop.c and CalibrationLoopZlibNg.c share: the clock, the batch
// check and zlib's windowBits. Static inline, so each file keeps its own copy without a symbol.

#include "CCalibrationLoop.h"

#include <stdint.h>
#include <time.h>

static inline uint64_t cal_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline int cal_batch_valid(const cal_batch *batch, int iterations) {
  return batch != NULL && batch->count > 0 && iterations > 0 && batch->inputs != NULL &&
         batch->input_sizes != NULL && batch->outputs != NULL && batch->output_capacities != NULL &&
         batch->out_sizes != NULL;
}

// zlib's and zlib-ng's windowBits: 31 gzip, 15 zlib, -15 raw DEFLATE.
static inline int cal_zlib_window_bits(cal_container container) {
  switch (container) {
    case CAL_CONTAINER_GZIP: return 31;
    case CAL_CONTAINER_ZLIB: return 15;
    default: return -15;
  }
}
#endif
