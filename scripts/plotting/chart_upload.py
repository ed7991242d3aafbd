"""Modelled upload time against uplink bandwidth for the best few settings and for sending the
payloads uncompressed, with break-even points and the link presets marked.

Drawn from every results file: the model needs only sizes and median speeds (see `links`).
Times are per request (the mean payload), the size of one upload a client makes.
"""

from __future__ import annotations

import math
from pathlib import Path

from . import links, scales, style
from .results import Cell, Results

_MAX_SETTINGS = 5
_LINE_STYLES = ["-", (0, (6, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2))]


def plot_upload(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    written: list[Path] = []
    for payload_set in results.payload_sets():
        cells = [c for c in results.base_thread_cells(payload_set) if links.processing_seconds(c) is not None]
        presets = links.presets_for(results)
        chosen = choose_settings(cells, presets)
        if chosen:
            written += _plot_one(results, payload_set, chosen, presets, out_dir, formats)
    return written


def choose_settings(cells: list[Cell], presets: list[links.LinkPreset]) -> list[Cell]:
    """The best few settings: for each content coding (gzip, zstd, br, ...) the fastest on the
    reference link, since a server may accept only some codings; then the fastest on the slowest
    and on the fastest preset link. Only settings that pay on some link are considered."""
    paying = [c for c in cells if links.break_even_bytes_per_second(c) is not None]
    chosen: list[Cell] = []

    def fastest_on(preset: links.LinkPreset, among: list[Cell]) -> None:
        rate = preset.uplink_bytes_per_second
        best = min(among, key=lambda c: links.compressed_seconds(c, rate) or math.inf, default=None)
        if best is not None and all(best is not other for other in chosen) and len(chosen) < _MAX_SETTINGS:
            chosen.append(best)

    reference = links.preset_named(links.REFERENCE_LINK, presets) or presets[len(presets) // 2]
    for container in sorted({c.container for c in paying}):
        fastest_on(reference, [c for c in paying if c.container == container])
    for preset in (presets[0], presets[-1]):
        fastest_on(preset, paying)
    return sorted(chosen, key=lambda c: -c.ratio)


def _plot_one(
    results: Results,
    payload_set: tuple[str, str],
    chosen: list[Cell],
    presets: list[links.LinkPreset],
    out_dir: Path,
    formats: list[str],
) -> list[Path]:
    figure = style.new_figure()
    figure.subplots_adjust(left=0.08, right=0.74, bottom=0.10)
    axes = figure.add_subplot()
    style.style_axes(axes)

    break_evens = [links.break_even_bytes_per_second(c) or 0 for c in chosen]
    preset_bits = [p.uplink_bits_per_second for p in presets]
    low_bits = 10 ** math.floor(math.log10(min(preset_bits) / 2))
    high_bits = 10 ** math.ceil(math.log10(max(preset_bits + [b * 8 for b in break_evens]) * 2))
    rates_bits = [low_bits * (high_bits / low_bits) ** (i / 200) for i in range(201)]

    def per_request_ms(seconds: float, cell: Cell) -> float:
        return seconds * 1000 / cell.payloads

    reference = chosen[0]
    identity = [per_request_ms(links.identity_seconds(reference, r / 8), reference) for r in rates_bits]
    axes.plot(rates_bits, identity, color="#111111", linewidth=2.0, linestyle=(0, (5, 2)), label="no compression")

    several = style.backends_with_several_containers(chosen)
    backend_uses: dict[str, int] = {}
    all_times = list(identity)
    for cell, break_even in zip(chosen, break_evens):
        look = style.backend_style(cell.backend)
        use = backend_uses.get(cell.backend, 0)
        backend_uses[cell.backend] = use + 1
        times = [per_request_ms(links.compressed_seconds(cell, r / 8) or math.nan, cell) for r in rates_bits]
        all_times += times
        label = (
            f"{style.series_name(cell, several)} level {cell.level}\n"
            f"ratio {cell.ratio:.2f} · pays below {style.format_rate_bits(break_even * 8)}"
        )
        axes.plot(rates_bits, times, color=look.color, linewidth=1.6, linestyle=_LINE_STYLES[use % 4], label=label)
        # The break-even point: where this line crosses "no compression".
        crossing = per_request_ms(links.identity_seconds(cell, break_even), cell)
        axes.plot(
            [break_even * 8],
            [crossing],
            marker=look.marker,
            markersize=8,
            color=look.color,
            markeredgecolor="#111111",
            linestyle="none",
            zorder=4,
        )

    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low_bits, high_bits)
    low_ms, high_ms = min(all_times), max(all_times)
    # Headroom above the curves for the link names, so they never sit on a line.
    axes.set_ylim(low_ms / 1.6, high_ms * (high_ms / low_ms) ** 0.2)
    _draw_presets(axes, presets)
    axes.xaxis.set_major_formatter(_bits_formatter())
    scales.duration_axis(axes.yaxis)
    axes.set_xlabel("Uplink bandwidth (log scale)")
    axes.set_ylabel("Time per request (log scale)")
    style.outside_legend(axes, title="marker: break-even", labelspacing=0.9)

    mean = style.format_bytes(reference.input_bytes / reference.payloads)
    style.set_titles(
        figure,
        f"Upload time vs bandwidth (model): {style.payload_set_label(results, payload_set)}",
        style.machine_line(
            results,
            f"time for one {mean} request: compress + send + server decompress",
            "round trips excluded (equal with or without compression)",
        ),
    )
    return style.save(figure, out_dir, f"upload-time-{style.slug(*payload_set)}", formats)


def _draw_presets(axes, presets: list[links.LinkPreset]) -> None:
    """A dotted line per preset link, named at the top. Links closer than a label's height share
    one label ("5g · wifi"), so names never print over each other."""
    transform = axes.get_xaxis_transform()  # x in data, y in axes fraction
    groups: list[list[links.LinkPreset]] = []
    last_px = -math.inf
    for preset in presets:  # slowest first
        x = preset.uplink_bits_per_second
        axes.axvline(x, color="#999999", linewidth=0.9, linestyle=":", zorder=1)
        px = axes.transData.transform((x, 1))[0]
        if groups and px - last_px < 14:
            groups[-1].append(preset)
        else:
            groups.append([preset])
            last_px = px
    for group in groups:
        if len(group) == 1:
            text = f"{group[0].name} {style.format_rate_bits(group[0].uplink_bits_per_second)}"
        else:
            text = " · ".join(preset.name for preset in group)
        # Just left of the (first) line, so the dotted line does not run through the text.
        x = group[0].uplink_bits_per_second
        axes.text(
            x, 0.985, f" {text}", transform=transform, rotation=90, ha="right", va="top", fontsize=8, color="#555555"
        )


def _bits_formatter():
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _pos: style.format_rate_bits(value) if value > 0 else "")
