"""Checks a results folder's verdict against its own rules and model, from results.json alone.

1. Recomputes every verdict row's identity and recommended totals with the model of
   docs/verdict.md (each body at its own size from `corpora[].payload_sizes`, the cold call's
   extra for a per-request compressor, the server's decode after the last byte), using the
   checkers' Python model (scripts/upload_model.py), and prints the largest relative difference
   from the Swift numbers (the charts draw only what Swift computes: results.json's `charts`).
2. Checks the decision rules on every row:
   - no `send_uncompressed` row while `fastest_ms` is below `identity_ms` beyond its interval;
   - every `compress` row's `best_ms` within the tie rule of `fastest_ms` (intervals overlap, or
     within `time_tolerance`);
   - no `compress` row whose saving is below `--min-saving` (both its ms and its percent);
   - at most one `answer` per payload set.

Exit status 0 when everything holds, 1 otherwise, 2 for an unreadable folder. The CLI tests run it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from upload_model import _CONTENT_ENCODING, Model  # noqa: E402
from plotting.results import ResultsError, headline, load_results, results_path  # noqa: E402

# Swift `Verdict.maximumBodies`: a larger set is represented by evenly spaced order statistics.
MAXIMUM_BODIES = 2000
DECISIONS = {"compress", "no_meaningful_difference", "send_uncompressed"}


def decode_after_last_byte(decode: float, deliver: float, wire: float, segment: float) -> float:
    if decode <= 0:
        return 0.0
    last_segment = decode * segment / wire if wire > segment else decode
    return max(last_segment, decode - deliver)


def body_sizes(document: dict, cell: dict) -> list[float]:
    for record in document.get("corpora", []):
        if record["name"] == cell["corpus"] and record["split"] == cell["split"]:
            sizes = record.get("payload_sizes")
            if sizes and len(sizes) == cell["payloads"] and sum(sizes) == cell["input_bytes"]:
                if len(sizes) <= MAXIMUM_BODIES:
                    return [float(size) for size in sizes]
                ordered = sorted(sizes)
                return [
                    float(ordered[(2 * index + 1) * len(ordered) // (2 * MAXIMUM_BODIES)]) for index in range(MAXIMUM_BODIES)
                ]
    return [cell["input_bytes"] / cell["payloads"]]


def mean_total(model, raw_model: dict, document: dict, sample_cell: dict, cell: dict | None, link, slowdown: float):
    """The mean over the bodies of one request's total, seconds; `cell` None for identity."""
    rate, rtt = link.bytes_per_second, link.rtt_ms / 1000
    head = float(model.request_head_bytes)
    ratio, compress_mbps, decode_mbps, setup = 1.0, None, None, 0.0
    if cell is not None:
        head += len(f"Content-Encoding: {_CONTENT_ENCODING[cell['container']]}\r\n")
        ratio = cell["output_bytes"] / cell["input_bytes"]
        compress_mbps = headline(cell["compress_samples_mbps"])
        decode_mbps = headline(cell["decompress_samples_mbps"])
        extra = cell.get("cold_extra")
        if extra and raw_model.get("compressor", "per-request") != "reused":
            setup = max(0.0, extra["median_microseconds"] / 1e6)
    handshake = model.handshake_round_trips() * rtt if model.connection == "cold" else 0.0
    totals = []
    for size in body_sizes(document, sample_cell):
        wire = size * ratio
        # The request as the HTTP version frames it (Swift `HTTPFraming.requestBytes`).
        deliver = model.deliver_seconds(model.request_bytes(head, wire, cell is not None), rate, rtt)
        compress = decode = 0.0
        if cell is not None:
            compress = size / (compress_mbps * 1e6) * slowdown + setup * slowdown
            decode = decode_after_last_byte(size / (decode_mbps * 1e6), deliver, wire, float(model.mss_bytes))
        totals.append(compress + handshake + deliver + rtt + decode)
    return sum(totals) / len(totals)


