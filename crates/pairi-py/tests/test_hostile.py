"""Hostile calls: every argument of every function given a value pairi cannot use
(wrong types, huge and negative numbers, NaN, nested containers, bytes, lone
surrogates, None where a hand is due, ...) raises a pairi exception, never a bare
built-in one and never a crash; and each exception is also the built-in exception a
caller expects (ValueError for a value, TypeError for a type)."""

import array
import decimal
import fractions
import pathlib

import numpy as np
import pytest

import pairi

HAND = "123m456p789s11122z"
DRAWN = "123456789m1234p5p"
WIN = dict(win="2z")


def nested(depth):
    v = []
    for _ in range(depth):
        v = [v]
    return v


def cycle():
    v = []
    v.append(v)
    return v


# Values that are not a hand.
BAD_HANDS = {
    "None": None,
    "int": 5,
    "huge int": 2**70,
    "float": 1.5,
    "NaN": float("nan"),
    "bool": True,
    "bytes": b"123m456p789s11122z",
    "bytearray": bytearray(b"123m"),
    "memoryview of bytes": memoryview(b"12"),
    "lone surrogate": "123m\ud800",
    "NUL": "\x00",
    "dict": {"hand": HAND},
    "set": {1, 2, 3},
    "object": object(),
    "function": len,
    "range": range(34),
    "generator": (i for i in range(3)),
    "complex": 1j,
    "Decimal": decimal.Decimal("1"),
    "Fraction": fractions.Fraction(1, 2),
    "nested lists": nested(50),
    "deeply nested lists": nested(100_000),
    "a list holding itself": cycle(),
    "list of None": [None] * 14,
    "list of str": ["1m"] * 14,
    "list of floats": [1.0] * 34,
    "list of bools": [True] * 34,
    "list of NaN": [float("nan")] * 14,
    "list with a huge int": [0] * 33 + [2**70],
    "list with a negative count": [0] * 33 + [-1],
    "list with a negative id": [-1] * 13,
    "list with a huge id": [10**30],
    "137 ids": list(range(137)),
    "a million ids": [0] * 1_000_000,
    "five copies by count": [5] + [0] * 33,
    "five copies by id": [0, 1, 2, 3, 0],
    "tuple of strings": ("1m", "2m"),
    "float array": np.ones(34),
    "bool array": np.ones(34, dtype=bool),
    "2-D array": np.zeros((2, 34), dtype=np.uint8),
    "object array": np.array([None] * 34, dtype=object),
    "uint64 array of huge counts": np.full(34, 2**63 + 5, dtype=np.uint64),
    "int8 array of negative counts": np.full(34, -1, dtype=np.int8),
    "empty array": np.zeros(0, dtype=np.int64),
    "array.array of doubles": array.array("d", [1.0] * 34),
    "path": pathlib.Path("hand.txt"),
    "very long notation": "1" * 1_000_000 + "m",
    "unicode noise": "🀄" * 1000,
    "numpy float": np.float64(1.0),
}

# Values for keywords: each is wrong for every keyword that does not take its type.
BAD_VALUES = {
    "str for a flag": "no",
    "int for a flag": 1,
    "huge int": 2**70,
    "negative int": -1,
    "huge negative int": -(2**70),
    "NaN": float("nan"),
    "infinity": float("inf"),
    "float": 1.5,
    "bytes": b"E",
    "lone surrogate": "\udcff",
    "set": {"E"},
    "object": object(),
    "deeply nested": nested(100_000),
    "a list holding itself": cycle(),
    "dict with a tuple key": {(1, 2): 3},
    "dict of bytes": {"preset": b"x"},
    "complex": 2j,
    "Decimal": decimal.Decimal("0.5"),
    "numpy float": np.float32(0.5),
    "numpy array": np.zeros(3),
}

FUNCTIONS = {
    "parse": (pairi.parse, HAND, ["dialect", "to"]),
    "shanten": (pairi.shanten, HAND, ["melds", "classic", "rules", "kongs_in_hand", "players", "kita"]),
    "analyze": (pairi.analyze, HAND, ["melds", "visible", "classic", "rules", "discarded",
                                      "kongs_in_hand", "players", "kita"]),
    "score": (pairi.score, HAND, ["win", "melds", "tsumo", "riichi", "double_riichi", "ippatsu",
                                  "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
                                  "renhou", "round_wind", "seat_wind", "dora", "ura", "honba",
                                  "riichi_sticks", "rules", "players", "kita"]),
    "fan": (pairi.fan, HAND, ["win", "melds", "tsumo", "fourth_tile", "kong", "last_tile",
                              "flowers", "round_wind", "seat_wind", "rules", "dialect"]),
    "ev": (pairi.ev, DRAWN, ["melds", "round_wind", "seat_wind", "dora", "visible", "turn", "t_max",
                             "search_radius", "red_fives", "ura", "shanten_back", "hand_changes",
                             "wall", "model", "maximize", "explain", "paths", "players",
                             "max_states"]),
}


