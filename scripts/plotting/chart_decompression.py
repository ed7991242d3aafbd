"""Decompression speed per backend and level: the server's cost of accepting compressed uploads."""

from __future__ import annotations

from pathlib import Path

from . import scales, style
from .chart_by_level import level_series
from .results import Cell, Results


def plot_decompression(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    def decoded(payload_set: tuple[str, str]) -> list[Cell]:
        return [c for c in results.base_thread_cells(payload_set) if c.decompress_samples]

    return style.per_payload_set(results, decoded, _plot_one, out_dir, formats)


def _plot_one(
    results: Results, payload_set: tuple[str, str], cells: list[Cell], out_dir: Path, formats: list[str]
) -> list[Path]:
    figure, axes = style.one_panel_figure()

    for name, members in level_series(cells).items():
        speeds = [c.decompress_mbps or 0.0 for c in members]
        spread = [
            [speed - min(c.decompress_samples) for c, speed in zip(members, speeds)],
            [max(c.decompress_samples) - speed for c, speed in zip(members, speeds)],
        ]
        axes.errorbar(
            [c.level for c in members],
            speeds,
            yerr=spread,
            capsize=2,
            elinewidth=0.8,
            **style.series_look(members[0], cells),
            markersize=5,
            linewidth=1.4,
            label=name,
        )

    scales.speed_axis(axes, [s for c in cells for s in c.decompress_samples], "Decompression speed, of output")
    scales.level_axis(axes, [c.level for c in cells])
    axes.set_xlabel("Compression level the data was written with (each library's own scale)")
    style.outside_legend(axes, title="backend")
    style.set_titles(
        figure,
        f"Decompression speed: {style.payload_set_label(results, payload_set)}",
        style.machine_line(
            results,
            "the server's cost of accepting compressed uploads",
            style.threads_text(cells[0].threads),
            "fastest sample; whiskers: slowest to fastest run",
        ),
    )
    return style.save(figure, out_dir, f"decompression-{style.slug(*payload_set)}", formats)
