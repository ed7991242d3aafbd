#ifndef DEFLATEBENCH_CZOPFLI_SHIM_H
#define DEFLATEBENCH_CZOPFLI_SHIM_H
#include <stdlib.h>
#include <zopfli/zopfli.h>
#endif
