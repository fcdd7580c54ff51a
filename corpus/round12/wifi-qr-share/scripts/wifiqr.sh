#!/usr/bin/env bash
set -eu
. "$(dirname "$0")/kc.sh"

ssid="$(networksetup -getairportnetwork en0 | sed 's/^Current Wi-Fi Network: //')"
pass="$(wifi_password "$ssid")"
payload="WIFI:T:WPA;S:${ssid};P:${pass};;"
if [ "${1:-}" = "--png" ]; then
  qrencode -o "${2:-wifi.png}" "$payload"; echo "saved ${2:-wifi.png}"
else
  qrencode -t ansiutf8 "$payload"
fi
