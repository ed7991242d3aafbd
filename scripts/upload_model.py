"""The upload model recomputed in Python from the parameters results.json carries (`model`), for
the checkers only: scripts/verdict_check.py recomputes the Swift verdict's totals with it and
scripts/link_check.py sets it against the echo server's emulated link. The charts
(scripts/plotting) do not use it: they draw the curves Swift writes into results.json (`charts`).

The Swift `UploadModel` (Sources/Model/Upload/UploadModel.swift) is the reference and
docs/model.md the specification; this module holds no parameter of its own. Per request:

    total = C + handshake + deliver(W) + RTT + D
    C = s / c * device slowdown, D = s / d       (0 for identity)
    W = request head + w (+ "Content-Encoding: token\\r\\n" when compressed), framed per `http`
    deliver(W): packets of mss_bytes payload + packet_header_bytes on the link, slow start from
      the initial window (a kept-alive connection with `idle_seconds`: from the window Linux
      leaves after that gap, scripts/kernel_sender.py), each round max(RTT + 1 or 2 packet times,
      the window's serialisation); a kept-alive BBR sender sends everything at the link rate
      (docs/model.md)

A CLI test recomputes the run's `verdict` rows with this module (verdict_check.py) and compares
them with Swift's; PlotModelScriptTests pins it to the Swift model's hand-computed cases.
"""

from __future__ import annotations

if __name__ == "__main__":
    # A module the scripts import, not a command: run (with --help or anything else), it says what it is.
    print(__doc__)
    raise SystemExit(0)

from dataclasses import dataclass

from kernel_sender import steady_start_window
from plotting.results import Link

# MB in results.json is 10^6 bytes.
_MB = 1e6

# The HTTP coding each container is sent with (Swift `UploadModel.contentEncoding`); raw DEFLATE
# goes out as `deflate`. Checked against Swift by the CLI test that compares verdict rows.
_CONTENT_ENCODING = {"gzip": "gzip", "zlib": "deflate", "raw": "deflate", "zstd": "zstd", "br": "br", "dcz": "dcz"}


@dataclass(frozen=True)
class Device:
    name: str
    compress_slowdown: float
    modelled: bool


# HTTP framing constants (Swift `HTTPFraming`, where each has its source).
_H2_FRAME_HEADER = 9
_H2_MAX_FRAME = 16_384
_TLS_RECORD_OVERHEAD = 22
_TLS_RECORD_PLAINTEXT = 16_384
_HPACK_REPEATED_FIELDS = 9
_QUIC_PACKET = 1350
_QUIC_OVERHEAD = 37
_QUIC_IP_UDP = 28


