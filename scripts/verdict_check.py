"""Checks a results folder's verdict against its own rules and model, from results.json alone.

1. Recomputes, with the checkers' Python model (scripts/upload_model.py), every candidate
   setting's modelled total on every verdict row: the mean over the set's bodies (each at its own
   size from `corpora[].payload_sizes`, the cold call's extra for a per-request compressor, the
   server's decode after the last byte) and the ends of its interval, from the figures the verdict
   took from each cell (`cells[].figures`: speeds and their intervals). It prints the largest
   relative difference from the Swift numbers on the rows (identity, best, fastest, their
   intervals).
2. Recomputes, with scripts/energy_model.py and the constants in results.json's `energy`, every
   candidate's energy per request on the rows of a phone and a link with a radio, and prints the
   largest relative difference from the energies the rows record (`verdict[].energy`: identity,
   best and zlib 6 with their intervals, isolated and in session).
3. Decides every row again by the rules of docs/verdict.md and reports each row that breaks one.
   With `model.objective` `energy` the rules weigh each setting's energy in session where the
   phone's radio and CPU power are known, and time elsewhere (a row decided on time must say why,
   `objective_note`):
   - decision: `compress` exactly when some setting beats sending uncompressed (its whole
     interval below identity's total and a saving of at least `--min-saving`), `send_uncompressed`
     when every setting's interval lies above it, `no_meaningful_difference` otherwise;
   - anchor: zlib 6 is named unless some setting beats it; a named setting is never beaten by
     zlib 6, nor by the fastest setting;
   - bytes: among the settings that beat zlib 6 and that the fastest of them does not beat, none
     sends fewer bytes than the named one;
   - gzip: the gzip pick follows the same rule among gzip cells, and is the named setting when
     that is gzip;
   - accepted codings only (`model.accept`); at most one answer per payload set, and each answer
     the decision, objective, setting and energies of its reference row.

Exit status 0 when everything holds, 1 otherwise, 2 for an unreadable folder. The CLI tests run it,
on a run's own output and on copies edited to break each rule.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from energy_model import IN_SESSION, ISOLATED, EnergyModel, Radio, RequestEnergy  # noqa: E402
from upload_model import Model  # noqa: E402
from plotting.results import ResultsError, load_results, results_path  # noqa: E402

# Swift `Verdict.maximumBodies`: a larger set is represented by evenly spaced order statistics.
MAXIMUM_BODIES = 2000
DECISIONS = {"compress", "no_meaningful_difference", "send_uncompressed"}
# Swift `ReferenceCell.default`: the anchor.
ANCHOR = ("zlib", 6)


@dataclass(frozen=True)
class Estimate:
    """A setting's (or identity's) modelled total over the set's bodies: seconds, or joules."""

    mean: float
    low: float
    high: float
    client_cpu: float


@dataclass(frozen=True)
class Candidate:
    cell: dict
    estimate: Estimate

    @property
    def name(self) -> str:
        dictionary = (self.cell.get("dictionary") or {}).get("name")
        return f"{self.cell['backend']} {self.cell['container']} {self.cell['level']}" + (f" + {dictionary}" if dictionary else "")

    def name_order(self) -> tuple:
        """Swift `Verdict.nameOrder`: level, backend, container, dictionary."""
        return (self.cell["level"], self.cell["backend"], self.cell["container"], (self.cell.get("dictionary") or {}).get("name") or "")


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


