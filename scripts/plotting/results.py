"""Reads a results folder (or results.json) into plain Python objects, refusing anything that is
not a DeflateBench results document with a message that names the file and the field at fault.

The schema is the Swift `ResultsDocument` (Sources/Results) as `JSONReport` writes it
(Sources/Results): snake_case keys with acronyms kept whole, so `compressCPUSamplesMBps` is
`compress_cpu_samples_mbps`. Foundation's plain `.convertToSnakeCase` would write
`compress_cpu_samples_m_bps`; that spelling is accepted too. Optional Swift fields are left out
when nil (not written as null), so every optional field may be absent here.

The charts draw what Swift computed: the curves and the Pareto membership come from `charts`
(Swift `ChartData`, docs/outputs.md); nothing here evaluates the upload model or the verdict rules.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar


T = TypeVar("T")

# The newest results.json major this script understands; newer files may have changed meaning.
SUPPORTED_SCHEMA_VERSION = 1
RESULTS_FILE_NAME = "results.json"


def headline(samples) -> float:
    """A speed's headline, as Swift's `HeadlineSpeed.value` takes it: the fastest finite sample.
    Only for a file written before its cells carried their figures (`cells[].figures`, which Swift
    writes for every measured cell and the charts read); docs/methodology.md, "The headline speed"."""
    finite = [value for value in samples if value == value and abs(value) != float("inf")]
    if not finite:
        raise ValueError("no finite sample")
    return max(finite)


class ResultsError(Exception):
    """The input is not a readable, valid results document. The message is for a person."""


@dataclass(frozen=True)
class Link:
    name: str
    uplink_bits_per_second: float
    rtt_ms: float

    @property
    def bytes_per_second(self) -> float:
        return self.uplink_bits_per_second / 8


@dataclass(frozen=True)
class Model:
    """The parts of results.json's `model` the charts print: the links and the connection."""

    connection: str
    links: tuple[Link, ...]


@dataclass(frozen=True)
class UplinkPoint:
    """A setting's saving on one of the run's links (Swift `UplinkPoint`): mean and 95 % interval."""

    link: str
    uplink_bits_per_second: float
    rtt_ms: float
    saving_ms: float
    low_ms: float
    high_ms: float


@dataclass(frozen=True)
class UplinkSeries:
    """One setting's time saved per request at each rate of its curve (Swift `UplinkSeries`)."""

    role: str
    backend: str
    container: str
    level: int
    dictionary: str | None
    ratio: float
    saving_ms: tuple[float, ...]
    links: tuple[UplinkPoint, ...]


@dataclass(frozen=True)
class UplinkCurve:
    """Time saved against the uplink rate for one payload set (Swift `UplinkCurve`)."""

    corpus: str
    split: str
    payload_bytes: float
    rtt_ms: float
    rates_bits_per_second: tuple[float, ...]
    series: tuple[UplinkSeries, ...]


@dataclass(frozen=True)
class BatchPoint:
    split: str
    events: int
    ms_per_event: float
    identity_ms_per_event: float
    setting: str | None
    # Energy per event of isolated requests, millijoules; None where the energy is not modelled.
    mj_per_event: float | None = None
    identity_mj_per_event: float | None = None


@dataclass(frozen=True)
class BatchCurve:
    """Time and energy per event against batch size for one generator on one link (Swift `BatchCurve`)."""

    corpus: str
    link: str
    uplink_bits_per_second: float
    rtt_ms: float
    points: tuple[BatchPoint, ...]


@dataclass(frozen=True)
class Charts:
    """results.json's `charts`: the curves and the Pareto membership Swift computed."""

    device: str
    pareto: frozenset[tuple[str, str, str, str, int, int, str]]
    uplink: tuple[UplinkCurve, ...]
    batch: tuple[BatchCurve, ...]


@dataclass(frozen=True)
class Upload:
    """HTTP uploads of one cell's payloads (the Swift `UploadMeasurement`)."""

    link: str
    upload_ms: float
    upload_identity_ms: float
    wire_bytes: int
    server_verified: bool
    modelled_ms: float | None
    # The model's time for the same payloads sent uncompressed; absent in older files.
    modelled_identity_ms: float | None = None