def hostile_calls():
    """(name, call) for every hostile call."""
    calls = []
    for fname, (f, _, _) in FUNCTIONS.items():
        for what, hand in BAD_HANDS.items():
            calls.append((f"{fname}(hand: {what})", lambda f=f, hand=hand: f(hand)))
    for what, hand in BAD_HANDS.items():
        calls.append((f"Situation().score(hand: {what})",
                      lambda hand=hand: pairi.Situation(**WIN).score(hand)))
        calls.append((f"score_many([hand: {what}])",
                      lambda hand=hand: raise_first(pairi.score_many([{"hand": hand}]))))
    for fname, (f, hand, keywords) in FUNCTIONS.items():
        for key in keywords:
            for what, value in BAD_VALUES.items():
                calls.append((f"{fname}({key}: {what})",
                              lambda f=f, hand=hand, key=key, value=value: f(hand, **{key: value})))
    for key in FUNCTIONS["score"][2]:
        for what, value in BAD_VALUES.items():
            calls.append((f"Situation({key}: {what})",
                          lambda key=key, value=value: pairi.Situation(**{key: value})))
    for key in ["tiles", "form", "exact", "hands", "seed", "observed", "players"]:
        for what, value in BAD_VALUES.items():
            calls.append((f"stats({key}: {what})", lambda key=key, value=value: pairi.stats(**{key: value})))
    for fname, f in [("read_record", pairi.read_record), ("check_record", pairi.check_record),
                     ("review", pairi.review), ("convert_record", lambda r, **k: pairi.convert_record(r, "mjai", **k))]:
        for what, record in {
            "None": None, "int": 3, "list": [1, 2], "dict": {"log": []}, "bad UTF-8": b"\xff\xfe{",
            "broken gzip": b"\x1f\x8b\x08\x00garbage", "lone surrogate": "\ud800", "empty": "",
            "a file name as text": "game.json", "NaN": float("nan"), "object": object(),
        }.items():
            calls.append((f"{fname}(record: {what})", lambda f=f, record=record: f(record)))
        for what, value in BAD_VALUES.items():
            calls.append((f"{fname}(format: {what})", lambda f=f, value=value: f("{}", format=value)))
    for what, value in BAD_VALUES.items():
        calls.append((f"review(seats: {what})", lambda value=value: pairi.review("{}", seats=value)))
        calls.append((f"review(kyoku: {what})", lambda value=value: pairi.review("{}", kyoku=value)))
    for what, counts in {
        "list": [[0] * 34], "int64 array": np.zeros((2, 34), dtype=np.int64), "1-D array": np.zeros(34, dtype=np.uint8),
        "33 columns": np.zeros((2, 33), dtype=np.uint8), "None": None, "bytes": b"\x00" * 34,
        "fives": np.full((1, 34), 5, dtype=np.uint8),
    }.items():
        calls.append((f"shanten_array({what})", lambda counts=counts: pairi.shanten_array(counts)))
        calls.append((f"useful_array({what})", lambda counts=counts: pairi.useful_array(counts)))
    for what, value in BAD_VALUES.items():
        ok = np.zeros((1, 34), dtype=np.uint8)
        calls.append((f"shanten_array(melds: {what})", lambda value=value: pairi.shanten_array(ok, melds=value)))
    for what, args in {
        "unknown kind": ("nope", "{}"), "not JSON": ("score", "{"), "bytes": (b"score", b"{}"),
        "None": (None, None), "surrogate": ("score", '{"hand": "\ud800"}'),
        "deep JSON": ("score", "[" * 100_000),
    }.items():
        calls.append((f"answer({what})", lambda args=args: pairi._pairi.answer(*args)))
    for f, name in [(pairi.score, "score"), (pairi.shanten, "shanten"), (pairi.fan, "fan"), (pairi.ev, "ev"),
                    (pairi.analyze, "analyze"), (pairi.parse, "parse")]:
        calls.append((f"{name}(unknown keyword)", lambda f=f: f(HAND, tsumoo=True)))
        calls.append((f"{name}(surrogate keyword)", lambda f=f: f(HAND, **{"\ud800": 1})))
    calls.append(("score_many(not a list)", lambda: pairi.score_many("abc")))
    calls.append(("score_many([not a dict])", lambda: raise_first(pairi.score_many([3]))))
    calls.append(("Situation(unknown keyword)", lambda: pairi.Situation(nope=1)))
    return calls


def raise_first(results):
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return results


CALLS = hostile_calls()


def test_there_are_many_kinds():
    assert len(CALLS) > 2000
    kinds = {name.split("(", 1)[1] for name, _ in CALLS}
    assert len(kinds) >= 95, len(kinds)


@pytest.mark.parametrize("name,call", CALLS, ids=[n for n, _ in CALLS])
def test_hostile_call_raises_a_pairi_error(name, call):
    try:
        call()
    except pairi.PairiError as e:
        assert str(e), name
        assert isinstance(e, (ValueError, TypeError)), name
        if isinstance(e, pairi.InvalidTypeError):
            assert isinstance(e, TypeError) and isinstance(e, pairi.InvalidRequestError)
        assert e.kind in {"parse", "invalid_request", "invalid_hand", "not_winning", "no_yaku",
                          "too_large"}
    else:
        # A few of these are values a field may hold after all (a dict of options, a
        # negative seat is refused, ...): they must then give an answer, which they did.
        assert name in ALLOWED, f"{name} was accepted"


# Whole-number fields, which take 1 (the "int for a flag" value) as a good value.
INT_FIELDS = {"honba", "riichi_sticks", "kita", "flowers", "turn", "t_max", "search_radius",
              "paths", "hands", "melds", "players", "max_states", "seed", "tiles"}
# Calls whose value is one the field accepts: they answer rather than raise.
ALLOWED = {
    f"{f}({k}: int for a flag)"
    for f in ["score", "Situation", "fan", "ev", "stats", "shanten", "analyze"]
    for k in INT_FIELDS
} | {"parse(hand: empty array)"}


def test_a_search_past_its_bound_is_a_too_large_value_error():
    with pytest.raises(pairi.TooLargeError) as caught:
        pairi.ev("123456789m1234p5p", max_states=1)
    assert caught.value.kind == "too_large"
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, pairi.PairiError)
    assert issubclass(pairi.TimeoutError, TimeoutError) and pairi.TimeoutError.kind == "timeout"