class Totals:
    """Totals under one link and device for one payload set's bodies."""

    def __init__(self, model: Model, raw_model: dict, bodies: list[float], link, slowdown: float):
        self.model, self.bodies, self.link, self.slowdown = model, bodies, link, slowdown
        self.reused = raw_model.get("compressor", "per-request") == "reused"

    def requests(self, cell: dict | None, compress_mbps=None, decode_mbps=None, setup_us=0.0) -> list[tuple]:
        """Each body's request: (compress, handshake, deliver, response, decode, bytes on the link),
        seconds and bytes; `cell` None for identity."""
        model, rate, rtt = self.model, self.link.bytes_per_second, self.link.rtt_ms / 1000
        head = float(model.request_head_bytes)
        ratio, setup = 1.0, 0.0
        if cell is not None:
            head += len(f"Content-Encoding: {model.content_encoding(cell['container'])}\r\n")
            ratio = cell["output_bytes"] / cell["input_bytes"]
            setup = 0.0 if self.reused else max(0.0, setup_us / 1e6)
        handshake = model.handshake_round_trips() * rtt if model.connection == "cold" else 0.0
        payload, header, _ = model.transport()
        requests = []
        for size in self.bodies:
            wire = size * ratio
            # The request as the HTTP version frames it (Swift `HTTPFraming.requestBytes`).
            request = model.request_bytes(head, wire, cell is not None)
            deliver = model.deliver_seconds(request, rate, rtt)
            compress = decode = 0.0
            if cell is not None:
                compress = size / (compress_mbps * 1e6) * self.slowdown + setup * self.slowdown
                decode = decode_after_last_byte(size / (decode_mbps * 1e6), deliver, wire, float(model.mss_bytes))
            # Swift `UploadModel.linkBytes`: every packet adds its headers; nothing sent, no bytes.
            sent = request + math.ceil(request / max(1.0, payload)) * header if deliver > 0 else 0.0
            requests.append((compress, handshake, deliver, rtt, decode, sent))
        return requests

    def mean(self, cell: dict | None, compress_mbps=None, decode_mbps=None, setup_us=0.0) -> tuple[float, float]:
        """(mean total, mean client CPU) over the bodies; `cell` None for identity."""
        totals, cpu = 0.0, 0.0
        for compress, handshake, deliver, rtt, decode, _ in self.requests(cell, compress_mbps, decode_mbps, setup_us):
            totals += compress + handshake + deliver + rtt + decode
            cpu += compress
        return totals / len(self.bodies), cpu / len(self.bodies)

    def ends(self, cell: dict) -> list[tuple]:
        """The figures at the median and at the fast and slow ends of their intervals."""
        f = cell["figures"]
        return [
            (f["compress_mbps"], f["decompress_mbps"], f["setup_microseconds"]),
            (f["compress_fast_mbps"], f["decompress_fast_mbps"], f["setup_low_microseconds"]),
            (f["compress_slow_mbps"], f["decompress_slow_mbps"], f["setup_high_microseconds"]),
        ]

    def estimate(self, cell: dict | None) -> Estimate:
        """Swift `VerdictEstimate`: the mean at the headline figures, the low end at the fast ends
        of the intervals, the high end at the slow ends."""
        if cell is None:
            mean, _ = self.mean(None)
            return Estimate(mean, mean, mean, 0.0)
        (mean, cpu), (fast, _), (slow, _) = (self.mean(cell, *end) for end in self.ends(cell))
        return Estimate(mean, min(fast, mean), max(slow, mean), cpu)

    def energy(self, cell: dict | None, radio: Radio, cpu_watts: float | None, scenario: str) -> Estimate:
        """Swift `EnergyEstimate`: each body's request priced on `radio`, the mean part by part,
        at the headline figures and at both ends; `client_cpu` is the CPU's share, joules."""

        def parts(*end) -> RequestEnergy:
            return RequestEnergy.mean(
                [
                    RequestEnergy.of(compress, deliver, sent, handshake + response + decode, radio, cpu_watts)
                    for compress, handshake, deliver, response, decode, sent in self.requests(cell, *end)
                ]
            )

        if cell is None:
            mean = parts()
            return Estimate(mean.total(scenario), mean.total(scenario), mean.total(scenario), mean.cpu)
        median, fast, slow = (parts(*end) for end in self.ends(cell))
        total = median.total(scenario)
        return Estimate(total, min(fast.total(scenario), total), max(slow.total(scenario), total), median.cpu)