@dataclass(frozen=True)
class Cell:
    """One measured cell: payload set x backend x level x container x threads."""

    corpus: str
    split: str
    backend: str
    version: str
    container: str
    level: int
    threads: int
    payload_bytes: int
    payloads: int
    input_bytes: int
    output_bytes: int
    compress_samples: tuple[float, ...]
    decompress_samples: tuple[float, ...]
    cold_samples_us: tuple[float, ...]
    memory_bytes: int | None
    verified: bool
    error: str | None
    upload: Upload | None
    # The dictionary's name for a dictionary cell: with and without one are different settings.
    dictionary: str | None = None
    # Swift's headline speeds (`cells[].figures`: compress_mbps, decompress_mbps), MB/s; None in
    # files written before cells carried them.
    figures: dict[str, float] | None = None

    @property
    def payload_set(self) -> tuple[str, str]:
        return (self.corpus, self.split)

    @property
    def key(self) -> tuple[str, str, str, str, int, int, str]:
        """The Swift `CellKey`: the same key in two runs means the same measurement."""
        return (self.corpus, self.split, self.backend, self.container, self.level, self.threads, self.dictionary or "")

    @property
    def ratio(self) -> float:
        return self.input_bytes / self.output_bytes if self.output_bytes > 0 else 0.0

    @property
    def compress_mbps(self) -> float:
        """The headline figure, as in the reports: Swift's (`figures`), or for an older file the
        fastest sample (`headline`)."""
        if self.figures is not None:
            return self.figures["compress_mbps"]
        return headline(self.compress_samples)

    @property
    def decompress_mbps(self) -> float | None:
        if self.figures is not None:
            return self.figures["decompress_mbps"]
        return headline(self.decompress_samples) if self.decompress_samples else None

    @property
    def is_plottable(self) -> bool:
        """Failed or skipped cells carry no usable speed or size."""
        return self.error is None and bool(self.compress_samples) and self.output_bytes > 0


@dataclass(frozen=True)
class BackendLook:
    """One entry of `backend_styles`: a backend's colour (`#rrggbb`) and marker name."""

    backend: str
    color: str
    marker: str


@dataclass(frozen=True)
class Context:
    """The parts of the run context the charts print."""

    date: str
    cpu_model: str
    logical_cores: int | None
    repetitions: int | None
    build_configuration: str
    project_version: str

    @property
    def machine(self) -> str:
        """A short machine label for titles: CPU model and core count."""
        cpu = self.cpu_model
        for noise in ("(R)", "(TM)", "(tm)", " CPU", " Processor"):
            cpu = cpu.replace(noise, "")
        cpu = " ".join(cpu.split())
        cores = f", {self.logical_cores} logical cores" if self.logical_cores else ""
        return f"{cpu}{cores}"


@dataclass
class Results:
    """A whole results document, reduced to what the charts need."""

    path: Path
    schema_version: int
    complete: bool
    context: Context
    cells: list[Cell]
    # Total uncompressed bytes and payload count per (corpus, split), from the `corpora` list.
    corpora: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    # The model's links and the curves Swift computed, when the run wrote them (`model`, `charts`).
    model: Model | None = None
    charts: Charts | None = None
    # Each backend's colour and marker (`backend_styles`, Swift's one table), in legend order;
    # empty in files written before it existed.
    backend_styles: list[BackendLook] = field(default_factory=list)

    @property
    def plottable_cells(self) -> list[Cell]:
        return [cell for cell in self.cells if cell.is_plottable]

    def payload_sets(self) -> list[tuple[str, str]]:
        """Payload sets with at least one plottable cell, in the order the run listed them."""
        seen: dict[tuple[str, str], None] = {}
        for cell in self.plottable_cells:
            seen.setdefault(cell.payload_set, None)
        return list(seen)

    def base_thread_cells(self, payload_set: tuple[str, str]) -> list[Cell]:
        """Plottable cells of a payload set at its lowest thread count (normally 1): the
        per-request view. Thread scaling has its own chart."""
        cells = [cell for cell in self.plottable_cells if cell.payload_set == payload_set]
        if not cells:
            return []
        lowest = min(cell.threads for cell in cells)
        return [cell for cell in cells if cell.threads == lowest]

    def pareto_cells(self, cells: list[Cell]) -> list[Cell] | None:
        """The cells among `cells` that Swift marked Pareto-optimal (`charts.pareto`, the report's
        rule), fastest first; None for a file written before Swift recorded the frontier."""
        if self.charts is None:
            return None
        frontier = [cell for cell in cells if cell.key in self.charts.pareto]
        return sorted(frontier, key=lambda cell: (-cell.compress_mbps, cell.output_bytes))

    def cell(self, payload_set: tuple[str, str], backend: str, container: str, level: int, dictionary: str | None) -> Cell | None:
        """The payload set's plottable cell of that setting at its lowest thread count."""
        return next(
            (
                cell
                for cell in self.base_thread_cells(payload_set)
                if (cell.backend, cell.container, cell.level, cell.dictionary) == (backend, container, level, dictionary)
            ),
            None,
        )


