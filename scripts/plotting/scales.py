"""Axis scales and tick labels: log axes written in plain numbers and units, limits with margins,
and the choice between a log and a linear speed axis."""

from __future__ import annotations

import math

def plain_log_axis(axis) -> None:
    """Log ticks written as plain numbers (1, 10, 100 rather than 10^2), with more ticks between
    decades the fewer decades the axis spans, so there are always a few labels but never a crowd.
    Call after the axis limits are set."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    low, high = sorted(axis.get_view_interval())
    decades = math.log10(high / low) if low > 0 else 10
    if decades <= 1.2:
        subs: tuple[float, ...] = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0)
    elif decades <= 3.5:
        subs = (1.0, 2.0, 5.0)
    else:
        subs = (1.0,)
    axis.set_major_locator(LogLocator(base=10, subs=subs))
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: _plain_number(value)))
    axis.set_minor_locator(LogLocator(base=10, subs=tuple(range(2, 10))))
    axis.set_minor_formatter(NullFormatter())


def duration_axis(axis) -> None:
    """Log ticks for a duration in milliseconds, written with a readable unit (2 s, 50 ms, 300 µs).
    Call after the axis limits are set."""
    from matplotlib.ticker import FuncFormatter

    plain_log_axis(axis)
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: format_milliseconds(value)))


def format_milliseconds(value: float) -> str:
    if value >= 1000:
        return f"{_plain_number(value / 1000)} s"
    if value >= 1:
        return f"{_plain_number(value)} ms"
    return f"{_plain_number(value * 1000)} µs"


def _plain_number(value: float) -> str:
    if value >= 1 and abs(value - round(value)) < 1e-9 * value:
        return f"{round(value):,}"
    return f"{value:.3g}"


def log_limits(values: list[float], pad: float = 0.12) -> tuple[float, float]:
    """Limits with a margin of `pad` of the span on each side, measured in decades."""
    low, high = math.log10(min(values)), math.log10(max(values))
    span = high - low
    # A single value or a narrow cluster still gets a window of half a decade around it, so the
    # axis shows distinct tick labels.
    margin = max(pad * span, (0.5 - span) / 2)
    return 10 ** (low - margin), 10 ** (high + margin)


def speed_axis(axes, values: list[float], label: str) -> None:
    """A log y axis when speeds span more than a factor of 5 (levels from 1 to 1,000 MB/s), else
    a linear one from zero, which reads better than a log axis with one or two labelled ticks."""
    from matplotlib.ticker import FuncFormatter

    if max(values) > 5 * min(values):
        axes.set_yscale("log")
        axes.set_ylim(*log_limits(values, pad=0.06))
        plain_log_axis(axes.yaxis)
        axes.set_ylabel(f"{label} (MB/s; log scale)")
    else:
        axes.set_ylim(0, max(values) * 1.08)
        axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))
        axes.set_ylabel(f"{label} (MB/s)")


def level_axis(axes, levels: list[int]) -> None:
    """Integer level ticks, with room for a single level to sit in the middle."""
    from matplotlib.ticker import MaxNLocator

    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    low, high = min(levels), max(levels)
    margin = max(0.6, 0.04 * (high - low))
    axes.set_xlim(low - margin, high + margin)


def linear_limits(values: list[float], pad: float = 0.08) -> tuple[float, float]:
    low, high = min(values), max(values)
    span = (high - low) or max(abs(high), 1.0) * 0.2
    return low - pad * span, high + pad * span
