"""Counts how often the verdict's picks differ between runs of the same corpora: the stability of
the recommended setting (docs/verdict.md, "Stability between runs").

    python3 scripts/verdict_flips.py RUN_A RUN_B [RUN_C ...]

For every pair of results folders it compares, by payload set, link and device, the verdict rows'
recommended setting (`best_*`) and gzip pick (`gzip_*`), and by payload set the answer's decision
and setting, and prints how many differ. Rows or answers only one of the two runs has are not
counted. Exit status 0, or 2 for an unreadable folder.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path


def load(folder: str) -> dict:
    path = Path(folder)
    path = path / "results.json" if path.is_dir() else path
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise SystemExit(f"verdict_flips.py: {path}: {error}") from error


def picks(document: dict) -> tuple[dict, dict, dict]:
    best, gzip, answers = {}, {}, {}
    for row in document.get("verdict") or []:
        key = (row["corpus"], row["split"], row["link"], row["device"])
        best[key] = (row.get("best_backend"), row.get("best_container"), row.get("best_level"), row.get("best_dictionary"))
        gzip[key] = (row.get("gzip_backend"), row.get("gzip_level"))
    for answer in document.get("answer") or []:
        answers[(answer["corpus"], answer["split"])] = (
            answer["decision"],
            answer.get("backend"),
            answer.get("container"),
            answer.get("level"),
            answer.get("dictionary"),
        )
    return best, gzip, answers


def differing(a: dict, b: dict) -> tuple[int, int, list]:
    common = sorted(set(a) & set(b))
    flips = [key for key in common if a[key] != b[key]]
    return len(flips), len(common), flips


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="verdict_flips.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="RESULTS", help="two or more results folders (or results.json files)")
    parser.add_argument("--list", action="store_true", help="also print each differing answer")
    arguments = parser.parse_args(argv)
    if len(arguments.folders) < 2:
        parser.error("give at least two results folders")
    runs = [(folder, picks(load(folder))) for folder in arguments.folders]
    totals = [0, 0, 0, 0, 0, 0]
    for (name_a, (best_a, gzip_a, ans_a)), (name_b, (best_b, gzip_b, ans_b)) in itertools.combinations(runs, 2):
        best = differing(best_a, best_b)
        gzip = differing(gzip_a, gzip_b)
        answer = differing(ans_a, ans_b)
        print(
            f"{name_a} vs {name_b}: recommended {best[0]}/{best[1]} rows differ, gzip pick {gzip[0]}/{gzip[1]}, "
            f"answers {answer[0]}/{answer[1]}"
        )
        if arguments.list:
            for key in answer[2]:
                print(f"  {'/'.join(key)}: {ans_a[key]} vs {ans_b[key]}")
        for index, value in enumerate((best[0], best[1], gzip[0], gzip[1], answer[0], answer[1])):
            totals[index] += value
    print(
        f"all pairs: recommended {totals[0]}/{totals[1]} rows differ, gzip pick {totals[2]}/{totals[3]}, "
        f"answers {totals[4]}/{totals[5]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
