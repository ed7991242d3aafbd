#!/usr/bin/env python3
"""gzip sizes of FILE at zlib-ng levels 0-9 from the installed libz-ng, called through ctypes: one
zng_deflate(Z_FINISH) with a zng_deflateBound() buffer (what the harness does), then the same with
16 KiB of output space per call (how CPython grows its buffer). docs/zlib-ng.md.
Usage: scripts/zlib_ng_output_steps.py FILE"""
import ctypes
import argparse

from zlib_ng_ctypes import Stream as S, lib
parser = argparse.ArgumentParser(description=__doc__.split("\nUsage")[0])
parser.add_argument("file", help="the file to compress at every level")
data = open(parser.parse_args().file, "rb").read()
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
