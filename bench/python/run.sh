#!/usr/bin/env bash
# The Python bench (bench/python/bench.py): pairi beside the xiangting and mahjong packages
# in one process. Uses the virtual environment of the Python tests (target/py-venv,
# made here if missing), installs into it pairi from crates/pairi-py and the two peers
# at the versions compared, then runs the bench; arguments go to it (--quick: fewer
# rounds; --wall: passes timed by the wall clock rather than the thread's CPU time).
# PyMahjongGB is compared too when installed in that environment.
# Usage, from the repository root: bash bench/python/run.sh [--quick] [--wall]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/py-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
pip=("$venv/bin/pip" install --quiet --disable-pip-version-check)
"${pip[@]}" "maturin>=1.5,<2" numpy "xiangting==6.0.*" "mahjong==2.1.*"
"${pip[@]}" "$root/crates/pairi-py"
exec "$venv/bin/python" "$root/bench/python/bench.py" "$@"
