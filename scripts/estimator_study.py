"""Which speed estimator repeats from run to run: the study behind the headline figure
(docs/methodology.md, "The headline speed"; figures in docs/measured-figures.md).

Give it the results folders of runs of the same cells made back to back, in sets (three runs
a set by default, `--per-set`). For every cell and every set it computes each candidate
estimator from each run's raw samples (`compress_samples_mbps`, `decompress_samples_mbps`) and
its spread over the set's runs, max / min - 1, then prints per estimator the median and the
largest spread over the cells and how many cells stayed within `--within` (3 %). Estimators,
on speeds (noise on a shared machine only ever slows a sample, so the fast end is where the
machine's own speed shows):

  median   the median sample (the headline before issue #38)
  mean     the mean
  p75      the 75th percentile of speeds (type 7), the 25th of times
  p90      the 90th percentile of speeds, the 10th of times
  top3     the mean of the three fastest samples
  second   the second fastest sample
  best     the fastest sample (lzbench's and TurboBench's best-of; BenchmarkTools.jl's minimum)

It also prints, per run, its load average at the start, the run's wall time per cell
(`run_wall_seconds` over its cells) and the settings (min-time, repetitions).

    python3 scripts/estimator_study.py RUN_A1 RUN_A2 RUN_A3 RUN_B1 RUN_B2 RUN_B3 [--per-set 3]

Exits 0 whatever it finds (it reports), 64 when the folders do not make whole sets, 66 when a
results.json cannot be read.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
from pathlib import Path


def quantile(sorted_values: list[float], p: float) -> float:
    """Hyndman and Fan's type 7, as Swift's `Quantile.value` and NumPy compute it."""
    position = p * (len(sorted_values) - 1)
    lower = int(position)
    upper = min(lower + 1, len(sorted_values) - 1)
    return sorted_values[lower] + (sorted_values[upper] - sorted_values[lower]) * (position - lower)


def top_mean(sorted_values: list[float], count: int) -> float:
    tail = sorted_values[-count:]
    return sum(tail) / len(tail)


ESTIMATORS = {
    "median": statistics.median,
    "mean": statistics.fmean,
    "p75": lambda values: quantile(values, 0.75),
    "p90": lambda values: quantile(values, 0.90),
    "top3": lambda values: top_mean(values, 3),
    "second": lambda values: values[-2] if len(values) > 1 else values[-1],
    "best": lambda values: values[-1],
}
MEASURES = {"compress": "compress_samples_mbps", "decompress": "decompress_samples_mbps"}
KEY_FIELDS = ("corpus", "split", "backend", "container", "level", "threads")


def max_bootstrap_rank(count: int, tail: float = 0.025) -> int:
    """The 0-based rank (ascending) of the lower end of the percentile bootstrap interval of the
    maximum of `count` samples, exactly: a resample's maximum is at most the sample of rank k
    with probability ((k + 1) / count) ** count."""
    for rank in range(count):
        if ((rank + 1) / count) ** count >= tail:
            return rank
    return count - 1


def median_bootstrap(values: list[float], generator: random.Random, resamples: int = 2000) -> tuple[float, float]:
    medians = sorted(statistics.median(generator.choices(values, k=len(values))) for _ in range(resamples))
    return quantile(medians, 0.025), quantile(medians, 0.975)


def both_sides(values: list[float], fastest: int) -> tuple[float, float]:
    """From the `fastest`-th fastest sample to as far above the best, in ratio: noise only slows,
    so another run's best is as likely to beat this one's as to fall short of it."""
    low = values[-min(fastest, len(values))]
    return low, values[-1] ** 2 / low


INTERVALS = {
    # The percentile bootstrap of the median (the interval before issue #38).
    "median, bootstrap": ("median", lambda v, g: median_bootstrap(v, g)),
    # The percentile bootstrap of the maximum, exact: from the sample of that rank to the best.
    "best, bootstrap": ("best", lambda v, g: (v[max_bootstrap_rank(len(v))], v[-1])),
    "best, both sides 3": ("best", lambda v, g: both_sides(v, 3)),
    "best, both sides 4": ("best", lambda v, g: both_sides(v, 4)),
    "best, both sides 5": ("best", lambda v, g: both_sides(v, 5)),
    "best, both sides 6": ("best", lambda v, g: both_sides(v, 6)),
}


def sets_of_samples(documents: list[dict], per_set: int, field: str):
    """For each set of runs and each cell all its runs have: every run's sorted finite positive
    samples of `field`; cells with fewer than two samples in a run are left out."""
    for start in range(0, len(documents), per_set):
        runs = [cells_by_key(document) for document in documents[start : start + per_set]]
        # Sorted, so the bootstraps draw in the same order whatever Python's hash seed.
        for key in sorted(set.intersection(*(set(run) for run in runs)), key=str):
            samples = [sorted(v for v in run[key].get(field) or [] if v == v and v > 0) for run in runs]
            if all(len(values) >= 2 for values in samples):
                yield key, samples


def coverage(documents: list[dict], per_set: int, within: float, flag: float) -> None:
    """How often another run's estimate falls inside a run's interval, and the intervals' widths."""
    generator = random.Random(38)
    print(f"\ncoverage: another run's estimate inside this run's interval (pairs of runs of one set)")
    print(f"{'measure':<11}{'interval':<20}{'covered':>9}{'median width %':>16}")
    for measure, field in MEASURES.items():
        for label, (name, interval) in INTERVALS.items():
            estimator = ESTIMATORS[name]
            covered = total = 0
            widths = []
            for _, samples in sets_of_samples(documents, per_set, field):
                estimates = [estimator(values) for values in samples]
                for index, values in enumerate(samples):
                    low, high = interval(values, generator)
                    widths.append((high - low) / estimator(values))
                    for other, estimate in enumerate(estimates):
                        if other != index:
                            total += 1
                            covered += low <= estimate <= high
            if total:
                print(f"{measure:<11}{label:<20}{100 * covered / total:8.1f}%{100 * statistics.median(widths):16.2f}")
    print(
        f"\nflagged: a run's headline interval (both sides 4) reaching more than {100 * flag:g} % either side (the noise"
        f" rule), against whether the set's spread of the fastest sample stayed within {100 * within:g} %"
    )
    for measure, field in MEASURES.items():
        counts = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
        for _, samples in sets_of_samples(documents, per_set, field):
            bests = [values[-1] for values in samples]
            unstable = max(bests) / min(bests) - 1 > within
            for values in samples:
                low, _ = both_sides(values, 4)
                counts[(values[-1] / low - 1 > flag, unstable)] += 1
        print(
            f"{measure:<11}flagged and unstable {counts[(True, True)]}, flagged but stable {counts[(True, False)]}, "
            f"unflagged but unstable {counts[(False, True)]}, neither {counts[(False, False)]}"
        )


