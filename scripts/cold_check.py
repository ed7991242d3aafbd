"""Counts the cells of a results folder by what their cold call costs beyond the warm call, and
lists the cells that read lowest.

The class of each cell is read from results.json, never recomputed: `cold_extra.finding`, written
by the run (Sources/Model/Statistics/ColdExtra+Paired.swift holds the rule): `penalty`
(the 95 % bootstrap interval of the paired median of cold - warm lies above 0), `within_noise`
(it contains 0), `below` (it lies under 0), `too_few_samples` (fewer than 10 pairs).

Files written before `cold_extra` existed are compared by raw medians instead, as is any file
with `--raw-medians`: median cold below median warm, where warm is the warm call on the cold
payload (`warm_call_samples_microseconds`) or, for files older still or with `--estimate`, the
cold payload's size at the cell's median warm CPU speed (`cold_payload_bytes /
compress_cpu_samples_mbps`).

    python3 scripts/cold_check.py RESULTS_FOLDER_OR_JSON [--raw-medians] [--estimate] [--show N]

Prints the counts and the worst cells; exits 0 whatever the count (it reports), 66 when the file
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

FINDINGS = ["penalty", "within_noise", "below", "too_few_samples"]


def warm_microseconds(cell: dict, estimate: bool) -> float | None:
    """The warm figure a raw-median comparison uses, or None when the cell has none."""
    samples = cell.get("warm_call_samples_microseconds")
    if samples and not estimate:
        return statistics.median(samples)
    speeds = cell.get("compress_cpu_samples_mbps") or []
    size = cell.get("cold_payload_bytes")
    if not speeds or not size:
        return None
    # MB/s is bytes per microsecond.
    return size / statistics.median(speeds)


def name(cell: dict) -> str:
    return f"{cell['corpus']}/{cell['split']} {cell['backend']} {cell['level']} x{cell['threads']}"


def report_classes(cells: list[dict], show: int) -> None:
    """Counts the recorded classes; lists the cells whose paired median ratio is lowest."""
    classed = [c for c in cells if c.get("cold_extra")]
    counts = Counter(c["cold_extra"]["finding"] for c in classed)
    parts = [f"{counts[finding]} {finding.replace('_', ' ')}" for finding in FINDINGS if counts[finding] or
             finding != "too_few_samples"]
    print(f"{len(classed)} cells by cold extra (results.json cold_extra): " + ", ".join(parts))
    per_backend: dict[str, Counter[str]] = {}
    for cell in classed:
        per_backend.setdefault(cell["backend"], Counter())[cell["cold_extra"]["finding"]] += 1
    for backend, found in sorted(per_backend.items()):
        print(f"  {backend}: " + ", ".join(f"{found[f]} {f.replace('_', ' ')}" for f in FINDINGS if found[f]))
    for cell in sorted(classed, key=lambda c: c["cold_extra"]["median_ratio"])[:show]:
        extra = cell["cold_extra"]
        interval = ""
        if extra.get("lower_microseconds") is not None:
            interval = f" [{extra['lower_microseconds']:+.1f}, {extra['upper_microseconds']:+.1f}]"
        print(
            f"  {name(cell)}: {extra['finding'].replace('_', ' ')}, extra {extra['median_microseconds']:+.1f} µs"
            f"{interval}, paired ratio {extra['median_ratio']:.3f} on {cell.get('cold_payload_bytes')} bytes")


def report_raw_medians(cells: list[dict], estimate: bool, show: int) -> None:
    """The comparison of raw medians, for files without classes."""
    below: list[tuple[float, dict, float, float]] = []
    per_backend: Counter[str] = Counter()
    compared = 0
    for cell in cells:
        warm = warm_microseconds(cell, estimate)
        if warm is None:
            continue
        compared += 1
        cold = statistics.median(cell["cold_samples_microseconds"])
        if cold < warm:
            below.append((cold / warm, cell, cold, warm))
            per_backend[cell["backend"]] += 1
    kind = "size / warm CPU speed" if estimate or not any(
        c.get("warm_call_samples_microseconds") for c in cells) else "warm call on the same payload"
    print(f"{len(below)} of {compared} cells have median cold µs below warm ({kind})")
    for backend, count in sorted(per_backend.items()):
        print(f"  {backend}: {count}")
    for ratio, cell, cold, warm in sorted(below, key=lambda item: item[0])[:show]:
        print(f"  {name(cell)}: cold {cold:.1f} µs, warm {warm:.1f} µs ({ratio:.3f}) on {cell['cold_payload_bytes']} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a results folder or its results.json")
    parser.add_argument("--raw-medians", action="store_true",
                        help="compare median cold with median warm instead of reading the recorded classes")
    parser.add_argument("--estimate", action="store_true",
                        help="with raw medians, compare with size / warm CPU speed (implies --raw-medians)")
    parser.add_argument("--show", type=int, default=10, help="how many of the lowest cells to list")
    arguments = parser.parse_args()
    path = Path(arguments.results)
    if path.is_dir():
        path = path / "results.json"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"cold_check: cannot read {path}: {error}", file=sys.stderr)
        return 66
    cells = [c for c in document.get("cells", []) if c.get("cold_samples_microseconds")]
    if arguments.raw_medians or arguments.estimate or not any(c.get("cold_extra") for c in cells):
        report_raw_medians(cells, arguments.estimate, arguments.show)
    else:
        report_classes(cells, arguments.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
