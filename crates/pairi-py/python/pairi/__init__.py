"""pairi (牌理): mahjong hand logic from Python.

Every function builds the JSON request of ``docs/json-api.md`` from its arguments and
answers it with the Rust library; each result's ``to_dict()`` is exactly that JSON.
Hands are MPSZ strings (any notation ``pairi parse`` reads), 34 counts (1m..9m, 1p..9p,
1s..9s, E S W N P F C), or 136-tile ids (kind ``id // 4``; 16, 52 and 88 are the red
fives), so code written for the ``mahjong`` package or Tenhou logs can pass its hands.

Errors raise one exception class per JSON error kind, all subclasses of
:class:`PairiError`, with the messages of the command line.
"""

import copy as _copy
import json as _json

from . import _pairi
from ._pairi import (
    Fan,
    InvalidHandError,
    InvalidRequestError,
    NotWinningError,
    NoYakuError,
    PairiError,
    ParseError,
    Score,
    Situation,
    fan,
    score,
    score_many,
    shanten_array,
    useful_array,
)

__all__ = [
    "parse",
    "shanten",
    "analyze",
    "score",
    "fan",
    "stats",
    "ev",
    "read_record",
    "convert_record",
    "check_record",
    "review",
    "score_many",
    "shanten_array",
    "useful_array",
    "Result",
    "Ev",
    "RecordCheck",
    "Review",
    "Parsed",
    "Shanten",
    "Analysis",
    "Score",
    "Situation",
    "Fan",
    "Stats",
    "PairiError",
    "ParseError",
    "InvalidRequestError",
    "InvalidHandError",
    "NotWinningError",
    "NoYakuError",
]



class Result:
    """An answer: its JSON fields read as attributes (``r.han``) or items (``r["han"]``)."""

    __slots__ = ("_data",)

    def __init__(self, data):
        self._data = data

    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key):
        return self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __eq__(self, other):
        return type(self) is type(other) and self._data == other._data

    def __repr__(self):
        return f"{type(self).__name__}({self._data!r})"

    def to_dict(self):
        """The answer as the JSON object of ``docs/json-api.md`` (a fresh copy)."""
        return _copy.deepcopy(self._data)


class Parsed(Result):
    """A hand read from notation: ``hand`` (its canonical JSON) and ``text``."""


class Shanten(Result):
    """Shanten overall (``shanten``) and per form (``regular``, ``chiitoitsu``, ...)."""


class Analysis(Result):
    """Shanten, forms, useful tiles, waits, improvements, or the discard table."""


class Stats(Result):
    """A shanten distribution of dealt hands."""


class Ev(Result):
    """Tenpai probability, win probability and expected score of each discard by turn."""


class RecordCheck(Result):
    """A record replayed and every win scored again: counts and ``mismatches``."""


class Review(Result):
    """Every discard of a record against the best one, and a summary per player."""


def parse(hand, dialect=None, to=None):
    """Reads a hand in any notation; ``to`` names the notation of ``text``."""
    fields = {k: v for k, v in (("dialect", dialect), ("to", to)) if v is not None}
    return Parsed(_pairi.answer_fields("parse", hand, **fields))


def shanten(hand, **fields):
    """Shanten per form of a hand of 13 − 3k or 14 − 3k tiles."""
    return Shanten(_pairi.answer_fields("shanten", hand, **fields))


def analyze(hand, **fields):
    """Useful tiles, waits and improvements (13 − 3k tiles) or the discard table."""
    return Analysis(_pairi.answer_fields("analyze", hand, **fields))


def stats(**fields):
    """Exact or Monte Carlo shanten distribution of dealt hands."""
    unknown = sorted(set(fields) - _STATS_FIELDS)
    if unknown:
        raise TypeError(f"stats() got an unexpected keyword argument '{unknown[0]}'")
    # Counts reach past 2^64 (`observed`): read through JSON, which carries them whole.
    request = {k: v for k, v in fields.items() if v is not None}
    return Stats(_json.loads(_pairi.answer("stats", _json.dumps(request))))


_STATS_FIELDS = {"tiles", "form", "exact", "hands", "seed", "observed", "players"}


def ev(hand, **fields):
    """Expected value of each discard of ``hand`` (``docs/ev-model.md``): fields as the
    JSON request (``dora``, ``turn``, ``t_max``, ``search_radius``, ``model``,
    ``maximize``, ``explain``, ...); discards sorted best first."""
    fields = {k: v for k, v in fields.items() if v is not None}
    return Ev(_pairi.answer_fields("ev", hand, **fields))


def _record_text(record):
    """A record given as its text, as bytes (gzip unpacked), or as a path."""
    import os as _os

    if isinstance(record, _os.PathLike):
        with open(record, "rb") as f:
            record = f.read()
    if isinstance(record, (bytes, bytearray)):
        if record[:2] == b"\x1f\x8b":
            import gzip as _gzip

            record = _gzip.decompress(record)
        record = bytes(record).decode("utf-8")
    return record


def _record_request(kind, record, **fields):
    request = {k: v for k, v in fields.items() if v is not None}
    request["record"] = _record_text(record)
    return _json.loads(_pairi.answer(kind, _json.dumps(request)))


def read_record(record, format=None):
    """A game record (tenhou.net/6 JSON, mjai JSON Lines or Tenhou XML; text, bytes or
    a path) as its mjai events: a list of dicts, ``start_game`` to ``end_game``."""
    text = _record_request("record_convert", record, format=format, to="mjai")["record"]
    return [_json.loads(line) for line in text.splitlines() if line]


def convert_record(record, to, format=None):
    """A game record written as ``to`` (``"tenhou6"`` or ``"mjai"``): the text."""
    return _record_request("record_convert", record, format=format, to=to)["record"]


def check_record(record, format=None):
    """Replays a game record and scores every win again: what agrees, what differs."""
    return RecordCheck(_record_request("record_check", record, format=format))


def review(record, seats=None, kyoku=None, format=None):
    """Reviews every discard of a game record (of ``seats``, in the kyoku labelled in
    ``kyoku`` such as ``["E1", "S3.1"]``) against the best one."""
    if seats is not None:
        seats = [int(s) for s in seats]
    return Review(_record_request("review", record, format=format, seats=seats, kyoku=kyoku))
