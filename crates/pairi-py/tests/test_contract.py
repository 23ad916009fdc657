"""The Python calls against the JSON contract: the direct paths (shanten of counts and
arrays, score and fan keywords) answer what the JSON request answers, error for error;
keywords are the JSON field names, typed as JSON types them; every function shows its
real signature and docstring; results name their yaku and fans."""

import inspect
import json
import pathlib
import sys

import numpy as np
import pytest

import pairi
from pairi import _pairi
from shared_data import data, path as shared_path

ROOT = pathlib.Path(__file__).resolve().parents[3]


def by_json(kind, request):
    """The answer of the JSON request, or the exception it raises."""
    try:
        return json.loads(_pairi.answer(kind, json.dumps(request)))
    except pairi.PairiError as e:
        return e


def outcome(call):
    try:
        return call().to_dict()
    except pairi.PairiError as e:
        return e


def same(got, want, what):
    if isinstance(want, Exception):
        assert isinstance(got, Exception), (what, got, want)
        assert type(got) is type(want), (what, got, want)
        assert str(got) == str(want), what
    else:
        assert got == want, what


def mpsz(counts):
    """34 counts in MPSZ, written here rather than by pairi."""
    out = ""
    for suit, base, n in (("m", 0, 9), ("p", 9, 9), ("s", 18, 9), ("z", 27, 7)):
        digits = "".join(str(i + 1) * int(counts[base + i]) for i in range(n))
        if digits:
            out += digits + suit
    return out


def dealt(n, size, seed, copies=4):
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), copies)
    hands = []
    for _ in range(n):
        counts = np.zeros(34, dtype=np.int64)
        for t in rng.permutation(wall)[:size]:
            counts[t] += 1
        hands.append(counts)
    return hands


@pytest.mark.parametrize("size", [13, 14, 10, 11, 12, 15, 0])
def test_shanten_of_counts_answers_as_json(size):
    keywords = [{}, {"melds": 1}, {"classic": True}, {"rules": "mcr"}, {"players": 3},
                {"melds": 1, "players": 3, "kita": 1}]
    for i, counts in enumerate(dealt(150, size, seed=size)):
        fields = keywords[i % len(keywords)]
        want = by_json("shanten", {"hand": mpsz(counts), **fields})
        as_list = counts.tolist()
        for hand in (as_list, tuple(as_list), counts, counts.astype(np.uint8),
                     counts.astype(np.int32), counts.astype(np.uint16)):
            same(outcome(lambda: pairi.shanten(hand, **fields)), want, (size, fields, as_list))
        if not isinstance(want, Exception):
            r = pairi.shanten(as_list, **fields)
            assert r.shanten == want["shanten"] and r.regular == want["regular"]


def test_shanten_of_ids_and_errors_answer_as_json():
    for ids, text in [([0, 4, 8, 48, 53, 56, 96, 100, 104, 108, 109, 110, 112], "123m406p789s1112z"),
                      ([16, 52, 88], "0m0p0s"), ([], ""), ([0, 1, 2, 3, 4], "11112m")]:
        same(outcome(lambda: pairi.shanten(ids)), by_json("shanten", {"hand": text}), ids)
    # Five copies: the counts' own message (no JSON text has counts).
    with pytest.raises(pairi.ParseError, match="a count of 34 is 0 to 4, not 5"):
        pairi.shanten([5] + [0] * 33)
    with pytest.raises(pairi.InvalidHandError):
        pairi.shanten([0, 1, 2, 3, 0])


