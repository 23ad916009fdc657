"""pairi from Python beside the Python libraries bot builders use, in one process, in
interleaved rounds.

- Shanten of one hand: ``pairi.shanten`` of 34 counts (a list, and a NumPy array)
  against the ``xiangting`` package's ``calculate_replacement_number`` (the same list),
  on random 13-tile hands.
- Riichi scoring: ``pairi.score(hand, **fields)`` (every field of the case, its names as
  ``json.loads`` reads them and as a program writes them, and only the fields that differ
  from their defaults) and a prepared ``pairi.Situation`` against the
  ``mahjong`` package's ``HandCalculator.estimate_hand_value`` on the closed hands of the
  shared Riichi cases (each library is given the same hand, winning tile, flags, winds
  and indicators, made ready before timing).
- MCR fans: ``pairi.fan`` against PyMahjongGB's ``MahjongFanCalculator`` on the shared MCR
  cases without melds (skipped when PyMahjongGB is not installed).
- Shanten of random hands through ``pairi.shanten_array`` (hands per second, every core).

Each round times one pass over the items with every contender, in an order that
alternates between rounds; a pass is one comprehension that unpacks each item and calls
the contender on it directly, as a caller's loop does (no function of the bench's
between the loop and the call, whose own call would be counted to the faster side); a contender's figure is its median pass (time per call),
and each ratio the median of the per-round ratios. A pass is timed by the CPU time of
the thread that runs it (``time.thread_time``): on a machine shared with other
processes, wall-clock time also counts the time a pass waits for a core, which falls
unevenly on a pass of a few milliseconds (pairi's) and one of a few hundred (the
``mahjong`` package's), so that wall-clock ratios jump between rounds. ``--wall``
times by the wall clock instead (``time.perf_counter``), as a quiet machine would.

Run from the repository root: ``bash bench/python/run.sh`` (makes the virtual
environment target/py-venv if needed, installs pairi, xiangting and mahjong into it,
then runs this file). Needs ``../shared`` beside the repository for the scoring cases.
"""

import json
import pathlib
import statistics
import sys
import time
import timeit

import numpy as np

import pairi

DATA = pathlib.Path(__file__).resolve().parents[3] / "shared" / "data"


# The clock of a pass: the thread's CPU time, or the wall clock with --wall.
CLOCK = time.perf_counter if "--wall" in sys.argv else time.thread_time


def rounds(passes, items, n):
    """Interleaved passes: {name: [µs per call of each round]}. `passes[name](items)`
    calls the contender once on each item."""
    times = {name: [] for name in passes}
    names = list(passes)
    for r in range(n):
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            run, its = passes[name], items[name]
            t = timeit.timeit(lambda: run(its), number=1, timer=CLOCK)
            times[name].append(t / len(its) * 1e6)
    return times


def row(what, times, name, base=None, baseline=None):
    t = times[name]
    fig = f"{statistics.median(t):.3f}"
    spread = f"{min(t):.3f}"
    if base is None:
        ratio = ""
    else:
        per_round = [b / a for a, b in zip(t, times[base])]
        m = statistics.median(per_round)
        ratio = f"{m:.2f}× faster" if m >= 1 else f"{1 / m:.2f}× slower"
    other = f"{statistics.median(times[base]):.3f}" if base else ""
    print(f"| {what} | {fig} ({spread}) | {baseline or ''} {other} | {ratio} |")


def random_counts(n, size, seed):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.permutation(136)[:size] // 4:
            counts[t] += 1
        out.append(counts)
    return out


