"""Time saved per event against the batch size (events per request), one line per link: batching
is the largest lever a client has. Drawn from the run's `verdict` rows (device `this`) for every
corpus measured at two or more `events=N` splits.
"""

from __future__ import annotations

from pathlib import Path

from . import style
from .results import Results

_LINK_STYLES = ["-", (0, (6, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2)), (0, (3, 1)), (0, (8, 3))]
_LINK_COLORS = ["#d62728", "#ff7f0e", "#2ca02c", "#1f77b4", "#9467bd", "#8c564b", "#17becf"]


def _events(split: str) -> int | None:
    if not split.startswith("events="):
        return None
    try:
        return int(split.split("=", 1)[1])
    except ValueError:
        return None


def plot_batch(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    if results.model is None or not results.verdict:
        return []
    rows = [row for row in results.verdict if row.device == "this" and _events(row.split)]
    corpora = sorted({row.corpus for row in rows})
    written: list[Path] = []
    for corpus in corpora:
        mine = [row for row in rows if row.corpus == corpus]
        sizes = sorted({_events(row.split) for row in mine})
        if len(sizes) < 2:
            continue
        figure, axes = style.one_panel_figure(left=0.09)
        for index, link in enumerate(results.model.links):
            points = sorted(
                (_events(row.split), max(row.saving_ms, 0.0) / _events(row.split), row)
                for row in mine
                if row.link == link.name
            )
            if not points:
                continue
            color = _LINK_COLORS[index % len(_LINK_COLORS)]
            axes.plot(
                [p[0] for p in points],
                [p[1] for p in points],
                color=color,
                linestyle=_LINK_STYLES[index % len(_LINK_STYLES)],
                marker="o",
                linewidth=1.6,
                label=f"{link.name} ({style.format_rate_bits(link.uplink_bits_per_second)}, {link.rtt_ms:g} ms)",
            )
            for events, per_event, row in points:
                pick = f"{row.best[0]} {row.best[2]}" if row.best and row.compress else "none"
                axes.annotate(pick, (events, per_event), fontsize=7, color=color, xytext=(4, 3), textcoords="offset points")
        axes.set_xscale("log")
        axes.set_yscale("symlog", linthresh=0.01)
        axes.set_ylim(bottom=0)
        axes.set_xticks(sizes)
        axes.set_xticklabels([str(size) for size in sizes])
        axes.set_xlabel("Events per request (log scale)")
        axes.set_ylabel("Time saved per event by the best setting (ms)")
        style.outside_legend(axes, title="link (label: best setting)")
        style.set_titles(
            figure,
            f"Time saved vs batch size (model): {corpus}",
            style.machine_line(results, f"{results.model.connection} connection, device this", "0 = send uncompressed"),
        )
        written += style.save(figure, out_dir, f"time-saved-batch-{style.slug(corpus)}", formats)
    return written
