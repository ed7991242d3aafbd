#!/usr/bin/env python3
"""Studies of `dict train`'s trainers on held-out halves (docs/dictionary-training.md): the best of
8 orders (--study orders) went into `dict train`, the other ideas were not kept. Run on tuning
splits only, never on the evaluation splits file,11-20 of scripts/dictionary_vs_zstd.py.

It re-creates the trainers in Python through libzstd's ZDICT functions (ctypes) and Python's
zlib, so variants can be compared without rebuilding; shuffles use Python's random module, not
deflate-bench's Xoshiro256**, so the dictionaries are not byte for byte those of `dict train`.
A seed N shuffles the file's lines with random.Random(N) and halves them; the training half (each
line with its newline) trains, and every line of the other half is compressed on its own: zstd 3
(ZSTD_compress_usingDict, no checksum) and zlib 6 with the DEFLATE preset (the content's last
32 KiB). Each figure is a ratio relative to another dictionary's on the same split.

--study orders: does writing the chosen trainer in the best of several sample orders help? The
training half is shuffled, every trainer of the search (zstd's own procedure, fastCover and cover
with d 6/8 and k 256-2048) is scored by 4-fold cross-validation and chosen as in
ZstdDictionarySearch.swift. The chosen trainer then writes three dictionaries: in the seed's order;
the best of N orders (the first is the seed's) by the fewest zstd 3 + zlib 6 bytes for the
training half; the best of N orders by the largest smaller gain of the two uses over the seed's
order. Each against `zstd --train --maxdict=SIZE` (the zstd command, one file per line), then
paired with the seed's order.

--study trainers: which single trainers beat zstd's procedure once the sample order is averaged
out? Each trainer trains on the whole training half in 3 orders; its held-out bytes, averaged over
the orders, against those of zstd's procedure (ZDICT_optimizeTrainFromBuffer_fastCover, d=8, 4
steps) in the same orders. Includes k = 4096, beyond the search's 2048.

--study reorder: does writing a dictionary's content with the blocks zlib 6 uses most nearest the
data help the DEFLATE preset? zstd's procedure and fastCover d=8 k=2048 train on the training half
(shuffled); the content is cut into blocks of --block bytes, each block's value is how many more
zlib 6 bytes the training samples take with the preset when that block is left out (scored exactly
as zlib uses the preset), the blocks are written least valuable first (farthest) and most valuable
last (nearest), and ZDICT_finalizeDictionary rebuilds the header for the new content. Held-out
bytes against the same dictionary as trained.

    scripts/dictionary_trainer_study.py twitter_statuses.ndjson --study orders --splits 41,42,43,44,45,46,47,48,49,50
    scripts/dictionary_trainer_study.py twitter_statuses.ndjson --study trainers --splits 1,2,3,4,5,31,32,33,34,35
    scripts/dictionary_trainer_study.py twitter_statuses.ndjson --study reorder --splits 41,42,43 --block 512
"""
import argparse
import ctypes
import ctypes.util
import os
import random
import statistics
import subprocess
import tempfile
import zlib

Z = ctypes.CDLL(ctypes.util.find_library("zstd"))


class ZParams(ctypes.Structure):
    _fields_ = [("compressionLevel", ctypes.c_int), ("notificationLevel", ctypes.c_uint), ("dictID", ctypes.c_uint)]


class CoverParams(ctypes.Structure):
    _fields_ = [("k", ctypes.c_uint), ("d", ctypes.c_uint), ("steps", ctypes.c_uint), ("nbThreads", ctypes.c_uint),
                ("splitPoint", ctypes.c_double), ("shrinkDict", ctypes.c_uint),
                ("shrinkDictMaxRegression", ctypes.c_uint), ("zParams", ZParams)]


class FastCoverParams(ctypes.Structure):
    _fields_ = [("k", ctypes.c_uint), ("d", ctypes.c_uint), ("f", ctypes.c_uint), ("steps", ctypes.c_uint),
                ("nbThreads", ctypes.c_uint), ("splitPoint", ctypes.c_double), ("accel", ctypes.c_uint),
                ("shrinkDict", ctypes.c_uint), ("shrinkDictMaxRegression", ctypes.c_uint), ("zParams", ZParams)]


class DictParams(ctypes.Structure):
    _fields_ = [("compressionLevel", ctypes.c_int), ("notificationLevel", ctypes.c_uint), ("dictID", ctypes.c_uint)]


