"""The upload model recomputed in Python from the parameters results.json carries (`model`), for
the checkers only: scripts/verdict_check.py recomputes the Swift verdict's totals with it and
scripts/link_check.py sets it against the echo server's emulated link. The charts
(scripts/plotting) do not use it: they draw the curves Swift writes into results.json (`charts`).

The Swift `UploadModel` (Sources/Model/Upload/UploadModel.swift) is the reference and
docs/model.md the specification; this module holds no parameter and no constant of its own: the
run's parameters and the formula's constants (`model.framing`: the transport per HTTP version,
the framing's sizes, the Content-Encoding of each container; Swift `HTTPFraming` is their home)
come from results.json. Per request:

    total = C + handshake + deliver(W) + RTT + D
    C = s / c * device slowdown, D = s / d       (0 for identity)
    W = request head + w (+ "Content-Encoding: token\\r\\n" when compressed), framed per `http`
    deliver(W): packets of mss_bytes payload + packet_header_bytes on the link, slow start from
      the initial window (a kept-alive connection with `idle_seconds`: from the window Linux
      leaves after that gap, scripts/kernel_sender.py), each round max(RTT + 1 or 2 packet times,
      the window's serialisation); a kept-alive BBR sender sends everything at the link rate
      (docs/model.md)

A CLI test recomputes the run's `verdict` rows with this module (verdict_check.py) and compares
them with Swift's; PlotModelScriptTests pins it to the Swift model's hand-computed cases, and
FormulaAgreementTests Swift, report.html's model.js and this module to each other on one grid.
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


@dataclass(frozen=True)
class Device:
    name: str
    compress_slowdown: float
    modelled: bool


def _ceil(value: float) -> float:
    return float(-((-value) // 1))


def _varint_bytes(value: int, limits: list[int]) -> int:
    """Bytes of a QUIC variable-length integer: 1, 2 or 4 below each limit, else 8."""
    below = next((index for index, limit in enumerate(limits) if value < limit), len(limits))
    return 2**below


def compressed_head_bytes(body_bytes: float, encoded: bool, repeated_fields: int) -> int:
    """HPACK size of a kept-alive request head (Swift `HTTPFraming.compressedHeadBytes`): the
    repeated fields indexed, content-length as a literal (name index and length, 2 bytes) with
    Huffman-coded digits (5 bits for 0, 1 and 2, 6 for the others)."""
    digits = str(int(_round_half_up(body_bytes)))
    bits = sum(5 if d in "012" else 6 for d in digits)
    return repeated_fields + (1 if encoded else 0) + 2 + (bits + 7) // 8


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
    packet_header_bytes: int
    sender_congestion_control: str
    http: str
    # results.json's `model.framing`: the formula's constants (Swift `HTTPFraming.table`).
    framing: dict
    idle_seconds: float | None = None
    # results.json's `model.sender`: the constants of the sender played after an idle gap and the
    # model's queue (Swift `SenderConstants`); needed only with `idle_seconds`.
    sender: dict | None = None

    @property
    def cold(self) -> bool:
        return self.connection == "cold"

    def transport(self) -> tuple[float, float, float]:
        """Payload and header bytes per packet, initial window in packets, under the model's HTTP version."""
        transport = self.framing["transport"][self.http]
        return (
            float(transport["payload_bytes_per_packet"]),
            float(transport["header_bytes_per_packet"]),
            float(transport["initial_window_packets"]),
        )

    def handshake_round_trips(self) -> int:
        return int(self.framing["transport"][self.http]["handshake_round_trips"])

    def content_encoding(self, container: str) -> str:
        """The `Content-Encoding` token a container is sent with (raw DEFLATE as `deflate`)."""
        return self.framing["content_encodings"][container]

    def request_bytes(self, head_bytes: float, body_bytes: float, encoded: bool) -> float:
        """Head, body and the HTTP version's framing (Swift `HTTPFraming.requestBytes`)."""
        f = self.framing
        if self.http == "2":
            head = head_bytes if self.cold else compressed_head_bytes(body_bytes, encoded, f["hpack_repeated_fields"])
            frames = max(1.0, _ceil(body_bytes / f["http2_max_frame_payload_bytes"]))
            stream = f["http2_frame_header_bytes"] + head + frames * f["http2_frame_header_bytes"] + body_bytes
            return stream + max(1.0, _ceil(stream / f["tls_record_plaintext_bytes"])) * f["tls_record_overhead_bytes"]
        if self.http == "3":
            head = head_bytes if self.cold else compressed_head_bytes(body_bytes, encoded, f["hpack_repeated_fields"])
            limits = f["quic_varint_limits"]
            return 1 + _varint_bytes(int(head) + 2, limits) + 2 + head + 1 + _varint_bytes(int(body_bytes), limits) + body_bytes
        return head_bytes + body_bytes

    @property
    def initial_window_bytes(self) -> float:
        return float(self.mss_bytes * self.initial_window_segments)

    @classmethod
    def from_json(cls, record: dict) -> "Model":
        """results.json's `model` object. A file written before it carried the formula's constants
        (`framing`) is refused: deflate-bench merge writes it again with them."""
        if "framing" not in record:
            raise ValueError(
                "results.json's model has no framing (written before results.json carried the formula's constants): "
                "rerun, or rewrite it with deflate-bench merge"
            )
        return cls(
            mss_bytes=int(record["mss_bytes"]),
            initial_window_segments=int(record["initial_window_segments"]),
            cold_handshake_round_trips=int(record["cold_handshake_round_trips"]),
            request_head_bytes=int(record["request_head_bytes"]),
            connection=record["connection"],
            links=tuple(
                Link(link["name"], float(link["uplink_bits_per_second"]), float(link["rtt_ms"]))
                for link in record.get("links") or []
            ),
            devices=tuple(
                Device(device["name"], float(device["compress_slowdown"]), bool(device.get("modelled", True)))
                for device in record.get("devices") or []
            ),
            packet_header_bytes=int(record["packet_header_bytes"]),
            sender_congestion_control=record["sender_congestion_control"],
            http=record["http"],
            framing=record["framing"],
            idle_seconds=record.get("idle_seconds"),
            sender=record.get("sender"),
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
        if self.sender is None:
            raise ValueError(
                "results.json's model has idle_seconds but no sender (written before results.json carried the "
                "sender's constants): rerun, or rewrite it with deflate-bench merge"
            )
        s = self.sender
        queue = bytes_per_second * rtt_seconds + s["queue_packets"] * s["queue_packet_bytes"]
        return float(steady_start_window(
            request_bytes, max(1.0, payload), header, int(initial_window), bytes_per_second, rtt_seconds, queue,
            self.idle_seconds, s))

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
            head += len(f"Content-Encoding: {self.content_encoding(container)}\r\n")
            compress = input_bytes / (compress_mbps * _MB) * slowdown if compress_mbps else 0.0
            decode = input_bytes / (decompress_mbps * _MB) if decompress_mbps else 0.0
        handshake = self.handshake_round_trips() * rtt_seconds if self.cold else 0.0
        request = self.request_bytes(head, wire_bytes, container is not None)
        return compress + handshake + self.deliver_seconds(request, bytes_per_second, rtt_seconds) + rtt_seconds + decode
