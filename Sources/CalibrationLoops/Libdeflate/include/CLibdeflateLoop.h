#ifndef DEFLATEBENCH_CLIBDEFLATELOOP_H
#define DEFLATEBENCH_CLIBDEFLATELOOP_H
#include "CCalibrationLoop.h"

#ifdef __cplusplus
extern "C" {
#endif

/// libdeflate's reference loop (a `cal_loop`): libdeflate_alloc_compressor(level), then per payload
/// libdeflate_{gzip,zlib,deflate}_compress.
double cal_libdeflate_loop(const cal_batch *batch, int level, cal_container container, int iterations);

#ifdef __cplusplus
}
#endif
#endif