class Rules:
    """docs/verdict.md's rules, restated from the text rather than from the Swift code."""

    def __init__(self, min_ms: float, min_pct: float):
        self.min_ms, self.min_pct = min_ms, min_pct

    def beats(self, a: Estimate, b: Estimate) -> bool:
        saving = b.mean - a.mean
        return a.high < b.low and saving * 1000 >= self.min_ms and 100 * saving >= self.min_pct * b.mean

    def decision(self, candidates: list[Candidate], identity: Estimate) -> str:
        if any(self.beats(c.estimate, identity) for c in candidates):
            return "compress"
        if all(c.estimate.low > identity.high for c in candidates):
            return "send_uncompressed"
        return "no_meaningful_difference"

    @staticmethod
    def lowest(candidates: list[Candidate]) -> Candidate | None:
        return min(candidates, key=lambda c: (c.estimate.mean, c.name_order()), default=None)

    def pick(self, pool: list[Candidate], anchor: Candidate | None) -> Candidate | None:
        anchored = next((c for c in pool if anchor is not None and c.cell is anchor.cell), None)
        contenders = pool
        if anchored is not None:
            contenders = [c for c in pool if self.beats(c.estimate, anchored.estimate)]
            if not contenders:
                return anchored
        lowest = self.lowest(contenders)
        if lowest is None:
            return None
        tied = [c for c in contenders if not self.beats(lowest.estimate, c.estimate)]
        return min(tied, key=lambda c: (c.cell["output_bytes"], c.estimate.client_cpu, c.name_order()))


def usable(cell: dict) -> bool:
    """Swift `VerdictCandidate.init`: verified, one thread, with figures (speeds) to model."""
    return (
        cell.get("error") is None
        and cell.get("verified")
        and cell.get("threads") == 1
        and cell.get("payloads", 0) > 0
        and cell.get("output_bytes", 0) > 0
        and cell.get("figures") is not None
    )


def same_setting(cell: dict, row: dict, prefix: str) -> bool:
    return (cell["backend"], cell["container"], cell["level"]) == (
        row.get(f"{prefix}_backend"),
        row.get(f"{prefix}_container", "gzip"),
        row.get(f"{prefix}_level"),
    ) and (cell.get("dictionary") or {}).get("name") == row.get(f"{prefix}_dictionary")


def check_row(row: dict, candidates: list[Candidate], anchor: Candidate | None, identity: Estimate, rules: Rules) -> list[str]:
    """The rule problems of one verdict row, each naming the rule it breaks."""
    problems = []
    expected = rules.decision(candidates, identity)
    if row.get("decision") != expected:
        problems.append(f"decision rule: {row.get('decision')} where the rules give {expected}")
    pool = [c for c in candidates if rules.beats(c.estimate, identity)] if expected == "compress" else candidates
    named = next((c for c in candidates if same_setting(c.cell, row, "best")), None)
    if row.get("best_backend") is not None and named is None:
        problems.append(f"accepted codings: names {row['best_backend']} {row.get('best_level')}, not an accepted candidate")
    want = rules.pick(pool, anchor)
    if want is not None and named is not None and want.cell is not named.cell:
        problems.append(f"pick: names {named.name} where the rules name {want.name}")
    if named is not None:
        if anchor is not None and rules.beats(anchor.estimate, named.estimate):
            problems.append(f"anchor rule: zlib 6 beats the named {named.name}")
        if anchor is not None and named.cell is anchor.cell:
            beater = next((c for c in pool if rules.beats(c.estimate, anchor.estimate)), None)
            if beater is not None:
                problems.append(f"anchor rule: names zlib 6 while {beater.name} beats it")
        if anchor is not None and named.cell is not anchor.cell and anchor in pool:
            if not rules.beats(named.estimate, anchor.estimate):
                problems.append(f"anchor rule: names {named.name}, which does not beat zlib 6")
        lowest = rules.lowest(candidates)
        if lowest is not None and rules.beats(lowest.estimate, named.estimate):
            problems.append(f"tie rule: the lowest total, {lowest.name}, beats the named {named.name}")
        beating = [c for c in pool if anchor is not None and rules.beats(c.estimate, anchor.estimate)]
        lead = rules.lowest(beating)
        if lead is not None and named in beating:
            fewer = [c for c in beating if not rules.beats(lead.estimate, c.estimate) and c.cell["output_bytes"] < named.cell["output_bytes"]]
            if fewer:
                problems.append(f"bytes rule: {fewer[0].name} is tied and sends fewer bytes than {named.name}")
    if expected == "compress" and named is not None and not rules.beats(named.estimate, identity):
        problems.append(f"minimum saving: {named.name} does not beat sending uncompressed")
    gzip_named = next((c for c in candidates if c.cell["container"] == "gzip" and same_setting(c.cell, row, "gzip")), None)
    if named is not None and named.cell["container"] == "gzip":
        gzip_want = named
    else:
        gzip_want = rules.pick([c for c in pool if c.cell["container"] == "gzip"], anchor)
    if (gzip_want is None) != (gzip_named is None) or (gzip_want is not None and gzip_want.cell is not gzip_named.cell):
        got = gzip_named.name if gzip_named else "none"
        problems.append(f"gzip rule: gzip pick {got} where the rules give {gzip_want.name if gzip_want else 'none'}")
    return problems


