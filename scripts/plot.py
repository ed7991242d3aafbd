#!/usr/bin/python3
"""Turns a DeflateBench results folder into charts (PNG and SVG).

usage: plot.py RESULTS [--out DIR] [--baseline OTHER_RESULTS] [--format png,svg]

RESULTS is a results folder (holding results.json) or a results.json file. Charts go to DIR,
by default `plots/` inside the results folder; the paths written are printed, one per line.

Exit status: 0 charts written; 2 bad arguments or input that is not a valid results folder;
3 matplotlib is missing (install Debian's python3-matplotlib, or run scripts/setup.sh).

Needs only Python 3 and matplotlib; run it with /usr/bin/python3 on Debian, where a pyenv
`python3` on PATH may lack matplotlib.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# No __pycache__ folders in the source tree, where they would show up as untracked files.
sys.dont_write_bytecode = True

EXIT_BAD_INPUT = 2
EXIT_NO_MATPLOTLIB = 3
FORMATS = ("png", "svg")


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="plot.py",
        description="Draw the charts of a DeflateBench results folder as PNG and SVG files.",
        epilog="Exit status: 0 charts written, 2 bad arguments or input, 3 matplotlib missing.",
    )
    parser.add_argument(
        "results", metavar="RESULTS", help="A results folder (with results.json) or a results.json file."
    )
    parser.add_argument(
        "--out", metavar="DIR", help="Folder for the charts; created if needed. Default: plots/ in the results folder."
    )
    parser.add_argument(
        "--baseline",
        metavar="OTHER_RESULTS",
        help="An earlier results folder or results.json; adds a chart of how speeds changed since.",
    )
    parser.add_argument(
        "--format",
        default="png,svg",
        metavar="LIST",
        help="Comma-separated image formats to write, from: png, svg. Default: png,svg.",
    )
    arguments = parser.parse_args(argv)
    formats = [item.strip().lower() for item in arguments.format.split(",") if item.strip()]
    unknown = [item for item in formats if item not in FORMATS]
    if not formats or unknown:
        parser.error(f"--format: unknown format {', '.join(unknown) or '(empty)'}; choose from png, svg")
    arguments.formats = list(dict.fromkeys(formats))
    return arguments


def fail(message: str, status: int = EXIT_BAD_INPUT) -> int:
    print(f"plot.py: error: {message}", file=sys.stderr)
    return status


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    # The input is checked before matplotlib is imported: a wrong folder fails fast and clearly
    # even on a machine without matplotlib.
    from plotting.results import ResultsError, load_results, results_path

    try:
        results = load_results(arguments.results)
        baseline = load_results(arguments.baseline) if arguments.baseline else None
    except ResultsError as error:
        return fail(str(error))
    if not results.plottable_cells:
        return fail(f"{results.path}: no measured cells to plot (every cell failed, or the run measured none)")
    if not results.complete:
        print(
            f"plot.py: warning: {results.path} is from an incomplete run; charts show the cells measured",
            file=sys.stderr,
        )

    # Never try a display: charts are files.
    os.environ.setdefault("MPLBACKEND", "Agg")
    try:
        import matplotlib
    except ImportError:
        return fail(
            f"matplotlib is not installed for {sys.executable}; install it with "
            "`sudo apt-get install python3-matplotlib` (or run scripts/setup.sh) and run this script "
            "with /usr/bin/python3, Debian's Python, which that package serves",
            EXIT_NO_MATPLOTLIB,
        )
    matplotlib.use("Agg")
    # Stable SVG element ids, so re-rendering an unchanged chart gives the same file.
    matplotlib.rcParams["svg.hashsalt"] = "deflate-bench"
    from plotting.charts import draw_all

    out_dir = Path(arguments.out) if arguments.out else results_path(arguments.results).parent / "plots"
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return fail(f"{out_dir}: cannot create the output folder ({error.strerror or error})")

    try:
        written, notes = draw_all(results, baseline, out_dir, arguments.formats)
    except OSError as error:
        return fail(f"cannot write a chart: {error}")
    for note in notes:
        print(f"plot.py: note: {note}", file=sys.stderr)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
