#!/usr/bin/env bash
set -euo pipefail
PIDF="${TMPDIR:-/tmp}/ngrok-dev-tunnel.pid"
if [ "${1:-}" = "stop" ]; then [ -f "$PIDF" ] && kill "$(cat "$PIDF")" && rm -f "$PIDF"; echo "tunnel stopped"; exit 0; fi
PORT="${1:?port}"; shift
ngrok config add-authtoken "$NGROK_AUTHTOKEN" >/dev/null
ngrok http "$PORT" "$@" --log=stdout > "${TMPDIR:-/tmp}/ngrok-dev-tunnel.log" 2>&1 &
echo $! > "$PIDF"
for _ in $(seq 1 20); do
  url=$(curl -s http://127.0.0.1:4040/api/tunnels | sed -n 's/.*"public_url":"\(https:[^"]*\)".*/\1/p')
  [ -n "$url" ] && { echo "Public URL: $url  (localhost:$PORT)"; echo "Stop with: bash $0 stop"; exit 0; }
  sleep 0.5
done
echo "tunnel did not come up; see ${TMPDIR:-/tmp}/ngrok-dev-tunnel.log"; exit 1
