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
    InvalidHandError,
    InvalidRequestError,
    NotWinningError,
    NoYakuError,
    PairiError,
    ParseError,
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
    "score_many",
    "shanten_array",
    "useful_array",
    "Result",
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

_ERRORS = {
    "parse": ParseError,
    "invalid_request": InvalidRequestError,
    "invalid_hand": InvalidHandError,
    "not_winning": NotWinningError,
    "no_yaku": NoYakuError,
}


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


class Score(Result):
    """A Riichi score: ``han``, ``fu``, ``yakuman``, ``yaku``, ``payments``, ``total``, ..."""


class Fan(Result):
    """An MCR score: ``fan`` in all and the ``fans`` counted."""


class Stats(Result):
    """A shanten distribution of dealt hands."""


def _hand(hand):
    if isinstance(hand, str):
        return hand
    return _pairi.hand_text([int(t) for t in hand])


def _request(hand, fields, allowed, name):
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise TypeError(f"{name}() got unexpected keyword arguments: {', '.join(unknown)}")
    request = {k: v for k, v in fields.items() if v is not None}
    if hand is not None:
        request["hand"] = _hand(hand)
    return request


def _answer(kind, cls, request):
    return cls(_json.loads(_pairi.answer(kind, _json.dumps(request))))


_SCORE_FIELDS = {
    "melds", "win", "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
    "haitei", "houtei", "tenhou", "chiihou", "renhou", "round_wind", "seat_wind", "dora",
    "ura", "honba", "riichi_sticks", "rules", "players", "kita",
}
_FAN_FIELDS = {
    "melds", "win", "tsumo", "fourth_tile", "kong", "last_tile", "flowers", "round_wind",
    "seat_wind", "rules", "dialect",
}
_SHANTEN_FIELDS = {"melds", "classic", "rules", "kongs_in_hand", "players", "kita"}
_ANALYZE_FIELDS = _SHANTEN_FIELDS | {"visible", "discarded"}
_STATS_FIELDS = {"tiles", "form", "exact", "hands", "seed", "observed", "players"}


def parse(hand, dialect=None, to=None):
    """Reads a hand in any notation; ``to`` names the notation of ``text``."""
    return _answer("parse", Parsed, _request(hand, {"dialect": dialect, "to": to},
                                             {"dialect", "to"}, "parse"))


def shanten(hand, **fields):
    """Shanten per form of a hand of 13 − 3k or 14 − 3k tiles."""
    return _answer("shanten", Shanten, _request(hand, fields, _SHANTEN_FIELDS, "shanten"))


def analyze(hand, **fields):
    """Useful tiles, waits and improvements (13 − 3k tiles) or the discard table."""
    return _answer("analyze", Analysis, _request(hand, fields, _ANALYZE_FIELDS, "analyze"))


def score(hand, **fields):
    """Riichi score of a winning hand (the last tile is the winning one, or ``win``)."""
    return _answer("score", Score, _request(hand, fields, _SCORE_FIELDS, "score"))


def fan(hand, **fields):
    """MCR fans of a winning hand."""
    return _answer("fan", Fan, _request(hand, fields, _FAN_FIELDS, "fan"))


def stats(**fields):
    """Exact or Monte Carlo shanten distribution of dealt hands."""
    return _answer("stats", Stats, _request(None, fields, _STATS_FIELDS, "stats"))


def score_many(requests):
    """Scores a list of request dicts (the JSON fields of :func:`score`) on every core.

    Returns a list in the same order: a :class:`Score`, or the exception (not raised)
    of a request that could not be scored.
    """
    texts = []
    for r in requests:
        r = dict(r)
        if "hand" in r:
            r["hand"] = _hand(r["hand"])
        texts.append(_json.dumps(r))
    out = []
    for ok, err in _pairi.answer_many("score", texts):
        if ok is not None:
            out.append(Score(_json.loads(ok)))
        else:
            kind, message = err
            out.append(_ERRORS.get(kind, PairiError)(message))
    return out
