"""Compares the legal actions of `pairi record legal` with RiichiEnv's at every decision
point of game records.

Each record is written as mjai by `pairi record convert --to mjai`; RiichiEnv (pip
`riichienv`, an independent engine) is fed those events one at a time
(`RiichiEnv.apply_event`) and asked after each one which seats have legal actions and
what they are. pairi's decisions come from `pairi record legal`, whose `after` counts
the same mjai events. The two are compared decision by decision, each action reduced
to what both engines state (see README.md), and the disagreements are counted by kind.

    python bench/legal/compare.py --pairi target/release/pairi RECORD_OR_DIR...
"""

import argparse
import collections
import json
import os
import subprocess
import sys

SUFFIXES = (".json", ".jsonl", ".mjson", ".mjlog", ".xml")


def files_under(paths, suffixes=SUFFIXES):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs.sort()
                out.extend(os.path.join(root, n) for n in sorted(names) if n.endswith(suffixes))
        else:
            out.append(p)
    return out


def base(pai):
    """A tile's kind: the red mark dropped."""
    return pai[:-1] if pai and pai.endswith("r") else pai


def key(msg):
    """An mjai action reduced to what both engines state: the kind of action and its
    tiles (red fives kept, tsumogiri dropped: RiichiEnv lists a discard per tile, not
    whether it is the drawn one)."""
    t = msg.get("type")
    if t == "dahai":
        return ("dahai", msg["pai"])
    if t in ("chi", "pon"):
        return (t, msg["pai"], tuple(sorted(msg.get("consumed", []))))
    if t in ("daiminkan", "ankan", "kakan"):
        tiles = msg.get("consumed", []) + ([msg["pai"]] if msg.get("pai") else [])
        return (t, base(tiles[0]) if tiles else "")
    if t in ("nukidora", "kita"):
        return ("kita",)
    if t in ("hora", "reach", "ryukyoku", "none"):
        return (t,)
    return (t or "?",)


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def riichienv_decisions(events, players, rules):
    """RiichiEnv's legal actions after each event: {(after, seat): set of keys}, and the
    ranges of events it could not follow (a kyoku it refused), with its message."""
    from riichienv import GameRule, RiichiEnv

    rule = GameRule.default_mjsoul() if rules == "mahjongsoul" else GameRule.default_tenhou()
    env = RiichiEnv(game_mode=2 if players == 4 else 5, rule=rule)
    out, failed = {}, []
    broken = None
    for i, e in enumerate(events):
        if e.get("type") == "start_kyoku":
            broken = None
            if not e.get("scores"):
                # Some bots' logs give no scores (RiichiEnv needs them): the starting
                # points, as pairi's replay takes them.
                e = dict(e, scores=[25000 if players == 4 else 35000] * players)
        if broken is not None:
            continue
        try:
            env.apply_event(e)
            obs = env.get_observations()
        except BaseException as x:  # RiichiEnv raises (or panics: pyo3 PanicException) on events it refuses
            broken = i
            failed.append((i, e.get("type"), str(x)[:200]))
            continue
        for seat, o in obs.items():
            legal = o.legal_actions()
            if legal:
                out[(i + 1, seat)] = {key(json.loads(a.to_mjai())) for a in legal}
    return out, failed


INFO = ("dora", "reach_accepted")
KANS = ("daiminkan", "ankan", "kakan", "kita", "nukidora")


def one_decision(events, after, seat):
    """Whether a seat's decision listed after `after` events is still the same one after
    the next event: that event only shows something (a dora indicator, a riichi stick),
    or is the replacement draw of the seat's own kong or kita (RiichiEnv lists the
    kong's caller before its replacement tile is shown)."""
    if after >= len(events):
        return False
    e = events[after]
    if e.get("type") in INFO:
        return True
    back = after - 1
    while back > 0 and events[back].get("type") in INFO:
        back -= 1
    prev = events[back] if back >= 0 else {}
    return e.get("type") == "tsumo" and prev.get("type") in KANS and prev.get("actor") == seat == e.get("actor")


def grouped(decisions, events):
    """Decisions by (after, seat), each run of the same decision (see one_decision)
    kept once, at the end of the run: {(after, seat): set}, and how many were folded."""
    out, folded = {}, 0
    for (after, seat) in sorted(decisions):
        end = after
        while one_decision(events, end, seat):
            end += 1
        if (end, seat) in out:
            folded += 1
        out[(end, seat)] = decisions[(after, seat)]
    return out, folded


