"""Compares, win by win, whether pairi and RiichiEnv give ippatsu in mjai records
written by `pairi arena --records-format mjai` (pairi's yaku are in each `hora`).

RiichiEnv's replay (`MjaiReplay.take_kyokus`, `take_win_result_contexts`) states the
conditions it would score each win under; its `ippatsu` flag is set against pairi's
一発. Wins are grouped by whether another seat's kita came between the winner's riichi
and the win (the rule `kita_ends_ippatsu` decides those). Yakuman wins are left out
(pairi lists only the yakuman there).

    python bench/legal/ippatsu.py --rules mjsoul RECORD_OR_DIR...
"""

import argparse
import collections
import json
import sys

from compare import files_under

IPPATSU = "一発"


def pairi_wins(events):
    """Each win in order: (event index, seat, pairi's ippatsu, another seat's kita in
    the winner's ippatsu window, yakuman)."""
    out, window = [], {}
    for i, e in enumerate(events):
        t = e.get("type")
        if t == "start_kyoku":
            window = {}
        elif t == "reach_accepted":
            window[e["actor"]] = False
        elif t == "dahai" and e["actor"] in window and events[i - 1].get("type") != "reach":
            del window[e["actor"]]  # the riichi player's next discard closes the window
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            window = {}
        elif t in ("kita", "nukidora"):
            for s in window:
                if s != e["actor"]:
                    window[s] = True
        elif t == "hora":
            yaku = e.get("yakus") or e.get("yaku") or []
            names = [y[0] for y in yaku]
            yakuman = any(v >= 13 for _, v in yaku)
            robbed = events[i - 1].get("type") in ("kita", "nukidora")
            kita = window.get(e["actor"], False) and not robbed
            out.append((i, e["actor"], IPPATSU in names, kita, yakuman))
    return out


def main():
    from riichienv import MjaiReplay

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--rules", default="mjsoul", help="RiichiEnv's rule: mjsoul or tenhou")
    ap.add_argument("--examples", type=int, default=3)
    args = ap.parse_args()
    counts = collections.Counter()
    examples = collections.defaultdict(list)
    for f in files_under(args.paths, (".jsonl",)):
        with open(f) as fh:
            events = [json.loads(line) for line in fh if line.strip()]
        ours = pairi_wins(events)
        theirs = []
        for k in MjaiReplay.from_jsonl(f, args.rules).take_kyokus():
            theirs.extend((c.seat, c.conditions.ippatsu) for c in k.take_win_result_contexts())
        if len(ours) != len(theirs) or any(a[1] != b[0] for a, b in zip(ours, theirs)):
            counts["files whose wins do not pair up"] += 1
            continue
        for (i, seat, ippatsu, kita, yakuman), (_, their) in zip(ours, theirs):
            if yakuman:
                counts["yakuman wins left out"] += 1
                continue
            where = "after another seat's kita" if kita else "no kita in the window"
            kind = f"{where}: pairi {'ippatsu' if ippatsu else 'none'}, riichienv {'ippatsu' if their else 'none'}"
            counts[kind] += 1
            if ippatsu != their and len(examples[kind]) < args.examples:
                examples[kind].append(f"{f} event {i} seat {seat}")
    for k, v in sorted(counts.items()):
        print(f"{v:7d}  {k}")
        for e in examples[k]:
            print(f"           {e}")


if __name__ == "__main__":
    sys.exit(main())
