#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 3600), two at a time, and prints the
# executions of each. Usage: bash fuzz/long-run.sh [SECONDS]   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-3600}
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cargo fuzz build -s none
targets=(parse request_score request_fan request_shanten request_analyze structured)
mkdir -p logs
run() {
  cargo fuzz run "$1" -s none -- -max_len=4096 -max_total_time="$seconds" \
    > "logs/$1.log" 2>&1 && echo "$1: $(grep -o 'Done [0-9]* runs' "logs/$1.log")" \
    || { echo "$1: FAILED (logs/$1.log)"; return 1; }
}
status=0
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  run "${targets[i]}" & a=$!
  b=""
  if ((i + 1 < ${#targets[@]})); then run "${targets[i + 1]}" & b=$!; fi
  wait $a || status=1
  if [ -n "$b" ]; then wait $b || status=1; fi
done
exit $status
