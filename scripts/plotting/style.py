"""One look for every chart: backend colours and markers, figure size, titles, margins, saving.

Figures are made with `matplotlib.figure.Figure` and the Agg canvas directly rather than pyplot,
so no GUI backend or global figure registry is ever involved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .results import Cell, Results

# README-friendly: 1000 x 600 pixels. Fixed margins (never bbox_inches="tight") keep every file
# exactly this size, which the tests check.
FIGURE_INCHES = (10.0, 6.0)
DPI = 100
# Room on the right for legends, so they never cover data.
LEGEND_MARGIN_RIGHT = 0.80
# Titles start a little left of the axes, where the y tick labels are.
_TITLE_LEFT = 0.06

# The same backend has the same colour and marker on every chart, and on report.html: both read
# results.json's `backend_styles`, which Swift writes from its one palette
# (Sources/Results/BackendStyle.swift).
# Here only the marker names map to matplotlib's marker codes, as report.html maps them to shapes.
MARKERS = {
    "circle": "o",
    "square": "s",
    "triangle_up": "^",
    "triangle_down": "v",
    "triangle_left": "<",
    "triangle_right": ">",
    "diamond": "D",
    "plus": "P",
    "x": "X",
    "hexagon": "h",
    "star": "*",
}
# A results.json written before `backend_styles` existed names no styles: every backend is drawn
# alike, told apart by its label, rather than from a second table that could disagree.
_UNSTYLED = ("#777777", "circle")


@dataclass(frozen=True)
class SeriesStyle:
    color: str
    marker: str


_styles: dict[str, SeriesStyle] = {}


def use_backend_styles(*documents: Results | None) -> None:
    """Takes the backend colours and markers of the results being drawn (the first document that
    names a backend wins), in the order results.json lists them; call before drawing."""
    _styles.clear()
    for document in documents:
        for look in document.backend_styles if document is not None else []:
            _styles.setdefault(look.backend, SeriesStyle(look.color, MARKERS.get(look.marker, "o")))


def backend_style(backend: str) -> SeriesStyle:
    """The backend's colour and marker as results.json's `backend_styles` gives them."""
    color, marker = _UNSTYLED
    return _styles.get(backend, SeriesStyle(color, MARKERS[marker]))


def series_look(cell: Cell, cells: list[Cell]) -> dict:
    """Line and marker keywords for the series `cell` belongs to: its backend's colour and marker,
    and, when the backend was run with several containers, hollow markers and a dashed line for
    every container but the first (gzip first), so the two series stay apart."""
    look = backend_style(cell.backend)
    keywords: dict = {"color": look.color, "marker": look.marker}
    containers = sorted(
        {c.container for c in cells if c.backend == cell.backend}, key=lambda name: (name != "gzip", name)
    )
    position = containers.index(cell.container) if cell.container in containers else 0
    if position > 0:
        dashes = [(0, (5, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2))]
        keywords.update(markerfacecolor="white", linestyle=dashes[(position - 1) % len(dashes)])
    return keywords


def series_name(cell: Cell, multi_container: set[str]) -> str:
    """The backend name, plus the container when this backend was run with several."""
    return f"{cell.backend}/{cell.container}" if cell.backend in multi_container else cell.backend


def backends_with_several_containers(cells: list[Cell]) -> set[str]:
    containers: dict[str, set[str]] = {}
    for cell in cells:
        containers.setdefault(cell.backend, set()).add(cell.container)
    return {backend for backend, names in containers.items() if len(names) > 1}


def backend_order(cells: list[Cell]) -> list[str]:
    """Backends in `backend_styles` order (the registry's: DEFLATE first, reference codecs last),
    then any it does not name, by name."""
    present = {cell.backend for cell in cells}
    known = [name for name in _styles if name in present]
    return known + sorted(present - set(known))


def new_figure() -> Figure:
    figure = Figure(figsize=FIGURE_INCHES, dpi=DPI)
    FigureCanvasAgg(figure)
    return figure


def one_panel_figure(left: float = 0.08):
    """A figure with one styled panel and room on the right for the outside legend."""
    figure = new_figure()
    figure.subplots_adjust(left=left, right=LEGEND_MARGIN_RIGHT, bottom=0.10)
    axes = figure.add_subplot()
    style_axes(axes)
    return figure, axes


def per_payload_set(results: Results, select, plot_one, out_dir: Path, formats: list[str]) -> list[Path]:
    """Draws `plot_one(results, payload_set, cells, out_dir, formats)` for every payload set whose
    `select(payload_set)` gives cells; returns the files written."""
    written: list[Path] = []
    for payload_set in results.payload_sets():
        cells = select(payload_set)
        if cells:
            written += plot_one(results, payload_set, cells, out_dir, formats)
    return written


def set_titles(figure: Figure, title: str, subtitle: str, panel_titles: bool = False) -> None:
    """A bold title and grey subtitle lines, left-aligned above the plot area, then the axes top
    set below them. Text that would not fit the width is shrunk (the title) or wrapped at its
    ` · ` separators (the subtitle) rather than cut off at the edge of the image.

    Call before placing labels: it moves the axes.
    """
    renderer = figure.canvas.get_renderer()
    available = figure.bbox.width * (1 - _TITLE_LEFT - 0.015)
    heading = figure.text(_TITLE_LEFT, 0.955, title, fontsize=13, fontweight="bold", ha="left", va="baseline")
    size = 13.0
    while heading.get_window_extent(renderer).width > available and size > 9:
        size -= 0.5
        heading.set_fontsize(size)

    lines = _wrap(figure, subtitle.split(" · "), available, renderer)
    for index, line in enumerate(lines):
        figure.text(_TITLE_LEFT, 0.918 - 0.03 * index, line, fontsize=9, color="#555555", ha="left", va="baseline")
    top = 0.87 - 0.03 * (len(lines) - 1) - (0.025 if panel_titles else 0)
    figure.subplots_adjust(top=top)
    _fit_left(figure, renderer)


def _fit_left(figure: Figure, renderer) -> None:
    """Widens the left margin when wide tick labels push the y-axis label off the image."""
    for _ in range(3):
        # Only the y axes can reach the left edge; measuring whole axes would lay out every tick.
        boxes = [axes.yaxis.get_tightbbox(renderer) for axes in figure.axes]
        leftmost = min(box.x0 for box in boxes if box is not None)
        if leftmost >= 4:
            return
        figure.subplots_adjust(left=figure.subplotpars.left + (6 - leftmost) / figure.bbox.width)


def _wrap(figure: Figure, parts: list[str], available: float, renderer) -> list[str]:
    """Greedy line filling with the renderer's true text widths."""
    probe = figure.text(0, 0, "", fontsize=9)
    lines: list[str] = []
    for part in parts:
        candidate = f"{lines[-1]} · {part}" if lines else part
        probe.set_text(candidate)
        if lines and probe.get_window_extent(renderer).width <= available:
            lines[-1] = candidate
        else:
            lines.append(part)
    probe.remove()
    return lines


def payload_set_label(results: Results, payload_set: tuple[str, str]) -> str:
    """`events-json (events=50: 40 payloads, 31 KB each)`: what a reader needs to place the data."""
    corpus, split = payload_set
    cells = [cell for cell in results.plottable_cells if cell.payload_set == payload_set]
    payloads = cells[0].payloads if cells else 0
    mean = cells[0].payload_bytes if cells else 0
    if payloads <= 1:
        detail = f"{split}: one payload of {format_bytes(cells[0].input_bytes if cells else 0)}"
    else:
        detail = f"{split}: {payloads} payloads, {format_bytes(mean)} each"
    return f"{corpus} ({detail})"


def machine_line(results: Results, *extra: str) -> str:
    parts = [results.context.machine]
    if results.context.build_configuration and results.context.build_configuration != "release":
        parts.append(f"{results.context.build_configuration} build")
    if not results.complete:
        parts.append("INCOMPLETE run")
    parts.extend(extra)
    return " · ".join(parts)


def format_bytes(count: float) -> str:
    """Decimal units, as everywhere in the project (MB = 10^6 bytes)."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= size:
            value = count / size
            return f"{value:.0f} {unit}" if value >= 100 else f"{value:.3g} {unit}"
    return f"{count:.0f} B"


def format_rate_bits(bits_per_second: float) -> str:
    for unit, size in (("Gbit/s", 1e9), ("Mbit/s", 1e6), ("kbit/s", 1e3)):
        if bits_per_second >= size:
            return f"{bits_per_second / size:.3g} {unit}"
    return f"{bits_per_second:.3g} bit/s"


def slug(*parts: str) -> str:
    """A file-name-safe name: `events-json/events=50` becomes `events-json-events-50`."""
    text = "-".join(parts).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "results"


def save(figure: Figure, out_dir: Path, name: str, formats: list[str]) -> list[Path]:
    """Writes the figure once per format and returns the paths written."""
    written = []
    for extension in formats:
        path = out_dir / f"{name}.{extension}"
        # Fixed metadata and hash salt keep re-rendered SVGs byte-stable, so a committed example
        # only changes in git when a chart does.
        metadata = {"Date": None} if extension == "svg" else None
        figure.savefig(path, format=extension, dpi=DPI, metadata=metadata)
        written.append(path)
    return written


def style_axes(axes) -> None:
    axes.grid(True, which="major", color="#dddddd", linewidth=0.8)
    axes.grid(True, which="minor", color="#f0f0f0", linewidth=0.5)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)


def outside_legend(axes, **kwargs):
    """A legend in the right margin, beside the axes, never over data. When its entries are
    wider than the margin, the axes (all of them, in a row of panels) narrow to make room rather
    than let the legend run off the image."""
    legend = axes.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=9, **kwargs)
    figure = axes.figure
    renderer = figure.canvas.get_renderer()
    for _ in range(3):  # the anchor moves with the axes, so settle in a few steps
        overflow = legend.get_window_extent(renderer).x1 - (figure.bbox.width - 8)
        if overflow <= 0.5:
            break
        right = figure.subplotpars.right - overflow / figure.bbox.width
        figure.subplots_adjust(right=right)
    return legend


def threads_text(count: int) -> str:
    return f"{count} thread" if count == 1 else f"{count} threads"