for name in ("ZDICT_getDictHeaderSize", "ZDICT_isError", "ZSTD_compress_usingDict", "ZDICT_trainFromBuffer_cover",
             "ZDICT_trainFromBuffer_fastCover", "ZDICT_optimizeTrainFromBuffer_fastCover", "ZDICT_finalizeDictionary"):
    getattr(Z, name).restype = ctypes.c_size_t
Z.ZSTD_createCCtx.restype = ctypes.c_void_p
CCTX = Z.ZSTD_createCCtx()


def train(function, samples, size, parameters, by_reference=False):
    flat = b"".join(samples)
    sizes = (ctypes.c_size_t * len(samples))(*map(len, samples))
    out = ctypes.create_string_buffer(size)
    written = function(out, ctypes.c_size_t(size), flat, sizes, ctypes.c_uint(len(samples)),
                       ctypes.byref(parameters) if by_reference else parameters)
    if Z.ZDICT_isError(ctypes.c_size_t(written)):
        raise RuntimeError("ZDICT failed")
    return out.raw[:written]


def reference_pass(size):
    """zstd --train's procedure: fastCover's search, d=8, 4 steps of k, 75 % of the samples."""
    def run(samples):
        parameters = FastCoverParams(d=8, steps=4, nbThreads=1, zParams=ZParams(3))
        return train(Z.ZDICT_optimizeTrainFromBuffer_fastCover, samples, size, parameters, by_reference=True)
    return run


def single_pass(kind, size, k, d):
    """One fastCover or cover pass over every sample it is given."""
    def run(samples):
        if kind == "fastCover":
            parameters = FastCoverParams(k=k, d=d, f=20, accel=1, splitPoint=1.0, zParams=ZParams(3))
            return train(Z.ZDICT_trainFromBuffer_fastCover, samples, size, parameters)
        parameters = CoverParams(k=k, d=d, splitPoint=1.0, zParams=ZParams(3))
        return train(Z.ZDICT_trainFromBuffer_cover, samples, size, parameters)
    return run


def trainers(size):
    """The search's trainers in its order: zstd's procedure, then fastCover, then cover."""
    ks = [k for k in range(256, 2049, 256) if k <= size]
    return ([("zstd's procedure", reference_pass(size))]
            + [(f"{kind} d={d} k={k}", single_pass(kind, size, k, d))
               for kind in ("fastCover", "cover") for d in (8, 6) for k in ks])


def preset(dictionary):
    return dictionary[Z.ZDICT_getDictHeaderSize(dictionary, ctypes.c_size_t(len(dictionary))):][-32768:]


def zstd_bytes(samples, dictionary):
    capacity = 1 << 20
    out = ctypes.create_string_buffer(capacity)
    return sum(Z.ZSTD_compress_usingDict(ctypes.c_void_p(CCTX), out, ctypes.c_size_t(capacity), s,
                                         ctypes.c_size_t(len(s)), dictionary, ctypes.c_size_t(len(dictionary)),
                                         ctypes.c_int(3)) for s in samples)


def deflate_bytes(samples, dictionary):
    total = 0
    for sample in samples:
        compressor = zlib.compressobj(6, zlib.DEFLATED, 15, 8, zdict=preset(dictionary))
        total += len(compressor.compress(sample) + compressor.flush())
    return total


def both(dictionary, samples):
    return zstd_bytes(samples, dictionary), deflate_bytes(samples, dictionary)


def chosen_trainer(samples, size):
    """The search's choice: 4-fold cross-validation, beaten in both uses or zstd's procedure."""
    folds = [([s for i, s in enumerate(samples) if i % 4 != f], [s for i, s in enumerate(samples) if i % 4 == f])
             for f in range(4)]
    scores = []
    for name, run in trainers(size):
        try:
            totals = [both(run(training), held_out) for training, held_out in folds]
        except RuntimeError:
            continue
        scores.append((name, run, sum(t[0] for t in totals), sum(t[1] for t in totals)))
    reference = scores[0]
    ranked = sorted(enumerate(scores), reverse=True,
                    key=lambda e: (min(reference[2] / e[1][2], reference[3] / e[1][3]), -e[0]))
    return ranked[0][1][:2]


