#ifndef DEFLATEBENCH_CZLIB_SHIM_H
#define DEFLATEBENCH_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 and inflateInit2 are macros that pass ZLIB_VERSION and the struct size;
// Swift cannot import macros with arguments, so wrap them here.
static inline int deflatebench_deflateInit2(z_streamp strm, int level, int method,
                                            int windowBits, int memLevel, int strategy) {
  return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}

static inline int deflatebench_inflateInit2(z_streamp strm, int windowBits) {
  return inflateInit2(strm, windowBits);
}
#endif