def test_shanten_of_plain_counts_answers_as_the_request():
    """`shanten(counts)` alone takes a shorter path for a list of 34 small ints or a uint8
    array of 13 or 14 tiles: it answers as the request (a field at its default goes
    through it), answer for answer and error for error, on every input."""
    rng = np.random.default_rng(27)

    class Counts(list):
        pass

    hands = []
    for size in (13, 14, 13, 14, 12, 15, 0, 1, 2, 11, 17):
        for counts in dealt(40, size, seed=100 + size):
            hands.append(counts.tolist())
    for _ in range(200):
        hands.append(rng.integers(0, 6, 34).tolist())
    plain = [0] * 34
    for i in [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 28, 28]:
        plain[i] += 1
    for i, bad in enumerate([5, -1, 2**70, True, 2.0, "1", None, np.int64(2), np.uint8(9)]):
        h = list(plain)
        h[i * 3] = bad
        hands.append(h)
    forms = []
    for h in hands:
        forms += [h, tuple(h), Counts(h)]
        try:
            a = np.array(h)
        except (TypeError, ValueError, OverflowError):
            continue
        for dtype in (np.uint8, np.int64):
            try:
                forms.append(a.astype(dtype))
            except (TypeError, ValueError, OverflowError):
                pass
    wide = np.zeros(68, dtype=np.uint8)
    wide[0:28:2] = np.array(plain[:14], dtype=np.uint8)
    forms += [wide[::2], np.array([plain], dtype=np.uint8), np.array(plain, dtype=np.uint8)[::-1],
              np.array(plain[:33], dtype=np.uint8), np.array(plain + [0], dtype=np.uint8), plain[:33],
              plain + [0]]
    readonly = np.array(plain, dtype=np.uint8)
    readonly.flags.writeable = False
    forms.append(readonly)

    def outcome_of(call):
        try:
            return call().to_dict()
        except Exception as e:  # every error the call raises, compared by type and text
            return e

    for hand in forms:
        want = outcome_of(lambda: pairi.shanten(hand, classic=False))
        same(outcome_of(lambda: pairi.shanten(hand)), want, hand)
        same(outcome_of(lambda: pairi.shanten(hand, melds=None, players=None)), want, hand)


def test_score_keywords_are_found_by_their_whole_name():
    """Each keyword is taken under its exact name only: a name one letter off, longer,
    shorter, with a NUL or in another case is an unknown keyword (a TypeError naming
    it), for `score` and `Situation` alike; the exact names are taken."""
    hand = "123m456p789s11122z"
    names = [n for n, p in inspect.signature(pairi.score).parameters.items()
             if p.kind is p.KEYWORD_ONLY]
    assert len(names) == 22
    near = ["", "x", "hand2", "a" * 15, "a" * 16, "b" * 40, "\u00e9t\u00e9", "\U0001f004"]
    for n in names:
        assert pairi.score(hand, **{n: None}) == pairi.score(hand), n
        near += [n[:-1], n + "s", n + "\0", n.upper(), n.capitalize(), n[1:], " " + n,
                 n[:-1] + chr(ord(n[-1]) + 1), n.replace("_", "-")]
    for bad in near:
        if bad in names or bad == "hand":
            continue
        with pytest.raises(TypeError, match="unexpected keyword argument"):
            pairi.score(hand, **{bad: 1})
        with pytest.raises(TypeError, match="unexpected keyword argument"):
            pairi.Situation(**{bad: 1})


def score_cases():
    cases = []
    for name in ("riichi/score-cases.jsonl", "sanma/score-cases.jsonl"):
        for line in data(name).read_text().splitlines():
            case = json.loads(line)
            cases.append({k: v for k, v in case.items() if not k.startswith("expected") and k != "id"})
    return cases


def test_score_keywords_answer_as_json():
    cases = score_cases()
    assert len(cases) > 3000
    for case in cases:
        want = by_json("score", case)
        fields = dict(case)
        hand = fields.pop("hand")
        same(outcome(lambda: pairi.score(hand, **fields)), want, case)
        same(outcome(lambda: pairi.Situation(**fields).score(hand)), want, case)


def test_score_keywords_by_address_and_by_text_agree():
    """A keyword name written in a program is CPython's interned string, found by its
    address; one read from JSON is another string of the same text, and a `str` subclass
    another type, both found by their text: all answer alike, names of both kinds in one
    call and `hand` given as a keyword too. A wind given as its letter (CPython's one
    object of it, or the interned letter where that is another object), its name in any
    case, a subclass of `str` or `1z`..`4z` answers alike as well."""

    class Name(str):
        pass

    # A first call makes the module intern its names, so that `sys.intern` of a name
    # read from JSON gives that object, not the name read.
    pairi.score("123m456p789s11122z")
    words = {"E": ["east", "EAST", "1z", Name("E")], "S": ["south", "s", "2z", Name("S")],
             "W": ["West", "w", "3z", Name("W")], "N": ["north", "n", "4z", Name("N")]}
    for case in score_cases()[::7]:
        want = by_json("score", case)
        read = dict(case)
        hand = read.pop("hand")
        written = {sys.intern(k): v for k, v in read.items()}
        subclass = {Name(k): v for k, v in read.items()}
        # Names of both kinds in one call, each kind first.
        mixed = [{(sys.intern(k) if i % 2 == first else k): v
                  for i, (k, v) in enumerate(read.items())} for first in (0, 1)]
        for fields in (read, written, subclass, *mixed):
            same(outcome(lambda: pairi.score(hand, **fields)), want, case)
            same(outcome(lambda: pairi.score(**fields, hand=hand)), want, case)
            same(outcome(lambda: pairi.score(**{Name("hand"): hand}, **fields)), want, case)
        for key in ("round_wind", "seat_wind"):
            letter = read.get(key)
            if letter not in words:
                continue
            # The letter as `chr` makes it (CPython's one object of it) and as interned.
            for word in words[letter] + [chr(ord(letter)), sys.intern(letter)]:
                same(outcome(lambda: pairi.score(hand, **{**written, key: word})), want, case)


