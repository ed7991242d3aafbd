"""How well repeated runs of the same cells agree: the run-to-run figure in
docs/measured-figures.md ("Run-to-run agreement").

For every cell present in every results folder (corpus, split, backend, level, container,
threads) it takes each run's median compression speed (`compress_samples_mbps`), and over the
cells whose median of those medians is at least --min-mbps (50 MB/s) prints:
  - how many agree within --within (5 %): every run's median within that of the cells' median;
  - the median spread, (fastest - slowest) / median, over those cells;
  - each run's drift, the geometric mean over the cells of its median / the cells' median;
  - the median spread again with each run's drift divided out.

    python3 scripts/run_agreement.py RESULTS_FOLDER RESULTS_FOLDER [...] [--min-mbps 50] [--within 0.05]
    python3 scripts/run_agreement.py --runs 5

With --runs N it makes the folders itself: N quick runs of Corpora/default.json, one after the
other, with the release build (`swift build -c release --product deflate-bench` first), printing
the load average before and after (the machine's load moves whole runs). Exits 0 whatever it
finds (it reports), 64 with fewer than two runs, 66 when a results.json cannot be read, and the
run's status when a run fails.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cell_medians(folder: Path) -> dict[tuple, float]:
    """Each cell's median compression speed in one run, keyed by what identifies the cell."""
    path = folder / "results.json" if folder.is_dir() else folder
    try:
        document = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        print(f"run_agreement.py: cannot read {path}: {error}", file=sys.stderr)
        sys.exit(66)
    medians = {}
    for cell in document.get("cells", []):
        samples = cell.get("compress_samples_mbps") or []
        if not samples:
            continue
        key = tuple(cell.get(name) for name in ("corpus", "split", "backend", "level", "container", "threads"))
        medians[key] = statistics.median(samples)
    return medians


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def quick_runs(count: int, work: Path) -> list[Path]:
    """`count` quick runs of the default suite with the release build, one after the other."""
    subprocess.run(["swift", "build", "-c", "release", "--product", "deflate-bench"], cwd=ROOT, check=True)
    binary_folder = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    print(f"load average before: {load_average()}")
    folders = []
    for index in range(1, count + 1):
        folder = work / f"run-{index}"
        command = [f"{binary_folder}/deflate-bench", "run", "--config", "Corpora/default.json", "--quick", "--quiet"]
        status = subprocess.run(command + ["--out", str(folder)], cwd=ROOT).returncode
        if status != 0:
            print(f"run_agreement.py: run {index} exited with {status}", file=sys.stderr)
            sys.exit(status)
        folders.append(folder)
    print(f"load average after: {load_average()}")
    return folders


def spread(values: list[float]) -> float:
    return (max(values) - min(values)) / statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", type=Path, help="results folders (or results.json files) of repeated runs")
    parser.add_argument("--runs", type=int, help="make the folders: this many quick runs of the default suite")
    parser.add_argument("--min-mbps", type=float, default=50.0, help="only cells at least this fast (default 50)")
    parser.add_argument("--within", type=float, default=0.05, help="agreement tolerance (default 0.05)")
    arguments = parser.parse_args()
    if (arguments.runs or 0) + len(arguments.folders) < 2:
        print("run_agreement.py: give at least two results folders, or --runs 2 or more", file=sys.stderr)
        return 64
    with tempfile.TemporaryDirectory() as work:
        folders = arguments.folders + (quick_runs(arguments.runs, Path(work)) if arguments.runs else [])
        runs = [cell_medians(folder) for folder in folders]
    report(runs, arguments.min_mbps, arguments.within)
    return 0


def report(runs: list[dict[tuple, float]], min_mbps: float, within: float) -> None:
    """Prints the agreement of the cells present in every run at `min_mbps` or more."""
    common = set.intersection(*(set(run) for run in runs))
    cells = {key: [run[key] for run in runs] for key in common}
    cells = {key: values for key, values in cells.items() if statistics.median(values) >= min_mbps}
    if not cells:
        print(f"no cell is in every run at {min_mbps:g} MB/s or more")
        return

    centres = {key: statistics.median(values) for key, values in cells.items()}
    agreed = sum(
        all(abs(value / centres[key] - 1) <= within for value in values) for key, values in cells.items()
    )
    drifts = [
        math.exp(statistics.fmean(math.log(cells[key][index] / centres[key]) for key in cells))
        for index in range(len(runs))
    ]
    undrifted = [spread([value / drifts[index] for index, value in enumerate(values)]) for values in cells.values()]

    print(f"{len(runs)} runs, {len(cells)} cells at {min_mbps:g} MB/s or more in every run")
    print(f"agree within {within * 100:g} %: {agreed} of {len(cells)}")
    print(f"median spread (fastest - slowest) / median: {statistics.median(spread(v) for v in cells.values()) * 100:.0f} %")
    print("run drift (geometric mean of run / cell median): " + ", ".join(f"{drift:.2f}" for drift in drifts))
    print(f"median spread with each run's drift divided out: {statistics.median(undrifted) * 100:.0f} %")


if __name__ == "__main__":
    sys.exit(main())
