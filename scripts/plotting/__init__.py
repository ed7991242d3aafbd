"""Charts for DeflateBench results folders.

One module per chart (`chart_*.py`); `results` reads and validates results.json, `style` keeps
colours, sizes and titles consistent, `labels` places text without overlaps, and `links` holds
the upload model and the link presets. `scripts/plot.py` is the command-line entry point.
"""
