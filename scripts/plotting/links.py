"""The upload model of issue 5 and the uplink presets it is drawn against.

Modelled time to send one payload set over an uplink of R bytes/s:

    compressed = input / compress speed + output / R + input / decompress speed + RTT x requests
    identity   = input / R + RTT x requests

Both need only a cell's sizes and median speeds, so the chart can always be drawn. Compressing
pays while compressed < identity, i.e. below the break-even rate

    R* = (input - output) / (input / compress speed + input / decompress speed)

which does not depend on the RTT: the round trips are the same with or without compression.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # results.py reads presets from results.json, so it imports this module
    from .results import Cell, Results

# MB in results.json is 10^6 bytes.
_MB = 1e6


@dataclass(frozen=True)
class LinkPreset:
    name: str
    uplink_bits_per_second: float
    rtt_ms: float

    @property
    def uplink_bytes_per_second(self) -> float:
        return self.uplink_bits_per_second / 8


# A copy of `LinkPreset.catalog` in Sources/Upload/Model/LinkPreset+Catalog.swift, the source of
# truth (with where each figure comes from). KEEP IN SYNC; it is the only copy in the scripts.
# A results.json that carries its own `links` list overrides it (see `presets_for`).
LINK_PRESETS = [
    LinkPreset("3g", 400_000, 400),
    LinkPreset("fast-3g", 675_000, 150),
    LinkPreset("lte", 5_000_000, 60),
    LinkPreset("cable", 12_000_000, 25),
    LinkPreset("5g", 20_000_000, 30),
    LinkPreset("wifi", 22_600_000, 14),
    LinkPreset("fiber", 100_000_000, 10),
]

# The link the upload chart picks the best setting of each content coding for: a typical mobile
# uplink, where most upload traffic that benefits from compression is.
REFERENCE_LINK = "lte"


def presets_for(results: Results) -> list[LinkPreset]:
    """The run's own link list when results.json carries one, else the built-in copy; slowest first."""
    return sorted(results.links or LINK_PRESETS, key=lambda preset: preset.uplink_bits_per_second)


def preset_named(name: str, presets: list[LinkPreset]) -> LinkPreset | None:
    return next((preset for preset in presets if preset.name.lower() == name.lower()), None)


def processing_seconds(cell: Cell) -> float | None:
    """Compress plus server-side decompress time for the whole payload set, or None without
    a decompression measurement (then the model cannot be drawn for the cell)."""
    decompress = cell.decompress_mbps
    if not decompress or cell.compress_mbps <= 0:
        return None
    return cell.input_bytes / (cell.compress_mbps * _MB) + cell.input_bytes / (decompress * _MB)


def compressed_seconds(cell: Cell, bytes_per_second: float, rtt_ms: float = 0.0) -> float | None:
    processing = processing_seconds(cell)
    if processing is None:
        return None
    return processing + cell.output_bytes / bytes_per_second + rtt_ms / 1000 * cell.payloads


def identity_seconds(cell: Cell, bytes_per_second: float, rtt_ms: float = 0.0) -> float:
    return cell.input_bytes / bytes_per_second + rtt_ms / 1000 * cell.payloads


def break_even_bytes_per_second(cell: Cell) -> float | None:
    """The uplink rate above which this setting stops paying, or None when it never pays."""
    processing = processing_seconds(cell)
    saving = cell.input_bytes - cell.output_bytes
    if processing is None or processing <= 0 or saving <= 0:
        return None
    return saving / processing
