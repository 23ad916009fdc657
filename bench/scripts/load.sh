#!/usr/bin/env bash
# Load test of `pairi serve` on loopback: requests per second and p50/p99 latency of
# /v1/analyze and /v1/score at 1, 8 and 64 concurrent clients, 10 s each (wrk, from
# Debian's package; installed when missing).
# Usage, from the repository root: bash bench/scripts/load.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
cargo build --quiet --release --bin pairi
out=$(mktemp)
target/release/pairi serve --addr 127.0.0.1:0 > "$out" &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$out" /tmp/pairi-load-*.lua' EXIT
for _ in $(seq 50); do grep -q http "$out" && break; sleep 0.1; done
url=$(sed -n 's/^pairi serve: //p' "$out")
cat > /tmp/pairi-load-analyze.lua <<'LUA'
wrk.method = "POST"
wrk.body = '{"hand": "1289m3478p25s1567z"}'
wrk.headers["Content-Type"] = "application/json"
LUA
cat > /tmp/pairi-load-score.lua <<'LUA'
wrk.method = "POST"
wrk.body = '{"hand": "234m406p78999s777z", "win": "9s", "tsumo": true, "riichi": true, "dora": ["3p"]}'
wrk.headers["Content-Type"] = "application/json"
LUA
printf '%-12s %8s %12s %10s %10s\n' endpoint clients requests/s p50 p99
for kind in analyze score; do
  for c in 1 8 64; do
    t=$([ "$c" = 1 ] && echo 1 || echo 2)
    r=$(wrk -t"$t" -c"$c" -d"${seconds}s" --latency -s "/tmp/pairi-load-$kind.lua" "${url}v1/$kind")
    rps=$(echo "$r" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$r" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$r" | awk '$1 == "99%" {print $2}')
    printf '%-12s %8s %12s %10s %10s\n' "/v1/$kind" "$c" "$rps" "$p50" "$p99"
  done
done
