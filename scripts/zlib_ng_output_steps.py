#!/usr/bin/env python3
"""gzip sizes of FILE at zlib-ng levels 0-9 from the installed libz-ng, called through ctypes: one
zng_deflate(Z_FINISH) with a zng_deflateBound() buffer (what the harness does), then the same with
16 KiB of output space per call (how CPython grows its buffer). docs/zlib-ng.md.
Usage: scripts/zlib_ng_output_steps.py FILE"""
import ctypes
import ctypes.util
import sys

lib = ctypes.CDLL(ctypes.util.find_library("z-ng"))
class S(ctypes.Structure):
    _fields_ = [("next_in", ctypes.c_void_p), ("avail_in", ctypes.c_uint32), ("total_in", ctypes.c_size_t),
                ("next_out", ctypes.c_void_p), ("avail_out", ctypes.c_uint32), ("total_out", ctypes.c_size_t),
                ("msg", ctypes.c_char_p), ("state", ctypes.c_void_p), ("zalloc", ctypes.c_void_p),
                ("zfree", ctypes.c_void_p), ("opaque", ctypes.c_void_p), ("data_type", ctypes.c_int),
                ("adler", ctypes.c_uint32), ("reserved", ctypes.c_ulong)]
lib.zng_deflateBound.restype = ctypes.c_ulong
lib.zng_deflateBound.argtypes = [ctypes.POINTER(S), ctypes.c_ulong]
data = open(sys.argv[1], "rb").read()
def run(level, step):
    s = S()
    assert lib.zng_deflateInit2(ctypes.byref(s), level, 8, 31, 8, 0) == 0
    bound = lib.zng_deflateBound(ctypes.byref(s), len(data))
    src = ctypes.create_string_buffer(data, len(data)); dst = ctypes.create_string_buffer(bound)
    s.next_in, s.avail_in = ctypes.cast(src, ctypes.c_void_p), len(data)
    s.next_out = ctypes.cast(dst, ctypes.c_void_p)
    while True:
        room = bound - s.total_out
        s.avail_out = min(room, step) if step else room
        code = lib.zng_deflate(ctypes.byref(s), 4)
        if code == 1: break
        assert code in (0, -5), code
    n = s.total_out; lib.zng_deflateEnd(ctypes.byref(s)); return n
for level in range(10):
    print(level, run(level, 0), run(level, 16384))