# The energy figures a row records per scenario, each with the estimate field it is.
ENERGY_FIELDS = (("identity_mj", None, "mean"), ("best_mj", "best", "mean"), ("best_low_mj", "best", "low"),
    ("best_high_mj", "best", "high"), ("zlib6_mj", "zlib6", "mean"), ("zlib6_low_mj", "zlib6", "low"),
    ("zlib6_high_mj", "zlib6", "high"))


def check_energy(row: dict, totals: Totals, condition, best: dict | None, zlib6: dict | None) -> tuple[list[tuple[float, float]], list[str]]:
    """The row's recorded energies against the Python model's: (python mJ, recorded mJ) pairs, and problems."""
    recorded = row.get("energy")
    if condition is None:
        return [], (["energy: the row records energy where none is modelled"] if recorded else [])
    if recorded is None:
        return [], ["energy: the row records no energy where it is modelled"]
    radio, cpu_watts = condition
    problems = []
    if recorded.get("radio") != radio.name or recorded.get("cpu_watts") != cpu_watts:
        problems.append(f"energy: radio {recorded.get('radio')} and CPU {recorded.get('cpu_watts')} W where results.json's energy gives {radio.name} and {cpu_watts}")
    pairs = []
    for scenario in (ISOLATED, IN_SESSION):
        figures = recorded.get(scenario) or {}
        estimates = {None: totals.energy(None, radio, cpu_watts, scenario)}
        for name, cell in (("best", best), ("zlib6", zlib6)):
            if cell is not None:
                estimates[name] = totals.energy(cell, radio, cpu_watts, scenario)
        for key, setting, end in ENERGY_FIELDS:
            if setting in estimates and figures.get(key) is not None:
                pairs.append((getattr(estimates[setting], end) * 1000, figures[key]))
    return pairs, problems


