"""Measured against modelled upload time, for the cells a run uploaded over HTTP: the check of
issue 5 that the model (and so the bandwidth chart) can be trusted, within 15 %."""

from __future__ import annotations

from pathlib import Path

from . import scales, style
from .results import Results

# The agreement issue 5 asks of the model for payloads of 100 KB and more.
_TOLERANCE = 0.15


def plot_upload_check(results: Results, out_dir: Path, formats: list[str]) -> list[Path]:
    cells = [c for c in results.plottable_cells if c.upload and c.upload.modelled_ms and c.upload.upload_ms > 0]
    if not cells:
        return []
    figure, axes = style.one_panel_figure()

    values: list[float] = []
    for backend in style.backend_order(cells):
        members = [c for c in cells if c.backend == backend]
        look = style.backend_style(backend)
        modelled = [c.upload.modelled_ms for c in members]
        measured = [c.upload.upload_ms for c in members]
        values += modelled + measured
        axes.plot(
            modelled, measured, linestyle="none", marker=look.marker, color=look.color, markersize=7, label=backend
        )

    # Uncompressed uploads check the transfer part of the model alone (Swift's modelled time for
    # the same payloads sent uncompressed, written beside the measurement).
    identity = [
        (c.upload.modelled_identity_ms, c.upload.upload_identity_ms)
        for c in cells
        if c.upload.modelled_identity_ms and c.upload.upload_identity_ms > 0
    ]
    if identity:
        axes.plot(
            [m for m, _ in identity],
            [u for _, u in identity],
            linestyle="none",
            marker="o",
            markerfacecolor="none",
            markeredgecolor="#111111",
            markersize=7,
            label="no compression",
        )
        values += [v for pair in identity for v in pair]

    low, high = scales.log_limits(values, pad=0.1)
    diagonal = [low, high]
    axes.plot(diagonal, diagonal, color="#333333", linewidth=1, label="measured = model")
    axes.fill_between(
        diagonal,
        [v * (1 - _TOLERANCE) for v in diagonal],
        [v * (1 + _TOLERANCE) for v in diagonal],
        color="#cccccc",
        alpha=0.5,
        linewidth=0,
        label=f"±{_TOLERANCE:.0%} of the model",
    )
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, high)
    axes.set_ylim(low, high)
    scales.duration_axis(axes.xaxis)
    scales.duration_axis(axes.yaxis)
    axes.set_xlabel("Modelled upload time of all the cell's payloads (log scale)")
    axes.set_ylabel("Measured upload time (log scale)")
    style.outside_legend(axes)

    outside = sum(1 for c in cells if abs(c.upload.upload_ms / c.upload.modelled_ms - 1) > _TOLERANCE)
    link_names = ", ".join(sorted({c.upload.link for c in cells}))
    style.set_titles(
        figure,
        "Upload time: measured over HTTP vs the model",
        style.machine_line(
            results, f"links: {link_names}", f"{len(cells)} cells, {outside} outside ±{_TOLERANCE:.0%}"
        ),
    )
    return style.save(figure, out_dir, "upload-measured-vs-model", formats)
