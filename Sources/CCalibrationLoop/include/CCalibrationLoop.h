#ifndef DEFLATEBENCH_CCALIBRATIONLOOP_H
#define DEFLATEBENCH_CCALIBRATIONLOOP_H
// The reference `deflate-bench calibrate` measures the harness against: the tightest loop C can
// write around the same library calls the Swift backends make, with the same settings. If the
// Swift path is as fast as this, the harness adds nothing measurable to what it reports.
//
// This target holds what every loop shares (the batch, the clock, the checks); each backend's
// loop is a target of its own in Sources/CalibrationLoops/<Library>, next to nothing but its
// library, and the backend hands its function to CLoopReference as a `cal_loop`.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The framing, numbered as the loops take it. A backend that writes no DEFLATE container gets
/// CAL_CONTAINER_OWN: the one framing it writes.
typedef enum {
  CAL_CONTAINER_GZIP = 0,
  CAL_CONTAINER_ZLIB = 1,
  CAL_CONTAINER_RAW = 2,
  CAL_CONTAINER_OWN = 3,
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

/// A loop creates its context, compresses every payload of `batch` `iterations` times, frees
/// the context, and returns the nanoseconds (CLOCK_MONOTONIC) of the compression loop alone,
/// context creation and freeing excluded, as the harness excludes them. A negative result is a
/// failure: -1 bad arguments (a container it does not write included), -2 context creation
/// failed, -3 compression failed.
typedef double (*cal_loop)(const cal_batch *batch, int level, cal_container container, int iterations);

/// CLOCK_MONOTONIC in nanoseconds, the clock every loop reads.
uint64_t cal_now_ns(void);

/// Whether `batch` has every array and at least one payload, and `iterations` is positive.
int cal_batch_valid(const cal_batch *batch, int iterations);

/// zlib's and zlib-ng's windowBits for a DEFLATE framing: 31 gzip, 15 zlib, -15 raw DEFLATE;
/// 0 (which both refuse) for CAL_CONTAINER_OWN.
int cal_zlib_window_bits(cal_container container);

#ifdef __cplusplus
}
#endif
#endif
