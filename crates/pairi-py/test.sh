#!/usr/bin/env bash
# The Python tests: builds the module into a virtual environment under target/ and runs
# pytest (the shared cases through Python against the command line, and the API).
# Usage, from the repository root: bash crates/pairi-py/test.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/py-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.5,<2" pytest numpy
"$venv/bin/pip" install --quiet --disable-pip-version-check "$root/crates/pairi-py"
cargo build --quiet --manifest-path "$root/Cargo.toml" --bin pairi
cd "$root/crates/pairi-py"
PAIRI_BIN="$root/target/debug/pairi" "$venv/bin/python" -m pytest -q tests
