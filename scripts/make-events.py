#!/usr/bin/env python3
"""Writes a large JSON-lines file of seeded analytics events, for the streaming and memory figures.

    python3 scripts/make-events.py BYTES FILE [SEED] [WORDS_FILE]

Each line is one event: a name, a millisecond timestamp, a user id, a session UUID, a URL and
properties (a search query, price, quantity, screen, latency). Words for URLs and queries come
from WORDS_FILE (default: /work/shared/corpora/alice29.txt, the Canterbury corpus text); the
same arguments always write the same bytes. zlib level 1 compresses the result about 3.5x.
"""
import argparse
import json
import random
import sys
import uuid

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("bytes", type=int, help="the file's size, at least (the last line may pass it)")
parser.add_argument("file", help="the JSON-lines file to write")
parser.add_argument("seed", type=int, nargs="?", default=13, help="the generator's seed (default 13)")
parser.add_argument(
    "words_file", nargs="?", default="/work/shared/corpora/alice29.txt",
    help="text whose words fill URLs and queries (default: /work/shared/corpora/alice29.txt)")
arguments = parser.parse_args()
size, out = arguments.bytes, arguments.file
rng = random.Random(arguments.seed)
try:
    words = open(arguments.words_file, encoding="latin-1").read().split()
except OSError as error:
    sys.exit(f"make-events.py: cannot read the words file: {error}")
names = ["page_view", "click", "add_to_cart", "purchase", "search", "signup", "scroll", "share"]


def path_word():
    return rng.choice(words).strip(".,;:!?\"'()").lower() or "x"


written, timestamp = 0, 1764547200000
with open(out, "w") as f:
    while written < size:
        timestamp += rng.randint(1, 4000)
        event = {
            "event": rng.choice(names),
            "timestamp": timestamp,
            "user_id": rng.randint(1, 200000),
            "session": str(uuid.UUID(int=rng.getrandbits(128))),
            "url": "https://shop.example.com/" + "/".join(path_word() for _ in range(rng.randint(1, 3))),
            "properties": {
                "query": " ".join(rng.choice(words) for _ in range(rng.randint(0, 6))),
                "price": round(rng.uniform(0.5, 500), 2),
                "quantity": rng.randint(1, 5),
                "screen": rng.choice(["1920x1080", "1440x900", "390x844", "412x915"]),
                "latency_ms": round(rng.expovariate(1 / 120), 1),
            },
        }
        line = json.dumps(event, separators=(",", ":")) + "\n"
        f.write(line)
        written += len(line)
