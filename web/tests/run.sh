#!/usr/bin/env bash
# The web page's tests: builds the page (`cargo xtask web`), then runs web/tests/e2e.mjs
# in headless Chromium against the page served by a static server (pairi as
# WebAssembly) and by `pairi serve` (the HTTP API).
#
# Needs Chromium, Node.js with npm, python3 (the static server) and the Rust target
# wasm32-unknown-unknown; `npm ci` puts playwright-core in web/tests/node_modules. With
# --install, what is missing is installed (apt-get, through sudo unless run as root;
# `rustup target add`); without it, the script lists what is missing and stops.
# Usage, from the repository root: bash web/tests/run.sh [--install]
set -euo pipefail
install=false
for arg in "$@"; do
  case "$arg" in
    --install) install=true ;;
    *) echo "usage: bash web/tests/run.sh [--install]" >&2; exit 2 ;;
  esac
done
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v node >/dev/null || need_apt+=(nodejs)
command -v npm >/dev/null || need_apt+=(npm)
command -v python3 >/dev/null || need_apt+=(python3)
need_target=false
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown || need_target=true
if [ ${#need_apt[@]} -gt 0 ] || $need_target; then
  if ! $install; then
    {
      echo "web tests: missing:"
      for p in "${need_apt[@]}"; do echo "  $p (Debian package: apt-get install $p)"; done
      if $need_target; then
        echo "  the Rust target wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown)"
      fi
      echo "install them, or run: bash web/tests/run.sh --install (apt-get through sudo, rustup)"
    } >&2
    exit 1
  fi
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  if [ ${#need_apt[@]} -gt 0 ]; then
    echo "web tests: installing ${need_apt[*]} (apt-get)"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
  if $need_target; then
    echo "web tests: installing the Rust target wasm32-unknown-unknown (rustup)"
    rustup target add wasm32-unknown-unknown
  fi
fi

cargo xtask web
cargo build --quiet --bin pairi
(cd web/tests && npm ci --no-audit --no-fund --silent)

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# A free port for the static server.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory target/web >/dev/null 2>&1 &
pids+=($!)
serve_out=$(mktemp)
target/debug/pairi serve --addr 127.0.0.1:0 > "$serve_out" &
pids+=($!)
for _ in $(seq 50); do
  grep -q http "$serve_out" &&
    python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.2
done
serve_url=$(sed -n 's/^pairi serve: //p' "$serve_out")
# The shared test data: `PAIRI_SHARED`, or `shared` beside the repository.
shared="${PAIRI_SHARED:-../shared}/data"

echo "== the page from a static host (WebAssembly)"
node web/tests/e2e.mjs "http://127.0.0.1:$port/" target/debug/pairi "$shared" target/web-static.png
echo "== the page from pairi serve (HTTP API)"
node web/tests/e2e.mjs "$serve_url" target/debug/pairi "$shared" target/web-serve.png
rm -f "$serve_out"
