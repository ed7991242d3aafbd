"""The installed libz-ng through ctypes, for the scripts and tests that check our zlib-ng backend
against the library alone: `lib` (zng_deflateBound and zlibng_version typed) and `Stream`, the
layout of zng_stream (zlib-ng.h, 2.3.x, 64-bit)."""
if __name__ == "__main__":
    # A module the scripts import, not a command: run (with --help or anything else), it says what it is.
    print(__doc__)
    raise SystemExit(0)
import ctypes
import ctypes.util

lib = ctypes.CDLL(ctypes.util.find_library("z-ng"))


class Stream(ctypes.Structure):
    _fields_ = [("next_in", ctypes.c_void_p), ("avail_in", ctypes.c_uint32), ("total_in", ctypes.c_size_t),
                ("next_out", ctypes.c_void_p), ("avail_out", ctypes.c_uint32), ("total_out", ctypes.c_size_t),
                ("msg", ctypes.c_char_p), ("state", ctypes.c_void_p), ("zalloc", ctypes.c_void_p),
                ("zfree", ctypes.c_void_p), ("opaque", ctypes.c_void_p), ("data_type", ctypes.c_int),
                ("adler", ctypes.c_uint32), ("reserved", ctypes.c_ulong)]


lib.zng_deflateBound.restype = ctypes.c_ulong
lib.zng_deflateBound.argtypes = [ctypes.POINTER(Stream), ctypes.c_ulong]
lib.zlibng_version.restype = ctypes.c_char_p
