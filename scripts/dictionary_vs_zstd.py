#!/usr/bin/env python3
"""Held-out comparison of `deflate-bench dict train` with `zstd --train` (docs/dictionaries.md).

Usage: scripts/dictionary_vs_zstd.py DEFLATE_BENCH NDJSON_FILE SIZE [WORK_DIR]

Splits NDJSON_FILE by line into halves (the first half trains, the second is measured), trains a
SIZE-byte dictionary on the first half with `deflate-bench dict train` (the default search, and
--fast) and with `zstd --train --maxdict=SIZE` (one file per line, as the zstd command takes
samples), then compresses every line of the second half on its own with each dictionary and
prints a Markdown table row per dictionary:
  - zstd level 3 frames, written by the zstd command (`zstd -3 -D DICT`), so an outside program
    measures both trainers' dictionaries;
  - the DEFLATE preset, the last 32 KiB of each dictionary's content (after the header that
    ZDICT_getDictHeaderSize reports), written by Python's zlib at level 6 (`zdict=`).
Ratio = the second half's bytes / the sum of the compressed sizes.
"""
import ctypes
import ctypes.util
import os
import subprocess
import sys
import tempfile
import zlib


def header_size(dictionary):
    libzstd = ctypes.CDLL(ctypes.util.find_library("zstd"))
    libzstd.ZDICT_getDictHeaderSize.restype = ctypes.c_size_t
    libzstd.ZDICT_getDictHeaderSize.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    libzstd.ZDICT_isError.argtypes = [ctypes.c_size_t]
    size = libzstd.ZDICT_getDictHeaderSize(dictionary, len(dictionary))
    assert not libzstd.ZDICT_isError(size), "not a zstd dictionary"
    return size


def zstd_total(lines_dir, names, dictionary_path, out_dir):
    arguments = ["zstd", "-3", "-q", "-f", "--output-dir-flat", out_dir]
    if dictionary_path:
        arguments += ["-D", dictionary_path]
    subprocess.run(arguments + [os.path.join(lines_dir, n) for n in names], check=True)
    return sum(os.path.getsize(os.path.join(out_dir, n + ".zst")) for n in names)


def deflate_total(lines, preset):
    total = 0
    for line in lines:
        compressor = zlib.compressobj(6, zlib.DEFLATED, 15, 8, zdict=preset) if preset else zlib.compressobj(6)
        total += len(compressor.compress(line) + compressor.flush())
    return total


def main(bench, source, size, work):
    lines = [line for line in open(source, "rb").read().split(b"\n") if line.strip()]
    half = len(lines) // 2
    train, test = lines[:half], lines[half:]
    train_dir, test_dir = os.path.join(work, "train"), os.path.join(work, "test")
    # A training sample keeps its newline, as a lines=1 payload of deflate-bench does, so both
    # trainers see the same bytes; a measured line is compressed without it.
    for folder, part, end in ((train_dir, train, b"\n"), (test_dir, test, b"")):
        os.makedirs(folder, exist_ok=True)
        for index, line in enumerate(part):
            open(os.path.join(folder, f"{index:06d}"), "wb").write(line + end)
    open(os.path.join(work, "train.ndjson"), "wb").write(b"\n".join(train) + b"\n")
    config = os.path.join(work, "train.json")
    open(config, "w").write(
        '{"corpora": [{"name": "train", "kind": "file", "path": "train.ndjson", "split": "lines=1"}]}')
    dictionaries = {}
    for label, extra in (("dict train (default search)", []), ("dict train --fast", ["--fast"])):
        out = os.path.join(work, "ours-fast.dict" if extra else "ours.dict")
        result = subprocess.run([bench, "dict", "train", "--config", config, "--size", str(size), "--out", out] + extra,
                                check=True, capture_output=True, text=True)
        sys.stderr.write(result.stdout)
        dictionaries[label] = out
    out = os.path.join(work, "zstd.dict")
    names = sorted(os.listdir(train_dir))
    subprocess.run(["zstd", "--train", "-q", "-f", f"--maxdict={size}", "-o", out]
                   + [os.path.join(train_dir, n) for n in names], check=True)
    dictionaries[f"zstd --train --maxdict={size}"] = out

    test_names = sorted(os.listdir(test_dir))
    raw = sum(len(line) for line in test)
    print(f"{os.path.basename(source)}: {len(train)} training lines ({sum(map(len, train)) + len(train)} bytes), "
          f"{len(test)} measured lines ({raw} bytes)")
    print("| dictionary | bytes | zstd 3 ratio | zlib 6 + preset ratio |")
    print("| --- | ---: | ---: | ---: |")
    scratch = os.path.join(work, "zst")
    os.makedirs(scratch, exist_ok=True)
    print(f"| none | 0 | {raw / zstd_total(test_dir, test_names, None, scratch):.3f} "
          f"| {raw / deflate_total(test, None):.3f} |")
    for label, path in dictionaries.items():
        dictionary = open(path, "rb").read()
        preset = dictionary[header_size(dictionary):][-32768:]
        print(f"| {label} | {len(dictionary)} | {raw / zstd_total(test_dir, test_names, path, scratch):.3f} "
              f"| {raw / deflate_total(test, preset):.3f} |")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    work_dir = sys.argv[4] if len(sys.argv) == 5 else tempfile.mkdtemp(prefix="dictionary-vs-zstd-")
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), work_dir)