def results_path(argument: str | Path) -> Path:
    """The results.json for a folder or file argument, or a `ResultsError` saying why not."""
    path = Path(argument)
    if path.is_dir():
        candidate = path / RESULTS_FILE_NAME
        if not candidate.is_file():
            raise ResultsError(f"{path} is not a results folder: it has no {RESULTS_FILE_NAME}")
        return candidate
    if path.is_file():
        return path
    raise ResultsError(f"{path}: no such results folder or file")


def load_results(argument: str | Path) -> Results:
    """Reads and validates a results folder or results.json."""
    path = results_path(argument)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ResultsError(f"{path}: cannot read it ({error.strerror or error})") from error
    except UnicodeDecodeError as error:
        raise ResultsError(f"{path}: not UTF-8 text, so not a results.json") from error
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ResultsError(f"{path}: invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}") from error
    return _parse_document(document, path)


# MARK: - Validation


def _parse_document(document: Any, path: Path) -> Results:
    if not isinstance(document, dict) or "schema_version" not in document:
        raise ResultsError(f"{path}: not a DeflateBench results document (no schema_version)")
    reader = _Reader(path)
    version = reader.integer(document, "schema_version", "")
    if version > SUPPORTED_SCHEMA_VERSION:
        raise ResultsError(
            f"{path}: schema_version {version} is newer than this script reads "
            f"(up to {SUPPORTED_SCHEMA_VERSION}); update scripts/plot.py"
        )
    cells_json = document.get("cells")
    if not isinstance(cells_json, list):
        raise ResultsError(f"{path}: `cells` is missing or not a list")
    cells = [reader.cell(item, f"cells[{index}]") for index, item in enumerate(cells_json)]
    corpora: dict[tuple[str, str], tuple[int, int]] = {}
    for index, item in enumerate(document.get("corpora") or []):
        where = f"corpora[{index}]"
        record = reader.object(item, where)
        name_split = (reader.string(record, "name", where), reader.string(record, "split", where))
        corpora[name_split] = (reader.integer(record, "bytes", where), reader.integer(record, "payloads", where))
    model = reader.model(document["model"]) if document.get("model") is not None else None
    charts = reader.charts(document["charts"]) if document.get("charts") is not None else None
    styles = [
        reader.backend_look(item, f"backend_styles[{index}]")
        for index, item in enumerate(document.get("backend_styles") or [])
    ]
    return Results(
        path=path,
        schema_version=version,
        complete=bool(document.get("complete", True)),
        context=reader.context(document.get("context")),
        cells=cells,
        corpora=corpora,
        model=model,
        charts=charts,
        backend_styles=styles,
    )


