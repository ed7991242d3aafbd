"""Recomputes a results folder's `verdict` times with the plotting scripts' model (scripts/plotting/
model.py, parameters from results.json only) and prints the largest relative difference from the
Swift numbers. The CLI tests run it: the charts may only draw what Swift would compute.

    python3 scripts/verdict_check.py RESULTS_FOLDER
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from plotting.results import load_results  # noqa: E402


def main(folder: str) -> int:
    results = load_results(folder)
    model = results.model
    if model is None:
        print(f"{folder}: results.json has no model", file=sys.stderr)
        return 1
    links = {link.name: link for link in model.links}
    worst = 0.0
    checked = 0
    for row in results.verdict:
        link = links[row.link]
        device = model.device(row.device)
        rate, rtt = link.bytes_per_second, link.rtt_ms / 1000
        pairs = [(model.identity_seconds(row.payload_bytes, rate, rtt) * 1000, row.identity_ms)]
        if row.best is not None:
            cell = next(
                c
                for c in results.cells
                if c.payload_set == row.payload_set and (c.backend, c.container, c.level) == row.best and c.threads == 1
            )
            best_ms = row.identity_ms - row.saving_ms
            pairs.append((model.cell_seconds(cell, rate, rtt, device.compress_slowdown) * 1000, best_ms))
        for python_ms, swift_ms in pairs:
            worst = max(worst, abs(python_ms - swift_ms) / swift_ms)
            checked += 1
    print(f"checked {checked} verdict times; largest relative difference {worst:.3g}")
    return 0 if worst < 1e-9 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
