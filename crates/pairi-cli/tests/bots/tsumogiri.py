"""An mjai bot for the arena's tests: discards every tile it draws, calls nothing.

Usage: python3 tsumogiri.py [MODE] SEAT, MODE one of
  good     answers every question at once;
  slow     answers its third question after 1.5 seconds, the others at once;
  illegal  answers its first question with a discard of a tile that does not exist;
  crash    exits with status 3 at its fifth question;
  close    closes its output at its fifth question and sleeps.
"""

import json
import os
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 2 else "good"
seat = int(sys.argv[-1])
asked = 0
for line in sys.stdin:
    events = json.loads(line)
    asked += 1
    answer = {"type": "none"}
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == seat:
        answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    if mode == "slow" and asked == 3:
        time.sleep(1.5)
    if mode == "illegal" and asked == 1:
        answer = {"type": "dahai", "actor": seat, "pai": "0z", "tsumogiri": False}
    if mode == "crash" and asked == 5:
        sys.exit(3)
    if mode == "close" and asked == 5:
        os.close(1)
        time.sleep(30)
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
