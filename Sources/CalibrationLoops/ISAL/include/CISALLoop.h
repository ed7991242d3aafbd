#ifndef DEFLATEBENCH_CISALLOOP_H
#define DEFLATEBENCH_CISALLOOP_H
#include "CCalibrationLoop.h"

#ifdef __cplusplus
extern "C" {
#endif

/// ISA-L's reference loop (a `cal_loop`): per payload isal_deflate_stateless_init, the level's
/// buffer, one isal_deflate_stateless.
double cal_isal_loop(const cal_batch *batch, int level, cal_container container, int iterations);

#ifdef __cplusplus
}
#endif
#endif