def log_half_width(values: list[float]) -> float:
    """ln(fastest / lower end) of the headline's interval (`both_sides` at the bootstrap's rank)."""
    low = values[max_bootstrap_rank(len(values))]
    return math.log(values[-1] / low)


def compare_check(documents: list[dict], per_set: int, reference: tuple) -> None:
    """What `compare` would say between two runs of the same build: how often each interval of
    the speed ratio holds 1, and how far the relative ratios stray from 1."""
    generator = random.Random(38)
    held = {"headlines, quadrature": [], "fastest samples, bootstrap": [], "relative, quadrature": []}
    strays = {"relative: headline ratios": [], "relative: median of paired ratios": []}
    for start in range(0, len(documents), per_set):
        runs = [cells_by_key(document) for document in documents[start : start + per_set]]
        common = set.intersection(*(set(run) for run in runs))
        references = [key for key in common if (key[2], key[4]) == reference]
        for first, second in itertools.permutations(runs, 2):
            for key in sorted(common, key=str):
                ref_key = next((r for r in references if r[:2] == key[:2] and r[5] == key[5]), None)
                for field in MEASURES.values():
                    a = sorted(v for v in first[key].get(field) or [] if v == v and v > 0)
                    b = sorted(v for v in second[key].get(field) or [] if v == v and v > 0)
                    if len(a) < 2 or len(b) < 2:
                        continue
                    ratio = b[-1] / a[-1]
                    width = math.hypot(log_half_width(a), log_half_width(b))
                    held["headlines, quadrature"].append(abs(math.log(ratio)) <= width)
                    resampled = sorted(
                        max(generator.choices(b, k=len(b))) / max(generator.choices(a, k=len(a))) for _ in range(1000)
                    )
                    held["fastest samples, bootstrap"].append(quantile(resampled, 0.025) <= 1 <= quantile(resampled, 0.975))
                    if ref_key is None or ref_key == key:
                        continue
                    ra = [v for v in first[ref_key].get(field) or []]
                    rb = [v for v in second[ref_key].get(field) or []]
                    sra, srb = sorted(ra), sorted(rb)
                    relative = ratio / (srb[-1] / sra[-1])
                    width = math.sqrt(sum(log_half_width(v) ** 2 for v in (a, b, sra, srb)))
                    held["relative, quadrature"].append(abs(math.log(relative)) <= width)
                    strays["relative: headline ratios"].append(abs(relative - 1))
                    paired_a = [x / y for x, y in zip(first[key][field], ra)]
                    paired_b = [x / y for x, y in zip(second[key][field], rb)]
                    strays["relative: median of paired ratios"].append(
                        abs(statistics.median(paired_b) / statistics.median(paired_a) - 1)
                    )
    print("\ncompare between two runs of the same build (every ordered pair of runs in a set):")
    for label, outcomes in held.items():
        if outcomes:
            print(f"  {label:<28} interval held 1 in {100 * sum(outcomes) / len(outcomes):5.1f} % of {len(outcomes)}")
    for label, values in strays.items():
        if values:
            print(f"  {label:<36} |ratio - 1| median {100 * statistics.median(values):5.2f} %, largest {100 * max(values):6.2f} %")


def cells_by_key(document: dict) -> dict[tuple, dict]:
    return {tuple(c.get(name) for name in KEY_FIELDS): c for c in document.get("cells", []) if c.get("error") is None}