def test_fan_keywords_answer_as_json():
    n = 0
    for name in ("mcr/fan-seed1.jsonl", "mcr/fan-anchors.jsonl"):
        for line in data(name).read_text().splitlines():
            case = json.loads(line)
            fields = {k: v for k, v in case.items()
                      if k not in ("id", "expected", "doc_agrees", "doc_fans", "source")}
            want = by_json("fan", fields)
            hand = fields.pop("hand")
            same(outcome(lambda: pairi.fan(hand, **fields)), want, case["id"])
            n += 1
    assert n > 3000


FLAGS = {
    pairi.score: ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                  "houtei", "tenhou", "chiihou", "renhou"],
    pairi.fan: ["tsumo", "fourth_tile", "kong", "last_tile"],
    pairi.shanten: ["classic", "kongs_in_hand"],
    pairi.analyze: ["classic", "kongs_in_hand"],
    pairi.ev: ["red_fives", "ura", "shanten_back", "hand_changes", "explain"],
}


def test_flags_are_bools_not_truthiness():
    for f, flags in FLAGS.items():
        hand = "123456789m1234p5p" if f is pairi.ev else "123m456p789s11122z"
        for flag in flags:
            for value in ["no", "yes", "", 1, 0, 1.0, [], [0], {"x": 1}]:
                with pytest.raises(pairi.InvalidTypeError) as raised:
                    f(hand, **{flag: value}, **({"t_max": 4} if f is pairi.ev else {}))
                assert isinstance(raised.value, TypeError)
                assert f"`{flag}`: invalid type" in str(raised.value), (f, flag, value)
    with pytest.raises(TypeError):
        pairi.stats(exact="yes")
    with pytest.raises(TypeError):
        pairi.review("{}", ev="yes")
    # NumPy's bools are bools.
    assert pairi.score("123m456p789s11122z", tsumo=np.bool_(True)).how == "tsumo"


def test_none_means_the_default():
    hand = "123m456p789s11122z"
    fields = inspect.signature(pairi.score).parameters
    plain = pairi.score(hand)
    for name, p in fields.items():
        if p.kind is p.KEYWORD_ONLY:
            assert pairi.score(hand, **{name: None}) == plain, name
            if p.default is not None:
                assert pairi.score(hand, **{name: p.default}) == plain, name


def test_keywords_are_the_json_field_names():
    """Each keyword is a field of the JSON request: the request path takes it too."""
    requests = {
        "score": (pairi.score, "123m456p789s11122z"),
        "fan": (pairi.fan, "123m456p789s11122z"),
        "shanten": (pairi.shanten, "123m456p789s11122z"),
        "analyze": (pairi.analyze, "123m456p789s11122z"),
        "ev": (pairi.ev, "123456789m1234p5p"),
        "parse": (pairi.parse, "123m"),
    }
    for kind, (f, hand) in requests.items():
        for name, p in inspect.signature(f).parameters.items():
            if p.kind is not p.KEYWORD_ONLY or p.default is None:
                continue
            # The JSON request with that field at its default answers as without it.
            extra = {"t_max": 4} if kind == "ev" else {}
            with_field = by_json(kind, {"hand": hand, name: p.default, **extra})
            without = by_json(kind, {"hand": hand, **extra})
            assert with_field == without, (kind, name)
    for name in ("seat_wind", "round_wind", "riichi_sticks", "honba", "rules", "dora", "ura"):
        assert name in inspect.signature(pairi.score).parameters


PUBLIC = [pairi.parse, pairi.shanten, pairi.analyze, pairi.score, pairi.fan, pairi.stats, pairi.ev,
          pairi.read_record, pairi.convert_record, pairi.check_record, pairi.record_legal, pairi.review,
          pairi.score_many, pairi.shanten_array, pairi.useful_array, pairi.Situation]


