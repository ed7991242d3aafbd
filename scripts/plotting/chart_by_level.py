"""Compression speed and ratio by level, one line per backend, two panels side by side.

Each library numbers its levels its own way (zlib 1-9, libdeflate 0-12, zstd 1-22), so the x axis
is each library's own level; the chart answers "what does one more level buy in this library".
"""

from __future__ import annotations

from pathlib import Path

from . import scales, style
from .results import Cell, Results


def plot_by_level(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    return style.per_payload_set(results, results.base_thread_cells, _plot_one, out_dir, formats)


def level_series(cells: list[Cell]) -> dict[str, list[Cell]]:
    """Cells grouped per backend (and container when one backend had several), by level."""
    several = style.backends_with_several_containers(cells)
    series: dict[str, list[Cell]] = {}
    for backend in style.backend_order(cells):
        for cell in sorted((c for c in cells if c.backend == backend), key=lambda c: (c.container, c.level)):
            series.setdefault(style.series_name(cell, several), []).append(cell)
    return series


def _plot_one(
    results: Results, payload_set: tuple[str, str], cells: list[Cell], out_dir: Path, formats: list[str]
) -> list[Path]:
    figure = style.new_figure()
    figure.subplots_adjust(left=0.08, right=0.85, bottom=0.10, wspace=0.25)
    speed_axes, ratio_axes = figure.subplots(1, 2)
    for axes in (speed_axes, ratio_axes):
        style.style_axes(axes)
        scales.level_axis(axes, [c.level for c in cells])
        axes.set_xlabel("Level (each library's own scale)")

    for name, members in level_series(cells).items():
        levels = [c.level for c in members]
        speeds = [c.compress_mbps for c in members]
        # Whiskers from the slowest to the fastest repetition: how far the samples below the headline reach.
        spread = [
            [speed - min(c.compress_samples) for c, speed in zip(members, speeds)],
            [max(c.compress_samples) - speed for c, speed in zip(members, speeds)],
        ]
        line = dict(style.series_look(members[0], cells), markersize=5, linewidth=1.4)
        speed_axes.errorbar(levels, speeds, yerr=spread, capsize=2, elinewidth=0.8, label=name, **line)
        ratio_axes.plot(levels, [c.ratio for c in members], label=name, **line)

    scales.speed_axis(speed_axes, [s for c in cells for s in c.compress_samples], "Compression speed")
    speed_axes.set_title("Speed (fastest sample; whiskers: slowest to fastest run)", fontsize=10, loc="left")
    ratio_axes.set_ylabel("Compression ratio (input / output)")
    ratio_axes.set_title("Ratio", fontsize=10, loc="left")
    style.outside_legend(ratio_axes, title="backend")

    style.set_titles(
        figure,
        f"Compression by level: {style.payload_set_label(results, payload_set)}",
        style.machine_line(results, style.threads_text(cells[0].threads), "MB/s of uncompressed input"),
        panel_titles=True,
    )
    return style.save(figure, out_dir, f"by-level-{style.slug(*payload_set)}", formats)
