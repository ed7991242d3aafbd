#!/usr/bin/env python3
"""Writes a DevTools-style HAR of about BYTES bytes: JSON event batches as request bodies (some
base64 + gzip-encoded), and response bodies of the same order, as real HARs carry.

    scripts/make-large-har.py OUT.har BYTES   (docs/real-payloads.md's HAR memory figure: 104857600)
    scripts/make-large-har.py OUT.har 0 --events 1 --entries 100000   (docs/memory.md's small entries)
    scripts/make-large-har.py shop.har 0 --events 20 --entries 4   (docs/real-payloads.md's sample export)
"""
import argparse, json, gzip, base64, random, sys
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("out", help="the HAR file to write")
parser.add_argument("bytes", type=int, help="its size, about (0: no size limit, with --entries)")
parser.add_argument("--events", type=int, default=300, help="events per request body (default 300)")
parser.add_argument("--entries", type=int, help="stop after this many entries")
arguments = parser.parse_args()
target = arguments.bytes; out = arguments.out
events = arguments.events; limit = arguments.entries
rng = random.Random(7)
def batch(n):
    return json.dumps([{"event": rng.choice(["view","click","purchase"]), "id": rng.getrandbits(48),
        "props": {"path": "/p/%d" % rng.randrange(1000), "ms": rng.randrange(5000)}} for _ in range(n)])
entries = []; size = 0; i = 0
while (target == 0 or size < target) and (limit is None or i < limit):
    body = batch(events)
    headers = [{"name": "Content-Type", "value": "application/json"}, {"name": "Cookie", "value": "sid=SECRET%d" % i}]
    post = {"mimeType": "application/json", "text": body}
    if i % 4 == 3:
        headers.append({"name": "Content-Encoding", "value": "gzip"})
        post = {"mimeType": "application/json", "text": base64.b64encode(gzip.compress(body.encode())).decode(), "encoding": "base64"}
    resp = batch(max(1, events * 2 // 3))
    e = {"startedDateTime": "2026-11-30T12:00:00.000Z", "time": 12.5,
         "request": {"method": "POST", "url": "https://api.example.com/v1/batch?k=%d" % i, "httpVersion": "HTTP/1.1",
                     "headers": headers, "queryString": [], "cookies": [], "headersSize": -1, "bodySize": len(body), "postData": post},
         "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                      "content": {"size": len(resp), "mimeType": "application/json", "text": resp}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
         "cache": {}, "timings": {"send": 0.1, "wait": 10, "receive": 2}}
    s = json.dumps(e, indent=2); size += len(s); entries.append(s); i += 1
with open(out, "w") as f:
    f.write('{\n  "log": {\n    "version": "1.2",\n    "creator": {"name": "WebInspector", "version": "537.36"},\n    "pages": [],\n    "entries": [\n')
    f.write(",\n".join(entries)); f.write("\n    ]\n  }\n}\n")
