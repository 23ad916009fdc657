"""Type stubs of pairi: each function's keyword arguments are the JSON request fields,
typed as JSON types them (``None`` for any of them means its default); each result's
attributes are the fields of its JSON answer."""

import builtins
import os
from typing import Any, Literal, Mapping, Sequence, Union

import numpy as np
import numpy.typing as npt

Hand = Union[str, Sequence[int], npt.NDArray[np.integer[Any]]]
"""MPSZ (or any notation), 34 counts, or 136-tile ids (a list, tuple or 1-D array)."""

__version__: str
Wind = Literal["E", "S", "W", "N", "east", "south", "west", "north", "1z", "2z", "3z", "4z"]
Meld = Mapping[str, Any]
"""``{"kind": "pon", "tiles": "777z", "claimed": 1, "from": 3}``"""

class PairiError(Exception):
    kind: str | None
class ParseError(PairiError, ValueError): ...
class InvalidRequestError(PairiError, ValueError): ...
class InvalidTypeError(InvalidRequestError, TypeError): ...
class InvalidHandError(PairiError, ValueError): ...
class NotWinningError(PairiError, ValueError): ...
class NoYakuError(PairiError, ValueError): ...
class TooLargeError(PairiError, ValueError): ...
class TimeoutError(PairiError, builtins.TimeoutError): ...

