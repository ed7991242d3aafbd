"""Draws every chart the results support and says why any was left out."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, Future, ProcessPoolExecutor
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
    style.use_backend_styles(results, baseline)
    # What the families draw, where a forked worker finds it without pickling the results.
    _drawing.update(results=results, baseline=baseline, out_dir=out_dir, formats=formats)
    with _executor() as executor:
        # Every family is independent of the others: on a machine with two cores or more they are
        # drawn in two forked processes (the run has ended; matplotlib draws on one core), longest
        # first so the two finish together: the 102 files of the default run took 47 s of CPU.
        def submit(family: str) -> Future:
            return executor.submit(_draw, family)

        ratio_speed = submit("ratio_speed")
        saving = submit("saving")
        by_level = submit("by_level")
        decompression = submit("decompression")
        batch = submit("batch")
        upload_check = submit("upload_check")
        threads = submit("threads")
        comparison = submit("baseline") if baseline is not None else None

        written: list[Path] = []
        notes: list[str] = []
        written += ratio_speed.result()
        written += by_level.result()
        if not decompression.result():
            notes.append("no decompression chart: no cell has decompression samples")
        written += decompression.result()
        if not saving.result():
            notes.append(
                "no time-saved chart: results.json has no curves (`charts`, written by runs and merges since "
                "Swift computes them; merge an older folder again)"
                if results.charts is None
                else "no time-saved chart: no verified cell with decompression speeds"
            )
        written += saving.result()
        written += batch.result()

        # Optional charts: only when the run has the data.
        written += upload_check.result()
        if not threads.result():
            notes.append("no thread-scaling chart: the run used a single thread count")
        written += threads.result()

        if comparison is not None:
            if not comparison.result():
                notes.append(
                    f"no baseline chart: {baseline.path} has no measured cell in common with {results.path}"
                )
            written += comparison.result()
    return written, notes


_drawing: dict = {}

_FAMILIES = {
    "ratio_speed": plot_ratio_speed,
    "saving": plot_saving,
    "by_level": plot_by_level,
    "decompression": plot_decompression,
    "batch": plot_batch,
    "upload_check": plot_upload_check,
    "threads": plot_threads,
}


def _draw(family: str) -> list[Path]:
    """Draws one family of charts from `_drawing`; returns the files written."""
    results, out_dir, formats = _drawing["results"], _drawing["out_dir"], _drawing["formats"]
    if family == "baseline":
        return plot_baseline(results, _drawing["baseline"], out_dir, formats)
    return _FAMILIES[family](results, out_dir, formats)


class _InProcess(Executor):
    """Runs each submitted call at once, in this process: one core, or no fork."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # re-raised by result(), as a pool would
            future.set_exception(error)
        return future


def _executor() -> Executor:
    """Two forked workers where the machine has two cores and fork exists; otherwise in process.
    Forked, the workers inherit the imported modules, the backend styles and matplotlib's
    settings (the SVG hash salt), so every file is the one a single process writes."""
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return _InProcess()
    return ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork"))
