"""The Pareto frontier of output size against compression speed: the cells nothing else beats on
both. The same rule as the report's marks (Sources/Model/Pareto/ParetoFrontier*.swift), so a
ringed point on a chart is a marked row in report.md."""

from __future__ import annotations

from .results import Cell


def dominates(a: Cell, b: Cell) -> bool:
    """At least as small and as fast, and strictly better in one of the two."""
    at_least = a.output_bytes <= b.output_bytes and a.compress_mbps >= b.compress_mbps
    return at_least and (a.output_bytes < b.output_bytes or a.compress_mbps > b.compress_mbps)


def pareto_frontier(cells: list[Cell]) -> list[Cell]:
    """The Pareto-optimal cells among `cells` (one payload set, one thread count), fastest first.

    Unverified cells do not compete: their figures describe broken output. Exact duplicates do not
    dominate each other, so both stay. Quadratic, which is plenty for a payload set's cells.
    """
    candidates = [cell for cell in cells if cell.verified]
    frontier = [cell for cell in candidates if not any(dominates(other, cell) for other in candidates)]
    return sorted(frontier, key=lambda cell: (-cell.compress_mbps, cell.output_bytes))
