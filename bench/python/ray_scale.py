"""pairi.ray from one worker to more on this machine: self_play and check_records timed
on a local Ray cluster of 1, then 2, ... CPUs (docs/scale.md).

Usage: python bench/python/ray_scale.py RECORD_DIR [--games N] [--workers 1,2]
RECORD_DIR holds the record files to check (``pairi arena --records DIR`` writes some).
Prints one line per measure and worker count, with the load average before each run.
"""

import argparse
import os
import pathlib
import time

import ray

import pairi
from pairi.arena import Arena
from pairi import ray as pray


def load():
    return os.getloadavg()[0]


def timed(f):
    t = time.perf_counter()
    out = f()
    return time.perf_counter() - t, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records", type=pathlib.Path)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", default="1,2")
    args = ap.parse_args()
    files = sorted(p for p in args.records.iterdir() if p.is_file())
    agents = ["greedy"] * 4
    base = {}
    for w in [int(x) for x in args.workers.split(",")]:
        ray.init(num_cpus=w, include_dashboard=False, log_to_driver=False, configure_logging=False)
        # Start the workers and load pairi in them before timing.
        pray.check_records(files[:w], files_per_task=1)
        pray.self_play(agents, w, seed=99, actors=w)
        for name, f in [
            ("self_play", lambda: pray.self_play(agents, args.games, seed=1, actors=w)),
            ("check_records", lambda: pray.check_records(files)),
        ]:
            before = load()
            secs, out = timed(f)
            n = out["games"] if name == "self_play" else len(out)
            base.setdefault(name, secs)
            print(
                f"{name:14} workers {w}: {secs:6.2f} s, {n / secs:8.1f} /s, "
                f"speed-up {base[name] / secs:4.2f}, load before {before:.1f}",
                flush=True,
            )
        ray.shutdown()
    # The single-process baselines, for the cost of Ray itself.
    before = load()
    secs, _ = timed(lambda: [pairi.check_record(p) for p in files])
    print(f"check_record loop, one process: {secs:6.2f} s, {len(files) / secs:8.1f} /s, load before {before:.1f}")
    a = Arena(agents, args.games, seed=1)
    before = load()
    secs, _ = timed(lambda: a.play(threads=1))
    print(f"Arena.play, one thread: {secs:6.2f} s, {args.games / secs:8.1f} /s, load before {before:.1f}")


if __name__ == "__main__":
    main()
