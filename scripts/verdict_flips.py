"""Counts how often the verdict's picks differ between runs of the same corpora: the stability of
the answer (docs/verdict.md, "Stability between runs"; scripts/stability.sh runs the runs).

    python3 scripts/verdict_flips.py RUN_A RUN_B [RUN_C ...]

For every pair of results folders it compares, by payload set, link and device, the verdict rows'
recommended setting (`best_*`) and gzip pick (`gzip_*`), and by payload set the answer: its
decision, the encoding of the setting it names (gzip, br, zstd, ...) and the setting itself, the
last two over the sets both runs answer `compress`. Rows or answers only one of the two runs has
are not counted. Exit status 0, or 2 for an unreadable folder.
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
        answers[(answer["corpus"], answer["split"])] = answer
    return best, gzip, answers


def answer_changes(a: dict, b: dict) -> tuple[list, list, list, int, int]:
    """Per payload set both runs answer: decision changes (of all), encoding and setting changes
    (of the sets both answer `compress`)."""
    common = sorted(set(a) & set(b))
    decisions = [key for key in common if a[key]["decision"] != b[key]["decision"]]
    both = [key for key in common if a[key]["decision"] == b[key]["decision"] == "compress"]
    encodings = [key for key in both if a[key].get("container") != b[key].get("container")]
    fields = ("backend", "container", "level", "dictionary")
    settings = [key for key in both if tuple(a[key].get(f) for f in fields) != tuple(b[key].get(f) for f in fields)]
    return decisions, encodings, settings, len(common), len(both)


def setting(answer: dict) -> str:
    if answer["decision"] != "compress":
        return answer["decision"]
    return f"{answer.get('backend')} {answer.get('container')} {answer.get('level')}"


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
    totals = [0] * 9
    for (name_a, (best_a, gzip_a, ans_a)), (name_b, (best_b, gzip_b, ans_b)) in itertools.combinations(runs, 2):
        best = differing(best_a, best_b)
        gzip = differing(gzip_a, gzip_b)
        decisions, encodings, settings, answered, compressed = answer_changes(ans_a, ans_b)
        print(
            f"{name_a} vs {name_b}: recommended {best[0]}/{best[1]} rows differ, gzip pick {gzip[0]}/{gzip[1]}; "
            f"answers: decision {len(decisions)}/{answered}, encoding {len(encodings)}/{compressed}, "
            f"setting {len(settings)}/{compressed}"
        )
        if arguments.list:
            for key in sorted(set(decisions) | set(settings)):
                print(f"  {'/'.join(key)}: {setting(ans_a[key])} vs {setting(ans_b[key])}")
        counts = (best[0], best[1], gzip[0], gzip[1], len(decisions), answered, len(encodings), len(settings), compressed)
        for index, value in enumerate(counts):
            totals[index] += value
    print(
        f"all pairs: recommended {totals[0]}/{totals[1]} rows differ, gzip pick {totals[2]}/{totals[3]}; "
        f"answers: decision {totals[4]}/{totals[5]}, encoding {totals[6]}/{totals[8]}, setting {totals[7]}/{totals[8]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
