#ifndef DEFLATEBENCH_CCALIBRATIONLOOP_H
#define DEFLATEBENCH_CCALIBRATIONLOOP_H
// The reference `deflate-bench calibrate` measures the harness against: the tightest loop C can
// write around the same library calls the Swift backends make, with the same settings. If the
// Swift path is as fast as this, the harness adds nothing measurable to what it reports.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The framing, numbered as the loops take it.
typedef enum {
  CAL_CONTAINER_GZIP = 0,
  CAL_CONTAINER_ZLIB = 1,
  CAL_CONTAINER_RAW = 2,
} cal_container;

/// A payload set laid out by the caller: `count` inputs and as many output slots, each output
/// large enough for the library's bound. The loops write compressed sizes into `out_sizes`.
typedef struct {
  const void *const *inputs;
  const size_t *input_sizes;
  void *const *outputs;
  const size_t *output_capacities;
  size_t *out_sizes;
  size_t count;
} cal_batch;

/// Each loop creates its context, compresses every payload of `batch` `iterations` times,
/// frees the context, and returns the nanoseconds (CLOCK_MONOTONIC) of the compression loop
/// alone, context creation and freeing excluded, as the harness excludes them. A negative
/// result is a failure: -1 bad arguments, -2 context creation failed, -3 compression failed.

/// zlib: deflateInit2(level, Z_DEFLATED, 31 / 15 / -15, memLevel 8, Z_DEFAULT_STRATEGY), then
/// per payload deflateReset and one deflate(Z_FINISH).
double cal_zlib_loop(const cal_batch *batch, int level, cal_container container, int iterations);

/// libdeflate: libdeflate_alloc_compressor(level), then libdeflate_{gzip,zlib,deflate}_compress.
double cal_libdeflate_loop(const cal_batch *batch, int level, cal_container container, int iterations);

/// ISA-L: per payload isal_deflate_stateless_init, the level's buffer, one isal_deflate_stateless.
double cal_isal_loop(const cal_batch *batch, int level, cal_container container, int iterations);

/// zlib-ng (native API): zng_deflateInit2 with zlib's parameters, then per payload
/// zng_deflateReset and one zng_deflate(Z_FINISH). In its own file: zlib-ng.h and zlib.h refuse
/// to share a translation unit.
double cal_zlibng_loop(const cal_batch *batch, int level, cal_container container, int iterations);

#ifdef __cplusplus
}
#endif
#endif
