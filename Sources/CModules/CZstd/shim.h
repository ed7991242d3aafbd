#ifndef DEFLATEBENCH_CZSTD_SHIM_H
#define DEFLATEBENCH_CZSTD_SHIM_H
// The custom-allocator API (ZSTD_customMem, ZSTD_createCCtx_advanced) sits behind this macro;
// Debian's libzstd.so exports it.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>
// The dictionary trainer and dictionary-header parsing (`dict train`, DEFLATE presets).
// ZDICT_STATIC_LINKING_ONLY: the cover and fastCover trainers with their parameters and the
// optimising searches (`dict train` without --fast); Debian 12's libzstd.so exports them.
#define ZDICT_STATIC_LINKING_ONLY
#include <zdict.h>
#endif
