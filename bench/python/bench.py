"""pairi from Python beside the Python libraries bot builders use, in one process.

- Riichi scoring: ``pairi.score`` against the ``mahjong`` package's
  ``HandCalculator.estimate_hand_value`` on the closed hands of the shared Riichi cases
  (each library is given the same hand, winning tile, flags, winds and indicators).
- MCR fans: ``pairi.fan`` against PyMahjongGB's ``MahjongFanCalculator`` on the shared
  MCR cases without melds (skipped when PyMahjongGB is not installed).
- Shanten of random hands through ``pairi.shanten_array`` (hands per second, every core).

Run from the repository root after ``bash crates/pairi-py/test.sh`` (which builds the
module into target/py-venv):

    target/py-venv/bin/pip install mahjong PyMahjongGB
    target/py-venv/bin/python bench/python/bench.py
"""

import json
import pathlib
import time

import numpy as np

import pairi

DATA = pathlib.Path(__file__).resolve().parents[3] / "shared" / "data"


def per_call(f, items, rounds):
    """Median over `rounds` passes of the time per item, in microseconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            f(item)
        times.append((time.perf_counter() - start) / len(items))
    times.sort()
    return times[len(times) // 2] * 1e6


def split(text):
    """The digits of each suit of a hand in MPSZ (normalised by pairi first)."""
    suits = {"m": "", "p": "", "s": "", "z": ""}
    digits = ""
    for c in pairi.parse(text).text:
        if c.isdigit():
            digits += c
        else:
            suits[c] += digits
            digits = ""
    return suits


def tiles_of(text):
    """The tiles of a hand in MPSZ, in order: (digit, suit) pairs."""
    out = []
    for suit, digits in split(text).items():
        out += [(d, suit) for d in digits]
    return out


def riichi_cases():
    cases = []
    for line in (DATA / "riichi" / "score-cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["melds"] or "error" in case["expected"]:
            continue
        cases.append(case)
    return cases


def mahjong_inputs(case):
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.tile import TilesConverter

    def to136(text):
        suits = split(text)
        return TilesConverter.string_to_136_array(
            man=suits["m"], pin=suits["p"], sou=suits["s"], honors=suits["z"], has_aka_dora=True
        )

    tiles = to136(case["hand"])
    win_kind = to136(case["win"])[0] // 4
    win = next(t for t in tiles if t // 4 == win_kind)
    winds = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
    config = HandConfig(
        is_tsumo=case["tsumo"], is_riichi=case["riichi"] or case["double_riichi"],
        is_ippatsu=case["ippatsu"], is_rinshan=case["rinshan"], is_chankan=case["chankan"],
        is_haitei=case["haitei"], is_houtei=case["houtei"], is_daburu_riichi=case["double_riichi"],
        is_tenhou=case["tenhou"], is_chiihou=case["chiihou"],
        player_wind=winds[case["seat_wind"]], round_wind=winds[case["round_wind"]],
        tsumi_number=case["honba"],
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True),
    )
    dora = [to136(t)[0] for t in case["dora"]]
    ura = [to136(t)[0] for t in case["ura"]]
    return tiles, win, dora, ura, config


def bench_riichi():
    from mahjong.hand_calculating.hand import HandCalculator

    cases = riichi_cases()
    fields = [{k: v for k, v in c.items() if k not in ("id", "expected")} for c in cases]
    calculator = HandCalculator()
    inputs = [mahjong_inputs(c) for c in cases]

    def theirs(i):
        tiles, win, dora, ura, config = i
        return calculator.estimate_hand_value(tiles, win, dora_indicators=dora,
                                              ura_dora_indicators=ura, config=config)

    # Both sides get their inputs ready-made: pairi a hand and keyword arguments.
    fields = [(f.pop("hand"), f) for f in fields]

    def ours(f):
        return pairi.score(f[0], **f[1])

    # As the mahjong package's HandConfig, a prepared situation per case (built once):
    # the call then passes only the hand.
    prepared = [(hand, pairi.Situation(**f)) for hand, f in fields]

    def ours_prepared(p):
        return p[1].score(p[0])

    agree = sum(ours(f).total == (theirs(i).cost or {}).get("total", -1)
                for f, i in zip(fields, inputs))
    same = sum(ours(f) == ours_prepared(p) for f, p in zip(fields, prepared))
    a = per_call(ours, fields, 5)
    p = per_call(ours_prepared, prepared, 5)
    b = per_call(theirs, inputs, 3)
    print(f"riichi score, {len(cases)} closed shared cases: mahjong {b:.1f} us per call; "
          f"pairi.score with keywords {a:.1f} us ({b / a:.0f}x faster), "
          f"Situation.score {p:.2f} us ({b / p:.0f}x faster) ({agree} totals agree, "
          f"{same} prepared answers equal)")


def bench_mcr():
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        print("mcr fan: PyMahjongGB is not installed, skipped")
        return
    # PyMahjongGB: F1..F4 the winds East..North, J1 J2 J3 Red, Green, White.
    names = {"1": "F1", "2": "F2", "3": "F3", "4": "F4", "5": "J3", "6": "J2", "7": "J1"}
    cases, theirs_in = [], []
    for line in (DATA / "mcr" / "fan-seed1.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["melds"] or "error" in case["expected"] or "win" not in case:
            continue
        # PyMahjongGB takes the 13 standing tiles and the winning tile apart.
        code = lambda t: names[t[0]] if t[1] == "z" else {"m": "W", "p": "B", "s": "T"}[t[1]] + t[0]
        gb = [code(t) for t in tiles_of(case["hand"])]
        win = code(tiles_of(case["win"])[0])
        if len(gb) == 14:
            gb.remove(win)
        winds = "ESWN"
        theirs_in.append((tuple(gb), win, case["flowers"], case["tsumo"], case["fourth_tile"],
                          case["last_tile"], case["kong"], winds.index(case["seat_wind"]),
                          winds.index(case["round_wind"])))
        cases.append({k: v for k, v in case.items() if k not in ("id", "expected")})

    def theirs(i):
        hand, win, flowers, tsumo, fourth, last, kong, seat, prevalent = i
        try:
            fans = MahjongFanCalculator(pack=(), hand=hand, winTile=win, flowerCount=flowers,
                                        isSelfDrawn=tsumo, is4thTile=fourth, isAboutKong=kong,
                                        isWallLast=last, seatWind=seat, prevalentWind=prevalent)
            return sum(n for n, _ in fans)
        except TypeError:
            return None

    cases = [(c.pop("hand"), c) for c in cases]

    def ours(f):
        try:
            return pairi.fan(f[0], **f[1]).fan
        except pairi.PairiError:
            return None

    agree = sum(ours(f) == theirs(i) for f, i in zip(cases, theirs_in))
    a = per_call(ours, cases, 5)
    b = per_call(theirs, theirs_in, 5)
    print(f"mcr fan, {len(cases)} shared cases without melds: pairi {a:.1f} us, PyMahjongGB "
          f"{b:.1f} us per call: {b / a:.1f}x faster ({agree} totals agree)")


def bench_shanten_array(n=1_000_000):
    rng = np.random.default_rng(7)
    hands = np.zeros((n, 34), dtype=np.uint8)
    for start in range(0, n, 100_000):
        walls = np.argsort(rng.random((100_000, 136)), axis=1)[:, :13] // 4
        block = hands[start:start + 100_000]
        for k in range(13):
            np.add.at(block, (np.arange(100_000), walls[:, k]), 1)
    pairi.shanten_array(hands[:1000])
    rates = []
    for _ in range(7):
        start = time.perf_counter()
        pairi.shanten_array(hands)
        rates.append(n / (time.perf_counter() - start) / 1e6)
    rates.sort()
    print(f"shanten_array, {n} random 13-tile hands: median of 7 passes {rates[3]:.1f} M hands/s "
          f"(range {rates[0]:.1f}-{rates[-1]:.1f})")


if __name__ == "__main__":
    bench_riichi()
    bench_mcr()
    bench_shanten_array()
