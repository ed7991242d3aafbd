"""Charts for DeflateBench results folders.

One module per chart (`chart_*.py`); `results` reads and validates results.json, `style` keeps
colours, sizes and titles consistent, and `labels` places text without overlaps. The
charts only draw: the curves and the Pareto frontier are computed by Swift and read from
results.json (`charts`), so no copy of the upload model or the verdict rules lives here.
`scripts/plot.py` is the command-line entry point; the modules here are not commands (they
import one another as a package), so run that script, not them.
"""
