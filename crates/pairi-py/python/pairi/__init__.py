"""pairi (牌理): mahjong hand logic from Python.

Every function answers the JSON request of the same name (the contract of the command
line's ``--batch``, the HTTP server and the web page): its keyword arguments are the
request's fields, read as JSON reads them, and each result's ``to_dict()`` is exactly
the JSON answer. A flag is a ``bool``, a count an ``int``, a tile or a wind a ``str``;
a value of another type is refused (``tsumo="no"`` raises :class:`InvalidTypeError`,
as ``"tsumo": "no"`` is refused in JSON), and ``None`` for a keyword means its default.

Hands are MPSZ strings (any notation ``pairi parse`` reads), 34 counts (1m..9m, 1p..9p,
1s..9s, E S W N P F C) or 136-tile ids (kind ``id // 4``; 16, 52 and 88 are the red
fives), as a list, a tuple or a NumPy array, so code written for the ``mahjong``
package or Tenhou logs can pass its hands.

Errors raise one class per JSON error kind (:class:`ParseError`,
:class:`InvalidRequestError`, :class:`InvalidHandError`, :class:`NotWinningError`,
:class:`NoYakuError`, :class:`TooLargeError`), each a :class:`PairiError` and a
``ValueError``, with the command line's messages (work stopped at a time limit raises
:class:`TimeoutError`, also the built-in ``TimeoutError``); an argument of the wrong type or an unknown keyword raises
:class:`InvalidTypeError`, an ``InvalidRequestError`` and a ``TypeError``. So
``except pairi.PairiError`` catches everything pairi raises about its arguments.
"""

import os as _os

from . import _pairi
from ._pairi import (
    Analysis,
    Ev,
    Fan,
    FanItem,
    InvalidHandError,
    InvalidRequestError,
    InvalidTypeError,
    NotWinningError,
    NoYakuError,
    PairiError,
    TimeoutError,
    TooLargeError,
    Parsed,
    ParseError,
    RecordCheck,
    Result,
    Review,
    Score,
    Shanten,
    Situation,
    Stats,
    Yaku,
    __version__,
    analyze,
    ev,
    fan,
    parse,
    score,
    score_many,
    shanten,
    shanten_array,
    stats,
    useful_array,
)

__all__ = [
    "__version__",
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
    "record_legal",
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
    "Yaku",
    "Situation",
    "Fan",
    "FanItem",
    "Stats",
    "PairiError",
    "ParseError",
    "InvalidRequestError",
    "InvalidTypeError",
    "InvalidHandError",
    "NotWinningError",
    "NoYakuError",
    "TooLargeError",
    "TimeoutError",
]

# The endings of record files, for telling a file name given as text.
_RECORD_ENDINGS = (".json", ".jsonl", ".mjlog", ".xml", ".gz", ".txt")


def _looks_like_path(text):
    """Whether a record given as text looks like a file name instead."""
    if "\n" in text or len(text) > 4096:
        return False
    return text.strip().lower().endswith(_RECORD_ENDINGS) or _os.path.exists(text)


def _record_text(record):
    """A record given as its text, as bytes (gzip unpacked) or as a path."""
    if isinstance(record, _os.PathLike):
        with open(record, "rb") as f:
            record = f.read()
    if isinstance(record, (bytes, bytearray, memoryview)):
        data = bytes(record)
        if data[:2] == b"\x1f\x8b":
            import gzip
            import zlib

            try:
                data = gzip.decompress(data)
            except (OSError, EOFError, zlib.error) as e:
                raise ParseError(f"the record is gzip data that cannot be unpacked: {e}") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ParseError(f"the record is not UTF-8 text ({e.reason} at byte {e.start})") from None
    if isinstance(record, str):
        return record
    raise InvalidTypeError(
        "record: the record's text (str), its bytes or a path (os.PathLike), "
        f"not a {type(record).__name__}"
    )


def _record_request(kind, record, **fields):
    text = _record_text(record)
    try:
        return _pairi.answer_fields(kind, record=text, **fields)
    except PairiError as e:
        if isinstance(record, str) and _looks_like_path(record):
            raise type(e)(
                f"{e} (the record given is text that looks like a file name: pass "
                f"pathlib.Path({record!r}) to read the file)"
            ) from None
        raise


def read_record(record, *, format=None, partial=False):
    """A game record (tenhou.net/6 JSON, mjai JSON Lines or Tenhou XML) as its mjai
    events: a list of dicts, ``start_game`` to ``end_game``.

    ``record`` is the record's text (``str``), its bytes (gzip unpacked) or a path
    (``os.PathLike``: ``pathlib.Path("game.json")``); a file name given as a plain
    ``str`` is text, and the error says so. ``format``: ``tenhou6``, ``mjai`` or
    ``mjlog`` (found from the text when ``None``). ``partial``: accept a game cut off
    before its end (an excerpt); without it such a record raises ``ParseError``."""
    import json

    text = _record_request("record_convert", record, format=format, to="mjai", partial=partial)["record"]
    return [json.loads(line) for line in text.splitlines() if line]


def convert_record(record, to, *, format=None, partial=False):
    """A game record written as ``to`` (``"tenhou6"``, ``"mjai"`` or ``"mjlog"``), after
    replaying it (a record that does not replay raises): the text. ``record``,
    ``format`` and ``partial`` as for :func:`read_record`."""
    return _record_request("record_convert", record, format=format, to=to, partial=partial)["record"]


def check_record(record, *, format=None, partial=False, rules=None):
    """Plays a game record again at the table and compares every win the table makes
    with the record's: a :class:`RecordCheck` (counts of what agrees, ``mismatches``, and
    ``rules``, the table preset used). ``rules``: ``"auto"`` (default), ``"tenhou"`` or
    ``"mahjongsoul"``. ``record``, ``format`` and ``partial`` as for :func:`read_record`."""
    fields = {"format": format, "partial": partial}
    if rules is not None:
        fields["rules"] = rules
    return RecordCheck(_record_request("record_check", record, **fields))


def record_legal(record, *, format=None, rules=None, partial=False):
    """The legal actions at every decision point of a game record, played again at the
    table: a list of dicts ``{"after", "seat", "legal"}`` (``after``: the number of the
    record's mjai events before the decision, as :func:`read_record` lists them;
    ``legal``: mjai messages). ``rules``: ``"tenhou"`` (default), ``"mahjongsoul"`` or
    ``"auto"``.
    A recorded action the table does not allow raises. A record of several games is
    played game by game, each dict then with its ``"game"`` (1 for the first).
    ``record``, ``format`` and ``partial`` as for :func:`read_record`."""
    fields = {"format": format, "partial": partial}
    if rules is not None:
        fields["rules"] = rules
    return _record_request("record_legal", record, **fields)["decisions"]


def review(record, *, seats=None, kyoku=None, format=None, ev=False, partial=False):
    """Reviews every discard of a game record against the best one: a :class:`Review`.
    ``seats``: the seats reviewed (0 to 3; all when ``None``); ``kyoku``: the kyoku
    reviewed by label, such as ``["E1", "S3.1"]``; ``ev``: also the expected value of
    each discard and of the best one (slower). ``record``, ``format`` and ``partial`` as
    for :func:`read_record`. A record of several games gives a list of :class:`Review`,
    one per game."""
    answer = _record_request("review", record, format=format, seats=seats, kyoku=kyoku, ev=ev, partial=partial)
    if "games" in answer:
        return [Review(game) for game in answer["games"]]
    return Review(answer)