def check(folder: str) -> int:
    results = load_results(folder)
    document = json.loads(results.path.read_text(encoding="utf-8"))
    raw_model = document.get("model")
    if results.model is None or raw_model is None:
        print(f"{folder}: results.json has no model", file=sys.stderr)
        return 1
    model = Model.from_json(raw_model)
    links = {link.name: link for link in model.links}
    tolerance = raw_model.get("time_tolerance", 0.05)
    min_ms = raw_model.get("min_saving_ms", 1.0)
    min_pct = raw_model.get("min_saving_percent", 2.0)
    cells = [c for c in document["cells"] if c.get("threads") == 1 and c.get("error") is None]
    problems: list[str] = []
    worst, checked = 0.0, 0
    for row in document.get("verdict") or []:
        label = f"{row['corpus']}/{row['split']} {row['link']} {row['device']}"
        link, device = links[row["link"]], model.device(row["device"])
        in_set = [c for c in cells if (c["corpus"], c["split"]) == (row["corpus"], row["split"])]
        pairs = [(mean_total(model, raw_model, document, in_set[0], None, link, 1.0) * 1000, row["identity_ms"])]
        if row.get("best_backend") is not None:
            best = next(
                c
                for c in in_set
                if (c["backend"], c["container"], c["level"]) == (row["best_backend"], row["best_container"], row["best_level"])
                and (c.get("dictionary") or {}).get("name") == row.get("best_dictionary")
            )
            pairs.append((mean_total(model, raw_model, document, in_set[0], best, link, device.compress_slowdown) * 1000, row["best_ms"]))
        for python_ms, swift_ms in pairs:
            worst = max(worst, abs(python_ms - swift_ms) / swift_ms)
            checked += 1

        decision = row.get("decision")
        if decision not in DECISIONS:
            problems.append(f"{label}: decision {decision!r}")
            continue
        fastest_high = row.get("fastest_high_ms")
        if decision == "send_uncompressed" and fastest_high is not None and fastest_high < row["identity_ms"]:
            problems.append(f"{label}: send_uncompressed while the fastest ({fastest_high:.4g} ms at most) beats identity")
        if decision == "compress":
            best_ms, fastest_ms = row["best_ms"], row["fastest_ms"]
            overlaps = row["best_low_ms"] <= row["fastest_high_ms"] and row["fastest_low_ms"] <= row["best_high_ms"]
            if not (overlaps or best_ms <= fastest_ms * (1 + tolerance)):
                problems.append(f"{label}: best {best_ms:.4g} ms not tied with fastest {fastest_ms:.4g} ms")
            if row["saving_ms"] < min_ms or row["saving_pct"] < min_pct:
                problems.append(f"{label}: compress with a saving of {row['saving_ms']:.3g} ms ({row['saving_pct']:.3g} %)")
    rows = document.get("verdict") or []
    counts = {d: sum(1 for row in rows if row.get("decision") == d) for d in sorted(DECISIONS)}
    answers = document.get("answer") or []
    labels = [(a["corpus"], a["split"]) for a in answers]
    if len(labels) != len(set(labels)):
        problems.append("more than one answer for a payload set")
    sets = {(row["corpus"], row["split"]) for row in rows}
    if rows and set(labels) != sets:
        problems.append(f"{len(set(labels))} answers for {len(sets)} payload sets")
    print(f"checked {checked} verdict times; largest relative difference {worst:.3g}")
    print(f"{len(rows)} verdict rows: " + ", ".join(f"{name} {count}" for name, count in counts.items()))
    print(f"{len(answers)} answers for {len(sets)} payload sets")
    if rows and not any("decision" in row for row in rows):
        print("results.json predates the verdict's decisions (no `decision` in its rows): rerun or merge it")
        return 1
    for problem in problems[:30]:
        print(f"PROBLEM {problem}")
    if len(problems) > 30:
        print(f"... and {len(problems) - 30} more")
    print("rules hold" if not problems else f"{len(problems)} problems")
    return 0 if worst < 1e-9 and not problems else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="verdict_check.py",
        description=__doc__.split("\n\n")[0],
        epilog="Reads RESULTS_FOLDER/results.json (or a results.json path). See docs/verdict.md.",
    )
    parser.add_argument("folder", metavar="RESULTS_FOLDER", help="a run's output folder, or its results.json")
    arguments = parser.parse_args(argv)
    try:
        results_path(arguments.folder)
        return check(arguments.folder)
    except (ResultsError, OSError, json.JSONDecodeError, KeyError) as error:
        print(f"verdict_check.py: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
