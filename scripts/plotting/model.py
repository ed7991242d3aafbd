"""The upload model, evaluated only from the parameters results.json carries (`model`).

The Swift `UploadModel` (Sources/Upload/Model/UploadModel.swift) is the reference and the README's
model section the specification; this module holds no parameter of its own. Per request:

    total = C + handshake + deliver(W) + RTT + D
    C = s / c * device slowdown, D = s / d       (0 for identity)
    W = request head + w (+ "Content-Encoding: token\\r\\n" when compressed)

A CLI test recomputes the run's `verdict` rows with this module and compares them with Swift's.
"""

from __future__ import annotations

from dataclasses import dataclass

# MB in results.json is 10^6 bytes.
_MB = 1e6

# The HTTP coding each container is sent with (Swift `UploadModel.contentEncoding`); raw DEFLATE
# goes out as `deflate`. Checked against Swift by the CLI test that compares verdict rows.
_CONTENT_ENCODING = {"gzip": "gzip", "zlib": "deflate", "raw": "deflate", "zstd": "zstd", "br": "br"}


@dataclass(frozen=True)
class Link:
    name: str
    uplink_bits_per_second: float
    rtt_ms: float

    @property
    def bytes_per_second(self) -> float:
        return self.uplink_bits_per_second / 8


@dataclass(frozen=True)
class Device:
    name: str
    compress_slowdown: float
    modelled: bool


@dataclass(frozen=True)
class Model:
    mss_bytes: int
    initial_window_segments: int
    cold_handshake_round_trips: int
    request_head_bytes: int
    time_tolerance: float
    connection: str
    links: tuple[Link, ...]
    devices: tuple[Device, ...]

    @property
    def initial_window_bytes(self) -> float:
        return float(self.mss_bytes * self.initial_window_segments)

    def device(self, name: str) -> Device | None:
        return next((device for device in self.devices if device.name == name), None)

    def deliver_seconds(self, wire_bytes: float, bytes_per_second: float, rtt_seconds: float) -> float:
        """Slow start: flights of the window, doubling each round trip, the last at the rate."""
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
        handshake = self.cold_handshake_round_trips * rtt_seconds if self.connection == "cold" else 0.0
        return compress + handshake + self.deliver_seconds(head + wire_bytes, bytes_per_second, rtt_seconds) + rtt_seconds + decode

    def cell_seconds(self, cell, bytes_per_second: float, rtt_seconds: float, slowdown: float = 1.0) -> float:
        """A cell's mean request (set bytes / payloads) with its median speeds."""
        return self.request_seconds(
            cell.input_bytes / cell.payloads,
            cell.output_bytes / cell.payloads,
            bytes_per_second,
            rtt_seconds,
            cell.container,
            cell.compress_mbps,
            cell.decompress_mbps,
            slowdown,
        )

    def identity_seconds(self, payload_bytes: float, bytes_per_second: float, rtt_seconds: float) -> float:
        return self.request_seconds(payload_bytes, payload_bytes, bytes_per_second, rtt_seconds)


@dataclass(frozen=True)
class VerdictRow:
    """The parts of a Swift `VerdictRow` the charts draw."""

    corpus: str
    split: str
    link: str
    device: str
    compress: bool
    payload_bytes: float
    identity_ms: float
    saving_ms: float
    best: tuple[str, str, int] | None  # backend, container, level
    gzip: tuple[str, int] | None  # backend, level

    @property
    def payload_set(self) -> tuple[str, str]:
        return (self.corpus, self.split)
