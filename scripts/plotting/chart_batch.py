"""Time per event against the batch size (events per request), one line per link: batching is the
largest lever a client has. Draws results.json's `charts.batch` (Swift `BatchCurve`, computed
beside the answer's batch comparison): for every corpus measured at two or more `events=N` splits,
the modelled milliseconds one event takes with each batch size's answer (solid, labelled with the
setting it ships) and sent uncompressed (dotted).
"""

from __future__ import annotations

from pathlib import Path

from . import style
from .results import BatchCurve, Results

_LINK_STYLES = ["-", (0, (6, 2)), (0, (6, 2, 1, 2)), (0, (3, 1)), (0, (8, 3)), (0, (4, 1, 1, 1))]
_LINK_COLORS = ["#d62728", "#ff7f0e", "#2ca02c", "#1f77b4", "#9467bd", "#8c564b", "#17becf"]


def plot_batch(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    if results.model is None or results.charts is None:
        return []
    by_corpus: dict[str, list[BatchCurve]] = {}
    for curve in results.charts.batch:
        by_corpus.setdefault(curve.corpus, []).append(curve)
    written: list[Path] = []
    for corpus, curves in by_corpus.items():
        written += _plot_one(results, corpus, curves, out_dir, formats)
    return written


def _plot_one(results: Results, corpus: str, curves: list[BatchCurve], out_dir: Path, formats: list[str]) -> list[Path]:
    figure, axes = style.one_panel_figure(left=0.09)
    sizes = sorted({point.events for curve in curves for point in curve.points})
    for index, curve in enumerate(curves):
        color = _LINK_COLORS[index % len(_LINK_COLORS)]
        events = [point.events for point in curve.points]
        axes.plot(
            events,
            [point.ms_per_event for point in curve.points],
            color=color,
            linestyle=_LINK_STYLES[index % len(_LINK_STYLES)],
            marker="o",
            linewidth=1.6,
            label=f"{curve.link} ({style.format_rate_bits(curve.uplink_bits_per_second)}, {curve.rtt_ms:g} ms)",
        )
        axes.plot(
            events,
            [point.identity_ms_per_event for point in curve.points],
            color=color,
            linestyle=(0, (1, 2)),
            linewidth=1.0,
            alpha=0.8,
        )
        for point in curve.points:
            axes.annotate(
                point.setting or "uncompressed",
                (point.events, point.ms_per_event),
                fontsize=7,
                color=color,
                xytext=(4, 3),
                textcoords="offset points",
            )
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xticks(sizes)
    axes.set_xticklabels([str(size) for size in sizes])
    axes.set_xlabel("Events per request (log scale)")
    axes.set_ylabel("Time per event (ms, log scale)")
    style.outside_legend(axes, title="link (label: the answer's setting)")
    style.set_titles(
        figure,
        f"Time per event vs batch size (model): {corpus}",
        style.machine_line(
            results,
            f"{results.model.connection} connection, device {results.charts.device}",
            "solid: the answer, dotted: uncompressed",
        ),
    )
    return style.save(figure, out_dir, f"time-per-event-batch-{style.slug(corpus)}", formats)