def test_every_function_has_its_signature_and_docstring():
    for f in PUBLIC:
        sig = inspect.signature(f)
        assert not any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()), (f, sig)
        assert f.__doc__ and len(f.__doc__) > 60, f
    sig = inspect.signature(pairi.score)
    assert str(sig).startswith("(hand, *, win=None, melds=(), tsumo=False")
    assert sig.parameters["seat_wind"].default == "E"
    assert sig.parameters["honba"].default == 0
    assert "score(hand, *, win=None" in pairi.score.__doc__ or "hand" in pairi.score.__doc__
    assert inspect.signature(pairi.Situation.score).parameters.keys() >= {"hand"}
    for cls in (pairi.Score, pairi.Fan, pairi.Shanten, pairi.Result, pairi.Analysis, pairi.Yaku,
                pairi.FanItem, pairi.PairiError, pairi.InvalidTypeError):
        assert cls.__doc__, cls


def test_version():
    import re

    cargo = (pathlib.Path(__file__).resolve().parents[1] / "Cargo.toml").read_text()
    assert pairi.__version__ == re.search(r'^version = "(.*)"', cargo, re.M).group(1)


def test_yaku_and_fans_by_name():
    r = pairi.score("234m406p78999s[777z]", win="9s", seat_wind="S", dora=["3p"])
    y = r.breakdown[0]
    assert (y.id, y.name, y.name_ja, y.han, y.yakuman) == ("yakuhai_chun", "Red dragon", "役牌 中", 1, 0)
    assert [b.id for b in r.breakdown] == list(r.yaku)
    assert r.to_dict()["breakdown"][0] == {"id": "yakuhai_chun", "en": "Red dragon", "ja": "役牌 中",
                                           "zh": "役牌 中", "han": 1, "yakuman": 0}
    assert "Red dragon" in repr(y)
    k = pairi.score("19m19p19s11234567z", win="7z")
    assert [(b.name, b.yakuman, b.han) for b in k.breakdown] == [("Thirteen orphans", 1, 0)]
    # Every yaku of the shared cases has both names; every fan its names of the spec.
    spec = {f["id"]: f for f in json.loads(shared_path("spec/mcr-fans.json").read_text())}
    seen = set()
    for line in data("mcr/fan-seed1.jsonl").read_text().splitlines()[:800]:
        case = json.loads(line)
        fields = {k: v for k, v in case.items() if k not in ("id", "expected")}
        try:
            f = pairi.fan(fields.pop("hand"), **fields)
        except pairi.PairiError:
            continue
        for item in f.breakdown:
            assert (item.name, item.name_zh) == (spec[item.id]["en"], spec[item.id]["zh"])
            assert item.points == spec[item.id]["points"]
            seen.add(item.id)
    assert len(seen) > 40
    for case in score_cases()[:1500]:
        fields = dict(case)
        try:
            s = pairi.score(fields.pop("hand"), **fields)
        except pairi.PairiError:
            continue
        for b in s.breakdown:
            assert b.name and b.name_ja and (b.han or b.yakuman)


def test_errors_are_builtin_exceptions_too():
    assert issubclass(pairi.ParseError, ValueError)
    assert issubclass(pairi.InvalidTypeError, TypeError)
    assert issubclass(pairi.InvalidTypeError, pairi.InvalidRequestError)
    for cls in (pairi.ParseError, pairi.InvalidRequestError, pairi.InvalidHandError,
                pairi.NotWinningError, pairi.NoYakuError):
        assert issubclass(cls, pairi.PairiError) and issubclass(cls, ValueError)
    with pytest.raises(ValueError):
        pairi.score("123m")
    assert pairi.NoYakuError.kind == "no_yaku"


def test_records_take_paths_and_refuse_bytes_hands(tmp_path):
    path = ROOT / "examples" / "game.json"
    assert pairi.check_record(path).wins == 1
    with pytest.raises(pairi.ParseError, match="looks like a file name: pass pathlib.Path"):
        pairi.check_record(str(path))
    with pytest.raises(pairi.ParseError, match="looks like a file name"):
        pairi.review("no-such-game.mjlog")
    with pytest.raises(pairi.InvalidTypeError, match="bytes are not a hand"):
        pairi.shanten(b"123m456p789s1122z")
    with pytest.raises(pairi.ParseError, match="not UTF-8"):
        pairi.check_record(b"\xff\xfe")
