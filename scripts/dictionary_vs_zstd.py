#!/usr/bin/env python3
"""Held-out comparison of `deflate-bench dict train` with `zstd --train` (docs/dictionary-training.md).

Splits an NDJSON file by line into halves, one split per --splits entry: `file` takes the first
half of the file's lines to train and the second to measure; a number N shuffles the lines first
with Python's random.Random(N), then halves them. On each split it trains a SIZE-byte dictionary
on the training half with `deflate-bench dict train` (the default search, and --fast) and with
`zstd --train --maxdict=SIZE` (one file per line, as the zstd command takes samples), then
compresses every line of the measured half on its own with each dictionary:
  - zstd level 3 frames, written by the zstd command (`zstd -3 -D DICT`), so an outside program
    measures both trainers' dictionaries;
  - the DEFLATE preset, the last 32 KiB of each dictionary's content (after the header that
    ZDICT_getDictHeaderSize reports), written by Python's zlib at level 6 (`zdict=`).
Ratio = the measured half's bytes / the sum of the compressed sizes. No dictionary is measured on
a line it was trained on.

With --zstd-orders N, `zstd --train` also trains on each split's same training lines given in N
other orders (the command shuffles its samples with a fixed seed, so another order of the same
files is another sample order): how far zstd's own dictionary moves with the order alone.

Prints a Markdown table per split, then one with each dictionary's ratio relative to
`zstd --train`'s on the same split: the median over the splits, the lowest and highest, and on how
many splits it was at least as high.
"""
import argparse
import ctypes
import ctypes.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import zlib

ZSTD_LABEL = "zstd --train"
OURS = (("dict train (default search)", []), ("dict train --fast", ["--fast"]))


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


def halves(lines, split):
    """The training and measured halves of one split: `file` keeps the file's order."""
    if split != "file":
        lines = list(lines)
        random.Random(int(split)).shuffle(lines)
    half = len(lines) // 2
    return lines[:half], lines[half:]


def compare(bench, lines, size, split, work, budget, zstd_orders):
    """Trains the dictionaries on one split and returns {label: (bytes, zstd ratio, zlib ratio)}."""
    train, test = halves(lines, split)
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
    for label, extra in OURS:
        out = os.path.join(work, "ours-fast.dict" if extra else "ours.dict")
        result = subprocess.run(
            [bench, "dict", "train", "--config", config, "--size", str(size), "--budget", str(budget), "--out", out]
            + extra, check=True, capture_output=True, text=True)
        sys.stderr.write(f"[split {split}] " + result.stdout.replace("\n", f"\n[split {split}] ").rstrip() + "\n")
        dictionaries[label] = out
    out = os.path.join(work, "zstd.dict")
    names = sorted(os.listdir(train_dir))
    subprocess.run(["zstd", "--train", "-q", "-f", f"--maxdict={size}", "-o", out]
                   + [os.path.join(train_dir, n) for n in names], check=True)
    dictionaries[ZSTD_LABEL] = out
    for order in range(1, zstd_orders + 1):
        shuffled = list(names)
        random.Random(order).shuffle(shuffled)
        out = os.path.join(work, f"zstd-order-{order}.dict")
        subprocess.run(["zstd", "--train", "-q", "-f", f"--maxdict={size}", "-o", out]
                       + [os.path.join(train_dir, n) for n in shuffled], check=True)
        dictionaries[f"{ZSTD_LABEL}, files in order {order}"] = out

    test_names = sorted(os.listdir(test_dir))
    raw = sum(len(line) for line in test)
    scratch = os.path.join(work, "zst")
    os.makedirs(scratch, exist_ok=True)
    print(f"\nsplit {split}: {len(train)} training lines ({sum(map(len, train)) + len(train)} bytes), "
          f"{len(test)} measured lines ({raw} bytes)\n")
    print("| dictionary | bytes | zstd 3 ratio | zlib 6 + preset ratio |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| none | 0 | {raw / zstd_total(test_dir, test_names, None, scratch):.3f} "
          f"| {raw / deflate_total(test, None):.3f} |")
    results = {}
    for label, path in dictionaries.items():
        dictionary = open(path, "rb").read()
        preset = dictionary[header_size(dictionary):][-32768:]
        results[label] = (len(dictionary), raw / zstd_total(test_dir, test_names, path, scratch),
                          raw / deflate_total(test, preset))
        print(f"| {label} | {results[label][0]} | {results[label][1]:.3f} | {results[label][2]:.3f} |")
    return results


def summary(per_split, zstd_orders):
    """Each of our dictionaries against zstd's on the same split, over all splits."""
    count = len(per_split)
    others = [f"{ZSTD_LABEL}, files in order {order}" for order in range(1, zstd_orders + 1)]
    print(f"\nagainst `{ZSTD_LABEL}` on the same split, over {count} splits: median (lowest to highest), "
          f"splits at least as high\n")
    print("| dictionary | zstd 3 ratio | zlib 6 + preset ratio |")
    print("| --- | ---: | ---: |")
    rows = [(label, [label]) for label, _ in OURS]
    if others:
        rows.append((f"{ZSTD_LABEL}, files in {zstd_orders} other orders", others))
    for row, labels in rows:
        cells = []
        for use in (1, 2):
            changes = [100 * (results[label][use] / results[ZSTD_LABEL][use] - 1)
                       for results in per_split for label in labels]
            at_least = sum(change >= 0 for change in changes)
            cells.append(f"{statistics.median(changes):+.1f} % ({min(changes):+.1f} to {max(changes):+.1f}), "
                         f"{at_least} of {len(changes)}")
        print(f"| {row} | {cells[0]} | {cells[1]} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deflate_bench", help="the deflate-bench executable")
    parser.add_argument("ndjson", help="the NDJSON file, one JSON document per line")
    parser.add_argument("size", type=int, help="the dictionary size in bytes, such as 16384")
    parser.add_argument("--splits", default="file",
                        help="comma-separated splits: file, or a seed for a shuffled split (default: file)")
    parser.add_argument("--budget", type=float, default=600,
                        help="dict train's --budget: room to spare makes the search reproducible (default: 600)")
    parser.add_argument("--zstd-orders", type=int, default=0,
                        help="also train zstd on each training half in this many other file orders (default: 0)")
    parser.add_argument("--work", help="a folder for the samples and dictionaries (default: a new temporary one)")
    arguments = parser.parse_args()
    lines = [line for line in open(arguments.ndjson, "rb").read().split(b"\n") if line.strip()]
    work = arguments.work or tempfile.mkdtemp(prefix="dictionary-vs-zstd-")
    print(f"{os.path.basename(arguments.ndjson)}: {len(lines)} lines, {arguments.size}-byte dictionaries")
    per_split = []
    for split in arguments.splits.split(","):
        folder = os.path.join(work, f"split-{split}")
        os.makedirs(folder, exist_ok=True)
        per_split.append(compare(arguments.deflate_bench, lines, arguments.size, split, folder, arguments.budget,
                                 arguments.zstd_orders))
    summary(per_split, arguments.zstd_orders)


if __name__ == "__main__":
    main()
