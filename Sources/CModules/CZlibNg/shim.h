#ifndef DEFLATEBENCH_CZLIBNG_SHIM_H
#define DEFLATEBENCH_CZLIBNG_SHIM_H
// zlib-ng's native API (zng_ prefix, libz-ng): it links beside the system zlib because no symbol
// is shared. zng_deflateInit2 and zng_inflateInit2 are real functions here, not macros.
// zlib-ng.h refuses to be included with zlib.h in one translation unit; this module keeps apart.
#include <zlib-ng.h>
#endif
