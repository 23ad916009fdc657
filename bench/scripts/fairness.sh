#!/usr/bin/env bash
# Short requests beside long ones on `pairi serve`: rounds of `serve_load` (64 clients
# looping `analyze`, 8 looping the longest `ev` allowed, then the same without the `ev`
# clients), each on a fresh server, with the machine's load average before and after
# each run. Given several `pairi` binaries, each round runs them one after the other,
# so that the machine's other load falls on all of them alike.
# Usage, from the repository root:
#   bash bench/scripts/fairness.sh [rounds=3] [seconds=10] [pairi binaries...]
# (default binary: this checkout's release build). Prints one line per run.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
seconds=${2:-10}
shift $(( $# < 2 ? $# : 2 ))
bins=("$@")
if [ ${#bins[@]} = 0 ]; then
  cargo build --quiet --release --bin pairi
  bins=(target/release/pairi)
fi
(cd bench && cargo build --quiet --release --example serve_load)
load=bench/target/release/examples/serve_load
out=$(mktemp)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -f "$out"' EXIT
for round in $(seq "$rounds"); do
  for longs in 8 0; do
    for bin in "${bins[@]}"; do
      : > "$out"
      "$bin" serve --addr 127.0.0.1:0 > "$out" &
      pid=$!
      for _ in $(seq 50); do grep -q http "$out" && break; sleep 0.1; done
      url=$(sed -n 's/^pairi serve: //p' "$out")
      before=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
      r=$("$load" "$url" "$seconds" 64 "$longs")
      after=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
      kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
      echo "round $round, $bin, $longs ev clients, load average $before -> $after"
      echo "$r" | sed 's/^/  /'
    done
  done
done