def check(folder: str) -> int:
    results = load_results(folder)
    document = json.loads(results.path.read_text(encoding="utf-8"))
    raw_model = document.get("model")
    if results.model is None or raw_model is None:
        print(f"{folder}: results.json has no model", file=sys.stderr)
        return 1
    model = Model.from_json(raw_model)
    energy_model = EnergyModel(document.get("energy"))
    links = {link.name: link for link in model.links}
    objective = raw_model.get("objective", "time")
    percent = raw_model.get("min_saving_percent", 2.0)
    time_rules = Rules(raw_model.get("min_saving_ms", 1.0), percent)
    energy_rules = Rules(raw_model.get("min_saving_mj", 1.0), percent)
    accept = raw_model.get("accept")
    rows = document.get("verdict") or []
    if rows and (not any("decision" in row for row in rows) or not any("figures" in c for c in document["cells"])):
        print("results.json predates the verdict's decisions or its cells' figures: rerun or merge it")
        return 1
    cells = [c for c in document["cells"] if usable(c)]
    problems: list[str] = []
    worst, checked = 0.0, 0
    worst_energy, checked_energy = 0.0, 0
    for row in rows:
        label = f"{row['corpus']}/{row['split']} {row['link']} {row['device']}"
        in_set = [c for c in cells if (c["corpus"], c["split"]) == (row["corpus"], row["split"])]
        if not in_set:
            continue
        device = model.device(row["device"])
        totals = Totals(model, raw_model, body_sizes(document, in_set[0]), links[row["link"]], device.compress_slowdown)
        accepted = [c for c in in_set if accept is None or model.content_encoding(c["container"]) in accept]
        timed = [Candidate(c, totals.estimate(c)) for c in accepted if c["output_bytes"] < c["input_bytes"]]
        anchors = [c for c in accepted if (c["backend"], c["level"]) == ANCHOR and not c.get("dictionary")]
        anchor_cell = min(anchors, key=lambda c: (c["container"] != "gzip", c["container"]), default=None)
        identity_time = totals.estimate(None)
        pairs = [(identity_time.mean, row["identity_ms"])]
        for prefix in ("best", "fastest"):
            found = next((c for c in timed if same_setting(c.cell, row, prefix)), None)
            if found is not None and row.get(f"{prefix}_ms") is not None:
                pairs += [(found.estimate.mean, row[f"{prefix}_ms"]), (found.estimate.low, row[f"{prefix}_low_ms"])]
                pairs.append((found.estimate.high, row[f"{prefix}_high_ms"]))
        for python_s, swift_ms in pairs:
            worst = max(worst, abs(python_s * 1000 - swift_ms) / max(abs(swift_ms), 1e-12))
            checked += 1
        condition = energy_model.condition(row["link"], row["device"])
        best_cell = next((c.cell for c in timed if same_setting(c.cell, row, "best")), None)
        energy_pairs, energy_problems = check_energy(row, totals, condition, best_cell, anchor_cell)
        problems += [f"{label}: {problem}" for problem in energy_problems]
        for python_mj, swift_mj in energy_pairs:
            worst_energy = max(worst_energy, abs(python_mj - swift_mj) / max(abs(swift_mj), 1e-12))
            checked_energy += 1
        # What the rules weigh here: energy in session where the objective is energy and the phone's
        # radio and CPU power are known, time elsewhere.
        on_energy = objective == "energy" and energy_model.weighs(row["link"], row["device"])
        expected_objective = "energy" if on_energy else "time"
        if row.get("objective", "time") != expected_objective:
            problems.append(f"{label}: objective rule: decided on {row.get('objective', 'time')} where the rules give {expected_objective}")
        if objective == "energy" and not on_energy and not row.get("objective_note"):
            problems.append(f"{label}: objective rule: decided on time without saying why")
        if on_energy:
            radio, cpu_watts = condition
            candidates = [Candidate(c.cell, totals.energy(c.cell, radio, cpu_watts, IN_SESSION)) for c in timed]
            identity = totals.energy(None, radio, cpu_watts, IN_SESSION)
            rules = energy_rules
        else:
            candidates, identity, rules = timed, identity_time, time_rules
        anchor = None
        if anchor_cell is not None:
            anchor = next((c for c in candidates if c.cell is anchor_cell), None)
            if anchor is None:
                weighed = totals.estimate(anchor_cell) if not on_energy else totals.energy(anchor_cell, *condition, IN_SESSION)
                anchor = Candidate(anchor_cell, weighed)
        if row.get("decision") not in DECISIONS:
            problems.append(f"{label}: decision {row.get('decision')!r}")
            continue
        problems += [f"{label}: {problem}" for problem in check_row(row, candidates, anchor, identity, rules)]
    if worst >= 1e-9:
        problems.append(f"model: the Python model's times differ from the rows' by up to {worst:.3g} (relative)")
    if worst_energy >= 1e-9:
        problems.append(f"energy model: the Python model's energies differ from the rows' by up to {worst_energy:.3g} (relative)")
    counts = {d: sum(1 for row in rows if row.get("decision") == d) for d in sorted(DECISIONS)}
    answers = document.get("answer") or []
    problems += check_answers(answers, rows)
    print(f"checked {checked} verdict times; largest relative difference {worst:.3g}")
    print(f"checked {checked_energy} verdict energies; largest relative difference {worst_energy:.3g}")
    on_energy_rows = sum(1 for row in rows if row.get("objective") == "energy")
    print(f"objective {objective}: {on_energy_rows} of {len(rows)} rows decided on energy")
    print(f"{len(rows)} verdict rows: " + ", ".join(f"{name} {count}" for name, count in counts.items()))
    print(f"{len(answers)} answers for {len({(row['corpus'], row['split']) for row in rows})} payload sets")
    for problem in problems[:30]:
        print(f"PROBLEM {problem}")
    if len(problems) > 30:
        print(f"... and {len(problems) - 30} more")
    print("rules hold" if not problems else f"{len(problems)} problems")
    return 0 if worst < 1e-9 and worst_energy < 1e-9 and not problems else 1


