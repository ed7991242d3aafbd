"""Ratio against compression speed, one chart per payload set, with the Pareto frontier.

The chart people remember from the Squash benchmark: up is smaller, right is faster, and the
frontier shows which settings are worth considering at all. The frontier is the one the report
marks, read from results.json (`charts.pareto`): a setting whose output is not smaller than its
input is never on it.
"""

from __future__ import annotations

from pathlib import Path

from . import scales, style
from .labels import Label, LabelPlacer
from .results import Cell, Results


def plot_ratio_speed(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    return style.per_payload_set(results, results.base_thread_cells, _plot_one, out_dir, formats)


def _plot_one(
    results: Results, payload_set: tuple[str, str], cells: list[Cell], out_dir: Path, formats: list[str]
) -> list[Path]:
    figure, axes = style.one_panel_figure()
    several = style.backends_with_several_containers(cells)

    series: dict[str, list[Cell]] = {}
    for backend in style.backend_order(cells):
        for cell in sorted((c for c in cells if c.backend == backend), key=lambda c: (c.container, c.level)):
            series.setdefault(style.series_name(cell, several), []).append(cell)
    for name, members in series.items():
        # The thin line joins levels in order, so a reader can follow one backend's levels.
        axes.plot(
            [c.compress_mbps for c in members],
            [c.ratio for c in members],
            **style.series_look(members[0], cells),
            markersize=6,
            linewidth=0.8,
            alpha=0.85,
            label=name,
            zorder=3,
        )

    frontier = results.pareto_cells(cells)
    marked = frontier is not None
    frontier = frontier or []
    axes.plot(
        [c.compress_mbps for c in frontier],
        [c.ratio for c in frontier],
        color="#222222",
        linestyle=(0, (4, 3)),
        linewidth=1.3,
        label="Pareto frontier" if frontier else None,
        zorder=2,
    )
    axes.scatter(
        [c.compress_mbps for c in frontier],
        [c.ratio for c in frontier],
        s=130,
        facecolors="none",
        edgecolors="#222222",
        linewidths=0.9,
        zorder=2,
    )

    axes.set_xscale("log")
    axes.set_xlim(*scales.log_limits([c.compress_mbps for c in cells], pad=0.06))
    axes.set_ylim(*scales.linear_limits([c.ratio for c in cells], pad=0.07))
    scales.plain_log_axis(axes.xaxis)
    axes.set_xlabel("Compression speed (MB/s of input, fastest sample; log scale)")
    axes.set_ylabel("Compression ratio (input / output)")
    style.outside_legend(axes, title="backend")

    corpus_label = style.payload_set_label(results, payload_set)
    container = ", ".join(sorted({c.container for c in cells}))
    style.set_titles(
        figure,
        f"Ratio vs compression speed: {corpus_label}",
        style.machine_line(
            results,
            style.threads_text(cells[0].threads),
            f"containers: {container}",
            "numbers are levels; ringed: Pareto-optimal"
            if marked
            else "numbers are levels; no Pareto frontier (results.json predates `charts`: merge it again)",
        ),
    )
    _label_levels(axes, cells, frontier)
    return style.save(figure, out_dir, f"ratio-vs-speed-{style.slug(*payload_set)}", formats)


def _label_levels(axes, cells: list[Cell], frontier: list[Cell]) -> None:
    placer = LabelPlacer(axes)
    placer.block_points([(c.compress_mbps, c.ratio) for c in cells])
    # The rings around Pareto-optimal cells are wider than the markers.
    placer.block_points([(c.compress_mbps, c.ratio) for c in frontier], radius_px=7.5)
    on_frontier = {id(c) for c in frontier}

    def priority(cell: Cell) -> tuple[int, float]:
        # Frontier cells are the ones a reader acts on; then the ends of each backend's range.
        same_backend = [c.level for c in cells if c.backend == cell.backend and c.container == cell.container]
        is_end = cell.level in (min(same_backend), max(same_backend))
        return (0 if id(cell) in on_frontier else 1 if is_end else 2, -cell.ratio)

    labels = [
        Label(c.compress_mbps, c.ratio, str(c.level), style.backend_style(c.backend).color)
        for c in sorted(cells, key=priority)
    ]
    placer.place(labels, fontsize=8)
