#ifndef DEFLATEBENCH_CZLIBLOOP_H
#define DEFLATEBENCH_CZLIBLOOP_H
#include "CCalibrationLoop.h"

#ifdef __cplusplus
extern "C" {
#endif

/// zlib's reference loop (a `cal_loop`): deflateInit2(level, Z_DEFLATED, 31 / 15 / -15, memLevel 8,
/// Z_DEFAULT_STRATEGY), then per payload deflateReset and one deflate(Z_FINISH).
double cal_zlib_loop(const cal_batch *batch, int level, cal_container container, int iterations);

#ifdef __cplusplus
}
#endif
#endif
