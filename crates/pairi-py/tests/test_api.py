"""The Python API: results, hands in every form, exceptions, batches and arrays."""

import numpy as np
import pytest

import pairi


def test_score_result_reads_as_attributes_and_dict():
    r = pairi.score("234m406p78999s[777z]", win="9s", seat_wind="S", dora=["3p"])
    assert isinstance(r, pairi.Score)
    assert (r.han, r.fu, r.total) == (3, 30, 3900)
    assert r["yaku"] == {"yakuhai_chun": 1, "dora": 1, "aka_dora": 1}
    d = r.to_dict()
    d["han"] = 99
    assert r.han == 3, "to_dict is a copy"
    with pytest.raises(AttributeError):
        r.nope


def test_hands_as_notation_counts_and_136_ids():
    text = "123m456p789s11122z"
    counts = [0] * 34
    for i in [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 28, 28]:
        counts[i] += 1
    ids = [0, 4, 8, 48, 53, 56, 96, 100, 104, 108, 109, 110, 112, 113]
    want = pairi.shanten(text).to_dict()
    assert pairi.shanten(counts).to_dict() == want
    assert pairi.shanten(ids).to_dict() == want
    assert pairi.parse([16, 52, 88]).text == "0m0p0s"
    with pytest.raises(pairi.ParseError):
        pairi.parse([136])
    with pytest.raises(pairi.ParseError):
        pairi.shanten([5] + [0] * 33)


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: pairi.parse("12x"), pairi.ParseError),
        (lambda: pairi.score("123m456p789s1122z"), pairi.InvalidRequestError),
        (lambda: pairi.score("123m"), pairi.InvalidHandError),
        (lambda: pairi.score("123m456p789s11345z"), pairi.NotWinningError),
        (lambda: pairi.score("234m406p78999s777s"), pairi.NoYakuError),
        (lambda: pairi.score("19m19p19s1234567z1s", players=5), pairi.InvalidRequestError),
        (lambda: pairi.analyze("234m456p789s1122z", players=3), pairi.InvalidHandError),
        (lambda: pairi.fan("123m456p789s1122z"), pairi.InvalidRequestError),
        (lambda: pairi.stats(tiles=15, exact=True), pairi.InvalidRequestError),
    ],
)
def test_errors_raise_their_kind(call, error):
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, pairi.PairiError)
    assert str(raised.value)


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="tsumoo"):
        pairi.score("123m456p789s11122z", tsumoo=True)
    with pytest.raises(TypeError, match="t_maxx"):
        pairi.ev("123456789m1234p5p", t_maxx=8)


def test_ev_reads_hands_in_every_form_and_explains():
    text = "123456789m1234p5p"
    counts = np.array([1] * 14 + [0] * 20, dtype=np.uint8)
    want = pairi.ev(text, dora="1z", t_max=8).to_dict()
    assert pairi.ev(counts, dora="1z", t_max=8).to_dict() == want
    r = pairi.ev(text, dora="1z", t_max=8, model="pairi", explain=True, paths=2)
    assert isinstance(r, pairi.Ev)
    assert r.discards[0]["tile"] == "1p"
    assert len(r.discards[0]["explain"]["paths"]) == 2
    with pytest.raises(pairi.InvalidRequestError):
        pairi.ev(text, turn=40)


def test_hostile_inputs_never_crash():
    for hand in ["", "[" * 10000, "0" * 100000 + "m", "🀄" * 1000, "\x00", "[123m,9]"]:
        with pytest.raises(pairi.PairiError):
            pairi.score(hand)
    with pytest.raises(pairi.PairiError):
        pairi.score("123m456p789s11122z", honba=10**6)
    with pytest.raises(pairi.ParseError):
        pairi.shanten([2**70] * 14)


def test_sanma_and_stats():
    r = pairi.score("67p33405667789s5p", players=3, kita=1, tsumo=True, riichi=True,
                    rinshan=True, seat_wind="S")
    assert r.yaku["kita"] == 1 and r.payments == {"dealer": 6000, "non_dealer": 3000}
    s = pairi.stats(exact=True, players=3)
    assert s.total == 20592957740312160 and s.players == 3


