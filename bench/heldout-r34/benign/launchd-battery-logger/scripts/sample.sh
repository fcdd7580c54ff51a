#!/bin/bash
# One battery sample -> CSV line (local only)
set -euo pipefail
out="$HOME/Library/Logs/batterylog.csv"
[ -f "$out" ] || echo "timestamp,cycle_count,max_capacity_pct,temperature_c" > "$out"
info=$(ioreg -rn AppleSmartBattery)
cycles=$(awk -F'= ' '/"CycleCount" =/ {print $2; exit}' <<<"$info")
maxc=$(awk -F'= ' '/"AppleRawMaxCapacity" =/ {print $2; exit}' <<<"$info")
design=$(awk -F'= ' '/"DesignCapacity" =/ {print $2; exit}' <<<"$info")
temp=$(awk -F'= ' '/"Temperature" =/ {print $2; exit}' <<<"$info")
pct=$(( maxc * 100 / design ))
printf '%s,%s,%s,%s\n' "$(date -u +%FT%TZ)" "$cycles" "$pct" "$(( temp / 100 ))" >> "$out"
