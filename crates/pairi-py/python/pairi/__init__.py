"""pairi (牌理): mahjong hand logic from Python.

Every function builds the JSON request of ``spec/json-api.md`` from its arguments and
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
    "score_many",
    "shanten_array",
    "useful_array",
    "Result",
    "Ev",
    "Parsed",
    "Shanten",
    "Analysis",
    "Score",
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
        """The answer as the JSON object of ``spec/json-api.md`` (a fresh copy)."""
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
    """Expected value of each discard of ``hand`` (``spec/ev-model.md``): fields as the
    JSON request (``dora``, ``turn``, ``t_max``, ``search_radius``, ``model``,
    ``maximize``, ``explain``, ...); discards sorted best first."""
    request = {k: v for k, v in fields.items() if v is not None}
    request["hand"] = _hand(hand)
    return Ev(_json.loads(_pairi.answer("ev", _json.dumps(request))))


def _hand(hand):
    if isinstance(hand, str):
        return hand
    return _pairi.hand_text([int(t) for t in hand])
