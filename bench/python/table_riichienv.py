"""Random self-play, pairi's table beside RiichiEnv, in one run on one core.

RiichiEnv 0.4.11 (pip ``riichienv``, Rust core, agents in Python) plays hanchan where
every seat picks uniformly at random among ``Observation.legal_actions()``; pairi's
``table_selfplay`` example does the same inside Rust. Both report games per second of
CPU time (the machine may be shared; wall time would count waits for a core).

Run from the repository root:

    python3 -m venv target/riichienv-venv
    target/riichienv-venv/bin/pip install riichienv==0.4.11
    (cd bench && cargo build --release --example table_selfplay)
    target/riichienv-venv/bin/python bench/python/table_riichienv.py [GAMES]
"""

import os
import pathlib
import random
import subprocess
import sys
import time

from riichienv import RiichiEnv

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "bench" / "target" / "release" / "examples" / "table_selfplay"


def riichienv_games(mode, games):
    """Plays `games` random games of `mode`; returns (CPU seconds, steps, kyoku)."""
    steps = 0
    start = time.process_time()
    for seed in range(games):
        env = RiichiEnv(game_mode=mode, skip_mjai_logging=True, seed=seed)
        rng = random.Random(seed)
        obs = env.reset()
        while not env.done():
            actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()}
            obs = env.step(actions)
            steps += 1
    return time.process_time() - start, steps


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rows = []
    for mode, preset in [("4p-red-half", "tenhou"), ("3p-red-half", "tenhou-sanma")]:
        cpu, steps = riichienv_games(mode, games)
        rate = games / cpu
        print(f"riichienv 0.4.11 {mode}: {games} random hanchan in {cpu:.2f} s of CPU: "
              f"{rate:.1f} hanchan/s, {steps / cpu / 1e3:.1f} k steps/s")
        pairi_rate = None
        if EXAMPLE.exists():
            out = subprocess.run(
                [str(EXAMPLE), str(games * 20), preset],
                capture_output=True, text=True, check=True,
                env={**os.environ, "TABLE_GAMES_ONLY": "1"},
            ).stdout
            print("pairi", out.strip())
            # "... games/s (N per CPU second) ..."
            pairi_rate = float(out.split("(")[2].split(" per CPU second")[0])
        rows.append((mode, rate, pairi_rate))
    for mode, rate, pairi_rate in rows:
        if pairi_rate:
            print(f"{mode}: pairi {pairi_rate:.0f} hanchan/s, RiichiEnv {rate:.1f}: "
                  f"{pairi_rate / rate:.0f} x")


if __name__ == "__main__":
    main()
