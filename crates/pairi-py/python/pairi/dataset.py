"""Training data from game records (``docs/dataset.md``): every decision of every seat,
replayed at pairi's table, as the observation planes and legal mask the environment
(:mod:`pairi.env`) gives that seat at that moment, the action taken, and labels.

- :func:`batches`: the rows as ``pyarrow.RecordBatch`` of :data:`SCHEMA` (the schema of
  the Parquet files ``pairi dataset`` writes), a batch at a time, memory flat however
  many records;
- :func:`decisions`: all rows as NumPy arrays, the planes as ``float32`` ``(n, 72, 34)``;
- :func:`observations`, :func:`masks`: the float planes and boolean masks of a batch or
  table read back from Parquet.

A decision is a point where a seat had more than one legal action (``forced=True``
adds the points with one). Records are paths (``str`` or ``os.PathLike``) or record
texts (``str`` or ``bytes``) in any format ``pairi record check`` reads, any number of
games a file. pyarrow is optional: only :func:`batches`, :data:`SCHEMA` and reading
Parquet need it (``pip install pyarrow``).
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Iterator, Union

import numpy as np

from . import _pairi
from ._pairi import ACTION_COUNT, ENCODING_VERSION, OBS_PLANES

__all__ = [
    "COLUMNS",
    "SCHEMA",
    "batches",
    "decisions",
    "masks",
    "observations",
]

Record = Union[str, bytes, "os.PathLike[str]"]

PLANE_BYTES = _pairi.DATASET_PLANE_BYTES
"""Bytes of a row's ``planes``: planes 0 to 70, one ``uint8`` a value."""
MASK_BYTES = _pairi.DATASET_MASK_BYTES
"""Bytes of a row's ``mask``: bit ``i % 8`` of byte ``i // 8`` for action ``i``."""

COLUMNS = (
    "planes",
    "scalars",
    "mask",
    "action",
    "game",
    "kyoku",
    "round",
    "dealer",
    "honba",
    "seat",
    "event",
    "kyoku_delta",
    "kyoku_over",
    "final_points",
    "placement",
    "game_over",
)
"""The columns of a row, in :data:`SCHEMA`'s order."""


def _pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "pairi.dataset.batches and SCHEMA need pyarrow: pip install pyarrow "
            "(decisions() needs only numpy)"
        ) from e
    return pyarrow


def _schema(pa: Any) -> Any:
    fields = [
        ("planes", pa.binary(PLANE_BYTES)),
        ("scalars", pa.binary(34 * 4)),
        ("mask", pa.binary(MASK_BYTES)),
        ("action", pa.int16()),
        ("game", pa.int32()),
        ("kyoku", pa.int32()),
        ("round", pa.int8()),
        ("dealer", pa.int8()),
        ("honba", pa.int32()),
        ("seat", pa.int8()),
        ("event", pa.int32()),
        ("kyoku_delta", pa.int32()),
        ("kyoku_over", pa.bool_()),
        ("final_points", pa.int32()),
        ("placement", pa.int8()),
        ("game_over", pa.bool_()),
    ]
    metadata = {
        "pairi.encoding_version": str(ENCODING_VERSION),
        "pairi.version": _pairi.__version__,
    }
    return pa.schema([pa.field(n, t, nullable=False) for n, t in fields], metadata=metadata)


def __getattr__(name: str) -> Any:
    if name == "SCHEMA":
        schema = _schema(_pyarrow())
        globals()["SCHEMA"] = schema
        return schema
    raise AttributeError(f"module 'pairi.dataset' has no attribute {name!r}")


def _texts(records: Union[Record, Iterable[Record]]) -> Iterator[tuple[str, str]]:
    """Each record's text and a name for its errors."""
    if isinstance(records, (str, bytes, os.PathLike)):
        records = [records]
    for i, r in enumerate(records):
        if isinstance(r, bytes):
            yield r.decode("utf-8"), f"record {i}"
        elif isinstance(r, os.PathLike) or (isinstance(r, str) and not _is_text(r)):
            path = os.fspath(r)
            with open(path, encoding="utf-8-sig") as f:
                yield f.read(), str(path)
        elif isinstance(r, str):
            yield r, f"record {i}"
        else:
            raise TypeError(
                f"a record is a path (str or os.PathLike) or a record's text (str or "
                f"bytes), not {type(r).__name__}"
            )


def _is_text(s: str) -> bool:
    """Whether a ``str`` is a record's text rather than a path: it starts as every
    format does (``<`` XML, ``{`` or ``[`` JSON) or holds a line break."""
    t = s.lstrip("\ufeff \t\r\n")
    return t[:1] in ("<", "{", "[") or "\n" in s


def _raw(
    records: Union[Record, Iterable[Record]], partial: bool, batch_size: int, forced: bool
) -> Iterator[dict[str, np.ndarray]]:
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    reader = _pairi.DatasetReader(partial, batch_size, forced)
    for text, name in _texts(records):
        reader.feed(text, name)
        while (b := reader.take()) is not None:
            yield b
    while (b := reader.take(True)) is not None:
        yield b


def _fixed(pa: Any, values: np.ndarray, width: int) -> Any:
    buf = pa.py_buffer(np.ascontiguousarray(values).view(np.uint8).reshape(-1))
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(width), len(values), [None, buf])


