#!/usr/bin/env python3
"""Measures `deflate-bench serve` under the two connection attacks of issue #25 (docs/safety.md).

m3: CONNECTIONS clients each send a zstd frame that asks for an 8 MiB window, fill the window
    (RLE blocks interleaved with raw ones, about 630:1, under the 1000:1 ratio limit), then stall
    with the body unfinished. Reports the server's resident memory (VmRSS while they stall, and
    VmHWM) and how the clients were answered.
m5: PARTIAL clients send part of a request head and renew it (a header byte a second, a new
    connection when the server closes one), while UPLOADS real uploads are made one after
    another. Reports how many uploads got 200.

Usage: scripts/hostile-serve-memory.py PATH/TO/deflate-bench [m3|m5|both] [--connections 300]
       [--partial 600] [--uploads 50] [-- extra serve options]
Loopback only; the server is started on a free port and stopped at the end.
"""

import argparse
import socket
import struct
import subprocess
import sys
import threading
import time


def start_server(executable, extra):
    process = subprocess.Popen(
        [executable, "serve", "--port", "0", "--quiet"] + extra,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    port = int(line.rsplit(":", 1)[1])
    return process, port


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                name, value = line.split(":")
                fields[name] = int(value.split()[0]) * 1024
    return fields


def zstd_block(kind, size, payload, last=False):
    header = (1 if last else 0) | (kind << 1) | (size << 3)
    return struct.pack("<I", header)[:3] + payload


def window_filler():
    """A frame asking for 2^23 bytes of window and about 8.2 MiB of content, never ended."""
    frame = bytes([0x28, 0xB5, 0x2F, 0xFD, 0x00, (23 - 10) << 3])
    raw = bytes((i * 97 + 13) % 256 for i in range(200))
    for _ in range(64):
        frame += zstd_block(1, 128 << 10, b"a")  # RLE: 128 KiB of 'a' from one byte
        frame += zstd_block(0, len(raw), raw)  # raw: keeps the ratio under 1000
    return frame


def m3(executable, extra, connections):
    process, port = start_server(executable, extra)
    frame = window_filler()
    head = (
        "POST /fill HTTP/1.1\r\nHost: t\r\nContent-Encoding: zstd\r\n"
        f"Content-Length: {len(frame) + 1000}\r\n\r\n").encode()
    sockets, answers = [], {}
    for _ in range(connections):
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(head + frame)
        sockets.append(client)
    # Decoding 300 windows takes a while on a busy machine: wait until the resident size has
    # stopped growing for 3 s (at most 90 s).
    during, steady, start = memory(process.pid), 0, time.time()
    while steady < 3 and time.time() - start < 90:
        time.sleep(1)
        now = memory(process.pid)
        steady = steady + 1 if now["VmRSS"] <= during["VmRSS"] + (1 << 20) else 0
        during = now
    for client in sockets:
        client.setblocking(False)
        try:
            status = client.recv(64).split(b" ")[1].decode()
        except (BlockingIOError, IndexError):
            status = "stalled, no answer"
        answers[status] = answers.get(status, 0) + 1
    print(f"m3: {connections} connections, {len(head) + len(frame)} bytes each "
          f"({connections * (len(head) + len(frame)) / 1e6:.1f} MB in all)")
    print(f"m3: server VmRSS {during['VmRSS'] / 2**20:.0f} MiB while they stall, "
          f"VmHWM {during['VmHWM'] / 2**20:.0f} MiB")
    print(f"m3: answers {dict(sorted(answers.items()))}")
    for client in sockets:
        client.close()
    process.terminate()
    process.wait()


def m5(executable, extra, partial, uploads):
    process, port = start_server(executable, extra)
    stop = threading.Event()
    reopened = [0]

    def attack():
        clients = []
        while not stop.is_set():
            alive = []
            for client in clients:
                try:
                    if client.recv(1, socket.MSG_DONTWAIT) == b"":
                        raise ConnectionError
                    client.close()  # an answer (408, 503): the server closed it
                    continue
                except BlockingIOError:
                    pass
                except OSError:
                    client.close()
                    continue
                try:
                    client.send(b"x")
                    alive.append(client)
                except OSError:
                    client.close()
            clients = alive
            while len(clients) < partial:
                try:
                    client = socket.create_connection(("127.0.0.1", port), timeout=2)
                    client.sendall(b"POST /slow HTTP/1.1\r\nHost: t\r\nX-Pad: ")
                    clients.append(client)
                    reopened[0] += 1
                except OSError:
                    break
            time.sleep(1)
        for client in clients:
            client.close()

    attacker = threading.Thread(target=attack)
    attacker.start()
    time.sleep(12)  # past one header timeout, so the partial heads are being renewed
    body = b'{"event":"real upload"}'
    statuses = {}
    for _ in range(uploads):
        try:
            client = socket.create_connection(("127.0.0.1", port), timeout=20)
            client.sendall(
                f"POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
            status = client.recv(64).split(b" ")[1].decode()
            client.close()
        except (OSError, IndexError):
            status = "no answer"
        statuses[status] = statuses.get(status, 0) + 1
        time.sleep(0.2)
    stop.set()
    attacker.join()
    print(f"m5: {partial} partial heads renewed ({reopened[0]} connections opened), "
          f"{uploads} real uploads: {dict(sorted(statuses.items()))}")
    process.terminate()
    process.wait()


def main():
    arguments = sys.argv[1:]
    extra = []
    if "--" in arguments:
        extra = arguments[arguments.index("--") + 1:]
        arguments = arguments[:arguments.index("--")]
    parser = argparse.ArgumentParser()
    parser.add_argument("executable")
    parser.add_argument("attack", nargs="?", default="both", choices=["m3", "m5", "both"])
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--partial", type=int, default=600)
    parser.add_argument("--uploads", type=int, default=50)
    options = parser.parse_args(arguments)
    if options.attack in ("m3", "both"):
        m3(options.executable, extra, options.connections)
    if options.attack in ("m5", "both"):
        m5(options.executable, extra, options.partial, options.uploads)


if __name__ == "__main__":
    main()