def bench_shanten(n_rounds):
    import xiangting

    hands = random_counts(1000, 13, seed=3)
    arrays = [np.array(h, dtype=np.uint8) for h in hands]
    four = xiangting.PlayerCount.FOUR
    theirs = xiangting.calculate_replacement_number
    shanten = pairi.shanten
    agree = sum(shanten(h, classic=False).shanten == theirs(h, four) - 1 for h in hands)
    contenders = {
        "xiangting": lambda hs: [theirs(h, four) for h in hs],
        "pairi list": lambda hs: [shanten(h) for h in hs],
        "pairi array": lambda hs: [shanten(h) for h in hs],
    }
    items = {"xiangting": hands, "pairi list": hands, "pairi array": arrays}
    times = rounds(contenders, items, n_rounds)
    print(f"\nShanten of one hand, 1000 random 13-tile hands, {n_rounds} rounds "
          f"({agree} of 1000 agree with xiangting's replacement number − 1):\n")
    print("| per call | pairi µs, median (min) | other µs, median | median ratio |\n| --- | ---: | ---: | ---: |")
    row("`pairi.shanten(counts)`, a list of 34", times, "pairi list", "xiangting", "`xiangting`")
    row("`pairi.shanten(counts)`, a uint8 array", times, "pairi array", "xiangting", "`xiangting`")


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


# The defaults of the scoring fields: a field at its default is left out of the
# "fields that differ" calls.
DEFAULTS = {"melds": [], "tsumo": False, "riichi": False, "double_riichi": False,
            "ippatsu": False, "rinshan": False, "chankan": False, "haitei": False,
            "houtei": False, "tenhou": False, "chiihou": False, "round_wind": "E",
            "seat_wind": "E", "dora": [], "ura": [], "honba": 0, "riichi_sticks": 0}


def as_written(calls):
    """The (hand, keywords) calls with each keyword's name as a program writes it:
    CPython interns the names in ``score(h, tsumo=True)`` or ``{"tsumo": True}``, while
    those ``json.loads`` reads are new strings."""
    return [(h, {sys.intern(k): v for k, v in f.items()}) for h, f in calls]


def bench_riichi(n_rounds):
    from mahjong.hand_calculating.hand import HandCalculator

    cases = riichi_cases()
    calculator = HandCalculator()
    inputs = [mahjong_inputs(c) for c in cases]

    def theirs(i):
        tiles, win, dora, ura, config = i
        return calculator.estimate_hand_value(tiles, win, dora_indicators=dora,
                                              ura_dora_indicators=ura, config=config)

    # Each side gets its inputs made ready: pairi a hand and a dict of keyword arguments
    # (built as a caller builds one), the mahjong package its tiles and HandConfig.
    every = [(c["hand"], {k: v for k, v in c.items() if k not in ("id", "expected", "hand")})
             for c in cases]
    differing = [(h, {k: v for k, v in f.items() if DEFAULTS.get(k, object()) != v})
                 for h, f in every]
    prepared = [(h, pairi.Situation(**f)) for h, f in every]
    score = pairi.score

    agree = sum(score(h, **f).total == (theirs(i).cost or {}).get("total", -1)
                for (h, f), i in zip(every, inputs))
    same = sum(score(h, **f) == s.score(h) == score(h, **d)
               for (h, f), (_, s), (_, d) in zip(every, prepared, differing))
    estimate = calculator.estimate_hand_value
    contenders = {
        "mahjong": lambda its: [estimate(t, w, dora_indicators=d, ura_dora_indicators=u, config=c)
                                for t, w, d, u, c in its],
        "every field": lambda its: [score(h, **f) for h, f in its],
        "every field, names as written": lambda its: [score(h, **f) for h, f in its],
        "differing fields": lambda its: [score(h, **f) for h, f in its],
        "Situation": lambda its: [s.score(h) for h, s in its],
    }
    items = {"mahjong": inputs, "every field": every,
             "every field, names as written": as_written(every), "differing fields": differing,
             "Situation": prepared}
    times = rounds(contenders, items, n_rounds)
    keywords = statistics.mean(len(f) for _, f in differing)
    every_keywords = statistics.mean(len(f) for _, f in every)
    print(f"\nRiichi score, {len(cases)} closed shared cases, {n_rounds} rounds ({agree} totals "
          f"agree with mahjong; {same} answers equal by the three pairi calls):\n")
    print("| per call | pairi µs, median (min) | other µs, median | median ratio |\n| --- | ---: | ---: | ---: |")
    row(f"`pairi.score(hand, **fields)`, every field of the case ({every_keywords:.0f} keywords, "
        "their names read from JSON)", times, "every field", "mahjong", "`mahjong`")
    row(f"`pairi.score(hand, **fields)`, every field of the case ({every_keywords:.0f} keywords, "
        "their names as a program writes them)", times, "every field, names as written",
        "mahjong", "`mahjong`")
    row(f"`pairi.score(hand, **fields)`, the fields that differ from the defaults "
        f"({keywords:.1f} keywords on average)", times, "differing fields", "mahjong", "`mahjong`")
    row("`Situation(**fields).score(hand)`, the situation read once", times, "Situation",
        "mahjong", "`mahjong`")


