"""Counts the cells of a results folder whose cold call reads below its warm cost, and lists the
worst. The warm cost is the warm call on the cold payload itself (`warm_call_samples_microseconds`,
the same body, timed just before the cold call); for results files written before that field
existed it is the old estimate, the cold payload's size at the cell's median warm CPU speed
(`cold_payload_bytes / compress_cpu_samples_mbps`), which `--estimate` also selects.

    python3 scripts/cold_check.py RESULTS_FOLDER_OR_JSON [--estimate] [--show N]

Prints one line per backend and the worst cells; exits 0 whatever the count (it reports).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path


def warm_microseconds(cell: dict, estimate: bool) -> float | None:
    """The warm figure the cold call is compared with, or None when the cell has none."""
    samples = cell.get("warm_call_samples_microseconds")
    if samples and not estimate:
        return statistics.median(samples)
    speeds = cell.get("compress_cpu_samples_mbps") or []
    size = cell.get("cold_payload_bytes")
    if not speeds or not size:
        return None
    # MB/s is bytes per microsecond.
    return size / statistics.median(speeds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a results folder or its results.json")
    parser.add_argument("--estimate", action="store_true", help="compare with size / warm CPU speed")
    parser.add_argument("--show", type=int, default=10, help="how many of the worst cells to list")
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
    below: list[tuple[float, dict, float, float]] = []
    per_backend: Counter[str] = Counter()
    compared = 0
    for cell in cells:
        warm = warm_microseconds(cell, arguments.estimate)
        if warm is None:
            continue
        compared += 1
        cold = statistics.median(cell["cold_samples_microseconds"])
        if cold < warm:
            below.append((cold / warm, cell, cold, warm))
            per_backend[cell["backend"]] += 1
    kind = "size / warm CPU speed" if arguments.estimate or not any(
        c.get("warm_call_samples_microseconds") for c in cells) else "warm call on the same payload"
    print(f"{len(below)} of {compared} cells have median cold µs below warm ({kind})")
    for backend, count in sorted(per_backend.items()):
        print(f"  {backend}: {count}")
    for ratio, cell, cold, warm in sorted(below, key=lambda item: item[0])[: arguments.show]:
        print(
            f"  {cell['corpus']}/{cell['split']} {cell['backend']} {cell['level']} x{cell['threads']}: "
            f"cold {cold:.1f} µs, warm {warm:.1f} µs ({ratio:.3f}) on {cell['cold_payload_bytes']} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
