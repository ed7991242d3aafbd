#ifndef DEFLATEBENCH_CBROTLI_SHIM_H
#define DEFLATEBENCH_CBROTLI_SHIM_H
#include <brotli/decode.h>
#include <brotli/encode.h>
#endif
