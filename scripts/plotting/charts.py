"""Draws every chart the results support and says why any was left out."""

from __future__ import annotations

from pathlib import Path

from .chart_baseline import plot_baseline
from .chart_by_level import plot_by_level
from .chart_decompression import plot_decompression
from .chart_ratio_speed import plot_ratio_speed
from .chart_batch import plot_batch
from .chart_saving import plot_saving
from .chart_threads import plot_threads
from .chart_upload_check import plot_upload_check
from . import style
from .results import Results


def draw_all(
    results: Results, baseline: Results | None, out_dir: Path, formats: list[str]
) -> tuple[list[Path], list[str]]:
    """Writes the charts into `out_dir`; returns the files written and notes on charts skipped."""
    written: list[Path] = []
    notes: list[str] = []
    style.use_backend_styles(results, baseline)
    written += plot_ratio_speed(results, out_dir, formats)
    written += plot_by_level(results, out_dir, formats)

    decompression = plot_decompression(results, out_dir, formats)
    if not decompression:
        notes.append("no decompression chart: no cell has decompression samples")
    written += decompression

    saving = plot_saving(results, out_dir, formats)
    if not saving:
        notes.append(
            "no time-saved chart: results.json has no curves (`charts`, written by runs and merges since "
            "Swift computes them; merge an older folder again)"
            if results.charts is None
            else "no time-saved chart: no verified cell with decompression speeds"
        )
    written += saving
    written += plot_batch(results, out_dir, formats)

    # Optional charts: only when the run has the data.
    written += plot_upload_check(results, out_dir, formats)
    threads = plot_threads(results, out_dir, formats)
    if not threads:
        notes.append("no thread-scaling chart: the run used a single thread count")
    written += threads

    if baseline is not None:
        comparison = plot_baseline(results, baseline, out_dir, formats)
        if not comparison:
            notes.append(f"no baseline chart: {baseline.path} has no measured cell in common with {results.path}")
        written += comparison
    return written, notes