def bench_mcr(n_rounds):
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        print("\nMCR fans: PyMahjongGB is not installed, skipped")
        return
    # PyMahjongGB: F1..F4 the winds East..North, J1 J2 J3 Red, Green, White.
    names = {"1": "F1", "2": "F2", "3": "F3", "4": "F4", "5": "J3", "6": "J2", "7": "J1"}
    cases, theirs_in = [], []
    for line in (DATA / "mcr" / "fan-seed1.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["melds"] or "error" in case["expected"] or "win" not in case:
            continue

        def code(t):
            return names[t[0]] if t[1] == "z" else {"m": "W", "p": "B", "s": "T"}[t[1]] + t[0]

        gb = [code(t) for t in tiles_of(case["hand"])]
        win = code(tiles_of(case["win"])[0])
        if len(gb) == 14:
            gb.remove(win)
        winds = "ESWN"
        theirs_in.append((tuple(gb), win, case["flowers"], case["tsumo"], case["fourth_tile"],
                          case["last_tile"], case["kong"], winds.index(case["seat_wind"]),
                          winds.index(case["round_wind"])))
        cases.append((case["hand"], {k: v for k, v in case.items() if k not in ("id", "expected", "hand")}))

    def theirs(i):
        hand, win, flowers, tsumo, fourth, last, kong, seat, prevalent = i
        try:
            fans = MahjongFanCalculator(pack=(), hand=hand, winTile=win, flowerCount=flowers,
                                        isSelfDrawn=tsumo, is4thTile=fourth, isAboutKong=kong,
                                        isWallLast=last, seatWind=seat, prevalentWind=prevalent)
            return sum(n for n, _ in fans)
        except TypeError:
            return None

    def ours(c):
        try:
            return pairi.fan(c[0], **c[1]).fan
        except pairi.PairiError:
            return None

    agree = sum(ours(c) == theirs(i) for c, i in zip(cases, theirs_in))
    times = rounds({"PyMahjongGB": lambda its: [theirs(i) for i in its],
                    "pairi": lambda its: [ours(c) for c in its]},
                   {"PyMahjongGB": theirs_in, "pairi": cases}, n_rounds)
    print(f"\nMCR fans, {len(cases)} shared cases without melds, {n_rounds} rounds ({agree} totals "
          f"agree):\n")
    print("| per call | pairi µs, median (min) | other µs, median | median ratio |\n| --- | ---: | ---: | ---: |")
    row("`pairi.fan(hand, **fields)`", times, "pairi", "PyMahjongGB", "PyMahjongGB")


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
    print(f"\n`shanten_array`, {n} random 13-tile hands: median of 7 passes {rates[3]:.1f} M hands/s "
          f"(range {rates[0]:.1f}-{rates[-1]:.1f})")


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    clock = "wall-clock time" if CLOCK is time.perf_counter else "the thread's CPU time"
    print(f"pairi {pairi.__version__}, Python {sys.version.split()[0]}; passes timed by {clock}")
    bench_shanten(10 if quick else 40)
    bench_riichi(3 if quick else 15)
    bench_mcr(3 if quick else 11)
    if not quick:
        bench_shanten_array()
