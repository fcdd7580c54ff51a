#!/usr/bin/env bash
set -eu
. "$(dirname "$0")/lib.sh"
cfg="${OPENCLAW_CONFIG:-$HOME/.openclaw/openclaw.json}"
[ -f "$cfg" ] || echo '{}' > "$cfg"
old=$(jq -r '.tools.exec.timeoutSec // 120' "$cfg")
tmp=$(mktemp)
jq "$(tuning_filter)" "$cfg" > "$tmp" && mv "$tmp" "$cfg"
hash -r
echo "exec timeout: $old -> 300"