def load(folder: str) -> dict:
    path = Path(folder)
    path = path / "results.json" if path.is_dir() else path
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"estimator_study.py: cannot read {path}: {error}", file=sys.stderr)
        sys.exit(66)


def cell_label(key: tuple) -> str:
    corpus, split, backend, container, level, threads = key
    return f"{corpus}/{split} {backend} {level}" + ("" if threads == 1 else f" x{threads}")


def run_line(folder: str, document: dict) -> str:
    context = document.get("context", {})
    cells = [cell for cell in document.get("cells", []) if cell.get("compress_samples_mbps")]
    wall = context.get("run_wall_seconds")
    per_cell = f"{wall / len(cells):.3f} s per cell" if wall and cells else "no run time"
    return (
        f"{folder}: load {context.get('load_average', float('nan')):.2f} at the start, {per_cell}, "
        f"min-time {context.get('min_time_seconds')} s, {context.get('repetitions')} repetitions, {len(cells)} cells"
    )


def spreads(documents: list[dict]) -> dict[tuple, dict[str, dict[str, float]]]:
    """Per (cell, measure): each estimator's max / min - 1 over the documents."""
    per_run = []
    for document in documents:
        cells = {}
        for cell in document.get("cells", []):
            if cell.get("error") is None:
                cells[tuple(cell.get(name) for name in KEY_FIELDS)] = cell
        per_run.append(cells)
    common = set.intersection(*(set(cells) for cells in per_run))
    found: dict[tuple, dict[str, dict[str, float]]] = {}
    for key in sorted(common, key=str):
        for measure, field in MEASURES.items():
            runs = [sorted(v for v in cells[key].get(field) or [] if v == v and v > 0) for cells in per_run]
            if any(not samples for samples in runs):
                continue
            found[(key, measure)] = {}
            for name, estimator in ESTIMATORS.items():
                values = [estimator(samples) for samples in runs]
                found[(key, measure)][name] = max(values) / min(values) - 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="estimator_study.py",
        description=__doc__.split("\n\n")[0],
        epilog="Reads each RESULTS_FOLDER/results.json. See docs/methodology.md, \"The headline speed\".",
    )
    parser.add_argument("folders", nargs="+", metavar="RESULTS_FOLDER", help="runs of the same cells, set after set")
    parser.add_argument("--per-set", type=int, default=3, help="runs in one back-to-back set (default 3)")
    parser.add_argument("--within", type=float, default=0.03, help="the spread a cell should stay within (0.03)")
    parser.add_argument(
        "--flag", type=float, default=0.05, help="the noise rule's half-width (0.05, ReportWarnings.noisyHalfWidthPercent)"
    )
    parser.add_argument("--cells", action="store_true", help="also print every cell's spread per estimator")
    parser.add_argument("--coverage", action="store_true", help="also check the candidate intervals against the other runs")
    parser.add_argument(
        "--compare", action="store_true", help="also check compare's ratio intervals between runs (reference zlib 6)"
    )
    arguments = parser.parse_args(argv)
    if arguments.per_set < 2 or len(arguments.folders) % arguments.per_set != 0:
        print(f"estimator_study.py: {len(arguments.folders)} folders do not make sets of {arguments.per_set}", file=sys.stderr)
        return 64
    documents = [load(folder) for folder in arguments.folders]
    for folder, document in zip(arguments.folders, documents):
        print(run_line(folder, document))
    everything: dict[str, dict[str, list[float]]] = {m: {name: [] for name in ESTIMATORS} for m in MEASURES}
    for start in range(0, len(documents), arguments.per_set):
        found = spreads(documents[start : start + arguments.per_set])
        if arguments.cells:
            print(f"\nset {start // arguments.per_set + 1}: spread max/min - 1, percent")
            print("cell measure " + " ".join(f"{name:>7}" for name in ESTIMATORS))
            for (key, measure), values in found.items():
                figures = " ".join(f"{100 * values[name]:7.2f}" for name in ESTIMATORS)
                print(f"{cell_label(key)} {measure} {figures}")
        for (key, measure), values in found.items():
            for name, spread in values.items():
                everything[measure][name].append(spread)
    sets = len(documents) // arguments.per_set
    print(f"\nover {sets} set{'s' if sets != 1 else ''} of {arguments.per_set} runs: spread of each estimator, percent")
    print(f"{'measure':<11}{'estimator':<10}{'median':>8}{'largest':>9}  within {100 * arguments.within:g} %")
    for measure, by_name in everything.items():
        for name, values in by_name.items():
            if not values:
                continue
            within = sum(1 for value in values if value <= arguments.within)
            print(
                f"{measure:<11}{name:<10}{100 * statistics.median(values):8.2f}{100 * max(values):9.2f}"
                f"  {within} of {len(values)}"
            )
    if arguments.coverage:
        coverage(documents, arguments.per_set, arguments.within, arguments.flag)
    if arguments.compare:
        compare_check(documents, arguments.per_set, ("zlib", 6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
