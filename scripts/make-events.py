#!/usr/bin/env python3
"""Writes a large JSON-lines file of seeded analytics events, for the streaming and memory figures.

    python3 scripts/make-events.py BYTES FILE [SEED] [WORDS_FILE]

Each line is one event: a name, a millisecond timestamp, a user id, a session UUID, a URL and
properties (a search query, price, quantity, screen, latency). Words for URLs and queries come
from WORDS_FILE (default: /work/shared/corpora/alice29.txt, the Canterbury corpus text); the
same arguments always write the same bytes. zlib level 1 compresses the result about 3.5x.
"""
import json
import random
import sys
import uuid

size, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 13)
words_file = sys.argv[4] if len(sys.argv) > 4 else "/work/shared/corpora/alice29.txt"
words = open(words_file, encoding="latin-1").read().split()
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
