"""Prints how far the headline speeds of repeated runs of the same cells agree: the table
scripts/precision.sh ends with.

For every cell in every results folder given (corpus, split, backend, container, level, threads)
it takes results.csv's headline speeds, `compress_mbps` and `decompress_mbps` (the estimator
docs/methodology.md names), and prints each run's figure and their spread, max / min - 1. Then,
per run, its time per cell: the wall time scripts/precision.sh measured around the whole
command (RUN.wall-seconds beside the folder) over the cells, and `run_wall_seconds` from
results.json over the cells. With `--lzbench CSV...` (lzbench's `-o4` output, one file a run,
with its wall time in CSV's stem + `.wall-seconds` when there) it prints the same for lzbench's
codecs.

    python3 scripts/precision_table.py RUN_1 RUN_2 RUN_3 [--lzbench L1.csv L2.csv L3.csv]

Exits 0 (it reports), 64 with fewer than two runs, 66 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

KEY_FIELDS = ("corpus", "split", "backend", "container", "level", "threads")
MEASURES = (("compress", "compress_mbps"), ("decompress", "decompress_mbps"))


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        print(f"precision_table.py: cannot read {path}: {error}", file=sys.stderr)
        sys.exit(66)


def wall_seconds(path: Path) -> float | None:
    """What scripts/precision.sh measured around a run: PATH.wall-seconds, when it is there."""
    marker = path.with_name(path.stem + ".wall-seconds") if path.suffix else path.with_name(path.name + ".wall-seconds")
    try:
        return float(marker.read_text().strip())
    except (OSError, ValueError):
        return None


def headline_speeds(folder: Path) -> dict[tuple, dict[str, float]]:
    rows = csv.DictReader(read_text(folder / "results.csv").splitlines())
    speeds = {}
    for row in rows:
        if row.get("error"):
            continue
        key = tuple(row[name] for name in KEY_FIELDS)
        speeds[key] = {measure: float(row[column]) for measure, column in MEASURES if row.get(column)}
    return speeds


def lzbench_speeds(path: Path) -> dict[tuple, dict[str, float]]:
    """lzbench -o4: `Compressor name,Compression speed,Decompression speed,...`; memcpy left out."""
    speeds = {}
    for row in csv.reader(read_text(path).splitlines()):
        if len(row) < 3 or row[0].startswith("Compressor name") or row[0].startswith("memcpy"):
            continue
        try:
            speeds[(row[0],)] = {"compress": float(row[1]), "decompress": float(row[2])}
        except ValueError:
            continue
    return speeds


def cell_name(key: tuple) -> str:
    if len(key) == 1:
        return key[0]
    corpus, split, backend, container, level, threads = key
    return f"{backend} {level}" + ("" if threads == "1" else f" x{threads}") + f" ({corpus}/{split}, {container})"


def spread_table(title: str, runs: list[dict[tuple, dict[str, float]]]) -> list[float]:
    """Prints one tool's cells; returns every spread it printed."""
    common = sorted(set.intersection(*(set(run) for run in runs)))
    print(f"\n{title}: MB/s in each run, and the spread max / min - 1")
    found = []
    for key in common:
        for measure, _ in MEASURES:
            values = [run[key].get(measure) for run in runs]
            if any(value is None or value <= 0 for value in values):
                continue
            spread = max(values) / min(values) - 1
            found.append(spread)
            figures = "  ".join(f"{value:8.1f}" for value in values)
            print(f"  {cell_name(key):<40} {measure:<10} {figures}   spread {100 * spread:5.2f} %")
    if found:
        print(f"  largest spread {100 * max(found):.2f} % over {len(found)} figures")
    return found


def time_lines(title: str, paths: list[Path], cells: list[int], recorded: list[float | None]) -> None:
    for index, (path, count) in enumerate(zip(paths, cells), start=1):
        wall = wall_seconds(path)
        parts = [f"{wall / count:.3f} s per cell (whole command)" if wall and count else "no wall time"]
        if recorded[index - 1] is not None and count:
            parts.append(f"{recorded[index - 1] / count:.3f} s per cell (run_wall_seconds)")
        print(f"  {title} run {index}: " + ", ".join(parts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="precision_table.py",
        description=__doc__.split("\n\n")[0],
        epilog="scripts/precision.sh makes the runs and calls this. See docs/measured-figures.md.",
    )
    parser.add_argument("folders", nargs="+", metavar="RESULTS_FOLDER", help="runs of the same cells")
    parser.add_argument("--lzbench", nargs="*", default=[], metavar="CSV", help="lzbench -o4 outputs, one a run")
    arguments = parser.parse_args(argv)
    if len(arguments.folders) < 2:
        print("precision_table.py: give two runs or more", file=sys.stderr)
        return 64
    folders = [Path(folder) for folder in arguments.folders]
    runs = [headline_speeds(folder) for folder in folders]
    spread_table("deflate-bench, the headline speeds (results.csv)", runs)
    print("\ntime per cell")
    recorded = [json.loads(read_text(folder / "results.json")).get("context", {}).get("run_wall_seconds") for folder in folders]
    time_lines("deflate-bench", folders, [len(run) for run in runs], recorded)
    if len(arguments.lzbench) >= 2:
        paths = [Path(path) for path in arguments.lzbench]
        lz_runs = [lzbench_speeds(path) for path in paths]
        spread_table("lzbench", lz_runs)
        time_lines("lzbench", paths, [len(run) for run in lz_runs], [None] * len(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