class _Reader:
    """Typed field access that names the file and the JSON path of whatever is wrong."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, message: str) -> ResultsError:
        return ResultsError(f"{self.path}: {where}: {message}")

    def object(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, "expected an object")
        return value

    def string(self, obj: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
        value = obj.get(key, default)
        if not isinstance(value, str):
            raise self.fail(_join(where, key), "missing or not a string")
        return value

    def integer(self, obj: dict[str, Any], key: str, where: str) -> int:
        value = obj.get(key)
        # JSON has one number type; Swift writes integers without a fraction.
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
            raise self.fail(_join(where, key), "missing or not an integer")
        return int(value)

    def optional_integer(self, obj: dict[str, Any], key: str, where: str) -> int | None:
        return None if obj.get(key) is None else self.integer(obj, key, where)

    def number(self, obj: dict[str, Any], key: str, where: str) -> float:
        value = obj.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(_join(where, key), "missing or not a number")
        return float(value)

    def samples(self, obj: dict[str, Any], key: str, where: str) -> tuple[float, ...]:
        if key not in obj and key.endswith("_mbps"):
            key = key.removesuffix("_mbps") + "_m_bps"  # Foundation's .convertToSnakeCase spelling
        value = obj.get(key, [])
        if not isinstance(value, list) or not all(
            isinstance(item, (int, float)) and not isinstance(item, bool) for item in value
        ):
            raise self.fail(_join(where, key), "not a list of numbers")
        return tuple(float(item) for item in value)

    def cell(self, value: Any, where: str) -> Cell:
        obj = self.object(value, where)
        upload_json = obj.get("upload")
        return Cell(
            corpus=self.string(obj, "corpus", where),
            split=self.string(obj, "split", where, default="whole"),
            backend=self.string(obj, "backend", where),
            version=self.string(obj, "version", where, default=""),
            container=self.string(obj, "container", where, default="gzip"),
            level=self.integer(obj, "level", where),
            threads=self.integer(obj, "threads", where),
            payload_bytes=self.optional_integer(obj, "payload_bytes", where) or 0,
            payloads=self.optional_integer(obj, "payloads", where) or 1,
            input_bytes=self.integer(obj, "input_bytes", where),
            output_bytes=self.integer(obj, "output_bytes", where),
            compress_samples=self.samples(obj, "compress_samples_mbps", where),
            decompress_samples=self.samples(obj, "decompress_samples_mbps", where),
            cold_samples_us=self.samples(obj, "cold_samples_microseconds", where),
            memory_bytes=self.optional_integer(obj, "memory_bytes", where),
            verified=bool(obj.get("verified", False)),
            error=obj.get("error") if isinstance(obj.get("error"), str) else None,
            upload=None if upload_json is None else self.upload(upload_json, _join(where, "upload")),
            dictionary=self.dictionary_name(obj.get("dictionary"), _join(where, "dictionary")),
            figures=self.figures(obj.get("figures"), _join(where, "figures")),
        )

    def figures(self, value: Any, where: str) -> dict[str, float] | None:
        """A cell's headline speeds as Swift wrote them, or None for an older file without them."""
        if value is None:
            return None
        obj = self.object(value, where)
        return {key: self.number(obj, key, where) for key in ("compress_mbps", "decompress_mbps")}

    def backend_look(self, value: Any, where: str) -> BackendLook:
        obj = self.object(value, where)
        color = self.string(obj, "color", where)
        if re.fullmatch(r"#[0-9a-fA-F]{6}", color) is None:
            raise self.fail(_join(where, "color"), f"{color!r} is not a #rrggbb colour")
        return BackendLook(self.string(obj, "backend", where), color, self.string(obj, "marker", where))

    def entries(
        self, record: dict[str, Any], key: str, make: Callable[[dict[str, Any], str], T], where: str = "model"
    ) -> tuple[T, ...]:
        """The list `key` of `record` at `where` (absent means empty), each object read by `make(object, at)`."""
        result = []
        for index, item in enumerate(record.get(key) or []):
            at = f"{where}.{key}[{index}]"
            result.append(make(self.object(item, at), at))
        return tuple(result)

    def numbers(self, obj: dict[str, Any], key: str, where: str) -> tuple[float, ...]:
        value = obj.get(key)
        if not isinstance(value, list) or not all(
            isinstance(item, (int, float)) and not isinstance(item, bool) for item in value
        ):
            raise self.fail(_join(where, key), "missing or not a list of numbers")
        return tuple(float(item) for item in value)

    def optional_number(self, obj: dict[str, Any], key: str, where: str) -> float | None:
        return None if obj.get(key) is None else self.number(obj, key, where)

    def optional_string(self, obj: dict[str, Any], key: str, where: str) -> str | None:
        return None if obj.get(key) is None else self.string(obj, key, where)

    def dictionary_name(self, value: Any, where: str) -> str | None:
        if value is None:
            return None
        return self.string(self.object(value, where), "name", where)

    def model(self, value: Any) -> Model:
        where = "model"
        record = self.object(value, where)
        links = self.entries(
            record,
            "links",
            lambda link, at: Link(
                self.string(link, "name", at),
                self.number(link, "uplink_bits_per_second", at),
                self.number(link, "rtt_ms", at),
            ),
        )
        return Model(connection=self.string(record, "connection", where, default="warm"), links=links)

    def charts(self, value: Any) -> Charts:
        where = "charts"
        record = self.object(value, where)
        pareto = self.entries(
            record,
            "pareto",
            lambda key, at: (
                self.string(key, "corpus", at),
                self.string(key, "split", at),
                self.string(key, "backend", at),
                self.string(key, "container", at),
                self.integer(key, "level", at),
                self.integer(key, "threads", at),
                self.optional_string(key, "dictionary", at) or "",
            ),
            where,
        )
        return Charts(
            device=self.string(record, "device", where),
            pareto=frozenset(pareto),
            uplink=self.entries(record, "uplink", self.uplink_curve, where),
            batch=self.entries(record, "batch", self.batch_curve, where),
        )

    def uplink_curve(self, curve: dict[str, Any], where: str) -> UplinkCurve:
        rates = self.numbers(curve, "rates_bits_per_second", where)
        series = self.entries(curve, "series", self.uplink_series, where)
        for index, one in enumerate(series):
            if len(one.saving_ms) != len(rates):
                raise self.fail(f"{where}.series[{index}].saving_ms", f"{len(one.saving_ms)} values for {len(rates)} rates")
        return UplinkCurve(
            corpus=self.string(curve, "corpus", where),
            split=self.string(curve, "split", where),
            payload_bytes=self.number(curve, "payload_bytes", where),
            rtt_ms=self.number(curve, "rtt_ms", where),
            rates_bits_per_second=rates,
            series=series,
        )

    def uplink_series(self, series: dict[str, Any], where: str) -> UplinkSeries:
        return UplinkSeries(
            role=self.string(series, "role", where),
            backend=self.string(series, "backend", where),
            container=self.string(series, "container", where),
            level=self.integer(series, "level", where),
            dictionary=self.optional_string(series, "dictionary", where),
            ratio=self.number(series, "ratio", where),
            saving_ms=self.numbers(series, "saving_ms", where),
            links=self.entries(
                series,
                "links",
                lambda point, at: UplinkPoint(
                    self.string(point, "link", at),
                    self.number(point, "uplink_bits_per_second", at),
                    self.number(point, "rtt_ms", at),
                    self.number(point, "saving_ms", at),
                    self.number(point, "low_ms", at),
                    self.number(point, "high_ms", at),
                ),
                where,
            ),
        )

    def batch_curve(self, curve: dict[str, Any], where: str) -> BatchCurve:
        return BatchCurve(
            corpus=self.string(curve, "corpus", where),
            link=self.string(curve, "link", where),
            uplink_bits_per_second=self.number(curve, "uplink_bits_per_second", where),
            rtt_ms=self.number(curve, "rtt_ms", where),
            points=self.entries(
                curve,
                "points",
                lambda point, at: BatchPoint(
                    self.string(point, "split", at),
                    self.integer(point, "events", at),
                    self.number(point, "ms_per_event", at),
                    self.number(point, "identity_ms_per_event", at),
                    self.optional_string(point, "setting", at),
                    self.optional_number(point, "mj_per_event", at),
                    self.optional_number(point, "identity_mj_per_event", at),
                ),
                where,
            ),
        )

    def upload(self, value: Any, where: str) -> Upload:
        obj = self.object(value, where)
        modelled = obj.get("modelled_ms")
        modelled_identity = obj.get("modelled_identity_ms")
        return Upload(
            link=self.string(obj, "link", where),
            upload_ms=self.number(obj, "upload_ms", where),
            upload_identity_ms=self.number(obj, "upload_identity_ms", where),
            wire_bytes=self.integer(obj, "wire_bytes", where),
            server_verified=bool(obj.get("server_verified", False)),
            modelled_ms=None if modelled is None else self.number(obj, "modelled_ms", where),
            modelled_identity_ms=None
            if modelled_identity is None
            else self.number(obj, "modelled_identity_ms", where),
        )

    def context(self, value: Any) -> Context:
        # The context only feeds titles, so a damaged one degrades the titles, not the charts.
        obj = value if isinstance(value, dict) else {}
        cores = obj.get("logical_cores")
        repetitions = obj.get("repetitions")
        return Context(
            date=str(obj.get("date", "")),
            cpu_model=str(obj.get("cpu_model") or "unknown CPU"),
            logical_cores=cores if isinstance(cores, int) and not isinstance(cores, bool) else None,
            repetitions=repetitions if isinstance(repetitions, int) and not isinstance(repetitions, bool) else None,
            build_configuration=str(obj.get("build_configuration", "")),
            project_version=str(obj.get("project_version", "")),
        )


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key