def check_answers(answers: list[dict], rows: list[dict]) -> list[str]:
    """One answer per payload set, each its reference row's decision and setting."""
    problems = []
    labels = [(a["corpus"], a["split"]) for a in answers]
    if len(labels) != len(set(labels)):
        problems.append("answers: more than one answer for a payload set")
    sets = {(row["corpus"], row["split"]) for row in rows}
    if rows and set(labels) != sets:
        problems.append(f"answers: {len(set(labels))} answers for {len(sets)} payload sets")
    for answer in answers:
        reference = next(
            (
                row
                for row in rows
                if (row["corpus"], row["split"], row["link"], row["device"])
                == (answer["corpus"], answer["split"], answer["reference_link"], answer["reference_device"])
            ),
            None,
        )
        if reference is None:
            continue
        label = f"{answer['corpus']}/{answer['split']} answer"
        if answer["decision"] != reference["decision"]:
            problems.append(f"{label}: decision {answer['decision']} where its reference row says {reference['decision']}")
        if answer.get("objective") != reference.get("objective") or answer.get("objective_note") != reference.get("objective_note"):
            problems.append(f"{label}: objective {answer.get('objective')} where its reference row's is {reference.get('objective')}")
        problems += answer_energy(label, answer, reference)
        if answer["decision"] == "compress":
            said = (answer.get("backend"), answer.get("container"), answer.get("level"), answer.get("dictionary"))
            row_said = (reference.get("best_backend"), reference.get("best_container"), reference.get("best_level"), reference.get("best_dictionary"))
            if said != row_said:
                problems.append(f"{label}: names {said} where its reference row names {row_said}")
            if (answer.get("gzip_backend"), answer.get("gzip_level")) != (reference.get("gzip_backend"), reference.get("gzip_level")):
                problems.append(f"{label}: gzip rule: its gzip setting is not its reference row's")
    return problems


def answer_energy(label: str, answer: dict, reference: dict) -> list[str]:
    """The answer's reference link carries its reference row's energies: identity and zlib 6
    always, the setting's when the answer compresses (it is then the row's recommended setting)."""
    link = next((entry for entry in answer.get("links", []) if entry["link"] == answer["reference_link"]), None)
    said, recorded = (link or {}).get("energy"), reference.get("energy")
    if (said is None) != (recorded is None):
        return [f"{label}: answer energy: the reference link {'lacks' if said is None else 'has'} the energy its row {'has' if said is None else 'lacks'}"]
    if said is None:
        return []
    keys = ["identity_mj", "zlib6_mj"] + (["best_mj", "saving_mj"] if answer["decision"] == "compress" else [])
    for scenario in (ISOLATED, IN_SESSION):
        for key in keys:
            if said[scenario].get(key) != recorded[scenario].get(key):
                return [f"{label}: answer energy: {scenario} {key} {said[scenario].get(key)} where its reference row records {recorded[scenario].get(key)}"]
    return []


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
