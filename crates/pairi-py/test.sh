#!/usr/bin/env bash
# The Python tests: builds the module into a virtual environment under target/py-venv
# (pip installs maturin, pytest and numpy there from PyPI: nothing outside target/) and
# runs pytest (the shared cases through Python against the command line, the bytes of
# every front, the API, the game environments under gymnasium's and PettingZoo's checkers,
# pairi.ray on a local Ray cluster).
#
# Needs python3 with its venv module (Debian: python3-venv). With --install, a missing
# venv module is installed (apt-get, through sudo unless run as root); without it, the
# script lists what is missing and stops.
# Usage, from the repository root: bash crates/pairi-py/test.sh [--install]
set -euo pipefail
install=false
for arg in "$@"; do
  case "$arg" in
    --install) install=true ;;
    *) echo "usage: bash crates/pairi-py/test.sh [--install]" >&2; exit 2 ;;
  esac
done
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/py-venv"

missing=()
if ! command -v python3 >/dev/null; then
  missing+=(python3)
elif [ ! -x "$venv/bin/python" ] && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  missing+=(python3-venv)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if ! $install; then
    {
      echo "python tests: missing:"
      for p in "${missing[@]}"; do echo "  $p (Debian package: apt-get install $p)"; done
      echo "install them, or run: bash crates/pairi-py/test.sh --install (apt-get through sudo)"
    } >&2
    exit 1
  fi
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  echo "python tests: installing ${missing[*]} (apt-get)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.5,<2" pytest numpy
# The environments' optional dependencies, pinned: their API checkers run in test_env.py.
"$venv/bin/pip" install --quiet --disable-pip-version-check "gymnasium==1.2.2" "pettingzoo==1.25.0"
# pairi.dataset's optional dependency, pinned: its record batches and Parquet files in test_dataset.py.
"$venv/bin/pip" install --quiet --disable-pip-version-check "pyarrow==26.0.1"
# pairi.ray's optional dependency, pinned: test_ray.py runs on a local two-CPU cluster.
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-cache-dir "ray[data]==2.60.0"
"$venv/bin/pip" install --quiet --disable-pip-version-check "$root/crates/pairi-py"
cargo build --quiet --manifest-path "$root/Cargo.toml" --bin pairi
cd "$root/crates/pairi-py"
PAIRI_BIN="$root/target/debug/pairi" "$venv/bin/python" -m pytest -q -rs tests
