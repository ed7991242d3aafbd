"""Thread scaling, for payload sets measured at more than one thread count.

Left: aggregate compression speed against threads for one level per backend, beside ideal
scaling. Right: scaling efficiency at the highest thread count for every level, because with
only one or two thread counts (a 2-core machine) the left panel alone says little.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.ticker import MaxNLocator

from . import scales, style
from .chart_by_level import level_series
from .labels import RIGHT_OF_POINT, Label, LabelPlacer
from .results import Cell, Results


def has_thread_scaling(results: Results, payload_set: tuple[str, str]) -> bool:
    return len({c.threads for c in results.plottable_cells if c.payload_set == payload_set}) > 1


def plot_threads(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    def scaling(payload_set: tuple[str, str]) -> list[Cell]:
        if not has_thread_scaling(results, payload_set):
            return []
        return [c for c in results.plottable_cells if c.payload_set == payload_set]

    return style.per_payload_set(results, scaling, _plot_one, out_dir, formats)


def _plot_one(
    results: Results, payload_set: tuple[str, str], cells: list[Cell], out_dir: Path, formats: list[str]
) -> list[Path]:
    figure = style.new_figure()
    figure.subplots_adjust(left=0.07, right=0.83, bottom=0.10, wspace=0.28)
    speed_axes, efficiency_axes = figure.subplots(1, 2)
    for axes in (speed_axes, efficiency_axes):
        style.style_axes(axes)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))

    base_threads = min(c.threads for c in cells)
    top_threads = max(c.threads for c in cells)
    by_key = {(c.backend, c.container, c.level, c.threads): c for c in cells}
    base_cells = [c for c in cells if c.threads == base_threads]
    speeds: list[float] = []
    ends: list[Label] = []
    shown: list[tuple[float, float]] = []
    for name, members in level_series(base_cells).items():
        look = style.backend_style(members[0].backend)
        # Efficiency: speed at N threads over N/base times the speed at the base thread count.
        levels, efficiency = [], []
        for base in members:
            top = by_key.get((base.backend, base.container, base.level, top_threads))
            if top is not None:
                levels.append(base.level)
                efficiency.append(100 * top.compress_mbps / (base.compress_mbps * top_threads / base_threads))
        line = dict(style.series_look(members[0], cells), markersize=5, linewidth=1.4)
        if levels:
            efficiency_axes.plot(levels, efficiency, label=name, **line)

        # One level per backend on the left: the middle of those measured at every thread count.
        complete = [b for b in members if b.level in levels]
        if not complete:
            continue
        pick = complete[len(complete) // 2]
        runs = sorted((c for c in cells if c.key[:5] == pick.key[:5] and c.dictionary == pick.dictionary), key=lambda c: c.threads)
        speeds += [c.compress_mbps for c in runs] + [pick.compress_mbps * top_threads / base_threads]
        speed_axes.plot([c.threads for c in runs], [c.compress_mbps for c in runs], **line)
        shown += [(c.threads, c.compress_mbps) for c in runs]
        ends.append(Label(runs[-1].threads, runs[-1].compress_mbps, f"{name} {pick.level}", look.color))
        speed_axes.plot(
            [base_threads, top_threads],
            [pick.compress_mbps, pick.compress_mbps * top_threads / base_threads],
            color=look.color,
            linestyle=":",
            linewidth=1,
        )

    cores = results.context.logical_cores
    if cores and cores < top_threads:
        speed_axes.axvline(cores, color="#999999", linestyle="--", linewidth=1)
    speed_axes.set_yscale("log")
    speed_axes.set_ylim(*scales.log_limits(speeds, pad=0.08))
    scales.plain_log_axis(speed_axes.yaxis)
    speed_axes.set_xlabel("Threads")
    speed_axes.set_ylabel("Aggregate compression speed (MB/s; log scale)")
    speed_axes.set_title("Speed at one level per backend (dotted: ideal)", fontsize=10, loc="left")
    efficiency_axes.axhline(100, color="#333333", linewidth=1)
    efficiency_axes.set_ylim(0, 115)
    scales.level_axis(efficiency_axes, [c.level for c in base_cells])
    efficiency_axes.set_xlabel("Level (each library's own scale)")
    efficiency_axes.set_ylabel(f"Scaling efficiency at {top_threads} threads (% of ideal)")
    efficiency_axes.set_title(
        f"Efficiency: {top_threads} vs {style.threads_text(base_threads)}", fontsize=10, loc="left"
    )
    # Room right of the last thread count for the line labels (backend and the level shown).
    span = max(top_threads - base_threads, 1)
    speed_axes.set_xlim(base_threads - 0.1 * span, top_threads + 0.45 * span)
    style.outside_legend(efficiency_axes, title="backend")

    style.set_titles(
        figure,
        f"Thread scaling: {style.payload_set_label(results, payload_set)}",
        style.machine_line(results, "one compressor per thread, the payloads shared out between them"),
        panel_titles=True,
    )
    placer = LabelPlacer(speed_axes)
    placer.block_points(shown)
    placer.place(ends, fontsize=8, candidates=RIGHT_OF_POINT)
    return style.save(figure, out_dir, f"threads-{style.slug(*payload_set)}", formats)