def best_of_orders(run, samples, count, seed):
    """The fewest summed bytes, and the best in both uses against the seed's order (or that order)."""
    generator = random.Random(seed)
    orders = [list(samples)]
    for _ in range(count - 1):
        order = list(samples)
        generator.shuffle(order)
        orders.append(order)
    scored = [(both(d, samples), index, d) for index, d in enumerate(map(run, orders))]
    summed = min((sum(b), index, d) for b, index, d in scored)[2]
    first = scored[0][0]
    both_uses = max((min(first[0] / b[0], first[1] / b[1]), -index, d) for b, index, d in scored)[2]
    return summed, both_uses


def summarise(label, values):
    return (f"{label} {statistics.median(values):+.1f} % ({min(values):+.1f} to {max(values):+.1f}), "
            f"{sum(v >= 0 for v in values)} of {len(values)}")


def trainers_study(lines, size, splits):
    """Every trainer against zstd's procedure, both averaged over 3 orders of the training half."""
    runs = {"zstd's procedure": reference_pass(size)}
    for kind, d_values, ks in (("fastCover", (6, 8), (512, 1024, 2048, 4096)),
                               ("cover", (6, 8, 10, 12), (256, 512, 1024, 2048))):
        for d in d_values:
            for k in ks:
                runs[f"{kind} d={d} k={k}"] = single_pass(kind, size, k, d)
    names = list(runs)
    changes = {name: [] for name in names}
    for split in splits:
        shuffled = list(lines)
        random.Random(int(split)).shuffle(shuffled)
        training, measured = shuffled[:len(shuffled) // 2], shuffled[len(shuffled) // 2:]
        orders = []
        for order in range(3):
            samples = [line + b"\n" for line in training]
            random.Random(1000 + order).shuffle(samples)
            orders.append(samples)
        means = {}
        for name in names:
            sizes = [both(runs[name](samples), measured) for samples in orders]
            means[name] = [statistics.mean(s[use] for s in sizes) for use in (0, 1)]
        for name in names:
            changes[name].append([100 * (means[names[0]][use] / means[name][use] - 1) for use in (0, 1)])
        print(f"split {split} done", flush=True)
    print(f"\nagainst zstd's procedure in the same 3 orders, over {len(splits)} splits: median (lowest to highest), "
          "splits at least as high")
    for name in names[1:]:
        print(f"{name}: " + summarise("zstd 3", [c[0] for c in changes[name]]) + "; "
              + summarise("zlib 6 + preset", [c[1] for c in changes[name]]))


def reordered(dictionary, samples, size, block):
    """The content's blocks by their zlib 6 value over `samples`, most valuable last; header rebuilt."""
    content = dictionary[Z.ZDICT_getDictHeaderSize(dictionary, ctypes.c_size_t(len(dictionary))):]
    blocks = [content[i:i + block] for i in range(0, len(content), block)]
    with_all = deflate_bytes_with(samples, content)
    values = [deflate_bytes_with(samples, b"".join(blocks[:i] + blocks[i + 1:])) - with_all for i in range(len(blocks))]
    new = b"".join(blocks[i] for i in sorted(range(len(blocks)), key=lambda i: (values[i], i)))
    flat = b"".join(samples)
    sizes = (ctypes.c_size_t * len(samples))(*map(len, samples))
    out = ctypes.create_string_buffer(size)
    written = Z.ZDICT_finalizeDictionary(out, ctypes.c_size_t(size), new, ctypes.c_size_t(len(new)), flat, sizes,
                                         ctypes.c_uint(len(samples)), DictParams(3, 0, 0))
    if Z.ZDICT_isError(ctypes.c_size_t(written)):
        raise RuntimeError("ZDICT_finalizeDictionary failed")
    return out.raw[:written]


def deflate_bytes_with(samples, preset):
    total = 0
    for sample in samples:
        compressor = zlib.compressobj(6, zlib.DEFLATED, 15, 8, zdict=preset)
        total += len(compressor.compress(sample) + compressor.flush())
    return total


def reorder_study(lines, size, splits, block):
    """Each dictionary written with its most valuable blocks last, against itself as trained."""
    changes = {}
    for split in splits:
        shuffled = list(lines)
        random.Random(int(split)).shuffle(shuffled)
        training, measured = shuffled[:len(shuffled) // 2], shuffled[len(shuffled) // 2:]
        samples = [line + b"\n" for line in training]
        random.Random(1).shuffle(samples)
        for name, run in (("zstd's procedure", reference_pass(size)),
                          ("fastCover d=8 k=2048", single_pass("fastCover", size, 2048, 8))):
            dictionary = run(samples)
            before, after = both(dictionary, measured), both(reordered(dictionary, samples, size, block), measured)
            change = [100 * (before[use] / after[use] - 1) for use in (0, 1)]
            changes.setdefault(name, []).append(change)
            print(f"split {split}, {name}: zstd 3 {change[0]:+.1f} %, zlib 6 + preset {change[1]:+.1f} %", flush=True)
    print(f"\nblocks of {block} bytes reordered, against the same dictionary as trained, over {len(splits)} splits: "
          "median (lowest to highest), splits at least as high")
    for name, values in changes.items():
        print(f"{name}: " + summarise("zstd 3", [c[0] for c in values]) + "; "
              + summarise("zlib 6 + preset", [c[1] for c in values]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ndjson")
    parser.add_argument("--size", type=int, default=16384)
    parser.add_argument("--splits", default="41,42,43,44,45,46,47,48,49,50")
    parser.add_argument("--orders", type=int, default=8)
    parser.add_argument("--study", choices=("orders", "trainers", "reorder"), default="orders")
    parser.add_argument("--block", type=int, default=512, help="the block size of --study reorder; default 512")
    parser.add_argument("--order-seed", type=int, default=2,
                        help="seeds the extra orders of --study orders (random.Random); default 2")
    arguments = parser.parse_args()
    lines = [line for line in open(arguments.ndjson, "rb").read().split(b"\n") if line.strip()]
    if arguments.study == "trainers":
        trainers_study(lines, arguments.size, arguments.splits.split(","))
        return
    if arguments.study == "reorder":
        reorder_study(lines, arguments.size, arguments.splits.split(","), arguments.block)
        return
    work = tempfile.mkdtemp(prefix="dictionary-order-study-")
    ways = ("seed's order", f"best of {arguments.orders} orders (summed bytes)",
            f"best of {arguments.orders} orders (better in both uses)")
    changes = {way: [] for way in ways}
    for split in arguments.splits.split(","):
        shuffled = list(lines)
        random.Random(int(split)).shuffle(shuffled)
        training, measured = shuffled[:len(shuffled) // 2], shuffled[len(shuffled) // 2:]
        samples = [line + b"\n" for line in training]
        names = []
        for index, sample in enumerate(samples):
            names.append(os.path.join(work, f"{index:06d}"))
            open(names[-1], "wb").write(sample)
        subprocess.run(["zstd", "--train", "-q", "-f", f"--maxdict={arguments.size}", "-o",
                        os.path.join(work, "zstd.dict")] + names, check=True, stderr=subprocess.DEVNULL)
        zstd_reference = both(open(os.path.join(work, "zstd.dict"), "rb").read(), measured)
        ordered = list(samples)
        random.Random(1).shuffle(ordered)
        name, run = chosen_trainer(ordered, arguments.size)
        cells = []
        dictionaries = (run(ordered),) + best_of_orders(run, ordered, arguments.orders, arguments.order_seed)
        for way, dictionary in zip(ways, dictionaries):
            sizes = both(dictionary, measured)
            change = [100 * (zstd_reference[use] / sizes[use] - 1) for use in (0, 1)]
            changes[way].append(change)
            cells.append(f"{way}: zstd 3 {change[0]:+.1f} %, zlib 6 + preset {change[1]:+.1f} %")
        print(f"split {split}, chosen {name}: " + "; ".join(cells), flush=True)
    print(f"\nagainst zstd --train over {len(changes[ways[0]])} splits: median (lowest to highest), "
          "splits at least as high")
    for way in ways:
        cells = []
        for use in (0, 1):
            values = [c[use] for c in changes[way]]
            cells.append(f"{statistics.median(values):+.1f} % ({min(values):+.1f} to {max(values):+.1f}), "
                         f"{sum(v >= 0 for v in values)} of {len(values)}")
        print(f"{way}: zstd 3 {cells[0]}; zlib 6 + preset {cells[1]}")
    print("\npaired with the seed's order on the same split: median change, splits better / worse")
    for way in ways[1:]:
        cells = []
        for use in (0, 1):
            deltas = [100 * ((1 + a[use] / 100) / (1 + b[use] / 100) - 1)
                      for a, b in zip(changes[way], changes[ways[0]])]
            cells.append(f"{statistics.median(deltas):+.1f} %, "
                         f"{sum(d > 0 for d in deltas)} / {sum(d < 0 for d in deltas)}")
        print(f"{way}: zstd 3 {cells[0]}; zlib 6 + preset {cells[1]}")


if __name__ == "__main__":
    main()
