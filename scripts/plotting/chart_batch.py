"""Time and energy per event against the batch size (events per request), one line per link:
batching is the largest lever a client has. Draws results.json's `charts.batch` (Swift
`BatchCurve`, computed beside the answer's batch comparison): for every corpus measured at two or
more `events=N` splits, the modelled milliseconds one event takes with each batch size's answer
(solid, labelled with the setting it ships) and sent uncompressed (dotted); and, where the phone's
energy is modelled, a second panel with the millijoules per event of isolated requests (each wakes
the radio and pays its tail, which a batch shares among its events).
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


def _has_energy(curve: BatchCurve) -> bool:
    return all(point.mj_per_event is not None and point.identity_mj_per_event is not None for point in curve.points)


def _draw(axes, curves: list[tuple[int, BatchCurve]], answer, uncompressed) -> None:
    """One line per link, its colour and style by its index among the links: `answer(point)` solid
    with the setting named, `uncompressed(point)` dotted."""
    for index, curve in curves:
        color = _LINK_COLORS[index % len(_LINK_COLORS)]
        events = [point.events for point in curve.points]
        axes.plot(
            events,
            [answer(point) for point in curve.points],
            color=color,
            linestyle=_LINK_STYLES[index % len(_LINK_STYLES)],
            marker="o",
            linewidth=1.6,
            label=f"{curve.link} ({style.format_rate_bits(curve.uplink_bits_per_second)}, {curve.rtt_ms:g} ms)",
        )
        axes.plot(events, [uncompressed(point) for point in curve.points], color=color, linestyle=(0, (1, 2)), linewidth=1.0, alpha=0.8)
        for point in curve.points:
            axes.annotate(
                point.setting or "uncompressed",
                (point.events, answer(point)),
                fontsize=7,
                color=color,
                xytext=(4, 3),
                textcoords="offset points",
            )


def _log_axes(axes, sizes: list[int], ylabel: str) -> None:
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xticks(sizes)
    axes.set_xticklabels([str(size) for size in sizes])
    axes.set_xlabel("Events per request (log scale)")
    axes.set_ylabel(ylabel)


def _plot_one(results: Results, corpus: str, curves: list[BatchCurve], out_dir: Path, formats: list[str]) -> list[Path]:
    # The energy panel keeps each link's index, so a link has one colour and style in both panels.
    indexed = list(enumerate(curves))
    energy = [(index, curve) for index, curve in indexed if _has_energy(curve)]
    if energy:
        figure = style.new_figure()
        figure.subplots_adjust(left=0.07, right=0.83, bottom=0.10, wspace=0.4)
        axes, energy_axes = figure.subplots(1, 2)
        style.style_axes(axes)
        style.style_axes(energy_axes)
    else:
        figure, axes = style.one_panel_figure(left=0.09)
        energy_axes = None
    sizes = sorted({point.events for curve in curves for point in curve.points})
    _draw(axes, indexed, lambda p: p.ms_per_event, lambda p: p.identity_ms_per_event)
    _log_axes(axes, sizes, "Time per event (ms, log scale)")
    if energy_axes is None:
        style.outside_legend(axes, title="link (label: the answer's setting)")
    else:
        _draw(energy_axes, energy, lambda p: p.mj_per_event, lambda p: p.identity_mj_per_event)
        _log_axes(energy_axes, sizes, "Energy per event (mJ, log scale)")
        axes.set_title("Time per event", fontsize=10, loc="left")
        energy_axes.set_title("Energy per event, each request isolated", fontsize=10, loc="left")
        # One legend for both panels, right of the energy panel: every link, from the time panel.
        handles, labels = axes.get_legend_handles_labels()
        style.outside_legend(energy_axes, handles=handles, labels=labels, title="link (label: the answer's setting)")
    style.set_titles(
        figure,
        f"Time{' and energy' if energy_axes is not None else ''} per event vs batch size (model): {corpus}",
        style.machine_line(
            results,
            f"{results.model.connection} connection, device {results.charts.device}",
            "solid: the answer, dotted: uncompressed",
        ),
        panel_titles=energy_axes is not None,
    )
    return style.save(figure, out_dir, f"time-per-event-batch-{style.slug(corpus)}", formats)
