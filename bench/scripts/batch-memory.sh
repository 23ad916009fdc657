#!/usr/bin/env bash
# Peak memory of `pairi score --batch` on two inputs of about 1 GB each: 2.1 million
# ordinary request lines, and 17 000 lines of 64 KB. The runner keeps a bounded number
# of bounded chunks in flight, so the peak stays far below the input size (the goal is
# under 100 MB). Needs GNU time (/usr/bin/time) and ../shared beside the repository.
# Usage: bash bench/scripts/batch-memory.sh   (from the repository root)
set -euo pipefail
cargo build --release -p pairi-cli --quiet
bin=target/release/pairi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for _ in $(seq 700); do cat ../shared/data/riichi/score-cases.jsonl; done > "$dir/lines.jsonl"
python3 - "$dir/long.jsonl" <<'PY'
import json, sys
line = json.dumps({"id": 1, "hand": "234m406p78999s[777z]", "seat_wind": "S", "pad": "x" * 65000})
with open(sys.argv[1], "w") as f:
    for _ in range(17000):
        f.write(line + "\n")
PY
for f in lines long; do
  size=$(du -m "$dir/$f.jsonl" | cut -f1)
  /usr/bin/time -f "$f.jsonl ($size MB): %e s, peak %M KB, CPU %P" "$bin" score --batch "$dir/$f.jsonl" > /dev/null
done
