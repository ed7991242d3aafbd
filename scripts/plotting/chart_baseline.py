"""Current run against a baseline: the change in speed of every cell both runs measured.

Change is drawn against the baseline speed rather than as current-vs-baseline on log axes,
where a 5 % regression would be a hair's breadth from the diagonal.
"""

from __future__ import annotations

from pathlib import Path

from . import scales, style
from .labels import Label, LabelPlacer
from .results import Cell, Results

# The noise threshold the reports use for a noisy cell (CV above 5 %).
_NOISE_PERCENT = 5.0
_MAX_LABELS = 6


def matched_cells(current: Results, baseline: Results) -> list[tuple[Cell, Cell]]:
    """(baseline, current) pairs with the same cell key, both measured."""
    earlier = {c.key: c for c in baseline.plottable_cells}
    return [(earlier[c.key], c) for c in current.plottable_cells if c.key in earlier]


def plot_baseline(current: Results, baseline: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    pairs = matched_cells(current, baseline)
    if not pairs:
        return []
    figure = style.new_figure()
    figure.subplots_adjust(left=0.07, right=0.85, bottom=0.10, wspace=0.25)
    compress_axes, decompress_axes = figure.subplots(1, 2, sharey=True)

    def change(new: float, old: float) -> float:
        return 100 * (new / old - 1)

    compress = [(b, c, b.compress_mbps, change(c.compress_mbps, b.compress_mbps)) for b, c in pairs]
    decompress = [
        (b, c, b.decompress_mbps, change(c.decompress_mbps, b.decompress_mbps))
        for b, c in pairs
        if b.decompress_mbps and c.decompress_mbps
    ]
    changes = [p[3] for p in compress + decompress]
    limit = max(12.0, max(abs(v) for v in changes) * 1.15)
    panels = ((compress_axes, compress, "Compression"), (decompress_axes, decompress, "Decompression"))
    for axes, points, what in panels:
        style.style_axes(axes)
        axes.axhspan(-_NOISE_PERCENT, _NOISE_PERCENT, color="#eeeeee", zorder=0)
        axes.axhline(0, color="#333333", linewidth=0.9)
        for backend in style.backend_order([c for _, c in pairs]):
            members = [p for p in points if p[1].backend == backend]
            look = style.backend_style(backend)
            axes.plot(
                [p[2] for p in members],
                [p[3] for p in members],
                linestyle="none",
                marker=look.marker,
                color=look.color,
                markersize=5,
                alpha=0.85,
                label=backend,
            )
        axes.set_xscale("log")
        if points:
            axes.set_xlim(*scales.log_limits([p[2] for p in points], pad=0.08))
        scales.plain_log_axis(axes.xaxis)
        axes.set_ylim(-limit, limit)
        axes.set_xlabel(f"{what} speed in the baseline (MB/s; log scale)")
        axes.set_title(f"{what} speed change", fontsize=10, loc="left")
    compress_axes.set_ylabel("Change, current vs baseline (%)")
    style.outside_legend(decompress_axes, title="backend")

    same_machine = current.context.machine == baseline.context.machine
    shared = "same machine" if same_machine else "DIFFERENT machines"
    resized = sum(1 for b, c in pairs if b.output_bytes != c.output_bytes)
    extra = [] if same_machine else [f"baseline on {baseline.context.machine}"]
    extra += [f"{len(pairs)} cells in both", f"grey band: ±{_NOISE_PERCENT:.0f} % noise"]
    if resized:
        extra.append(f"{resized} cells changed output size")
    style.set_titles(
        figure,
        f"Current ({_run_name(current)}) vs baseline ({_run_name(baseline)}): {shared}",
        ("current on " if not same_machine else "") + style.machine_line(current, *extra),
        panel_titles=True,
    )
    for axes, points in ((compress_axes, compress), (decompress_axes, decompress)):
        _label_outliers(axes, points)
    return style.save(figure, out_dir, "baseline-comparison", formats)


def _run_name(results: Results) -> str:
    version = results.context.project_version
    date = results.context.date[:10]
    return " ".join(part for part in (version, date) if part) or results.path.parent.name


def _label_outliers(axes, points: list[tuple[Cell, Cell, float, float]]) -> None:
    """Names the largest changes beyond the noise band, the cells a reader wants to look up."""
    placer = LabelPlacer(axes, marker_radius_px=3.5)
    placer.block_points([(p[2], p[3]) for p in points])
    outliers = sorted((p for p in points if abs(p[3]) > _NOISE_PERCENT), key=lambda p: -abs(p[3]))
    # The largest change of each backend first, so one backend's cluster cannot take every label.
    firsts: dict[str, tuple[Cell, Cell, float, float]] = {}
    for point in outliers:
        firsts.setdefault(point[1].backend, point)
    ordered = list(firsts.values()) + [p for p in outliers if p not in firsts.values()]
    labels = [
        Label(x, y, _cell_name(cell), style.backend_style(cell.backend).color) for _, cell, x, y in ordered
    ]
    placer.place(labels, fontsize=7.5, limit=_MAX_LABELS)


def _cell_name(cell: Cell) -> str:
    threads = f", {cell.threads} threads" if cell.threads > 1 else ""
    return f"{cell.backend} {cell.level} · {cell.corpus}{threads}"
