#!/usr/bin/env python3
"""Writes the synthetic results folders the plot tests use:

    plot-results/results.json           a run: 3 payload sets x 5 backends x several levels x 1-2 threads
    plot-results-baseline/results.json  the same matrix measured earlier, with a few real differences

The numbers are made up but shaped like real runs on a 2-core x86 machine (Debian 12 library
versions, ratios and speeds in the usual order of the backends, a few percent of noise, one
failed cell, uploads over an emulated lte and 3g link on some cells), so every chart has
something real to show. The layout is what `JSONReport` (Sources/Reports/JSON) writes for the
Swift `ResultsDocument`: snake_case keys with acronyms whole (`compress_cpu_samples_mbps`),
sorted, nil optionals left out. Tests/CLITests/PlotFixtureTests.swift checks that it decodes.

Run from anywhere: python3 Tests/Fixtures/plot-results/make_fixture.py
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
BACKEND_STYLES = json.loads((HERE.parent / "results-small" / "results.json").read_text(encoding="utf-8"))[
    "backend_styles"
]
REPETITIONS = 5

# Per backend: version, verifier, memory bytes (None: no allocator hook), and per level
# (ratio, compress MB/s, decompress MB/s) on text-like JSON of a few hundred KB.
BACKENDS = {
    "zlib": ("1.2.13", "libdeflate", 268_000, {
        1: (5.6, 105, 360), 2: (5.8, 98, 365), 3: (6.0, 88, 370), 4: (6.4, 62, 380), 5: (6.7, 52, 385),
        6: (6.9, 40, 390), 7: (7.0, 33, 390), 8: (7.1, 20, 392), 9: (7.1, 16, 392)}),
    "libdeflate": ("1.14", "zlib", None, {
        1: (5.9, 240, 980), 2: (6.4, 200, 1010), 3: (6.6, 185, 1020), 4: (6.7, 165, 1030), 5: (7.0, 140, 1040),
        6: (7.2, 110, 1050), 7: (7.3, 80, 1050), 8: (7.4, 55, 1055), 9: (7.4, 45, 1055), 10: (7.8, 11, 1070),
        11: (7.85, 7.5, 1070), 12: (7.9, 5.2, 1075)}),
    "isal": ("2.30.0", "zlib", None, {
        0: (4.1, 880, 1150), 1: (5.1, 610, 1100), 2: (5.6, 430, 1120), 3: (6.0, 300, 1120)}),
    "zstd": ("1.5.4", "zstd", 1_350_000, {
        1: (8.1, 430, 1350), 3: (8.9, 320, 1380), 6: (9.7, 115, 1400), 9: (10.1, 78, 1420), 12: (10.3, 38, 1430),
        15: (10.5, 19, 1440), 19: (11.6, 3.8, 1300)}),
    "brotli": ("1.0.9", "brotli", 2_100_000, {
        0: (5.4, 340, 420), 1: (6.1, 250, 440), 4: (8.2, 92, 470), 6: (8.9, 46, 480), 9: (9.5, 13, 490),
        11: (11.9, 0.85, 500)}),
}
CONTAINERS = {"zstd": "zstd", "brotli": "br"}

# (name, kind, split, payloads, payload bytes, ratio scale, speed scale): small batches compress
# worse and slower per byte; binary records barely compress.
PAYLOAD_SETS = [
    ("events-json", "json-events", "events=50", 40, 23_911, 0.82, 0.78),
    ("twitter-json", "file", "whole", 1, 631_515, 1.0, 1.0),
    ("binary-records", "binary", "bytes=65536", 16, 65_536, None, 1.25),
]
THREADS = [1, 2]
# Emulated links for the upload cells: bytes/s and RTT ms (the Swift lte and 3g presets).
LINKS = {"lte": (5e6 / 8, 60), "3g": (0.4e6 / 8, 400)}
UPLOAD_CELLS = {("events-json", "zlib", 6), ("events-json", "libdeflate", 6), ("events-json", "zstd", 3),
                ("events-json", "brotli", 4), ("events-json", "isal", 1), ("twitter-json", "zlib", 6),
                ("twitter-json", "libdeflate", 9), ("twitter-json", "brotli", 6)}


def samples(rng: random.Random, centre: float, cv: float = 0.02) -> list[float]:
    values = [centre * rng.lognormvariate(0, cv) for _ in range(REPETITIONS)]
    if rng.random() < 0.15:  # the occasional interrupted sample on a shared machine
        values[rng.randrange(REPETITIONS)] *= 0.8
    return [round(value, 4) for value in values]


def make_cells(rng: random.Random, speed_factor: dict[str, float]) -> list[dict]:
    cells = []
    for corpus, _kind, split, payloads, payload_bytes, ratio_scale, speed_scale in PAYLOAD_SETS:
        input_bytes = payloads * payload_bytes
        for backend, (version, verifier, memory, levels) in BACKENDS.items():
            for level, (ratio, speed, decompress) in levels.items():
                for threads in THREADS:
                    set_ratio = 1 + (ratio - 1) * 0.09 if ratio_scale is None else ratio * ratio_scale
                    output_bytes = int(input_bytes / set_ratio)
                    # Workers split the payloads, so one payload cannot go faster on two threads.
                    scaling = 1.0 if threads == 1 else min(payloads, 1.86)
                    wall = speed * speed_scale * scaling * speed_factor.get(backend, 1.0)
                    cell = {
                        "corpus": corpus, "split": split, "payload_bytes": payload_bytes, "payloads": payloads,
                        "backend": backend, "version": version, "container": CONTAINERS.get(backend, "gzip"),
                        "level": level, "threads": threads, "input_bytes": input_bytes, "output_bytes": output_bytes,
                        "compress_samples_mbps": samples(rng, wall),
                        "compress_cpu_samples_mbps": samples(rng, wall / threads * 1.03),
                        "decompress_samples_mbps": samples(rng, decompress * speed_scale * scaling),
                        "cold_samples_microseconds": samples(rng, 25 + payload_bytes / speed + level * 4, 0.06),
                    }
                    if memory is not None:
                        cell["memory_bytes"] = memory
                    cell["verified"] = True
                    cell["verified_with"] = verifier
                    if (corpus, backend, level) in UPLOAD_CELLS and threads == 1:
                        cell["upload"] = upload(rng, cell, "lte" if corpus == "events-json" else "3g")
                    cells.append(cell)
    failed = next(c for c in cells if c["corpus"] == "binary-records" and c["backend"] == "brotli"
                  and c["level"] == 11 and c["threads"] == 2)
    failed.update({"output_bytes": 0, "compress_samples_mbps": [], "compress_cpu_samples_mbps": [],
                   "decompress_samples_mbps": [], "cold_samples_microseconds": [], "verified": False,
                   "error": "compression timed out after 60 s"})
    return cells


def upload(rng: random.Random, cell: dict, link: str) -> dict:
    rate, rtt_ms = LINKS[link]
    median = sorted(cell["compress_samples_mbps"])[2] * 1e6
    decompress = sorted(cell["decompress_samples_mbps"])[2] * 1e6
    rtts = rtt_ms / 1000 * cell["payloads"]
    modelled = cell["input_bytes"] / median + cell["output_bytes"] / rate + cell["input_bytes"] / decompress + rtts
    identity = cell["input_bytes"] / rate + rtts
    # HTTP headers and TCP slow start make real uploads a little slower than the model.
    return {"link": link, "upload_ms": round(modelled * 1000 * rng.uniform(1.01, 1.12), 3),
            "upload_identity_ms": round(identity * 1000 * rng.uniform(1.0, 1.08), 3),
            "wire_bytes": cell["output_bytes"], "server_verified": True, "modelled_ms": round(modelled * 1000, 3),
            "modelled_identity_ms": round(identity * 1000, 3)}


def document(seed: int, date: str, version: str, speed_factor: dict[str, float]) -> dict:
    rng = random.Random(seed)
    cells = make_cells(rng, speed_factor)
    corpora = [{"name": name, "kind": kind, "split": split, "bytes": payloads * size, "payloads": payloads,
                "sha256": hashlib.sha256(f"{name}/{split}".encode()).hexdigest()}
               for name, kind, split, payloads, size, _r, _s in PAYLOAD_SETS]
    return {
        "schema_version": 1,
        "complete": True,
        "context": {
            "date": date, "cpu_model": "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", "logical_cores": 2,
            "memory_bytes": 8_232_992_768, "os": "Debian GNU/Linux 12 (bookworm)", "kernel": "6.1.0-18-cloud-amd64",
            "swift_version": "6.3.1", "build_configuration": "release",
            "library_versions": {name: spec[0] for name, spec in BACKENDS.items()},
            "command_line": "deflate-bench run --levels all --threads 1,2 --upload local --link lte --link 3g",
            "seed": 42, "min_time_seconds": 0.2, "repetitions": REPETITIONS, "project_version": version,
            "load_average": 0.31,
        },
        "corpora": corpora,
        "cells": cells,
        "warnings": ["3 cells are noisy (CV above 5 %)"],
        # Each backend's colour and marker as the Swift writer puts them in every results.json,
        # taken from the golden results folder it wrote (Tests/Fixtures/results-small), not retyped.
        "backend_styles": BACKEND_STYLES,
        # The upload model's parameters as a run writes them (no verdict: the charts draw zlib 6
        # without one).
        "model": {
            "mss_bytes": 1460, "initial_window_segments": 10, "cold_handshake_round_trips": 2,
            "request_head_bytes": 257, "request_head_source": "measured",
            "connection": "warm",
            "links": [{"name": name, "uplink_bits_per_second": rate * 8, "rtt_ms": rtt, "source": "fixture"}
                      for name, (rate, rtt) in sorted(LINKS.items(), key=lambda item: item[1][0])],
            "devices": [{"name": "this", "compress_slowdown": 1.0, "source": "measured on this machine",
                         "modelled": False}],
        },
    }


def write(folder: Path, doc: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "results.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(HERE, document(7, "2025-05-02T09:14:03Z", "v0.2.0-4-g1a2b3c4", {}))
    # The baseline: zlib was 6 % faster and zstd 9 % slower before, everything else is noise.
    write(HERE.parent / "plot-results-baseline",
          document(3, "2025-04-18T16:40:51Z", "v0.1.0", {"zlib": 1.06, "zstd": 0.91}))
