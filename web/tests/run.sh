#!/usr/bin/env bash
# The web page's tests: builds the page (`cargo xtask web`), installs what the browser
# tests need when missing (the wasm32 target, Debian's chromium, node and npm,
# playwright-core), then runs web/tests/e2e.mjs against the page served by a static
# server (pairi as WebAssembly) and by `pairi serve` (the HTTP API).
# Usage, from the repository root: bash web/tests/run.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v node >/dev/null || need_apt+=(nodejs)
command -v npm >/dev/null || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

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

echo "== the page from a static host (WebAssembly)"
node web/tests/e2e.mjs "http://127.0.0.1:$port/" target/debug/pairi ../shared/data target/web-static.png
echo "== the page from pairi serve (HTTP API)"
node web/tests/e2e.mjs "$serve_url" target/debug/pairi ../shared/data target/web-serve.png
rm -f "$serve_out"
