"""Instructions per call of the Python bench's contenders, counted by callgrind, which the
load of other processes does not move (bench.py's times move with it).

For each contender, two runs of this file under ``valgrind --tool=callgrind``: both make
the inputs and call the contender once on each (so that what a first call sets up is
counted in neither), then one calls it on every input ``--passes`` times and the other
only loops over the inputs as often. The difference, divided by the calls, is what one
call costs its caller: for ``score(hand, **fields)``, the keyword dictionary CPython
builds at the call site is counted.

Run from the repository root, in the bench's virtual environment (``bash
bench/python/run.sh`` makes it)::

    target/py-venv/bin/python bench/python/instructions.py [name ...]

Names: shanten-list, shanten-array, xiangting, score-every, score-every-written,
score-differing, score-differing-written, situation, mahjong (all when none is given;
``-written``: the keywords' names as a program writes them, CPython's interned strings,
where the others have them as ``json.loads`` reads them). Needs ``valgrind`` and ``../shared``.
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def contenders():
    """{name: (inputs, calls, loop)}: `calls(items)` calls the contender on each item,
    `loop(items)` walks the items alike without calling it."""
    import numpy as np

    import bench
    import pairi

    out = {}
    hands = bench.random_counts(1000, 13, seed=3)
    shanten = pairi.shanten

    def calls_shanten(items):
        for h in items:
            shanten(h)

    def loop_one(items):
        for h in items:
            pass

    out["shanten-list"] = (hands, calls_shanten, loop_one)
    out["shanten-array"] = ([np.array(h, dtype=np.uint8) for h in hands], calls_shanten, loop_one)

    def xiangting():
        import xiangting as x

        four, theirs = x.PlayerCount.FOUR, x.calculate_replacement_number

        def calls(items):
            for h in items:
                theirs(h, four)

        return hands, calls, loop_one

    out["xiangting"] = xiangting

    def riichi():
        cases = bench.riichi_cases()
        every = [(c["hand"], {k: v for k, v in c.items() if k not in ("id", "expected", "hand")})
                 for c in cases]
        differing = [(h, {k: v for k, v in f.items() if bench.DEFAULTS.get(k, object()) != v})
                     for h, f in every]
        return cases, every, differing

    score = pairi.score

    def calls_score(items):
        for h, f in items:
            score(h, **f)

    def loop_two(items):
        for h, f in items:
            pass

    out["score-every"] = lambda: (riichi()[1], calls_score, loop_two)
    out["score-differing"] = lambda: (riichi()[2], calls_score, loop_two)
    out["score-every-written"] = lambda: (bench.as_written(riichi()[1]), calls_score, loop_two)
    out["score-differing-written"] = lambda: (bench.as_written(riichi()[2]), calls_score, loop_two)

    def situation():
        prepared = [(h, pairi.Situation(**f)) for h, f in riichi()[1]]

        def calls(items):
            for h, s in items:
                s.score(h)

        return prepared, calls, loop_two

    out["situation"] = situation

    def mahjong():
        from mahjong.hand_calculating.hand import HandCalculator

        calculator = HandCalculator()
        inputs = [bench.mahjong_inputs(c) for c in riichi()[0]]

        def calls(items):
            for tiles, win, dora, ura, config in items:
                calculator.estimate_hand_value(tiles, win, dora_indicators=dora,
                                               ura_dora_indicators=ura, config=config)

        def loop(items):
            for tiles, win, dora, ura, config in items:
                pass

        return inputs, calls, loop

    out["mahjong"] = mahjong
    return out


def run(name, mode, passes):
    made = contenders()[name]
    items, calls, loop = made() if callable(made) else made
    calls(items)
    for _ in range(passes):
        (calls if mode == "calls" else loop)(items)
    print(len(items) * passes)


def total(out_file):
    for line in pathlib.Path(out_file).read_text().splitlines():
        m = re.match(r"(summary|totals): (\d+)", line)
        if m:
            return int(m.group(2))
    raise SystemExit(f"no total in {out_file}")


def measure(name, passes):
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("calls", "loop"):
            out_file = os.path.join(tmp, mode)
            done = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
                 sys.executable, __file__, "--run", name, mode, str(passes)],
                env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}, capture_output=True, text=True,
                check=True)
            n = int(done.stdout.split()[-1])
            counts[mode] = total(out_file)
    return (counts["calls"] - counts["loop"]) / n


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run"]:
        run(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        sys.exit()
    names = sys.argv[1:] or ["shanten-list", "shanten-array", "xiangting", "score-every",
                             "score-every-written", "score-differing",
                             "score-differing-written", "situation", "mahjong"]
    for name in names:
        passes = 1 if name == "mahjong" else 3
        print(f"{name}: {measure(name, passes):,.0f} instructions per call", flush=True)
