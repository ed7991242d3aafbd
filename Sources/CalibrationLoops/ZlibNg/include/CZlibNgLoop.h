#ifndef DEFLATEBENCH_CZLIBNGLOOP_H
#define DEFLATEBENCH_CZLIBNGLOOP_H
#include "CCalibrationLoop.h"

#ifdef __cplusplus
extern "C" {
#endif

/// zlib-ng's reference loop (a `cal_loop`, native API): zng_deflateInit2 with zlib's parameters,
/// then per payload zng_deflateReset and one zng_deflate(Z_FINISH).
double cal_zlibng_loop(const cal_batch *batch, int level, cal_container container, int iterations);

#ifdef __cplusplus
}
#endif
#endif
