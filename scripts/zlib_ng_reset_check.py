#!/usr/bin/env python3
"""Does a zlib-ng stream write the same bytes after zng_deflateReset as a fresh one? Streams 100 KB of
alice29.txt plus 50 KB of random bytes (Python random, seed 3) in chunks with a sync flush each,
twice on one stream with a reset between, and prints each (level, chunk) whose two streams differ;
then one-shot Z_FINISH calls on four inputs, reset between, against fresh streams. Calls the
installed libz-ng through ctypes, nothing of the harness (docs/zlib-ng.md).
Usage: scripts/zlib_ng_reset_check.py [ALICE29_TXT]"""
import ctypes
import argparse
import random
from zlib_ng_ctypes import Stream as S, lib
random.seed(3)
parser = argparse.ArgumentParser(description=__doc__.split("\nUsage")[0])
parser.add_argument("alice", nargs="?", default="/work/shared/corpora/alice29.txt", help="alice29.txt (default: shared/corpora)")
data = open(parser.parse_args().alice, 'rb').read()[:100000] + bytes(random.getrandbits(8) for _ in range(50000))
buf = ctypes.create_string_buffer(65536)
def stream(s, chunk):
    out = b""
    for start in range(0, len(data), chunk):
        piece = data[start:start+chunk]; last = start + chunk >= len(data)
        src = ctypes.create_string_buffer(piece, len(piece))
        s.next_in, s.avail_in = ctypes.cast(src, ctypes.c_void_p), len(piece)
        while True:
            s.next_out, s.avail_out = ctypes.cast(buf, ctypes.c_void_p), 65536
            code = lib.zng_deflate(ctypes.byref(s), 4 if last else 2)
            out += buf.raw[:65536 - s.avail_out]
            if code == 1: break
            if not last and s.avail_in == 0 and s.avail_out > 0: break
    return out
for level in range(10):
    for chunk in (1000, 16384, 1 << 20):
        s = S(); assert lib.zng_deflateInit2(ctypes.byref(s), level, 8, 31, 8, 0) == 0
        a = stream(s, chunk); lib.zng_deflateReset(ctypes.byref(s)); b = stream(s, chunk)
        if a != b: print("differs", level, chunk, len(a), len(b))
        lib.zng_deflateEnd(ctypes.byref(s))
print("done")
def oneshot(s, d):
    bound = 2 * len(d) + 1000
    src = ctypes.create_string_buffer(d, len(d)); dst = ctypes.create_string_buffer(bound)
    s.next_in, s.avail_in = ctypes.cast(src, ctypes.c_void_p), len(d)
    s.next_out, s.avail_out = ctypes.cast(dst, ctypes.c_void_p), bound
    assert lib.zng_deflate(ctypes.byref(s), 4) == 1
    return dst.raw[:bound - s.avail_out]
others = [data, data[:5000], data[20000:60000], data[50000:]]
for level in range(10):
    s = S(); assert lib.zng_deflateInit2(ctypes.byref(s), level, 8, 31, 8, 0) == 0
    first = [None]*len(others)
    bad = 0
    for rnd in range(3):
        for i, d in enumerate(others):
            lib.zng_deflateReset(ctypes.byref(s))
            o = oneshot(s, d)
            if first[i] is None: first[i] = o
            elif o != first[i]: bad += 1
    fresh = []
    for d in others:
        t = S(); lib.zng_deflateInit2(ctypes.byref(t), level, 8, 31, 8, 0); fresh.append(oneshot(t, d)); lib.zng_deflateEnd(ctypes.byref(t))
    print("oneshot level", level, "repeat-differs", bad, "vs fresh differs", sum(a != b for a, b in zip(first, fresh)))
