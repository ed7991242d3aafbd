"""Time saved per request against the uplink rate (100 kbit/s to 100 Mbit/s), for zlib 6 and the
settings the verdict recommends, with the model's links marked at their own rate and round trip.

Draws results.json's `charts.uplink` (Swift `UplinkCurve`): Swift evaluates the upload model (each
body at its own size, the run's compressor, the answer's device) and writes the curves; nothing
here recomputes them. The error bars at the links span the 95 % interval of each saving (from the
speeds' intervals, as the verdict decides).
"""

from __future__ import annotations

from pathlib import Path

from . import style
from .results import Results, UplinkCurve

_LINE_STYLES = ["-", (0, (6, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2)), (0, (3, 1))]


def plot_saving(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    if results.model is None or results.charts is None:
        return []
    written: list[Path] = []
    for curve in results.charts.uplink:
        series = [
            (one, cell)
            for one in curve.series
            if (cell := results.cell((curve.corpus, curve.split), one.backend, one.container, one.level, one.dictionary))
        ]
        if series:
            written += _plot_one(results, curve, series, out_dir, formats)
    return written


def _plot_one(results: Results, curve: UplinkCurve, series, out_dir: Path, formats: list[str]) -> list[Path]:
    figure = style.new_figure()
    figure.subplots_adjust(left=0.09, right=0.72, bottom=0.10, hspace=0.08)
    axes, below = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    style.style_axes(axes)
    style.style_axes(below)
    rates = list(curve.rates_bits_per_second)
    reference, reference_cell = next(((one, cell) for one, cell in series if one.role == "zlib 6"), series[0])
    several = style.backends_with_several_containers([cell for _, cell in series])
    uses: dict[str, int] = {}
    values: list[float] = [0.0]
    for one, cell in series:
        look = style.backend_style(one.backend)
        use = uses.get(one.backend, 0)
        uses[one.backend] = use + 1
        values += one.saving_ms
        label = f"{style.series_name(cell, several)} level {one.level} ({one.role})\nratio {one.ratio:.2f}"
        linewidth = 2.2 if one.role == "zlib 6" else 1.6
        linestyle = _LINE_STYLES[use % len(_LINE_STYLES)]
        axes.plot(rates, one.saving_ms, color=look.color, linewidth=linewidth, linestyle=linestyle, label=label)
        below.plot(
            rates,
            [value - base for value, base in zip(one.saving_ms, reference.saving_ms)],
            color=look.color,
            linewidth=linewidth,
            linestyle=linestyle,
        )
        # Each link at its own rate and round trip: the verdict's numbers and their intervals.
        for point in one.links:
            values += [point.low_ms, point.high_ms]
            axes.errorbar(
                [point.uplink_bits_per_second],
                [point.saving_ms],
                yerr=[[max(0.0, point.saving_ms - point.low_ms)], [max(0.0, point.high_ms - point.saving_ms)]],
                color=look.color,
                capsize=3,
                linewidth=1,
            )
            axes.plot(
                [point.uplink_bits_per_second],
                [point.saving_ms],
                marker=look.marker,
                markersize=7,
                color=look.color,
                markeredgecolor="#111111",
                linestyle="none",
                zorder=4,
            )
    axes.axhline(0, color="#111111", linewidth=1.2)
    below.axhline(0, color="#111111", linewidth=0.8)
    below.set_ylabel(f"vs {style.series_name(reference_cell, set())} {reference.level} (ms)")
    axes.set_xscale("log")
    axes.set_xlim(rates[0], rates[-1])
    low, high = min(values), max(values)
    pad = (high - low) * 0.08 or 1.0
    axes.set_ylim(low - pad, high + pad * 3)
    transform = axes.get_xaxis_transform()
    for link in results.model.links:
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
    style.outside_legend(axes, title="markers: model links (95 % interval)", labelspacing=0.9)
    payload_set = (curve.corpus, curve.split)
    style.set_titles(
        figure,
        f"Time saved vs uplink (model): {style.payload_set_label(results, payload_set)}",
        style.machine_line(
            results,
            f"mean body {style.format_bytes(curve.payload_bytes)}, {results.model.connection} connection, "
            f"device {results.charts.device}, curves at {curve.rtt_ms:g} ms RTT",
            "slow start, handshakes and response round trip included",
        ),
    )
    return style.save(figure, out_dir, f"time-saved-{style.slug(*payload_set)}", formats)