class Result:
    def __init__(self, data: dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def keys(self) -> list[str]: ...
    def to_dict(self) -> dict[str, Any]: ...

class Yaku:
    id: str
    name: str
    name_ja: str
    han: int
    yakuman: int

class FanItem:
    id: str
    name: str
    name_zh: str
    points: int
    count: int

class Parsed(Result):
    hand: dict[str, Any]
    text: str

class Shanten:
    shanten: int
    regular: int
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def to_dict(self) -> dict[str, Any]: ...

class Analysis(Result):
    hand: str
    shanten: int
    forms: dict[str, int | None]
    useful: str | None
    count: int | None
    tiles: list[list[Any]] | None
    discards: list[dict[str, Any]] | None
    waits: str | None
    improvements: list[dict[str, Any]] | None

class Score:
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def to_dict(self) -> dict[str, Any]: ...
    breakdown: list[Yaku]
    han: int
    fu: int
    yakuman: int
    yaku: dict[str, int]
    payments: dict[str, int]
    total: int
    limit: str | None
    riichi_sticks_collected: int
    fu_detail: list[dict[str, Any]]
    decomposition: str
    wait: str
    win: str
    how: Literal["ron", "tsumo"]

class Fan:
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def to_dict(self) -> dict[str, Any]: ...
    fan: int
    win: str
    fans: dict[str, int]
    decomposition: str
    form: str
    base: int
    flowers: int
    meets_minimum: bool
    breakdown: list[FanItem]

class Stats(Result):
    tiles: int
    form: str
    total: int
    counts: dict[str, int]
    mean: float

class Ev(Result):
    shanten: int
    searched: int
    memory_bytes: int
    turn: int
    maximize: str
    discards: list[dict[str, Any]]

class RecordCheck(Result):
    format: str
    players: int
    # The table preset of the first game: tenhou, tenhou-sanma, mahjongsoul, mahjongsoul-sanma.
    rules: str
    kyokus: int
    wins: int
    wins_agreeing: int
    kyokus_agreeing: int
    mismatches: list[dict[str, Any]]
    # A Tenhou XML log with its shuffle seed: "reproduced" or "differ" (else absent).
    walls: str

class Review(Result):
    format: str
    names: list[str]
    kyokus: list[dict[str, Any]]
    players: list[dict[str, Any]]

Record = str | bytes | os.PathLike[str]
RecordFormat = Literal["tenhou6", "mjai", "mjlog"]

def read_record(record: Record, *, format: RecordFormat | None = ..., partial: bool = ...) -> list[dict[str, Any]]: ...
def convert_record(record: Record, to: Literal["tenhou6", "mjai"], *,
                   format: RecordFormat | None = ..., partial: bool = ...) -> str: ...
def check_record(record: Record, *, format: RecordFormat | None = ...,
                 partial: bool = ...,
                 rules: Literal["auto", "tenhou", "mahjongsoul"] | None = ...) -> RecordCheck: ...
def review(record: Record, *, seats: Sequence[int] | None = ..., kyoku: Sequence[str] | None = ...,
           format: RecordFormat | None = ..., ev: bool = ..., partial: bool = ...) -> Review | list[Review]: ...
def parse(hand: Hand, *, dialect: Literal["standard", "mcr"] | None = ...,
          to: Literal["mpsz", "unicode", "mjai", "mcr", "libsaki"] | None = ...) -> Parsed: ...
def shanten(hand: Hand, *, melds: int | Sequence[Meld] = ..., classic: bool = ...,
            family: Literal["riichi", "mcr"] | None = ..., kongs_in_hand: bool = ...,
            players: Literal[3, 4] | None = ..., kita: int = ...) -> Shanten: ...
def analyze(hand: Hand, *, melds: int | Sequence[Meld] = ..., visible: str | Sequence[str] | None = ...,
            classic: bool = ..., family: Literal["riichi", "mcr"] | None = ...,
            discarded: Literal["gone", "drawable"] | None = ..., kongs_in_hand: bool = ...,
            players: Literal[3, 4] | None = ..., kita: int = ...,
            ev: bool | Mapping[str, Any] = ...) -> Analysis: ...
def score(hand: Hand, *, win: str | None = ..., melds: Sequence[Meld] = ..., tsumo: bool = ...,
          riichi: bool = ..., double_riichi: bool = ..., ippatsu: bool = ..., rinshan: bool = ...,
          chankan: bool = ..., haitei: bool = ..., houtei: bool = ..., tenhou: bool = ...,
          chiihou: bool = ..., renhou: bool = ..., round_wind: Wind = ..., seat_wind: Wind = ...,
          dora: str | Sequence[str] = ..., ura: str | Sequence[str] = ..., honba: int = ...,
          riichi_sticks: int = ..., rules: str | Mapping[str, Any] | None = ...,
          players: Literal[3, 4] | None = ..., kita: int = ...) -> Score: ...
def fan(hand: Hand, *, win: str | None = ..., melds: Sequence[Meld] = ..., tsumo: bool = ...,
        fourth_tile: bool = ..., kong: bool = ..., last_tile: bool = ..., flowers: int = ...,
        round_wind: Wind = ..., seat_wind: Wind = ...,
        rules: str | Mapping[str, Any] | None = ...,
        dialect: Literal["standard", "mcr"] | None = ...) -> Fan: ...
def stats(*, tiles: int = ..., form: Literal["all", "regular", "chiitoitsu", "kokushi"] = ...,
          exact: bool = ..., hands: int | None = ..., seed: int = ...,
          observed: Mapping[int, int] | None = ..., players: Literal[3, 4] | None = ...) -> Stats: ...
def ev(hand: Hand, *, melds: Sequence[Meld] = ..., round_wind: Wind = ...,
       seat_wind: Wind = ..., dora: str | Sequence[str] = ..., visible: str | Sequence[str] = ...,
       turn: int = ..., t_max: int = ..., search_radius: int = ..., red_fives: bool = ...,
       ura: bool = ..., shanten_back: bool = ..., hand_changes: bool = ...,
       wall: Mapping[str, Any] | None = ..., model: Literal["compat", "pairi"] = ...,
       maximize: Literal["score", "win", "tenpai"] = ..., explain: bool = ...,
       paths: int = ..., max_states: int = ..., players: Literal[3, 4] | None = ...) -> Ev: ...
class Situation:
    """A Riichi scoring situation read once (the keyword arguments of ``score`` without
    the hand), for scoring many hands in it."""
    def __init__(self, *, melds: Sequence[Meld] = ..., win: str | None = ..., tsumo: bool = ...,
                 riichi: bool = ..., double_riichi: bool = ..., ippatsu: bool = ...,
                 rinshan: bool = ..., chankan: bool = ..., haitei: bool = ..., houtei: bool = ...,
                 tenhou: bool = ..., chiihou: bool = ..., renhou: bool = ...,
                 round_wind: Wind = ..., seat_wind: Wind = ..., dora: str | Sequence[str] = ...,
                 ura: str | Sequence[str] = ..., honba: int = ..., riichi_sticks: int = ...,
                 kita: int = ..., rules: str | Mapping[str, Any] | None = ...,
                 players: Literal[3, 4] | None = ...) -> None: ...
    def score(self, hand: Hand) -> Score: ...

def score_many(requests: list[Mapping[str, Any]]) -> list[Score | PairiError]: ...
def shanten_array(counts: npt.NDArray[np.uint8], melds: int = ...) -> npt.NDArray[np.int8]: ...
def useful_array(counts: npt.NDArray[np.uint8], melds: int = ...) -> tuple[
    npt.NDArray[np.int8], npt.NDArray[np.uint8], npt.NDArray[np.uint32]]: ...