def _ceil(value: float) -> float:
    return float(-((-value) // 1))


def _varint_bytes(value: int) -> int:
    return 1 if value < 64 else 2 if value < 16_384 else 4 if value < 1_073_741_824 else 8


def compressed_head_bytes(body_bytes: float, encoded: bool) -> int:
    """HPACK size of a kept-alive request head (Swift `HTTPFraming.compressedHeadBytes`)."""
    digits = str(int(_round_half_up(body_bytes)))
    bits = sum(5 if d in "012" else 6 for d in digits)
    return _HPACK_REPEATED_FIELDS + (1 if encoded else 0) + 2 + (bits + 7) // 8


def _round_half_up(value: float) -> float:
    # Swift's rounded() rounds halves away from zero; Python's round() to even.
    return float(int(value + 0.5)) if value >= 0 else -float(int(-value + 0.5))


@dataclass(frozen=True)
class Model:
    mss_bytes: int
    initial_window_segments: int
    cold_handshake_round_trips: int
    request_head_bytes: int
    connection: str
    links: tuple[Link, ...]
    devices: tuple[Device, ...]
    packet_header_bytes: int = 52
    sender_congestion_control: str = "cubic"
    http: str = "2"
    idle_seconds: float | None = None

    @property
    def cold(self) -> bool:
        return self.connection == "cold"

    def transport(self) -> tuple[float, float, float]:
        """Payload and header bytes per packet, initial window in packets (QUIC for HTTP/3)."""
        if self.http == "3":
            return float(_QUIC_PACKET - _QUIC_OVERHEAD), float(_QUIC_OVERHEAD + _QUIC_IP_UDP), float(self.initial_window_segments)
        return float(self.mss_bytes), float(self.packet_header_bytes), float(self.initial_window_segments)

    def handshake_round_trips(self) -> int:
        return 1 if self.http == "3" else self.cold_handshake_round_trips

    def request_bytes(self, head_bytes: float, body_bytes: float, encoded: bool) -> float:
        """Head, body and the HTTP version's framing (Swift `HTTPFraming.requestBytes`)."""
        if self.http == "2":
            head = head_bytes if self.cold else compressed_head_bytes(body_bytes, encoded)
            stream = _H2_FRAME_HEADER + head + max(1.0, _ceil(body_bytes / _H2_MAX_FRAME)) * _H2_FRAME_HEADER + body_bytes
            return stream + max(1.0, _ceil(stream / _TLS_RECORD_PLAINTEXT)) * _TLS_RECORD_OVERHEAD
        if self.http == "3":
            head = head_bytes if self.cold else compressed_head_bytes(body_bytes, encoded)
            return 1 + _varint_bytes(int(head) + 2) + 2 + head + 1 + _varint_bytes(int(body_bytes)) + body_bytes
        return head_bytes + body_bytes

    @property
    def initial_window_bytes(self) -> float:
        return float(self.mss_bytes * self.initial_window_segments)

    @classmethod
    def from_json(cls, record: dict) -> "Model":
        """results.json's `model` object; keys older files lack read as today's defaults."""
        return cls(
            mss_bytes=int(record["mss_bytes"]),
            initial_window_segments=int(record["initial_window_segments"]),
            cold_handshake_round_trips=int(record["cold_handshake_round_trips"]),
            request_head_bytes=int(record["request_head_bytes"]),
            connection=record.get("connection", "warm"),
            links=tuple(
                Link(link["name"], float(link["uplink_bits_per_second"]), float(link["rtt_ms"]))
                for link in record.get("links") or []
            ),
            devices=tuple(
                Device(device["name"], float(device["compress_slowdown"]), bool(device.get("modelled", True)))
                for device in record.get("devices") or []
            ),
            packet_header_bytes=int(record.get("packet_header_bytes", 52)),
            sender_congestion_control=record.get("sender_congestion_control", "cubic"),
            http=record.get("http", "2"),
            idle_seconds=record.get("idle_seconds"),
        )

    def device(self, name: str) -> Device | None:
        return next((device for device in self.devices if device.name == name), None)

    def deliver_seconds(self, request_bytes: float, bytes_per_second: float, rtt_seconds: float) -> float:
        """Swift `UploadModel.deliverSeconds(bytes:link:parameters:)`: packet headers, slow start with
        ACK-clocked rounds, a kept-alive BBR sender at the link rate."""
        if bytes_per_second <= 0 or request_bytes <= 0:
            return 0.0
        payload, header, initial_window = self.transport()
        payload = max(1.0, payload)

        def wire(part: float) -> float:
            return (part + _ceil(part / payload) * header) / bytes_per_second

        start = self.start_window_segments(request_bytes, bytes_per_second, rtt_seconds)
        if start is None:
            return wire(request_bytes)
        packet = (payload + header) / bytes_per_second
        per_ack = 1.0 if self.cold else 2.0
        window = payload * max(1.0, start)
        left = request_bytes
        seconds = 0.0
        while left > window:
            seconds += max(rtt_seconds + per_ack * packet, wire(window))
            left -= window
            window *= 2
        return seconds + wire(left)

    def start_window_segments(self, request_bytes: float, bytes_per_second: float, rtt_seconds: float) -> float | None:
        """Swift `UploadModel.startWindowSegments`: the initial window on a new connection, with no
        idle gap and for HTTP/3; none (the link rate) for a kept-alive BBR sender; otherwise the
        window Linux leaves a connection sending this request every `idle_seconds`."""
        payload, header, initial_window = self.transport()
        if self.cold:
            return initial_window
        if self.sender_congestion_control == "bbr":
            return None
        if self.idle_seconds is None or self.http == "3" or bytes_per_second <= 0 or request_bytes <= 0:
            return initial_window
        queue = bytes_per_second * rtt_seconds + 64 * 1500
        return float(steady_start_window(
            request_bytes, max(1.0, payload), header, int(initial_window), bytes_per_second, rtt_seconds, queue,
            self.idle_seconds))

    def echo_deliver_seconds(self, wire_bytes: float, bytes_per_second: float, rtt_seconds: float) -> float:
        """The echo server's emulation (Swift `UploadModel.deliverSeconds(bytes:link:initialWindowBytes:)`):
        flights of the window, doubling each round trip, the last at the rate."""
        window = self.initial_window_bytes
        left = wire_bytes
        seconds = 0.0
        while left > window:
            seconds += max(rtt_seconds, window / bytes_per_second)
            left -= window
            window *= 2
        return seconds + left / bytes_per_second

    def request_seconds(
        self,
        input_bytes: float,
        wire_bytes: float,
        bytes_per_second: float,
        rtt_seconds: float,
        container: str | None = None,
        compress_mbps: float | None = None,
        decompress_mbps: float | None = None,
        slowdown: float = 1.0,
    ) -> float:
        """One request; `container` None means identity (no compress, no decode, no coding line)."""
        head = float(self.request_head_bytes)
        compress = decode = 0.0
        if container is not None:
            head += len(f"Content-Encoding: {_CONTENT_ENCODING[container]}\r\n")
            compress = input_bytes / (compress_mbps * _MB) * slowdown if compress_mbps else 0.0
            decode = input_bytes / (decompress_mbps * _MB) if decompress_mbps else 0.0
        handshake = self.handshake_round_trips() * rtt_seconds if self.cold else 0.0
        request = self.request_bytes(head, wire_bytes, container is not None)
        return compress + handshake + self.deliver_seconds(request, bytes_per_second, rtt_seconds) + rtt_seconds + decode
