#!/usr/bin/python3
"""Plots a dictionary size sweep from a results.json: ratio and cold-call cost against dictionary
size, one line per backend/container/level, with the same setting without a dictionary as a
dashed line. Dictionaries whose name starts with "recent" (raw recent events rather than a trained
dictionary) are drawn as crosses beside the line instead of on it.

Needs matplotlib: run it with /usr/bin/python3 on Debian, where a pyenv `python3` on PATH may
lack it. Exit status: 0 chart written, 2 bad arguments or input, 3 matplotlib missing."""
import argparse
import json
import statistics
import sys


def main(results_path, out_path):
    try:
        with open(results_path) as file:
            cells = json.load(file)["cells"]
    except (OSError, ValueError, KeyError) as error:
        print(f"dictionary_sweep.py: cannot read cells from {results_path}: {error}", file=sys.stderr)
        return 2
    try:
        import matplotlib
    except ImportError:
        print(
            f"dictionary_sweep.py: matplotlib is not installed for {sys.executable}; install it with "
            "`sudo apt-get install python3-matplotlib` (or run scripts/setup.sh) and run this script "
            "with /usr/bin/python3, Debian's Python, which that package serves",
            file=sys.stderr,
        )
        return 3
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plain = {}
    sweep = {}
    recent = {}
    for cell in cells:
        if cell.get("error"):
            continue
        ratio = cell["input_bytes"] / cell["output_bytes"]
        cold = statistics.median(cell["cold_samples_microseconds"])
        if cell.get("dictionary"):
            name = f'{cell["backend"]} {cell["container"]} {cell["level"]}'
            point = (cell["dictionary"]["bytes"] / 1024, ratio, cold)
            target = recent if cell["dictionary"]["name"].startswith("recent") else sweep
            target.setdefault(name, []).append(point)
        else:
            plain[cell["backend"]] = (ratio, cold)
    figure, (ratio_axes, cold_axes) = plt.subplots(1, 2, figsize=(11, 4.2))
    for name, points in sorted(sweep.items()):
        points.sort()
        sizes = [p[0] for p in points]
        line = ratio_axes.plot(sizes, [p[1] for p in points], marker="o", label=name)[0]
        cold_axes.plot(sizes, [p[2] for p in points], marker="o", label=name, color=line.get_color())
        for size, other_ratio, other_cold in recent.get(name, []):
            ratio_axes.plot([size], [other_ratio], marker="x", markersize=9, color=line.get_color())
            cold_axes.plot([size], [other_cold], marker="x", markersize=9, color=line.get_color())
        backend = name.split()[0]
        if backend in plain:
            ratio_axes.axhline(plain[backend][0], color=line.get_color(), linestyle="--", linewidth=0.8)
            cold_axes.axhline(plain[backend][1], color=line.get_color(), linestyle="--", linewidth=0.8)
    for axes in (ratio_axes, cold_axes):
        axes.set_xscale("log", base=2)
        axes.set_xlabel("dictionary size (KiB)")
        axes.grid(True, alpha=0.3)
    ratio_axes.set_ylabel("compression ratio (higher is better)")
    cold_axes.set_ylabel("cold call µs: new context + load dictionary + 1 body")
    cold_axes.set_yscale("log")
    ratio_axes.set_title("Ratio on held-out events (dashed: none; x: raw recent events)", fontsize=10)
    cold_axes.set_title("Cold cost (dashed: no dictionary)", fontsize=10)
    ratio_axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(out_path, dpi=110)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog="Exit status: 0 chart written, 2 bad arguments or input, "
        "3 matplotlib missing.")
    parser.add_argument("results_json", help="a results.json of a run with dictionaries of several sizes")
    parser.add_argument("out_png", help="the chart to write")
    arguments = parser.parse_args()
    sys.exit(main(arguments.results_json, arguments.out_png))
