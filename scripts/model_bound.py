"""Holds `deflate-bench linkcheck` results to the upload model's documented bound: over every case
of the given linkcheck.json files together (cases that lost packets included), the median of
|error_pct| at most 1 % and its 90th percentile at most 2 % (docs/model.md). Prints the figures
over all cases, per link, per sender and connection and per idle gap, the worst cases and the
cases that lost packets; exits 1 when the bound is not met, 2 when a file cannot be read or
holds no case.

    python3 scripts/model_bound.py DIR_OR_FILE... [--median 1] [--p90 2]

Percentiles interpolate linearly between order statistics (as Swift's Quantile.value and
linkcheck's own summary do).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def quantile(p: float, values: list[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = p * (len(ordered) - 1)
    lower = int(position)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)


def name(case: dict) -> str:
    gap = f" {case['idle_seconds']:g} s" if case.get("idle_seconds") is not None else ""
    return f"{case['link']} {case['body_bytes']} B {case['cc']} {case['connection']}{gap}"


def line(scope: str, cases: list[dict]) -> str:
    errors = [abs(c["error_pct"]) for c in cases]
    raw = [abs(c["error_raw_pct"]) for c in cases]
    worst = max(cases, key=lambda c: abs(c["error_pct"]))
    lost = sum(1 for c in cases if c["lost_packets"] > 0)
    return (f"| {scope} | {len(cases)} | {quantile(0.5, errors):.2f} % | {quantile(0.9, errors):.2f} % | "
            f"{quantile(0.5, raw):.2f} % | {quantile(0.9, raw):.2f} % | {lost} | {name(worst)}: {worst['error_pct']:+.2f} % |")


def load(paths: list[str]) -> list[dict]:
    cases: list[dict] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            path = path / "linkcheck.json"
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"model_bound.py: cannot read {path}: {error}", file=sys.stderr)
            raise SystemExit(2)
        if not record.get("complete", False):
            print(f"model_bound.py: {path} is marked incomplete (complete: false)", file=sys.stderr)
            raise SystemExit(2)
        cases += record.get("cases", [])
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+", help="linkcheck output folders or linkcheck.json files")
    parser.add_argument("--median", type=float, default=1.0, help="largest median |error_pct|, percent")
    parser.add_argument("--p90", type=float, default=2.0, help="largest 90th percentile of |error_pct|, percent")
    arguments = parser.parse_args()
    cases = load(arguments.results)
    if not cases:
        print("model_bound.py: no cases", file=sys.stderr)
        return 2
    print("| cases | count | median abs error | p90 abs error | median abs raw error | p90 abs raw error | lost packets in | worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    print(line("all", cases))
    for key in (lambda c: c["link"], lambda c: f"{c['cc']} {c['connection']}",
                lambda c: f"idle {c['idle_seconds']:g} s" if c.get("idle_seconds") is not None else "cold"):
        groups: dict[str, list[dict]] = {}
        for case in cases:
            groups.setdefault(key(case), []).append(case)
        for scope, members in groups.items():
            print(line(scope, members))
    print()
    for case in sorted(cases, key=lambda c: -abs(c["error_pct"]))[:5]:
        print(f"worst: {name(case)}: {case['error_pct']:+.2f} % (measured {case['measured_ms']:.1f} ms, "
              f"overhead {case['overhead_ms']:.2f} ms, modelled {case['modelled_ms']:.1f} ms)")
    for case in cases:
        if case["lost_packets"] > 0:
            print(f"lost packets: {name(case)}: {case['lost_packets']}, error {case['error_pct']:+.2f} %")
    errors = [abs(c["error_pct"]) for c in cases]
    median, p90 = quantile(0.5, errors), quantile(0.9, errors)
    held = median <= arguments.median and p90 <= arguments.p90
    print(f"\n{len(cases)} cases: median |error| {median:.2f} % (bound {arguments.median:g} %), "
          f"90th percentile {p90:.2f} % (bound {arguments.p90:g} %): {'within the bound' if held else 'OUT OF THE BOUND'}")
    return 0 if held else 1


if __name__ == "__main__":
    raise SystemExit(main())
