"""Places small text labels next to points without overlapping each other or the markers.

Greedy: labels are tried in priority order at a few offsets around their point, and each takes
the first spot that is inside the axes and free. A label with no free spot is dropped rather than
drawn over something, so call sites order the labels that matter most first.
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.transforms import Bbox

# Offsets in points, nearest first: right, above, left, below, then the diagonals a bit further.
_CANDIDATES = [
    (5, 0, "left", "center"),
    (0, 5, "center", "bottom"),
    (-5, 0, "right", "center"),
    (0, -5, "center", "top"),
    (5, 5, "left", "bottom"),
    (-5, 5, "right", "bottom"),
    (5, -5, "left", "top"),
    (-5, -5, "right", "top"),
    (11, 0, "left", "center"),
    (-11, 0, "right", "center"),
    (0, 11, "center", "bottom"),
    (0, -11, "center", "top"),
]

# For labels at the ends of lines: always to the right, sliding up or down to find room.
RIGHT_OF_POINT = [(6, dy, "left", "center") for dy in (0, -7, 7, -14, 14, -21, 21)]


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    color: str


class LabelPlacer:
    """Keeps the boxes already taken on one axes, in display (pixel) coordinates."""

    def __init__(self, axes: Axes, marker_radius_px: float = 4.5, padding_px: float = 1.5) -> None:
        self.axes = axes
        self.padding = padding_px
        self.taken: list[Bbox] = []
        self.marker_radius = marker_radius_px
        figure = axes.figure
        # The renderer gives true text extents; the axes position must be final before this.
        self.renderer = figure.canvas.get_renderer()
        self.area = axes.get_window_extent(self.renderer)

    def block_points(self, points: list[tuple[float, float]], radius_px: float | None = None) -> None:
        """Marks markers as obstacles so labels never cover data."""
        r = self.marker_radius if radius_px is None else radius_px
        for x, y in points:
            px, py = self.axes.transData.transform((x, y))
            self.taken.append(Bbox.from_extents(px - r, py - r, px + r, py + r))

    def block_artist(self, artist) -> None:
        """Marks an existing artist (a legend, a note) as an obstacle."""
        self.taken.append(artist.get_window_extent(self.renderer))

    def place(
        self, labels: list[Label], fontsize: float = 8, limit: int | None = None, candidates: list | None = None
    ) -> int:
        """Draws as many labels as fit, at most `limit`, trying `candidates` offsets (points,
        with alignment) in order; returns how many were drawn."""
        drawn = 0
        for label in labels:
            if limit is not None and drawn >= limit:
                break
            if self._place_one(label, fontsize, candidates or _CANDIDATES):
                drawn += 1
        return drawn

    def _place_one(self, label: Label, fontsize: float, candidates: list) -> bool:
        for dx, dy, ha, va in candidates:
            text = self.axes.annotate(
                label.text,
                (label.x, label.y),
                xytext=(dx, dy),
                textcoords="offset points",
                ha=ha,
                va=va,
                fontsize=fontsize,
                color=label.color,
            )
            box = text.get_window_extent(self.renderer).padded(self.padding)
            inside = (
                box.x0 >= self.area.x0 and box.x1 <= self.area.x1 and box.y0 >= self.area.y0 and box.y1 <= self.area.y1
            )
            if inside and not any(box.overlaps(other) for other in self.taken):
                self.taken.append(box)
                return True
            text.remove()
        return False
