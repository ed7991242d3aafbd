#ifndef DEFLATEBENCH_CZSTD_SHIM_H
#define DEFLATEBENCH_CZSTD_SHIM_H
// The custom-allocator API (ZSTD_customMem, ZSTD_createCCtx_advanced) sits behind this macro;
// Debian's libzstd.so exports it.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>
// The dictionary trainer and dictionary-header parsing (`dict train`, DEFLATE presets).
#include <zdict.h>
#endif