def kyoku_bounds(events):
    """For each event index, the index of its kyoku's start_kyoku."""
    start, bounds = 0, []
    for i, e in enumerate(events):
        if e.get("type") == "start_kyoku":
            start = i
        bounds.append(start)
    return bounds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--pairi", default="target/release/pairi")
    ap.add_argument("--rules", default=None, help="tenhou or mahjongsoul (default: by file name)")
    ap.add_argument("--examples", type=int, default=3, help="examples printed per kind")
    ap.add_argument("--json", help="write the figures and examples to this file")
    args = ap.parse_args()

    totals = collections.Counter()
    kinds = collections.Counter()
    examples = collections.defaultdict(list)
    refused = []
    for f in files_under(args.paths):
        name = os.path.basename(f).lower()
        rules = args.rules or ("mahjongsoul" if "mjsoul" in name or "majsoul" in name else "tenhou")
        rc, mjai, err = run([args.pairi, "record", "convert", f, "--to", "mjai", "--partial"])
        if rc != 0:
            refused.append((f, "pairi convert", err.strip()[:200]))
            totals["files not read by pairi"] += 1
            continue
        rc, legal, err = run([args.pairi, "record", "legal", f, "--partial", "--rules", rules])
        if rc != 0:
            refused.append((f, "pairi legal", err.strip()[:200]))
            totals["files pairi does not replay"] += 1
            continue
        events = [json.loads(line) for line in mjai.splitlines() if line]
        players = next((len(e.get("tehais", [])) for e in events if e.get("type") == "start_kyoku"), 4)
        players = 3 if players == 3 or any(e.get("type") in ("kita", "nukidora") for e in events) else players
        ours = {}
        for line in legal.splitlines():
            d = json.loads(line)
            ours[(d["after"], d["seat"])] = {key(a) for a in d["legal"]}
        theirs, failed = riichienv_decisions(events, players, rules)
        ours, n = grouped(ours, events)
        totals["pairi decisions folded"] += n
        theirs, n = grouped(theirs, events)
        totals["riichienv decisions folded"] += n
        bounds = kyoku_bounds(events)
        skipped = {bounds[i] for i, _, _ in failed}
        for i, t, m in failed:
            refused.append((f, f"riichienv at event {i} ({t})", m))
        totals["files"] += 1
        totals[f"files {players}p"] += 1
        totals["kyoku riichienv refused"] += len(skipped)
        for k in sorted(set(ours) | set(theirs)):
            after, seat = k
            if bounds[min(after, len(bounds) - 1)] in skipped or bounds[after - 1] in skipped:
                continue
            a, b = ours.get(k), theirs.get(k)
            totals["decision points"] += 1
            totals[f"decision points {players}p"] += 1
            where = f"{f} after {after} seat {seat}"
            last = next((e.get("type") for e in reversed(events[:after]) if e.get("type") not in INFO), "?")
            if a is not None and a == b:
                totals["agree"] += 1
                continue
            if a is None:
                kind = f"decision only in riichienv (after {last}): " + ",".join(sorted({x[0] for x in b}))
                kinds[kind] += 1
                if len(examples[kind]) < args.examples:
                    examples[kind].append(where)
                continue
            if b is None:
                kind = f"decision only in pairi (after {last}): " + ",".join(sorted({x[0] for x in a}))
                kinds[kind] += 1
                if len(examples[kind]) < args.examples:
                    examples[kind].append(where)
                continue
            for x in sorted(a - b):
                kind = f"only pairi lists {x[0]} (after {last})"
                kinds[kind] += 1
                if len(examples[kind]) < args.examples:
                    examples[kind].append(f"{where}: {x}")
            for x in sorted(b - a):
                kind = f"only riichienv lists {x[0]} (after {last})"
                kinds[kind] += 1
                if len(examples[kind]) < args.examples:
                    examples[kind].append(f"{where}: {x}")
            totals["differ"] += 1
    for k, v in sorted(totals.items()):
        print(f"{k}: {v}")
    print("disagreements by kind:")
    for k, v in kinds.most_common():
        print(f"  {v:7d}  {k}")
        for e in examples[k]:
            print(f"           {e}")
    print(f"refused ({len(refused)}):")
    for r in refused[:40]:
        print("  ", *r)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"totals": totals, "kinds": kinds, "examples": examples, "refused": refused}, out, indent=1)


if __name__ == "__main__":
    sys.exit(main())