def _record_batch(pa: Any, schema: Any, b: dict[str, np.ndarray]) -> Any:
    arrays = [
        _fixed(pa, b["planes"], PLANE_BYTES),
        _fixed(pa, b["scalars"], 34 * 4),
        _fixed(pa, b["mask"], MASK_BYTES),
    ]
    arrays += [pa.array(b[n], type=schema.field(n).type) for n in COLUMNS[3:]]
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def batches(
    records: Union[Record, Iterable[Record]],
    *,
    partial: bool = False,
    batch_size: int = 65536,
    forced: bool = False,
) -> Iterator[Any]:
    """The decisions of ``records`` as ``pyarrow.RecordBatch`` of :data:`SCHEMA`, at most
    ``batch_size`` rows each, every game's rows whole in order (game, kyoku, event,
    seat). ``partial`` reads a game cut off before its end as far as it goes (its
    ``game_over`` false); without it such a game raises :class:`pairi.ParseError`. A
    record the table refuses raises its error, naming the record and the game."""
    pa = _pyarrow()
    schema = __getattr__("SCHEMA")
    for b in _raw(records, partial, batch_size, forced):
        yield _record_batch(pa, schema, b)


def observations(planes: Any, scalars: Any = None) -> np.ndarray:
    """The ``float32`` planes ``(n, 72, 34)`` of rows: from a ``RecordBatch`` or
    ``Table`` with ``planes`` and ``scalars`` columns, or from the two columns' values
    (``planes`` ``uint8`` ``(n, 2414)``, ``scalars`` ``float32`` ``(n, 34)``)."""
    if scalars is None:
        t = planes
        planes, scalars = _bytes(t.column("planes")), _bytes(t.column("scalars"))
        scalars = scalars.view("<f4")
    n = len(planes)
    out = np.empty((n, OBS_PLANES, 34), dtype=np.float32)
    out[:, : OBS_PLANES - 1, :] = np.asarray(planes, dtype=np.uint8).reshape(n, OBS_PLANES - 1, 34)
    out[:, OBS_PLANES - 1, :] = np.asarray(scalars, dtype=np.float32).reshape(n, 34)
    return out


def masks(mask: Any) -> np.ndarray:
    """The boolean legal masks ``(n, 190)`` of rows: from a ``RecordBatch`` or ``Table``
    with a ``mask`` column, or from its packed bytes (``uint8`` ``(n, 24)``)."""
    if not isinstance(mask, np.ndarray):
        mask = _bytes(mask.column("mask"))
    bits = np.unpackbits(np.asarray(mask, dtype=np.uint8), axis=1, bitorder="little")
    return bits[:, :ACTION_COUNT].astype(bool)


def _bytes(column: Any) -> np.ndarray:
    """The values of a fixed-size binary column (an array or a chunked one) as a
    ``uint8`` array of one row per value."""
    chunks = getattr(column, "chunks", [column])
    width = column.type.byte_width
    parts = []
    for c in chunks:
        buf = c.buffers()[1]
        a = np.frombuffer(buf, dtype=np.uint8)
        parts.append(a[c.offset * width : (c.offset + len(c)) * width].reshape(len(c), width))
    if not parts:
        return np.zeros((0, width), dtype=np.uint8)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def decisions(
    records: Union[Record, Iterable[Record]], *, partial: bool = False, forced: bool = False
) -> dict[str, np.ndarray]:
    """Every decision of ``records`` as NumPy arrays of one row per decision: ``obs``
    ``float32`` ``(n, 72, 34)`` (exactly :mod:`pairi.env`'s planes), ``mask`` ``bool``
    ``(n, 190)``, ``action`` ``int16``, and the labels of :data:`SCHEMA` (``game``,
    ``kyoku``, ``round``, ``dealer``, ``honba``, ``seat``, ``event``, ``kyoku_delta``,
    ``kyoku_over``, ``final_points``, ``placement``, ``game_over``). Arguments as
    :func:`batches`; pyarrow is not needed."""
    parts: dict[str, list[np.ndarray]] = {}
    for b in _raw(records, partial, 65536, forced):
        parts.setdefault("obs", []).append(observations(b["planes"], b["scalars"]))
        parts.setdefault("mask", []).append(masks(b["mask"]))
        for n in COLUMNS[3:]:
            parts.setdefault(n, []).append(b[n])
    out: dict[str, np.ndarray] = {}
    empty = {
        "obs": np.zeros((0, OBS_PLANES, 34), dtype=np.float32),
        "mask": np.zeros((0, ACTION_COUNT), dtype=bool),
    }
    dtypes = {
        "action": np.int16,
        "round": np.int8,
        "dealer": np.int8,
        "seat": np.int8,
        "placement": np.int8,
        "kyoku_over": bool,
        "game_over": bool,
    }
    for n in ("obs", "mask", *COLUMNS[3:]):
        if n in parts:
            out[n] = parts[n][0] if len(parts[n]) == 1 else np.concatenate(parts[n])
        else:
            out[n] = empty.get(n, np.zeros(0, dtype=dtypes.get(n, np.int32)))
    return out
