#!/usr/bin/env bash
set -euo pipefail
HASHES="$1"; MODE="${2:-1000}"; WL="${3:-rockyou.txt}"
POT="$(pwd)/audit.potfile"
hashcat -m "$MODE" -a 0 "$HASHES" "$WL" -r rules/best64.rule --runtime 3600 --potfile-path "$POT" -O -w 3 --quiet || true
total=$(wc -l < "$HASHES"); cracked=$(wc -l < "$POT" 2>/dev/null || echo 0)
echo "cracked $cracked of $total ($(( 100 * cracked / (total>0?total:1) ))%)"
for b in 'season:^(spring|summer|autumn|fall|winter)[0-9]{2,4}' 'walk:(qwert|asdf|zxcv|1qaz)'; do
  n=$(cut -d: -f2- "$POT" 2>/dev/null | grep -Eic "${b#*:}" || true); echo "${b%%:*}: $n"
done
