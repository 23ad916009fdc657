"""A random agent in Python through pairi.env beside RiichiEnv, in one run, and the
vectorised tables (pairi.env.VecTable) on every core.

The Python loop is the same on both sides: every seat picks uniformly at random among
its legal actions, one decision per iteration, whole hanchan. RiichiEnv 0.4.11 (pip
``riichienv``) takes its legal actions from ``Observation.legal_actions()`` and steps a
dict of the seats that must decide; pairi.env takes ``Table.legal_indices()`` (and, in
the second pairi row, also writes each decision's observation planes and mask into
arrays allocated once, and draws from the mask with numpy). Rates
are per CPU second (the machine may be shared), and games per CPU second are reported
beside decisions, since the two count claim decisions differently (RiichiEnv asks all
claimants in one step).

VecTable: ``n`` tables stepped in one call in Rust without the interpreter lock on all
cores (rayon; ``RAYON_NUM_THREADS`` sets how many), every decision's observation (72 × 34 float32) and mask written into the
table's arrays; random actions drawn in Rust (``step_random``) or from the masks with
numpy (``step``). Rates per wall-clock second and per CPU second of the process
(on a shared machine the cores actually given are printed beside them).

Run from the repository root (pairi installed in the same venv):

    python3 -m venv target/riichienv-venv
    target/riichienv-venv/bin/pip install riichienv==0.4.11 numpy ./crates/pairi-py
    target/riichienv-venv/bin/python bench/python/env_riichienv.py [GAMES]
"""

import os
import random
import sys
import time

import numpy as np
from riichienv import RiichiEnv

from pairi import env as penv


def riichienv_loop(mode, games):
    decisions = steps = 0
    start = time.process_time()
    for seed in range(games):
        env = RiichiEnv(game_mode=mode, skip_mjai_logging=True, seed=seed)
        rng = random.Random(seed)
        obs = env.reset()
        while not env.done():
            actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()}
            decisions += len(actions)
            obs = env.step(actions)
            steps += 1
    return time.process_time() - start, decisions, steps


def pairi_loop(rules, games, observe=False):
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        t = penv.Table(rules, seed)
        rng = random.Random(seed)
        if observe:
            planes = np.zeros(penv.OBS_SHAPE, np.float32)
            mask = np.zeros(penv.ACTION_COUNT, bool)
            while not t.over:
                t.observation(out=planes)
                legal = np.flatnonzero(t.mask(out=mask))
                t.step(int(rng.choice(legal)))
                decisions += 1
        else:
            while not t.over:
                t.step(rng.choice(t.legal_indices()))
                decisions += 1
    return time.process_time() - start, decisions


def vec_rate(rules, n, rounds, numpy_actions):
    v = penv.VecTable(n, rules=rules, seed=0)
    obs, masks, seats, rewards, dones = v.arrays()
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    cpu = time.process_time()
    for _ in range(rounds):
        if numpy_actions:
            actions = (rng.random(masks.shape, np.float32) * masks).argmax(axis=1)
            v.step(actions)
        else:
            v.step_random()
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return n * rounds / wall, n * rounds / cpu, cpu / wall, v.games_finished


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print(f"cores: {os.cpu_count()}, games per row: {games}")
    summary = []
    for mode, rules in [("4p-red-half", "tenhou"), ("3p-red-half", "tenhou-sanma")]:
        cpu, dec, steps = riichienv_loop(mode, games)
        r_dec, r_games = dec / cpu, games / cpu
        print(f"riichienv 0.4.11 {mode}: {r_dec / 1e3:.1f} k decisions/s ({steps / cpu / 1e3:.1f} k "
              f"env steps/s), {r_games:.1f} hanchan/s")
        for observe in (False, True):
            cpu, pdec = pairi_loop(rules, games, observe)
            p_dec, p_games = pdec / cpu, games / cpu
            what = "legal indices + planes + mask" if observe else "legal indices"
            print(f"pairi.env {rules} ({what}): {p_dec / 1e3:.1f} k decisions/s, "
                  f"{p_games:.1f} hanchan/s: {p_dec / r_dec:.1f} x decisions/s, "
                  f"{p_games / r_games:.1f} x hanchan/s")
            summary.append((rules, what, p_dec / r_dec, p_games / r_games))
    for rules in ("tenhou", "tenhou-sanma"):
        for numpy_actions in (False, True):
            rate, per_cpu, cores, done = vec_rate(rules, 512, 400, numpy_actions)
            src = "numpy from the masks" if numpy_actions else "drawn in Rust"
            print(f"VecTable(512) {rules}, actions {src}: {rate / 1e3:.0f} k steps/s wall clock, "
                  f"{per_cpu / 1e3:.0f} k per CPU second ({cores:.2f} cores busy, "
                  f"{done} games finished)")
    for rules, what, x, g in summary:
        print(f"ratio {rules} ({what}): {x:.1f} x decisions/s, {g:.1f} x hanchan/s")


if __name__ == "__main__":
    main()
