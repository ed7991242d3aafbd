"""Measures uploads through `deflate-bench serve`'s emulated link against the upload model, for
identity and gzip bodies of 1 kB to 10 MB on the 3g and lte links: the README's model-vs-emulation
figure.

    python3 scripts/link_check.py RESULTS_FOLDER [--bin .build/release/deflate-bench]

The model parameters and the links come from RESULTS_FOLDER/results.json (`model`), evaluated by
scripts/upload_model.py (which CLI tests check against Swift). Each request goes over one
kept-alive HTTP connection, a round trip or more after the previous one, as the model's warm
connection. Measured: send to full response, wall clock. Modelled: deliver(wire bytes the server
counted) + the response's round trip + the server's decode time. 3g identity bodies stop at 1 MB
(10 MB would take over three minutes).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from plotting.results import load_results  # noqa: E402
from upload_model import Model  # noqa: E402

SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]


def body(size: int) -> bytes:
    """JSON-like events, compressible about as much as the corpora's."""
    rng = random.Random(size)
    parts = []
    total = 0
    while total < size:
        event = json.dumps(
            {"event": rng.choice(["view", "click", "buy"]), "id": rng.getrandbits(64), "t": 1700000000 + total}
        )
        parts.append(event)
        total += len(event) + 1
    return ("\n".join(parts).encode())[:size]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results")
    parser.add_argument("--bin", default=".build/release/deflate-bench")
    arguments = parser.parse_args()
    results = load_results(arguments.results)
    if results.model is None:
        print(f"{arguments.results}: results.json has no model", file=sys.stderr)
        return 1
    model = Model.from_json(json.loads(results.path.read_text(encoding="utf-8"))["model"])
    links = {link.name: link for link in model.links}
    print("| link | body | coding | wire bytes | flights | modelled ms | measured ms | difference |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    worst = 0.0
    for name in ("3g", "lte"):
        link = links[name]
        server = subprocess.Popen(
            [arguments.bin, "serve", "--quiet", "--rate", str(link.bytes_per_second), "--latency", str(link.rtt_ms),
             "--max-body", "4G", "--max-decoded", "4G", "--max-ratio", "0"],
            stdout=subprocess.PIPE, text=True)
        try:
            port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            for size in SIZES:
                raw = body(size)
                for coding in ("identity", "gzip"):
                    if name == "3g" and coding == "identity" and size > 1_000_000:
                        continue
                    payload = raw if coding == "identity" else gzip.compress(raw, 6)
                    headers = {"Content-Type": "application/json"}
                    if coding == "gzip":
                        headers["Content-Encoding"] = "gzip"
                    time.sleep(link.rtt_ms / 1000 * 2)  # idle: the window restarts, as the model's warm case
                    start = time.perf_counter()
                    connection.request("POST", "/upload", body=payload, headers=headers)
                    answer = json.loads(connection.getresponse().read())
                    measured = (time.perf_counter() - start) * 1000
                    wire = answer["wire_bytes"]
                    modelled = (
                        model.echo_deliver_seconds(wire, link.bytes_per_second, link.rtt_ms / 1000) + link.rtt_ms / 1000
                    ) * 1000 + (answer.get("decode_ms") or 0)
                    window, left, flights = model.initial_window_bytes, wire, 1
                    while left > window:
                        left, window, flights = left - window, window * 2, flights + 1
                    difference = measured / modelled - 1
                    worst = max(worst, abs(difference))
                    print(f"| {name} | {size:,} B | {coding} | {wire:,} | {flights} | {modelled:.0f} | {measured:.0f} "
                          f"| {difference:+.1%} |", flush=True)
        finally:
            server.terminate()
            server.wait()
    print(f"\nlargest difference: {worst:.1%}")
    return 0 if worst <= 0.15 else 1


if __name__ == "__main__":
    sys.exit(main())
