#!/usr/bin/env bash
# Decisions per CPU second and peak memory of `pairi dataset` (Tenhou XML to Parquet,
# one thread): the shared Tenhou XML records copied N times (default 200), then each
# folder given (a corpus of records: /work/corpus/mjlog), then one file of it alone
# against the whole folder for the peak memory. The rate is decisions over user + system
# CPU time, so a shared machine does not lower it. Needs GNU time (/usr/bin/time) and
# ../shared beside the repository.
# Usage: bash bench/scripts/dataset-rate.sh [copies] [folder...]   (from the repository root)
set -euo pipefail
copies=${1:-200}
shift || true
cargo build --release -p pairi-cli --quiet
bin=target/release/pairi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/in"
for i in $(seq "$copies"); do
  for f in ../shared/data/logs/mjlog/*.mjlog; do cp "$f" "$dir/in/$i-$(basename "$f")"; done
done
run() {
  local what=$1
  shift
  rm -rf "$dir/out"
  /usr/bin/time -f "%U %S %M" -o "$dir/time" "$bin" dataset "$@" --out "$dir/out" > "$dir/said" 2> /dev/null || true
  read -r user sys peak < "$dir/time"
  local rows
  rows=$(cut -d' ' -f1 < "$dir/said")
  python3 -c "import sys; r,u,s,p=int(sys.argv[1]),float(sys.argv[2]),float(sys.argv[3]),int(sys.argv[4]); print(f'$what: {r} decisions in {u+s:.2f} CPU s: {r/(u+s):,.0f} decisions/s, peak {p/1024:.0f} MB, Parquet {sys.argv[5]}')" \
    "$rows" "$user" "$sys" "$peak" "$(du -sh "$dir/out" | cut -f1)"
}
run "shared Tenhou XML x$copies" "$dir/in"
for folder in "$@"; do
  one=$(find "$folder" -type f | sort | head -1)
  run "$folder: one file" "$one"
  run "$folder" "$folder"
done