def test_score_many_keeps_order_and_errors():
    out = pairi.score_many([
        {"hand": "234m406p78999s[777z]", "win": "9s", "seat_wind": "S"},
        {"hand": "123m"},
        {"hand": [0, 4, 8, 48, 53, 56, 96, 100, 104, 108, 109, 110, 112, 113]},
    ])
    assert isinstance(out[0], pairi.Score) and out[0].total == 2000
    assert isinstance(out[1], pairi.InvalidHandError)
    assert isinstance(out[2], pairi.Score)
    assert isinstance(pairi.score_many([{"win": "1m"}])[0], pairi.InvalidRequestError)


def random_hands(n, size, seed=1):
    rng = np.random.default_rng(seed)
    walls = np.argsort(rng.random((n, 136)), axis=1)[:, :size] // 4
    counts = np.zeros((n, 34), dtype=np.uint8)
    for k in range(size):
        np.add.at(counts, (np.arange(n), walls[:, k]), 1)
    return counts


def test_arrays_agree_with_single_calls():
    hands = random_hands(300, 13)
    shanten = pairi.shanten_array(hands)
    s, useful, count = pairi.useful_array(hands)
    assert shanten.dtype == np.int8 and shanten.shape == (300,)
    assert (s == shanten).all()
    assert useful.shape == (300, 34) and count.dtype == np.uint32
    for row, sh, u, c in zip(hands, shanten, useful, count):
        one = pairi.analyze(row.tolist())
        assert one.shanten == sh
        assert one.count == c
        if c:
            assert pairi.parse([int(x) for x in u]).text == one.useful
    with pytest.raises(pairi.InvalidHandError, match="row 1"):
        bad = random_hands(2, 13)
        bad[1, 0] = 9
        pairi.shanten_array(bad)
    with pytest.raises(pairi.InvalidRequestError):
        pairi.shanten_array(np.zeros((2, 33), dtype=np.uint8))


def test_a_prepared_situation_scores_as_score():
    import json

    from shared_data import data as shared

    data = shared("riichi/score-cases.jsonl")
    n = 0
    for line in data.read_text().splitlines():
        case = json.loads(line)
        fields = {k: v for k, v in case.items() if k not in ("id", "expected")}
        hand = fields.pop("hand")
        try:
            want = pairi.score(hand, **fields)
        except pairi.PairiError as e:
            with pytest.raises(type(e)):
                pairi.Situation(**fields).score(hand)
            continue
        assert pairi.Situation(**fields).score(hand) == want, case["id"]
        n += 1
    assert n > 2000
    s = pairi.Situation(win="9s", tsumo=True, dora=["3p"])
    assert s.score("234m406p78999s777z").total == pairi.score("234m406p78999s777z", win="9s", tsumo=True, dora=["3p"]).total
    with pytest.raises(pairi.ParseError):
        pairi.Situation(win="9x")
    with pytest.raises(TypeError):
        pairi.Situation(nope=1)
    with pytest.raises(pairi.InvalidHandError):
        s.score("123m")


def score_flag_names():
    """The flags' names from their one list, ``Flags::NAMES`` in the library."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[3]
    source = (root / "crates/pairi/src/riichi/context.rs").read_text()
    block = re.search(r"pub const NAMES: \[&'static str; (\d+)\] = \[(.*?)\];", source, re.S)
    names = re.findall(r'"(\w+)"', block.group(2))
    assert len(names) == int(block.group(1))
    return names


@pytest.mark.parametrize("name", score_flag_names())
def test_score_takes_every_flag_as_a_keyword(name):
    import json

    from pairi import _pairi

    hand = "123m456p789s11222z"
    try:
        got = pairi.score(hand, win="2z", **{name: True}).to_dict()
    except pairi.PairiError as e:
        got = type(e).__name__
    request = json.dumps({"hand": hand, "win": "2z", name: True})
    try:
        want = json.loads(_pairi.answer("score", request))
    except pairi.PairiError as e:
        want = type(e).__name__
    assert got == want
