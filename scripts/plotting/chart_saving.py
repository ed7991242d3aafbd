"""Time saved per request against the uplink rate (100 kbit/s to 100 Mbit/s), for zlib 6 and the
settings the verdict recommends, with the model's links marked at their own rate and round trip.

Drawn from results.json alone: the curves evaluate the run's `model` parameters (see `model`),
the picks are the run's `verdict` rows. Error bars at the links span the cell's slowest and
fastest compress samples, drawn where the cell is noisy (CV above 5 %).
"""

from __future__ import annotations

import statistics
from pathlib import Path

from . import style
from .model import Model
from .results import Cell, Results

_LOW_BITS, _HIGH_BITS = 1e5, 1e8
_NOISY_CV = 0.05
_LINE_STYLES = ["-", (0, (6, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2)), (0, (3, 1))]


def plot_saving(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    model = results.model
    if model is None or not model.links:
        return []
    written: list[Path] = []
    for payload_set in results.payload_sets():
        cells = [c for c in results.base_thread_cells(payload_set) if c.decompress_mbps and c.verified]
        chosen = _chosen(results, payload_set, cells)
        if chosen:
            written += _plot_one(results, model, payload_set, chosen, out_dir, formats)
    return written


def _chosen(results: Results, payload_set: tuple[str, str], cells: list[Cell]) -> list[tuple[Cell, str]]:
    """zlib 6, then every setting the verdict picks for this payload set on any link (device `this`)."""
    picks: list[tuple[Cell, str]] = []

    def add(cell: Cell | None, why: str) -> None:
        if cell is not None and all(cell is not other for other, _ in picks):
            picks.append((cell, why))

    add(next((c for c in cells if c.backend == "zlib" and c.level == 6), None), "zlib 6")
    for row in results.verdict:
        if row.payload_set != payload_set or row.device != "this":
            continue
        if row.gzip is not None:
            add(next((c for c in cells if (c.backend, c.level) == row.gzip and c.container == "gzip"), None), "gzip pick")
        if row.best is not None:
            add(next((c for c in cells if (c.backend, c.container, c.level) == row.best), None), "best pick")
    return picks


def rates_for() -> list[float]:
    """The uplink rates the curves are evaluated at: 100 kbit/s to 100 Mbit/s, log-spaced."""
    return [_LOW_BITS * (_HIGH_BITS / _LOW_BITS) ** (i / 240) for i in range(241)]


def _saving_ms(model: Model, cell: Cell, bits: float, rtt_s: float, compress_mbps: float | None = None) -> float:
    payload = cell.input_bytes / cell.payloads
    identity = model.identity_seconds(payload, bits / 8, rtt_s)
    compressed = model.request_seconds(
        payload,
        cell.output_bytes / cell.payloads,
        bits / 8,
        rtt_s,
        cell.container,
        compress_mbps or cell.compress_mbps,
        cell.decompress_mbps,
    )
    return (identity - compressed) * 1000


def _reference_rtt(model: Model) -> float:
    """The round trip held along the curves: lte's when modelled, else the median link's."""
    lte = next((link for link in model.links if link.name == "lte"), None)
    if lte is not None:
        return lte.rtt_ms
    return statistics.median(link.rtt_ms for link in model.links)


def _plot_one(results, model: Model, payload_set, chosen, out_dir: Path, formats: list[str]) -> list[Path]:
    figure = style.new_figure()
    figure.subplots_adjust(left=0.09, right=0.72, bottom=0.10, hspace=0.08)
    axes, below = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    style.style_axes(axes)
    style.style_axes(below)
    reference = next((cell for cell, why in chosen if why == "zlib 6"), chosen[0][0])
    reference_curve = [_saving_ms(model, reference, bits, _reference_rtt(model) / 1000) for bits in rates_for()]
    rtt_ms = _reference_rtt(model)
    rates = rates_for()
    several = style.backends_with_several_containers([cell for cell, _ in chosen])
    uses: dict[str, int] = {}
    values: list[float] = [0.0]
    for cell, why in chosen:
        look = style.backend_style(cell.backend)
        use = uses.get(cell.backend, 0)
        uses[cell.backend] = use + 1
        curve = [_saving_ms(model, cell, bits, rtt_ms / 1000) for bits in rates]
        values += curve
        label = f"{style.series_name(cell, several)} level {cell.level} ({why})\nratio {cell.ratio:.2f}"
        linewidth = 2.2 if why == "zlib 6" else 1.6
        axes.plot(rates, curve, color=look.color, linewidth=linewidth, linestyle=_LINE_STYLES[use % 5], label=label)
        below.plot(
            rates,
            [value - base for value, base in zip(curve, reference_curve)],
            color=look.color,
            linewidth=linewidth,
            linestyle=_LINE_STYLES[use % 5],
        )
        # Each link at its own rate and round trip: the verdict's numbers.
        samples = sorted(cell.compress_samples)
        noisy = len(samples) > 1 and statistics.pstdev(samples) / statistics.mean(samples) > _NOISY_CV
        for link in model.links:
            saving = _saving_ms(model, cell, link.uplink_bits_per_second, link.rtt_ms / 1000)
            values.append(saving)
            if noisy:
                slow = _saving_ms(model, cell, link.uplink_bits_per_second, link.rtt_ms / 1000, samples[0])
                fast = _saving_ms(model, cell, link.uplink_bits_per_second, link.rtt_ms / 1000, samples[-1])
                axes.errorbar(
                    [link.uplink_bits_per_second],
                    [saving],
                    yerr=[[max(0.0, saving - slow)], [max(0.0, fast - saving)]],
                    color=look.color,
                    capsize=3,
                    linewidth=1,
                )
            axes.plot(
                [link.uplink_bits_per_second],
                [saving],
                marker=look.marker,
                markersize=7,
                color=look.color,
                markeredgecolor="#111111",
                linestyle="none",
                zorder=4,
            )
    axes.axhline(0, color="#111111", linewidth=1.2)
    below.axhline(0, color="#111111", linewidth=0.8)
    below.set_ylabel(f"vs {style.series_name(reference, set())} {reference.level} (ms)")
    axes.set_xscale("log")
    axes.set_xlim(_LOW_BITS, _HIGH_BITS)
    low, high = min(values), max(values)
    pad = (high - low) * 0.08 or 1.0
    axes.set_ylim(low - pad, high + pad * 3)
    transform = axes.get_xaxis_transform()
    for link in model.links:
        below.axvline(link.uplink_bits_per_second, color="#999999", linewidth=0.9, linestyle=":", zorder=1)
        axes.axvline(link.uplink_bits_per_second, color="#999999", linewidth=0.9, linestyle=":", zorder=1)
        axes.text(
            link.uplink_bits_per_second,
            0.985,
            f" {link.name} ({link.rtt_ms:g} ms)",
            transform=transform,
            rotation=90,
            ha="right",
            va="top",
            fontsize=8,
            color="#555555",
        )
    from matplotlib.ticker import FuncFormatter

    below.xaxis.set_major_formatter(FuncFormatter(lambda value, _pos: style.format_rate_bits(value) if value > 0 else ""))
    below.set_xlabel("Uplink rate (log scale)")
    axes.set_ylabel("Time saved per request (ms)")
    style.outside_legend(axes, title="markers: model links", labelspacing=0.9)
    mean = style.format_bytes(chosen[0][0].input_bytes / chosen[0][0].payloads)
    style.set_titles(
        figure,
        f"Time saved vs uplink (model): {style.payload_set_label(results, payload_set)}",
        style.machine_line(
            results,
            f"one {mean} request, {model.connection} connection, curves at {rtt_ms:g} ms RTT",
            "slow start, handshakes and response round trip included",
        ),
    )
    return style.save(figure, out_dir, f"time-saved-{style.slug(*payload_set)}", formats)

